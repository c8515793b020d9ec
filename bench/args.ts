/**
 * The arguments of a bench script: `--help` prints its usage, and an unknown option, a
 * stray word or a malformed number stops it with one error line (exit code 2) before any
 * long work starts.
 */
import { parseArgs } from 'node:util';

type Spec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>;
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** The script's options and words, or the process ends (help: 0, bad arguments: 2). */
export function readArguments(
  usage: string,
  options: Spec,
  args: readonly string[] = process.argv.slice(2),
  allowPositionals = false,
): { values: Values; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals,
      strict: true,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    // Node's advice about '--' for words that start with a dash does not apply here.
    return usageError(
      usage,
      (error as Error).message.replace(/\. To specify a positional.*$/s, ''),
    );
  }
  if (parsed.values.help === true) {
    process.stdout.write(usage + '\n');
    process.exit(0);
  }
  return parsed;
}

/** Prints the error and where the usage is, then ends the process with exit code 2. */
export function usageError(usage: string, message: string): never {
  const command = /^Usage: (npm run \S+ --|\S+ \S+)/.exec(usage)?.[1] ?? 'the script';
  process.stderr.write(`error: ${message}\n(run '${command} --help' for usage)\n`);
  process.exit(2);
}

/** A whole-number option within [min, max], or its default; a bad value ends the process. */
export function wholeNumber(
  usage: string,
  values: Values,
  name: string,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const text = values[name];
  if (text === undefined) return fallback;
  if (typeof text !== 'string' || !/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    return usageError(usage, `--${name} expects a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}, got '${String(text)}'`); // prettier-ignore
  }
  return Number(text);
}
