/**
 * The search's WebAssembly module (src/wasm/) held to the rules core: over thousands of
 * seeded positions of both variants, from random games and from pieces placed at random
 * (kings of both colours), the module lists the same legal moves in the same order, plays
 * each into the same position (pieces, side, key, both ply counts) while the position
 * before stays as it was, and keys positions as core does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { generateMoves, MoveList } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { applyMoveInto, computeKey, KEY_HI, KEY_LO, STATE_SIZE } from '../../src/core/state.js';
import type { VariantName } from '../../src/core/variant.js';
import { SearchModule } from '../../src/search/search-wasm.js';
import { gamePositions, placedPositions, position, seededRandom } from '../helpers.js';

const VARIANTS: readonly VariantName[] = ['armenian', 'turkish'];
/** Positions of each kind and variant. */
const POSITIONS = 1500;

let module: SearchModule;
beforeAll(() => {
  const created = SearchModule.create();
  if (!created.ok) throw new Error(created.error.message);
  module = created.value;
});

/** The module's list at `ply` as text lines, for a readable difference. */
function moduleMoves(ply: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${module.move(ply, i)} ${module.capturedLo(ply, i)} ${module.capturedHi(ply, i)}`); // prettier-ignore
}

/** Core's list of `p` as the same text lines. */
function coreMoves(p: Position, list: MoveList): string[] {
  const count = generateMoves(p.rules, p.state, list);
  return Array.from({ length: count }, (_, i) => `${list.moves[i]} ${list.capturedLo[i]} ${list.capturedHi[i]}`); // prettier-ignore
}

/**
 * Checks `p` at ply 0 of the module: moves in core's order, each move played as core plays
 * it, the position before unchanged, keys as core's. Returns how many moves were checked.
 */
function checkPosition(p: Position, where: string): number {
  const list = new MoveList();
  const child = new Int32Array(STATE_SIZE);
  module.setRules(p.rules);
  module.setPosition(0, p.state);
  module.refreshKey(0);
  expect(Array.from(module.position(0)), `${where}: key`).toEqual(Array.from(p.state));
  const count = module.generateMoves(0);
  expect(moduleMoves(0, Math.max(0, count)), where).toEqual(coreMoves(p, list));
  for (let i = 0; i < count; i++) {
    module.makeMove(0, i);
    applyMoveInto(p.rules, p.state, child, list.moves[i] & 63, (list.moves[i] >>> 6) & 63, list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
    expect(Array.from(module.position(1)), `${where}, move ${i}`).toEqual(Array.from(child));
    const [keyLo, keyHi] = computeKey(child);
    expect([child[KEY_LO], child[KEY_HI]], `${where}, move ${i}: core's key`).toEqual([keyLo, keyHi]); // prettier-ignore
    module.refreshKey(1);
    expect(Array.from(module.position(1)), `${where}, move ${i}: the key from scratch`).toEqual(Array.from(child)); // prettier-ignore
  }
  expect(Array.from(module.position(0)), `${where}: unmade`).toEqual(Array.from(p.state));
  return count;
}

describe.each(VARIANTS)('the module plays %s as core does', (variant) => {
  const seed = variant === 'armenian' ? 1 : 2;

  it('lists, plays and keys the moves of positions along random games', () => {
    let moves = 0;
    gamePositions(variant, 400 + seed, POSITIONS).forEach((p, n) => {
      moves += checkPosition(p, `game position ${n}: ${p.toString()}`);
    });
    expect(moves).toBeGreaterThan(POSITIONS * 5);
  });

  it('lists, plays and keys the moves of pieces placed at random, kings of both colours', () => {
    let moves = 0;
    placedPositions(variant, 500 + seed, POSITIONS).forEach((p, n) => {
      moves += checkPosition(p, `placed position ${n}: ${p.toString()}`);
    });
    expect(moves).toBeGreaterThan(POSITIONS * 5);
  });

  it('keeps step with core down a whole random game played on its own ply stack', () => {
    const random = seededRandom(600 + seed);
    const list = new MoveList();
    for (let game = 0; game < 20; game++) {
      const p = position('W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7', variant); // prettier-ignore
      module.setRules(p.rules);
      module.setPosition(0, p.state);
      for (let ply = 0; ply < module.maxPly; ply++) {
        const count = module.generateMoves(ply);
        expect(moduleMoves(ply, count), `game ${game}, ply ${ply}`).toEqual(coreMoves(p, list));
        if (count === 0) break;
        const i = Math.floor(random() * count);
        module.makeMove(ply, i);
        p.play(list.moves[i], list.capturedLo[i], list.capturedHi[i]);
        expect(Array.from(module.position(ply + 1)), `game ${game}, ply ${ply + 1}`).toEqual(Array.from(p.state)); // prettier-ignore
      }
    }
  });
});

describe('the rule book examples (docs/rules.md) through the module', () => {
  it.each([
    ['no turning back', 'W:WKd4,a1:Bd6,d2,h8', 3],
    ['crowning at the end', 'W:Wb6,h1:Bb7,c8,b4,h5', 1],
    ['captured pieces leave at once', 'W:WKa2,Kh8:Bc2,d4,b5,a3,f2,h6', 1],
  ])('%s', (_, text, moves) => {
    expect(checkPosition(position(text), text)).toBe(moves);
  });
});
