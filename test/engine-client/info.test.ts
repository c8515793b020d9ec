import { describe, expect, it } from 'vitest';
import { engineError, parseInfo } from '../../src/engine-client/info.js';

describe('parseInfo', () => {
  it.each([
    [
      'info depth 7 score cp -35 nodes 100 pv c3-c4',
      { depth: 7, score: { unit: 'cp', value: -35 }, nodes: 100, multipv: 1, pv: ['c3-c4'] },
    ],
    [
      'info score mate -3 depth 2',
      { depth: 2, score: { unit: 'mate', value: -3 }, multipv: 1, pv: [] },
    ],
    [
      'info multipv 3 seldepth 9 depth 4 score mate 2 lowerbound time 12 pv a3-b4',
      { depth: 4, seldepth: 9, multipv: 3, score: { unit: 'mate', value: 2 }, bound: 'lowerbound', time: 12, pv: ['a3-b4'] }, // prettier-ignore
    ],
    // A malformed value leaves its field out; the line's other fields stay.
    ['info depth x score cp', { depth: undefined, score: undefined, multipv: 1, pv: [] }],
    [
      'info depth 9 nodes 120000 currmove c3-c4 currmovenumber 2',
      { depth: 9, score: undefined, nodes: 120000, multipv: 1, pv: [] },
    ],
  ])('%s', (line, expected) => {
    expect(parseInfo(line)).toEqual(expected);
  });

  it.each(['info string depth 9 score cp 5', 'info string error: nonsense', 'bestmove c3-c4', ''])(
    'reads no fields from %j',
    (line) => {
      expect(parseInfo(line)).toBeUndefined();
    },
  );
});

describe('engineError', () => {
  it.each([
    ['info string error: unknown option Bogus', 'unknown option Bogus'],
    ['info string error no such move', 'no such move'],
    ['  info  string  error:  spaced  ', 'spaced'],
    ['info string error', ''],
  ])('%j says %j', (line, message) => {
    expect(engineError(line)).toBe(message);
  });

  it.each([
    'info string errors are fine',
    'info string hello',
    'info depth 3 score cp 1',
    'bestmove c3-c4',
  ])('%j is no error', (line) => {
    expect(engineError(line)).toBeUndefined();
  });
});
