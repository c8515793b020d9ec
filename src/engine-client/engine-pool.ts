/**
 * The processes of one engine. A game borrows a process for its whole length, so with
 * several games at once an engine has several processes, each used by one game at a time.
 * A process that crashed, stalled or left is dropped, and the next game gets a fresh one:
 * an engine that crashes is restarted for the next game.
 */
import { basename } from 'node:path';
import type { Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import {
  EngineProcess,
  type EngineCommand,
  type EngineIdentity,
  type FailureKind,
  type TrafficLog,
} from './engine-process.js';
import { prepareEngine } from './supervisor.js';
import type { PlayerLimits } from '../clock/time-control.js';

/** One engine of a match as the command line described it. */
export interface EngineSettings {
  /** The name given with `name=`; otherwise the engine's own `id name` is used. */
  readonly name?: string;
  readonly command: EngineCommand;
  /** `setoption` pairs sent after `uciok`, in order. */
  readonly options: readonly (readonly [string, string])[];
  readonly limits: PlayerLimits;
  readonly timeMarginMs: number;
  /** How long a reply without a clock deadline may take before the engine has stalled. */
  readonly stallMs: number;
  /** How long a new process may take to answer `uci` and the first `isready`. */
  readonly startupMs: number;
  /** Start a fresh process for every game. */
  readonly restart: boolean;
}

/** A process for a game; `refused` is the engine's error when it refused a setting. */
export type Acquired = Result<EngineProcess, FailureKind> & { readonly refused?: string };

export class EnginePool {
  private readonly idle: EngineProcess[] = [];
  private readonly running = new Set<EngineProcess>();
  private readonly warned = new Set<string>();
  /** What the first process said about itself. */
  identity: EngineIdentity | undefined;
  /** How many processes were started. */
  started = 0;

  /**
   * `label` names this engine's processes in the traffic log (`label#1`, `label#2`, ...);
   * `warn` receives warnings such as options the engine did not declare.
   */
  constructor(
    readonly settings: EngineSettings,
    private readonly variant: VariantName,
    private readonly label: string,
    private readonly log?: TrafficLog,
    private readonly warn: (message: string) => void = () => {},
  ) {}

  /** The name to show: `name=`, else the engine's `id name`, else its command's last word. */
  get displayName(): string {
    const command = this.settings.command;
    const program =
      command.args.length > 0
        ? basename(command.args[command.args.length - 1])
        : basename(command.program);
    return this.settings.name ?? this.identity?.name ?? program;
  }

  /** A ready process for one game: an idle one, or a freshly started one. */
  async acquire(): Promise<Acquired> {
    for (let process = this.idle.pop(); process; process = this.idle.pop()) {
      if (process.alive) return { ok: true, value: process };
      this.running.delete(process);
    }
    return this.start();
  }

  /** Gives a process back after a game; 'drop' ends it (it failed, or restart=on). */
  release(process: EngineProcess, keep: boolean): void {
    if (keep && process.alive && !this.settings.restart) {
      this.idle.push(process);
      return;
    }
    void this.retire(process, keep && process.alive);
  }

  /** Quits every process (killing those that do not leave within a second). */
  async close(): Promise<void> {
    this.idle.length = 0;
    await Promise.all([...this.running].map((process) => process.quit(1000)));
    this.running.clear();
  }

  private async retire(process: EngineProcess, politely: boolean): Promise<void> {
    if (politely) await process.quit(1000);
    else {
      process.kill();
      await process.exited;
    }
    this.running.delete(process);
  }

  private async start(): Promise<Acquired> {
    this.started++;
    const process = new EngineProcess(
      this.settings.command,
      `${this.label}#${this.started}`,
      this.log,
    );
    this.running.add(process);
    const prepared = await prepareEngine(process, {
      startupMs: this.settings.startupMs,
      variant: this.variant,
      options: this.settings.options,
      identified: (identity) => (this.identity ??= identity),
      name: () => this.displayName,
      warn: (key, message) => this.warnOnce(key, message),
    });
    if (!prepared.ok) {
      void this.retire(process, false);
      return prepared;
    }
    return { ok: true, value: process };
  }

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warn(`warning: ${message}`);
  }
}
