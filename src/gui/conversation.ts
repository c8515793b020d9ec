/**
 * The page's messages (messages.ts) as protocol lines to one engine, and the engine's lines
 * back as messages: what the `tama gui` server's tab (tab.ts, an engine process) and the
 * static build's in-browser engine (web/worker-engine.ts) share. Messages are carried out
 * in order: a `go` while a search runs first stops it and waits for its bestmove; only the
 * last `go` or `newgame` asked for meanwhile runs. A `go` whose game the rules core refuses
 * gets an error and no line reaches the engine.
 */
import { WHITE, type Color } from '../core/variant.js';
import { engineError } from '../engine-client/info.js';
import {
  checkGoGame,
  goLines,
  type CheckedGame,
  type ClientMessage,
  type GoLimits,
  type GoMessage,
  type ServerMessage,
} from './messages.js';

/** Where the conversation's lines and messages go, and what it tells its owner. */
export interface ConversationHooks {
  /** A protocol line for the engine. */
  line(line: string): void;
  /** A message for the page. */
  reply(message: ServerMessage): void;
  /** A search began with these limits for `mover` (its bestmove is awaited). */
  searchStarted?(limits: GoLimits, mover: Color): void;
  /** `stop` was sent for the search under way. */
  stopSent?(): void;
  /** The search's bestmove came. */
  searchEnded?(): void;
}

/** One engine's conversation with one page (see above). */
export class EngineConversation {
  private options: readonly string[] = [];
  private ready = false;
  /** The search the engine is running (its id), if any. */
  private searchId: number | undefined;
  private stopSent = false;
  /** What runs once the engine is idle: the last `go` or `newgame` asked for. */
  private queued: GoMessage | { type: 'newgame' } | undefined;
  /** The last game a `go` carried that the rules core accepted. */
  private checked: CheckedGame | undefined;

  constructor(private readonly hooks: ConversationHooks) {}

  /** True while a search's bestmove is awaited. */
  get searching(): boolean {
    return this.searchId !== undefined;
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
        this.hooks.reply({ type: 'error', id: message.id, message: checked.error.message });
        return;
      }
      this.checked = checked.value;
    }
    this.queued = message;
    if (this.searchId !== undefined) this.stopSearch();
    else this.runQueued();
  }

  /** The engine answered its handshake (`name`, its options' names): the page hears it. */
  engineReady(name: string, options: readonly string[]): void {
    this.options = options.map((option) => option.toLowerCase());
    this.ready = true;
    this.hooks.reply({ type: 'ready', engine: name, options });
    this.runQueued();
  }

  /** The engine is gone; says whether a search was lost with it. */
  engineLost(): boolean {
    const lostSearch = this.searchId !== undefined;
    this.searchId = undefined;
    this.stopSent = false;
    this.ready = false;
    return lostSearch;
  }

  /** One line from the engine (after its handshake). */
  receive(line: string): void {
    const words = line.split(/\s+/);
    const error = engineError(line);
    if (error !== undefined) {
      this.hooks.reply({ type: 'engine-error', message: error });
    } else if (words[0] === 'info' && this.searchId !== undefined) {
      this.hooks.reply({ type: 'info', id: this.searchId, line });
    } else if (words[0] === 'bestmove' && this.searchId !== undefined) {
      const id = this.searchId;
      this.searchId = undefined;
      this.stopSent = false;
      this.hooks.searchEnded?.();
      const ponder = words[2] === 'ponder' ? words[3] : undefined;
      this.hooks.reply({ type: 'bestmove', id, move: words[1] ?? '0000', ponder });
      this.runQueued();
    }
  }

  private stopSearch(): void {
    if (this.searchId === undefined || this.stopSent) return;
    this.stopSent = true;
    this.hooks.line('stop');
    this.hooks.stopSent?.();
  }

  private runQueued(): void {
    const next = this.queued;
    if (next === undefined || !this.ready || this.searchId !== undefined) return;
    this.queued = undefined;
    if (next.type === 'newgame') {
      this.hooks.line('ucinewgame');
      return;
    }
    for (const line of goLines(next)) {
      const option = /^setoption name (.+?) value /.exec(line);
      if (option && !this.options.includes(option[1].toLowerCase())) continue;
      this.hooks.line(line);
    }
    this.searchId = next.id;
    this.stopSent = false;
    // The last game checked is the queued go's: both change together in handle().
    const mover = this.checked?.game.position.sideToMove ?? WHITE;
    this.hooks.searchStarted?.(next.limits, mover);
  }
}
