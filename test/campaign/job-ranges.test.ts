/** How a campaign's slots or subtrees are cut into jobs, at creation and on resume. */
import { describe, expect, it } from 'vitest';
import { jobRanges } from '../../src/campaign/queue.js';

describe('jobRanges', () => {
  it.each([
    [
      'all of 7 by 3',
      7,
      3,
      undefined,
      [
        [0, 3],
        [3, 6],
        [6, 7],
      ],
    ],
    [
      'exactly 6 by 3',
      6,
      3,
      undefined,
      [
        [0, 3],
        [3, 6],
      ],
    ],
    ['none', 0, 3, undefined, []],
    [
      'only the open ones, split at gaps',
      8,
      3,
      [0, 1, 3, 4, 5, 6, 7],
      [
        [0, 2],
        [3, 6],
        [6, 8],
      ],
    ],
    ['nothing open', 5, 2, [], []],
  ])('%s', (_, count, size, open, expected) => {
    const ranges = jobRanges(4, count, size, open === undefined ? undefined : new Set(open));
    expect(ranges).toEqual(expected.map(([from, to]) => ({ campaign: 4, from, to })));
  });
});
