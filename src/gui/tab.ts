/**
 * One browser tab's engine: a process started from the server's command, spoken to only in
 * protocol lines. A `go` whose game the rules core refuses (bad position text, an illegal
 * move) gets an error and changes nothing: no line reaches the engine, a search under way
 * goes on. The tab turns the page's other messages into lines, in order: a `go` while a
 * search runs first stops it and waits for its bestmove. It watches the engine: a crash,
 * an exit or a stall (no bestmove once the search's time is over, or no answer to
 * `isready`) is reported to the page and the engine is started again.
 */
import { EngineProcess, type EngineCommand, type EngineFailure } from '../match/engine-process.js';
import {
  checkGoGame,
  goLines,
  type CheckedGame,
  type ClientMessage,
  type GoMessage,
  type ServerMessage,
} from './messages.js';

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
  private options: readonly string[] = [];
  private ready = false;
  /** The search the engine is running (its id), if any. */
  private searching: number | undefined;
  private stopSent = false;
  /** What runs once the engine is idle: the last `go` or `newgame` asked for. */
  private queued: GoMessage | { type: 'newgame' } | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private pingOutstanding = false;
  private restarts = 0;
  private closed = false;
  /** The last game a `go` carried that the rules core accepted. */
  private checked: CheckedGame | undefined;

  constructor(
    private readonly settings: TabSettings,
    private readonly send: (message: ServerMessage) => void,
  ) {
    void this.start();
  }

  /** Handles one (already validated) message of the page. */
  handle(message: ClientMessage): void {
    if (message.type === 'stop') {
      this.stopSearch();
      return;
    }
    if (message.type === 'go') {
      const checked = checkGoGame(message, this.checked);
      if (!checked.ok) {
        this.send({ type: 'error', id: message.id, message: checked.error.message });
        return;
      }
      this.checked = checked.value;
    }
    this.queued = message;
    if (this.searching !== undefined) this.stopSearch();
    else this.runQueued();
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
    this.ready = false;
    void engine.exited.then(() => this.lost(engine));
    const startup = Math.max(STARTUP_MS, this.settings.stallMs);
    const identity = await engine.handshake(startup);
    if (engine !== this.engine) return;
    if (!identity.ok) return this.restart(identity.failure);
    const failure = await engine.ready(startup);
    if (engine !== this.engine) return;
    if (failure !== undefined) return this.restart(failure);
    this.options = identity.value.options.map((name) => name.toLowerCase());
    this.ready = true;
    this.send({
      type: 'ready',
      engine: identity.value.name ?? 'engine',
      options: identity.value.options,
    });
    this.runQueued();
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
    const lostSearch = this.searching !== undefined;
    this.searching = undefined;
    this.stopSent = false;
    this.ready = false;
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
    const words = line.split(/\s+/);
    if (words[0] === 'readyok') {
      this.pingOutstanding = false;
    } else if (line.startsWith('info string error')) {
      this.send({ type: 'engine-error', message: line.replace(/^info string error:?\s*/, '') });
    } else if (words[0] === 'info' && this.searching !== undefined) {
      this.send({ type: 'info', id: this.searching, line });
    } else if (words[0] === 'bestmove' && this.searching !== undefined) {
      const id = this.searching;
      this.searching = undefined;
      this.stopSent = false;
      this.restarts = 0;
      clearInterval(this.watchdog);
      this.watchdog = undefined;
      const ponder = words[2] === 'ponder' ? words[3] : undefined;
      this.send({ type: 'bestmove', id, move: words[1] ?? '0000', ponder });
      this.runQueued();
    }
  }

  private stopSearch(): void {
    if (this.searching === undefined || this.stopSent) return;
    this.stopSent = true;
    this.engine?.send('stop');
    this.watch(this.settings.stallMs);
  }

  private runQueued(): void {
    const next = this.queued;
    if (next === undefined || !this.ready || this.searching !== undefined) return;
    const engine = this.engine;
    if (engine === undefined) return;
    this.queued = undefined;
    if (next.type === 'newgame') {
      engine.send('ucinewgame');
      return;
    }
    for (const line of goLines(next)) {
      const option = /^setoption name (.+?) value /.exec(line);
      if (option && !this.options.includes(option[1].toLowerCase())) continue;
      engine.send(line);
    }
    this.searching = next.id;
    this.stopSent = false;
    const limits = next.limits;
    // The longest the search may take by its limits; infinite searches wait for stop.
    const bounded =
      limits.infinite === true
        ? undefined
        : (limits.movetime ??
          (limits.wtime !== undefined || limits.btime !== undefined
            ? Math.max(limits.wtime ?? 0, limits.btime ?? 0) + Math.max(limits.winc ?? 0, limits.binc ?? 0) // prettier-ignore
            : undefined));
    this.watch(bounded === undefined ? undefined : bounded + this.settings.stallMs);
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
        if (engine !== this.engine || this.searching === undefined) return;
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
