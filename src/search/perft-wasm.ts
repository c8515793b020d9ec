/**
 * Perft's leaf counter in WebAssembly: the AssemblyScript of src/wasm/perft.ts, which
 * scripts/build-wasm.mjs compiles into perft-wasm-module.ts. It is compiled and instantiated
 * on first use, synchronously, so that perft stays a plain function in Node, in worker
 * threads and in browsers alike. Where that fails (no WebAssembly, a browser main thread
 * that refuses to compile synchronously) it is unavailable and core's perft counts alone;
 * so too, from then on, once it traps or answers that it cannot count. The rules reach it
 * as data: core's rule record (rule-record.ts), written into its memory when the rules of
 * a count differ from the last count's; rules it cannot play are counted by core.
 */
import { usePerftSubtreeCounter } from '../core/perft.js';
import { RULE_WORDS } from '../core/rule-record.js';
import { kingsHiWord, kingsLoWord, menHiWord, menLoWord, SIDE } from '../core/state.js';
import { BLACK, WHITE, type Rules } from '../core/variant.js';
import { PERFT_MAX_DEPTH } from './module-constants.js';
import { PERFT_WASM } from './perft-wasm-module.js';
import { instantiateWebAssembly } from './webassembly.js';

/** The module's count (see src/wasm/perft.ts): depth, the 8 piece words, side. */
type PerftExport = (
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

/** The module's exports: its count, and where and how it takes the rules. */
interface PerftModule {
  readonly perft: PerftExport;
  readonly record: Int32Array;
  readonly setRules: () => number;
}

/** The module: undefined until first asked for, null when it cannot count. */
let counter: PerftModule | null | undefined;
/** The rules whose record the module holds, and whether it plays them. */
let rulesSet: Rules | undefined;
let rulesPlayed = false;

/** Compiles and instantiates the module: its exports, or null when anything fails. */
function load(): PerftModule | null {
  const exports = instantiateWebAssembly(PERFT_WASM, 'perft');
  if (exports instanceof Error) return null;
  const { perft, rulesAddress, setRules, memory } = exports;
  if (typeof perft !== 'function' || typeof rulesAddress !== 'function' || typeof setRules !== 'function') return null; // prettier-ignore
  const buffer = (memory as { buffer?: unknown } | undefined)?.buffer;
  if (!(buffer instanceof ArrayBuffer)) return null;
  const address = (rulesAddress as () => number)() >>> 0;
  if (address + 4 * RULE_WORDS > buffer.byteLength) return null;
  rulesSet = undefined;
  return {
    perft: perft as PerftExport,
    record: new Int32Array(buffer, address, RULE_WORDS),
    setRules: setRules as () => number,
  };
}

/** Gives the module the rules of `rules` unless it holds them: whether it plays them. */
function giveRules(module: PerftModule, rules: Rules): boolean {
  if (rulesSet !== rules) {
    module.record.set(rules.record);
    rulesPlayed = module.setRules() !== 0;
    rulesSet = rules;
  }
  return rulesPlayed;
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
  if (counter === null || depth < 1 || depth > PERFT_MAX_DEPTH) return -1;
  let nodes: number;
  try {
    // Rules the module does not have are counted by core; the module stays for others.
    if (!giveRules(counter, rules)) return -1;
    nodes = counter.perft(
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
  // A count in its range that fails says the module is broken: core counts from now.
  if (!(nodes >= 0)) {
    counter = null;
    return -1;
  }
  return nodes;
}

/**
 * Chooses how core's perft (core/perft.ts) counts from now on: its subtrees of
 * SUBTREE_DEPTH plies or less by this module where it loads (on), or everything in core
 * (off, the slow cross-check). Returns whether the module was chosen before.
 */
export function usePerftWebAssembly(on: boolean): boolean {
  return usePerftSubtreeCounter(on ? countLeavesWebAssembly : null) !== null;
}
