/**
 * `tama analyse`: every game of a PDN file reviewed by an engine at a node budget, written
 * as annotated PDN; progress on stderr. Wiring only: the review is src/analyse/.
 */
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { annotatorName, classCounts, formatCounts, readPdnForReview } from '../analyse/annotated-pdn.js'; // prettier-ignore
import { reviewGames } from '../analyse/batch.js';
import { ProcessEvaluator } from '../analyse/process-evaluator.js';
import type { VariantName } from '../core/variant.js';
import type { EngineCommand } from '../engine-client/engine-process.js';
import { splitCommandLine } from '../engine-client/shell-words.js';
import { PDN_FILE_CAP } from '../files/read-caps.js';
import { listenForInterrupt } from './interrupt.js';
import { readTextOrReport } from './read-text.js';

export interface AnalyseOptions {
  readonly nodes: number;
  readonly variant?: VariantName;
  readonly out?: string;
  readonly engine?: string;
}

const TAMA = fileURLToPath(new URL('../../../bin/tama.js', import.meta.url));
/** Without a terminal, a progress line every this many positions (and at each game's end). */
const PROGRESS_EVERY = 10;

/** Runs the review; returns the exit code (0, 1 at run time, 2 bad usage, 130 interrupted). */
export async function runAnalyseCommand(
  file: string,
  options: AnalyseOptions,
  print: (text: string) => void,
  printError: (line: string) => void,
  progressTerminal = process.stderr.isTTY,
): Promise<number> {
  let engine: EngineCommand = { program: process.execPath, args: [TAMA] };
  if (options.engine !== undefined) {
    const words = splitCommandLine(options.engine);
    if (!words.ok) {
      printError(`error: --engine: ${words.error.message}`);
      return 2;
    }
    engine = { program: words.value[0], args: words.value.slice(1) };
  }
  const text = readTextOrReport(file, PDN_FILE_CAP, printError);
  if (text === undefined) return 1;
  const games = readPdnForReview(text, options.variant);
  if (!games.ok) {
    printError(`error: ${file}: ${games.error.message}`);
    return 1;
  }
  let out: number | undefined;
  if (options.out !== undefined) {
    try {
      if (statSync(options.out, { throwIfNoEntry: false })?.isDirectory()) throw new Error('it is a directory'); // prettier-ignore
      out = openSync(options.out, 'w');
    } catch (error) {
      printError(`error: cannot write '${options.out}': ${(error as Error).message}`);
      return 1;
    }
  }
  const started = await ProcessEvaluator.start(engine);
  if (!started.ok) {
    if (out !== undefined) closeSync(out);
    printError(`error: ${started.error.message}`);
    return 1;
  }
  const evaluator = started.value;
  let written = 0;
  let reported = false;
  const stopped = () => {
    if (reported) return;
    reported = true;
    if (progressTerminal) process.stderr.write('\n');
    printError(`stopped: ${written} of ${games.value.length} games written`);
  };
  const interrupt = listenForInterrupt(undefined, stopped);
  const name = evaluator.identity.name ?? 'engine';
  try {
    const result = await reviewGames(games.value, evaluator, {
      nodes: options.nodes,
      annotator: annotatorName(name, options.nodes),
      signal: interrupt.signal,
      onProgress: (game, count, progress) => {
        const line = `game ${game + 1} of ${count}, ply ${progress.done - 1} of ${progress.total - 1}`; // prettier-ignore
        if (progressTerminal) process.stderr.write(`\r${line}`);
        else if ((progress.done - 1) % PROGRESS_EVERY === 0 || progress.done === progress.total) printError(line); // prettier-ignore
      },
      onGame: (game, pdn, review) => {
        if (out === undefined) print(pdn.replace(/\n$/, ''));
        else writeSync(out, pdn);
        written++;
        const [white, black] = classCounts(review);
        if (progressTerminal) process.stderr.write('\n');
        printError(`game ${game + 1} of ${games.value.length}: White ${formatCounts(white)}; Black ${formatCounts(black)}`); // prettier-ignore
      },
    });
    if (!result.ok) {
      if (result.error.code === 'aborted') {
        stopped();
        return interrupt.exitCode ?? 130;
      }
      if (progressTerminal) process.stderr.write('\n');
      printError(`error: ${file}: ${result.error.message}`);
      return 1;
    }
    return 0;
  } catch (error) {
    printError(`error: cannot write '${options.out ?? 'stdout'}': ${(error as Error).message}`);
    return 1;
  } finally {
    if (out !== undefined) closeSync(out);
    await evaluator.close();
    interrupt.release();
  }
}
