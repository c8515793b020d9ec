/**
 * The protocol session: takes one input line at a time, runs it on the engine and sends
 * reply lines through `send`. Transport-agnostic: stdio.ts wires it to stdin/stdout.
 *
 * Every bad line gets exactly one `info string error: ...` reply and leaves the engine as
 * it was. Each `go` gets exactly one `bestmove`, also after `stop`, `quit` or end of input.
 */
import type { Engine } from '../engine/engine.js';
import { OPTIONS } from '../engine/options.js';
import { parseCommand, type Command } from './commands.js';
import { formatBestMove, formatError, formatInfo, formatOption, formatProgress } from './format.js'; // prettier-ignore

export const ENGINE_NAME = 'Tama 0.1.0';
export const ENGINE_AUTHOR = 'the Tama developers';

/** What `help` prints: every command, one a line. */
const HELP_LINES = [
  'Tama speaks a UCI-like protocol (protocol.md has every command, reply and error):',
  '  uci                          identify the engine and list its options, then uciok',
  '  isready                      answered with readyok once earlier commands are done',
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

export class Session {
  private engineInstance: Engine | undefined;
  private engineLoading: Promise<Engine> | undefined;
  private closed = false;
  private closing: Promise<void> | undefined;
  /** `debug on`: commands that are otherwise silent say what they did. */
  private debug = false;

  constructor(private readonly send: (line: string) => void) {}

  /**
   * The engine, loaded on first use: `uci` is answered from static data before the search
   * code and its worker threads are loaded, and loading starts right after `uciok`.
   */
  private loadEngine(): Promise<Engine> {
    this.engineLoading ??= import('../engine/engine.js').then(({ Engine }) => {
      this.engineInstance = new Engine({
        info: (info) => this.send(formatInfo(info)),
        progress: (progress) => this.send(formatProgress(progress)),
        error: (message) => this.send(formatError(message)),
      });
      return this.engineInstance;
    });
    return this.engineLoading;
  }

  /** True once `quit` (or end of input) has been handled. */
  get finished(): boolean {
    return this.closed;
  }

  /** Handles one input line. Resolves when the line is dealt with (a search goes on). */
  async handleLine(line: string): Promise<void> {
    if (this.closed) return;
    const parsed = parseCommand(line);
    if (!parsed.ok) {
      this.send(formatError(parsed.error.message));
      return;
    }
    await this.run(parsed.value);
  }

  /** Ends the session: stops a search (its bestmove is still sent) and the workers. */
  quit(): Promise<void> {
    this.closed = true;
    this.closing ??= this.engineLoading
      ? this.engineLoading.then((engine) => engine.close())
      : Promise.resolve();
    return this.closing;
  }

  private refuseWhileSearching(what: string): boolean {
    if (!this.engineInstance?.searching) return false;
    this.send(formatError(`'${what}' is not allowed while searching (send 'stop' first)`));
    return true;
  }

  private async run(command: Command): Promise<void> {
    switch (command.kind) {
      case 'empty':
        return;
      case 'uci':
        this.send(`id name ${ENGINE_NAME}`);
        this.send(`id author ${ENGINE_AUTHOR}`);
        for (const option of OPTIONS) this.send(formatOption(option));
        this.send('uciok');
        void this.loadEngine();
        return;
      case 'quit':
        await this.quit();
        return;
      case 'debug':
        this.debug = command.on;
        this.send(`info string debug ${command.on ? 'on' : 'off'}`);
        return;
      case 'register':
        // UCI engines that need no registration accept the command and say nothing.
        return;
      case 'help':
        for (const line of HELP_LINES) this.send(line);
        return;
    }
    const engine = await this.loadEngine();
    switch (command.kind) {
      case 'isready':
        this.send('readyok');
        return;
      case 'ucinewgame':
        this.reportFailure(engine.newGame());
        return;
      case 'setoption': {
        const set = engine.setOption(command.name, command.value);
        this.reportFailure(set);
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
        engine.stop();
        return;
      case 'ponderhit':
        engine.ponderhit();
        return;
      case 'd':
        if (this.refuseWhileSearching('d')) return;
        this.showPosition(engine);
        return;
      case 'moves': {
        if (this.refuseWhileSearching('moves')) return;
        const moves = engine.legalMoves().map((m) => m.text);
        this.send(`moves ${moves.length === 0 ? '(none)' : moves.join(' ')}`);
        return;
      }
      case 'eval':
        if (this.refuseWhileSearching('eval')) return;
        this.showEval(engine);
        return;
      case 'perft':
        if (this.refuseWhileSearching('go perft')) return;
        void engine.perft(command.depth).then((result) => {
          if (result.stopped) {
            this.send('info string go perft stopped: the counts are incomplete');
            return;
          }
          for (const entry of result.divide) this.send(`${entry.move}: ${entry.nodes}`);
          this.send('');
          this.send(`Nodes searched: ${result.nodes}`);
        });
        return;
      case 'bench':
        if (this.refuseWhileSearching('bench')) return;
        void engine.bench(command.depth).then((result) => {
          if (result.stopped) this.send(`info string bench stopped after ${result.positions} positions`); // prettier-ignore
          this.send(`Nodes searched: ${result.nodes}`);
          this.send(`Nodes/second: ${result.nps}`);
        });
        return;
    }
  }

  private go(engine: Engine, command: Extract<Command, { kind: 'go' }>): void {
    if (engine.searching) {
      this.send(formatError("'go' while a search is running (send 'stop' first)"));
      return;
    }
    // No limit at all means: search until told to stop.
    const bounded = Object.keys(command.limits).some((key) => key !== 'searchmoves');
    const limits = bounded ? command.limits : { ...command.limits, infinite: true };
    if (limits.searchmoves) {
      for (const text of limits.searchmoves) {
        const parsed = engine.parseMove(text);
        if (!parsed.ok) {
          this.send(formatError(`go searchmoves: ${parsed.error.message}`));
          return;
        }
      }
      const normalised = limits.searchmoves.map((text) => {
        const parsed = engine.parseMove(text);
        return parsed.ok ? parsed.value.text : text;
      });
      void engine.go({ ...limits, searchmoves: normalised }).then((best) => this.send(formatBestMove(best.move, best.ponder))); // prettier-ignore
      return;
    }
    void engine.go(limits).then((best) => this.send(formatBestMove(best.move, best.ponder)));
  }

  private debugLine(text: string): void {
    if (this.debug) this.send(`info string debug: ${text}`);
  }

  private reportFailure(result: { ok: boolean; error?: { message: string } }): void {
    if (!result.ok && result.error) this.send(formatError(result.error.message));
  }

  private showPosition(engine: Engine): void {
    const position = engine.position;
    for (const line of position.diagram().split('\n')) this.send(line);
    this.send(`Position: ${position.toString()}`);
    this.send(`Side to move: ${position.sideToMove === 0 ? 'White' : 'Black'}`);
    this.send(`Key: ${position.keyHex()}`);
    this.send(`Variant: ${engine.settings.variant}`);
    this.send(`Plies without progress: ${position.quietPlies}`);
    this.send(`Game: ${engine.describeGame()}`);
  }

  private showEval(engine: Engine): void {
    const result = engine.evaluate();
    this.send('term          White-Black');
    for (const [name, value] of Object.entries(result.terms)) {
      this.send(`${name.padEnd(13)} ${String(value).padStart(11)}`);
    }
    const side = engine.position.sideToMove === 0 ? 'White' : 'Black';
    this.send(`Evaluation: ${result.score} (${side} to move, centi-men from its side)`);
    if (result.capturePending) {
      this.send('Note: the side to move must capture; search resolves captures before it evaluates'); // prettier-ignore
    }
  }
}
