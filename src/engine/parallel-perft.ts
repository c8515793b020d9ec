/**
 * Perft spread over worker threads: the tree is cut one or two plies below the root and
 * each subtree is counted by a worker of a piscina pool. The counts are the same as on one
 * thread; only the time changes.
 */
import { Piscina } from 'piscina';
import { legalMoves } from '../core/notation.js';
import { perft } from '../core/perft.js';
import type { Position } from '../core/position.js';
import type { PerftTask } from './perft-worker.js';

export interface PerftResult {
  readonly nodes: number;
  /** Leaves below each root move, in move generation order. */
  readonly divide: readonly { readonly move: string; readonly nodes: number }[];
}

/** A pool of perft workers, kept warm between counts. */
export class PerftPool {
  private readonly pool: Piscina<PerftTask, number>;

  constructor(readonly threads: number) {
    this.pool = new Piscina({
      filename: new URL('./perft-worker.js', import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: 60_000,
    });
  }

  /** Perft of `position` to `depth`, with the split by root move. */
  async run(position: Position, depth: number): Promise<PerftResult> {
    if (depth < 1) return { nodes: 1, divide: [] };
    const roots = legalMoves(position);
    // Enough tasks for the threads to share the work evenly: one per root move, or one
    // per reply to each root move when the root has few moves.
    const splitTwice = depth >= 3 && roots.length < this.threads * 8;
    const counts = await Promise.all(
      roots.map(async (root) => {
        const child = position.clone();
        child.play(root.move, root.capturedLo, root.capturedHi);
        if (depth === 1) return 1;
        if (!splitTwice) return this.count(child, depth - 1);
        const replies = legalMoves(child);
        if (replies.length === 0) return 0;
        const leaves = await Promise.all(
          replies.map(async (reply) => {
            const grandchild = child.clone();
            grandchild.play(reply.move, reply.capturedLo, reply.capturedHi);
            return this.count(grandchild, depth - 2);
          }),
        );
        return leaves.reduce((a, b) => a + b, 0);
      }),
    );
    const divide = roots.map((root, i) => ({ move: root.text, nodes: counts[i] }));
    return { nodes: counts.reduce((a, b) => a + b, 0), divide };
  }

  private count(position: Position, depth: number): Promise<number> | number {
    if (depth <= 1) return perft(position, depth);
    return this.pool.run({ fen: position.toString(), variant: position.rules.name, depth });
  }

  /** Ends the worker threads. */
  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
