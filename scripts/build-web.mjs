// Builds the static Tama (dist/web): the page with the engine in Web Workers, for any static
// file server. The page's bundle is `tama gui`'s page; index.html says data-transport="worker"
// so that it talks to the engine worker instead of a server. The engine's few Node-only
// modules are replaced by their browser versions (src/engine/web/), and the bundles are
// built for the browser platform, so any other Node import fails the build. A web app
// manifest and a service worker (sw.js, which stores every file of the build under the
// build's version) make the page installable and playable offline after the first visit.
// The 3-piece endgame tables of both variants go to dist/web/egdb/ with their list
// (egdb/tables.json), for the page to download on request; they are built once with
// `tama egdb build` into dist/egdb-web/ (which needs `tsc` to have built dist/src, as
// `npm run build` does first) and copied from there by later builds.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const page = join(root, 'src/gui/page');
const out = join(root, 'dist/web');
/** The endgame tables offered by the page: how many pieces, which variants, where built. */
const TABLE_PIECES = 3;
const TABLE_VARIANTS = ['armenian', 'turkish'];
const tableCache = join(root, 'dist/egdb-web');

/** Node modules of the engine and their browser versions. */
const BROWSER_VERSIONS = {
  'src/engine/threads.ts': 'src/engine/web/threads.ts',
  'src/engine/eval-file.ts': 'src/engine/web/eval-file.ts',
  'src/engine/endgame-folder.ts': 'src/engine/web/endgame-folder.ts',
  'src/engine/machine.ts': 'src/engine/web/machine.ts',
};

const browserVersions = {
  name: 'browser-versions',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
      const source = relative(root, resolve(args.resolveDir, args.path)).replace(/\.js$/, '.ts');
      const browser = BROWSER_VERSIONS[source];
      return browser === undefined ? undefined : { path: join(root, browser) };
    });
  },
};

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
const options = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  plugins: [browserVersions],
  logLevel: 'warning',
};
await build({
  ...options,
  entryPoints: {
    page: join(page, 'main.ts'),
    offline: join(root, 'src/gui/web/offline.ts'),
    'engine-worker': join(root, 'src/gui/web/engine-worker.ts'),
    'search-thread': join(root, 'src/engine/web/search-thread-worker.ts'),
  },
  outdir: out,
});
for (const file of ['page.css', 'puzzles.css', 'favicon.svg'])
  await copyFile(join(page, file), join(out, file));
// The shipped puzzles: files of the build, so the service worker keeps them for offline play.
for (const variant of ['armenian', 'turkish']) await copyFile(join(root, `data/puzzles-${variant}.jsonl`), join(out, `puzzles-${variant}.jsonl`)); // prettier-ignore
// The shipped evaluation files (linear weights, a network a variant), which the engine's
// worker offers to the EvalFile option: the list src/engine/default-eval.ts keeps, as built
// by tsc into dist/src (which `npm run build` does first, as for the tables below).
const { SHIPPED_EVAL_FILES } = await import(pathToFileURL(join(root, 'dist/src/engine/default-eval.js')).href); // prettier-ignore
for (const path of SHIPPED_EVAL_FILES) await copyFile(join(root, path), join(out, basename(path)));
// Relative addresses, so that the build works from any folder of any host; the manifest
// and the service worker's registration.
const html = (await readFile(join(page, 'index.html'), 'utf8'))
  .replace('<html lang="en">', '<html lang="en" data-transport="worker">')
  .replaceAll(/(href|src)="\/(?!\/)/g, '$1="./')
  .replace(
    '</head>',
    '  <link rel="manifest" href="./manifest.webmanifest" />\n' +
      '    <meta name="theme-color" content="#2b2620" />\n' +
      '    <script type="module" src="./offline.js"></script>\n  </head>',
  );
if (!html.includes('data-transport="worker"') || !html.includes('offline.js')) {
  throw new Error('index.html: no <html lang="en"> or </head> to mark');
}
await writeFile(join(out, 'index.html'), html);
const manifest = {
  name: 'Tama: Armenian draughts',
  short_name: 'Tama',
  description: 'Play Armenian and Turkish draughts against the Tama engine, in the browser.',
  start_url: './',
  scope: './',
  display: 'fullscreen',
  display_override: ['fullscreen', 'standalone'],
  background_color: '#f4f1ea',
  theme_color: '#2b2620',
  icons: [{ src: './favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
};
await writeFile(join(out, 'manifest.webmanifest'), JSON.stringify(manifest, null, 2) + '\n');
// The endgame tables: `tama egdb build` keeps the finished tables it finds, so only the
// first build solves them (a few seconds a variant).
const tama = join(root, 'bin/tama.js');
for (const variant of TABLE_VARIANTS) {
  execFileSync(process.execPath, [tama, 'egdb', 'build', '--variant', variant, '--pieces', String(TABLE_PIECES), '--out', tableCache, '--threads', '1'], { stdio: 'pipe' }); // prettier-ignore
}
const tableFiles = [];
const tablesVersion = createHash('sha256');
for (const variant of TABLE_VARIANTS) {
  await cp(join(tableCache, variant), join(out, 'egdb', variant), { recursive: true });
  for (const name of (await readdir(join(out, 'egdb', variant))).sort()) {
    const path = `egdb/${variant}/${name}`;
    tableFiles.push({ path, bytes: (await stat(join(out, path))).size });
    tablesVersion.update(path).update(await readFile(join(out, path)));
  }
}
const tableList = {
  version: tablesVersion.digest('hex').slice(0, 16),
  pieces: TABLE_PIECES,
  variants: TABLE_VARIANTS,
  files: tableFiles,
  bytes: tableFiles.reduce((sum, file) => sum + file.bytes, 0),
};
await writeFile(join(out, 'egdb/tables.json'), JSON.stringify(tableList, null, 2) + '\n');
console.log(`build-web: ${tableFiles.length} endgame tables of up to ${TABLE_PIECES} pieces, ${(tableList.bytes / 2 ** 20).toFixed(1)} MiB, in dist/web/egdb`); // prettier-ignore
// The service worker last: it stores every other file (of the tables only their list),
// under a version made from them all.
const entries = await readdir(out, { withFileTypes: true });
const files = [
  ...entries.filter((entry) => entry.isFile() && !entry.name.endsWith('.map')).map((entry) => entry.name), // prettier-ignore
  'egdb/tables.json',
].sort();
const version = createHash('sha256');
for (const file of files) version.update(file).update(await readFile(join(out, file)));
const buildVersion = version.digest('hex').slice(0, 16);
await build({
  ...options,
  entryPoints: { sw: join(root, 'src/gui/web/service-worker.ts') },
  outdir: out,
  define: {
    BUILD_FILES: JSON.stringify(['./', ...files]),
    BUILD_VERSION: JSON.stringify(buildVersion),
    TABLES_VERSION: JSON.stringify(tableList.version),
  },
});
// Not a file of the static page: `tama gui`'s page registers it (the server serves it at
// /sw.js) to keep its own files and this build's engine for when the server is gone.
await build({
  ...options,
  entryPoints: { 'gui-sw': join(root, 'src/gui/web/gui-service-worker.ts') },
  outdir: out,
  define: {
    KEPT_FILES: JSON.stringify(['./', 'page.js', 'page.css', 'puzzles.css', 'favicon.svg', 'engine-worker.js', 'search-thread.js', ...SHIPPED_EVAL_FILES.map((path) => basename(path))]), // prettier-ignore
    KEPT_VERSION: JSON.stringify(buildVersion),
  },
});
