// Builds dist/ from the sources, in order: the WebAssembly modules (build-wasm.mjs), the
// TypeScript (src/ and bench/, then the browser versions of the engine's Node-only modules),
// the `tama gui` page (build-page.mjs) and the static build (build-web.mjs). Every line the
// steps print goes to stderr, so that `npm start` keeps stdout for the protocol.
//
// `--if-changed` builds only when the sources differ from those of the last finished build:
// their SHA-256 is written to dist/.build-sources when every step has passed (and removed
// when a build starts), so that `npm start` and `npm test` build a fresh checkout once and
// then go straight on, and a build cut short is done again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { unsupportedNodeLine } from '../bin/supported-node.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(root, 'dist/.build-sources');

/** Folders whose every file is a source of the build (data/ only its top level: no training shards). */
const SOURCE_FOLDERS = ['src', 'bench', 'scripts'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
/** Files the build writes among the sources (build-wasm.mjs), which are not sources. */
const GENERATED = new Set(['src/core/perft-wasm-module.ts', 'src/search/search-wasm-module.ts']);

const tsc = join(root, 'node_modules/typescript/bin/tsc');
const STEPS = [
  ['the WebAssembly modules', ['scripts/build-wasm.mjs']],
  ['the TypeScript', [tsc, '-p', 'tsconfig.build.json']],
  ["the engine's browser modules", [tsc, '-p', 'src/engine/web/tsconfig.build.json']],
  ["the page of 'tama gui'", ['scripts/build-page.mjs']],
  ['the static build (dist/web)', ['scripts/build-web.mjs']],
];

function filesUnder(folder) {
  const found = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(path));
    else if (entry.isFile() && !GENERATED.has(path)) found.push(path);
  }
  return found;
}

/** The SHA-256 of every source file's path and bytes, in a fixed order. */
function sourcesDigest() {
  const dataFiles = readdirSync(join(root, 'data'), { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `data/${entry.name}`);
  const files = [...SOURCE_FILES, ...dataFiles, ...SOURCE_FOLDERS.flatMap(filesUnder)].sort();
  const hash = createHash('sha256');
  for (const path of files) hash.update(`${path}\0`).update(readFileSync(join(root, path)));
  return hash.digest('hex');
}

const say = (line) => process.stderr.write(`${line}\n`);
const unsupported = unsupportedNodeLine(process.versions.node);
if (unsupported !== undefined) {
  say(unsupported);
  process.exit(1);
}
const ifChanged = process.argv.includes('--if-changed');
const digest = sourcesDigest();
if (ifChanged && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === digest) {
  process.exit(0);
}
if (!existsSync(tsc)) {
  say(`error: the build tools are not installed: run 'npm ci' in ${root}`);
  process.exit(1);
}
say(
  ifChanged
    ? 'Building dist/ from the sources (a minute or two, done again only when they change)'
    : 'Building dist/ from the sources',
);
rmSync(STAMP, { force: true });
for (const [what, args] of STEPS) {
  say(`build: ${what}`);
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 2, 2] });
  if (run.status !== 0) {
    say(`error: the build of ${what} failed (node ${relative(root, args[0])} ...)`);
    process.exit(1);
  }
}
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(STAMP, `${digest}\n`);
