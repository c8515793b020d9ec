/**
 * A plain quiescence search over core's rules and the TypeScript evaluations, written for
 * clarity: the reference the module's quiet leaves (SearchModule.quietLeaf) are held to.
 * Capture is compulsory, so while the side to move has one it must take (no standing pat); a
 * quiet position without a move is lost, any other is scored by `evaluate`. Returns the score
 * for the side to move and the position at the end of the principal variation.
 */
import { generateCaptures, generateMoves, hasCapture, moveFrom, moveTo, MoveList } from '../../src/core/movegen.js'; // prettier-ignore
import { applyMoveInto, STATE_SIZE } from '../../src/core/state.js';
import type { Rules } from '../../src/core/variant.js';

const MATE = 30000;
const INFINITE = 32000;
/** The module's deepest ply; no capture line of a real position comes near it. */
const MAX_PLY = 128;

export function referenceQuietLeaf(
  rules: Rules,
  state: Int32Array,
  evaluate: (state: Int32Array) => number,
): { score: number; leaf: Int32Array } {
  /** The score of `position` at `ply`, and the position its principal variation ends on. */
  function search(
    position: Int32Array,
    ply: number,
    alpha: number,
    beta: number,
  ): { score: number; leaf: Int32Array } {
    // prettier-ignore
    const list = new MoveList();
    if (!hasCapture(rules, position)) {
      const score =
        generateMoves(rules, position, list) === 0 ? -MATE + ply : evaluate(position) | 0;
      return { score, leaf: position };
    }
    if (ply >= MAX_PLY - 1) return { score: evaluate(position) | 0, leaf: position };
    const count = generateCaptures(rules, position, list);
    let best = { score: -INFINITE, leaf: position };
    for (let i = 0; i < count; i++) {
      const child = new Int32Array(STATE_SIZE);
      const move = list.moves[i];
      applyMoveInto(rules, position, child, moveFrom(move), moveTo(move), list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
      const reply = search(child, ply + 1, 0 - beta, 0 - alpha);
      const score = 0 - reply.score;
      if (score > best.score) {
        // The line is the one that raised alpha last; before any did, the position itself.
        best = { score, leaf: score > alpha ? reply.leaf : best.leaf };
        if (score > alpha) {
          alpha = score;
          if (score >= beta) break;
        }
      }
    }
    return best;
  }
  return search(Int32Array.from(state), 0, -INFINITE, INFINITE);
}
