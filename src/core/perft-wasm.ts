/**
 * Perft's leaf counter in WebAssembly: the AssemblyScript of src/wasm/perft.ts, which
 * scripts/build-wasm.mjs compiles into perft-wasm-module.ts. It is compiled and instantiated
 * on first use, synchronously, so that perft stays a plain function in Node, in worker
 * threads and in browsers alike. Where that fails (no WebAssembly, a browser main thread
 * that refuses to compile synchronously) it is unavailable and perft counts with TypeScript;
 * so too, from then on, once it traps or answers that it cannot count.
 */
import { PERFT_WASM } from './perft-wasm-module.js';
import { instantiateWebAssembly } from './webassembly.js';
import { kingsHiWord, kingsLoWord, menHiWord, menLoWord, SIDE } from './state.js';
import { BLACK, VARIANT_NAMES, WHITE, type Rules } from './variant.js';

/** The deepest count the module takes (its contract: depth 1 to 32). */
const WASM_MAX_DEPTH = 32;

/** The module's one export (see src/wasm/perft.ts): variant index, depth, the 8 piece words, side. */
type PerftExport = (
  variant: number,
  depth: number,
  s0: number,
  s1: number,
  s2: number,
  s3: number,
  s4: number,
  s5: number,
  s6: number,
  s7: number,
  side: number,
) => number;

/** The module's perft: undefined until first asked for, null when it cannot count. */
let counter: PerftExport | null | undefined;

/** Compiles and instantiates the module: its perft, or null when anything fails. */
function load(): PerftExport | null {
  const exports = instantiateWebAssembly(PERFT_WASM, 'perft');
  if (exports instanceof Error) return null;
  const perft = exports.perft;
  return typeof perft === 'function' ? (perft as PerftExport) : null;
}

/** Whether the WebAssembly counter can count here (loading it on first ask). */
export function perftWebAssemblyAvailable(): boolean {
  if (counter === undefined) counter = load();
  return counter !== null;
}

/**
 * Leaves `depth` plies (1 to 32) below the piece sets and side to move of `state` (a core
 * state), counted by the WebAssembly module; -1 when it cannot count them (unavailable, or
 * a failure now, after which it counts no more).
 */
export function countLeavesWebAssembly(rules: Rules, state: Int32Array, depth: number): number {
  if (counter === undefined) counter = load();
  if (counter === null || depth < 1 || depth > WASM_MAX_DEPTH) return -1;
  let nodes: number;
  try {
    nodes = counter(
      VARIANT_NAMES.indexOf(rules.name),
      depth,
      // The piece words in state order, as the module takes them.
      state[menLoWord(WHITE)],
      state[menHiWord(WHITE)],
      state[menLoWord(BLACK)],
      state[menHiWord(BLACK)],
      state[kingsLoWord(WHITE)],
      state[kingsHiWord(WHITE)],
      state[kingsLoWord(BLACK)],
      state[kingsHiWord(BLACK)],
      state[SIDE],
    );
  } catch {
    nodes = -1;
  }
  // A count in its range that fails says the module is broken: TypeScript counts from now.
  if (!(nodes >= 0)) {
    counter = null;
    return -1;
  }
  return nodes;
}
