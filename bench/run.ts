/**
 * `npm run bench`: runs the suites, prints a table per suite, saves the figures as JSON under
 * bench/results/ and, with --compare, prints them beside an earlier run's. Runs from dist/
 * (the perft worker threads load the built worker).
 */
import { relative } from 'node:path';
import { MAX_THREADS } from '../src/engine/options.js';
import { readArguments, usageError, wholeNumber } from './args.js';
import { compareRuns } from './compare.js';
import { formatMarkdown } from './markdown.js';
import { formatComparison, formatRunHeader, formatSuite } from './report.js';
import { defaultResultPath, describeRun, readRun, writeRun, type BenchRun } from './results.js';
import { defaultPerftThreads, runSuites, SUITE_NAMES, type SuiteName } from './runner.js';

const USAGE = `Usage: npm run bench -- [options]     (or: node dist/bench/run.js [options])

  --quick                  tiny budgets and depths: checks results, measures nothing
  --suite <name>           run only this suite; repeatable (${SUITE_NAMES.join(', ')})
  --threads <n>            N of the perft tasks on N threads (default ${defaultPerftThreads()}: the cores, at least 2)
  --out <file>             write the JSON here (default bench/results/<date>-<commit>.json)
  --compare <old.json>     after the run, each figure beside old.json's, with the ratio new/old
  --compare <old.json> <new.json>
                           compare two saved runs without running anything
  --markdown               after the run, its figures as the Markdown table of docs/performance.md
  --markdown <run.json>    the table of a saved run, without running anything
  -h, --help               this text

Example:
  npm run bench -- --markdown        # measure, save the JSON, print the table of docs/performance.md`;

function print(line = ''): void {
  process.stdout.write(line + '\n');
}

function printError(line: string): void {
  process.stderr.write(line + '\n');
}

/** A saved run, or undefined after printing why it cannot be read. */
function loadRun(path: string): BenchRun | undefined {
  const read = readRun(path);
  if (read.ok) return read.value;
  printError(`error: ${read.error.message}`);
  return undefined;
}

function printComparison(oldRun: BenchRun, newRun: BenchRun): void {
  for (const line of formatComparison(compareRuns(oldRun, newRun), oldRun, newRun)) print(line);
}

async function main(args: readonly string[]): Promise<number> {
  const { values, positionals } = readArguments(
    USAGE,
    {
      quick: { type: 'boolean' },
      suite: { type: 'string', multiple: true },
      threads: { type: 'string' },
      out: { type: 'string' },
      compare: { type: 'string' },
      markdown: { type: 'boolean' },
    },
    args,
    true,
  );
  const compare = values.compare as string | undefined;
  const markdown = values.markdown === true;
  if (markdown && compare !== undefined) usageError(USAGE, '--markdown and --compare do not go together'); // prettier-ignore
  if (positionals.length > (compare === undefined && !markdown ? 0 : 1)) {
    usageError(USAGE, `unexpected argument '${positionals.at(-1)}'`);
  }
  if (markdown && positionals.length === 1) {
    const saved = loadRun(positionals[0]);
    if (saved === undefined) return 2;
    for (const line of formatMarkdown(saved)) print(line);
    return 0;
  }
  const suites = (values.suite as string[] | undefined) ?? [...SUITE_NAMES];
  const unknown = suites.find((name) => !(SUITE_NAMES as readonly string[]).includes(name));
  if (unknown !== undefined) {
    usageError(USAGE, `unknown suite '${unknown}' (suites: ${SUITE_NAMES.join(', ')})`);
  }
  const threads = wholeNumber(USAGE, values, 'threads', defaultPerftThreads(), 1, MAX_THREADS);

  // Read the old run first: a bad file should not cost a whole run.
  const oldRun = compare === undefined ? undefined : loadRun(compare);
  if (compare !== undefined && oldRun === undefined) return 2;
  if (oldRun !== undefined && positionals.length === 1) {
    const newRun = loadRun(positionals[0]);
    if (newRun === undefined) return 2;
    printComparison(oldRun, newRun);
    return 0;
  }

  const quick = values.quick === true;
  const started = describeRun([], { quick });
  print(`Tama bench: ${formatRunHeader(started)}`);
  print();
  const figures = await runSuites({
    quick,
    suites: suites as SuiteName[],
    perftThreads: [...new Set([1, threads])],
    onSuite: (suite, measured) => {
      for (const line of formatSuite(suite, measured)) print(line);
      print();
    },
  });
  const run: BenchRun = { ...started, figures };
  const path = (values.out as string | undefined) ?? defaultResultPath(run);
  writeRun(path, run);
  const shown = relative(process.cwd(), path);
  print(`Wrote ${shown.startsWith('..') ? path : shown}`);
  if (oldRun !== undefined) {
    print();
    printComparison(oldRun, run);
  }
  if (markdown) {
    print();
    for (const line of formatMarkdown(run)) print(line);
  }
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  printError(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
}
