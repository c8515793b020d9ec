/**
 * Bit counts: popcount32 and popcount64 against counting bit by bit, and byte counts of
 * many words added before one total, as the mobility count adds them.
 */
import { describe, expect, it } from 'vitest';
import { byteCounts, byteTotal, popcount32, popcount64 } from '../../src/core/bitboard.js';
import { seededRandom } from '../helpers.js';

/** Set bits of a 32-bit word, one at a time. */
function bitByBit(x: number): number {
  let n = 0;
  for (let bit = 0; bit < 32; bit++) n += (x >>> bit) & 1;
  return n;
}

/** Words with every count of bits: empty, full, single bits, sign bit, random. */
function sampleWords(): number[] {
  const random = seededRandom(29);
  const words = [0, -1, 1, 1 << 31, 0x7fffffff, 0x55555555, 0xaaaaaaaa | 0, 0xff00ff00 | 0];
  for (let i = 0; i < 200; i++) words.push((random() * 0x100000000) | 0);
  return words;
}

describe('bit counts', () => {
  const words = sampleWords();

  it('popcount32 counts every set bit of a word', () => {
    for (const x of words) expect(popcount32(x), `0x${(x >>> 0).toString(16)}`).toBe(bitByBit(x));
  });

  it('popcount64 counts both halves of a set, up to all 64 squares', () => {
    expect(popcount64(-1, -1)).toBe(64);
    for (let i = 0; i + 1 < words.length; i++) {
      expect(popcount64(words[i], words[i + 1])).toBe(bitByBit(words[i]) + bitByBit(words[i + 1]));
    }
  });

  it('byte counts of words add up before one total, up to 255 bits', () => {
    let counts = 0;
    for (let i = 0; i < 7; i++) counts += byteCounts(-1);
    expect(byteTotal(counts + byteCounts(0x7fffffff))).toBe(255);
    counts = 0;
    let expected = 0;
    for (const x of words.slice(8, 15)) {
      counts += byteCounts(x);
      expected += bitByBit(x);
    }
    expect(byteTotal(counts)).toBe(expected);
  });
});
