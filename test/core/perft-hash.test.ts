/** Hashed perft: the same counts as plain perft everywhere, from a table that never guesses. */
import { describe, expect, it } from 'vitest';
import { hashedPerft, perft } from '../../src/core/perft.js';
import { PerftTable } from '../../src/core/perft-table.js';
import { Position } from '../../src/core/position.js';
import { SIDE, STATE_SIZE } from '../../src/core/state.js';
import type { VariantName } from '../../src/core/variant.js';
import { namedPerft } from '../positions/named.js';
import { playRandomly, position, seededRandom } from '../helpers.js';

/** Positions along seeded random games of both variants, kings and captures included. */
function randomPositions(seed: number, games: number): { p: Position; variant: VariantName }[] {
  const random = seededRandom(seed);
  const found: { p: Position; variant: VariantName }[] = [];
  for (let game = 0; game < games; game++) {
    const variant: VariantName = game % 2 === 0 ? 'armenian' : 'turkish';
    const p = playRandomly(Position.start(variant), 10 + Math.floor(random() * 70), random);
    found.push({ p, variant });
  }
  return found;
}

describe('hashed perft equals plain perft', () => {
  it.each(namedPerft.map((n) => [n.name, n] as const))('named position %s', (_, named) => {
    const p = position(named.fen, named.variant);
    for (const minDepth of [2, 3]) {
      const table = new PerftTable(1);
      named.counts.forEach((count, i) => {
        expect(hashedPerft(p, i + 1, table, undefined, minDepth), `depth ${i + 1}`).toBe(count);
      });
    }
  });

  it('from the Armenian start to depth 6 and the Turkish start to depth 8', () => {
    const table = new PerftTable(16);
    const armenian = [22, 484, 12_174, 268_670, 6_280_482, 135_963_566];
    armenian.forEach((nodes, i) => {
      expect(hashedPerft(Position.start('armenian'), i + 1, table)).toBe(nodes);
    });
    expect(table.hits).toBeGreaterThan(0);
    const turkish = [8, 64, 708, 7_538, 85_090, 931_312, 10_782_308, 123_285_642];
    turkish.forEach((nodes, i) => {
      expect(hashedPerft(Position.start('turkish'), i + 1, table, undefined, 2)).toBe(nodes);
    });
    expect(hashedPerft(Position.start(), 0, table)).toBe(1);
  });

  it('along random games of both variants, one small table shared by all', () => {
    // 1 MiB holds about 29,000 entries: the counts below overflow it many times.
    const table = new PerftTable(1);
    for (const { p, variant } of randomPositions(30, 16)) {
      const depth = variant === 'armenian' ? 4 : 5;
      expect(hashedPerft(p, depth, table, undefined, 2), p.toString()).toBe(perft(p, depth));
    }
  });

  it('keeps the variants apart: the same pieces under both rules', () => {
    const table = new PerftTable(4);
    const text = 'W:Wa3,b3,c3,d4,Kh1:Bb6,c6,e5,f7,Ka8';
    for (const variant of ['armenian', 'turkish', 'armenian'] as const) {
      const p = position(text, variant);
      expect(hashedPerft(p, 5, table, undefined, 2), variant).toBe(perft(p, 5));
    }
  });

  it('a stopped count stores nothing partial: the next count is exact', () => {
    const table = new PerftTable(8);
    const start = Position.start('turkish');
    let asked = 0;
    const partial = hashedPerft(start, 8, table, () => ++asked > 2);
    expect(partial).toBeLessThan(123_285_642);
    expect(hashedPerft(start, 7, table)).toBe(10_782_308);
    expect(hashedPerft(start, 8, table)).toBe(123_285_642);
  });
});

/** Position text with the files reversed (a <-> h). */
function mirrorText(text: string): string {
  return text.replace(/([a-h])(\d)/g, (_, file: string, rank: string) => 'hgfedcba'['abcdefgh'.indexOf(file)] + rank); // prettier-ignore
}

describe('mirror images', () => {
  it('have the same counts under both rules (what the table relies on)', () => {
    for (const { p, variant } of randomPositions(31, 12)) {
      const mirror = position(mirrorText(p.toString()), variant);
      expect(mirror.toString()).not.toBe(p.toString());
      const depth = variant === 'armenian' ? 4 : 5;
      expect(perft(mirror, depth), p.toString()).toBe(perft(p, depth));
    }
  });

  it('share one entry: a count stored for one is found for the other', () => {
    const table = new PerftTable(1);
    const text = 'B:Wa3,b3,Kc5:Bf6,g7,Kh4';
    table.store(position(text).state, 3, 777);
    expect(table.probe(position(mirrorText(text)).state, 3)).toBe(777);
    expect(table.used()).toBe(1);
  });
});

describe('the table', () => {
  const stateOf = (text: string) => new Int32Array(position(text).state);

  it('gives back counts beyond 2^32 exactly, up to 2^53', () => {
    const table = new PerftTable(1);
    const state = stateOf('W:Wa3,Kh1:Bb6');
    for (const count of [0, 1, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 64_178_250_582, 2 ** 53 - 1]) {
      table.store(state, 7, count);
      expect(table.probe(state, 7)).toBe(count);
    }
  });

  it('never answers for another position, side, depth or variant', () => {
    const table = new PerftTable(1);
    const stored = stateOf('W:Wa3,Kh1:Bb6');
    table.store(stored, 4, 1234);
    // A man for a king, a king for a man, a piece moved, a piece more.
    for (const text of ['W:Wa3,h1:Bb6', 'W:Wa3,Kh1:BKb6', 'W:Wa4,Kh1:Bb6', 'W:Wa3,Kh1:Bb6,c6']) {
      expect(table.probe(stateOf(text), 4), text).toBe(-1);
    }
    const otherSide = new Int32Array(STATE_SIZE);
    otherSide.set(stored);
    otherSide[SIDE] ^= 1;
    expect(table.probe(otherSide, 4)).toBe(-1);
    expect(table.probe(stored, 5)).toBe(-1);
    table.variant = 1;
    expect(table.probe(stored, 4)).toBe(-1);
    table.variant = 0;
    expect(table.probe(stored, 4)).toBe(1234);
    expect(table.hits).toBe(1);
  });

  it('refuses sizes out of range and clears to empty', () => {
    expect(() => new PerftTable(0)).toThrow(RangeError);
    expect(() => new PerftTable(1.5)).toThrow(RangeError);
    const table = new PerftTable(1);
    const state = stateOf('W:Wa3:Bb6');
    table.store(state, 3, 9);
    expect(table.used()).toBe(1);
    table.clear();
    expect(table.used()).toBe(0);
    expect(table.probe(state, 3)).toBe(-1);
  });
});
