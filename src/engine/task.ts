/**
 * The life of the one task the engine runs at a time (a search, a bench, a perft), as a
 * small state machine:
 *
 *                 stop()                  the work answers
 *     running ─────────────► stopping ───────────────────► finished
 *        │                      │
 *        │ the work answers     │ no answer within the stall time
 *        ▼                      ▼
 *     finished              abandoned: the threads are replaced and the task
 *                           answers with what it knows
 *
 * Only stop() arms the stall watch: a search that ends by itself (a limit reached) has
 * nothing to wait for.
 */

/** Where a task is in its life (see the drawing above). */
export type TaskState = 'running' | 'stopping' | 'abandoned' | 'finished';

/** What the engine does when a task is stopped, and when its threads stall. */
export interface TaskHooks {
  /** Tells the threads to stop (the shared stop flag). */
  stop(): void;
  /** The threads did not answer in time: report it and replace them. */
  stalled(): void;
}

/** One task's state, its stall watch, and a promise that settles if it is abandoned. */
export class TaskLife {
  private current: TaskState = 'running';
  private stallTimer: NodeJS.Timeout | undefined;
  private resolveAbandoned: () => void = () => {};
  private resolveSignalled: () => void = () => {};
  /** Resolves when the task is abandoned (after the hooks' `stalled`); else never. */
  readonly abandoned: Promise<void>;
  /**
   * Resolves at stop() or ponderhit(): what an infinite or ponder search waits for before
   * it may answer (threads that share no memory answer early, and the engine holds it).
   */
  readonly signalled: Promise<void>;

  constructor(
    private readonly hooks: TaskHooks,
    private readonly stallMs: number,
  ) {
    this.abandoned = new Promise<void>((resolve) => (this.resolveAbandoned = resolve));
    this.signalled = new Promise<void>((resolve) => (this.resolveSignalled = resolve));
  }

  get state(): TaskState {
    return this.current;
  }

  /** True once stop() was asked (or the task was given up): a bench or perft ends early. */
  get stopRequested(): boolean {
    return this.current !== 'running' && this.current !== 'finished';
  }

  /** running -> stopping: the threads are told to stop and the stall watch starts. */
  stop(): void {
    this.resolveSignalled();
    if (this.current !== 'running') return;
    this.current = 'stopping';
    this.hooks.stop();
    this.stallTimer = setTimeout(() => this.abandon(), this.stallMs);
  }

  /** The pondered move was played: a ponder search may now answer by itself. */
  ponderhit(): void {
    this.resolveSignalled();
  }

  /** running or stopping -> finished: the work has answered. */
  finish(): void {
    if (this.current === 'finished' || this.current === 'abandoned') return;
    clearTimeout(this.stallTimer);
    this.current = 'finished';
  }

  /** stopping -> abandoned: no answer came within the stall time. */
  private abandon(): void {
    if (this.current !== 'stopping') return;
    this.current = 'abandoned';
    this.hooks.stalled();
    this.resolveAbandoned();
  }
}
