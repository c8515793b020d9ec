/**
 * `tama egdb build --unit` and a resumed build: one unit builds with exactly the units it
 * needs; a build stopped part way (some units done, one file damaged, a half-written file
 * left behind) resumes into the very files a build from scratch writes; `tama egdb verify`
 * finds the sound units sound and a wrong entry wrong; a build thread stopped by the shared
 * stop word writes nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import buildUnit, { UNIT_STOPPED } from '../../src/egdb/build-worker.js';
import { writeTable } from '../../src/egdb/file.js';
import { loadTables } from '../../src/egdb/load.js';
import {
  buildPlan,
  keyOf,
  leadsTo,
  materialName,
  parseMaterialName,
  unitWithNeeds,
} from '../../src/egdb/material.js';
import { TAMA } from '../protocol/tama-process.js';

const run = promisify(execFile);
const tama = (...args: string[]) => run(process.execPath, [TAMA, ...args]);
const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tama-egdb-build-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const files = (dir: string) => readdirSync(join(dir, 'armenian')).sort();
const names = (units: ReturnType<typeof buildPlan>[number]) => units.map((u) => u.map(materialName).join('+')); // prettier-ignore

describe('units and what they need', () => {
  it('names the signatures captures and crownings reach', () => {
    const from = parseMaterialName('KMvK')!;
    expect(leadsTo(from, parseMaterialName('KKvK')!)).toBe(true); // crowning
    expect(leadsTo(from, parseMaterialName('KvKK')!)).toBe(true); // crowning, the other to move
    expect(leadsTo(from, parseMaterialName('MvK')!)).toBe(true); // a capture
    expect(leadsTo(from, parseMaterialName('MvM')!)).toBe(false); // a king never turns back
    expect(leadsTo(from, parseMaterialName('KMvK')!)).toBe(false); // itself
    expect(leadsTo(from, parseMaterialName('KKvKK')!)).toBe(false); // no side gains a piece
  });

  it('builds a unit after the units it needs, and no others', () => {
    expect(names(unitWithNeeds(parseMaterialName('KMvK')!)!)).toEqual([
      'KvK',
      'KvM+MvK',
      'KvKK+KKvK',
      'KvKM+KMvK',
    ]);
  });
});

describe('a build thread, stopped', () => {
  it('ends its unit unwritten once the shared stop word is set', () => {
    const dir = folder();
    const stop = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(stop, 0, 1);
    const task = { variant: 'armenian' as const, dir, unit: [keyOf(parseMaterialName('KvK')!)], needs: [], stop }; // prettier-ignore
    expect(() => buildUnit(task)).toThrow(UNIT_STOPPED);
    expect(readdirSync(dir)).toEqual([]);
    // The same task with the word clear builds the table.
    Atomics.store(stop, 0, 0);
    expect(buildUnit(task).files).toHaveLength(1);
  });
});

describe('tama egdb build, stopped and resumed', () => {
  it('resumes into the files a build from scratch writes', async () => {
    const whole = folder();
    await tama('egdb', 'build', '--pieces', '3', '--out', whole, '--threads', '2');
    const resumed = folder();
    const part = await tama('egdb', 'build', '--unit', 'KMvK', '--out', resumed, '--threads', '2'); // prettier-ignore
    expect(part.stdout).toMatch(/^built 4 units, 0 already there/);
    expect(files(resumed)).toEqual(['KKvK.egdb', 'KMvK.egdb', 'KvK.egdb', 'KvKK.egdb', 'KvKM.egdb', 'KvM.egdb', 'MvK.egdb']); // prettier-ignore
    // A damaged file and a half-written one, as a stop in the middle of a write leaves.
    const damaged = join(resumed, 'armenian', 'KvKK.egdb');
    const bytes = readFileSync(damaged);
    bytes[bytes.length - 1] ^= 1;
    writeFileSync(damaged, bytes);
    writeFileSync(join(resumed, 'armenian', 'MMvK.egdb.partial'), bytes.subarray(0, 80));
    const rest = await tama('egdb', 'build', '--pieces', '3', '--out', resumed, '--threads', '2');
    expect(rest.stdout).toMatch(/^built 6 units, 3 already there/);
    for (const name of files(whole)) {
      expect(readFileSync(join(resumed, 'armenian', name)).equals(readFileSync(join(whole, 'armenian', name)))).toBe(true); // prettier-ignore
    }
    const sound = await tama('egdb', 'verify', '--pieces', '3', '--path', resumed);
    expect(sound.stdout).toMatch(/9 unit\(s\) sound$/m);
    // One wrong entry: verify names it and fails.
    const material = parseMaterialName('MvK')!;
    const values = Uint16Array.from(loadTables(whole, 'armenian').tables.tables.find((t) => materialName(t.material) === 'MvK')!.values); // prettier-ignore
    const entry = values.findIndex((code) => code === 2);
    values[entry] = 4;
    writeTable(resumed, 'armenian', material, values);
    await expect(tama('egdb', 'verify', '--unit', 'MvK', '--path', resumed)).rejects.toMatchObject({
      stderr: expect.stringContaining(`MvK entry ${entry}: the table says 4, its moves 2`),
      stdout: expect.stringMatching(/1 of 1 unit\(s\) wrong/),
    });
  }, 600_000);
});
