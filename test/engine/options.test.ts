/** The options table: each option checks its value, then its own handler applies it. */
import { describe, expect, it } from 'vitest';
import { fail, ok, type Result } from '../../src/core/result.js';
import {
  DEFAULT_OPTION_VALUES,
  EMPTY_STRING,
  findOption,
  OPTIONS,
  type OptionHost,
} from '../../src/engine/options.js';

/** A host that records what the handlers asked for; `refuse` makes the loaders fail. */
function host(refuse = false) {
  const calls: string[] = [];
  const answer = (call: string): Result<void> => {
    calls.push(call);
    return refuse ? fail('refused', `refused ${call}`) : ok(undefined);
  };
  const target: OptionHost = {
    values: { ...DEFAULT_OPTION_VALUES },
    resizeHash: (mib) => answer(`hash ${mib}`),
    setThreads: (threads) => answer(`threads ${threads}`),
    setVariant: (variant) => void calls.push(`variant ${variant}`),
    loadEndgameTables: (path) => answer(`egdb ${path}`),
    loadEvalFile: (path) => answer(`eval ${path}`),
    clearHash: () => void calls.push('clear'),
  };
  return { target, calls };
}

function set(target: OptionHost, name: string, text: string | undefined): Result<void> {
  const option = findOption(name);
  if (option === undefined) throw new Error(`no option ${name}`);
  return option.set(target, text);
}

describe('the options table', () => {
  it('finds options whatever the case, and lists each once', () => {
    expect(findOption('multipv')?.name).toBe('MultiPV');
    expect(findOption('  move overhead ')?.name).toBe('Move Overhead');
    expect(findOption('Contempt')).toBeUndefined();
    const names = OPTIONS.map((o) => o.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('stores plain values and refuses bad ones, keeping the old value', () => {
    const { target, calls } = host();
    expect(set(target, 'MultiPV', '3').ok).toBe(true);
    expect(target.values.multiPV).toBe(3);
    expect(set(target, 'MultiPV', '65')).toMatchObject({ ok: false, error: { code: 'out-of-range' } }); // prettier-ignore
    expect(set(target, 'MultiPV', 'two')).toMatchObject({ ok: false, error: { code: 'bad-value' } }); // prettier-ignore
    expect(target.values.multiPV).toBe(3);
    expect(calls).toEqual([]);
  });

  it('accepts Ponder as a check option and stores nothing: pondering needs no setting', () => {
    const { target, calls } = host();
    const before = { ...target.values };
    expect(set(target, 'Ponder', 'TRUE').ok).toBe(true);
    expect(set(target, 'Ponder', 'yes')).toMatchObject({ ok: false, error: { code: 'bad-value' } }); // prettier-ignore
    expect(target.values).toEqual(before);
    expect(calls).toEqual([]);
  });

  it('hands the options that do more to their handlers', () => {
    const { target, calls } = host();
    expect(set(target, 'Hash', '64').ok).toBe(true);
    expect(set(target, 'Threads', String(DEFAULT_OPTION_VALUES.threads)).ok).toBe(true);
    expect(set(target, 'Threads', '2').ok).toBe(true);
    expect(set(target, 'Variant', 'armenian').ok).toBe(true);
    expect(set(target, 'Variant', 'Turkish').ok).toBe(true);
    expect(set(target, 'EGDB Path', '').ok).toBe(true);
    expect(set(target, 'EvalFile', ' weights.json ').ok).toBe(true);
    expect(set(target, 'Clear Hash', undefined).ok).toBe(true);
    // Setting the value in use starts nothing (no new pool, no new game).
    expect(calls).toEqual(['hash 64', 'threads 2', 'variant turkish', `egdb ${EMPTY_STRING}`, 'eval weights.json', 'clear']); // prettier-ignore
  });

  it('passes a handler’s error on, and checks the value before the handler runs', () => {
    const { target, calls } = host(true);
    expect(set(target, 'EvalFile', 'missing.json')).toEqual(fail('refused', 'refused eval missing.json')); // prettier-ignore
    expect(set(target, 'Hash', '0')).toMatchObject({ ok: false, error: { code: 'out-of-range' } });
    expect(set(target, 'EvalFile', '')).toMatchObject({ ok: false, error: { code: 'bad-value' } });
    expect(set(target, 'Variant', 'russian')).toMatchObject({ ok: false, error: { code: 'bad-value' } }); // prettier-ignore
    expect(calls).toEqual(['eval missing.json']);
  });
});
