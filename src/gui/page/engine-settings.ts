/**
 * The in-browser engine's Threads and Hash: what the page starts it with and what the
 * settings panel offers. The ranges are the engine's own, read from the `option` lines it
 * answers `uci` with (protocol.md), never a copy of its option table; the person's choice
 * is kept in the browser's localStorage as JSON and fitted into those ranges when read.
 */

/** A spin option's range, as the engine's `option` line gives it. */
export interface SpinRange {
  readonly default: number;
  readonly min: number;
  readonly max: number;
}

/** What the engine runs with. */
export interface EngineChoice {
  readonly threads: number;
  readonly hashMib: number;
}

/** The localStorage key of the person's choice. */
export const SETTINGS_KEY = 'tama.engine';

/** A spin option's name and range from an `option name ... type spin ...` line. */
export function parseSpinOption(line: string): { name: string; range: SpinRange } | undefined {
  const match = /^option name (.+?) type spin default (-?\d+) min (-?\d+) max (-?\d+)$/.exec(line); // prettier-ignore
  if (match === null) return undefined;
  const [, name, value, min, max] = match;
  return { name, range: { default: Number(value), min: Number(min), max: Number(max) } };
}

/** `value` moved into `range` (its nearest end when outside it). */
export function clampToRange(value: number, range: SpinRange): number {
  return Math.min(range.max, Math.max(range.min, Math.round(value)));
}

/** The hash sizes the panel offers: the powers of two inside the range. */
export function hashSizes(range: SpinRange): number[] {
  const sizes: number[] = [];
  for (let mib = 1; mib <= range.max; mib *= 2) if (mib >= range.min) sizes.push(mib);
  return sizes;
}

/** The stored choice's fields that are whole numbers; anything else is left out. */
export function readSavedChoice(text: string | null): Partial<EngineChoice> {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '{}');
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const saved: { threads?: number; hashMib?: number } = {};
  const { threads, hashMib } = value as Record<string, unknown>;
  if (Number.isInteger(threads)) saved.threads = threads as number;
  if (Number.isInteger(hashMib)) saved.hashMib = hashMib as number;
  return saved;
}

/**
 * What the engine starts with: the stored choice where there is one, else what fits the
 * device (`device`), each fitted into the engine's range.
 */
export function chooseSettings(
  device: EngineChoice,
  saved: Partial<EngineChoice>,
  ranges: { readonly threads: SpinRange; readonly hash: SpinRange },
): EngineChoice {
  return {
    threads: clampToRange(saved.threads ?? device.threads, ranges.threads),
    hashMib: clampToRange(saved.hashMib ?? device.hashMib, ranges.hash),
  };
}
