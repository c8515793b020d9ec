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
 *
 * It also prints the tree each count searches: N, the nodes all threads together spend until
 * the first of them completes the depth (summed over the positions), against N1, the first
 * count's. Time is nodes over nodes a second, so the speedup to the depth is exactly
 *
 *   T1 / Tn = (N1 / nps1) / (Nn / npsn) = (npsn / nps1) * (N1 / Nn)
 *
 * the nodes-a-second ratio times the tree ratio. The tree ratio holds on a loaded machine
 * (nodes do not depend on the clock, only on how the threads' speeds compare), so the line
 * also gives the speedup the tree ratio makes of an nps ratio measured elsewhere (--nps-ratio,
 * for example the idle machine's): the bar of 1.75x sooner at an nps ratio of 1.98 needs
 * Nn / N1 <= 1.98 / 1.75 = 1.131.
 */
import { Engine } from '../src/engine/engine.js';
import { HASH_RANGE } from '../src/engine/option-ranges.js';
import { MAX_THREADS } from '../src/engine/options.js';
import { BENCH_POSITIONS } from '../src/search/bench.js';
import { readArguments, wholeNumber } from './args.js';

interface Run {
  readonly milliseconds: number;
  readonly nodes: number;
  /** The nodes of each position, in BENCH_POSITIONS order. */
  readonly positions: readonly number[];
}

const USAGE = `Usage: node dist/bench/smp.js [options]

  --depth <n>       search depth of every bench position (default 9)
  --threads <list>  thread counts to compare, by commas (default 1,2)
  --runs <n>        runs of each count, taken in turn (default 3)
  --hash <mb>       transposition table in MiB (default 64)
  --nps-ratio <r>   also give the speedup the tree ratio makes of this nodes-a-second
                    ratio (default 1.98, the idle machine's at two threads)
  -h, --help        this text

Example:
  npm run build && node dist/bench/smp.js --depth 9 --threads 1,2 --runs 3`;

const { values } = readArguments(USAGE, {
  depth: { type: 'string' },
  threads: { type: 'string' },
  runs: { type: 'string' },
  hash: { type: 'string' },
  'nps-ratio': { type: 'string' },
});
const depth = wholeNumber(USAGE, values, 'depth', 9, 1, 100);
const runs = wholeNumber(USAGE, values, 'runs', 3, 1);
const hash = String(wholeNumber(USAGE, values, 'hash', 64, HASH_RANGE.min, HASH_RANGE.max));
const npsRatio = Number(values['nps-ratio'] ?? '1.98');
if (!(npsRatio > 0)) {
  console.error(`--nps-ratio: a positive number, not '${String(values['nps-ratio'])}'\n\n${USAGE}`);
  process.exit(2);
}
const counts = String(values.threads ?? '1,2').split(',').map((word) => wholeNumber(USAGE, { threads: word }, 'threads', 1, 1, MAX_THREADS)); // prettier-ignore

async function searchAll(engine: Engine, searchDepth: number): Promise<Run> {
  engine.newGame();
  const positions: number[] = [];
  const started = performance.now();
  for (const fen of BENCH_POSITIONS) {
    const set = engine.setPosition(fen, []);
    if (!set.ok) throw new Error(set.error.message);
    positions.push((await engine.go({ depth: searchDepth })).nodes);
  }
  const nodes = positions.reduce((sum, count) => sum + count, 0);
  return { milliseconds: performance.now() - started, nodes, positions };
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

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
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
console.log('threads  time (ms)  speedup  nodes/s     speedup  tree    nps x tree  at nps ratio');
const base = results.get(counts[0])!;
const baseTime = median(base.map((r) => r.milliseconds));
const baseNps = median(base.map((r) => (r.nodes * 1000) / r.milliseconds));
const baseNodes = mean(base.map((r) => r.nodes));
for (const threads of counts) {
  const list = results.get(threads)!;
  const time = median(list.map((r) => r.milliseconds));
  const nps = median(list.map((r) => (r.nodes * 1000) / r.milliseconds));
  // The tree: all threads' nodes to the depth over the first count's, as means of the runs
  // (parallel search is not deterministic).
  const tree = mean(list.map((r) => r.nodes)) / baseNodes;
  console.log(
    `${String(threads).padStart(7)}  ${Math.round(time).toString().padStart(9)}  ` +
      `${(baseTime / time).toFixed(2).padStart(6)}x  ${Math.round(nps).toString().padStart(9)}  ` +
      `${(nps / baseNps).toFixed(2).padStart(6)}x  ${tree.toFixed(3)}  ` +
      `${(nps / baseNps / tree).toFixed(2).padStart(6)}x     ${(npsRatio / tree).toFixed(2)}x at ${npsRatio}`, // prettier-ignore
  );
}

// Position by position: the tree ratio of each count's mean nodes over the first count's.
console.log(`\ntree ratio by position (mean nodes of ${runs} runs over the first count's)`);
console.log(`position  ${counts.map((n) => `${n} threads`.padStart(12)).join('')}`);
BENCH_POSITIONS.forEach((_, index) => {
  const first = mean(base.map((r) => r.positions[index]));
  const ratios = counts.map((n) => (mean(results.get(n)!.map((r) => r.positions[index])) / first).toFixed(3).padStart(12)); // prettier-ignore
  console.log(`${String(index + 1).padStart(8)}  ${ratios.join('')}`);
});
