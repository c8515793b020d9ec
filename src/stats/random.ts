/**
 * A small seeded pseudo-random generator for the match runner: opening order and the
 * openings generator must give the same result for the same seed on every machine.
 */

/** A generator of numbers in [0, 1) from a 32-bit seed (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [0, count) drawn from `random`. */
export function randomIndex(random: () => number, count: number): number {
  return Math.min(count - 1, Math.floor(random() * count));
}

/** A shuffled copy of `items` (Fisher-Yates), the same order for the same generator state. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomIndex(random, i + 1);
    const swap = out[i];
    out[i] = out[j];
    out[j] = swap;
  }
  return out;
}
