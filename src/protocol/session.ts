/**
 * The protocol session: takes input lines, runs them on the engine and sends reply lines
 * through `send`. Transport-agnostic: stdio.ts wires it to stdin/stdout.
 *
 * Lines are carried out in the order they arrive, as if each waited for the one before,
 * with one exception: the control commands (`stop`, `ponderhit`, `isready`, `quit`) never
 * wait behind other lines. Three kinds of command:
 * - control: acts at once, also while lines before it wait for a search to end; `stop`
 *   and `ponderhit` then act on the running search at once and again in their place, on
 *   the search a `go` before them starts (every search running while they wait comes from
 *   a line before them, so they may always act on it);
 * - reads only (`d`, `moves`, `eval`, `uci`, `help`, `debug`, `register`): in order, and
 *   answered during a search too, from the position being searched;
 * - needs the engine idle (`position`, `go`, `ucinewgame`, `setoption`, `go perft`,
 *   `bench`): during a search that ends by itself (a limit, after `stop` or `ponderhit`)
 *   it waits for that search's `bestmove`, and the lines after it wait behind it; during
 *   a search that only `stop` ends it is refused.
 *
 * Every bad line gets exactly one `info string error: ...` reply and leaves the engine as
 * it was. Each accepted `go` gets exactly one `bestmove`, also after `stop`, `quit` or end
 * of input; a limit out of its range is clamped into it with an `info string warning`.
 */
import type { Engine } from '../engine/engine.js';
import { OPTIONS } from '../engine/options.js';
import { quote, QUOTE_CHARS } from '../core/quote.js';
import { fail, type Result } from '../core/result.js';
import { parseCommand, type Command } from './commands.js';
import { MAX_LINE_BYTES } from './lines.js';
import { formatBestMove, formatError, formatInfo, formatOption, formatProgress, formatWarning } from './format.js'; // prettier-ignore

export const ENGINE_NAME = 'Tama 0.1.0';
export const ENGINE_AUTHOR = 'the Tama developers';

/** What `help` prints: every command, one a line. */
const HELP_LINES = [
  'Tama speaks a UCI-like protocol (protocol.md has every command, reply and error):',
  '  uci                          identify the engine and list its options, then uciok',
  '  isready                      answered with readyok (at once, also during a search)',
  '  setoption name <N> [value <V>]   set an option (a button takes no value)',
  '  ucinewgame                   the next position starts a new game',
  '  position startpos|fen <text> [moves <m1> ...]   set the position',
  '  go [wtime ..] [btime ..] [winc ..] [binc ..] [movestogo ..] [depth ..] [nodes ..]',
  '     [movetime ..] [mate ..] [infinite] [ponder] [searchmoves <m1> ...]   search',
  '  go perft <depth>             leaves below each root move, then the total',
  '  stop, ponderhit              end the search / the pondered move was played',
  '  debug [on|off]               with on, silent commands say what they did',
  '  register ...                 accepted; Tama needs no registration',
  '  d, moves, eval, bench [depth]   board, legal moves, evaluation terms, bench',
  '  help, quit                   this text / leave',
];

/** Commands that need the engine idle: during a search they wait for it, or are refused. */
const NEEDS_IDLE: ReadonlySet<Command['kind']> = new Set(['ucinewgame', 'setoption', 'position', 'go', 'perft', 'bench']); // prettier-ignore
/** Commands that start a task on the engine's pool: a `stop` after one keeps its place. */
const STARTS_TASK: ReadonlySet<Command['kind']> = new Set(['go', 'perft', 'bench']);

/** What the session knows of the search under way. */
interface RunningSearch {
  /** Only `stop` ends it (`go infinite`, or `go ponder` before `ponderhit`). */
  waitsForStop: boolean;
  readonly infinite: boolean;
  pondering: boolean;
  /** `bench` or `go perft`: end of input waits for it (as if it ran before the next read). */
  readonly finishesAtEnd: boolean;
  /** Resolves once its `bestmove` has been sent. */
  done: Promise<void>;
}

type GoCommand = Extract<Command, { kind: 'go' }>;

const END_OF_INPUT: Result<Command> = { ok: true, value: { kind: 'quit' } };

export class Session {
  private engineLoading: Promise<Engine> | undefined;
  /** The engine once loaded (a search runs only then). */
  private engine: Engine | undefined;
  private closed = false;
  private closing: Promise<void> | undefined;
  /** `debug on`: commands that are otherwise silent say what they did. */
  private debug = false;
  private readonly pending: Result<Command>[] = [];
  private pumping = false;
  /** The first waiting line needs the engine idle: it waits for the search's bestmove. */
  private waitingForSearch = false;
  private search: RunningSearch | undefined;
  private endedResolve: () => void = () => {};
  /** Resolves once the session has ended (`quit`, or end of input) and the engine is closed. */
  readonly ended: Promise<void> = new Promise((resolve) => (this.endedResolve = resolve));

  /**
   * A session answering through `send`; its engine's search threads run `searchWorker`
   * (the engine's own worker unless a test wraps it).
   */
  constructor(
    private readonly send: (line: string) => void,
    private readonly searchWorker?: string,
  ) {}

  /**
   * The engine, loaded on first use: `uci` is answered from static data before the search
   * code and its worker threads are loaded, and loading starts right after `uciok`.
   */
  private loadEngine(): Promise<Engine> {
    this.engineLoading ??= import('../engine/engine.js').then(
      ({ Engine }) =>
        (this.engine = new Engine(
          {
            info: (info) => this.send(formatInfo(info)),
            progress: (progress) => this.send(formatProgress(progress)),
            error: (message) => this.send(formatError(message)),
            warning: (message) => this.send(formatWarning(message)),
          },
          this.searchWorker,
        )),
    );
    return this.engineLoading;
  }

  /** Takes one input line; it is carried out in order after the lines before it. */
  receive(line: string): void {
    if (this.closed) return;
    this.pending.push(parseCommand(line));
    if (this.waitingForSearch) this.runControlLines();
    else void this.pump();
  }

  /**
   * Takes an input line too long to hold (lines.ts), by its first characters and size: it
   * is answered, in order, by one error that quotes its start.
   */
  receiveOverLong(start: string, bytes: number): void {
    if (this.closed) return;
    const size = (n: number) => n.toLocaleString('en-US');
    this.pending.push(fail('line-too-long', `a line of ${size(bytes)} bytes is ignored: a line has at most ${size(MAX_LINE_BYTES)}; it begins ${quote(start.slice(0, QUOTE_CHARS))}`)); // prettier-ignore
    if (this.waitingForSearch) this.runControlLines();
    else void this.pump();
  }

  /**
   * End of input: `quit` once every line before has been carried out (a search that ends
   * by itself is not cut short to run the lines after it; the last search is, unless it is
   * a `bench` or `go perft`: those count to the end, as if run before the next line is read).
   */
  endOfInput(): void {
    if (this.closed) return;
    this.pending.push(END_OF_INPUT);
    void this.pump();
  }

  /** Ends the session: stops a search (its bestmove is still sent) and the workers. */
  quit(): Promise<void> {
    this.closed = true;
    this.pending.length = 0;
    this.closing ??= (
      this.engineLoading ? this.engineLoading.then((engine) => engine.close()) : Promise.resolve()
    ).then(() => this.endedResolve());
    return this.closing;
  }

  /** Carries out the waiting lines in order until one must wait for a search to end. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.pending.length > 0 && !this.closed) {
        const next = this.pending[0];
        const search = this.search;
        const waits = next.ok && NEEDS_IDLE.has(next.value.kind) && !search?.waitsForStop;
        if (search && (waits || (next === END_OF_INPUT && search.finishesAtEnd))) {
          if (this.runControlLines()) return;
          this.waitingForSearch = true;
          await search.done;
          this.waitingForSearch = false;
          continue;
        }
        this.pending.shift();
        if (!next.ok) this.send(formatError(next.error.message));
        else await this.run(next.value).catch((error: unknown) => this.send(formatError(`internal error: ${String(error)}`))); // prettier-ignore
      }
    } finally {
      this.pumping = false;
    }
  }

  /**
   * While the queue waits for a bestmove, the control commands in it are carried out at
   * once: `isready` is answered, `quit` ends it all, `stop` and `ponderhit` act on the
   * running search. A `stop` or `ponderhit` with a `go`, `go perft` or `bench` before it
   * also keeps its place, to act again on the task that one starts. True after quit.
   */
  private runControlLines(): boolean {
    let taskBefore = false;
    for (let i = 0; i < this.pending.length; i++) {
      const line = this.pending[i];
      if (!line.ok || line === END_OF_INPUT) continue;
      const kind = line.value.kind;
      if (kind === 'quit') {
        void this.quit();
        return true;
      }
      if (kind === 'isready') {
        this.send('readyok');
        this.pending.splice(i--, 1);
      } else if (kind === 'stop' || kind === 'ponderhit') {
        if (this.engine) this.control(this.engine, kind);
        if (!taskBefore) this.pending.splice(i--, 1);
      } else if (STARTS_TASK.has(kind)) {
        taskBefore = true;
      }
    }
    return false;
  }

  /** `stop` or `ponderhit` on the task under way (ignored when none runs). */
  private control(engine: Engine, kind: 'stop' | 'ponderhit'): void {
    if (kind === 'stop') {
      if (this.search) this.search.waitsForStop = false;
      engine.stop();
      return;
    }
    // On the clock from now on: the search ends by itself (unless it is infinite). A
    // ponderhit with no pondering search is ignored.
    if (!this.search?.pondering) return;
    this.search.pondering = false;
    if (!this.search.infinite) this.search.waitsForStop = false;
    engine.ponderhit();
  }

  /** Answers the commands that need no engine (and `uci`, which starts loading it). */
  private runWithoutEngine(command: Command): boolean {
    switch (command.kind) {
      case 'empty':
        return true;
      case 'uci':
        this.send(`id name ${ENGINE_NAME}`);
        this.send(`id author ${ENGINE_AUTHOR}`);
        for (const option of OPTIONS) this.send(formatOption(option));
        this.send('uciok');
        void this.loadEngine();
        return true;
      case 'debug':
        this.debug = command.on;
        this.send(`info string debug ${command.on ? 'on' : 'off'}`);
        return true;
      case 'register':
        // UCI engines that need no registration accept the command and say nothing.
        return true;
      case 'help':
        for (const line of HELP_LINES) this.send(line);
        return true;
    }
    return false;
  }

  private async run(command: Command): Promise<void> {
    if (command.kind === 'quit') {
      await this.quit();
      return;
    }
    if (this.runWithoutEngine(command)) return;
    const engine = await this.loadEngine();
    if (NEEDS_IDLE.has(command.kind) && this.search !== undefined) {
      this.refuseWhileSearching(command);
      return;
    }
    switch (command.kind) {
      case 'isready':
        // Threads still starting (after `uci` or `setoption name Threads`) finish first.
        this.debugLine(`${await engine.whenReady()} search threads ready`);
        this.send('readyok');
        return;
      case 'ucinewgame':
        this.reportFailure(engine.newGame());
        return;
      case 'setoption': {
        const set = engine.setOption(command.name, command.value);
        this.reportFailure(set);
        if (set.ok && set.warning !== undefined) this.send(formatWarning(set.warning));
        if (set.ok) this.debugLine(`option ${command.name} = ${command.value ?? '(pressed)'}`);
        return;
      }
      case 'position': {
        const set = engine.setPosition(command.fen, command.moves);
        this.reportFailure(set);
        if (set.ok) this.debugLine(`position ${engine.position.toString()}`);
        return;
      }
      case 'go':
        this.go(engine, command);
        return;
      case 'stop':
      case 'ponderhit':
        this.control(engine, command.kind);
        return;
      case 'd':
        this.showPosition(engine);
        return;
      case 'moves': {
        const moves = engine.legalMoves().map((m) => m.text);
        this.send(`moves ${moves.length === 0 ? '(none)' : moves.join(' ')}`);
        return;
      }
      case 'eval':
        this.showEval(engine);
        return;
      case 'perft':
        this.runPerft(engine, command.depth);
        return;
      case 'bench':
        this.runBench(engine, command.depth);
        return;
    }
  }

  /** `go perft`: the divide, then the total, or a word that it was stopped. */
  private runPerft(engine: Engine, depth: number): void {
    this.runJob(engine.perft(depth, true), (result) => {
      if (result.stopped) {
        this.send('info string go perft stopped: the counts are incomplete');
        return;
      }
      for (const entry of result.divide) this.send(`${entry.move}: ${entry.nodes}`);
      this.send('');
      this.send(`Nodes searched: ${result.nodes}`);
    });
  }

  /** `bench`: the searches' nodes and speed, and how far it got when stopped. */
  private runBench(engine: Engine, depth: number | undefined): void {
    this.runJob(engine.bench(depth), (result) => {
      if (result.stopped) this.send(`info string bench stopped after ${result.positions} positions`); // prettier-ignore
      this.send(`Nodes searched: ${result.nodes}`);
      this.send(`Nodes/second: ${result.nps}`);
    });
  }

  /** A command that needs the engine idle, sent while a search only `stop` ends. */
  private refuseWhileSearching(command: Command): void {
    const name = command.kind === 'perft' ? 'go perft' : command.kind;
    if (command.kind === 'go') {
      this.send(formatError("'go' while a search is running (send 'stop' first)"));
    } else if (command.kind === 'position') {
      this.send(formatError("cannot change the position while searching (send 'stop' first)"));
    } else {
      this.send(formatError(`'${name}' is not allowed while searching (send 'stop' first)`));
    }
  }

  /** Starts a search; limits out of range were clamped by the parser and are reported here. */
  private go(engine: Engine, command: GoCommand): void {
    const warnings = command.clamped.map(
      (c) => `go ${c.key} ${c.given} is out of range (${c.min} to ${c.max}); using ${c.used}`,
    );
    const clock = engine.position.sideToMove === 0 ? 'wtime' : 'btime';
    if (command.limits[clock] === 0 && !command.clamped.some((c) => c.key === clock)) {
      warnings.push(`go ${clock} 0: no time left on the clock; answering at once`);
    }
    // No limit at all means: search until told to stop (`go ponder` too, after ponderhit).
    const bounded = Object.keys(command.limits).some((key) => key !== 'searchmoves' && key !== 'ponder'); // prettier-ignore
    // The searchmoves are read by the engine, which warns of those that are no legal move.
    const limits = bounded ? command.limits : { ...command.limits, infinite: true };
    for (const warning of warnings) this.send(formatWarning(warning));
    const search: RunningSearch = {
      waitsForStop: limits.infinite === true || limits.ponder === true,
      infinite: limits.infinite === true,
      pondering: limits.ponder === true,
      finishesAtEnd: false,
      done: Promise.resolve(),
    };
    this.search = search;
    search.done = engine.go(limits).then((best) => {
      this.search = undefined;
      this.debugLine(`go searched on ${best.threads} thread${best.threads === 1 ? '' : 's'}`);
      this.send(formatBestMove(best.move, best.ponder));
    });
  }

  /**
   * Runs `go perft` or `bench` on the engine's pool as a search that ends by itself: the
   * lines after it that need the engine idle wait for its answer; `stop` and `quit` end it.
   */
  private runJob<T>(job: Promise<T>, answer: (result: T) => void): void {
    const search: RunningSearch = { waitsForStop: false, infinite: false, pondering: false, finishesAtEnd: true, done: Promise.resolve() }; // prettier-ignore
    this.search = search;
    search.done = job.then((result) => {
      this.search = undefined;
      answer(result);
    });
  }

  private debugLine(text: string): void {
    if (this.debug) this.send(`info string debug: ${text}`);
  }

  private reportFailure(result: Result<void>): void {
    if (!result.ok) this.send(formatError(result.error.message));
  }

  private showPosition(engine: Engine): void {
    const position = engine.position;
    for (const line of position.diagram().split('\n')) this.send(line);
    this.send(`Position: ${position.toString()}`);
    this.send(`Side to move: ${position.sideToMove === 0 ? 'White' : 'Black'}`);
    this.send(`Key: ${position.keyHex()}`);
    this.send(`Variant: ${engine.settings.variant}`);
    this.send(`Plies without progress: ${position.quietPlies}`);
    const endgame = engine.endgameValue();
    if (endgame !== undefined) this.send(`Endgame database: ${endgame.value}`);
    this.send(`Game: ${engine.describeGame()}`);
  }

  private showEval(engine: Engine): void {
    const result = engine.evaluate();
    this.send('term          White-Black');
    for (const [name, value] of Object.entries(result.terms)) {
      this.send(`${name.padEnd(13)} ${String(value).padStart(11)}`);
    }
    const side = engine.position.sideToMove === 0 ? 'White' : 'Black';
    if (result.networkScore === undefined) {
      this.send(`Evaluation: ${result.score} (${side} to move, centi-men from its side)`);
    } else {
      this.send(`Linear evaluation: ${result.score} (the terms above)`);
      this.send(`Evaluation: ${result.networkScore} (the network; ${side} to move, centi-men from its side)`); // prettier-ignore
    }
    if (result.capturePending) {
      this.send('Note: the side to move must capture; search resolves captures before it evaluates'); // prettier-ignore
    }
  }
}
