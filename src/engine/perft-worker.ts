/** A perft worker thread: counts the leaves below one position (see parallel-perft.ts). */
import { perft } from '../core/perft.js';
import { Position } from '../core/position.js';
import type { VariantName } from '../core/variant.js';

export interface PerftTask {
  readonly fen: string;
  readonly variant: VariantName;
  readonly depth: number;
}

export default function countLeaves(task: PerftTask): number {
  const parsed = Position.parse(task.fen, task.variant);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return perft(parsed.value, task.depth);
}
