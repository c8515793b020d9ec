/**
 * The `tama` command line as a user meets it, through the built command: one rule for exit
 * codes (0 success, 1 failure at run time, 2 bad usage), one-line errors followed by one line
 * pointing to the help, help texts with examples, and the bench scripts' own arguments.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { perft } from '../../src/core/perft.js';
import { MAX_THREADS } from '../../src/engine/options.js';
import { position } from '../helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tama = join(root, 'bin/tama.js');

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node <script> ...args` and returns its exit code and output, whatever the code. */
function runNode(script: string, args: readonly string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { cwd: root }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

const outDir = mkdtempSync(join(tmpdir(), 'tama-cli-'));

// [arguments, exit code, what stderr says]
const USAGE_ERRORS: [string[], string][] = [
  [['frob'], "error: unknown command 'frob'"],
  [['prft', '3'], '(Did you mean perft?)'],
  [['help', 'frob'], "error: unknown command 'frob'"],
  [['--frob'], "error: unknown option '--frob'"],
  [['perft', 'abc'], 'expected a whole number from 1 to 20'],
  [['perft', '0'], 'expected a whole number from 1 to 20'],
  [['perft', '21'], 'expected a whole number from 1 to 20'],
  [['perft', '3', '--variant', 'chess'], "argument 'chess' is invalid"],
  [['perft', '3', '--fen', 'garbage'], 'error: bad --fen: position text needs three fields'],
  [['perft', '3', '--fen', 'W:Wz9:Bh7'], "'z9'"],
  [['perft', '2', '--threads', String(MAX_THREADS + 1)], `from 1 to ${MAX_THREADS}`],
  [['bench', '--depth', '0'], 'expected a whole number from 1 to 30'],
  [['bench', '--threads', '0'], `expected a whole number from 1 to ${MAX_THREADS}`],
  [['bench', '--variant', 'chess'], "argument 'chess' is invalid"],
  [['match', '--frob'], "error: unknown option '--frob'"],
  [['match', '--engine', 'cmd=x', '--engine', 'cmd=y'], 'error: engine 1: no time control'],
  [['match-openings', '--count', '0'], 'expected a whole number from 1 to 100000'],
  [['match-openings', '--min-plies', '9', '--max-plies', '8'], '--max-plies must not be below'],
];

const RUN_TIME_ERRORS: [string[], string][] = [
  [['match-openings', '--count', '2', '--out', '/nonexistent/dir/x.txt'], "error: cannot write '/nonexistent/dir/x.txt': no directory '/nonexistent/dir'"], // prettier-ignore
  [['match-openings', '--count', '2', '--out', outDir], `error: cannot write '${outDir}': it is a directory`], // prettier-ignore
  [['match', '--engine', 'cmd=x', '--engine', 'cmd=y', '--each', 'depth=1', '--openings', 'file=/nonexistent/o.txt'], "error: cannot read openings file '/nonexistent/o.txt'"], // prettier-ignore
  [['match', '--engine', 'cmd=x', '--engine', 'cmd=y', '--each', 'depth=1', '--pgnout', outDir], `error: cannot write '${outDir}'`], // prettier-ignore
];

/** The name of the command a tama argument list runs, for the help hint. */
function commandOf(args: readonly string[]): string | undefined {
  return ['perft', 'bench', 'match', 'match-openings'].includes(args[0]) ? args[0] : undefined;
}

describe.concurrent('tama exit codes and error messages', () => {
  it.each(USAGE_ERRORS)(
    'tama %j is bad usage: exit 2, the error, one line to the help',
    async (args, message) => {
      // prettier-ignore
      const { code, stdout, stderr } = await runNode(tama, args);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(message);
      const command = commandOf(args);
      const hint = `(run 'tama ${command === undefined ? '' : command + ' '}--help' for usage and examples)`; // prettier-ignore
      const lines = stderr.trimEnd().split('\n');
      expect(lines.at(-1)).toBe(hint);
      expect(lines.length).toBeLessThanOrEqual(3); // the error, perhaps a suggestion, the hint
      expect(stderr).not.toMatch(/\n\s+at |Usage:/);
    },
  );

  it.each(RUN_TIME_ERRORS)(
    'tama %j fails at run time: exit 1 and one line',
    async (args, message) => {
      // prettier-ignore
      const { code, stderr } = await runNode(tama, args);
      expect(code).toBe(1);
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr).toContain(message);
    },
  );

  it('writes the openings file when --out can be written, with exit 0', async () => {
    const out = join(outDir, 'openings.txt');
    const { code, stderr } = await runNode(tama, ['match-openings', '--count', '3', '--out', out]); // prettier-ignore
    expect(code).toBe(0);
    expect(stderr).toContain(`wrote 3 openings to ${out}`);
    expect(readFileSync(out, 'utf8').split('\n').filter((l) => /^[WB]:/.test(l))).toHaveLength(3); // prettier-ignore
  });

  it('says how to build when run before the build', async () => {
    const copy = join(mkdtempSync(join(tmpdir(), 'tama-unbuilt-')), 'bin');
    mkdirSync(copy);
    copyFileSync(tama, join(copy, 'tama.js'));
    copyFileSync(join(root, 'bin/supported-node.js'), join(copy, 'supported-node.js'));
    const { code, stdout, stderr } = await runNode(join(copy, 'tama.js'), ['perft', '1']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`tama is not built yet: run 'npm run build' in ${dirname(copy)}/ (a minute or two; 'npm start' and 'npm test' build first too)\n`); // prettier-ignore
  });

  it('answers --version, --help and help with exit 0 on stdout', async () => {
    expect(await runNode(tama, ['--version'])).toMatchObject({ code: 0, stdout: '0.1.0\n' });
    const help = await runNode(tama, ['--help']);
    expect(help.code).toBe(0);
    expect(await runNode(tama, ['help'])).toEqual(help);
    expect(await runNode(tama, ['help', 'perft'])).toEqual(await runNode(tama, ['perft', '--help'])); // prettier-ignore
  });
});

describe.concurrent('tama help texts', () => {
  it('names the variants, points to protocol.md, states the exit codes and has examples', async () => {
    // prettier-ignore
    const { stdout } = await runNode(tama, ['--help']);
    expect(stdout).toContain('Variants: armenian, turkish');
    expect(stdout).toContain('protocol.md');
    expect(stdout).toContain('node bin/tama.js');
    expect(stdout).toContain('Exit codes: 0 success, 1 failure at run time, 2 bad usage');
    expect(stdout).toMatch(/Examples:\n {2}tama perft 6 /);
    for (const command of ['perft', 'bench', 'match', 'match-openings', 'help']) {
      expect(stdout).toMatch(new RegExp(`^ {2}${command} `, 'm'));
    }
  });

  it.each(['perft', 'bench', 'match', 'match-openings'])(
    'tama %s --help gives an example of the command and no source path',
    async (command) => {
      // prettier-ignore
      const { code, stdout } = await runNode(tama, [command, '--help']);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Examples?:$/m);
      expect(stdout).toMatch(new RegExp(`^ {2}tama ${command} `, 'm'));
      expect(stdout).not.toMatch(/src\/|\.ts\b/);
    },
  );

  it('explains the start and plies keys of --openings', async () => {
    const { stdout } = await runNode(tama, ['match', '--help']);
    expect(stdout).toMatch(/start=N\s+.*\S/);
    expect(stdout).toMatch(/plies=N\s+.*\S/);
  });

  it('runs the divide example of tama perft --help as printed, with the right count', async () => {
    // prettier-ignore
    const { stdout } = await runNode(tama, ['perft', '--help']);
    const example = /^ {2}tama perft (\d+) --divide --fen "([^"]+)"$/m.exec(stdout);
    expect(example).not.toBeNull();
    const [, depth, fen] = example!;
    const run = await runNode(tama, ['perft', depth, '--divide', '--fen', fen]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Nodes searched: ${perft(position(fen), Number(depth))}\n`);
  });
});

describe.concurrent('bench scripts', () => {
  const scripts = ['run', 'selfplay', 'smp', 'protocol-latency', 'queue', 'soak'].map((name) => [name, join(root, `dist/bench/${name}.js`)]); // prettier-ignore

  it.each(scripts)('%s answers --help with its usage and an example', async (_name, script) => {
    const { code, stdout } = await runNode(script, ['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: /);
  });

  it.each(scripts)(
    '%s refuses an unknown option and a stray word before any work',
    async (_name, script) => {
      // prettier-ignore
      for (const args of [['--frob'], ['stray'], ['--threads', 'x']]) {
      const { code, stdout, stderr } = await runNode(script, args);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^error: .*\n\(run '.* --help' for usage\)\n$/);
    }
    },
  );
});

describe('bench/selfplay.js', () => {
  const script = join(root, 'dist/bench/selfplay.js');

  it('plays the variant it is given, from that variant’s openings', async () => {
    const turkishOpening = readFileSync(join(root, 'data/openings-turkish.txt'), 'utf8')
      .split('\n')
      .find((line) => line.trim() !== '' && !line.startsWith('#'))!
      .trim();
    const file = join(outDir, 'one-turkish-opening.txt');
    writeFileSync(file, `${turkishOpening}\n`);
    // prettier-ignore
    const { code, stdout } = await runNode(script, ['--variant', 'turkish', '--games', '2', '--nodes', '300', '--threads', '1', '--openings', file]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/: 2 turkish games at 300 nodes\/move/);
    expect(stdout).toMatch(/^W\/D\/L \d+\/\d+\/\d+/m);
  });

  it('refuses a variant it does not know before any game', async () => {
    const { code, stdout, stderr } = await runNode(script, ['--variant', 'russian']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain("--variant expects one of armenian, turkish, got 'russian'");
  });
});
