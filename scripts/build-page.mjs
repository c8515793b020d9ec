// Builds the `tama gui` page into dist/gui: the TypeScript bundled for the browser with
// esbuild (the rules core included), and the HTML, CSS and icon copied beside it.
import { copyFile, mkdir } from 'node:fs/promises';
import { URL } from 'node:url';
import { build } from 'esbuild';

const source = new URL('../src/gui/page/', import.meta.url);
const out = new URL('../dist/gui/', import.meta.url);
await mkdir(out, { recursive: true });
await build({
  entryPoints: [new URL('main.ts', source).pathname],
  outfile: new URL('page.js', out).pathname,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  logLevel: 'warning',
});
for (const file of ['index.html', 'page.css', 'puzzles.css', 'favicon.svg']) {
  await copyFile(new URL(file, source), new URL(file, out));
}
// The shipped puzzles, fetched by the Puzzles panel when asked for.
for (const variant of ['armenian', 'turkish']) {
  const file = `puzzles-${variant}.jsonl`;
  await copyFile(new URL(`../data/${file}`, import.meta.url), new URL(file, out));
}
