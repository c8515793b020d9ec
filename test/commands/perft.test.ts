/** `tama perft` through the built command, single and multi-threaded. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { playRandomly, seededRandom } from '../helpers.js';

const run = promisify(execFile);
const tama = fileURLToPath(new URL('../../bin/tama.js', import.meta.url));

async function tamaOut(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [tama, ...args]);
  return stdout;
}

describe('tama perft', () => {
  it('prints one line per depth with nodes, seconds and Mnps', async () => {
    const lines = (await tamaOut('perft', '4')).trim().split('\n');
    expect(lines[0]).toMatch(/^depth\s+nodes\s+seconds\s+Mnps$/);
    const rows = lines.slice(1).map((line) => line.trim().split(/\s+/));
    expect(rows.map((r) => Number(r[0]))).toEqual([1, 2, 3, 4]);
    expect(rows.map((r) => Number(r[1]))).toEqual([22, 484, 12174, 268670]);
    for (const r of rows) {
      expect(Number.isFinite(Number(r[2]))).toBe(true);
      expect(Number.isFinite(Number(r[3]))).toBe(true);
    }
  });

  it('divides by root move, then a blank line and the total', async () => {
    const out = await tamaOut('perft', '3', '--divide', '--variant', 'turkish');
    const lines = out.split('\n');
    expect(lines.slice(0, 8)).toEqual([
      'a3-a4: 78',
      'b3-b4: 92',
      'c3-c4: 92',
      'd3-d4: 92',
      'e3-e4: 92',
      'f3-f4: 92',
      'g3-g4: 92',
      'h3-h4: 78',
    ]);
    expect(lines[8]).toBe('');
    expect(lines[9]).toBe('Nodes searched: 708');
  });

  it('gives the same counts with --threads 2 as on one thread along random games', async () => {
    const random = seededRandom(5);
    const fens: { fen: string; variant: 'armenian' | 'turkish' }[] = [];
    for (let game = 0; game < 6; game++) {
      const variant = game % 2 === 0 ? 'armenian' : 'turkish';
      const p = playRandomly(Position.start(variant), 6 + Math.floor(random() * 30), random);
      fens.push({ fen: p.toString(), variant });
    }
    for (const { fen, variant } of fens) {
      const depth = variant === 'armenian' ? 4 : 5;
      const out = await tamaOut('perft', String(depth), '--fen', fen, '--variant', variant, '--threads', '2', '--divide', '--json'); // prettier-ignore
      const parsed = JSON.parse(out) as {
        nodes: number;
        divide: { move: string; nodes: number }[];
      };
      const p = Position.parse(fen, variant);
      if (!p.ok) throw new Error(p.error.message);
      expect(parsed.nodes, fen).toBe(perft(p.value, depth));
      for (const entry of parsed.divide) {
        const root = legalMoves(p.value).find((m) => m.text === entry.move);
        expect(root).toBeDefined();
        const child = p.value.clone();
        if (root) child.play(root.move, root.capturedLo, root.capturedHi);
        expect(entry.nodes).toBe(perft(child, depth - 1));
      }
    }
  });

  it('counts the same through --hash, with the share of table hits per depth', async () => {
    const lines = (await tamaOut('perft', '8', '--variant', 'turkish', '--hash', '2')).trim().split('\n'); // prettier-ignore
    expect(lines[0]).toMatch(/^depth\s+nodes\s+seconds\s+Mnps\s+hits$/);
    const rows = lines.slice(1).map((line) => line.trim().split(/\s+/));
    expect(rows.map((r) => Number(r[1]))).toEqual([8, 64, 708, 7538, 85090, 931312, 10782308, 123285642]); // prettier-ignore
    // Transpositions need two moves of each side: from depth 6 some subtrees are found.
    expect(rows[7][4]).toMatch(/^\d+\.\d%$/);
    expect(Number.parseFloat(rows[7][4])).toBeGreaterThan(0);
    const json = JSON.parse(await tamaOut('perft', '5', '--hash', '1', '--json')) as {
      hash: number;
      results: { depth: number; nodes: number; hits: number }[];
    };
    expect(json.hash).toBe(1);
    expect(json.results.map((r) => r.nodes)).toEqual([22, 484, 12174, 268670, 6280482]);
    for (const r of json.results) expect(r.hits).toBeGreaterThanOrEqual(0);
  });

  it('counts the same with --hash on two threads, depth by depth and divided', async () => {
    const json = JSON.parse(
      await tamaOut('perft', '6', '--threads', '2', '--hash', '2', '--json'),
    ) as {
      results: { nodes: number; hits: number }[];
    };
    expect(json.results.map((r) => r.nodes)).toEqual([22, 484, 12174, 268670, 6280482, 135963566]); // prettier-ignore
    expect(json.results[5].hits).toBeGreaterThan(0);
    const fen = 'W:Wa3,b3,c3,d4,e3,Kh1:Bb6,c6,e5,f7,g7,Ka8';
    const p = Position.parse(fen, 'turkish');
    if (!p.ok) throw new Error(p.error.message);
    const divided = JSON.parse(await tamaOut('perft', '6', '--fen', fen, '--variant', 'turkish', '--threads', '2', '--hash', '1', '--divide', '--json')) as { nodes: number; divide: { move: string; nodes: number }[] }; // prettier-ignore
    expect(divided.nodes).toBe(perft(p.value, 6));
    for (const entry of divided.divide) {
      const root = legalMoves(p.value).find((m) => m.text === entry.move);
      const child = p.value.clone();
      if (root) child.play(root.move, root.capturedLo, root.capturedHi);
      expect(entry.nodes, entry.move).toBe(perft(child, 5));
    }
  });

  it('counts the same with --no-wasm, on one thread and two, divided', async () => {
    const fen = 'B:Wa3,c4,e4,Kg5:Bb6,d6,e7,Kb1,Kh8';
    const p = Position.parse(fen, 'turkish');
    if (!p.ok) throw new Error(p.error.message);
    const expected = perft(p.value, 5);
    for (const threads of ['1', '2']) {
      const args = ['perft', '5', '--fen', fen, '--variant', 'turkish', '--threads', threads, '--divide', '--json']; // prettier-ignore
      const withWasm = JSON.parse(await tamaOut(...args)) as { nodes: number; divide: unknown };
      const without = JSON.parse(await tamaOut(...args, '--no-wasm')) as typeof withWasm;
      expect(without.nodes, `--threads ${threads}`).toBe(expected);
      expect(without.divide).toEqual(withWasm.divide);
    }
    const help = await tamaOut('help', 'perft');
    expect(help).toMatch(/--no-wasm\s+count with the TypeScript generator the search uses, not its\s+WebAssembly build/); // prettier-ignore
  });

  it('refuses a --hash out of range with exit code 2', async () => {
    for (const size of ['0', '8193', 'big']) {
      await expect(
        run(process.execPath, [tama, 'perft', '3', '--hash', size]),
      ).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('expected a whole number from 1 to 8192'),
      });
    }
  });

  it('reports a bad --fen and a bad depth with exit code 2 and a clear message', async () => {
    await expect(
      run(process.execPath, [tama, 'perft', '3', '--fen', 'W:Wz9:Bh7']),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("'z9'"),
    });
    await expect(run(process.execPath, [tama, 'perft', 'zero'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('expected a whole number from 1 to 20'),
    });
    await expect(
      run(process.execPath, [tama, 'perft', '3', '--variant', 'chess']),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('chess'),
    });
  });
});
