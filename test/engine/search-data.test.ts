/** What every search is sent besides the game: replaced by the options, kept when a replacement fails. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { DEFAULT_EVAL_FILE, DEFAULT_EVAL_SOURCE } from '../../src/engine/default-eval.js';
import { loadEvalFile } from '../../src/engine/eval-file.js';
import { DEFAULT_OPTION_VALUES, EMPTY_STRING } from '../../src/engine/options.js';
import { DEFAULT_EVAL_WEIGHTS, parseEvalFile } from '../../src/search/eval.js';
import { SearchData } from '../../src/engine/search-data.js';
import { tableBytes } from '../../src/search/tt.js';

/** The shipped network of `variant`, read from its file. */
function shipped(variant: 'armenian' | 'turkish') {
  const parsed = parseEvalFile(readFileSync(new URL(`../../data/network-${variant}.json`, import.meta.url), 'utf8')); // prettier-ignore
  if (!parsed.ok || parsed.value.network === null) throw new Error(`data/network-${variant}.json is no network`); // prettier-ignore
  return parsed.value.network;
}

const fresh = () => {
  const values = { ...DEFAULT_OPTION_VALUES };
  return { values, data: new SearchData(values) };
};

describe('the data of the searches', () => {
  it('starts with a table of the Hash option, the shipped networks of both variants and no endgame tables', () => {
    const { data } = fresh();
    const task = data.forTask();
    const table = data.table;
    if (!table.ok) throw new Error(table.error.message);
    expect(table.value.byteLength).toBe(tableBytes(DEFAULT_OPTION_VALUES.hash));
    // One memory, shared: the table in it after a region for each thread.
    if ('error' in task.memory) throw new Error(task.memory.error);
    const { memory, layout } = task.memory;
    expect(memory?.buffer).toBe(table.value.buffer);
    expect(layout).toMatchObject({ regions: DEFAULT_OPTION_VALUES.threads, tableOffset: table.value.byteOffset, tableBytes: tableBytes(DEFAULT_OPTION_VALUES.hash) }); // prettier-ignore
    expect(task.evaluation?.weights).toBe(DEFAULT_EVAL_WEIGHTS);
    expect(task.evaluation?.networks).toEqual({ armenian: shipped('armenian'), turkish: shipped('turkish') }); // prettier-ignore
    expect(task.tables).toEqual([]);
  });

  it('a new table size or an emptied table: a new generation, the Hash value kept', () => {
    const { values, data } = fresh();
    const words = () => {
      const table = data.table;
      if (!table.ok) throw new Error(table.error.message);
      return table.value;
    };
    words().fill(7);
    data.clearTable();
    expect(words().every((word) => word === 0)).toBe(true);
    expect(data.ttGeneration).toBe(1);
    // Emptied in place: the memory is the same one.
    expect(data.forTask()).toMatchObject({ memoryGeneration: 0 });
    expect(data.resizeHash(1).ok).toBe(true);
    expect(values.hash).toBe(1);
    expect(data.forTask()).toMatchObject({ memoryGeneration: 1, ttGeneration: 2, memory: { layout: { tableBytes: tableBytes(1) } } }); // prettier-ignore
    expect(words().byteLength).toBe(tableBytes(1));
  });

  it('a Hash the memory holds reuses it, emptied; a much larger or much smaller one takes a new memory', () => {
    const { values, data } = fresh();
    const memoryOf = () => {
      const task = data.forTask();
      if ('error' in task.memory) throw new Error(task.memory.error);
      return task.memory.memory;
    };
    const words = () => {
      const table = data.table;
      if (!table.ok) throw new Error(table.error.message);
      return table.value;
    };
    const first = memoryOf();
    words().fill(7);
    // The same size, then half of it, then back: one memory, emptied each time.
    for (const mib of [values.hash, values.hash / 2, values.hash]) {
      const resized = data.resizeHash(mib);
      expect(resized).toEqual({ ok: true, value: false });
      expect(memoryOf()).toBe(first);
      expect(words().byteLength).toBe(tableBytes(mib));
      expect(words().every((word) => word === 0)).toBe(true);
      words().fill(7);
    }
    // Past the room: a new memory; from there back down by more than half and 64 MiB: another.
    expect(data.resizeHash(256)).toEqual({ ok: true, value: true });
    const large = memoryOf();
    expect(large).not.toBe(first);
    expect(data.resizeHash(128)).toEqual({ ok: true, value: false });
    expect(data.resizeHash(16)).toEqual({ ok: true, value: true });
    expect(memoryOf()).not.toBe(large);
    expect(values.hash).toBe(16);
  });

  it('more threads: a memory with a region for each, the table after them, a new generation', () => {
    const { values, data } = fresh();
    const one = data.forTask().memory;
    expect(data.setThreads(3).ok).toBe(true);
    expect(values.threads).toBe(3);
    const three = data.forTask();
    if ('error' in one || 'error' in three.memory) throw new Error('no search memory');
    expect(three.ttGeneration).toBe(1);
    expect(three.memoryGeneration).toBe(1);
    expect(three.memory.layout.regions).toBe(3);
    const region = (three.memory.layout.tableOffset - one.layout.tableOffset) / 2;
    expect(region % 64).toBe(0);
    expect(region).toBeGreaterThan(1 << 20); // a thread's stacks and scratch
    expect(three.memory.memory?.buffer.byteLength).toBe(three.memory.layout.bytes);
    expect(data.setThreads(2).ok).toBe(true);
    const two = data.forTask().memory;
    if ('error' in two) throw new Error(two.error);
    expect(two.layout.tableOffset).toBe(one.layout.tableOffset + region);
  });

  it("wipes the threads' breadcrumbs before a search, and only them", () => {
    const { data } = fresh();
    const task = data.forTask();
    if ('error' in task.memory || task.memory.memory === null) throw new Error('no shared memory');
    const { memory, layout } = task.memory;
    const all = new Int32Array(memory.buffer);
    all.fill(5, layout.crumbsOffset / 4 - 4, (layout.crumbsOffset + layout.crumbsBytes) / 4 + 4);
    data.beginSearch();
    const crumbs = all.subarray(layout.crumbsOffset / 4, (layout.crumbsOffset + layout.crumbsBytes) / 4); // prettier-ignore
    expect(crumbs.every((word) => word === 0)).toBe(true);
    expect(all[layout.crumbsOffset / 4 - 1]).toBe(5);
    expect(all[(layout.crumbsOffset + layout.crumbsBytes) / 4]).toBe(5);
  });

  it('a weights file or tables folder that cannot be read: an error, and all stays as it was', () => {
    const { values, data } = fresh();
    const before = data.forTask();
    expect(data.useEvalFile('no/such/weights.json')).toMatchObject({ ok: false });
    expect(data.setEndgamePath('/no/such/folder')).toMatchObject({ ok: false, error: { code: 'egdb-missing' } }); // prettier-ignore
    expect(values).toEqual(DEFAULT_OPTION_VALUES);
    expect(data.forTask()).toEqual(before);
    expect(data.endgameValue(Position.start().state)).toBeUndefined();
  });

  it('the shipped weights file and no tables: a new generation each', () => {
    const { values, data } = fresh();
    expect(data.useEvalFile('data/network-turkish.json').ok).toBe(true);
    expect(values.evalFile).toBe('data/network-turkish.json');
    expect(data.forTask()).toMatchObject({
      evalGeneration: 1,
      evaluation: { networks: { turkish: { variant: 'turkish' } } },
    });
    expect(Object.keys(data.evaluators.networks)).toEqual(['turkish']);
    expect(data.setEndgamePath(EMPTY_STRING).ok).toBe(true);
    data.variantChanged();
    expect(data.forTask()).toMatchObject({ tablesGeneration: 2, tables: [] });
  });
});

describe('the EvalFile value: one or more files separated by ;', () => {
  it('the default names the shipped networks, and reading them gives the built-in evaluation', () => {
    expect(DEFAULT_EVAL_FILE).toBe('data/network-armenian.json;data/network-turkish.json');
    expect(loadEvalFile(DEFAULT_EVAL_FILE)).toEqual({ ok: true, value: DEFAULT_EVAL_SOURCE });
    expect(DEFAULT_EVAL_SOURCE).toEqual({
      weights: DEFAULT_EVAL_WEIGHTS,
      networks: { armenian: shipped('armenian'), turkish: shipped('turkish') },
    });
  });

  it('the linear weights file alone: linear in both variants, no network', () => {
    expect(loadEvalFile('data/eval-weights.json')).toEqual({ ok: true, value: { weights: DEFAULT_EVAL_WEIGHTS, networks: {} } }); // prettier-ignore
  });

  it("file by file in order: a weights file sets every variant's linear weights, a network its variant's network", () => {
    const hand = loadEvalFile('data/eval-weights-hand.json');
    if (!hand.ok) throw new Error(hand.error.message);
    expect(hand.value.weights).not.toEqual(DEFAULT_EVAL_WEIGHTS);
    const mixed = loadEvalFile(' data/network-turkish.json ; data/eval-weights-hand.json;');
    expect(mixed).toEqual({ ok: true, value: { weights: hand.value.weights, networks: { turkish: shipped('turkish') } } }); // prettier-ignore
  });

  it('refuses two networks of one variant, no file, and a list with a bad file, naming it; the evaluation in use stays', () => {
    const { values, data } = fresh();
    const before = data.forTask();
    const twice = 'data/network-armenian.json;data/network-turkish.json;data/network-armenian.json';
    expect(data.useEvalFile(twice)).toEqual({
      ok: false,
      error: {
        code: 'two-networks',
        message: `EvalFile '${twice}': 'data/network-armenian.json' and 'data/network-armenian.json' are both networks of armenian; name one network a variant`, // prettier-ignore
      },
    });
    expect(data.useEvalFile(' ; ')).toMatchObject({ ok: false, error: { code: 'no-file' } });
    expect(data.useEvalFile('data/eval-weights.json;no/such.json')).toMatchObject({
      ok: false,
      error: { code: 'unreadable', message: expect.stringMatching(/^cannot read EvalFile 'no\/such.json': /) }, // prettier-ignore
    });
    expect(data.useEvalFile('data/network-turkish.json;package.json')).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^EvalFile 'package.json': /) },
    });
    expect(values).toEqual(DEFAULT_OPTION_VALUES);
    expect(data.forTask()).toEqual(before);
  });
});
