/**
 * The memory soaks' look inside a child (bench/heap-probe.ts): through the inspector of a
 * Node process it reads the heap left after a full collection and writes a heap snapshot
 * whose objects heap-diff counts by constructor.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HeapProbe, INSPECT_FLAG, heapDifference, kindsOf } from '../../bench/heap-probe.js';

// A child that keeps 2000 objects of a class of its own, and 3000 more once told to.
const CHILD = `
class KeptBySoakTest { constructor(n) { this.n = n; } }
globalThis.kept = Array.from({ length: 2000 }, (_, n) => new KeptBySoakTest(n));
process.stdin.on('data', () => {
  for (let n = 0; n < 3000; n++) globalThis.kept.push(new KeptBySoakTest(n));
  process.stdout.write('more\\n');
});
`;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('the heap probe', () => {
  it('reads the heap and writes snapshots that count objects by constructor', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tama-heap-probe-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const child = spawn(process.execPath, [INSPECT_FLAG, '-e', CHILD]);
    cleanups.push(() => child.kill('SIGKILL'));
    const probe = await HeapProbe.attach(child);
    expect(probe).toBeDefined();
    cleanups.push(() => probe?.close());

    const heap = await probe!.sample();
    expect(heap!.heapMb).toBeGreaterThan(0);
    expect(heap!.heapTotalMb).toBeGreaterThanOrEqual(heap!.heapMb);
    expect(await probe!.snapshot(join(dir, 'before.heapsnapshot'))).toBe(true);
    const more = new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdin.write('go\n');
    await more;
    expect(await probe!.snapshot(join(dir, 'after.heapsnapshot'))).toBe(true);

    const before = kindsOf(readFileSync(join(dir, 'before.heapsnapshot'), 'utf8'));
    const after = kindsOf(readFileSync(join(dir, 'after.heapsnapshot'), 'utf8'));
    expect(before.get('KeptBySoakTest')?.count).toBe(2000);
    expect(after.get('KeptBySoakTest')?.count).toBe(5000);
    const grown = heapDifference(before, after).find((entry) => entry.kind === 'KeptBySoakTest');
    expect(grown!.after.bytes).toBeGreaterThan(grown!.before.bytes);
  });

  it('gives up on a child that has no inspector', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    expect(await HeapProbe.attach(child, 5000)).toBeUndefined();
  });
});
