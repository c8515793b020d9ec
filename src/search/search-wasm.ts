/**
 * The host's side of the search's WebAssembly module (the AssemblyScript of src/wasm/, built
 * by scripts/build-wasm.mjs into search-wasm-module.ts): one typed object over one instance.
 * Positions cross as core's state words (core/state.ts), written into and read from the
 * module's memory at its ply stack; everything else is a call with numbers. Core stays the
 * rules authority; this module is held to it by differential tests.
 */
import { fail, ok, type Result } from '../core/result.js';
import { STATE_SIZE } from '../core/state.js';
import { VARIANT_NAMES, type Rules } from '../core/variant.js';
import { instantiateWebAssembly } from '../core/webassembly.js';
import type { EvalWeights } from './eval-weights.js';
import { SEARCH_WASM } from './search-wasm-module.js';

/** The module's exports this host calls (src/wasm/engine.ts). */
interface SearchExports {
  readonly memory: { readonly buffer: ArrayBuffer };
  maxPly(): number;
  maxMoves(): number;
  stateWords(): number;
  setVariant(variant: number): void;
  setWeight(slot: number, value: number): void;
  prepareEvaluation(): void;
  positionAddress(ply: number): number;
  refreshKey(ply: number): void;
  generateMoves(ply: number): number;
  listedMove(ply: number, index: number): number;
  listedCapturedLo(ply: number, index: number): number;
  listedCapturedHi(ply: number, index: number): number;
  makeMove(ply: number, index: number): void;
  evaluate(ply: number): number;
  mobility(): number;
}

const EXPORTED_FUNCTIONS = [
  'maxPly',
  'maxMoves',
  'stateWords',
  'setVariant',
  'setWeight',
  'prepareEvaluation',
  'positionAddress',
  'refreshKey',
  'generateMoves',
  'listedMove',
  'listedCapturedLo',
  'listedCapturedHi',
  'makeMove',
  'evaluate',
  'mobility',
] as const;

/** The linear weights in the module's slot order (src/wasm/eval.ts). */
function weightSlots(weights: EvalWeights): number[] {
  return [
    weights.man,
    weights.king,
    weights.kingPerMan,
    ...weights.manSquare,
    ...weights.kingSquare,
    weights.homeRowGuard,
    weights.manMobility,
    weights.kingMobility,
    weights.backedMan,
    weights.manPair,
    weights.runawayMan,
    weights.tempo,
    weights.endingTempo,
    weights.kingsOnlyDrawDivisor,
  ];
}

/** One instance of the search's module. */
export class SearchModule {
  /** The deepest ply of the module's stacks. */
  readonly maxPly: number;

  private constructor(private readonly module: SearchExports) {
    this.maxPly = module.maxPly();
  }

  /** A new instance, or why none can be made (no WebAssembly, a module that fails to start). */
  static create(): Result<SearchModule> {
    const exports = instantiateWebAssembly(SEARCH_WASM, 'search');
    if (exports instanceof Error) {
      return fail('no-webassembly', `the search's WebAssembly module cannot start: ${exports.message}`); // prettier-ignore
    }
    const missing = EXPORTED_FUNCTIONS.find((name) => typeof exports[name] !== 'function');
    const memory = exports.memory as { buffer?: unknown } | undefined;
    if (missing !== undefined || !(memory?.buffer instanceof ArrayBuffer)) {
      return fail('bad-module', `the search's WebAssembly module lacks ${missing ?? 'its memory'}`); // prettier-ignore
    }
    const module = exports as unknown as SearchExports;
    if (module.stateWords() !== STATE_SIZE) {
      return fail('bad-module', `the search's WebAssembly module holds ${module.stateWords()} state words, core ${STATE_SIZE}`); // prettier-ignore
    }
    return ok(new SearchModule(module));
  }

  /** Plays the variant of `rules` from now on. */
  setVariant(rules: Rules): void {
    this.module.setVariant(VARIANT_NAMES.indexOf(rules.name));
  }

  /** Evaluates with `weights` (one variant's linear weights) from now on. */
  setWeights(weights: EvalWeights): void {
    weightSlots(weights).forEach((value, slot) => this.module.setWeight(slot, value));
    this.module.prepareEvaluation();
  }

  /** The state words of `ply`'s position, a view of the module's memory (valid until it grows). */
  position(ply: number): Int32Array {
    return new Int32Array(this.module.memory.buffer, this.module.positionAddress(ply), STATE_SIZE);
  }

  /** Puts core's `state` at `ply` (its key as core keeps it). */
  setPosition(ply: number, state: Int32Array): void {
    this.position(ply).set(state.subarray(0, STATE_SIZE));
  }

  /** Works out the key of `ply`'s position from its pieces, as the module keys positions. */
  refreshKey(ply: number): void {
    this.module.refreshKey(ply);
  }

  /** Lists the legal moves of `ply`'s position; how many, or -1 when a list ran out of room. */
  generateMoves(ply: number): number {
    return this.module.generateMoves(ply);
  }

  /** Move `index` of `ply`'s list, packed as core packs it, and its captured set's two words. */
  move(ply: number, index: number): number {
    return this.module.listedMove(ply, index);
  }
  capturedLo(ply: number, index: number): number {
    return this.module.listedCapturedLo(ply, index);
  }
  capturedHi(ply: number, index: number): number {
    return this.module.listedCapturedHi(ply, index);
  }

  /** Plays move `index` of `ply`'s list into `ply + 1` (`ply`'s position stays as it was). */
  makeMove(ply: number, index: number): void {
    this.module.makeMove(ply, index);
  }

  /** The linear evaluation of `ply`'s position for its side to move, and its mobility after. */
  evaluate(ply: number): number {
    return this.module.evaluate(ply);
  }
  /** The side to move's steps and slides counted by the last evaluate (0: it has lost). */
  mobility(): number {
    return this.module.mobility();
  }
}
