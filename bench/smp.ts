/**
 * Parallel search speed as the engine runs it: the bench positions searched to a fixed depth
 * through the engine's pool of search threads, for each thread count, over several runs
 * taken in turn so that a slow spell of the machine hits every count alike.
 *
 *   npm run build && node dist/bench/smp.js [--depth 9] [--threads 1,2] [--runs 3] [--hash 64]
 *
 * For each count it prints the median time to the depth over all positions, the median
 * nodes per second of all threads together, and both as ratios to the first count. Each run
 * starts a fresh engine (a new game, an empty table) and warms its threads with one pass at
 * depth 4 before the clock starts.
 */
import { Engine } from '../src/engine/engine.js';
import { HASH_RANGE } from '../src/engine/option-ranges.js';
import { MAX_THREADS } from '../src/engine/options.js';
import { BENCH_POSITIONS } from '../src/search/bench.js';
import { readArguments, wholeNumber } from './args.js';

interface Run {
  readonly milliseconds: number;
  readonly nodes: number;
}

const USAGE = `Usage: node dist/bench/smp.js [options]

  --depth <n>       search depth of every bench position (default 9)
  --threads <list>  thread counts to compare, by commas (default 1,2)
  --runs <n>        runs of each count, taken in turn (default 3)
  --hash <mb>       transposition table in MiB (default 64)
  -h, --help        this text

Example:
  npm run build && node dist/bench/smp.js --depth 9 --threads 1,2 --runs 3`;

const { values } = readArguments(USAGE, {
  depth: { type: 'string' },
  threads: { type: 'string' },
  runs: { type: 'string' },
  hash: { type: 'string' },
});
const depth = wholeNumber(USAGE, values, 'depth', 9, 1, 100);
const runs = wholeNumber(USAGE, values, 'runs', 3, 1);
const hash = String(wholeNumber(USAGE, values, 'hash', 64, HASH_RANGE.min, HASH_RANGE.max));
const counts = String(values.threads ?? '1,2').split(',').map((word) => wholeNumber(USAGE, { threads: word }, 'threads', 1, 1, MAX_THREADS)); // prettier-ignore

async function searchAll(engine: Engine, searchDepth: number): Promise<Run> {
  engine.newGame();
  let nodes = 0;
  const started = performance.now();
  for (const fen of BENCH_POSITIONS) {
    const set = engine.setPosition(fen, []);
    if (!set.ok) throw new Error(set.error.message);
    nodes += (await engine.go({ depth: searchDepth })).nodes;
  }
  return { milliseconds: performance.now() - started, nodes };
}

async function measure(threads: number): Promise<Run> {
  const engine = new Engine({
    info: () => {},
    error: (message) => console.error(`engine error: ${message}`),
  });
  try {
    for (const [name, value] of [
      ['Hash', hash],
      ['Threads', String(threads)],
    ]) {
      const set = engine.setOption(name, value);
      if (!set.ok) throw new Error(set.error.message);
    }
    await searchAll(engine, 4);
    return await searchAll(engine, depth);
  } finally {
    await engine.close();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const results = new Map<number, Run[]>(counts.map((n) => [n, []]));
for (let run = 1; run <= runs; run++) {
  for (const threads of counts) {
    const result = await measure(threads);
    results.get(threads)!.push(result);
    const nps = Math.round((result.nodes * 1000) / result.milliseconds);
    console.log(`run ${run} threads ${threads}: ${Math.round(result.milliseconds)} ms, ${result.nodes} nodes, ${nps} nps`); // prettier-ignore
  }
}

console.log(`\ndepth ${depth}, ${BENCH_POSITIONS.length} positions, Hash ${hash} MiB, median of ${runs} runs`); // prettier-ignore
console.log('threads  time (ms)  speedup  nodes/s     speedup');
const base = results.get(counts[0])!;
const baseTime = median(base.map((r) => r.milliseconds));
const baseNps = median(base.map((r) => (r.nodes * 1000) / r.milliseconds));
for (const threads of counts) {
  const list = results.get(threads)!;
  const time = median(list.map((r) => r.milliseconds));
  const nps = median(list.map((r) => (r.nodes * 1000) / r.milliseconds));
  console.log(
    `${String(threads).padStart(7)}  ${Math.round(time).toString().padStart(9)}  ` +
      `${(baseTime / time).toFixed(2).padStart(6)}x  ${Math.round(nps).toString().padStart(9)}  ` +
      `${(nps / baseNps).toFixed(2).padStart(6)}x`,
  );
}
