/**
 * The in-browser engine's Threads and Hash as the page reads and keeps them: the ranges from
 * the engine's own `option` lines, the stored choice read defensively, the start fitted
 * into the ranges, the hash sizes the panel offers.
 */
import { describe, expect, it } from 'vitest';
import { formatOption } from '../../src/protocol/format.js';
import { OPTIONS } from '../../src/engine/options.js';
import {
  chooseSettings,
  clampToRange,
  hashSizes,
  parseSpinOption,
  readSavedChoice,
} from '../../src/gui/page/engine-settings.js';

describe('the engine settings of the page', () => {
  it('reads every spin option line the engine prints, and nothing else', () => {
    for (const option of OPTIONS) {
      const parsed = parseSpinOption(formatOption(option));
      if (option.type !== 'spin') expect(parsed).toBeUndefined();
      else expect(parsed).toEqual({ name: option.name, range: { default: option.default, min: option.min, max: option.max } }); // prettier-ignore
    }
    expect(parseSpinOption('option name Hash type spin default 64 min 1')).toBeUndefined();
  });

  it('keeps only whole numbers from the stored choice', () => {
    expect(readSavedChoice('{"threads":2,"hashMib":32}')).toEqual({ threads: 2, hashMib: 32 });
    expect(readSavedChoice('{"threads":"2","hashMib":1.5}')).toEqual({});
    expect(readSavedChoice('not json')).toEqual({});
    expect(readSavedChoice('null')).toEqual({});
    expect(readSavedChoice(null)).toEqual({});
  });

  it('starts with the stored choice, else the device, inside the ranges', () => {
    const ranges = { threads: { default: 1, min: 1, max: 1 }, hash: { default: 64, min: 1, max: 8192 } }; // prettier-ignore
    const device = { threads: 4, hashMib: 64 };
    expect(chooseSettings(device, {}, ranges)).toEqual({ threads: 1, hashMib: 64 });
    expect(chooseSettings(device, { threads: 3, hashMib: 16 }, ranges)).toEqual({ threads: 1, hashMib: 16 }); // prettier-ignore
    expect(chooseSettings(device, { hashMib: 100_000 }, ranges)).toEqual({ threads: 1, hashMib: 8192 }); // prettier-ignore
    expect(clampToRange(0, ranges.hash)).toBe(1);
  });

  it('offers the powers of two inside the Hash range', () => {
    expect(hashSizes({ default: 64, min: 1, max: 8192 })).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192]); // prettier-ignore
    expect(hashSizes({ default: 16, min: 3, max: 20 })).toEqual([4, 8, 16]);
  });
});
