/**
 * One browser tab's engine: a process started from the server's command, spoken to only in
 * protocol lines. The page's messages become lines and the engine's lines messages as
 * conversation.ts says (a `go` whose game the rules core refuses changes nothing; a `go`
 * while a search runs first stops it and waits for its bestmove). It watches the engine: a crash,
 * an exit or a stall (engine-client/search-watch.ts: no answer to an `isready` ping, or no
 * bestmove a stall period after the search's deadline or the page's `stop`) is reported to
 * the page and the engine is started again: the supervisor of engine-client/ does the
 * watching and the starting, this file what the page hears.
 */
import type { EngineCommand, EngineFailure } from '../engine-client/engine-process.js';
import { searchDeadline } from '../engine-client/go.js';
import { EngineSupervisor } from '../engine-client/supervisor.js';
import { EngineConversation } from './conversation.js';
import type { ClientMessage, ServerMessage } from './messages.js';

export interface TabSettings {
  readonly command: EngineCommand;
  /** The stall period (search-watch.ts); the handshake may take at least as long. */
  readonly stallMs: number;
}

/** Time a new engine process may take to answer `uci` and `isready`. */
const STARTUP_MS = 10_000;
/** Restarts allowed in a row without a search that ended well. */
const MAX_RESTARTS = 3;

export class Tab {
  private readonly engine: EngineSupervisor;
  private readonly conversation: EngineConversation;
  /** Whether an engine has been ready for this tab at all. */
  private started = false;

  constructor(
    settings: TabSettings,
    private readonly send: (message: ServerMessage) => void,
  ) {
    this.conversation = new EngineConversation({
      line: (line) => this.engine.send(line),
      reply: send,
      // The search stops itself by its limits (no margin: the stall period follows the
      // deadline); once the page sent stop, the search must be over now.
      searchStarted: (limits, mover) => this.engine.watch(searchDeadline(limits, mover, 0)),
      stopSent: () => this.engine.watch(0),
      searchEnded: () => this.engine.settled(),
    });
    this.engine = new EngineSupervisor(
      {
        command: settings.command,
        label: 'tab',
        startupMs: Math.max(STARTUP_MS, settings.stallMs),
        stallMs: settings.stallMs,
        maxRestarts: MAX_RESTARTS,
      },
      {
        ready: (identity) => {
          this.started = true;
          this.conversation.engineReady(identity.name ?? 'engine', identity.options);
        },
        line: (line) => this.conversation.receive(line),
        failed: (failure, restarting) => this.failed(failure, restarting),
      },
    );
  }

  /** Handles one (already validated) message of the page. */
  handle(message: ClientMessage): void {
    this.conversation.handle(message);
  }

  /** The tab closed: the engine goes. */
  async close(): Promise<void> {
    await this.engine.close(500);
  }

  /** The engine process's id (for tests). */
  get pid(): number | undefined {
    return this.engine.pid;
  }

  private failed(failure: EngineFailure, restarting: boolean): void {
    const lostSearch = this.conversation.engineLost();
    this.send({
      type: 'engine-failed',
      kind: failure.code,
      message:
        `the engine ${failure.code === 'stall' ? 'stalled' : failure.code === 'crash' ? 'crashed' : 'left'}` +
        `${lostSearch ? ' during a search' : ''}: ${failure.message}`,
    });
    if (!restarting) {
      this.send({
        type: 'error',
        fatal: true,
        message: this.started
          ? `the engine failed ${MAX_RESTARTS + 1} times in a row; reload the page to try again`
          : `the server could not start its engine (${failure.message})`,
      });
    }
  }
}
