/**
 * Perft split for the engine's threads: the tree is cut a few plies below the root and each
 * subtree below the cut is one task; the engine runs the tasks on its pool. The counts come
 * back split by root move (the divide), with the table lookups of hashed tasks added up.
 */
import { legalMoves } from '../core/notation.js';
import { perft } from '../core/perft.js';
import type { Position } from '../core/position.js';
import type { PerftCount } from './search-worker.js';

/** A perft count: the total, the divide by root move, and whether stop cut it short. */
export interface PerftResult {
  /** Leaves at the depth (1 at depth 0). */
  readonly nodes: number;
  /** Leaves below each root move, in move generation order. */
  readonly divide: readonly { readonly move: string; readonly nodes: number }[];
  /** Hashed perft: the subtree tables' lookups and those that found their count. */
  readonly probes: number;
  readonly hits: number;
  /** True when stop() ended the count: the numbers are then incomplete. */
  readonly stopped: boolean;
}

/** What a split perft asks of the engine. */
export interface PerftRunner {
  /** True once stop() was asked: subtrees not yet given out count 0. */
  readonly stopRequested: boolean;
  /** The leaves `depth` plies below `position`, counted on a search thread. */
  count(position: Position, depth: number): Promise<PerftCount>;
}

/**
 * The plies cut below the root: enough tasks for `threads` threads to share the work:
 * below the root, or below each reply when the root has few moves, or deeper still for
 * deep counts (so that stop waits for small tasks only).
 */
function cutPlies(rootMoves: number, depth: number, threads: number): number {
  const fewRoots = rootMoves < threads * 8;
  return Math.max(depth >= 3 && fewRoots ? 2 : 1, Math.min(3, depth - 6));
}

/** Perft of `root` to `depth`, split by root move, its subtrees counted through `runner`. */
export async function splitPerft(
  root: Position,
  depth: number,
  threads: number,
  runner: PerftRunner,
): Promise<PerftResult> {
  const roots = legalMoves(root);
  const cut = cutPlies(roots.length, depth, threads);
  let probes = 0;
  let hits = 0;
  const count = async (position: Position, remaining: number, plies: number): Promise<number> => {
    if (runner.stopRequested) return 0;
    if (remaining <= 1) return perft(position, remaining);
    if (plies === 0) {
      const counted = await runner.count(position, remaining);
      probes += counted.probes;
      hits += counted.hits;
      return counted.nodes;
    }
    const leaves = await Promise.all(
      legalMoves(position).map((move) => {
        const child = position.clone();
        child.play(move.move, move.capturedLo, move.capturedHi);
        return count(child, remaining - 1, plies - 1);
      }),
    );
    return leaves.reduce((a, b) => a + b, 0);
  };
  const counts = await Promise.all(
    roots.map(async (move) => {
      const child = root.clone();
      child.play(move.move, move.capturedLo, move.capturedHi);
      return depth <= 0 ? 0 : count(child, depth - 1, cut - 1);
    }),
  );
  const divide = roots.map((move, i) => ({ move: move.text, nodes: counts[i] }));
  const nodes = depth <= 0 ? 1 : counts.reduce((a, b) => a + b, 0);
  return { nodes, divide, probes, hits, stopped: runner.stopRequested };
}
