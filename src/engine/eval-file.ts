/**
 * Reading the evaluation files of the `EvalFile` option: a path as given, else, when it is
 * relative and not found, relative to the project's folder (so the default files under
 * `data/` are found from any working folder, as Stockfish finds its network).
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fail, type Result } from '../core/result.js';
import { readBoundedText } from '../files/bounded-read.js';
import { EVAL_FILE_CAP } from '../files/read-caps.js';
import { evalSourceOf, type EvalSource } from '../search/eval.js';
import { projectRoot } from './project-root.js';

/** Where an evaluation file named `path` is read from. */
export function resolveEvalFile(path: string): string {
  if (isAbsolute(path) || existsSync(path)) return resolve(path);
  const inProject = join(projectRoot(), path);
  return existsSync(inProject) ? inProject : resolve(path);
}

/**
 * The text of the evaluation file `path`, or an error naming it: a device, FIFO or folder
 * (`/dev/zero`, `/dev/stdin`) or a file over EVAL_FILE_CAP is refused before it is read.
 */
export function readEvalText(path: string): Result<string> {
  const text = readBoundedText(resolveEvalFile(path), EVAL_FILE_CAP, `EvalFile '${path}'`);
  return text.ok ? text : fail('unreadable', text.error.message);
}

/**
 * The evaluation an `EvalFile` value gives: one or more files separated by `;`, each
 * checked (src/search/eval.ts, evalSourceOf); an error names the file and what is wrong.
 */
export function loadEvalFile(value: string): Result<EvalSource> {
  return evalSourceOf(value, readEvalText);
}
