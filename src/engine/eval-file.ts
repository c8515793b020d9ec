/**
 * Reading an evaluation weights file (the `EvalFile` option): a path as given, else, when it
 * is relative and not found, relative to the project's folder (so the default
 * `data/eval-weights.json` is found from any working folder, as Stockfish finds its network).
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fail, ok, type Result } from '../core/result.js';
import { parseEvalFile, type EvalSource } from '../search/eval.js';
import { projectRoot } from './project-root.js';

/** The weights file the engine ships with, as the `EvalFile` option names it. */
export const DEFAULT_EVAL_FILE = 'data/eval-weights.json';

/** Where a weights file named `path` is read from. */
export function resolveEvalFile(path: string): string {
  if (isAbsolute(path) || existsSync(path)) return resolve(path);
  const inProject = join(projectRoot(), path);
  return existsSync(inProject) ? inProject : resolve(path);
}

/** Reads and checks an evaluation file of either kind; an error names the file and what is wrong with it. */
export function loadEvalFile(path: string): Result<EvalSource> {
  const file = resolveEvalFile(path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return fail('unreadable', `cannot read EvalFile '${path}': ${(error as Error).message}`);
  }
  const parsed = parseEvalFile(text);
  return parsed.ok ? ok(parsed.value) : fail(parsed.error.code, `EvalFile '${path}': ${parsed.error.message}`); // prettier-ignore
}
