/**
 * Alpha-beta search: iterative deepening, principal variation search, a quiescence search
 * over (compulsory) captures, a shared transposition table, killer and history move
 * ordering, late move reductions and a single-reply extension. Draws by repetition and by
 * the no-progress rule are known to it. Static evaluation is the Evaluator of the root's
 * variant, from the weight set the searcher was given.
 *
 * One Searcher per thread; all its arrays are allocated once, in the constructor.
 */
import { popcount32 } from '../core/bitboard.js';
import {
  encodeMove,
  generateCaptures,
  generateMoves,
  hasCapture,
  isCapture,
  MoveList,
  MAX_MOVES,
  moveFrom,
  moveTo,
  sameMove,
  type PackedMove,
} from '../core/movegen.js';
import { Position } from '../core/position.js';
import {
  applyMove,
  applyMoveInto,
  KEY_HI,
  KEY_LO,
  kingsHiWord,
  kingsLoWord,
  QUIET_PLIES,
  REVERSIBLE_PLIES,
  SIDE,
  STATE_SIZE,
} from '../core/state.js';
import type { Rules } from '../core/variant.js';
import { codeAfterMove, codeRank } from '../egdb/best.js';
import type { EndgameTables } from '../egdb/tables.js';
import { CRUMB_SLOTS, nowMs, SearchControl } from './control.js';
import { Evaluators, type Evaluator } from './eval.js';
import { NETWORK_STACK_PLIES, type NetworkEvaluator } from './network.js';
import type { EvalWeights } from './eval-weights.js';
import type { NetworkWeights } from './network-weights.js';
import type { SearchModule } from './search-wasm.js';
import { chooseSkillMove, MAX_SKILL_LEVEL, skillUsesNetwork } from './skill.js';
import { TimeManager, type SearchLimits, type TimeBudget } from './timeman.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, tableBytes, TranspositionTable } from './tt.js';

export const MAX_PLY = 128;
if (MAX_PLY + 2 > NETWORK_STACK_PLIES)
  throw new Error('the network needs accumulators for every ply');
export const MATE = 30000;
/** Scores beyond this are wins or losses in a known number of plies. */
export const MATE_BOUND = MATE - 2 * MAX_PLY;
const INFINITE = 32000;
/** Positions of the game before the root that repetition checks can look back on. */
const MAX_GAME_PLIES = 2048;

export type Score = { readonly kind: 'cp' | 'mate'; readonly value: number };

/**
 * The search's optional parts, each switchable so that self-play matches can measure what
 * it is worth (bench/selfplay.ts). The engine runs with DEFAULT_FEATURES.
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

/** Scores stored in the table count mate distance from the stored node, not the root. */
function scoreToTable(score: number, ply: number): number {
  if (score >= MATE_BOUND) return score + ply;
  if (score <= -MATE_BOUND) return score - ply;
  return score;
}
function scoreFromTable(score: number, ply: number): number {
  if (score >= MATE_BOUND) return score - ply;
  if (score <= -MATE_BOUND) return score + ply;
  return score;
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

/**
 * Why a root move is or is not searched (Searcher.rootStatus). A move with a line of the
 * current iteration is left out of the iteration's later MultiPV lines; a move that is no
 * candidate (not in `searchmoves`, or one that gives up a database position's value) is
 * never searched.
 */
const ROOT_SEARCHED = 0;
const ROOT_HAS_LINE = 1;
const ROOT_NOT_CANDIDATE = 2;

const TT_MOVE_SCORE = 1 << 30;

/** Nodes between two looks at the stop flag and the clock. */
const CHECK_INTERVAL = 1024;
/**
 * A search allowed less than this many milliseconds looks every SHORT_CHECK_INTERVAL nodes
 * instead: with a nearly empty clock, 1024 nodes of code not yet compiled to machine code
 * can take longer than the whole budget.
 */
const SHORT_SEARCH_MS = 50;
const SHORT_CHECK_INTERVAL = 64;

/**
 * How the table keeps a move: its squares with its index in the node's move list in the
 * field that holds a move's capture count (the list, and so the index, is the same each
 * time the position is searched). 0 is no move.
 */
function moveRef(move: number, index: number): number {
  return encodeMove(moveFrom(move), moveTo(move), index);
}
const KILLER_SCORE = 1 << 24;
const CAPTURE_SCORE = 1 << 26;
const CROWNING_SCORE = 1 << 25;

/** Plies from the root where threads leave breadcrumbs (control.ts). */
const CRUMB_PLIES = 8;

/** Late move reductions by depth and move number, worked out once (the module is given them). */
const REDUCTIONS = new Int8Array(64 * 64);
for (let depth = 1; depth < 64; depth++) {
  for (let index = 1; index < 64; index++) {
    REDUCTIONS[depth * 64 + index] = Math.floor(0.4 + Math.log(depth) * Math.log(index) / 2.4); // prettier-ignore
  }
}

export class Searcher {
  private readonly states: Int32Array[] = [];
  private readonly lists: MoveList[] = [];
  /** Each ply's ordering scores: by move index, then by place in its order as moves are picked. */
  private readonly moveScores: Int32Array[] = [];
  private readonly pvMoves = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvCapturedLo = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvCapturedHi = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY + 1);
  private readonly killers = new Int32Array(2 * (MAX_PLY + 1));
  private readonly history = new Int32Array(2 * 64 * 64);
  private readonly keysLo = new Int32Array(MAX_GAME_PLIES + MAX_PLY + 1);
  private readonly keysHi = new Int32Array(MAX_GAME_PLIES + MAX_PLY + 1);
  /** Each root move's ROOT_SEARCHED, ROOT_HAS_LINE or ROOT_NOT_CANDIDATE. */
  private readonly rootStatus = new Uint8Array(MAX_MOVES);
  private readonly rootOrder = new Int32Array(MAX_MOVES);
  /** Each root move's value in the endgame databases (egdb/best.ts), at a covered root. */
  private readonly rootTableCodes = new Int32Array(MAX_MOVES);
  private readonly time = new TimeManager();

  /** Which optional parts of the search run (the defaults, except in self-play experiments). */
  readonly features: SearchFeatures = { ...DEFAULT_FEATURES };
  private rules!: Rules;
  /** The evaluator of the current root's variant. */
  private evaluator!: Evaluator;
  /** The network of the current root's variant, or null: then the linear evaluator scores. */
  private network: NetworkEvaluator | null = null;
  private evaluators: Evaluators;
  private tt: TranspositionTable;
  private control: SearchControl;
  private rootKeyIndex = 0;
  private drawPlies = 100;
  private threadIndex = 0;
  private nodes = 0;
  private nodeLimit = Infinity;
  private seldepth = 0;
  private aborted = false;
  private startTime = 0;
  private checkCountdown = CHECK_INTERVAL;
  private checkInterval = CHECK_INTERVAL;
  /** The depth of the iteration under way; depth 1 always completes. */
  private rootDepth = 0;
  /** Endgame databases, or null: then the probe at node entry is one test of this field. */
  private egdb: EndgameTables | null = null;
  /** The threads' breadcrumbs (control.ts), or null when the search runs on one thread. */
  private crumbs: Int32Array | null = null;
  /**
   * The WebAssembly module that searches the tree below the root in this searcher's place
   * (search-wasm.ts), or null; it searches on every thread, each in its own region of the
   * module's memory, with the linear evaluation or the variant's network, and this class
   * keeps the root's life either way.
   */
  private module: SearchModule | null = null;
  private moduleSearches = false;
  /** The table the module's own table (one of its own memory) was last emptied for, and its clears then. */
  private moduleTable: TranspositionTable | null = null;
  private moduleTableClears = 0;
  /** The weights and network each thread region of the module was last given. */
  private moduleWeights: (EvalWeights | undefined)[] = [];
  private moduleNetwork: (NetworkWeights | undefined)[] = [];

  /** A searcher over `tt`, stopped through `control`, evaluating with `evaluators`. */
  constructor(
    tt: TranspositionTable,
    control: SearchControl,
    evaluators: Evaluators = new Evaluators(),
  ) {
    this.tt = tt;
    this.control = control;
    this.evaluators = evaluators;
    for (let ply = 0; ply <= MAX_PLY + 1; ply++) {
      this.states.push(new Int32Array(STATE_SIZE));
      this.lists.push(new MoveList());
      this.moveScores.push(new Int32Array(MAX_MOVES));
    }
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
    this.history.fill(0);
    this.killers.fill(0);
    this.module?.clearHistory();
  }

  /**
   * Searches below the root with `module` (null: with this class's alpha-beta) from the next
   * search on.
   */
  useModule(module: SearchModule | null): void {
    this.module = module;
    this.moduleTable = null;
    this.moduleWeights = [];
    this.moduleNetwork = [];
    if (module === null) return;
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
   * A searcher that only finds quiet leaves (quietLeaf), for the tuner: the quiescence search
   * reads no table, so its table is the smallest there is.
   */
  static forQuietLeaves(evaluators: Evaluators): Searcher {
    return new Searcher(new TranspositionTable(new SharedArrayBuffer(tableBytes(0))), SearchControl.create(1), evaluators); // prettier-ignore
  }

  /**
   * The position the search would evaluate for `state`: the quiescence search runs from it
   * with a full window, and its principal variation (the captures both sides would make) is
   * played into `leaf`, which ends as `state` itself when no capture is pending. Returns the
   * quiescence score, from the side to move's view. Nothing stops it: no node, time or stop
   * limit is looked at below depth 2 (checkLimits), and the rest of the searcher's state is
   * left for its next search.
   */
  quietLeaf(rules: Rules, state: Int32Array, leaf: Int32Array): number {
    this.rules = rules;
    this.evaluator = this.evaluators.for(rules);
    this.network = this.evaluators.networkFor(rules);
    this.network?.invalidate(0);
    this.rootDepth = 0;
    this.rootKeyIndex = 0;
    this.aborted = false;
    this.nodes = 0;
    this.states[0].set(state);
    const score = this.quiescence(0, -INFINITE, INFINITE);
    leaf.set(state);
    for (let i = 0; i < this.pvLength[0]; i++) {
      const move = this.pvMoves[i];
      applyMove(rules, leaf, moveFrom(move), moveTo(move), this.pvCapturedLo[i], this.pvCapturedHi[i]); // prettier-ignore
    }
    return score;
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
    const rootCount = generateMoves(this.rules, this.states[0], this.lists[0]);
    if (rootCount === 0) {
      this.control.setNodes(this.threadIndex, 0);
      this.waitIfUnbounded(unbounded);
      return { score: toScore(-MATE), depth: 0, nodes: 0, interrupted: false };
    }
    const candidates = this.chooseRootMoves(rootCount, limits.searchmoves);
    for (let i = 0; i < rootCount; i++) this.rootOrder[i] = i;
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

  /** Sets the searcher up for a new root: limits, counters, the game's keys, the state. */
  private prepare(
    root: Position,
    gameKeys: readonly number[],
    limits: SearchLimits,
    settings: SearchSettings,
  ): void {
    this.rules = root.rules;
    this.evaluator = this.evaluators.for(root.rules);
    // The weakest skill levels score with the linear weights even where a network is loaded.
    const network = skillUsesNetwork(settings.skillLevel ?? MAX_SKILL_LEVEL, root.rules.name);
    this.network = network ? this.evaluators.networkFor(root.rules) : null;
    this.network?.invalidate(0);
    this.drawPlies = settings.drawPlies;
    this.threadIndex = settings.threadIndex;
    this.crumbs = this.control.threads > 1 ? this.control.crumbs : null;
    this.nodes = 0;
    this.aborted = false;
    this.startTime = settings.startTime;
    this.nodeLimit = limits.nodes ?? Infinity;
    this.time.start(settings.timeBudget, limits, settings.startTime, settings.threadIndex === 0);
    this.checkInterval = this.time.maximum < SHORT_SEARCH_MS ? SHORT_CHECK_INTERVAL : CHECK_INTERVAL; // prettier-ignore
    this.checkCountdown = this.checkInterval;
    for (let i = 0; i < this.history.length; i++) this.history[i] >>= 1;

    // Game history for repetition: only positions since the last irreversible move matter.
    const earlier = Math.min(gameKeys.length / 2, MAX_GAME_PLIES);
    for (let i = 0; i < earlier; i++) {
      const from = gameKeys.length - 2 * earlier + 2 * i;
      this.keysLo[i] = gameKeys[from];
      this.keysHi[i] = gameKeys[from + 1];
    }
    this.rootKeyIndex = earlier;
    this.states[0].set(root.state);
    this.moduleSearches = this.module !== null;
    if (this.moduleSearches) this.prepareModule(root, earlier);
  }

  /** Hands the module what this search needs: rules, weights, table, root, game keys, limits. */
  private prepareModule(root: Position, earlier: number): void {
    const module = this.module as SearchModule;
    // This thread's region of the module's memory: its stacks, weights and network.
    const region = this.threadIndex;
    module.bindThread(region);
    module.setVariant(root.rules);
    if (this.moduleWeights[region] !== this.evaluator.weights) {
      module.setWeights(this.evaluator.weights);
      this.moduleWeights[region] = this.evaluator.weights;
    }
    // The network of this variant, when one is loaded, scores the quiet positions there too.
    const network = this.network?.weights ?? null;
    if (network !== null && this.moduleNetwork[region] !== network) {
      module.setNetwork(network);
      this.moduleNetwork[region] = network;
    }
    module.useNetwork(network !== null);
    // A table of the module's own stands for this.tt: emptied when another table or a clear of
    // it comes. The engine's shared table is this.tt itself, emptied by the engine.
    if (
      !module.sharesTable &&
      (this.moduleTable !== this.tt || this.moduleTableClears !== this.tt.clears)
    ) {
      // prettier-ignore
      module.prepareTable(this.tt.words.byteLength);
      this.moduleTable = this.tt;
      this.moduleTableClears = this.tt.clears;
    }
    module.setTableAge(this.tt.age);
    module.setPosition(0, root.state);
    const gameKeys = new Int32Array(2 * earlier);
    for (let i = 0; i < earlier; i++) {
      gameKeys[2 * i] = this.keysLo[i];
      gameKeys[2 * i + 1] = this.keysHi[i];
    }
    module.beginSearch({
      drawPlies: this.drawPlies,
      nodeLimit: this.nodeLimit,
      checkInterval: this.checkInterval,
      gameKeys,
      tables: this.egdb !== null,
      features: this.features,
      threadIndex: this.threadIndex,
      crumbs: this.crumbs !== null,
    });
  }

  /** One line of an iteration at `depth` from the root: its score (the module's or this class's). */
  private searchLine(depth: number, rootCount: number): number {
    const module = this.module;
    if (!this.moduleSearches || module === null) return this.alphaBeta(0, depth, -INFINITE, INFINITE, true); // prettier-ignore
    const score = module.searchRoot(depth, this.rootStatus, rootCount);
    this.nodes = module.nodes;
    this.seldepth = module.seldepth;
    this.aborted = module.aborted;
    this.pvLength[0] = module.principalVariation(this.pvMoves, this.pvCapturedLo, this.pvCapturedHi); // prettier-ignore
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
      const list = this.lists[0];
      candidates = 0;
      for (let i = 0; i < rootCount; i++) {
        const wanted = searchmoves.some((m) => m.move === list.moves[i] && m.capturedLo === list.capturedLo[i] && m.capturedHi === list.capturedHi[i]); // prettier-ignore
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
    this.rootDepth = depth;
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
    for (let i = 0; i < this.pvLength[0]; i++) {
      pv.push({ move: this.pvMoves[i], capturedLo: this.pvCapturedLo[i], capturedHi: this.pvCapturedHi[i] }); // prettier-ignore
    }
    return pv;
  }

  /** Root move `index` of the root's move list. */
  private rootMove(index: number): PackedMove {
    const list = this.lists[0];
    return { move: list.moves[index], capturedLo: list.capturedLo[index], capturedHi: list.capturedHi[index] }; // prettier-ignore
  }

  /**
   * A root the databases cover: only the moves that keep its value stay candidates (the
   * fastest win, a draw, the longest loss), so that a won ending is won on the board.
   */
  private keepDatabaseMoves(tables: EndgameTables, rootCount: number, candidates: number): number {
    if (tables.probe(this.states[0]) < 0) return candidates;
    const codes = this.rootTableCodes;
    let bestCode = -1;
    for (let i = 0; i < rootCount; i++) {
      const reply = tables.probe(this.makeChild(0, i));
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
    const list = this.lists[0];
    for (let i = 0; i < count; i++) {
      if (list.moves[i] === move && list.capturedLo[i] === lo && list.capturedHi[i] === hi)
        return i;
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
      hashfull:
        this.moduleSearches && this.module !== null ? this.module.hashfull() : this.tt.hashfull(),
      time,
      tbhits: this.control.totalTbHits(),
      pv: line.pv,
    };
  }

  /** Polls the stop flag, the clock and the node limit every so many nodes. */
  private checkLimits(): void {
    if (this.rootDepth <= 1) return;
    if (this.nodes >= this.nodeLimit) {
      this.aborted = true;
      return;
    }
    if (--this.checkCountdown > 0) return;
    this.checkCountdown = this.checkInterval;
    this.control.setNodes(this.threadIndex, this.nodes);
    if (this.control.stopped) {
      this.aborted = true;
      return;
    }
    if (this.time.outOfTime(this.control)) {
      this.aborted = true;
      this.control.stop();
    }
  }

  /** Whether the position at `ply` repeats one since the last irreversible move. */
  private isRepetition(ply: number, reversiblePlies: number): boolean {
    const index = this.rootKeyIndex + ply;
    const lo = this.keysLo[index];
    const hi = this.keysHi[index];
    const oldest = Math.max(0, index - reversiblePlies);
    for (let i = index - 2; i >= oldest; i -= 2) {
      if (this.keysLo[i] === lo && this.keysHi[i] === hi) return true;
    }
    return false;
  }

  /** Orders the moves of `ply`: TT move, captures by size, crowning, killers, history. */
  private scoreMoves(ply: number, count: number, ttMove: number): void {
    const list = this.lists[ply];
    const scores = this.moveScores[ply];
    const state = this.states[ply];
    const color = state[SIDE];
    const enemyKingsLo = state[kingsLoWord(color ^ 1)];
    const enemyKingsHi = state[kingsHiWord(color ^ 1)];
    const ownKingsLo = state[kingsLoWord(color)];
    const ownKingsHi = state[kingsHiWord(color)];
    const crownRank = this.rules.crownRank[color];
    // A killer that is -1 matches no move: how the killers feature is switched off.
    const killer1 = this.features.killers ? this.killers[2 * ply] : -1;
    const killer2 = this.features.killers ? this.killers[2 * ply + 1] : -1;
    const useHistory = this.features.history;
    const historyBase = color * 4096;
    for (let i = 0; i < count; i++) {
      const move = list.moves[i];
      const from = moveFrom(move);
      const to = moveTo(move);
      let score: number;
      if (ttMove === moveRef(move, i)) {
        score = TT_MOVE_SCORE;
      } else if (isCapture(move)) {
        const kingsTaken = popcount32(list.capturedLo[i] & enemyKingsLo) + popcount32(list.capturedHi[i] & enemyKingsHi); // prettier-ignore
        score =
          CAPTURE_SCORE +
          kingsTaken * 4096 +
          (useHistory ? this.history[historyBase + from * 64 + to] >> 4 : 0);
      } else {
        const isKing = ((from < 32 ? ownKingsLo : ownKingsHi) >>> from) & 1;
        if (!isKing && to >> 3 === crownRank) score = CROWNING_SCORE;
        else if (move === killer1) score = KILLER_SCORE + 1;
        else if (move === killer2) score = KILLER_SCORE;
        else score = useHistory ? this.history[historyBase + from * 64 + to] : 0;
      }
      scores[i] = score;
    }
  }

  /**
   * Swaps the best-scored move among places [from, count) into place `from` and returns
   * its index in the move list. The scores travel with the order, so that place `from`
   * then holds the chosen move's score and the scan reads them in a row.
   */
  private pickMove(ply: number, from: number, count: number, order: Int32Array): number {
    const scores = this.moveScores[ply];
    let best = from;
    let bestScore = scores[from];
    for (let i = from + 1; i < count; i++) {
      const s = scores[i];
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    }
    const chosen = order[best];
    order[best] = order[from];
    order[from] = chosen;
    scores[best] = scores[from];
    scores[from] = bestScore;
    return chosen;
  }

  private readonly orderStack: Int32Array[] = Array.from({ length: MAX_PLY + 2 }, () => new Int32Array(MAX_MOVES)); // prettier-ignore

  private makeChild(ply: number, index: number): Int32Array {
    const state = this.states[ply];
    const child = this.states[ply + 1];
    const list = this.lists[ply];
    const move = list.moves[index];
    applyMoveInto(this.rules, state, child, moveFrom(move), moveTo(move), list.capturedLo[index], list.capturedHi[index]); // prettier-ignore
    if (this.network !== null) this.network.invalidate(ply + 1);
    const keyIndex = this.rootKeyIndex + ply + 1;
    this.keysLo[keyIndex] = child[KEY_LO];
    this.keysHi[keyIndex] = child[KEY_HI];
    return child;
  }

  private updatePv(ply: number, index: number): void {
    const list = this.lists[ply];
    const row = ply * MAX_PLY;
    const next = (ply + 1) * MAX_PLY;
    this.pvMoves[row] = list.moves[index];
    this.pvCapturedLo[row] = list.capturedLo[index];
    this.pvCapturedHi[row] = list.capturedHi[index];
    const childLength = ply + 1 < MAX_PLY ? this.pvLength[ply + 1] : 0;
    for (let i = 0; i < childLength; i++) {
      this.pvMoves[row + 1 + i] = this.pvMoves[next + i];
      this.pvCapturedLo[row + 1 + i] = this.pvCapturedLo[next + i];
      this.pvCapturedHi[row + 1 + i] = this.pvCapturedHi[next + i];
    }
    this.pvLength[ply] = childLength + 1;
  }

  /**
   * Scores are negated as `0 - x`, never `-x`: `-0` is not a small integer to V8, and one
   * negated draw would make V8 throw away the search's machine code and slow it after.
   */
  private alphaBeta(
    ply: number,
    depth: number,
    alpha: number,
    beta: number,
    pvNode: boolean,
  ): number {
    this.pvLength[ply] = 0;
    const state = this.states[ply];
    if (ply > 0) {
      if (this.drawPlies > 0 && state[QUIET_PLIES] >= this.drawPlies) return 0;
      if (state[REVERSIBLE_PLIES] >= 4 && this.isRepetition(ply, state[REVERSIBLE_PLIES])) return 0;
      // Mate distance: no line from here can beat a mate already found nearer the root.
      alpha = Math.max(alpha, -MATE + ply);
      beta = Math.min(beta, MATE - ply - 1);
      if (alpha >= beta) return alpha;
      if (this.egdb !== null) {
        // A database position: its exact value, wins and losses by distance (value.ts).
        const code = this.egdb.probe(state);
        if (code >= 0) return code === 0 ? 0 : (code & 1) === 0 ? MATE - ply - code + 1 : -MATE + ply + code - 1; // prettier-ignore
      }
    }
    if (depth <= 0 || ply >= MAX_PLY - 1) return this.quiescence(ply, alpha, beta);
    if (this.aborted) return 0;
    this.nodes++;
    this.checkLimits();
    if (this.aborted) return 0;
    if (ply > this.seldepth) this.seldepth = ply;

    const keyLo = state[KEY_LO];
    const keyHi = state[KEY_HI];
    const tt = this.tt;
    let ttMove = 0;
    if (tt.probe(keyLo, keyHi)) {
      ttMove = tt.move;
      const ttScore = scoreFromTable(tt.score, ply);
      if (!pvNode && ply > 0 && tt.depth >= depth) {
        const bound = tt.bound;
        if (
          bound === BOUND_EXACT ||
          (bound === BOUND_LOWER && ttScore >= beta) ||
          (bound === BOUND_UPPER && ttScore <= alpha)
        ) {
          // prettier-ignore
          return ttScore;
        }
      }
    }

    const rules = this.rules;
    const list = this.lists[ply];
    const count = generateMoves(rules, state, list);
    if (count === 0) return -MATE + ply;
    const captures = isCapture(list.moves[0]);

    // Near the root, mark the node as this thread's; at a node another thread has marked,
    // late moves take one more reduction rather than repeat that thread's work.
    const crumbs = this.crumbs;
    let crumb = -1;
    let marked = false;
    if (crumbs !== null && ply < CRUMB_PLIES) {
      const slot = (keyHi & (CRUMB_SLOTS - 1)) << 1;
      const owner = crumbs[slot];
      if (owner === 0) {
        crumbs[slot] = this.threadIndex + 1;
        crumbs[slot + 1] = keyLo;
        crumb = slot;
      } else {
        marked = owner !== this.threadIndex + 1 && crumbs[slot + 1] === keyLo;
      }
    }

    // A forced reply costs nothing to look at one ply deeper.
    if (count === 1 && this.features.singleReplyExtension && ply < 2 * this.rootDepth) depth++;

    const order = this.orderStack[ply];
    for (let i = 0; i < count; i++) order[i] = i;
    this.scoreMoves(ply, count, ttMove);
    if (ply === 0) {
      // At the root the previous iteration's order decides: its best move first.
      const scores = this.moveScores[0];
      for (let k = 0; k < count; k++) scores[this.rootOrder[k]] = TT_MOVE_SCORE - k;
    }
    const originalAlpha = alpha;
    let bestScore = -INFINITE;
    let bestIndex = -1;
    let searched = 0;
    const color = state[SIDE];
    for (let n = 0; n < count; n++) {
      const index = this.pickMove(ply, n, count, order);
      if (ply === 0) {
        if (this.rootStatus[index] !== ROOT_SEARCHED) continue;
        if (this.threadIndex === 0) this.control.setRootMove(searched + 1, list.moves[index], list.capturedLo[index], list.capturedHi[index]); // prettier-ignore
      }
      const move = list.moves[index];
      this.makeChild(ply, index);
      let score: number;
      const quiet = !captures;
      if (searched === 0) {
        score = 0 - this.alphaBeta(ply + 1, depth - 1, 0 - beta, 0 - alpha, pvNode);
      } else {
        let reduction = 0;
        if (
          this.features.lateMoveReductions &&
          quiet &&
          depth >= 3 &&
          searched >= (pvNode ? 3 : 2) &&
          this.moveScores[ply][n] < KILLER_SCORE
        ) {
          reduction = REDUCTIONS[Math.min(depth, 63) * 64 + Math.min(searched, 63)];
          if (marked) reduction++;
          if (pvNode && reduction > 0) reduction--;
          reduction = Math.min(reduction, depth - 2);
        }
        score = 0 - this.alphaBeta(ply + 1, depth - 1 - reduction, -1 - alpha, 0 - alpha, false);
        if (score > alpha && reduction > 0) {
          score = 0 - this.alphaBeta(ply + 1, depth - 1, -1 - alpha, 0 - alpha, false);
        }
        if (score > alpha && score < beta && pvNode) {
          score = 0 - this.alphaBeta(ply + 1, depth - 1, 0 - beta, 0 - alpha, true);
        }
      }
      if (this.aborted) {
        if (crumb >= 0 && crumbs !== null) crumbs[crumb] = 0;
        return 0;
      }
      searched++;
      if (score > bestScore) {
        bestScore = score;
        bestIndex = index;
        if (score > alpha) {
          alpha = score;
          if (pvNode) this.updatePv(ply, index);
          if (score >= beta) {
            if (quiet) this.rewardQuiet(ply, color, move, depth, order, n);
            break;
          }
        }
      }
    }
    if (crumb >= 0 && crumbs !== null) crumbs[crumb] = 0;
    if (searched === 0) return alpha; // every root move excluded (MultiPV ran out)
    if (ply === 0) {
      // Keep the best move first for the next iteration.
      for (let i = 0; i < count; i++) this.rootOrder[i] = order[i];
      const at = this.rootOrder.indexOf(bestIndex);
      if (at > 0) {
        this.rootOrder.copyWithin(1, 0, at);
        this.rootOrder[0] = bestIndex;
      }
    }
    const bound = bestScore >= beta ? BOUND_LOWER : bestScore > originalAlpha ? BOUND_EXACT : BOUND_UPPER; // prettier-ignore
    const ref = bestIndex >= 0 ? moveRef(list.moves[bestIndex], bestIndex) : 0;
    tt.store(keyLo, keyHi, ref, bound, scoreToTable(bestScore, ply), depth);
    return bestScore;
  }

  /** A quiet move that caused a cut: remember it as a killer, raise its history. */
  private rewardQuiet(
    ply: number,
    color: number,
    move: number,
    depth: number,
    order: Int32Array,
    tried: number,
  ): void {
    if (this.killers[2 * ply] !== move) {
      this.killers[2 * ply + 1] = this.killers[2 * ply];
      this.killers[2 * ply] = move;
    }
    const bonus = Math.min(depth * depth, 400);
    const base = color * 4096;
    const slot = base + moveFrom(move) * 64 + moveTo(move);
    this.history[slot] += bonus - ((this.history[slot] * bonus) >> 14);
    const list = this.lists[ply];
    for (let i = 0; i < tried; i++) {
      const other = list.moves[order[i]];
      const at = base + moveFrom(other) * 64 + moveTo(other);
      this.history[at] -= bonus + ((this.history[at] * bonus) >> 14);
    }
  }

  /**
   * Resolves captures: capture is compulsory, so while the side to move has one it must
   * take (no standing pat); a quiet position is scored by the static evaluation.
   */
  private quiescence(ply: number, alpha: number, beta: number): number {
    if (this.aborted) return 0; // a limit reached: count no node past it
    this.nodes++;
    this.checkLimits();
    if (this.aborted) return 0;
    if (ply > this.seldepth) this.seldepth = ply;
    this.pvLength[ply] = 0;
    const state = this.states[ply];
    const rules = this.rules;
    const evaluator = this.evaluator;
    const network = this.network;
    if (!hasCapture(rules, state)) {
      // The evaluation counts the moves too: none left means the side to move has lost.
      if (network !== null) {
        const score = network.evaluateAt(this.states, ply);
        return network.sideToMoveMobility === 0 ? -MATE + ply : score;
      }
      const score = evaluator.evaluate(state);
      return evaluator.sideToMoveMobility === 0 ? -MATE + ply : score;
    }
    if (ply >= MAX_PLY - 1) return network !== null ? network.evaluateAt(this.states, ply) : evaluator.evaluate(state); // prettier-ignore
    const list = this.lists[ply];
    const count = generateCaptures(rules, state, list);
    let best = -INFINITE;
    for (let i = 0; i < count; i++) {
      this.makeChild(ply, i);
      const score = 0 - this.quiescence(ply + 1, 0 - beta, 0 - alpha);
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, i);
          if (score >= beta) break;
        }
      }
    }
    return best;
  }
}
