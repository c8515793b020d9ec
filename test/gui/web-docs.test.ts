/**
 * docs/web.md against the static build it describes: the endgame tables' byte count it
 * gives is the one the build ships (dist/web/egdb/tables.json, and the files themselves).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Every file under `folder`, with its size. */
function sizes(folder: string): number[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    return entry.isDirectory() ? sizes(path) : entry.name === 'tables.json' ? [] : [statSync(path).size]; // prettier-ignore
  });
}

describe('docs/web.md', () => {
  it('gives the tables as the bytes the build ships', () => {
    const doc = readFileSync(here('../../docs/web.md'), 'utf8').replace(/\s+/g, ' ');
    const stated = /the (\d+) table files are ([\d,]+) bytes/.exec(doc);
    expect(stated).not.toBeNull();
    const files = sizes(here('../../dist/web/egdb'));
    const list = JSON.parse(readFileSync(here('../../dist/web/egdb/tables.json'), 'utf8')) as { bytes: number }; // prettier-ignore
    expect(Number(stated![1])).toBe(files.length);
    expect(Number(stated![2].replace(/,/g, ''))).toBe(list.bytes);
    expect(files.reduce((sum, size) => sum + size, 0)).toBe(list.bytes);
  });
});
