/** How the engine chooses its answer from the search threads' results. */
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { legalMoves } from '../../src/core/notation.js';
import { pickBest } from '../../src/engine/engine.js';
import type { SearchResult } from '../../src/search/search.js';

const score = { kind: 'cp', value: 0 } as const;
function result(depth: number, bestMove: string, ponderMove?: string): SearchResult {
  return { bestMove, ponderMove, depth, score, nodes: 1000, interrupted: false };
}

describe('pickBest', () => {
  const start = Position.start();

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
