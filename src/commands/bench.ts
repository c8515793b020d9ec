/**
 * `tama bench`: the bench positions searched to a fixed depth through the engine's worker
 * pool, as the protocol's `bench` runs it, with total time and speed. On one thread the node
 * count is the search's signature; on N threads (lazy SMP) it varies from run to run, so
 * only the speed means anything.
 */
import type { VariantName } from '../core/variant.js';
import { Engine } from '../engine/engine.js';
import { BENCH_DEPTH, BENCH_HASH_MB, BENCH_POSITIONS } from '../search/bench.js';
import { listenForInterrupt } from './interrupt.js';

export interface BenchCommandOptions {
  readonly depth?: number;
  readonly hash?: number;
  readonly variant: VariantName;
  readonly json?: boolean;
  /** Search threads; 1 (the default) gives the deterministic signature. */
  readonly threads?: number;
}

/**
 * Runs the bench, printing one line per position (to `progress`) and the totals (to
 * `print`); returns the exit code. SIGINT or SIGTERM stops it after the position under
 * way, with the totals of the positions searched (exit 130 or 143).
 */
export async function runBenchCommand(
  options: BenchCommandOptions,
  print: (line: string) => void,
  progress: (line: string) => void,
  printError: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Promise<number> {
  const threads = options.threads ?? 1;
  let failure: string | undefined;
  const engine = new Engine({ info: () => {}, error: (message) => (failure ??= message) });
  let searched = 0;
  const interrupt = listenForInterrupt(
    () => engine.stop(),
    () => printError(`interrupted: ${searched} of ${BENCH_POSITIONS.length} positions searched`),
  );
  try {
    const settings: [string, string][] = [
      ['Hash', String(options.hash ?? BENCH_HASH_MB)],
      ['Threads', String(threads)],
      ['Variant', options.variant],
    ];
    for (const [name, value] of settings) {
      const set = engine.setOption(name, value);
      if (!set.ok) {
        printError(`error: ${set.error.message}`);
        return 1;
      }
    }
    // One tiny search starts the worker threads before the clock does; the bench then
    // begins with a new game, forgetting it.
    await engine.go({ depth: 1 });
    if (interrupt.exitCode !== undefined) {
      printError(`interrupted: 0 of ${BENCH_POSITIONS.length} positions searched`);
      return interrupt.exitCode;
    }
    const totals = await engine.bench(options.depth ?? BENCH_DEPTH, (index, fen, nodes) => {
      searched++;
      progress(`Position ${index + 1}/${BENCH_POSITIONS.length} (${fen}): ${nodes} nodes`);
    });
    if (failure !== undefined) {
      printError(`error: ${failure}`);
      return 1;
    }
    const interrupted = interrupt.exitCode;
    if (options.json) {
      const { nodes, milliseconds, nps } = totals;
      const stopped = interrupted === undefined ? {} : { interrupted: true, positions: totals.positions }; // prettier-ignore
      print(JSON.stringify({ nodes, milliseconds, nps, depth: options.depth, hash: options.hash, threads, ...stopped })); // prettier-ignore
      return interrupted ?? 0;
    }
    print('===========================');
    if (threads > 1) print(`Threads         : ${threads} (the node count varies from run to run)`);
    print(`Total time (ms) : ${Math.round(totals.milliseconds)}`);
    print(`Nodes searched  : ${totals.nodes}`);
    print(`Nodes/second    : ${totals.nps}`);
    if (interrupted === undefined) return 0;
    printError(`interrupted: ${totals.positions} of ${BENCH_POSITIONS.length} positions searched; the totals are theirs`); // prettier-ignore
    return interrupted;
  } finally {
    await engine.close();
    interrupt.release();
  }
}
