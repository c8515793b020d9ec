/**
 * A suite is a group of tasks measured by tinybench with one time budget. Every call of a
 * task does a known amount of work (positions, moves, leaves, nodes), so its rate is shown
 * in that unit: tinybench's calls per second times the work of one call.
 */
import { Bench } from 'tinybench';

export interface BenchTask {
  readonly name: string;
  /** What the rate counts per second: `positions/s`, `moves/s`, `nodes/s`, ... */
  readonly unit: string;
  /** Units of work in one call; when absent, the call's result is its work (leaves, nodes). */
  readonly work?: number;
  /** One measured call. Returns its result (moves found, leaves, nodes, hits). */
  readonly run: () => number | Promise<number>;
  /** Whether `run` returns a promise (told to tinybench, which would otherwise call to find out). */
  readonly async?: boolean;
}

/** How long tinybench measures each task of a suite. */
export interface Budget {
  /** Milliseconds to keep calling, after at least `iterations` calls. */
  readonly time: number;
  readonly iterations: number;
  /** Unmeasured calls first (0: no warmup), and the warmup's time budget. */
  readonly warmupIterations: number;
  readonly warmupTime: number;
}

/** The budget of every suite in quick mode (tests): results only, no meaningful speed. */
export const QUICK_BUDGET: Budget = { time: 0, iterations: 1, warmupIterations: 0, warmupTime: 0 };

export interface Suite {
  readonly name: string;
  /** What one call does, printed above the suite's table. */
  readonly about: string;
  readonly budget: Budget;
  readonly tasks: readonly BenchTask[];
  /** Frees what the suite holds (worker threads); called once its tasks have run. */
  readonly close?: () => Promise<void>;
}

/** What the suites build from: quick mode, and the thread counts perft runs with. */
export interface SuiteOptions {
  readonly quick: boolean;
  readonly perftThreads: readonly number[];
}

/** One measured figure: a task's rate with its spread, in the task's unit. */
export interface Figure {
  readonly suite: string;
  readonly task: string;
  readonly unit: string;
  /** Median rate over the calls, in `unit`. Comparisons use this. */
  readonly median: number;
  /** Median absolute deviation of the rate, in `unit`. */
  readonly mad: number;
  readonly mean: number;
  /** Standard deviation of the rate, in `unit`. */
  readonly sd: number;
  /** Relative margin of error of the mean (95 %), in percent. */
  readonly rme: number;
  /** Measured calls. */
  readonly samples: number;
  /** Mean milliseconds per call. */
  readonly msPerCall: number;
  /** Units of work per call (the mean when calls differ). */
  readonly work: number;
  /** The last call's result: moves found, leaves, nodes, hits. */
  readonly result: number;
  /** Set when calls gave different results: [smallest, largest]. Perft never should. */
  readonly resultRange?: readonly [number, number];
}

/** Runs every task of a suite under its budget and returns one figure per task. */
export async function runSuite(suite: Suite, budget: Budget = suite.budget): Promise<Figure[]> {
  const bench = new Bench({
    name: suite.name,
    time: budget.time,
    iterations: budget.iterations,
    warmup: budget.warmupIterations > 0,
    warmupIterations: budget.warmupIterations,
    warmupTime: budget.warmupTime,
    throws: true,
  });
  const tallies = suite.tasks.map(() => ({ calls: 0, total: 0, last: 0, min: Infinity, max: -Infinity })); // prettier-ignore
  suite.tasks.forEach((task, index) => {
    const tally = tallies[index];
    const record = (result: number): void => {
      tally.calls++;
      tally.total += result;
      tally.last = result;
      if (result < tally.min) tally.min = result;
      if (result > tally.max) tally.max = result;
    };
    const call = task.async
      ? async () => record(await task.run())
      : () => record(task.run() as number);
    bench.add(task.name, call, { async: task.async === true });
  });
  await bench.run();
  return suite.tasks.map((task, index) => {
    const result = bench.getTask(task.name)?.result;
    if (
      result === undefined ||
      (result.state !== 'completed' && result.state !== 'aborted-with-statistics')
    ) {
      throw new Error(`bench ${suite.name} / ${task.name}: ${result?.state ?? 'missing'}`);
    }
    const tally = tallies[index];
    const work = task.work ?? tally.total / Math.max(1, tally.calls);
    const rate = result.throughput;
    return {
      suite: suite.name,
      task: task.name,
      unit: task.unit,
      median: rate.p50 * work,
      mad: rate.mad * work,
      mean: rate.mean * work,
      sd: rate.sd * work,
      rme: rate.rme,
      samples: rate.samplesCount,
      msPerCall: result.latency.mean,
      work,
      result: tally.last,
      ...(tally.min !== tally.max ? { resultRange: [tally.min, tally.max] as const } : {}),
    };
  });
}
