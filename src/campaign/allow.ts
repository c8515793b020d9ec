/**
 * Which engines a worker may run. A campaign's engine commands come from a row in the
 * database, so whoever can write that row could otherwise run any program on every worker.
 * A worker therefore runs only what its owner allowed: always its own checkout's engine
 * (`node bin/tama.js` of the folder it runs from, the code it already runs), and what its
 * `--allow FILE` lists, one rule a line:
 *
 *   # a comment
 *   checkout ../old                 node ../old/bin/tama.js: another Tama checkout
 *   command ./engines/scan hub      exactly these words, run in the worker's folder
 *
 * A `checkout` path is read from the file's folder; a command matches whatever relative
 * spelling reaches the same `bin/tama.js`. A `command` matches the campaign's words
 * exactly (split as campaigns split them) and only when the engine runs in the worker's
 * own folder, since relative words name other files elsewhere.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fail, ok, type Result } from '../core/result.js';
import type { EngineCommand } from '../engine-client/engine-process.js';
import { splitCommandLine } from '../engine-client/shell-words.js';
import { readBoundedText } from '../files/bounded-read.js';
import { TEXT_FILE_CAP } from '../files/read-caps.js';

export interface AllowList {
  /** Real paths of the Tama checkouts whose `bin/tama.js` may run (the worker's own first). */
  readonly checkouts: readonly string[];
  /** Exact commands that may run in the worker's folder. */
  readonly commands: readonly (readonly string[])[];
  /** The file the rules came from; undefined when only the worker's own checkout is allowed. */
  readonly file?: string;
}

type Parsed<T> = Result<T, 'bad-allow'>;

/** The real path of `path`, or undefined when it does not exist. */
function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** Nothing but the checkout in `own` (a worker without --allow). */
export function ownCheckoutOnly(own: string): AllowList {
  return { checkouts: [real(own) ?? resolve(own)], commands: [] };
}

/** Reads the rules of an allow file (`text`, from `file`) on top of the checkout `own`. */
export function parseAllowList(text: string, file: string, own: string): Parsed<AllowList> {
  const checkouts = [...ownCheckoutOnly(own).checkouts];
  const commands: string[][] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/(^|\s)#.*$/, '').trim();
    if (line === '') continue;
    const where = `${file}:${i + 1}`;
    const found = /^(\S+)\s*(.*)$/.exec(line);
    const [keyword, rest] = [found?.[1] ?? '', found?.[2] ?? ''];
    if (keyword === 'checkout') {
      if (rest === '') return fail('bad-allow', `${where}: 'checkout' needs a folder`);
      const folder = resolve(dirname(file), rest);
      const engine = real(join(folder, 'bin', 'tama.js'));
      if (engine === undefined) {
        return fail('bad-allow', `${where}: ${folder} is not a Tama checkout (no bin/tama.js)`);
      }
      checkouts.push(dirname(dirname(engine)));
    } else if (keyword === 'command') {
      const words = splitCommandLine(rest);
      if (!words.ok) return fail('bad-allow', `${where}: ${words.error.message}`);
      commands.push(words.value);
    } else {
      return fail(
        'bad-allow',
        `${where}: unknown rule '${keyword}' (a line is 'checkout FOLDER' or 'command WORDS')`,
      );
    }
  }
  return ok({ checkouts, commands, file });
}

/** Reads `tama worker --allow FILE`; without a file, the worker's own checkout only. */
export function loadAllowList(file: string | undefined, own: string): Parsed<AllowList> {
  if (file === undefined) return ok(ownCheckoutOnly(own));
  const path = resolve(file);
  const text = readBoundedText(path, TEXT_FILE_CAP, path);
  if (!text.ok) return fail('bad-allow', `--allow: ${text.error.message}`);
  return parseAllowList(text.value, path, own);
}

/** Whether `program` starts Node.js: `node` from the PATH, or this Node's own binary. */
function isNode(program: string): boolean {
  if (program === 'node') return true;
  if (!isAbsolute(program) || !/^node(\.exe)?$/.test(basename(program))) return false;
  return real(program) === real(process.execPath);
}

/** Quotes a word for a command line when it needs it, so that it splits back the same. */
function quoteWord(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The command as one line that splits back into the same words. */
export function commandLine(command: EngineCommand): string {
  return [command.program, ...command.args].map(quoteWord).join(' ');
}

/**
 * Why the worker in folder `workerDir` must not run `command`, or undefined when `allow`
 * allows it. Decided from the words alone: nothing is started to find out.
 */
export function engineRefusal(
  command: EngineCommand,
  allow: AllowList,
  workerDir: string,
): string | undefined {
  const folder = resolve(workerDir, command.cwd ?? '.');
  if (isNode(command.program) && command.args.length === 1) {
    const engine = real(resolve(folder, command.args[0]));
    const allowed = allow.checkouts.some((checkout) => real(join(checkout, 'bin', 'tama.js')) === engine); // prettier-ignore
    if (engine !== undefined && allowed) return undefined;
  }
  const line = commandLine(command);
  const words = [command.program, ...command.args];
  const inPlace = real(folder) === real(workerDir);
  const listed = allow.commands.some(
    (rule) => rule.length === words.length && rule.every((word, i) => word === words[i]),
  );
  if (listed && inPlace) return undefined;
  const own = `its own checkout's engine (node bin/tama.js in ${allow.checkouts[0]})`;
  const rules = allow.file === undefined ? 'no --allow file' : `the rules of ${allow.file}`;
  const place = inPlace ? '' : ` in ${folder}`;
  const fix = inPlace
    ? `add the line "command ${line}" to the worker's --allow file`
    : `run it from the worker's folder, or allow its checkout with a "checkout FOLDER" line in the worker's --allow file`; // prettier-ignore
  return (
    `command '${line}'${place} is not allowed on this worker, which runs only ${own} and ` +
    `${rules}; to run it, ${fix} (docs/campaigns.md, "Which engines a worker runs")`
  );
}
