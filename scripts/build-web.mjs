// Builds the static Tama (dist/web): the page with the engine in Web Workers, for any static
// file server. The page's bundle is `tama gui`'s page; index.html says data-transport="worker"
// so that it talks to the engine worker instead of a server. The engine's few Node-only
// modules are replaced by their browser versions (src/engine/web/), and the bundles are
// built for the browser platform, so any other Node import fails the build.
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const page = join(root, 'src/gui/page');
const out = join(root, 'dist/web');

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
await build({
  entryPoints: {
    page: join(page, 'main.ts'),
    'engine-worker': join(root, 'src/gui/web/engine-worker.ts'),
    'search-thread': join(root, 'src/engine/web/search-thread-worker.ts'),
  },
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  plugins: [browserVersions],
  logLevel: 'warning',
});
for (const file of ['page.css', 'favicon.svg']) await copyFile(join(page, file), join(out, file));
await copyFile(join(root, 'data/eval-weights.json'), join(out, 'eval-weights.json'));
// Relative addresses, so that the build works from any folder of any host.
const html = (await readFile(join(page, 'index.html'), 'utf8'))
  .replace('<html lang="en">', '<html lang="en" data-transport="worker">')
  .replaceAll(/(href|src)="\/(?!\/)/g, '$1="./');
if (!html.includes('data-transport="worker"'))
  throw new Error('index.html: no <html lang="en"> to mark');
await writeFile(join(out, 'index.html'), html);
