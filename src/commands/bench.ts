/** `tama bench`: the search signature (total nodes) with time and speed. */
import { runBench, BENCH_POSITIONS } from '../search/bench.js';
import type { VariantName } from '../core/variant.js';

export interface BenchCommandOptions {
  readonly depth?: number;
  readonly hash?: number;
  readonly variant: VariantName;
  readonly json?: boolean;
}

/** Runs the bench, printing one line per position (to `progress`) and the totals. */
export function runBenchCommand(
  options: BenchCommandOptions,
  print: (line: string) => void,
  progress: (line: string) => void,
): void {
  const result = runBench({
    depth: options.depth,
    hash: options.hash,
    variant: options.variant,
    onPosition: (index, fen, nodes) =>
      progress(`Position ${index + 1}/${BENCH_POSITIONS.length} (${fen}): ${nodes} nodes`),
  });
  if (options.json) {
    print(JSON.stringify({ ...result, depth: options.depth, hash: options.hash }));
    return;
  }
  print('===========================');
  print(`Total time (ms) : ${Math.round(result.milliseconds)}`);
  print(`Nodes searched  : ${result.nodes}`);
  print(`Nodes/second    : ${result.nps}`);
}
