/** `tama match-openings`: writes a file of balanced openings for `tama match`. */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  generateOpenings,
  openingsHeader,
  type OpeningsGeneratorSettings,
} from '../match/make-openings.js';
import { splitCommandLine } from '../engine-client/shell-words.js';
import { listenForInterrupt } from './interrupt.js';

/** The generator's settings as the command line gives them: the engine check as text. */
export interface MatchOpeningsOptions extends Omit<
  OpeningsGeneratorSettings,
  'engine' | 'maxAttempts'
> {
  readonly engine?: string;
  readonly depth: number;
  readonly margin: number;
  readonly out?: string;
}

/** Generates the openings and writes them to `out` (or prints them); returns the exit code. */
export async function runMatchOpeningsCommand(
  options: MatchOpeningsOptions,
  print: (line: string) => void,
  printError: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Promise<number> {
  if (options.maxPlies < options.minPlies) {
    printError('error: --max-plies must not be below --min-plies');
    return 2;
  }
  // A path that cannot be written fails before the generation, not after it.
  const unwritable = options.out === undefined ? undefined : whyUnwritable(options.out);
  if (unwritable !== undefined) {
    printError(`error: cannot write '${options.out}': ${unwritable}`);
    return 1;
  }
  let engine;
  if (options.engine !== undefined) {
    const words = splitCommandLine(options.engine);
    if (!words.ok) {
      printError(`error: --engine: ${words.error.message}`);
      return 2;
    }
    engine = {
      command: { program: words.value[0], args: words.value.slice(1) },
      commandText: options.engine,
      depth: options.depth,
      marginCp: options.margin,
      stallMs: 60_000,
    };
  }
  const settings = { ...options, engine };
  let made = 0;
  const interrupt = listenForInterrupt(undefined, () => printError(`stopped: ${made} of ${options.count} openings made, none written`)); // prettier-ignore
  let generated;
  try {
    generated = await generateOpenings(settings, (kept) => (made = kept), interrupt.signal);
  } finally {
    interrupt.release();
  }
  if (!generated.ok) {
    if (generated.error.code === 'stopped') {
      printError(generated.error.message);
      return interrupt.exitCode ?? 130;
    }
    printError(`error: ${generated.error.message}`);
    return 1;
  }
  const text =
    [...openingsHeader(settings, options.out), ...generated.value.lines].join('\n') + '\n';
  if (options.out === undefined) print(text.trimEnd());
  else {
    try {
      writeFileSync(options.out, text);
    } catch (error) {
      printError(`error: cannot write '${options.out}': ${(error as Error).message}`);
      return 1;
    }
    printError(
      `wrote ${generated.value.lines.length} openings to ${options.out} (${generated.value.attempts} random games tried)`,
    );
  }
  return 0;
}

/** Why a file cannot be written at `path`, or undefined when it looks writable. */
function whyUnwritable(path: string): string | undefined {
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) return 'it is a directory';
  const folder = dirname(path);
  if (!existsSync(folder)) return `no directory '${folder}'`;
  return undefined;
}
