/**
 * Perft split for the engine's pool: the tree is cut a few plies below the root and each
 * subtree is one task, so that the threads share the work and `stop` waits for small
 * tasks only. The engine supplies the task runner; this module only cuts and adds up.
 */
import { legalMoves } from '../core/notation.js';
import { perft } from '../core/perft.js';
import type { Position } from '../core/position.js';
import type { PerftCount } from './search-worker.js';

/** A split count: the total, each root move's share, and the table lookups of the tasks. */
export interface SplitCount {
  readonly nodes: number;
  readonly divide: readonly { readonly move: string; readonly nodes: number }[];
  readonly probes: number;
  readonly hits: number;
}

/**
 * Counts `depth` plies below `root` on `threads` threads: `runTask` counts one subtree,
 * `stopped` ends the cutting early (the counts are then incomplete).
 */
export async function splitPerft(
  root: Position,
  depth: number,
  threads: number,
  runTask: (position: Position, depth: number) => Promise<PerftCount>,
  stopped: () => boolean,
): Promise<SplitCount> {
  const roots = legalMoves(root);
  // Cut below the root, or below each reply when the root has few moves, or deeper still
  // for deep counts.
  const fewRoots = roots.length < threads * 8;
  const cut = Math.max(depth >= 3 && fewRoots ? 2 : 1, Math.min(3, depth - 6));
  let probes = 0;
  let hits = 0;
  const count = async (position: Position, remaining: number, plies: number): Promise<number> => {
    if (stopped()) return 0;
    if (remaining <= 1) return perft(position, remaining);
    if (plies === 0) {
      const counted = await runTask(position, remaining);
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
  return { nodes, divide, probes, hits };
}
