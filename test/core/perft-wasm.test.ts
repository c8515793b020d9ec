/**
 * Perft's WebAssembly build against its TypeScript generator: the same leaves from seeded
 * random positions of both variants (along random games, and pieces placed at random with
 * kings of both colours), counted by the module alone and through perft with each generator;
 * and the loader's fallback to TypeScript when the module cannot be instantiated or fails.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hashedPerft,
  perft,
  perftDivide,
  usePerftWebAssembly,
  WASM_SUBTREE_DEPTH,
} from '../../src/core/perft.js';
import { PerftTable } from '../../src/core/perft-table.js';
import { countLeavesWebAssembly, perftWebAssemblyAvailable } from '../../src/core/perft-wasm.js';
import { Position } from '../../src/core/position.js';
import type { VariantName } from '../../src/core/variant.js';
import { gamePositions, placedPositions, position } from '../helpers.js';

const VARIANTS: readonly VariantName[] = ['armenian', 'turkish'];

/** Perft of `p` with the WebAssembly build chosen or not (the choice restored after). */
function perftWith(webAssembly: boolean, p: Position, depth: number): number {
  const chosenBefore = usePerftWebAssembly(webAssembly);
  try {
    return perft(p, depth);
  } finally {
    usePerftWebAssembly(chosenBefore);
  }
}

describe('the WebAssembly build counts as the TypeScript generator does', () => {
  it('is available here (Node), so that the comparisons below compare something', () => {
    expect(perftWebAssemblyAvailable()).toBe(true);
  });

  const cases = VARIANTS.flatMap((variant, v) => [
    { variant, kind: 'along random games', positions: () => gamePositions(variant, 70 + v, 80) },
    { variant, kind: 'pieces placed at random', positions: () => placedPositions(variant, 80 + v, 60) }, // prettier-ignore
  ]);
  it.each(cases)('$variant, $kind: depths 1 to 4', ({ positions }) => {
    let kings = 0;
    for (const p of positions()) {
      if (p.toString().includes('K')) kings++;
      for (let depth = 1; depth <= 4; depth++) {
        const typeScript = perftWith(false, p, depth);
        const where = `${p.toString()} depth ${depth}`;
        expect(countLeavesWebAssembly(p.rules, p.state, depth), where).toBe(typeScript);
        expect(perftWith(true, p, depth), where).toBe(typeScript);
      }
    }
    // Kings must come in, or the comparison leaves their moves out.
    expect(kings).toBeGreaterThan(10);
    expect(perftWebAssemblyAvailable()).toBe(true);
  });

  // Men's captures that go on past their first jump are counted by path length (the most
  // pieces and how many sequences take them), not listed: branches of equal length add up,
  // a longer one wins, and a first jump that stops loses to one that goes on.
  const menCaptures = VARIANTS.flatMap((variant) => [
    { variant, name: 'two branches of two pieces', fen: 'W:Wd2:Bd3,c4,e4', moves: 2 },
    { variant, name: 'three branches of two pieces', fen: 'W:Wd2:Bd3,c4,e4,d5', moves: 3 },
    { variant, name: 'one branch goes on to three', fen: 'W:Wd2:Bd3,c4,e4,f5', moves: 1 },
    { variant, name: 'two men, two pieces each', fen: 'W:Wd2,g2:Bd3,c4,g3,g5', moves: 2 },
    { variant, name: 'a first jump that stops and one that goes on', fen: 'W:Wa2,d2:Bb2,d3,c4', moves: 1 }, // prettier-ignore
    { variant, name: 'Black, two branches of two pieces', fen: 'B:We6,d5,f5:Be7', moves: 2 },
    { variant, name: 'Black, sideways on and on', fen: 'B:Wb7,d7,f7,g6:Ba7', moves: 1 },
  ]);
  it.each(menCaptures)('$variant: $name', ({ variant, fen, moves }) => {
    const p = position(fen, variant);
    expect(countLeavesWebAssembly(p.rules, p.state, 1)).toBe(moves);
    for (let depth = 1; depth <= 4; depth++) {
      expect(countLeavesWebAssembly(p.rules, p.state, depth), `depth ${depth}`).toBe(perftWith(false, p, depth)); // prettier-ignore
    }
  });

  it('above its subtrees: TypeScript walks the plies above WASM_SUBTREE_DEPTH', () => {
    expect(WASM_SUBTREE_DEPTH).toBe(5);
    // From random games: 3 to 15 million leaves each, kings in two of them.
    const deep = [
      ['turkish', 'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,f3,h3,e4,g4:Bb5,a6,b6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7'], // prettier-ignore
      ['turkish', 'W:Wa2,b2,d2,e2,f2,g2,h2,a3,b3,d3,e3,f3,Kf8,Kg8:BKc3,b5,b6,h6,c7,d7,e7'],
      ['armenian', 'W:Wa2,b2,f2,d3,e3,f3,h3,e4,h4:BKg1,e5,c6,d6,g6,h6,a7,b7,c7,d7,e7,f7,g7'],
    ] as const;
    for (const [variant, text] of deep) {
      const p = position(text, variant);
      expect(perftWith(true, p, 6), text).toBe(perftWith(false, p, 6));
    }
    expect(perftWebAssemblyAvailable()).toBe(true);
  });

  it('through hashed perft and divide, which count their subtrees through perft', () => {
    for (const p of [...gamePositions('armenian', 93, 4), ...placedPositions('turkish', 94, 4)]) {
      const counts = (webAssembly: boolean) => {
        const chosenBefore = usePerftWebAssembly(webAssembly);
        try {
          return {
            hashed: hashedPerft(p, 5, new PerftTable(1)),
            divide: perftDivide(p, 4),
          };
        } finally {
          usePerftWebAssembly(chosenBefore);
        }
      };
      expect(counts(true), p.toString()).toEqual(counts(false));
    }
    expect(perftWebAssemblyAvailable()).toBe(true);
  });
});

describe('the loader falls back to TypeScript', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** perft.ts and perft-wasm.ts loaded afresh, under whatever WebAssembly the test stubbed. */
  async function freshPerft() {
    vi.resetModules();
    const core = await import('../../src/core/perft.js');
    const loader = await import('../../src/core/perft-wasm.js');
    return { ...core, ...loader };
  }

  /** The memory of the stand-in below: the rule record lies at byte 64. */
  const fakeMemory = { buffer: new ArrayBuffer(1024) };
  const RECORD_ADDRESS = 64;

  /** A stand-in for the WebAssembly API whose module's perft does `count`, and takes any rules. */
  function fakeWebAssembly(count: () => number) {
    return {
      Module: class {},
      Instance: class {
        exports = { perft: count, rulesAddress: () => RECORD_ADDRESS, setRules: () => 1, memory: fakeMemory }; // prettier-ignore
      },
    };
  }

  it('when instantiation fails', async () => {
    vi.stubGlobal('WebAssembly', {
      Module: class {},
      Instance: class {
        constructor() {
          throw new Error('instantiation refused');
        }
      },
    });
    const fresh = await freshPerft();
    expect(fresh.perft(Position.start('armenian'), 3)).toBe(12_174);
    expect(fresh.perftWebAssemblyAvailable()).toBe(false);
    const start = Position.start('turkish');
    expect(fresh.countLeavesWebAssembly(start.rules, start.state, 2)).toBe(-1);
  });

  it('when compiling is refused, as a browser main thread may', async () => {
    vi.stubGlobal('WebAssembly', {
      Module: class {
        constructor() {
          throw new RangeError('WebAssembly.Module is disallowed on the main thread');
        }
      },
      Instance: class {},
    });
    const fresh = await freshPerft();
    expect(fresh.perft(Position.start('turkish'), 4)).toBe(7_538);
    expect(fresh.perftWebAssemblyAvailable()).toBe(false);
  });

  it('when there is no WebAssembly at all', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    const fresh = await freshPerft();
    expect(fresh.perft(Position.start('armenian'), 2)).toBe(484);
    expect(fresh.perftWebAssemblyAvailable()).toBe(false);
  });

  it('when the module traps, refuses a count or answers no number, from then on', async () => {
    const trap = () => {
      throw new Error('unreachable');
    };
    for (const count of [() => -1, () => Number.NaN, trap]) {
      const spy = vi.fn(count);
      vi.stubGlobal('WebAssembly', fakeWebAssembly(spy));
      const fresh = await freshPerft();
      expect(fresh.perftWebAssemblyAvailable()).toBe(true);
      expect(fresh.perft(Position.start('armenian'), 4)).toBe(268_670);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(fresh.perftWebAssemblyAvailable()).toBe(false);
      expect(fresh.perft(Position.start('turkish'), 5)).toBe(85_090);
      expect(spy).toHaveBeenCalledTimes(1);
    }
  });

  it("but takes the module's count when it gives one, with the position's words", async () => {
    const spy = vi.fn(() => 1234);
    vi.stubGlobal('WebAssembly', fakeWebAssembly(spy));
    const fresh = await freshPerft();
    const p = position('B:Wa3,Kh1:Bb6,Ka8', 'turkish');
    expect(fresh.perft(p, 3)).toBe(1234);
    expect(spy).toHaveBeenCalledWith(3, ...Array.from(p.state.subarray(0, 9)));
    // The rules went in as core's record, not as a name or a number.
    expect(new Int32Array(fakeMemory.buffer, RECORD_ADDRESS, p.rules.record.length)).toEqual(p.rules.record); // prettier-ignore
  });
});
