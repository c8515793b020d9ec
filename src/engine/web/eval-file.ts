/**
 * Evaluation files in a browser (replaces ../eval-file.ts in the web build): the page has
 * no file system, so the worker that hosts the engine fetches the files it offers (the
 * shipped linear weights and networks) before the engine starts and registers them here
 * by the names the `EvalFile` option gives them (in whatever order the fetches end: an
 * error lists them sorted).
 */
import { fail, ok, type Result } from '../../core/result.js';
import { evalSourceOf, type EvalSource } from '../../search/eval.js';

const files = new Map<string, string>();

/** Makes `text` readable as the evaluation file `path`. */
export function registerEvalFile(path: string, text: string): void {
  files.set(path, text);
}

/** The text of a registered file, or an error naming it and the files there are. */
function readEvalText(path: string): Result<string> {
  const text = files.get(path);
  if (text !== undefined) return ok(text);
  return fail('unreadable', `cannot read EvalFile '${path}': the engine in the browser offers only ${[...files.keys()].sort().join(', ') || 'its built-in evaluation'}`); // prettier-ignore
}

/** The evaluation an `EvalFile` value gives, from the registered files (as ../eval-file.ts). */
export function loadEvalFile(value: string): Result<EvalSource> {
  return evalSourceOf(value, readEvalText);
}
