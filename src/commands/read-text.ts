/** Reading a file a command was given: its text, or the error printed in the commands' words. */
import { readBoundedText } from '../files/bounded-read.js';
import type { ReadCap } from '../files/read-caps.js';

/**
 * The UTF-8 text of `path`, or undefined once `error: cannot read ...` is printed; a file
 * that is not a regular file, or over `cap`, is refused before it is read.
 */
export function readTextOrReport(
  path: string,
  cap: ReadCap,
  printError: (line: string) => void,
): string | undefined {
  const text = readBoundedText(path, cap);
  if (text.ok) return text.value;
  printError(`error: ${text.error.message}`);
  return undefined;
}
