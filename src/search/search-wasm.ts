/**
 * The host's side of the search's WebAssembly module (the AssemblyScript of src/wasm/, built
 * by scripts/build-wasm.mjs into search-wasm-module.ts): one typed object over one instance.
 * Positions cross as core's state words (core/state.ts), written into and read from the
 * module's memory at its ply stack; everything else is a call with numbers. Core stays the
 * rules authority; this module is held to it by differential tests.
 *
 * The memory is made here too (createSearchMemory): one `WebAssembly.Memory` holding the
 * shared tables, one region a search thread and the transposition table (src/wasm/memory.ts
 * draws it), shared where the JavaScript engine can share memory between threads, so that
 * every search thread instantiates the module over the same table.
 */
import { fail, ok, type Result } from '../core/result.js';
import { STATE_SIZE } from '../core/state.js';
import { RULE_WORDS } from '../core/rule-record.js';
import type { Rules } from '../core/variant.js';
import { instantiateWebAssembly } from '../core/webassembly.js';
import type { EvalWeights } from './eval-weights.js';
import { ACTIVATION_ONE, NETWORK_INPUTS, OUTPUT_ONE, type NetworkWeights } from './network-weights.js'; // prettier-ignore
import {
  BACKED_MAN_SLOT,
  CRUMB_SLOTS,
  ENDING_TEMPO_SLOT,
  HISTORY_FEATURE,
  HOME_ROW_GUARD_SLOT,
  KILLERS_FEATURE,
  KING_MOBILITY_SLOT,
  KING_PER_MAN_SLOT,
  KING_SLOT,
  KING_SQUARE_SLOT,
  KINGS_ONLY_DRAW_DIVISOR_SLOT,
  LATE_MOVE_REDUCTIONS,
  MAN_MOBILITY_SLOT,
  MAN_PAIR_SLOT,
  MAN_SLOT,
  MAN_SQUARE_SLOT,
  MAX_GAME_PLIES,
  MAX_HIDDEN,
  MAX_MOVES,
  MAX_PLY,
  REDUCTION_ENTRIES,
  RUNAWAY_MAN_SLOT,
  SINGLE_REPLY_EXTENSION,
  TEMPO_SLOT,
  WEIGHT_SLOTS,
} from './module-constants.js';
import { SEARCH_WASM, SEARCH_WASM_SHARED } from './search-wasm-module.js';

/** A WebAssembly memory, as far as it is used here (typed here: Node's types leave it out). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface MemoryApi {
  Memory: new (descriptor: { initial: number; maximum?: number; shared?: boolean }) => WasmMemory;
}

/** Bytes of a WebAssembly page, and the most pages a 32-bit memory holds (4 GiB). */
const PAGE_BYTES = 65536;
const MAX_PAGES = 65536;

/** Where the parts of a search memory lie, in bytes (src/wasm/memory.ts). */
export interface SearchMemoryLayout {
  /** The thread regions: one for each search thread. */
  readonly regions: number;
  readonly tableOffset: number;
  readonly tableBytes: number;
  /** The breadcrumbs (CRUMB_SLOTS pairs of int32), which the engine empties before a search. */
  readonly crumbsOffset: number;
  readonly crumbsBytes: number;
  /** The whole memory, in whole pages. */
  readonly bytes: number;
}

/** A memory the search's module runs over, and its layout. */
export interface SearchMemory {
  readonly memory: WasmMemory;
  /** Whether it is shared between threads (a SharedArrayBuffer underneath). */
  readonly shared: boolean;
  readonly layout: SearchMemoryLayout;
}

/** The breadcrumbs' bytes (CRUMB_SLOTS pairs of int32). */
const CRUMBS_BYTES = CRUMB_SLOTS * 8;

/** The module's layout of a memory: the table's address for a number of regions, and the crumbs'. */
let measured: { tableAddress(regions: number): number; crumbsAddress(): number } | undefined;

/**
 * The layout of a memory of `regions` thread regions and a table of `tableBytes`, asked of an
 * instance of the module that is never started (it writes nothing); an error when WebAssembly
 * cannot start or the memory would pass 4 GiB.
 */
export function searchMemoryLayout(
  regions: number,
  tableBytes: number,
): Result<SearchMemoryLayout> {
  if (measured === undefined) {
    const api = (globalThis as { WebAssembly?: MemoryApi }).WebAssembly;
    const scratch = api === undefined ? undefined : new api.Memory({ initial: 1 });
    const exports = instantiateWebAssembly(SEARCH_WASM, 'search', { ...NO_IMPORTS, memory: scratch ?? {} }); // prettier-ignore
    if (exports instanceof Error) return fail('no-webassembly', `the search's WebAssembly module cannot start: ${exports.message}`); // prettier-ignore
    if (typeof exports.tableAddress !== 'function' || typeof exports.crumbsAddress !== 'function') return fail('bad-module', "the search's WebAssembly module lacks its layout"); // prettier-ignore
    measured = exports as unknown as NonNullable<typeof measured>;
  }
  const tableOffset = measured.tableAddress(regions) >>> 0;
  const bytes = Math.ceil((tableOffset + tableBytes) / PAGE_BYTES) * PAGE_BYTES;
  if (bytes > MAX_PAGES * PAGE_BYTES) return fail('out-of-memory', `a table of ${tableBytes / 2 ** 20} MiB and ${regions} search threads need ${Math.ceil(bytes / 2 ** 20)} MiB, more than the search's 4 GiB memory holds`); // prettier-ignore
  const crumbsOffset = measured.crumbsAddress() >>> 0;
  return ok({ regions, tableOffset, tableBytes, crumbsOffset, crumbsBytes: CRUMBS_BYTES, bytes });
}

/**
 * A memory for the search's module: `regions` thread regions and a table of `tableBytes`,
 * shared between threads when `shared` (and the JavaScript engine can), all of it zero.
 */
export function createSearchMemory(
  regions: number,
  tableBytes: number,
  shared: boolean,
): Result<SearchMemory> {
  const layout = searchMemoryLayout(regions, tableBytes);
  if (!layout.ok) return layout;
  const api = (globalThis as { WebAssembly?: MemoryApi }).WebAssembly as MemoryApi;
  const pages = layout.value.bytes / PAGE_BYTES;
  try {
    // A shared memory must say its most; this one never grows.
    const memory = shared ? new api.Memory({ initial: pages, maximum: pages, shared: true }) : new api.Memory({ initial: pages }); // prettier-ignore
    return ok({ memory, shared, layout: layout.value });
  } catch (error) {
    return fail('out-of-memory', `${Math.ceil(layout.value.bytes / 2 ** 20)} MiB of memory: ${error instanceof Error ? error.message : String(error)}`); // prettier-ignore
  }
}

/** The module's exports this host calls (src/wasm/engine.ts). */
interface SearchExports {
  _start(): void;
  tableAddress(regions: number): number;
  bindThread(region: number): void;
  attachTable(address: number, bytes: number): void;
  crumbsAddress(): number;
  stateWords(): number;
  rulesAddress(): number;
  setRules(): number;
  setWeight(slot: number, value: number): void;
  prepareEvaluation(): void;
  positionAddress(ply: number): number;
  refreshKey(ply: number): void;
  generateMoves(ply: number): number;
  listedMove(ply: number, index: number): number;
  listedCapturedLo(ply: number, index: number): number;
  listedCapturedHi(ply: number, index: number): number;
  makeMove(ply: number, index: number): void;
  networkAddress(part: number): number;
  setNetwork(hidden: number, outputBias: number, centiMenPerUnit: number): void;
  useNetwork(on: number): void;
  invalidateAccumulators(ply: number): void;
  evaluateNetwork(ply: number): number;
  evaluateNetworkFresh(ply: number): number;
  accumulatorAddress(ply: number): number;
  evaluate(ply: number): number;
  mobility(): number;
  hasQuietMove(ply: number): number;
  clearTable(): void;
  setTableAge(age: number): void;
  hashfull(): number;
  setReduction(index: number, value: number): void;
  keysAddress(): number;
  rootStatusAddress(): number;
  beginSearch(drawPlies: number, nodeLimit: number, checkInterval: number, keyIndex: number, tablesPieces: number, features: number, thread: number, crumbs: number): void; // prettier-ignore
  clearHistory(): void;
  searchRoot(depth: number): number;
  quietLeaf(): number;
  quietLeafPly(): number;
  searchedNodes(): number;
  selectiveDepth(): number;
  wasAborted(): number;
  takeOverflow(): number;
  pvLength(): number;
  pvMove(index: number): number;
  pvCapturedLo(index: number): number;
  pvCapturedHi(index: number): number;
}

/** What the module asks of the host during a search (src/wasm/search.ts's imports). */
export interface SearchHost {
  /** Every so many nodes: whether to stop (the stop flag, the clock). */
  poll(nodes: number): boolean;
  /** The endgame tables' code of `ply`'s position, or -1 when they do not cover it. */
  probeTables(ply: number): number;
  /** The root move searched now, the `number`-th of the line. */
  rootMove(number: number, move: number, capturedLo: number, capturedHi: number): void;
}

/** The optional parts of the search (search.ts SearchFeatures) as the module's bits. */
export interface ModuleFeatures {
  readonly lateMoveReductions: boolean;
  readonly singleReplyExtension: boolean;
  readonly killers: boolean;
  readonly history: boolean;
}

/** How one search is set up in the module (search.ts prepareModule). */
export interface ModuleSearchSetup {
  readonly drawPlies: number;
  readonly nodeLimit: number;
  readonly checkInterval: number;
  /** The keys of the game before the root, low and high word in turn, oldest first. */
  readonly gameKeys: Int32Array;
  /**
   * The most pieces the endgame tables hold (0: no tables): the module asks the host only
   * about positions of that many pieces or fewer, or where the side to move has none.
   */
  readonly tablesPieces: number;
  readonly features: ModuleFeatures;
  /** The search's thread number (0 the main thread): the region it searches in. */
  readonly threadIndex: number;
  /** Whether other threads search the same root (the threads then leave breadcrumbs). */
  readonly crumbs: boolean;
}

const NO_HOST: SearchHost = {
  poll: () => false,
  probeTables: () => -1,
  rootMove: () => {},
};

/** The module's imported functions, for an instance that never searches. */
const NO_IMPORTS = { poll: () => 0, probeTables: () => -1, rootMove: () => {} };

const EXPORTED_FUNCTIONS = [
  '_start',
  'tableAddress',
  'bindThread',
  'attachTable',
  'crumbsAddress',
  'stateWords',
  'rulesAddress',
  'setRules',
  'setWeight',
  'prepareEvaluation',
  'positionAddress',
  'refreshKey',
  'generateMoves',
  'listedMove',
  'listedCapturedLo',
  'listedCapturedHi',
  'makeMove',
  'networkAddress',
  'setNetwork',
  'useNetwork',
  'invalidateAccumulators',
  'evaluateNetwork',
  'evaluateNetworkFresh',
  'accumulatorAddress',
  'evaluate',
  'mobility',
  'hasQuietMove',
  'clearTable',
  'setTableAge',
  'hashfull',
  'setReduction',
  'keysAddress',
  'rootStatusAddress',
  'beginSearch',
  'clearHistory',
  'searchRoot',
  'quietLeaf',
  'quietLeafPly',
  'searchedNodes',
  'selectiveDepth',
  'wasAborted',
  'takeOverflow',
  'pvLength',
  'pvMove',
  'pvCapturedLo',
  'pvCapturedHi',
] as const;

/** The linear weights in the module's slots (module-constants.ts). */
function weightSlots(weights: EvalWeights): Int32Array {
  const slots = new Int32Array(WEIGHT_SLOTS);
  slots[MAN_SLOT] = weights.man;
  slots[KING_SLOT] = weights.king;
  slots[KING_PER_MAN_SLOT] = weights.kingPerMan;
  if (weights.manSquare.length !== KING_SQUARE_SLOT - MAN_SQUARE_SLOT || weights.kingSquare.length !== HOME_ROW_GUARD_SLOT - KING_SQUARE_SLOT) throw new Error('the square weights do not fit the module\'s slots'); // prettier-ignore
  slots.set(weights.manSquare, MAN_SQUARE_SLOT);
  slots.set(weights.kingSquare, KING_SQUARE_SLOT);
  slots[HOME_ROW_GUARD_SLOT] = weights.homeRowGuard;
  slots[MAN_MOBILITY_SLOT] = weights.manMobility;
  slots[KING_MOBILITY_SLOT] = weights.kingMobility;
  slots[BACKED_MAN_SLOT] = weights.backedMan;
  slots[MAN_PAIR_SLOT] = weights.manPair;
  slots[RUNAWAY_MAN_SLOT] = weights.runawayMan;
  slots[TEMPO_SLOT] = weights.tempo;
  slots[ENDING_TEMPO_SLOT] = weights.endingTempo;
  slots[KINGS_ONLY_DRAW_DIVISOR_SLOT] = weights.kingsOnlyDrawDivisor;
  return slots;
}

/** One instance of the search's module. */
export class SearchModule {
  /** The deepest ply of the module's stacks. */
  readonly maxPly = MAX_PLY;
  /** Views of each ply's position, made again if the memory grows or the region changes. */
  private positions: Int32Array[] = [];
  private viewedBuffer: ArrayBuffer | undefined;
  /** The units a side of the network set last, rounded up to 8 (its accumulators' stride). */
  private networkStride = 8;
  private region = 0;

  private constructor(
    private readonly module: SearchExports,
    private readonly hooks: { host: SearchHost },
    private readonly memory: SearchMemory,
  ) {
    const { tableOffset, tableBytes } = memory.layout;
    if (tableBytes > 0) module.attachTable(tableOffset, tableBytes);
  }

  /**
   * A new instance over `memory` and its table (emptied by whoever made the memory), or,
   * left out, over a memory of its own for one thread and no table (for what searches no
   * tree: moves, evaluation, quiescence); or why none can be made (no WebAssembly, a module
   * that fails to start).
   */
  static create(memory?: SearchMemory): Result<SearchModule> {
    let over = memory;
    if (over === undefined) {
      const own = createSearchMemory(1, 0, false);
      if (!own.ok) return own;
      over = own.value;
    }
    const hooks = { host: NO_HOST };
    const exports = instantiateWebAssembly(
      over.shared ? SEARCH_WASM_SHARED : SEARCH_WASM,
      'search',
      {
        memory: over.memory,
        poll: (nodes) => (hooks.host.poll(nodes) ? 1 : 0),
        probeTables: (ply) => hooks.host.probeTables(ply),
        rootMove: (number, move, capturedLo, capturedHi) => hooks.host.rootMove(number, move, capturedLo, capturedHi), // prettier-ignore
      },
    );
    if (exports instanceof Error) {
      return fail('no-webassembly', `the search's WebAssembly module cannot start: ${exports.message}`); // prettier-ignore
    }
    const missing = EXPORTED_FUNCTIONS.find((name) => typeof exports[name] !== 'function');
    if (missing !== undefined) return fail('bad-module', `the search's WebAssembly module lacks ${missing}`); // prettier-ignore
    const module = exports as unknown as SearchExports;
    if (module.stateWords() !== STATE_SIZE) {
      return fail('bad-module', `the search's WebAssembly module holds ${module.stateWords()} state words, core ${STATE_SIZE}`); // prettier-ignore
    }
    try {
      module._start();
    } catch (error) {
      return fail('no-webassembly', `the search's WebAssembly module cannot start: ${error instanceof Error ? error.message : String(error)}`); // prettier-ignore
    }
    return ok(new SearchModule(module, hooks, over));
  }

  /** The memory the instance runs over. */
  get buffer(): ArrayBuffer {
    return this.memory.memory.buffer;
  }

  /** Answers the module's calls during a search from now on. */
  connect(host: SearchHost): void {
    this.hooks.host = host;
  }

  /**
   * Searches in thread region `region` from now on (src/wasm/memory.ts): each thread of a
   * search its own, so that threads never write each other's stacks.
   */
  bindThread(region: number): void {
    if (region === this.region) return;
    if (region < 0 || region >= this.memory.layout.regions) throw new Error(`the search's memory holds ${this.memory.layout.regions} thread regions, not region ${region}`); // prettier-ignore
    this.module.bindThread(region);
    this.region = region;
    this.viewedBuffer = undefined;
  }

  /**
   * Plays `rules` from now on: core's rule record written into the module's memory, as the
   * weights are. Throws when the module has no way of moving that the rules ask for.
   */
  setRules(rules: Rules): void {
    new Int32Array(this.buffer, this.module.rulesAddress() >>> 0, RULE_WORDS).set(rules.record);
    if (this.module.setRules() === 0) throw new Error(`the search's WebAssembly module cannot play the rules of ${rules.name} as defined`); // prettier-ignore
  }

  /** Evaluates with `weights` (one variant's linear weights) from now on. */
  setWeights(weights: EvalWeights): void {
    weightSlots(weights).forEach((value, slot) => this.module.setWeight(slot, value));
    this.module.prepareEvaluation();
  }

  /**
   * Copies `network` (one variant's quantised weights) into the module's memory, each
   * layer at a stride of its width rounded up to 8 with the units past it zero (src/wasm/network.ts).
   */
  setNetwork(network: NetworkWeights): void {
    const { hidden } = network;
    if (!(hidden >= 1 && hidden <= MAX_HIDDEN)) throw new Error(`the module holds networks of 1 to ${MAX_HIDDEN} hidden units, not ${hidden}`); // prettier-ignore
    if (network.inputWeights.length !== NETWORK_INPUTS * hidden || network.inputBias.length !== hidden || network.outputWeights.length !== 2 * hidden) throw new Error(`a network of ${hidden} hidden units has weights of another shape`); // prettier-ignore
    const stride = (hidden + 7) & ~7;
    this.networkStride = stride;
    const buffer = this.buffer;
    const inputs = new Int16Array(buffer, this.module.networkAddress(0) >>> 0, NETWORK_INPUTS * stride); // prettier-ignore
    inputs.fill(0);
    for (let input = 0; input < NETWORK_INPUTS; input++) {
      inputs.set(network.inputWeights.subarray(input * hidden, (input + 1) * hidden), input * stride); // prettier-ignore
    }
    const bias = new Int16Array(buffer, this.module.networkAddress(1) >>> 0, stride);
    bias.fill(0);
    bias.set(network.inputBias);
    const output = new Int16Array(buffer, this.module.networkAddress(2) >>> 0, 2 * stride);
    output.fill(0);
    output.set(network.outputWeights.subarray(0, hidden));
    output.set(network.outputWeights.subarray(hidden), stride);
    // The same factor network.ts multiplies by, so that the rounding is the same.
    this.module.setNetwork(hidden, network.outputBias, network.scale / (ACTIVATION_ONE * OUTPUT_ONE)); // prettier-ignore
  }

  /** Whether the search scores quiet positions with the network set last (true) or the linear weights. */
  useNetwork(on: boolean): void {
    this.module.useNetwork(on ? 1 : 0);
  }

  /** `ply`'s position changed outside makeMove: its accumulators are out of date. */
  invalidateAccumulators(ply: number): void {
    this.module.invalidateAccumulators(ply);
  }

  /**
   * The network's evaluation of `ply`'s position for its side to move, its accumulators
   * brought up to date along the line of positions from ply 0; `mobility()` after it.
   */
  evaluateNetwork(ply: number): number {
    return this.module.evaluateNetwork(ply);
  }
  /** The same from scratch (no accumulator of the line used or changed). */
  evaluateNetworkFresh(ply: number): number {
    return this.module.evaluateNetworkFresh(ply);
  }

  /**
   * A copy of `ply`'s accumulators as they stand (White's units, then Black's, each rounded
   * up to 8); `maxPly + 2` is the slot evaluateNetworkFresh fills.
   */
  accumulators(ply: number): Int16Array {
    return new Int16Array(this.buffer, this.module.accumulatorAddress(ply) >>> 0, 2 * this.networkStride).slice(); // prettier-ignore
  }

  /** The state words of `ply`'s position, a view of the module's memory. */
  position(ply: number): Int32Array {
    const buffer = this.buffer;
    if (buffer !== this.viewedBuffer) {
      this.viewedBuffer = buffer;
      this.positions = Array.from({ length: this.maxPly + 2 }, (_, at) => new Int32Array(buffer, this.module.positionAddress(at) >>> 0, STATE_SIZE)); // prettier-ignore
    }
    return this.positions[ply];
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

  /** Whether the side to move of `ply`'s position has a step or a slide. */
  hasQuietMove(ply: number): boolean {
    return this.module.hasQuietMove(ply) !== 0;
  }

  /** The age the table's stores stamp (tt.ts TranspositionTable.age). */
  setTableAge(age: number): void {
    this.module.setTableAge(age);
  }

  /** Per mille of a sample of the table's entries written by the current search. */
  hashfull(): number {
    return this.module.hashfull();
  }

  /** The late move reductions by depth and move number (search.ts REDUCTIONS). */
  setReductions(reductions: Int8Array): void {
    if (reductions.length !== REDUCTION_ENTRIES) throw new Error(`the module holds ${REDUCTION_ENTRIES} late move reductions, not ${reductions.length}`); // prettier-ignore
    reductions.forEach((value, index) => this.module.setReduction(index, value));
  }

  /** Forgets the killers and the history: a new game. */
  clearHistory(): void {
    this.module.clearHistory();
  }

  /**
   * Sets up a search from the position at ply 0 of the region bound (bindThread), the history
   * halved, as each search does; the keys it compares for repetitions are the game's, then
   * the root's own (repetitionKey).
   */
  beginSearch(setup: ModuleSearchSetup): void {
    const keys = setup.gameKeys;
    if (keys.length > 2 * MAX_GAME_PLIES || (keys.length & 1) !== 0) throw new Error(`the module holds the keys of ${MAX_GAME_PLIES} earlier positions, not ${keys.length / 2}`); // prettier-ignore
    new Int32Array(this.buffer, this.module.keysAddress() >>> 0, keys.length).set(keys);
    const features = setup.features;
    const bits = (features.lateMoveReductions ? LATE_MOVE_REDUCTIONS : 0) | (features.singleReplyExtension ? SINGLE_REPLY_EXTENSION : 0) | (features.killers ? KILLERS_FEATURE : 0) | (features.history ? HISTORY_FEATURE : 0); // prettier-ignore
    this.module.beginSearch(setup.drawPlies, setup.nodeLimit, setup.checkInterval, keys.length >> 1, setup.tablesPieces, bits, setup.threadIndex, setup.crumbs ? 1 : 0); // prettier-ignore
  }

  /**
   * The key the search compares for repetitions at `index` (the game's keys from 0, then the
   * root's, then the line's), its low and high word.
   */
  repetitionKey(index: number): [number, number] {
    const words = new Int32Array(this.buffer, (this.module.keysAddress() >>> 0) + 8 * index, 2);
    return [words[0], words[1]];
  }

  /**
   * One line of an iteration at `depth`, searching the root moves whose `status` is 0: its
   * score. Throws when a move list ran out of room (the line would not be the rules').
   */
  searchRoot(depth: number, status: Uint8Array, count: number): number {
    if (!(count >= 0 && count <= MAX_MOVES && count <= status.length)) throw new Error(`the module holds the status of ${MAX_MOVES} root moves, not ${count}`); // prettier-ignore
    new Uint8Array(this.buffer, this.module.rootStatusAddress() >>> 0, count).set(status.subarray(0, count)); // prettier-ignore
    const score = this.module.searchRoot(depth);
    if (this.module.takeOverflow() !== 0) throw new Error('the search met a position with more moves than its lists hold'); // prettier-ignore
    return score;
  }

  /**
   * The position the search would evaluate for `state` (core's state words): the quiescence
   * search runs from it with a full window and no limit, and the captures both sides would
   * make are played out; that position is copied into `leaf` (`state` itself when no capture
   * is pending). Returns the quiescence score for the side to move, with the variant, weights
   * and evaluation set last. Allocates nothing; throws when a move list ran out of room.
   */
  quietLeaf(state: Int32Array, leaf: Int32Array): number {
    this.setPosition(0, state);
    const score = this.module.quietLeaf();
    if (this.module.takeOverflow() !== 0) throw new Error('the quiescence search met a position with more moves than its lists hold'); // prettier-ignore
    leaf.set(this.position(this.module.quietLeafPly()));
    return score;
  }

  /** The search's nodes, deepest ply, and whether a limit cut it. */
  get nodes(): number {
    return this.module.searchedNodes();
  }
  get seldepth(): number {
    return this.module.selectiveDepth();
  }
  get aborted(): boolean {
    return this.module.wasAborted() !== 0;
  }

  /** The last root search's principal variation, written into the arrays given; its length. */
  principalVariation(moves: Int32Array, capturedLo: Int32Array, capturedHi: Int32Array): number {
    const length = this.module.pvLength();
    for (let i = 0; i < length; i++) {
      moves[i] = this.module.pvMove(i);
      capturedLo[i] = this.module.pvCapturedLo(i);
      capturedHi[i] = this.module.pvCapturedHi(i);
    }
    return length;
  }
}
