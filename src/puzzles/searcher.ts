/**
 * The miner's engine: one engine process speaking the text protocol (engine-client/),
 * set to MultiPV 2 on one thread, asked `go nodes N` for one position at a time with its
 * hash cleared before each (`ucinewgame`), so that every search depends on its position and
 * budget alone and a puzzle file is made again the same by the same build. Its `info`
 * lines are kept as they come: the best move of every completed depth (what the rating
 * reads) and the two best lines of the deepest depth that reported both (what the check
 * reads).
 */
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import {
  EngineProcess,
  type EngineCommand,
  type EngineIdentity,
} from '../engine-client/engine-process.js';
import { goLine, positionLine } from '../engine-client/go.js';
import { parseInfo, type EngineInfo, type EngineScore } from '../engine-client/info.js';
import { prepareEngine } from '../engine-client/supervisor.js';

/** Time a new engine may take to answer `uci` and `isready` (loading tables included). */
const STARTUP_MS = 120_000;
/** The stall period of a search and the wait for `readyok`. */
const STALL_MS = 60_000;
/** The bench may take this long on a loaded machine. */
const BENCH_MS = 600_000;

/** One root line of a search: its first move, score (side to move's view) and moves. */
export interface RootLine {
  readonly move: string;
  readonly score: EngineScore;
  readonly pv: readonly string[];
  /** Positions scored by the endgame tables in this line's search (0: none). */
  readonly tbhits: number;
}

/** What one search said: the best move depth by depth, and the top lines at the end. */
export interface SearchReport {
  /** The first move of line 1 at each completed depth, in depth order. */
  readonly bestByDepth: readonly { readonly depth: number; readonly move: string }[];
  /** The deepest depth whose lines 1 and 2 were both reported (0: none was). */
  readonly depth: number;
  /** Line 1 and, when the position has two legal moves or more, line 2 at `depth`. */
  readonly lines: readonly RootLine[];
  readonly bestmove: string;
}

/** The engine settings a puzzle file records. */
export interface SearcherSettings {
  readonly variant: VariantName;
  readonly hashMb: number;
  /** `EGDB Path`: the endgame tables' folder, or undefined for none. */
  readonly egdbPath?: string;
  /** `EvalFile`: the evaluation's files, or undefined for the engine's default. */
  readonly evalFile?: string;
}

/** Something that searches positions for the miner (the engine, or a test's stand-in). */
export interface PositionSearcher {
  search(position: string, nodes: number): Promise<Result<SearchReport, 'engine-failed'>>;
}

/** Collects the `info` lines of one search into a report. */
export class ReportBuilder {
  private readonly bestByDepth: { depth: number; move: string }[] = [];
  /** The latest exact line reported for each multipv index, by depth. */
  private readonly byDepth = new Map<number, Map<number, RootLine>>();

  /** Reads one engine line (other lines than scored `info` lines are ignored). */
  line(text: string): void {
    const info = parseInfo(text);
    if (info === undefined || info.score === undefined || info.depth === undefined) return;
    if (info.bound !== undefined || info.pv.length === 0) return;
    this.add(info, info.depth, info.score);
  }

  private add(info: EngineInfo, depth: number, score: EngineScore): void {
    const line: RootLine = { move: info.pv[0], score, pv: info.pv, tbhits: info.tbhits ?? 0 };
    let lines = this.byDepth.get(depth);
    if (lines === undefined) {
      lines = new Map();
      this.byDepth.set(depth, lines);
    }
    lines.set(info.multipv, line);
    if (info.multipv === 1) {
      const last = this.bestByDepth[this.bestByDepth.length - 1];
      if (last?.depth === depth) last.move = line.move;
      else this.bestByDepth.push({ depth, move: line.move });
    }
  }

  /**
   * The report once `bestmove` came: the deepest depth that reported every line the search
   * gave (two, or one for a position with one legal move).
   */
  finish(bestmove: string): SearchReport {
    let lineCount = 1;
    for (const found of this.byDepth.values()) if (found.has(2)) lineCount = 2;
    let depth = 0;
    let lines: RootLine[] = [];
    for (const [at, found] of this.byDepth) {
      const wanted = [...Array(lineCount).keys()].map((i) => found.get(i + 1));
      if (at > depth && wanted.every((line) => line !== undefined)) {
        depth = at;
        lines = wanted;
      }
    }
    const bestByDepth = this.bestByDepth.filter((entry) => entry.depth <= depth);
    return { bestByDepth, depth, lines, bestmove };
  }
}

/** An engine process as the miner's searcher. */
export class EngineSearcher implements PositionSearcher {
  private builder: ReportBuilder | undefined;

  private constructor(
    private readonly process: EngineProcess,
    /** What the engine said about itself. */
    readonly identity: EngineIdentity,
  ) {
    process.onLine((line) => this.builder?.line(line));
  }

  /**
   * Starts the engine (killed at once when `signal` aborts, then or later), runs its bench with the engine's own defaults (so that the
   * signature is the one `tama bench` prints), then sets it up for the miner; a failure
   * says why it would not start.
   */
  static async start(
    command: EngineCommand,
    settings: SearcherSettings,
    signal?: AbortSignal,
  ): Promise<Result<{ searcher: EngineSearcher; bench: number | undefined }, 'engine-failed'>> {
    const process = new EngineProcess(command, 'engine');
    // Stopping kills the engine at once: whatever waits on it (the bench, a search) fails
    // within moments, where a `stop` could wait behind a long bench.
    const onAbort = () => process.kill();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted === true) process.kill();
    const failed = (message: string) => {
      process.kill();
      signal?.removeEventListener('abort', onAbort);
      return fail('engine-failed', message);
    };
    const hello = await prepareEngine(process, { startupMs: STARTUP_MS });
    if (!hello.ok) return failed(`the engine did not start: ${hello.error.message}`);
    const bench = await process.bench(undefined, BENCH_MS);
    if (!bench.ok) return failed(`the engine's bench failed: ${bench.error.message}`);
    process.setOption('Variant', settings.variant);
    process.setOption('Threads', '1');
    process.setOption('Hash', String(settings.hashMb));
    process.setOption('MultiPV', '2');
    if (settings.egdbPath !== undefined) process.setOption('EGDB Path', settings.egdbPath);
    if (settings.evalFile !== undefined) process.setOption('EvalFile', settings.evalFile);
    const answer = await process.readyWithErrors(STARTUP_MS);
    if (!answer.ok) return failed(`the engine did not start: ${answer.error.message}`);
    if (answer.value.length > 0) return failed(`the engine refused a setting: ${answer.value.join('; ')}`); // prettier-ignore
    return ok({ searcher: new EngineSearcher(process, hello.value), bench: bench.value });
  }

  async search(position: string, nodes: number): Promise<Result<SearchReport, 'engine-failed'>> {
    const failure = await this.process.newGame(STALL_MS);
    if (failure !== undefined) return fail('engine-failed', `the engine failed: ${failure.message}`); // prettier-ignore
    const builder = new ReportBuilder();
    this.builder = builder;
    const outcome = await this.process.search(positionLine(position, []), goLine({ nodes }), undefined, STALL_MS); // prettier-ignore
    this.builder = undefined;
    if (outcome.kind === 'failure') {
      return fail('engine-failed', `the engine failed: ${outcome.failure.message}`);
    }
    return ok(builder.finish(outcome.move));
  }

  /** Quits the engine (killing it if it does not leave within a second). */
  async close(): Promise<void> {
    await this.process.quit(1000);
  }
}
