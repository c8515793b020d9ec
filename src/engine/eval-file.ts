/**
 * Reading the evaluation files of the `EvalFile` option: a path as given, else, when it is
 * relative and not found, relative to the project's folder (so the default files under
 * `data/` are found from any working folder, as Stockfish finds its network).
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fail, ok, type Result } from '../core/result.js';
import { evalSourceOf, type EvalSource } from '../search/eval.js';
import { projectRoot } from './project-root.js';

/** Where an evaluation file named `path` is read from. */
export function resolveEvalFile(path: string): string {
  if (isAbsolute(path) || existsSync(path)) return resolve(path);
  const inProject = join(projectRoot(), path);
  return existsSync(inProject) ? inProject : resolve(path);
}

/** The text of the evaluation file `path`, or an error naming it. */
function readEvalText(path: string): Result<string> {
  try {
    return ok(readFileSync(resolveEvalFile(path), 'utf8'));
  } catch (error) {
    return fail('unreadable', `cannot read EvalFile '${path}': ${(error as Error).message}`);
  }
}

/**
 * The evaluation an `EvalFile` value gives: one or more files separated by `;`, each
 * checked (src/search/eval.ts, evalSourceOf); an error names the file and what is wrong.
 */
export function loadEvalFile(value: string): Result<EvalSource> {
  return evalSourceOf(value, readEvalText);
}
