/**
 * Endgame databases of up to three pieces, built in memory for both variants and checked:
 * every entry against its moves (a win needs a reply that loses one ply sooner, a loss
 * every reply winning, the longest one ply sooner), a fixed-seed sample against the
 * exhaustive solver, known endings, and the mirror and colour-swap symmetries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { generateMoves, MoveList } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { computeKey, KEY_HI, KEY_LO, STATE_SIZE } from '../../src/core/state.js';
import { rulesFor, VARIANT_NAMES, type VariantName } from '../../src/core/variant.js';
import { bestMoves } from '../../src/egdb/best.js';
import { Indexer } from '../../src/egdb/indexing.js';
import { buildPlan, materialName, parseMaterialName, pieceCount } from '../../src/egdb/material.js';
import { solveAll } from '../../src/egdb/solve.js';
import { formatStats, tableStats } from '../../src/egdb/stats.js';
import { mirrorInPlace, swapColours } from '../../src/egdb/symmetry.js';
import type { EndgameTables } from '../../src/egdb/tables.js';
import { describeCode, INVALID, isLoss, isWin } from '../../src/egdb/value.js';
import { codeFromMoves } from '../../src/egdb/verify.js';
import { position, seededRandom } from '../helpers.js';
import { losesWithin, winDistance } from '../search/solver.js';

const built = new Map<VariantName, EndgameTables>();
beforeAll(() => {
  for (const variant of VARIANT_NAMES) built.set(variant, solveAll(rulesFor(variant), 3));
}, 1_800_000);
const tablesOf = (variant: VariantName) => built.get(variant) as EndgameTables;

/** A Position over a raw state, with its key. */
function positionOf(variant: VariantName, state: Int32Array): Position {
  const result = new Position(rulesFor(variant), state);
  const [lo, hi] = computeKey(result.state);
  result.state[KEY_LO] = lo;
  result.state[KEY_HI] = hi;
  return result;
}

describe('material signatures', () => {
  it('orders the build so that every capture and crowning leads to a solved group', () => {
    const plan = buildPlan(4).map((group) => group.map((unit) => unit.map(materialName)));
    expect(plan[0]).toEqual([['KvK']]);
    const flat = plan.flat(2);
    expect(flat.indexOf('KMvK')).toBeGreaterThan(flat.indexOf('KKvK'));
    expect(flat.indexOf('MMvMM')).toBe(flat.length - 1);
    expect(new Set(flat).size).toBe(flat.length);
    // Up to four pieces: 4 + 12 + 25 signatures with at least one piece a side.
    expect(flat.length).toBe(41);
  });

  it('reads and refuses signature names', () => {
    expect(parseMaterialName('KMvK')).toEqual({ moverKings: 1, moverMen: 1, otherKings: 1, otherMen: 0 }); // prettier-ignore
    for (const bad of ['vK', 'Kv', 'MKvK', 'KxK', 'KKKKvKKK'])
      expect(parseMaterialName(bad)).toBeUndefined();
  });
});

describe('the index', () => {
  it('finds every decoded position at its own index, and stores mirror images once', () => {
    const indexer = new Indexer({ moverMen: 1, moverKings: 1, otherMen: 0, otherKings: 1 });
    const state = new Int32Array(STATE_SIZE);
    let valid = 0;
    let lost = 0;
    for (let index = 0; index < indexer.size; index++) {
      if (!indexer.decode(index, state)) continue;
      valid++;
      if (indexer.index(state) !== index || indexer.mirrored) lost++;
    }
    expect(lost).toBe(0);
    // 56 * 63 * 62 positions, the man's squares halved by the mirror.
    expect(valid).toBe((56 * 63 * 62) / 2);
  });
});

describe.each(VARIANT_NAMES)('%s tables', (variant) => {
  const rules = rulesFor(variant);

  it('agree with their own moves on every position', () => {
    const tables = tablesOf(variant);
    const state = new Int32Array(STATE_SIZE);
    const child = new Int32Array(STATE_SIZE);
    const list = new MoveList();
    let checked = 0;
    for (const table of tables.tables) {
      const indexer = new Indexer(table.material);
      for (let index = 0; index < indexer.size; index++) {
        const code = table.values[index];
        if (!indexer.decode(index, state)) {
          expect(code).toBe(INVALID);
          continue;
        }
        const expected = codeFromMoves(tables, state, list, child);
        if (code !== expected) {
          throw new Error(`${positionOf(variant, state).toString()}: table ${describeCode(code)}, moves say ${describeCode(expected)}`); // prettier-ignore
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100_000);
  }, 600_000);

  it('agree with the exhaustive solver on a fixed-seed sample', () => {
    // Wins and losses within 7 plies are proved exactly; draws have no win or loss
    // within 2 moves. (Longer lines are beyond the solver's budget; the move check above
    // covers them.)
    const tables = tablesOf(variant);
    const random = seededRandom(16);
    const state = new Int32Array(STATE_SIZE);
    const seen = { win: 0, loss: 0, draw: 0 };
    const limits = { nodeLimit: 2_000_000 };
    for (
      let sample = 0;
      sample < 20_000 && Math.min(seen.win, seen.loss, seen.draw) < 25;
      sample++
    ) {
      const table = tables.tables[Math.floor(random() * tables.tables.length)];
      const indexer = new Indexer(table.material);
      const index = Math.floor(random() * indexer.size);
      if (!indexer.decode(index, state)) continue;
      const root = positionOf(variant, state);
      const code = table.values[index];
      expect(tables.probe(root.state)).toBe(code);
      if (code > 8) continue;
      if (isWin(code)) {
        if (seen.win >= 25) continue;
        seen.win++;
        const moves = code / 2; // d + 1 = 2 * moves
        expect(winDistance(root, moves, limits).moves, root.toString()).toBe(moves);
      } else if (isLoss(code)) {
        if (seen.loss >= 25) continue;
        seen.loss++;
        const moves = (code - 1) / 2;
        expect(losesWithin(root, moves, limits), root.toString()).toBe(true);
        if (moves > 0) expect(losesWithin(root, moves - 1, limits), root.toString()).toBe(false);
      } else {
        if (seen.draw >= 25) continue;
        seen.draw++;
        expect(winDistance(root, 2, limits).moves, root.toString()).toBe(0);
        expect(losesWithin(root, 2, limits), root.toString()).toBe(false);
      }
    }
    expect(seen).toEqual({ win: 25, loss: 25, draw: 25 });
  }, 600_000);

  it('give a position, its mirror image and its colour swap the same value', () => {
    const tables = tablesOf(variant);
    const random = seededRandom(7);
    const state = new Int32Array(STATE_SIZE);
    const image = new Int32Array(STATE_SIZE);
    let compared = 0;
    for (let sample = 0; sample < 3000; sample++) {
      const table = tables.tables[Math.floor(random() * tables.tables.length)];
      const indexer = new Indexer(table.material);
      if (!indexer.decode(Math.floor(random() * indexer.size), state)) continue;
      const code = tables.probe(state);
      image.set(state);
      mirrorInPlace(image);
      expect(tables.probe(image)).toBe(code);
      swapColours(state, image);
      expect(tables.probe(image)).toBe(code);
      mirrorInPlace(image);
      expect(tables.probe(image)).toBe(code);
      // The symmetries hold for the rules themselves: the same number of legal moves.
      const list = new MoveList();
      expect(generateMoves(rules, image, list)).toBe(generateMoves(rules, state, new MoveList()));
      compared++;
    }
    expect(compared).toBeGreaterThan(2500);
  }, 600_000);
});

describe('what the tables hold', () => {
  it.each(VARIANT_NAMES)(
    '%s: wins, losses and draws per number of pieces, and the longest win',
    (variant) => {
      // prettier-ignore
      const tables = tablesOf(variant);
      const stats = tableStats(rulesFor(variant), tables.tables);
      expect(stats.map((s) => [s.pieces, s.tables])).toEqual([[2, 4], [3, 12]]); // prettier-ignore
      const state = new Int32Array(STATE_SIZE);
      for (const s of stats) {
        // Counted here from the positions themselves: every valid index, probed.
        const counted = { wins: 0, losses: 0, draws: 0, longest: -1 };
        for (const table of tables.tables.filter((t) => pieceCount(t.material) === s.pieces)) {
          const indexer = new Indexer(table.material);
          for (let index = 0; index < indexer.size; index++) {
            if (!indexer.decode(index, state)) continue;
            const code = tables.probe(state);
            if (isWin(code)) counted.wins++;
            else if (isLoss(code)) counted.losses++;
            else counted.draws++;
            if (isWin(code)) counted.longest = Math.max(counted.longest, code - 1);
          }
        }
        expect([s.wins, s.losses, s.draws, s.longestWin]).toEqual([counted.wins, counted.losses, counted.draws, counted.longest]); // prettier-ignore
        const longest = position(s.longestWinPosition ?? '', variant);
        expect(describeCode(tables.probe(longest.state))).toBe(`win in ${s.longestWin} plies`);
      }
      const lines = formatStats(stats);
      expect(lines[0]).toMatch(/^pieces +tables +positions +wins +losses +draws +longest win$/);
      expect(lines[2]).toContain(`${stats[1].longestWin} plies (${stats[1].longestWinPosition})`);
    },
  );
});

describe('known endings', () => {
  const cases: [VariantName, string, string][] = [
    // A king against a king: only an immediate capture decides it.
    ['armenian', 'W:WKa1:BKa5', 'win in 1 plies'],
    ['armenian', 'W:WKa1:BKb5', 'draw'],
    ['armenian', 'B:WKa1:BKb5', 'draw'],
    ['armenian', 'W:WKa1:BKa2', 'win in 1 plies'],
    ['armenian', 'W:WKa1:BKb2', 'draw'],
    // Two kings catch one: it is hunted down.
    ['armenian', 'B:WKa1,Kh8:BKd5', 'loss in 8 plies'],
    ['armenian', 'W:WKa1,Kh8:BKd5', 'win in 5 plies'],
    ['turkish', 'W:WKa1:BKa5', 'win in 1 plies'],
    ['turkish', 'W:WKa1:BKb5', 'draw'],
  ];
  it.each(cases)('%s %s is a %s', (variant, text, expected) => {
    expect(describeCode(tablesOf(variant).probe(position(text, variant).state))).toBe(expected);
  });

  it('names the moves that keep the value', () => {
    const tables = tablesOf('armenian');
    const best = bestMoves(tables, position('W:WKa1:BKa5')) ?? [];
    expect(best.map((m) => m.move.text)).toEqual(['a1xa6', 'a1xa7', 'a1xa8']);
    expect(best.every((m) => describeCode(m.code) === 'win in 1 plies')).toBe(true);
  });
});
