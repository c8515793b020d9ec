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
    expect(task.ttBuffer.byteLength).toBe(tableBytes(DEFAULT_OPTION_VALUES.hash));
    expect(task.evalNetwork).toBeNull();
    expect(task.tables).toEqual([]);
  });

  it('a new table size or an emptied table: a new generation, the Hash value kept', () => {
    const { values, data } = fresh();
    new Int32Array(data.ttBuffer).fill(7);
    data.clearTable();
    expect(new Int32Array(data.ttBuffer).every((word) => word === 0)).toBe(true);
    expect(data.ttGeneration).toBe(1);
    expect(data.resizeHash(1).ok).toBe(true);
    expect(values.hash).toBe(1);
    expect(data.forTask()).toMatchObject({ ttGeneration: 2, ttBuffer: data.ttBuffer });
    expect(data.ttBuffer.byteLength).toBe(tableBytes(1));
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
