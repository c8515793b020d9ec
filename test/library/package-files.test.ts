/**
 * What `npm pack` puts in the package, from `npm pack --dry-run --json` (no build, no
 * tarball written): the files the engine, the library, the page and the static build read
 * at run time, the LICENSE, and none of the training shards (data/train), within a size cap;
 * and package.json's licence and optional database packages as a user's npm reads them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_PACKAGES } from '../../src/campaign/packages.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** The most the tarball may weigh, compressed (README.md, The package). */
const MAX_PACKED_BYTES = 5 * 2 ** 20;

interface Packed {
  readonly size: number;
  readonly files: readonly { readonly path: string }[];
}

const packed = (
  JSON.parse(
    execFileSync(NPM, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' }), // prettier-ignore
  ) as Packed[]
)[0];
const paths = packed.files.map((file) => file.path);
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  license: string;
  private?: boolean;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional: boolean }>;
};

describe('the package', () => {
  it('holds no training shard and stays under the size cap', () => {
    expect(paths.filter((path) => path.startsWith('data/train'))).toEqual([]);
    expect(packed.size).toBeLessThanOrEqual(MAX_PACKED_BYTES);
  });

  it.each([
    'LICENSE',
    'README.md',
    'bin/tama.js',
    'bin/supported-node.js',
    'dist/src/cli.js',
    'dist/src/index.js',
    'dist/src/index.d.ts',
    'dist/src/engine/web/search-thread-worker.js',
    'data/eval-weights.json',
    'data/network-armenian.json',
    'data/network-turkish.json',
    'data/openings-armenian.txt',
    'data/openings-turkish.txt',
    'data/puzzles-armenian.jsonl',
    'data/puzzles-turkish.jsonl',
    'dist/gui/index.html',
    'dist/gui/page.js',
    'dist/web/index.html',
    'dist/web/engine-worker.js',
    'dist/web/egdb/tables.json',
    'protocol.md',
  ])('holds %s, which the engine, library or pages read', (path) => {
    expect(paths).toContain(path);
  });

  it('holds no sources, tests, benches or build scripts', () => {
    const stray = paths.filter((path) => /^(src|test|bench|scripts|dist\/bench|dist\/test)\//.test(path)); // prettier-ignore
    expect(stray).toEqual([]);
  });

  it('is MIT-licensed and publishable', () => {
    expect(manifest.license).toBe('MIT');
    expect(manifest.private).toBeUndefined();
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it('makes the database packages optional peers, installed by the project itself for its tests', () => {
    expect(manifest.peerDependencies).toEqual(DATABASE_PACKAGES);
    for (const [name, range] of Object.entries(DATABASE_PACKAGES)) {
      expect(manifest.peerDependenciesMeta[name]).toEqual({ optional: true });
      expect(manifest.dependencies[name]).toBeUndefined();
      expect(manifest.devDependencies[name]).toBe(range);
    }
  });
});
