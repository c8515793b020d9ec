/** What every search is sent besides the game: replaced by the options, kept when a replacement fails. */
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { DEFAULT_OPTION_VALUES, EMPTY_STRING } from '../../src/engine/options.js';
import { SearchData } from '../../src/engine/search-data.js';
import { tableBytes } from '../../src/search/tt.js';

const fresh = () => {
  const values = { ...DEFAULT_OPTION_VALUES };
  return { values, data: new SearchData(values) };
};

describe('the data of the searches', () => {
  it('starts with a table of the Hash option, the default weights and no endgame tables', () => {
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
    expect(task.evalNetwork).toBeNull();
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
    expect(data.resizeHash(1).ok).toBe(true);
    expect(values.hash).toBe(1);
    expect(data.forTask()).toMatchObject({ ttGeneration: 2, memory: { layout: { tableBytes: tableBytes(1) } } }); // prettier-ignore
    expect(words().byteLength).toBe(tableBytes(1));
  });

  it('more threads: a memory with a region for each, the table after them, a new generation', () => {
    const { values, data } = fresh();
    const one = data.forTask().memory;
    expect(data.setThreads(3).ok).toBe(true);
    expect(values.threads).toBe(3);
    const three = data.forTask();
    if ('error' in one || 'error' in three.memory) throw new Error('no search memory');
    expect(three.ttGeneration).toBe(1);
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
      evalNetwork: { variant: 'turkish' },
    });
    expect(data.evaluators.network?.variant).toBe('turkish');
    expect(data.setEndgamePath(EMPTY_STRING).ok).toBe(true);
    data.variantChanged();
    expect(data.forTask()).toMatchObject({ tablesGeneration: 2, tables: [] });
  });
});
