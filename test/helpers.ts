/** Small shared helpers for tests. */
import { Position } from '../src/core/position.js';
import type { VariantName } from '../src/core/variant.js';

/** A seeded pseudo-random generator (mulberry32): the same seed, the same games. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Parses position text that a test knows to be valid. */
export function position(text: string, variant: VariantName = 'armenian'): Position {
  const parsed = Position.parse(text, variant);
  if (!parsed.ok) throw new Error(`test position '${text}': ${parsed.error.message}`);
  return parsed.value;
}
