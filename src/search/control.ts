/**
 * What the engine and its search threads share besides the transposition table: the stop
 * flag, the ponder state and each thread's node count, in one small SharedArrayBuffer.
 * Flags go through Atomics; counts are plain float64 slots, each written by one thread.
 */

const STOP = 0;
const PONDERING = 1;
const FLAG_WORDS = 4;
/** Slot 0 of the float64 view: the time (epoch ms) of ponderhit; then one per thread. */
const PONDERHIT_TIME = 0;

export class SearchControl {
  readonly flags: Int32Array;
  private readonly numbers: Float64Array;

  constructor(
    readonly buffer: SharedArrayBuffer,
    readonly threads: number,
  ) {
    this.flags = new Int32Array(buffer, 0, FLAG_WORDS);
    this.numbers = new Float64Array(buffer, FLAG_WORDS * 4, 1 + threads);
  }

  /** A fresh buffer for up to `threads` threads. */
  static create(threads: number): SearchControl {
    return new SearchControl(new SharedArrayBuffer(FLAG_WORDS * 4 + 8 * (1 + threads)), threads);
  }

  /** Clears every flag and count before a search. */
  reset(pondering: boolean): void {
    Atomics.store(this.flags, STOP, 0);
    Atomics.store(this.flags, PONDERING, pondering ? 1 : 0);
    this.numbers.fill(0);
  }

  stop(): void {
    Atomics.store(this.flags, STOP, 1);
    Atomics.notify(this.flags, STOP);
  }

  get stopped(): boolean {
    return Atomics.load(this.flags, STOP) !== 0;
  }

  /** The GUI played the move the engine was pondering on: from now on the clock runs. */
  ponderhit(nowEpochMs: number): void {
    this.numbers[PONDERHIT_TIME] = nowEpochMs;
    Atomics.store(this.flags, PONDERING, 0);
    Atomics.notify(this.flags, STOP);
  }

  get pondering(): boolean {
    return Atomics.load(this.flags, PONDERING) !== 0;
  }

  /** When ponderhit came (epoch ms), or 0. */
  get ponderhitTime(): number {
    return this.numbers[PONDERHIT_TIME];
  }

  /** Sleeps until stop or ponderhit, or at most `ms` (only worker threads may block). */
  waitForSignal(ms: number): void {
    Atomics.wait(this.flags, STOP, 0, ms);
  }

  setNodes(thread: number, nodes: number): void {
    this.numbers[1 + thread] = nodes;
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
