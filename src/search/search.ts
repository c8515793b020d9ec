/**
 * The root of the search: iterative deepening, MultiPV, skill, the root's move filters
 * (`searchmoves`, the endgame tables' ranking), time management and the `info` of each
 * iteration. Each line of an iteration is searched below the root by the WebAssembly module
 * (search-wasm.ts over src/wasm/search.ts: principal variation search, quiescence over
 * compulsory captures, ordering, reductions, the table, repetitions, the evaluation), the one
 * search there is. Quiet positions are scored by the root's variant's network when the
 * searcher's set has one, else by its linear weights. The root's moves are the module's: it
 * lists them for the host in the order its root status and its lines use.
 *
 * One Searcher per thread; its arrays are allocated once, in the constructor.
 */
import { moveFrom, moveTo, sameMove, type PackedMove } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { applyMoveInto, STATE_SIZE } from '../core/state.js';
import type { Rules } from '../core/variant.js';
import { codeAfterMove, codeRank } from '../egdb/best.js';
import type { EndgameTables } from '../egdb/tables.js';
import { nowMs, SearchControl } from './control.js';
import { Evaluators } from './eval.js';
import type { EvalWeights } from './eval-weights.js';
import type { NetworkWeights } from './network-weights.js';
import { createSearchMemory, SearchModule } from './search-wasm.js';
import { chooseSkillMove, MAX_SKILL_LEVEL, skillUsesNetwork } from './skill.js';
import { TimeManager, type SearchLimits, type TimeBudget } from './timeman.js';
import { TranspositionTable } from './tt.js';
import type { Result } from '../core/result.js';
import { ok } from '../core/result.js';
import { MATE, MAX_GAME_PLIES, MAX_MOVES, MAX_PLY, ROOT_HAS_LINE, ROOT_NOT_CANDIDATE, ROOT_SEARCHED } from './module-constants.js'; // prettier-ignore

export { MATE } from './module-constants.js';
/** Scores beyond this are wins or losses in a known number of plies. */
export const MATE_BOUND = MATE - 2 * MAX_PLY;

export type Score = { readonly kind: 'cp' | 'mate'; readonly value: number };

/**
 * The search's optional parts (the module's), each switchable so that self-play matches can
 * measure what it is worth (bench/selfplay.ts). The engine runs with DEFAULT_FEATURES.
 */
export interface SearchFeatures {
  lateMoveReductions: boolean;
  singleReplyExtension: boolean;
  killers: boolean;
  history: boolean;
}

/**
 * What the engine runs with. Self-play at 15,000 nodes a move (bench/selfplay.ts, 400 games
 * a run, pentanomial Elo of the feature) measured two parts that were then deleted, as
 * neither gained (the history keeps their code):
 * - aspiration windows: -29.6 +/- 23.4;
 * - ProbCut: +3.5 +/- 16.5 as first tuned, then +6.9 +/- 15.2 and -13.9 +/- 15.9 after a
 *   retune (margin 100, only when the static evaluation reaches beta).
 * Killers and history together gain +85.0 +/- 27.5; each alone on top of the other measured
 * about zero, and both stay on: without killers two shots of the tactics suite are no longer
 * found within its node budget.
 * Late move pruning (skip late quiet moves at depth 1-3) was measured and deleted (last in
 * commit faad280): pruning every late quiet move gained +33.7 +/- 35.6 at 10,000 nodes a move
 * but lost mates and draws in king endings and a shot of the tactics suite; kept away from
 * kings and from moves that offer a capture it measured +3.5 +/- 29.7. Reverse futility
 * pruning searched 31 % more nodes to depth 12 from the start and was dropped unplayed.
 */
export const DEFAULT_FEATURES: Readonly<SearchFeatures> = Object.freeze({
  lateMoveReductions: true,
  singleReplyExtension: true,
  killers: true,
  history: true,
});

/** What the search reports after each iteration (and each PV line with MultiPV). */
export interface SearchInfo {
  readonly depth: number;
  readonly seldepth: number;
  readonly multipv: number;
  readonly score: Score;
  readonly nodes: number;
  readonly nps: number;
  readonly hashfull: number;
  readonly time: number;
  /** Positions scored from the endgame databases, all threads together. */
  readonly tbhits: number;
  readonly pv: readonly PackedMove[];
}

export interface SearchResult {
  /** The move to play; undefined when the side to move has no legal move. */
  readonly bestMove?: PackedMove;
  /** The reply the principal variation expects. */
  readonly ponderMove?: PackedMove;
  readonly score: Score;
  /** The deepest completed iteration. */
  readonly depth: number;
  readonly nodes: number;
  /** True when the search ended inside an iteration: by stop, or a node or time limit. */
  readonly interrupted: boolean;
  /** A helper that ended the search (endsAtLastDepth): its last line, for the engine to report. */
  readonly lastLine?: SearchInfo;
}

export interface SearchSettings {
  readonly multiPV: number;
  /** Plies without capture or man move after which the game is drawn (0: never). */
  readonly drawPlies: number;
  /** The time budget of this search (timeman.ts; NO_TIME_LIMIT without a clock). */
  readonly timeBudget: TimeBudget;
  /** 0 for the main thread, which decides and reports; helpers only fill the table. */
  readonly threadIndex: number;
  /**
   * A helper that completes the last depth of the limits ends the search for every thread
   * (the engine then plays its move and reports its line); left out or false, only the main
   * thread's end ends the search.
   */
  readonly endsAtLastDepth?: boolean;
  /** Epoch ms when `go` arrived: the clock runs from here. */
  readonly startTime: number;
  /** Below MAX_SKILL_LEVEL: play a random one of the near-best lines (skill.ts). */
  readonly skillLevel?: number;
}

/** A score as the protocol shows it: centi-men, or moves to a forced win (negative: loss). */
export function toScore(value: number): Score {
  if (value >= MATE_BOUND) return { kind: 'mate', value: Math.ceil((MATE - value) / 2) };
  if (value <= -MATE_BOUND) return { kind: 'mate', value: -Math.ceil((MATE + value) / 2) };
  return { kind: 'cp', value: value | 0 }; // | 0 turns a draw's -0 into 0
}

/** A completed MultiPV line of an iteration: its score, root move index and moves. */
interface RootLine {
  readonly score: number;
  readonly index: number;
  readonly pv: readonly PackedMove[];
}

/** Where iterative deepening ended: the deepest completed iteration's choice. */
interface Deepened {
  bestIndex: number;
  bestScore: number;
  completedDepth: number;
  pv: readonly PackedMove[] | undefined;
  /** The lines of the last iteration that completed all of them (for the skill's choice). */
  fullLines: readonly RootLine[] | undefined;
  /** Set when this helper ended the search at the last depth (endsAtLastDepth). */
  lastLine?: SearchInfo;
}

/** Nodes between two looks at the stop flag and the clock. */
const CHECK_INTERVAL = 1024;
/**
 * A search allowed less than this many milliseconds looks every SHORT_CHECK_INTERVAL nodes
 * instead: with a nearly empty clock, 1024 nodes can take longer than the whole budget.
 */
const SHORT_SEARCH_MS = 50;
const SHORT_CHECK_INTERVAL = 64;

/** Late move reductions by depth and move number, worked out once and given to the module. */
const REDUCTIONS = new Int8Array(64 * 64);
for (let depth = 1; depth < 64; depth++) {
  for (let index = 1; index < 64; index++) {
    REDUCTIONS[depth * 64 + index] = Math.floor(0.4 + Math.log(depth) * Math.log(index) / 2.4); // prettier-ignore
  }
}

export class Searcher {
  /** The root's position, a scratch position one move after it, and the root's moves (the module's list). */
  private readonly root = new Int32Array(STATE_SIZE);
  private readonly child = new Int32Array(STATE_SIZE);
  private readonly rootMoves = new Int32Array(MAX_MOVES);
  private readonly rootCapturedLo = new Int32Array(MAX_MOVES);
  private readonly rootCapturedHi = new Int32Array(MAX_MOVES);
  /** The principal variation of the last line searched, as the module gave it. */
  private readonly pvMoves = new Int32Array(MAX_PLY + 2);
  private readonly pvCapturedLo = new Int32Array(MAX_PLY + 2);
  private readonly pvCapturedHi = new Int32Array(MAX_PLY + 2);
  private pvLength = 0;
  /** Each root move's ROOT_SEARCHED, ROOT_HAS_LINE or ROOT_NOT_CANDIDATE. */
  private readonly rootStatus = new Uint8Array(MAX_MOVES);
  /** Each root move's value in the endgame databases (egdb/best.ts), at a covered root. */
  private readonly rootTableCodes = new Int32Array(MAX_MOVES);
  private readonly time = new TimeManager();

  /** Which optional parts of the search run (the defaults, except in self-play experiments). */
  readonly features: SearchFeatures = { ...DEFAULT_FEATURES };
  private rules!: Rules;
  private evaluators: Evaluators;
  private tt: TranspositionTable;
  private control: SearchControl;
  /** Whether this search may score with the variant's network (the weakest skill levels may not). */
  private networkAllowed = true;
  private drawPlies = 100;
  private threadIndex = 0;
  private nodes = 0;
  private nodeLimit = Infinity;
  private seldepth = 0;
  private aborted = false;
  private startTime = 0;
  private checkInterval = CHECK_INTERVAL;
  /** Endgame databases, or null. */
  private egdb: EndgameTables | null = null;
  /** The threads share the root: they leave breadcrumbs (control.ts). */
  private crumbs = false;
  /**
   * The WebAssembly module that searches below the root (search-wasm.ts), on every thread,
   * each in its own region of the module's memory.
   */
  private module!: SearchModule;
  /** The weights and network each thread region of the module was last given. */
  private moduleWeights: (EvalWeights | undefined)[] = [];
  private moduleNetwork: (NetworkWeights | undefined)[] = [];

  /**
   * A searcher over `tt`, stopped through `control`, evaluating with `evaluators`, whose
   * lines `module` searches.
   */
  constructor(
    module: SearchModule,
    tt: TranspositionTable,
    control: SearchControl,
    evaluators: Evaluators = new Evaluators(),
  ) {
    this.tt = tt;
    this.control = control;
    this.evaluators = evaluators;
    this.useModule(module);
  }

  /**
   * A searcher with a module of its own: a memory of its own for one thread with a table of
   * `tableBytes` (tt.ts tableBytes), which `table` empties and ages; or why the module
   * cannot start.
   */
  static create(
    tableBytes: number,
    control: SearchControl,
    evaluators?: Evaluators,
  ): Result<Searcher> {
    const memory = createSearchMemory(1, tableBytes, false);
    if (!memory.ok) return memory;
    const module = SearchModule.create(memory.value);
    if (!module.ok) return module;
    const { tableOffset } = memory.value.layout;
    const table = new TranspositionTable(memory.value.memory.buffer, tableOffset, tableBytes);
    return ok(new Searcher(module.value, table, control, evaluators));
  }

  /** The table the searcher's module searches with. */
  get table(): TranspositionTable {
    return this.tt;
  }

  /** Points the searcher at another table or control buffer (after a resize). */
  attach(tt: TranspositionTable, control: SearchControl): void {
    this.tt = tt;
    this.control = control;
  }

  /** Scores positions the tables cover from them (null: no databases). */
  attachTables(tables: EndgameTables | null): void {
    this.egdb = tables;
  }

  /** Evaluates with other weights from the next search on. */
  useEvaluators(evaluators: Evaluators): void {
    this.evaluators = evaluators;
  }

  /** Forgets move-ordering statistics: a new game. */
  clearHistory(): void {
    this.module.clearHistory();
  }

  /** Searches below the root with `module` from the next search on (a new memory). */
  useModule(module: SearchModule): void {
    this.module = module;
    this.moduleWeights = [];
    this.moduleNetwork = [];
    module.setReductions(REDUCTIONS);
    module.connect({
      poll: (nodes) => {
        this.nodes = nodes;
        this.control.setNodes(this.threadIndex, nodes);
        if (this.control.stopped) return true;
        if (!this.time.outOfTime(this.control)) return false;
        this.control.stop();
        return true;
      },
      probeTables: (ply) => (this.egdb === null ? -1 : this.egdb.probe(module.position(ply))),
      rootMove: (number, move, capturedLo, capturedHi) => {
        if (this.threadIndex === 0) this.control.setRootMove(number, move, capturedLo, capturedHi); // prettier-ignore
      },
    });
  }

  /**
   * Searches `root` within `limits`. `gameKeys` are the keys (lo, hi pairs) of the game's
   * earlier positions, oldest first, for repetition; `onInfo` receives each iteration.
   */
  search(
    root: Position,
    gameKeys: readonly number[],
    limits: SearchLimits,
    settings: SearchSettings,
    onInfo: (info: SearchInfo) => void,
  ): SearchResult {
    this.prepare(root, gameKeys, limits, settings);
    const unbounded = limits.infinite === true;
    const rootCount = this.listRootMoves();
    if (rootCount === 0) {
      this.control.setNodes(this.threadIndex, 0);
      this.waitIfUnbounded(unbounded);
      return { score: toScore(-MATE), depth: 0, nodes: 0, interrupted: false };
    }
    const candidates = this.chooseRootMoves(rootCount, limits.searchmoves);
    const deepened = this.deepen(rootCount, candidates, limits, settings, onInfo);
    const skillLevel = settings.skillLevel ?? MAX_SKILL_LEVEL;
    if (skillLevel < MAX_SKILL_LEVEL && deepened.fullLines !== undefined) {
      const choice = chooseSkillMove(deepened.fullLines, this.candidateIndices(rootCount), skillLevel, Math.random); // prettier-ignore
      deepened.bestIndex = choice.index;
      deepened.pv = choice.pv;
    }

    this.waitIfUnbounded(unbounded);
    this.control.setNodes(this.threadIndex, this.nodes);
    if (this.egdb !== null) this.control.setTbHits(this.threadIndex, this.egdb.hits);
    const best = deepened.bestIndex >= 0 ? deepened.bestIndex : this.firstCandidate(rootCount);
    const bestMove = this.rootMove(best);
    const pv = deepened.pv;
    const ponderMove = pv !== undefined && pv.length > 1 && sameMove(pv[0], bestMove) ? pv[1] : undefined; // prettier-ignore
    return {
      bestMove,
      ponderMove,
      score: toScore(deepened.bestScore),
      depth: deepened.completedDepth,
      nodes: this.nodes,
      interrupted: this.aborted,
      ...(deepened.lastLine !== undefined && { lastLine: deepened.lastLine }),
    };
  }

  /** Copies the module's list of the root's moves (ply 0) into rootMoves: how many. */
  private listRootMoves(): number {
    const module = this.module;
    const count = module.generateMoves(0);
    if (count < 0) throw new Error("the root has more moves than the search's lists hold");
    for (let i = 0; i < count; i++) {
      this.rootMoves[i] = module.move(0, i);
      this.rootCapturedLo[i] = module.capturedLo(0, i);
      this.rootCapturedHi[i] = module.capturedHi(0, i);
    }
    return count;
  }

  /** Sets the searcher and the module up for a new root: limits, counters, the game's keys. */
  private prepare(
    root: Position,
    gameKeys: readonly number[],
    limits: SearchLimits,
    settings: SearchSettings,
  ): void {
    this.rules = root.rules;
    // The weakest skill levels score with the linear weights even where a network is loaded.
    this.networkAllowed = skillUsesNetwork(settings.skillLevel ?? MAX_SKILL_LEVEL, root.rules.name); // prettier-ignore
    this.drawPlies = settings.drawPlies;
    this.threadIndex = settings.threadIndex;
    this.crumbs = this.control.threads > 1;
    this.nodes = 0;
    this.seldepth = 0;
    this.aborted = false;
    this.startTime = settings.startTime;
    this.nodeLimit = limits.nodes ?? Infinity;
    this.time.start(settings.timeBudget, limits, settings.startTime, settings.threadIndex === 0);
    this.checkInterval = this.time.maximum < SHORT_SEARCH_MS ? SHORT_CHECK_INTERVAL : CHECK_INTERVAL; // prettier-ignore
    this.root.set(root.state);
    this.prepareModule(root, gameKeys);
  }

  /** Hands the module what this search needs: rules, weights, table, root, game keys, limits. */
  private prepareModule(root: Position, gameKeys: readonly number[]): void {
    const module = this.module;
    // This thread's region of the module's memory: its stacks, weights and network.
    const region = this.threadIndex;
    module.bindThread(region);
    module.setRules(root.rules);
    const weights = this.evaluators.weights[root.rules.name];
    if (this.moduleWeights[region] !== weights) {
      module.setWeights(weights);
      this.moduleWeights[region] = weights;
    }
    // The network of this variant, when one is loaded, scores the quiet positions there too.
    const network = this.networkAllowed ? (this.evaluators.networks[root.rules.name] ?? null) : null; // prettier-ignore
    if (network !== null && this.moduleNetwork[region] !== network) {
      module.setNetwork(network);
      this.moduleNetwork[region] = network;
    }
    module.useNetwork(network !== null);
    // The table is the module's memory's (this.tt), emptied by whoever made the memory.
    module.setTableAge(this.tt.age);
    module.setPosition(0, root.state);
    // Game history for repetition: only positions since the last irreversible move matter.
    const earlier = Math.min(gameKeys.length >> 1, MAX_GAME_PLIES);
    module.beginSearch({
      drawPlies: this.drawPlies,
      nodeLimit: this.nodeLimit,
      checkInterval: this.checkInterval,
      gameKeys: Int32Array.from(gameKeys.slice(gameKeys.length - 2 * earlier)),
      tablesPieces: this.egdb === null ? 0 : Math.max(1, this.egdb.maxPieces),
      features: this.features,
      threadIndex: this.threadIndex,
      crumbs: this.crumbs,
    });
  }

  /** One line of an iteration at `depth` from the root, searched by the module: its score. */
  private searchLine(depth: number, rootCount: number): number {
    const module = this.module;
    const score = module.searchRoot(depth, this.rootStatus, rootCount);
    this.nodes = module.nodes;
    this.seldepth = module.seldepth;
    this.aborted = module.aborted;
    this.pvLength = module.principalVariation(this.pvMoves, this.pvCapturedLo, this.pvCapturedHi); // prettier-ignore
    return score;
  }

  /**
   * Marks the root moves left out (not in `searchmoves`; those that lose a database
   * position's value) and counts the rest. When the filters leave none, all stay in.
   */
  private chooseRootMoves(
    rootCount: number,
    searchmoves: readonly PackedMove[] | undefined,
  ): number {
    this.rootStatus.fill(ROOT_SEARCHED, 0, rootCount);
    let candidates = rootCount;
    if (searchmoves !== undefined && searchmoves.length > 0) {
      candidates = 0;
      for (let i = 0; i < rootCount; i++) {
        const wanted = searchmoves.some((m) => m.move === this.rootMoves[i] && m.capturedLo === this.rootCapturedLo[i] && m.capturedHi === this.rootCapturedHi[i]); // prettier-ignore
        if (wanted) candidates++;
        else this.rootStatus[i] = ROOT_NOT_CANDIDATE;
      }
      if (candidates === 0) {
        candidates = rootCount;
        this.rootStatus.fill(ROOT_SEARCHED, 0, rootCount);
      }
    }
    if (this.egdb !== null) {
      this.egdb.hits = 0;
      candidates = this.keepDatabaseMoves(this.egdb, rootCount, candidates);
    }
    return candidates;
  }

  /**
   * Iterative deepening: one iteration per depth (all MultiPV lines), reported through
   * `onInfo` by the main thread, until a limit, stop, or the time management ends it.
   */
  private deepen(
    rootCount: number,
    candidates: number,
    limits: SearchLimits,
    settings: SearchSettings,
    onInfo: (info: SearchInfo) => void,
  ): Deepened {
    const multiPV = Math.max(1, Math.min(settings.multiPV, candidates));
    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8);
    const outcome: Deepened = { bestIndex: this.firstCandidate(rootCount), bestScore: 0, completedDepth: 0, pv: undefined, fullLines: undefined }; // prettier-ignore

    const startDepth = this.threadIndex === 0 ? 1 : 1 + (this.threadIndex & 1);
    for (let depth = startDepth; depth <= maxDepth; depth++) {
      // Helpers skip some depths so that threads spread over different iterations, never
      // the last: a helper that stopped short of it would sit idle while the main thread
      // finishes it.
      if (this.threadIndex > 0 && depth > 2 && depth < maxDepth && (depth + this.threadIndex) % 3 === 0) continue; // prettier-ignore
      const lines = this.iterate(depth, rootCount, multiPV);
      if (lines.length === 0) break;
      outcome.bestIndex = lines[0].index;
      outcome.bestScore = lines[0].score;
      outcome.completedDepth = depth;
      outcome.pv = lines[0].pv;
      if (lines.length === multiPV) outcome.fullLines = lines;
      if (this.threadIndex === 0) {
        const elapsed = nowMs() - this.startTime;
        for (let line = 0; line < lines.length; line++) {
          onInfo(this.info(depth, line + 1, lines[line], elapsed));
        }
      }
      if (this.aborted) break;
      if (depth === maxDepth && settings.endsAtLastDepth === true) {
        // The depth asked for is done here first: the other threads need not finish it.
        outcome.lastLine = this.info(depth, 1, lines[0], nowMs() - this.startTime);
        this.control.stop();
        break;
      }
      if (this.iterationsDone(depth, outcome.bestIndex, outcome.bestScore, candidates, limits)) break; // prettier-ignore
    }
    return outcome;
  }

  /**
   * One iteration at `depth`: the MultiPV lines, each searched without the root moves of
   * the lines before it, best first. Empty when the iteration was cut short (beyond depth 1).
   */
  private iterate(depth: number, rootCount: number, multiPV: number): RootLine[] {
    if (this.threadIndex === 0) this.control.setDepth(depth);
    for (let i = 0; i < rootCount; i++) {
      if (this.rootStatus[i] === ROOT_HAS_LINE) this.rootStatus[i] = ROOT_SEARCHED;
    }
    const lines: RootLine[] = [];
    for (let line = 0; line < multiPV; line++) {
      this.seldepth = 0;
      const score = this.searchLine(depth, rootCount);
      if (this.aborted && depth > 1) break;
      const index = this.rootMoveIndex(this.pvMoves[0], this.pvCapturedLo[0], this.pvCapturedHi[0], rootCount); // prettier-ignore
      lines.push({ score, index, pv: this.principalVariation() });
      if (index >= 0) this.rootStatus[index] = ROOT_HAS_LINE;
    }
    // A later line, searched without the earlier lines' moves, can come out higher; the
    // sort is stable, so equal scores keep their search order.
    return lines.sort((a, b) => b.score - a.score);
  }

  /**
   * Whether to stop after a completed iteration: a mate found within the asked distance,
   * the time manager's say (timeman.ts), or a proven mate that more depth cannot shorten.
   */
  private iterationsDone(
    depth: number,
    bestIndex: number,
    bestScore: number,
    candidates: number,
    limits: SearchLimits,
  ): boolean {
    if (limits.mate !== undefined && Math.abs(bestScore) >= MATE_BOUND) {
      const moves = Math.ceil((MATE - Math.abs(bestScore)) / 2);
      if (bestScore > 0 && moves <= limits.mate) return true;
    }
    if (this.time.stopAfterIteration(depth, bestIndex, bestScore, candidates, this.control)) return true; // prettier-ignore
    if (Math.abs(bestScore) >= MATE_BOUND && depth > MATE - Math.abs(bestScore) + 2) {
      // A mate is proven and shorter lines are out of reach: more depth adds nothing.
      if (limits.infinite !== true && !limits.ponder && limits.depth === undefined) return true;
    }
    return false;
  }

  /** The principal variation the last root search left in the table, as moves. */
  private principalVariation(): PackedMove[] {
    const pv: PackedMove[] = [];
    for (let i = 0; i < this.pvLength; i++) {
      pv.push({ move: this.pvMoves[i], capturedLo: this.pvCapturedLo[i], capturedHi: this.pvCapturedHi[i] }); // prettier-ignore
    }
    return pv;
  }

  /** The position after root move `index`, in a scratch array. */
  private playRootMove(index: number): Int32Array {
    const move = this.rootMoves[index];
    applyMoveInto(this.rules, this.root, this.child, moveFrom(move), moveTo(move), this.rootCapturedLo[index], this.rootCapturedHi[index]); // prettier-ignore
    return this.child;
  }

  /** Root move `index` of the root's move list. */
  private rootMove(index: number): PackedMove {
    return { move: this.rootMoves[index], capturedLo: this.rootCapturedLo[index], capturedHi: this.rootCapturedHi[index] }; // prettier-ignore
  }

  /**
   * A root the databases cover: only the moves that keep its value stay candidates (the
   * fastest win, a draw, the longest loss), so that a won ending is won on the board.
   */
  private keepDatabaseMoves(tables: EndgameTables, rootCount: number, candidates: number): number {
    if (tables.probe(this.root) < 0) return candidates;
    const codes = this.rootTableCodes;
    let bestCode = -1;
    for (let i = 0; i < rootCount; i++) {
      const reply = tables.probe(this.playRootMove(i));
      if (reply < 0) return candidates; // a move leaves the tables: no ranking
      codes[i] = codeAfterMove(reply);
      if (bestCode < 0 || codeRank(codes[i]) > codeRank(bestCode)) bestCode = codes[i];
    }
    let kept = 0;
    for (let i = 0; i < rootCount; i++) {
      if (this.rootStatus[i] === ROOT_SEARCHED && codes[i] === bestCode) kept++;
    }
    if (kept === 0) return candidates; // searchmoves left none of them: respect searchmoves
    for (let i = 0; i < rootCount; i++) {
      if (codes[i] !== bestCode) this.rootStatus[i] = ROOT_NOT_CANDIDATE;
    }
    return kept;
  }

  /**
   * An infinite or ponder search never ends on its own: wait for stop or ponderhit. A thread
   * whose control block is not shared cannot see either: it answers now, and the engine
   * holds the answer until stop or ponderhit (Engine.search).
   */
  private waitIfUnbounded(unbounded: boolean): void {
    if (this.threadIndex !== 0 || !this.control.shared) return;
    while (!this.control.stopped && (unbounded || this.control.pondering)) {
      this.control.waitForSignal(50);
    }
  }

  private firstCandidate(count: number): number {
    for (let i = 0; i < count; i++) if (this.rootStatus[i] !== ROOT_NOT_CANDIDATE) return i;
    return 0;
  }

  /** The indices of the root moves the search may play. */
  private candidateIndices(count: number): number[] {
    const indices: number[] = [];
    for (let i = 0; i < count; i++) if (this.rootStatus[i] !== ROOT_NOT_CANDIDATE) indices.push(i);
    return indices;
  }

  private rootMoveIndex(move: number, lo: number, hi: number, count: number): number {
    for (let i = 0; i < count; i++) {
      if (this.rootMoves[i] === move && this.rootCapturedLo[i] === lo && this.rootCapturedHi[i] === hi) return i; // prettier-ignore
    }
    return -1;
  }

  private info(depth: number, multipv: number, line: RootLine, elapsed: number): SearchInfo {
    this.control.setNodes(this.threadIndex, this.nodes);
    if (this.egdb !== null) this.control.setTbHits(this.threadIndex, this.egdb.hits);
    const nodes = this.control.totalNodes();
    const time = Math.max(0, Math.round(elapsed));
    return {
      depth,
      seldepth: Math.max(this.seldepth, depth),
      multipv,
      score: toScore(line.score),
      nodes,
      nps: time > 0 ? Math.round((nodes * 1000) / time) : nodes * 1000,
      hashfull: this.module.hashfull(),
      time,
      tbhits: this.control.totalTbHits(),
      pv: line.pv,
    };
  }
}
