/**
 * `tama puzzles mine` and `tama puzzles check`: wiring only. Mining reads the PDN files,
 * starts the engine (searcher.ts), records its bench signature and settings in the file's
 * header and writes the file again after every puzzle found, so a stopped run keeps its
 * puzzles; checking searches a file's puzzles again (all, or a seeded sample).
 */
import { renameSync, writeFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { readPdnForReview } from '../analyse/annotated-pdn.js';
import { rulesFor, type VariantName } from '../core/variant.js';
import type { EngineCommand } from '../engine-client/engine-process.js';
import { splitCommandLine } from '../engine-client/shell-words.js';
import { seededRandom, shuffled } from '../stats/random.js';
import { checkPuzzleMaterial, recheckPuzzle } from '../puzzles/check.js';
import { MaterialSearch } from '../puzzles/material.js';
import { CHECK_MARGIN, CHECK_THRESHOLDS, SCREEN_THRESHOLDS } from '../puzzles/judge.js';
import { candidatePositions, minePuzzles, type SourceGame } from '../puzzles/mine.js';
import { formatPuzzleFile, parsePuzzleFile, PUZZLE_FORMAT, PUZZLE_FORMAT_VERSION, type Puzzle, type PuzzleHeader, type PuzzleSettings } from '../puzzles/puzzle-file.js'; // prettier-ignore
import { EngineSearcher } from '../puzzles/searcher.js';
import { PDN_FILE_CAP, PUZZLE_FILE_CAP } from '../files/read-caps.js';
import { readTextOrReport } from './read-text.js';
import { listenForInterrupt, SIGNAL_EXIT_CODES, type Interrupt } from './interrupt.js';

export interface PuzzlesMineOptions {
  readonly out: string;
  readonly variant: VariantName;
  readonly screenNodes: number;
  readonly checkNodes: number;
  readonly maxSolverMoves: number;
  readonly seed: number;
  readonly limit?: number;
  readonly branches?: boolean;
  readonly hash: number;
  readonly egdb?: string;
  readonly engine?: string;
}

export interface PuzzlesCheckOptions {
  readonly sample?: number;
  readonly seed: number;
  readonly engine?: string;
}

const TAMA = fileURLToPath(new URL('../../../bin/tama.js', import.meta.url));
/** Without a terminal, a progress line every this many positions. */
const PROGRESS_EVERY = 200;

type Print = (line: string) => void;

function engineCommand(text: string | undefined, printError: Print): EngineCommand | undefined {
  if (text === undefined) return { program: process.execPath, args: [TAMA] };
  const words = splitCommandLine(text);
  if (!words.ok) {
    printError(`error: --engine: ${words.error.message}`);
    return undefined;
  }
  return { program: words.value[0], args: words.value.slice(1) };
}

/** Writes `text` to `path` through a temporary file, so a reader never sees half a file. */
function writeWhole(path: string, text: string): void {
  writeFileSync(`${path}.part`, text);
  renameSync(`${path}.part`, path);
}

/**
 * Listens for SIGINT and SIGTERM: the first aborts the returned signal (the engine under
 * way is killed, so the command ends at once); `finished()` says what the command has
 * done, for the line printed should it still run STOP_GRACE_MS later.
 */
function stopOnSignal(finished: () => string, printError: Print): Interrupt {
  return listenForInterrupt(undefined, () => printError(`stopped: ${finished()}`));
}

/** `tama puzzles mine`; returns the exit code (0, 1 at run time, 2 bad usage, 130 or 143 stopped). */
export async function runPuzzlesMine(
  files: readonly string[],
  options: PuzzlesMineOptions,
  commandLine: string,
  printError: Print,
): Promise<number> {
  const engine = engineCommand(options.engine, printError);
  if (engine === undefined) return 2;
  const games: SourceGame[] = [];
  for (const file of files) {
    const text = readTextOrReport(file, PDN_FILE_CAP, printError);
    if (text === undefined) return 1;
    const read = readPdnForReview(text, options.variant);
    if (!read.ok) {
      printError(`error: ${file}: ${read.error.message}`);
      return 1;
    }
    for (const [i, game] of read.value.entries()) {
      games.push({ label: `${file} game ${i + 1}`, fen: game.game.fen, moves: game.game.moves });
    }
  }
  const candidates = candidatePositions(
    games,
    options.variant,
    options.seed,
    options.branches === true,
  );
  if (!candidates.ok) {
    printError(`error: ${candidates.error.message}`);
    return 1;
  }
  let searched = 0;
  let puzzlesFound = 0;
  const interrupt = stopOnSignal(() => `searched ${searched} of ${candidates.value.length} positions; ${puzzlesFound} puzzles written to ${options.out}`, printError); // prettier-ignore
  const stopped = () => interrupt.exitCode ?? SIGNAL_EXIT_CODES.SIGINT;
  const release = () => interrupt.release();
  const started = await EngineSearcher.start(
    engine,
    { variant: options.variant, hashMb: options.hash, egdbPath: options.egdb },
    interrupt.signal,
  );
  if (!started.ok) {
    release();
    if (interrupt.signal.aborted) {
      printError('stopped before the engine was ready: no puzzle file written');
      return stopped();
    }
    printError(`error: ${started.error.message}`);
    return 1;
  }
  const { searcher, bench } = started.value;
  try {
    const settings: PuzzleSettings = {
      screenNodes: options.screenNodes,
      checkNodes: options.checkNodes,
      multiPv: 2,
      threads: 1,
      hashMb: options.hash,
      egdbPath: options.egdb ?? null,
      screen: SCREEN_THRESHOLDS,
      check: CHECK_THRESHOLDS,
      checkMargin: CHECK_MARGIN,
      maxSolverMoves: options.maxSolverMoves,
      seed: options.seed,
      branches: options.branches === true,
      sources: files,
    };
    const header: PuzzleHeader = {
      format: PUZZLE_FORMAT,
      version: PUZZLE_FORMAT_VERSION,
      variant: options.variant,
      count: 0,
      command: commandLine,
      engine: searcher.identity.name ?? 'engine',
      bench: bench ?? null,
      settings,
    };
    const found: Puzzle[] = [];
    const write = () => writeWhole(options.out, formatPuzzleFile(header, found));
    write();
    const startedAt = performance.now();
    printError(`${candidates.value.length} positions to search in ${games.length} games`);
    const progressLine = (searched: number, total: number, count: number) =>
      `searched ${searched} of ${total} positions, ${count} puzzles, ${((performance.now() - startedAt) / 1000).toFixed(0)} s`; // prettier-ignore
    const result = await minePuzzles(candidates.value, options.variant, searcher, options, {
      signal: interrupt.signal,
      onPuzzle: (puzzle, progress) => {
        found.push(puzzle);
        write();
        puzzlesFound = found.length;
        printError(`puzzle ${found.length}: ${puzzle.position} ${puzzle.line.join(' ')} (rating ${puzzle.rating}; ${progressLine(progress.searched, progress.candidates, found.length)})`); // prettier-ignore
      },
      onProgress: (progress) => {
        searched = progress.searched;
        if (progress.searched % PROGRESS_EVERY === 0) printError(progressLine(progress.searched, progress.candidates, progress.found)); // prettier-ignore
      },
    });
    if (!result.ok) {
      // A stop kills the engine, so the search under way fails: that is the stop, not a fault.
      if (result.error.code === 'aborted' || interrupt.signal.aborted) {
        printError(`stopped: searched ${searched} of ${candidates.value.length} positions; ${found.length} puzzles written to ${options.out}`); // prettier-ignore
        return stopped();
      }
      printError(`error: ${result.error.message}`);
      return 1;
    }
    printError(`${found.length} puzzles written to ${options.out}`);
    return 0;
  } catch (error) {
    printError(`error: cannot write '${options.out}': ${(error as Error).message}`);
    return 1;
  } finally {
    release();
    await searcher.close();
  }
}

/**
 * `tama puzzles check`; returns the exit code (0 all passed, 1 a failure, 2 bad usage, 130
 * or 143 stopped by SIGINT or SIGTERM).
 */
export async function runPuzzlesCheck(
  file: string,
  options: PuzzlesCheckOptions,
  print: Print,
  printError: Print,
): Promise<number> {
  const engine = engineCommand(options.engine, printError);
  if (engine === undefined) return 2;
  const text = readTextOrReport(file, PUZZLE_FILE_CAP, printError);
  if (text === undefined) return 1;
  const read = parsePuzzleFile(text, file);
  if (!read.ok) {
    printError(`error: ${read.error.message}`);
    return 1;
  }
  const { header, puzzles } = read.value;
  const chosen = options.sample === undefined ? puzzles : shuffled(puzzles, seededRandom(options.seed)).slice(0, options.sample); // prettier-ignore
  // The material check first: it needs no engine. A turn of the event loop between
  // puzzles lets a stop signal in.
  let failures = 0;
  let materialChecked = 0;
  let searched = 0;
  let same = 0;
  const searchedLine = () => `${searched} of ${chosen.length} puzzles searched again (${same} with the recorded depths), ${failures} failed`; // prettier-ignore
  const materialLine = () => `${materialChecked} of ${chosen.length} puzzles given the material check, ${failures} failed, none searched again`; // prettier-ignore
  let finished = materialLine;
  const interrupt = stopOnSignal(() => finished(), printError);
  const stopped = () => interrupt.exitCode ?? SIGNAL_EXIT_CODES.SIGINT;
  const release = () => interrupt.release();
  const material = new MaterialSearch(rulesFor(header.variant));
  for (const puzzle of chosen) {
    await nextTurn();
    if (interrupt.signal.aborted) {
      release();
      printError(`stopped: ${materialLine()}`);
      return stopped();
    }
    const checked = checkPuzzleMaterial(puzzle, header.variant, material);
    materialChecked++;
    if (!checked.ok) {
      failures++;
      printError(`failed: ${checked.error.message}`);
    }
  }
  const started = await EngineSearcher.start(
    engine,
    { variant: header.variant, hashMb: header.settings.hashMb, egdbPath: header.settings.egdbPath ?? undefined }, // prettier-ignore
    interrupt.signal,
  );
  if (!started.ok) {
    release();
    if (interrupt.signal.aborted) {
      printError(`stopped before the engine was ready: 0 of ${chosen.length} puzzles searched`);
      return stopped();
    }
    printError(`error: ${started.error.message}`);
    return 1;
  }
  printError(`searching ${chosen.length} puzzles again`);
  finished = searchedLine;
  try {
    for (const puzzle of chosen) {
      if (interrupt.signal.aborted) break;
      const checked = await recheckPuzzle(puzzle, header.settings, started.value.searcher);
      if (interrupt.signal.aborted) break;
      searched++;
      if (!checked.ok) {
        if (checked.error.code === 'engine-failed') {
          printError(`error: ${checked.error.message}`);
          return 1;
        }
        failures++;
        printError(`failed: ${checked.error.message}`);
      } else if (checked.value.depth === puzzle.depth && checked.value.found === puzzle.found) same++; // prettier-ignore
    }
  } finally {
    release();
    await started.value.searcher.close();
  }
  if (interrupt.signal.aborted) {
    printError(`stopped: ${searchedLine()}`);
    return stopped();
  }
  print(`${chosen.length - failures} of ${chosen.length} puzzles passed (${same} with the recorded depths), ${failures} failed`); // prettier-ignore
  return failures === 0 ? 0 : 1;
}
