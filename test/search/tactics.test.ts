/**
 * The tactics suite (tactics.ts): the verifier proves each key move, then the engine must
 * find it within a fixed node budget.
 */
import { describe, expect, it } from 'vitest';
import { BLACK } from '../../src/core/variant.js';
import { position } from '../helpers.js';
import { sameMove } from '../../src/core/movegen.js';
import { bestMoveText, moveOf, NODE_BUDGET, search } from './engine.js';
import {
  materialBalance,
  materialMargin,
  materialOfMove,
  movesWinningWithin,
  winDistance,
  type RootMove,
} from './solver.js';
import { TACTICS, type Tactic } from './tactics.js';

const texts = (moves: readonly RootMove[]) => moves.map((m) => m.text);

describe('the suite', () => {
  it('has the required mix of positions', () => {
    const count = (test: (t: Tactic) => boolean) => TACTICS.filter(test).length;
    expect(TACTICS.length).toBeGreaterThanOrEqual(25);
    expect(count((t) => t.kind === 'shot')).toBeGreaterThanOrEqual(8);
    expect(count((t) => t.kind === 'crowning')).toBeGreaterThanOrEqual(6);
    expect(count((t) => t.kind === 'ending')).toBeGreaterThanOrEqual(8);
    expect(count((t) => position(t.fen, t.variant).sideToMove === BLACK)).toBeGreaterThanOrEqual(8); // prettier-ignore
    expect(count((t) => t.variant === 'turkish')).toBeGreaterThanOrEqual(6);
    expect(new Set(TACTICS.map((t) => t.name)).size).toBe(TACTICS.length);
  });
});

describe('the verifier proves each key move', () => {
  it.each(TACTICS)('$name', (tactic) => {
    const root = position(tactic.fen, tactic.variant);
    const key = moveOf(root, tactic.move);
    const proof = tactic.proof;
    if (proof.type === 'win') {
      // Exactly `moves` moves: no faster win exists, and only the key move wins that fast.
      const fastest = winDistance(root, proof.moves);
      expect(fastest.moves).toBe(proof.moves);
      expect(texts(fastest.winning)).toHaveLength(1);
      expect(sameMove(fastest.winning[0], key)).toBe(true);
      if (proof.horizon > proof.moves) {
        const winning = movesWinningWithin(root, proof.horizon);
        expect(texts(winning)).toHaveLength(1);
        expect(sameMove(winning[0], key)).toBe(true);
      }
    } else {
      const held = materialMargin(root, proof.plies, key, proof.margin);
      expect(held.legal).toBe(true);
      expect(held.value - materialBalance(root.state)).toBe(proof.gain);
      expect(texts(held.notHeld)).toEqual([]);
      const asMen = materialOfMove(root, proof.plies, key, { kingValue: 1 });
      expect(asMen.value - materialBalance(root.state, 1)).toBe(proof.gainIfKingIsMan);
      // A shot wins men even if kings count as men; a crowning combination gains by its king.
      if (tactic.kind === 'shot') expect(proof.gainIfKingIsMan).toBeGreaterThan(0);
      if (tactic.kind === 'crowning') expect(proof.gainIfKingIsMan).toBeLessThan(proof.gain);
    }
  });
});

describe(`the engine finds each key move within ${NODE_BUDGET} nodes`, () => {
  it.each(TACTICS)('$name', (tactic) => {
    const root = position(tactic.fen, tactic.variant);
    const result = search(root, { nodes: NODE_BUDGET });
    expect(result.bestMove).toBeDefined();
    const played = `played ${bestMoveText(root, result)}`;
    expect(sameMove(result.bestMove!, moveOf(root, tactic.move)), played).toBe(true);
  });
});
