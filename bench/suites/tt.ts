/**
 * The transposition table: storing and probing a fixed set of random keys in a table of the
 * bench's size (16 MiB). The keys spread over the whole table, so most accesses miss the
 * processor's caches, as they do in a search.
 */
import { BENCH_HASH_MB } from '../../src/search/bench.js';
import { BOUND_EXACT, tableBytes, TranspositionTable } from '../../src/search/tt.js';
import type { Suite } from '../suite.js';

/** Keys per call. */
const KEY_COUNT = 1 << 16;

/** `count` key pairs (lo, hi in turn) from a fixed splitmix32 sequence. */
function randomKeys(count: number, seed: number): Int32Array {
  const keys = new Int32Array(2 * count);
  let state = seed | 0;
  for (let i = 0; i < keys.length; i++) {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    keys[i] = z ^ (z >>> 16);
  }
  return keys;
}

export function ttSuite(): Suite {
  const tt = new TranspositionTable(new SharedArrayBuffer(tableBytes(BENCH_HASH_MB)));
  const stored = randomKeys(KEY_COUNT, 1);
  const absent = randomKeys(KEY_COUNT, 2);
  const store = (): number => {
    for (let i = 0; i < KEY_COUNT; i++) {
      const lo = stored[2 * i];
      tt.store(lo, stored[2 * i + 1], lo & 0xffffff, BOUND_EXACT, (lo >> 20) | 0, i & 63);
    }
    return KEY_COUNT;
  };
  const probe = (keys: Int32Array) => (): number => {
    let hits = 0;
    for (let i = 0; i < KEY_COUNT; i++) if (tt.probe(keys[2 * i], keys[2 * i + 1])) hits++;
    return hits;
  };
  // Stored once before anything is timed, so the probes of stored keys hit from the start.
  store();
  return {
    name: 'tt',
    about: `one call: ${KEY_COUNT} random keys stored or probed in a ${BENCH_HASH_MB} MiB table; result: entries stored, or probes that hit`,
    budget: { time: 1000, iterations: 64, warmupIterations: 16, warmupTime: 250 },
    tasks: [
      {
        name: 'store (each key over its own entry)',
        unit: 'stores/s',
        work: KEY_COUNT,
        run: store,
      },
      { name: 'probe, stored keys (hits)', unit: 'probes/s', work: KEY_COUNT, run: probe(stored) },
      { name: 'probe, other keys (misses)', unit: 'probes/s', work: KEY_COUNT, run: probe(absent) },
    ],
  };
}
