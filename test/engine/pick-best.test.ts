/** How the engine chooses its answer from the search threads' results. */
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { legalMoves, parseMove, type LegalMove } from '../../src/core/notation.js';
import { pickBest } from '../../src/engine/best-move.js';
import type { SearchResult } from '../../src/search/search.js';

const score = { kind: 'cp', value: 0 } as const;
const start = Position.start();
/** A thread's result: its best move and ponder move given as text, as the search packs them. */
function result(depth: number, bestText: string, ponderText?: string): SearchResult {
  const bestMove = legal(start, bestText);
  const after = start.clone();
  after.play(bestMove.move, bestMove.capturedLo, bestMove.capturedHi);
  const ponderMove = ponderText === undefined ? undefined : legal(after, ponderText);
  return { bestMove, ponderMove, depth, score, nodes: 1000, interrupted: false };
}
function legal(position: Position, text: string): LegalMove {
  const parsed = parseMove(position, text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('pickBest', () => {
  it('takes the deepest completed iteration, with that thread’s ponder move', () => {
    const chosen = pickBest([result(7, 'c3-d4', 'f6-e5'), result(8, 'c3-c4', 'f6-f5')], start);
    expect(chosen).toEqual({ move: 'c3-c4', ponder: 'f6-f5' });
  });

  it('prefers the main thread when depths tie', () => {
    const chosen = pickBest([result(8, 'c3-d4', 'f6-e5'), result(8, 'c3-c4', 'f6-f5')], start);
    expect(chosen).toEqual({ move: 'c3-d4', ponder: 'f6-e5' });
  });

  it('skips threads that failed and falls back to a legal move when none answered', () => {
    expect(pickBest([undefined, result(5, 'a3-a4')], start)).toEqual({ move: 'a3-a4', ponder: undefined }); // prettier-ignore
    const fallback = pickBest([undefined, undefined], start);
    expect(legalMoves(start).map((m) => m.text)).toContain(fallback.move);
  });
});
