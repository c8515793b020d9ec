/**
 * The search below the root in the WebAssembly module (src/wasm/search.ts), beyond what the
 * bench signature pins: the draws the game has (a position of the game before the root come
 * back, the no-progress rule) and the keys it compares for them (the root's own among them),
 * and its table, emptied with the table it stands for.
 */
import { describe, expect, it } from 'vitest';
import { sameMove } from '../../src/core/movegen.js';
import { popcount64 } from '../../src/core/bitboard.js';
import { Position } from '../../src/core/position.js';
import { SIDE } from '../../src/core/state.js';
import { rulesFor } from '../../src/core/variant.js';
import { BENCH_POSITIONS } from '../../src/search/bench.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { DEFAULT_EVAL_WEIGHTS } from '../../src/search/eval.js';
import { MATE_BOUND } from '../../src/search/search.js';
import { createSearchMemory, SearchModule } from '../../src/search/search-wasm.js';
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import { tableBytes } from '../../src/search/tt.js';
import { moduleSearcher, position } from '../helpers.js';
import { moveOf, search } from './engine.js';

/** Centi-men of a score, a won or lost mate counted as beyond any of them. */
function centiMen(score: { kind: 'cp' | 'mate'; value: number }): number {
  return score.kind === 'cp' ? score.value : Math.sign(score.value) * MATE_BOUND;
}

/** Every search feature on, as the engine searches. */
const features = { lateMoveReductions: true, singleReplyExtension: true, killers: true, history: true }; // prettier-ignore

/** A new module set up for Armenian with the linear weights and a 1 MiB table of its own. */
function armenianModule(): SearchModule {
  const memory = createSearchMemory(1, tableBytes(1), false);
  if (!memory.ok) throw new Error(memory.error.message);
  const created = SearchModule.create(memory.value);
  if (!created.ok) throw new Error(created.error.message);
  const module = created.value;
  module.setRules(rulesFor('armenian'));
  module.setWeights(DEFAULT_EVAL_WEIGHTS.armenian);
  module.useNetwork(false);
  return module;
}

describe('the module knows the draws the game has', () => {
  it('a position of the game before the root that the side to move can bring back', () => {
    // Three kings against one: lost for Black, unless the game repeats. From the first
    // position the kings go a1-a2, h8-h7, a2-a1; Black's h7-h8 then brings it back.
    const walk = position('W:WKa1,Kc3,Kd4:BKh8');
    const gameKeys: number[] = [];
    for (const text of ['a1-a2', 'h8-h7', 'a2-a1']) {
      gameKeys.push(walk.keyLo, walk.keyHi);
      const move = moveOf(walk, text);
      walk.play(move.move, move.capturedLo, move.capturedHi);
    }
    expect(walk.toString()).toBe('B:WKa1,Kc3,Kd4:BKh7');
    const alone = search(walk, { depth: 6 });
    expect(centiMen(alone.score)).toBeLessThan(-300);
    const inGame = search(walk, { depth: 6 }, { gameKeys });
    expect(inGame.score).toEqual({ kind: 'cp', value: 0 });
    expect(inGame.bestMove !== undefined && sameMove(inGame.bestMove, moveOf(walk, 'h7-h8'))).toBe(true); // prettier-ignore
  });

  it('the no-progress rule: kings alone that may not move without a draw', () => {
    const root = position('W:WKa1,Kc3,Kd4:BKh8');
    expect(centiMen(search(root, { depth: 6 }).score)).toBeGreaterThan(300);
    // A king's move counts one quiet ply: with a limit of one, every line draws at once.
    expect(search(root, { depth: 6 }, { drawPlies: 1 }).score).toEqual({ kind: 'cp', value: 0 });
  });
});

describe('the keys the module compares for repetitions', () => {
  it("hold the root's own key after the game's, whatever an earlier search left there", () => {
    const module = armenianModule();
    const begin = (root: Position, gameKeys: readonly number[]) => {
      module.setPosition(0, root.state);
      module.beginSearch({ drawPlies: 100, nodeLimit: Infinity, checkInterval: 1024, gameKeys: Int32Array.from(gameKeys), tablesPieces: 0, features, threadIndex: 0, crumbs: false }); // prettier-ignore
    };
    // A search of the start leaves the keys of its lines from index 1 on.
    const start = Position.start('armenian');
    begin(start, []);
    expect(module.repetitionKey(0)).toEqual([start.keyLo, start.keyHi]);
    const count = module.generateMoves(0);
    module.searchRoot(4, new Uint8Array(count), count);
    // Two plies into that game, the root comes after the game's two keys, in place of a line's.
    const game = Position.start('armenian');
    const gameKeys: number[] = [];
    for (const text of ['c3-d4', 'f6-e5']) {
      gameKeys.push(game.keyLo, game.keyHi);
      const move = moveOf(game, text);
      game.play(move.move, move.capturedLo, move.capturedHi);
    }
    begin(game, gameKeys);
    expect([module.repetitionKey(0), module.repetitionKey(1)]).toEqual([[gameKeys[0], gameKeys[1]], [gameKeys[2], gameKeys[3]]]); // prettier-ignore
    expect(module.repetitionKey(2)).toEqual([game.keyLo, game.keyHi]);
  });
});

describe('the endgame tables, asked through the host', () => {
  it("only about positions of at most the tables' pieces, or where the side to move has none", () => {
    // Five pieces, captures within reach: lines come down to four and fewer.
    const root = position('W:WKa1,c3:Bf6,h6,d8');
    /** A search to depth 6 by a new module told of tables up to `tablesPieces` that never answer. */
    const searchWith = (tablesPieces: number) => {
      const module = armenianModule();
      const asked: { pieces: number; moverPieces: number }[] = [];
      module.connect({
        poll: () => false,
        rootMove: () => {},
        probeTables: (ply) => {
          const state = module.position(ply);
          const of = (colour: number) => popcount64(state[2 * colour], state[2 * colour + 1]) + popcount64(state[4 + 2 * colour], state[5 + 2 * colour]); // prettier-ignore
          asked.push({ pieces: of(0) + of(1), moverPieces: of(state[SIDE]) });
          return -1;
        },
      });
      module.setPosition(0, root.state);
      module.beginSearch({ drawPlies: 100, nodeLimit: Infinity, checkInterval: 1024, gameKeys: new Int32Array(0), tablesPieces, features, threadIndex: 0, crumbs: false }); // prettier-ignore
      const count = module.generateMoves(0);
      module.searchRoot(6, new Uint8Array(count), count);
      return { nodes: module.nodes, asked };
    };
    const withoutTables = searchWith(0);
    expect(withoutTables.asked).toHaveLength(0);
    // With tables of up to 4 pieces that never answer: the same tree, and no call about 5.
    const four = searchWith(4);
    expect(four.nodes).toBe(withoutTables.nodes);
    expect(four.asked.length).toBeGreaterThan(0);
    expect(four.asked.every(({ pieces, moverPieces }) => pieces <= 4 || moverPieces === 0)).toBe(true); // prettier-ignore
    // Tables of 5 pieces are asked about the positions of 5 as well.
    expect(searchWith(5).asked.some(({ pieces }) => pieces === 5)).toBe(true);
  });
});

describe("the module's table", () => {
  it("is the searcher's table: emptied through it, a search from a new game repeats itself", () => {
    const searcher = moduleSearcher(tableBytes(4), SearchControl.create(1));
    const tt = searcher.table;
    const root = position(BENCH_POSITIONS[1]);
    const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
    const run = () => {
      const { score, bestMove, ponderMove, depth, nodes } = searcher.search(root, [], { depth: 6 }, settings, () => {}); // prettier-ignore
      return { score, bestMove, ponderMove, depth, nodes };
    };
    const first = run();
    // Kept, the table makes the same search cheaper; emptied, it is the first search again.
    expect(run().nodes).toBeLessThan(first.nodes);
    tt.clear();
    searcher.clearHistory();
    expect(run()).toEqual(first);
  });
});
