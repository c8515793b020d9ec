/**
 * `tama bench`: the bench positions searched to a fixed depth, with total time and speed.
 * On one thread the search runs here and its node count is the signature; on N threads the
 * engine's worker pool searches each position (lazy SMP) and the count varies from run to
 * run, so only the speed means anything.
 */
import type { VariantName } from '../core/variant.js';
import { Engine } from '../engine/engine.js';
import { BENCH_DEPTH, BENCH_HASH_MB, BENCH_POSITIONS, runBench } from '../search/bench.js';

export interface BenchCommandOptions {
  readonly depth?: number;
  readonly hash?: number;
  readonly variant: VariantName;
  readonly json?: boolean;
  /** Search threads; 1 (the default) gives the deterministic signature. */
  readonly threads?: number;
}

interface BenchTotals {
  readonly nodes: number;
  readonly milliseconds: number;
  readonly nps: number;
}

/**
 * Runs the bench, printing one line per position (to `progress`) and the totals (to
 * `print`); returns the exit code.
 */
export async function runBenchCommand(
  options: BenchCommandOptions,
  print: (line: string) => void,
  progress: (line: string) => void,
  printError: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Promise<number> {
  const threads = options.threads ?? 1;
  const onPosition = (index: number, fen: string, nodes: number): void =>
    progress(`Position ${index + 1}/${BENCH_POSITIONS.length} (${fen}): ${nodes} nodes`);
  let totals: BenchTotals;
  if (threads <= 1) {
    totals = runBench({ depth: options.depth, hash: options.hash, variant: options.variant, onPosition }); // prettier-ignore
  } else {
    const threaded = await runThreadedBench(options, threads, onPosition);
    if (!threaded.ok) {
      printError(`error: ${threaded.message}`);
      return 1;
    }
    totals = threaded.totals;
  }
  if (options.json) {
    print(JSON.stringify({ ...totals, depth: options.depth, hash: options.hash, threads }));
    return 0;
  }
  print('===========================');
  if (threads > 1) print(`Threads         : ${threads} (the node count varies from run to run)`);
  print(`Total time (ms) : ${Math.round(totals.milliseconds)}`);
  print(`Nodes searched  : ${totals.nodes}`);
  print(`Nodes/second    : ${totals.nps}`);
  return 0;
}

/**
 * The bench on the engine's search threads: a new game, then each position searched to the
 * depth. A position's nodes are those of all threads together.
 */
async function runThreadedBench(
  options: BenchCommandOptions,
  threads: number,
  onPosition: (index: number, fen: string, nodes: number) => void,
): Promise<{ ok: true; totals: BenchTotals } | { ok: false; message: string }> {
  const depth = options.depth ?? BENCH_DEPTH;
  let failure: string | undefined;
  const engine = new Engine({
    info: () => {},
    error: (message) => (failure ??= message),
  });
  try {
    const settings: [string, string][] = [
      ['Hash', String(options.hash ?? BENCH_HASH_MB)],
      ['Threads', String(threads)],
      ['Variant', options.variant],
    ];
    for (const [name, value] of settings) {
      const set = engine.setOption(name, value);
      if (!set.ok) return { ok: false, message: set.error.message };
    }
    // One tiny search starts the worker threads before the clock does; the new game then
    // forgets what it stored.
    await engine.go({ depth: 1 });
    engine.newGame();
    let nodes = 0;
    const started = performance.now();
    for (const [index, fen] of BENCH_POSITIONS.entries()) {
      const set = engine.setPosition(fen, []);
      if (!set.ok) return { ok: false, message: `bench position ${index + 1}: ${set.error.message}` }; // prettier-ignore
      const searched = (await engine.go({ depth })).nodes;
      if (failure !== undefined) return { ok: false, message: failure };
      nodes += searched;
      onPosition(index, fen, searched);
    }
    const milliseconds = Math.max(1, performance.now() - started);
    return { ok: true, totals: { nodes, milliseconds, nps: Math.round((nodes * 1000) / milliseconds) } }; // prettier-ignore
  } finally {
    await engine.close();
  }
}
