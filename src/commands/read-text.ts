/** Reading a file a command was given: its text, or the error printed in the commands' words. */
import { readFileSync } from 'node:fs';

/** The UTF-8 text of `path`, or undefined once `error: cannot read ...` is printed. */
export function readTextOrReport(
  path: string,
  printError: (line: string) => void,
): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    printError(`error: cannot read '${path}': ${(error as Error).message}`);
    return undefined;
  }
}
