/**
 * Splits an engine command line into program and arguments the way a POSIX shell would for
 * plain words: blanks separate words, 'single quotes' keep everything literally, "double
 * quotes" keep blanks and honour \" \\ \$ \`, and a backslash outside quotes escapes the
 * next character. No variables, globs or pipes: the command runs without a shell.
 */
import { fail, ok, type Result } from '../core/result.js';

export type CommandLineErrorCode = 'empty-command' | 'unterminated-quote' | 'dangling-escape';

/** The words of a command line, or an error naming what is wrong with it. */
export function splitCommandLine(text: string): Result<string[], CommandLineErrorCode> {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
      continue;
    }
    inWord = true;
    if (c === '\\') {
      if (i + 1 >= text.length) {
        return fail('dangling-escape', `command '${text}' ends with a lone backslash`);
      }
      word += text[i + 1];
      i += 2;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return fail('unterminated-quote', `command '${text}' has an unclosed '`);
      word += text.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      i++;
      let closed = false;
      while (i < text.length) {
        const d = text[i];
        if (d === '"') {
          closed = true;
          i++;
          break;
        }
        if (d === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1])) {
          word += text[i + 1];
          i += 2;
        } else {
          word += d;
          i++;
        }
      }
      if (!closed) return fail('unterminated-quote', `command '${text}' has an unclosed "`);
    } else {
      word += c;
      i++;
    }
  }
  if (inWord) words.push(word);
  if (words.length === 0) return fail('empty-command', 'the engine command is empty');
  return ok(words);
}
