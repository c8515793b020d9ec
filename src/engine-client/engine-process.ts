/**
 * One engine as a child process speaking the text protocol: start it, say `uci`, set
 * options, wait for `readyok`, ask for a move and read `info`/`bestmove`, and notice when it
 * crashes, leaves or stops answering. Every wait has a timeout; nothing here throws because
 * an engine misbehaves: a failure comes back as a value naming its kind.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { ParseError, Result } from '../core/result.js';
import { engineError, parseInfo, type EngineScore } from './info.js';
import { SearchWatch } from './search-watch.js';

/** How an engine failed: died (crash), left on its own (disconnect), or went silent (stall). */
export type FailureKind = 'crash' | 'disconnect' | 'stall';

/** How and why an engine failed: the error of every wait on it (core's `Result`). */
export type EngineFailure = ParseError<FailureKind>;

/** The program to run, already split into words (see shell-words.ts). */
export interface EngineCommand {
  readonly program: string;
  readonly args: readonly string[];
  readonly cwd?: string;
}

/** What the engine said about itself in answer to `uci`. */
export interface EngineIdentity {
  readonly name?: string;
  readonly author?: string;
  /** Names of the options it declared. */
  readonly options: readonly string[];
}

export type SearchOutcome =
  | {
      readonly kind: 'bestmove';
      readonly move: string;
      readonly elapsedMs: number;
      readonly score?: EngineScore;
      readonly depth?: number;
    }
  | { readonly kind: 'failure'; readonly failure: EngineFailure; readonly elapsedMs: number };

/** Receives the traffic: '>' runner to engine, '<' engine to runner, '!' engine stderr. */
export type TrafficLog = (label: string, direction: '>' | '<' | '!', line: string) => void;

/** A wait on the engine: its answer, or how it failed. */
type Waited<T> = Result<T, FailureKind>;

interface Pending {
  line(line: string): void;
  gone(failure: EngineFailure): void;
}

const STDERR_TAIL = 5;

export class EngineProcess {
  private readonly child: ChildProcessWithoutNullStreams | undefined;
  private pending: Pending | undefined;
  private failure: EngineFailure | undefined;
  private closing = false;
  private buffer = '';
  private readonly stderrTail: string[] = [];
  private readonly listeners: ((line: string) => void)[] = [];
  /**
   * The `isready`s still unanswered, oldest first: a ping's holds who hears its `readyok`
   * (undefined for the others, whose `readyok` goes to the waits and listeners).
   */
  private readonly readyAnswers: ((() => void) | undefined)[] = [];
  private resolveExited!: () => void;
  /** Settles once the process is gone, however it went. */
  readonly exited: Promise<void> = new Promise((resolve) => (this.resolveExited = resolve));

  constructor(
    command: EngineCommand,
    readonly label: string,
    private readonly log?: TrafficLog,
  ) {
    try {
      // Its own process group: a Ctrl-C in the terminal reaches the runner only, which then
      // stops the engines itself instead of seeing them all "crash".
      this.child = spawn(command.program, [...command.args], {
        cwd: command.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
      });
    } catch (error) {
      this.child = undefined;
      this.gone({ code: 'crash', message: `could not start: ${(error as Error).message}` });
      return;
    }
    const child = this.child;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.receive(chunk));
    child.stdout.on('end', () => {
      if (this.buffer !== '') this.handleLine(this.buffer);
      this.buffer = '';
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      for (const line of chunk.split(/\r?\n/)) {
        if (line === '') continue;
        this.stderrTail.push(line);
        if (this.stderrTail.length > STDERR_TAIL) this.stderrTail.shift();
        this.log?.(this.label, '!', line);
      }
    });
    child.stdin.on('error', () => {
      // EPIPE when the engine has gone; its 'close' event reports that.
    });
    child.on('error', (error) => {
      this.gone({ code: 'crash', message: `could not start: ${error.message}` });
    });
    child.on('close', (code, signal) => {
      const detail = this.stderrTail.length > 0 ? ` (stderr: ${this.stderrTail.join(' | ')})` : '';
      if (this.closing) this.gone({ code: 'disconnect', message: 'closed by the runner' });
      else if (signal !== null) {
        this.gone({ code: 'crash', message: `killed by signal ${signal}${detail}` });
      } else if (code !== 0) {
        this.gone({ code: 'crash', message: `exited with code ${code}${detail}` });
      } else this.gone({ code: 'disconnect', message: `exited on its own${detail}` });
    });
  }

  /** The process id, when it started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Whether the process is still there to talk to. */
  get alive(): boolean {
    return this.failure === undefined;
  }

  /**
   * Hears every non-empty line the engine sends, trimmed, besides the waits below: for a
   * client that follows the engine's lines itself (the page's conversation, a review).
   */
  onLine(listener: (line: string) => void): void {
    this.listeners.push(listener);
  }

  /** Sends one command line (dropped silently when the engine is gone). */
  send(line: string): void {
    this.write(line, undefined);
  }

  /**
   * Sends `isready` as a ping (search-watch.ts): its `readyok` (engines answer `isready`s
   * in order) goes to `answered` alone, not to the waits below or the `onLine` listeners.
   */
  ping(answered: () => void): void {
    this.write('isready', answered);
  }

  /** `uci` ... `uciok`: the engine's name, author and declared options. */
  async handshake(stallMs: number): Promise<Waited<EngineIdentity>> {
    let name: string | undefined;
    let author: string | undefined;
    const options: string[] = [];
    const waiting = this.waitFor(
      (line) => {
        const id = /^id\s+(name|author)\s+(.*)$/.exec(line);
        if (id) {
          if (id[1] === 'name') name = id[2].trim();
          else author = id[2].trim();
        }
        const option = /^option\s+name\s+(.+?)\s+type\s/.exec(line);
        if (option) options.push(option[1]);
        return line === 'uciok' ? true : undefined;
      },
      stallMs,
      'uciok',
    );
    this.send('uci');
    const result = await waiting;
    return result.ok ? { ok: true, value: { name, author, options } } : result;
  }

  /** `setoption name N value V` (the protocol has no reply to it). */
  setOption(name: string, value: string): void {
    this.send(`setoption name ${name} value ${value}`);
  }

  /** `isready` ... `readyok`; undefined when it answered. */
  async ready(stallMs: number): Promise<EngineFailure | undefined> {
    const result = await this.readyWithErrors(stallMs);
    return result.ok ? undefined : result.error;
  }

  /**
   * `isready` ... `readyok`, with the messages of the `info string error` lines the engine
   * sent before `readyok`: its answers to the `setoption`s sent before.
   */
  async readyWithErrors(stallMs: number): Promise<Waited<string[]>> {
    const errors: string[] = [];
    const waiting = this.waitFor(
      (line) => {
        const error = engineError(line);
        if (error !== undefined) errors.push(error);
        return line === 'readyok' ? errors : undefined;
      },
      stallMs,
      'readyok',
    );
    this.send('isready');
    return waiting;
  }

  /**
   * `bench [depth]` then `isready`: the node count of the engine's bench (the signature of
   * its build), or undefined when the engine refused the command with an error line (it has
   * no bench). An engine may answer `readyok` while its bench still runs (Tama does, as
   * protocol.md says) or only after it (a bench that blocks the input), so the answer is
   * complete once both the `readyok` and the count (or the refusal) are in; `timeoutMs`
   * bounds the whole wait.
   */
  async bench(depth: number | undefined, timeoutMs: number): Promise<Waited<number | undefined>> {
    let ready = false;
    let nodes: number | undefined;
    let refused = false;
    const waiting = this.waitFor(
      (line) => {
        const found = /^Nodes searched\s*:\s*(\d+)/.exec(line);
        if (found) nodes = Number(found[1]);
        else if (refusesCommand(line)) refused = true;
        else if (line === 'readyok') ready = true;
        return ready && (nodes !== undefined || refused) ? true : undefined;
      },
      timeoutMs,
      "'Nodes searched' line after bench",
    );
    this.send(depth === undefined ? 'bench' : `bench ${depth}`);
    this.send('isready');
    const result = await waiting;
    return result.ok ? { ok: true, value: nodes } : result;
  }

  /** `ucinewgame` then `isready`; undefined when the engine is ready for the game. */
  async newGame(stallMs: number): Promise<EngineFailure | undefined> {
    this.send('ucinewgame');
    return this.ready(stallMs);
  }

  /**
   * Sends the position and the go command and waits for `bestmove`, keeping the last score
   * and depth of its `info` lines. The search is watched as search-watch.ts says: pings
   * every `stallMs`, and when `deadlineMs` (the time the move may take) is given, `stop` at
   * the deadline and a stall when no bestmove follows within `stallMs`.
   */
  search(
    positionLine: string,
    goLine: string,
    deadlineMs: number | undefined,
    stallMs: number,
  ): Promise<SearchOutcome> {
    return new Promise((resolve) => {
      const started = performance.now();
      const elapsed = () => performance.now() - started;
      if (this.failure !== undefined) {
        resolve({ kind: 'failure', failure: this.failure, elapsedMs: 0 });
        return;
      }
      let score: EngineScore | undefined;
      let depth: number | undefined;
      const finish = (outcome: SearchOutcome) => {
        watch.end();
        this.pending = undefined;
        resolve(outcome);
      };
      const watch = new SearchWatch(this, stallMs, (stall) =>
        finish({ kind: 'failure', failure: stall, elapsedMs: elapsed() }),
      );
      this.pending = {
        line: (line) => {
          const tokens = line.trim().split(/\s+/);
          if (tokens[0] === 'info') {
            const info = parseInfo(line);
            // Progress lines carry a depth under way but no score: keep both from one line.
            if (info?.score !== undefined) {
              score = info.score;
              depth = info.depth ?? depth;
            }
          } else if (tokens[0] === 'bestmove') {
            finish({ kind: 'bestmove', move: tokens[1] ?? '', elapsedMs: elapsed(), score, depth });
          }
        },
        gone: (failure) => finish({ kind: 'failure', failure, elapsedMs: elapsed() }),
      };
      this.send(positionLine);
      this.send(goLine);
      watch.start(deadlineMs, true);
    });
  }

  /** Asks the engine to quit and kills it if it is still there after `graceMs`. */
  async quit(graceMs = 1000): Promise<void> {
    if (this.failure === undefined) {
      this.send('quit');
      this.closing = true;
      const timer = setTimeout(() => this.kill(), graceMs);
      await this.exited;
      clearTimeout(timer);
    }
  }

  /** Ends the process at once (SIGKILL); used for engines that stalled. */
  kill(): void {
    this.closing = true;
    if (
      this.child !== undefined &&
      this.child.exitCode === null &&
      this.child.signalCode === null
    ) {
      this.child.kill('SIGKILL');
    }
  }

  private waitFor<T>(
    match: (line: string) => T | undefined,
    timeoutMs: number,
    what: string,
  ): Promise<Waited<T>> {
    return new Promise((resolve) => {
      if (this.failure !== undefined) {
        resolve({ ok: false, error: this.failure });
        return;
      }
      const finish = (result: Waited<T>) => {
        clearTimeout(timer);
        this.pending = undefined;
        resolve(result);
      };
      const timer = setTimeout(
        () =>
          finish({
            ok: false,
            error: { code: 'stall', message: `no ${what} within ${timeoutMs} ms` },
          }),
        timeoutMs,
      );
      this.pending = {
        line: (line) => {
          const value = match(line);
          if (value !== undefined) finish({ ok: true, value });
        },
        gone: (failure) => finish({ ok: false, error: failure }),
      };
    });
  }

  private write(line: string, pinged: (() => void) | undefined): void {
    if (this.failure !== undefined || this.child === undefined) return;
    if (line === 'isready') this.readyAnswers.push(pinged);
    this.log?.(this.label, '>', line);
    this.child.stdin.write(line + '\n');
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      this.handleLine(line);
      newline = this.buffer.indexOf('\n');
    }
  }

  private handleLine(raw: string): void {
    this.log?.(this.label, '<', raw);
    const line = raw.trim();
    if (line === '') return;
    if (line === 'readyok') {
      const ping = this.readyAnswers.shift();
      if (ping !== undefined) return ping();
    }
    for (const listener of this.listeners) listener(line);
    this.pending?.line(line);
  }

  private gone(failure: EngineFailure): void {
    if (this.failure !== undefined) return;
    this.failure = failure;
    this.pending?.gone(failure);
    this.resolveExited();
  }
}

/** Whether a line is an engine's refusal of a command (`info string error ...`, `Unknown command`). */
function refusesCommand(line: string): boolean {
  return engineError(line) !== undefined || /\bunknown command\b/i.test(line);
}
