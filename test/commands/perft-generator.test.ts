/**
 * `tama perft --no-wasm`: which generator counts, seen through a spy on the WebAssembly
 * build's entry (here always available, counting through the real module or, where that
 * cannot, perft's TypeScript), and that the choice changes no count: on one thread, in a
 * divide, and in the pool's perft task that counts for --threads.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { runPerftCommand, type PerftOptions } from '../../src/commands/perft.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { perft as countTask } from '../../src/engine/search-worker.js';
import { SearchControl } from '../../src/search/control.js';
import { countLeavesWebAssembly, usePerftWebAssembly } from '../../src/search/perft-wasm.js';
import { position } from '../helpers.js';

vi.mock('../../src/search/perft-wasm.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/search/perft-wasm.js')>();
  const { usePerftSubtreeCounter } = await import('../../src/core/perft.js');
  const count = vi.fn(real.countLeavesWebAssembly);
  return {
    countLeavesWebAssembly: count,
    usePerftWebAssembly: (on: boolean) => usePerftSubtreeCounter(on ? count : null) !== null,
  };
});

const webAssemblyCount = vi.mocked(countLeavesWebAssembly);

/** The depths the WebAssembly build was asked to count, in order. */
const askedDepths = () => webAssemblyCount.mock.calls.map((call) => call[2]);

/** The command's output with --json, parsed. */
async function runJson(options: Omit<PerftOptions, 'json'>): Promise<unknown> {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runPerftCommand({ ...options, json: true }, (line) => lines.push(line), (line) => errors.push(line)); // prettier-ignore
  expect(errors).toEqual([]);
  expect(code).toBe(0);
  return JSON.parse(lines.join('\n'));
}

beforeEach(() => {
  webAssemblyCount.mockClear();
});

describe('tama perft chooses the generator', () => {
  const depths = { depth: 4, variant: 'turkish', threads: 1 } as const;
  const nodesOf = (json: unknown) => (json as { results: { nodes: number }[] }).results.map((r) => r.nodes); // prettier-ignore

  it('WebAssembly by default, each depth in one call', async () => {
    expect(nodesOf(await runJson(depths))).toEqual([8, 64, 708, 7538]);
    expect(askedDepths()).toEqual([1, 2, 3, 4]);
  });

  it('core alone with --no-wasm, the same leaves, and the choice before it back after it', async () => {
    const before = usePerftWebAssembly(true);
    try {
      expect(nodesOf(await runJson({ ...depths, wasm: false }))).toEqual([8, 64, 708, 7538]);
      expect(webAssemblyCount).not.toHaveBeenCalled();
      expect(perft(Position.start('turkish'), 2)).toBe(64);
      expect(askedDepths()).toEqual([2]);
    } finally {
      usePerftWebAssembly(before);
    }
  });

  it('in a divide: one call per root move, none with --no-wasm', async () => {
    const fen = 'W:Wa3,b3,c3,d4,e3,Kh1:Bb6,c6,e5,f7,g7,Ka8';
    const divide = { depth: 3, fen, variant: 'turkish', threads: 1, divide: true } as const;
    const withWasm = await runJson(divide);
    const roots = (withWasm as { divide: unknown[] }).divide.length;
    expect(roots).toBeGreaterThan(5);
    expect(askedDepths()).toEqual(Array.from({ length: roots }, () => 2));
    webAssemblyCount.mockClear();
    const withTypeScript = await runJson({ ...divide, wasm: false });
    expect(webAssemblyCount).not.toHaveBeenCalled();
    expect(withTypeScript).toMatchObject({ divide: (withWasm as { divide: unknown }).divide });
    expect((withTypeScript as { nodes: number }).nodes).toBe(perft(position(fen, 'turkish'), 3));
  });

  it('in the pool task that counts for --threads, as the engine passes it on', () => {
    const p = position('B:Wa3,c4,e4,Kg5:Bb6,d6,e7,Kb1,Kh8', 'turkish');
    const task = (webAssembly: boolean) => ({ state: p.state, variant: 'turkish', depth: 4, controlBuffer: SearchControl.create(1).buffer, threads: 1, webAssembly }) as const; // prettier-ignore
    const typeScript = countTask(task(false));
    expect(webAssemblyCount).not.toHaveBeenCalled();
    expect(countTask(task(true))).toEqual(typeScript);
    expect(askedDepths()).toEqual([4]);
    expect(typeScript.nodes).toBeGreaterThan(0);
  });

  it('refuses --no-wasm with --db, where the workers count', async () => {
    const errors: string[] = [];
    const options = { depth: 5, variant: 'armenian', threads: 1, db: 'postgres://localhost/none', wasm: false } as const; // prettier-ignore
    expect(
      await runPerftCommand(
        options,
        () => {},
        (line) => errors.push(line),
      ),
    ).toBe(2);
    expect(errors).toEqual(['error: --no-wasm chooses how this machine counts; with --db the workers count']); // prettier-ignore
    expect(webAssemblyCount).not.toHaveBeenCalled();
  });
});
