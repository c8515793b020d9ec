/**
 * Starting an engine and keeping it running. `prepareEngine` is every client's start: `uci`
 * and its identity, the variant and options (a warning for those the engine did not
 * declare), and the first `readyok`, where an `info string error` line means the engine
 * refused a setting and does not start. `EngineSupervisor` keeps one engine for a client
 * that talks to it for a long time (a page's tab): it watches each search as
 * search-watch.ts says (the client sends no `stop` at the deadline: the tab's searches stop
 * themselves), and starts the engine again after a crash, an exit or a stall, a few times
 * in a row at most.
 */
import type { Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import {
  EngineProcess,
  type EngineCommand,
  type EngineFailure,
  type EngineIdentity,
  type FailureKind,
  type TrafficLog,
} from './engine-process.js';
import { SearchWatch } from './search-watch.js';

/** What a new process is told before its first `isready`. */
export interface EngineSetup {
  /** How long it may take to answer `uci` and that `isready`. */
  readonly startupMs: number;
  /** Sent as `setoption name Variant` when the engine declares the option. */
  readonly variant?: VariantName;
  /** `setoption` pairs, in order. */
  readonly options?: readonly (readonly [string, string])[];
  /** Hears a warning once per `key`: an option the engine did not declare. */
  readonly warn?: (key: string, message: string) => void;
  /** Hears the engine's identity as soon as it answered `uci`. */
  readonly identified?: (identity: EngineIdentity) => void;
  /** The engine's name for warnings, asked after `identified` (its `id name` when not given). */
  readonly name?: () => string;
}

/**
 * A ready engine and what it said about itself, or why it did not start; `refused` is the
 * engine's own error when it refused a setting.
 */
export type Prepared = Result<EngineIdentity, FailureKind> & { readonly refused?: string };

/** Shakes hands with a new process, sets it up and waits for its first `readyok`. */
export async function prepareEngine(process: EngineProcess, setup: EngineSetup): Promise<Prepared> {
  const hello = await process.handshake(setup.startupMs);
  if (!hello.ok) return hello;
  setup.identified?.(hello.value);
  const name = setup.name?.() ?? hello.value.name ?? 'the engine';
  const declared = new Set(hello.value.options.map((option) => option.toLowerCase()));
  const { variant } = setup;
  if (variant !== undefined) {
    if (declared.has('variant')) process.setOption('Variant', variant);
    else if (variant !== 'armenian') {
      setup.warn?.('variant', `${name} declares no Variant option; it may not play ${variant}`);
    }
  }
  for (const [option, value] of setup.options ?? []) {
    if (!declared.has(option.toLowerCase())) {
      setup.warn?.(`option:${option}`, `${name} declares no option '${option}'; sending it anyway`);
    }
    process.setOption(option, value);
  }
  const answer = await process.readyWithErrors(setup.startupMs);
  if (!answer.ok) return answer;
  if (answer.value.length > 0) {
    // An engine that refused a setting would play with another one: it does not start.
    const refused = answer.value.join('; ');
    return { ok: false, error: { code: 'crash', message: `refused a setting: ${refused}` }, refused }; // prettier-ignore
  }
  return hello;
}

export interface SupervisorSettings {
  readonly command: EngineCommand;
  /** Names the process in the traffic log. */
  readonly label: string;
  readonly startupMs: number;
  /** The stall period: of the pings during a search, and for bestmove after its deadline. */
  readonly stallMs: number;
  /** Starts allowed in a row after failures, without a search that ended well between. */
  readonly maxRestarts: number;
  readonly log?: TrafficLog;
}

/** What the supervisor tells its client. */
export interface SupervisorEvents {
  /** An engine (the first, or one started again) is ready. */
  ready(identity: EngineIdentity): void;
  /** A line of the engine (a ping's `readyok` aside). */
  line(line: string): void;
  /** The engine failed; it is started again when `restarting`, else the supervisor gives up. */
  failed(failure: EngineFailure, restarting: boolean): void;
}

/** One engine kept running for one client (see above). */
export class EngineSupervisor {
  private engine: EngineProcess | undefined;
  /** The watch of the running engine's searches. */
  private searchWatch: SearchWatch | undefined;
  private restarts = 0;
  private closed = false;

  constructor(
    private readonly settings: SupervisorSettings,
    private readonly events: SupervisorEvents,
  ) {
    void this.start();
  }

  /** The engine process's id (for tests). */
  get pid(): number | undefined {
    return this.engine?.pid;
  }

  /** Sends a line to the engine (dropped while none is running). */
  send(line: string): void {
    this.engine?.send(line);
  }

  /**
   * A search runs, to be over `deadlineMs` from now when that is given: it is watched as
   * search-watch.ts says. Called again (after `stop`, say), the watch starts over.
   */
  watch(deadlineMs: number | undefined): void {
    this.searchWatch?.start(deadlineMs, false);
  }

  /** The search ended well: the watch stops and the failures in a row are forgotten. */
  settled(): void {
    this.restarts = 0;
    this.searchWatch?.end();
  }

  /** The client is done: the engine quits (killed after `graceMs`). */
  async close(graceMs: number): Promise<void> {
    this.closed = true;
    this.searchWatch?.end();
    await this.engine?.quit(graceMs);
  }

  private async start(): Promise<void> {
    const engine = new EngineProcess(this.settings.command, this.settings.label, this.settings.log); // prettier-ignore
    this.engine = engine;
    this.searchWatch = new SearchWatch(engine, this.settings.stallMs, (stall) => {
      if (engine === this.engine) this.fail(stall);
    });
    engine.onLine((line) => {
      // The pings' answers never come here (EngineProcess.ping); the start's readyok does.
      if (engine === this.engine && line !== 'readyok') this.events.line(line);
    });
    void engine.exited.then(() => this.lost(engine));
    const prepared = await prepareEngine(engine, { startupMs: this.settings.startupMs });
    if (engine !== this.engine) return;
    if (!prepared.ok) return this.fail(prepared.error);
    this.events.ready(prepared.value);
  }

  private lost(engine: EngineProcess): void {
    if (engine !== this.engine || this.closed) return;
    // The process is gone: ask it once more to learn how (it answers with its failure).
    void engine.ready(0).then((failure) => {
      if (engine === this.engine) {
        this.fail(failure ?? { code: 'disconnect', message: 'the engine left' });
      }
    });
  }

  private fail(failure: EngineFailure): void {
    if (this.closed) return;
    const old = this.engine;
    this.searchWatch?.end();
    this.engine = undefined;
    this.searchWatch = undefined;
    old?.kill();
    const restarting = ++this.restarts <= this.settings.maxRestarts;
    this.events.failed(failure, restarting);
    if (restarting) void this.start();
  }
}
