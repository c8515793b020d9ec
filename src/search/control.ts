/**
 * What the engine and its search threads share besides the transposition table: the stop
 * flag, the ponder state and each thread's node and endgame-database hit counts, in one small
 * SharedArrayBuffer.
 * Flags go through Atomics; counts are plain float64 slots, each written by one thread.
 */
import { CRUMB_SLOTS } from './module-constants.js';

const STOP = 0;
const PONDERING = 1;
/** Thread 0's current iteration, and the root move it searches with its 1-based number. */
const DEPTH = 2;
const MOVE_NUMBER = 3;
const MOVE = 4;
const MOVE_CAPTURED_LO = 5;
const MOVE_CAPTURED_HI = 6;
const FLAG_WORDS = 8;
/**
 * Breadcrumbs: a small table where a thread marks the nodes near the root it is searching
 * (its number + 1 and the key's low word per slot), so that another thread arriving at the
 * same node searches its late moves with one more reduction instead of doing the same work.
 */
const CRUMB_WORDS = 2 * CRUMB_SLOTS;
/** Slot 0 of the float64 view: the time (epoch ms) of ponderhit; then each thread's nodes, then
 * each thread's endgame-database hits. */
const PONDERHIT_TIME = 0;

export class SearchControl {
  /**
   * Whether the buffer is really shared between threads. A page that is not cross-origin
   * isolated gets a plain ArrayBuffer (engine/web/shared-memory.ts), on which no thread can
   * wait: Atomics.wait throws on a buffer that is not shared.
   */
  readonly shared: boolean;
  readonly flags: Int32Array;
  /** The breadcrumbs (CRUMB_SLOTS pairs: thread number + 1 or 0, the key's low word). */
  readonly crumbs: Int32Array;
  private readonly numbers: Float64Array;

  constructor(
    readonly buffer: SharedArrayBuffer,
    readonly threads: number,
  ) {
    this.shared = Object.prototype.toString.call(buffer) === '[object SharedArrayBuffer]';
    this.flags = new Int32Array(buffer, 0, FLAG_WORDS);
    this.crumbs = new Int32Array(buffer, FLAG_WORDS * 4, CRUMB_WORDS);
    this.numbers = new Float64Array(buffer, (FLAG_WORDS + CRUMB_WORDS) * 4, 1 + 2 * threads);
  }

  /** A fresh buffer for up to `threads` threads. */
  static create(threads: number): SearchControl {
    return new SearchControl(
      new SharedArrayBuffer((FLAG_WORDS + CRUMB_WORDS) * 4 + 8 * (1 + 2 * threads)),
      threads,
    );
  }

  /** Clears every flag and count before a search. */
  reset(pondering: boolean): void {
    Atomics.store(this.flags, STOP, 0);
    Atomics.store(this.flags, PONDERING, pondering ? 1 : 0);
    Atomics.store(this.flags, DEPTH, 0);
    Atomics.store(this.flags, MOVE_NUMBER, 0);
    this.crumbs.fill(0);
    this.numbers.fill(0);
  }

  stop(): void {
    Atomics.store(this.flags, STOP, 1);
    if (this.shared) Atomics.notify(this.flags, STOP);
  }

  get stopped(): boolean {
    return Atomics.load(this.flags, STOP) !== 0;
  }

  /** The GUI played the move the engine was pondering on: from now on the clock runs. */
  ponderhit(nowEpochMs: number): void {
    this.numbers[PONDERHIT_TIME] = nowEpochMs;
    Atomics.store(this.flags, PONDERING, 0);
    if (this.shared) Atomics.notify(this.flags, STOP);
  }

  get pondering(): boolean {
    return Atomics.load(this.flags, PONDERING) !== 0;
  }

  /** When ponderhit came (epoch ms), or 0. */
  get ponderhitTime(): number {
    return this.numbers[PONDERHIT_TIME];
  }

  /**
   * Sleeps until stop or ponderhit, or at most `ms` (only worker threads may block). Never
   * called on a buffer that is not shared: no signal could come (see `shared`).
   */
  waitForSignal(ms: number): void {
    if (!this.shared) throw new Error('no thread can wait on a control block that is not shared'); // prettier-ignore
    Atomics.wait(this.flags, STOP, 0, ms);
  }

  /** Thread 0 begins an iteration. */
  setDepth(depth: number): void {
    Atomics.store(this.flags, DEPTH, depth);
  }

  /** The iteration thread 0 is in (0 before the first). */
  get depth(): number {
    return Atomics.load(this.flags, DEPTH);
  }

  /** Thread 0 begins searching a root move, the `number`-th of its iteration. */
  setRootMove(number: number, move: number, capturedLo: number, capturedHi: number): void {
    Atomics.store(this.flags, MOVE, move);
    Atomics.store(this.flags, MOVE_CAPTURED_LO, capturedLo);
    Atomics.store(this.flags, MOVE_CAPTURED_HI, capturedHi);
    Atomics.store(this.flags, MOVE_NUMBER, number);
  }

  /**
   * The root move thread 0 searches: its number (0 before the first), the packed move and
   * its captured set. Read while the thread goes on, the parts may belong to two moves, so
   * a reader checks the move against the root's legal moves.
   */
  get rootMoveNumber(): number {
    return Atomics.load(this.flags, MOVE_NUMBER);
  }
  get rootMove(): number {
    return Atomics.load(this.flags, MOVE);
  }
  get rootCapturedLo(): number {
    return Atomics.load(this.flags, MOVE_CAPTURED_LO);
  }
  get rootCapturedHi(): number {
    return Atomics.load(this.flags, MOVE_CAPTURED_HI);
  }

  setNodes(thread: number, nodes: number): void {
    this.numbers[1 + thread] = nodes;
  }

  /** Endgame database hits of one thread (written by that thread only). */
  setTbHits(thread: number, hits: number): void {
    this.numbers[1 + this.threads + thread] = hits;
  }

  totalTbHits(): number {
    let total = 0;
    for (let i = 1 + this.threads; i <= 2 * this.threads; i++) total += this.numbers[i];
    return total;
  }

  totalNodes(): number {
    let total = 0;
    for (let i = 1; i <= this.threads; i++) total += this.numbers[i];
    return total;
  }
}

/** Milliseconds since the epoch, with sub-millisecond precision, comparable across threads. */
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}
