/**
 * One browser tab's engine: a process started from the server's command, spoken to only in
 * protocol lines. The page's messages become lines and the engine's lines messages as
 * conversation.ts says (a `go` whose game the rules core refuses changes nothing; a `go`
 * while a search runs first stops it and waits for its bestmove). It watches the engine: a crash,
 * an exit or a stall (no bestmove once the search's time is over, or no answer to
 * `isready`) is reported to the page and the engine is started again.
 */
import {
  EngineProcess,
  type EngineCommand,
  type EngineFailure,
} from '../engine-client/engine-process.js';
import { EngineConversation } from './conversation.js';
import type { ClientMessage, GoLimits, ServerMessage } from './messages.js';

export interface TabSettings {
  readonly command: EngineCommand;
  /** Silence allowed: for the handshake, for `readyok`, and for bestmove after time is up. */
  readonly stallMs: number;
}

/** Time a new engine process may take to answer `uci` and `isready`. */
const STARTUP_MS = 10_000;
/** Restarts allowed in a row without a search that ended well. */
const MAX_RESTARTS = 3;

export class Tab {
  private engine: EngineProcess | undefined;
  private readonly conversation: EngineConversation;
  private watchdog: NodeJS.Timeout | undefined;
  private pingOutstanding = false;
  private restarts = 0;
  private closed = false;

  constructor(
    private readonly settings: TabSettings,
    private readonly send: (message: ServerMessage) => void,
  ) {
    this.conversation = new EngineConversation({
      line: (line) => this.engine?.send(line),
      reply: send,
      searchStarted: (limits) => this.watch(this.deadline(limits)),
      stopSent: () => this.watch(this.settings.stallMs),
      searchEnded: () => {
        this.restarts = 0;
        clearInterval(this.watchdog);
        this.watchdog = undefined;
      },
    });
    void this.start();
  }

  /** Handles one (already validated) message of the page. */
  handle(message: ClientMessage): void {
    this.conversation.handle(message);
  }

  /** The tab closed: the engine goes. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    await this.engine?.quit(500);
  }

  /** The engine process's id (for tests). */
  get pid(): number | undefined {
    return this.engine?.pid;
  }

  private async start(): Promise<void> {
    const engine = new EngineProcess(this.settings.command, 'tab', (_, direction, line) => {
      if (direction === '<' && engine === this.engine) this.receive(line.trim());
    });
    this.engine = engine;
    void engine.exited.then(() => this.lost(engine));
    const startup = Math.max(STARTUP_MS, this.settings.stallMs);
    const identity = await engine.handshake(startup);
    if (engine !== this.engine) return;
    if (!identity.ok) return this.restart(identity.failure);
    const failure = await engine.ready(startup);
    if (engine !== this.engine) return;
    if (failure !== undefined) return this.restart(failure);
    this.conversation.engineReady(identity.value.name ?? 'engine', identity.value.options);
  }

  private lost(engine: EngineProcess): void {
    if (engine !== this.engine || this.closed) return;
    // The process is gone: ask it once more to learn how (it answers with its failure).
    void engine.ready(0).then((failure) => {
      if (engine === this.engine) {
        this.restart(failure ?? { kind: 'disconnect', message: 'the engine left' });
      }
    });
  }

  private restart(failure: EngineFailure): void {
    if (this.closed) return;
    const old = this.engine;
    this.engine = undefined;
    old?.kill();
    clearInterval(this.watchdog);
    this.watchdog = undefined;
    const lostSearch = this.conversation.engineLost();
    this.send({
      type: 'engine-failed',
      kind: failure.kind,
      message:
        `the engine ${failure.kind === 'stall' ? 'stalled' : failure.kind === 'crash' ? 'crashed' : 'left'}` +
        `${lostSearch ? ' during a search' : ''}: ${failure.message}`,
    });
    if (++this.restarts > MAX_RESTARTS) {
      this.send({
        type: 'error',
        fatal: true,
        message: `the engine failed ${MAX_RESTARTS + 1} times in a row; reload the page to try again`,
      });
      return;
    }
    void this.start();
  }

  private receive(line: string): void {
    if (line.split(/\s+/)[0] === 'readyok') this.pingOutstanding = false;
    else this.conversation.receive(line);
  }

  /** The longest a search may take by its limits (infinite searches wait for stop). */
  private deadline(limits: GoLimits): number | undefined {
    const bounded =
      limits.infinite === true
        ? undefined
        : (limits.movetime ??
          (limits.wtime !== undefined || limits.btime !== undefined
            ? Math.max(limits.wtime ?? 0, limits.btime ?? 0) + Math.max(limits.winc ?? 0, limits.binc ?? 0) // prettier-ignore
            : undefined));
    return bounded === undefined ? undefined : bounded + this.settings.stallMs;
  }

  /**
   * While a search runs: ping `isready` every stall period (an unanswered ping is a stall),
   * and, when `deadlineMs` is given, expect the bestmove by then.
   */
  private watch(deadlineMs: number | undefined): void {
    clearInterval(this.watchdog);
    const engine = this.engine;
    const started = Date.now();
    this.pingOutstanding = false;
    this.watchdog = setInterval(
      () => {
        if (engine !== this.engine || !this.conversation.searching) return;
        if (this.pingOutstanding) {
          this.restart({ kind: 'stall', message: `no readyok within ${this.settings.stallMs} ms` });
        } else if (deadlineMs !== undefined && Date.now() - started > deadlineMs) {
          this.restart({ kind: 'stall', message: `no bestmove after ${Date.now() - started} ms` });
        } else {
          this.pingOutstanding = true;
          engine?.send('isready');
        }
      },
      Math.max(50, this.settings.stallMs),
    );
  }
}
