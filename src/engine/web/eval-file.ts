/**
 * Evaluation weights files in a browser (replaces ../eval-file.ts in the web build): the
 * page has no file system, so the worker that hosts the engine fetches the files it offers
 * (the shipped weights) before the engine starts and registers them here by the name the
 * `EvalFile` option gives them.
 */
import { fail, ok, type Result } from '../../core/result.js';
import { parseEvalFile, type EvalSource } from '../../search/eval.js';

/** The weights file the engine ships with, as the `EvalFile` option names it. */
export const DEFAULT_EVAL_FILE = 'data/eval-weights.json';

const files = new Map<string, string>();

/** Makes `text` readable as the weights file `path`. */
export function registerEvalFile(path: string, text: string): void {
  files.set(path, text);
}

/** Reads and checks a registered weights file; an error names the file and what is wrong. */
export function loadEvalFile(path: string): Result<EvalSource> {
  const text = files.get(path);
  if (text === undefined) {
    return fail('unreadable', `cannot read EvalFile '${path}': the engine in the browser offers only ${[...files.keys()].join(', ') || 'its built-in weights'}`); // prettier-ignore
  }
  const parsed = parseEvalFile(text);
  return parsed.ok ? ok(parsed.value) : fail(parsed.error.code, `EvalFile '${path}': ${parsed.error.message}`); // prettier-ignore
}
