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
import { generateMoves, hasCapture, MoveList, MAX_MOVES } from '../core/movegen.js';
import { formatMove } from '../core/notation.js';
import { Position } from '../core/position.js';
import { applyMove, KEY_HI, KEY_LO, QUIET_PLIES, SIDE, STATE_SIZE } from '../core/state.js';
import type { Rules } from '../core/variant.js';
import { bestMoves } from '../egdb/best.js';
import type { EndgameTables } from '../egdb/tables.js';
import { nowMs, type SearchControl } from './control.js';
import { Evaluators, type Evaluator } from './eval.js';
import { MAX_SKILL_LEVEL, pickSkillLine } from './skill.js';
import { timeBudget, type SearchLimits } from './timeman.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './tt.js';

export const MAX_PLY = 128;
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
  readonly pv: readonly string[];
}

export interface SearchResult {
  /** The move to play, as text; undefined when the side to move has no legal move. */
  readonly bestMove?: string;
  readonly ponderMove?: string;
  readonly score: Score;
  /** The deepest completed iteration. */
  readonly depth: number;
  readonly nodes: number;
  /** True when the search ended inside an iteration: by stop, or a node or time limit. */
  readonly interrupted: boolean;
}

export interface SearchSettings {
  readonly multiPV: number;
  /** Plies without capture or man move after which the game is drawn (0: never). */
  readonly drawPlies: number;
  readonly moveOverhead: number;
  /** 0 for the main thread, which decides and reports; helpers only fill the table. */
  readonly threadIndex: number;
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

const TT_MOVE_SCORE = 1 << 30;
const KILLER_SCORE = 1 << 24;
const CAPTURE_SCORE = 1 << 26;
const CROWNING_SCORE = 1 << 25;

/** Late move reductions by depth and move number, worked out once. */
const REDUCTIONS = new Int8Array(64 * 64);
for (let depth = 1; depth < 64; depth++) {
  for (let index = 1; index < 64; index++) {
    REDUCTIONS[depth * 64 + index] = Math.floor(0.4 + Math.log(depth) * Math.log(index) / 2.4); // prettier-ignore
  }
}

export class Searcher {
  private readonly states: Int32Array[] = [];
  private readonly lists: MoveList[] = [];
  private readonly moveScores: Int32Array[] = [];
  private readonly pvMoves = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvCapturedLo = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvCapturedHi = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY + 1);
  private readonly killers = new Int32Array(2 * (MAX_PLY + 1));
  private readonly history = new Int32Array(2 * 64 * 64);
  private readonly keysLo = new Int32Array(MAX_GAME_PLIES + MAX_PLY + 1);
  private readonly keysHi = new Int32Array(MAX_GAME_PLIES + MAX_PLY + 1);
  /** Root moves excluded from the current MultiPV line, and those not in searchmoves. */
  private readonly rootExcluded = new Uint8Array(MAX_MOVES);
  private readonly rootOrder = new Int32Array(MAX_MOVES);

  /** Which optional parts of the search run (the defaults, except in self-play experiments). */
  readonly features: SearchFeatures = { ...DEFAULT_FEATURES };
  private rules!: Rules;
  /** The evaluator of the current root's variant. */
  private evaluator!: Evaluator;
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
  private maximumTime = Infinity;
  private checkCountdown = 1024;
  /** The depth of the iteration under way; depth 1 always completes. */
  private rootDepth = 0;
  /** Endgame databases, or null: then the probe at node entry is one test of this field. */
  private egdb: EndgameTables | null = null;

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
    this.rules = root.rules;
    this.evaluator = this.evaluators.for(root.rules);
    this.drawPlies = settings.drawPlies;
    this.threadIndex = settings.threadIndex;
    this.nodes = 0;
    this.aborted = false;
    this.checkCountdown = 1024;
    this.startTime = settings.startTime;
    this.lastPv = undefined;
    this.nodeLimit = limits.nodes ?? Infinity;
    const color = root.sideToMove;
    const budget = timeBudget({ ...limits, ponder: false }, color, settings.moveOverhead);
    this.maximumTime = budget.maximum;
    const unbounded = limits.infinite === true;
    for (let i = 0; i < this.history.length; i++) this.history[i] >>= 1;

    // Game history for repetition: only positions since the last irreversible move matter.
    const earlier = Math.min(gameKeys.length / 2, MAX_GAME_PLIES);
    for (let i = 0; i < earlier; i++) {
      const from = gameKeys.length - 2 * earlier + 2 * i;
      this.keysLo[i] = gameKeys[from];
      this.keysHi[i] = gameKeys[from + 1];
    }
    this.rootKeyIndex = earlier;
    const state = this.states[0];
    state.set(root.state);

    const rootList = this.lists[0];
    const rootCount = generateMoves(this.rules, state, rootList);
    if (rootCount === 0) {
      this.control.setNodes(this.threadIndex, 0);
      this.waitIfUnbounded(unbounded);
      return { score: toScore(-MATE), depth: 0, nodes: 0, interrupted: false };
    }
    this.rootExcluded.fill(0, 0, rootCount);
    let candidates = rootCount;
    if (limits.searchmoves && limits.searchmoves.length > 0) {
      const wanted = new Set(limits.searchmoves);
      candidates = 0;
      for (let i = 0; i < rootCount; i++) {
        const text = formatMove(root, rootList.moves[i], rootList.capturedLo[i], rootList.capturedHi[i]); // prettier-ignore
        if (wanted.has(text)) candidates++;
        else this.rootExcluded[i] = 2;
      }
      if (candidates === 0) {
        candidates = rootCount;
        this.rootExcluded.fill(0, 0, rootCount);
      }
    }
    if (this.egdb !== null) {
      this.egdb.hits = 0;
      candidates = this.keepDatabaseMoves(root, rootCount, candidates);
    }
    for (let i = 0; i < rootCount; i++) this.rootOrder[i] = i;

    const multiPV = Math.max(1, Math.min(settings.multiPV, candidates));
    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8);
    let bestIndex = this.firstCandidate(rootCount);
    let bestScore = 0;
    let completedDepth = 0;
    let ponderIndex = -1;
    let previousBest = -1;
    let previousScore = 0;
    let stableIterations = 0;
    const lineScores: number[] = [];
    const lineBest: number[] = [];
    const linePv: { moves: Int32Array; lo: Int32Array; hi: Int32Array; length: number }[] = [];
    const skillLevel = settings.skillLevel ?? MAX_SKILL_LEVEL;
    // The lines of the last iteration that completed them all, for the skill's choice.
    let skillLines: { scores: number[]; best: number[]; pvs: typeof linePv } | undefined;

    const startDepth = this.threadIndex === 0 ? 1 : 1 + (this.threadIndex & 1);
    for (let depth = startDepth; depth <= maxDepth; depth++) {
      // Helpers skip some depths so that threads spread over different iterations.
      if (this.threadIndex > 0 && depth > 2 && (depth + this.threadIndex) % 3 === 0) continue;
      this.rootDepth = depth;
      if (this.threadIndex === 0) this.control.setDepth(depth);
      lineScores.length = 0;
      lineBest.length = 0;
      linePv.length = 0;
      for (let i = 0; i < rootCount; i++) if (this.rootExcluded[i] === 1) this.rootExcluded[i] = 0;
      for (let line = 0; line < multiPV; line++) {
        this.seldepth = 0;
        const score = this.alphaBeta(0, depth, -INFINITE, INFINITE, true);
        if (this.aborted && depth > 1) break;
        lineScores.push(score);
        const index = this.rootMoveIndex(this.pvMoves[0], this.pvCapturedLo[0], this.pvCapturedHi[0], rootCount); // prettier-ignore
        lineBest.push(index);
        linePv.push({
          moves: this.pvMoves.slice(0, this.pvLength[0]),
          lo: this.pvCapturedLo.slice(0, this.pvLength[0]),
          hi: this.pvCapturedHi.slice(0, this.pvLength[0]),
          length: this.pvLength[0],
        });
        if (index >= 0) this.rootExcluded[index] = 1;
      }
      if (lineBest.length === 0) break;
      // Order lines best first (MultiPV): a later line, searched without the earlier
      // lines' moves, can come out higher; the best line is the move to play.
      if (lineBest.length > 1) {
        const ranked = lineScores.map((_, i) => i).sort((a, b) => lineScores[b] - lineScores[a]);
        const [scores, best, pvs] = [ranked.map((i) => lineScores[i]), ranked.map((i) => lineBest[i]), ranked.map((i) => linePv[i])]; // prettier-ignore
        lineScores.splice(0, Infinity, ...scores);
        lineBest.splice(0, Infinity, ...best);
        linePv.splice(0, Infinity, ...pvs);
      }
      bestIndex = lineBest[0];
      bestScore = lineScores[0];
      completedDepth = depth;
      if (skillLevel < MAX_SKILL_LEVEL && lineBest.length === multiPV) {
        skillLines = { scores: [...lineScores], best: [...lineBest], pvs: [...linePv] };
      }
      const pv = linePv[0];
      ponderIndex = pv.length > 1 ? 1 : -1;
      this.lastPv = pv;
      if (this.threadIndex === 0) {
        const elapsed = nowMs() - this.startTime;
        for (let line = 0; line < lineBest.length; line++) {
          onInfo(this.info(root, depth, line + 1, lineScores[line], linePv[line], elapsed));
        }
      }
      if (this.aborted) break;
      // Stop early: a forced move, a mate found within the asked distance, time.
      if (limits.mate !== undefined && Math.abs(bestScore) >= MATE_BOUND) {
        const moves = Math.ceil((MATE - Math.abs(bestScore)) / 2);
        if (bestScore > 0 && moves <= limits.mate) break;
      }
      const scoreBefore = previousScore;
      previousScore = bestScore;
      if (bestIndex === previousBest) stableIterations++;
      else stableIterations = 0;
      previousBest = bestIndex;
      // On a clock, stop between iterations once the optimum is spent; a fixed move time
      // is used whole (the maximum check inside the search ends it).
      if (
        this.threadIndex === 0 &&
        !unbounded &&
        !this.control.pondering &&
        limits.movetime === undefined
      ) {
        const elapsed = nowMs() - this.clockStart();
        if (candidates === 1 && budget.optimum !== Infinity && elapsed > Math.min(budget.optimum * 0.1, 50)) break; // prettier-ignore
        // A settled best move needs less time; a new best move or a falling score more.
        let scale = stableIterations >= 3 ? 0.5 : stableIterations === 0 ? 1.5 : 1;
        if (depth > 1 && bestScore < scoreBefore - 30) scale *= 1.5;
        if (elapsed > budget.optimum * scale) break;
      }
      if (Math.abs(bestScore) >= MATE_BOUND && depth > MATE - Math.abs(bestScore) + 2) {
        // A mate is proven and shorter lines are out of reach: more depth adds nothing.
        if (!unbounded && !limits.ponder && limits.depth === undefined) break;
      }
    }

    this.waitIfUnbounded(unbounded);
    this.control.setNodes(this.threadIndex, this.nodes);
    if (skillLines !== undefined) {
      const line = pickSkillLine(skillLines.scores, skillLevel, Math.random());
      bestIndex = skillLines.best[line];
      this.lastPv = skillLines.pvs[line];
      ponderIndex = this.lastPv.length > 1 ? 1 : -1;
    }
    if (this.egdb !== null) this.control.setTbHits(this.threadIndex, this.egdb.hits);

    const best = bestIndex >= 0 ? bestIndex : this.firstCandidate(rootCount);
    const bestMove = formatMove(root, rootList.moves[best], rootList.capturedLo[best], rootList.capturedHi[best]); // prettier-ignore
    let ponderMove: string | undefined;
    const pv = this.lastPv;
    if (
      ponderIndex === 1 &&
      pv &&
      pv.length > 1 &&
      pv.moves[0] === rootList.moves[best] &&
      pv.lo[0] === rootList.capturedLo[best] &&
      pv.hi[0] === rootList.capturedHi[best]
    ) {
      // prettier-ignore
      const after = root.clone();
      after.play(pv.moves[0], pv.lo[0], pv.hi[0]);
      ponderMove = formatMove(after, pv.moves[1], pv.lo[1], pv.hi[1]);
    }
    return {
      bestMove,
      ponderMove,
      score: toScore(bestScore),
      depth: completedDepth,
      nodes: this.nodes,
      interrupted: this.aborted,
    };
  }

  /**
   * A root the databases cover: only the moves that keep its value stay candidates (the
   * fastest win, a draw, the longest loss), so that a won ending is won on the board.
   */
  private keepDatabaseMoves(root: Position, rootCount: number, candidates: number): number {
    const best = (this.egdb as EndgameTables).probe(root.state) < 0 ? undefined : bestMoves(this.egdb as EndgameTables, root); // prettier-ignore
    if (best === undefined || best.length === 0) return candidates;
    const list = this.lists[0];
    let kept = 0;
    for (let i = 0; i < rootCount; i++) {
      if (this.rootExcluded[i] !== 0) continue;
      const keeps = best.some((m) => m.move.move === list.moves[i] && m.move.capturedLo === list.capturedLo[i] && m.move.capturedHi === list.capturedHi[i]); // prettier-ignore
      if (keeps) kept++;
    }
    if (kept === 0) return candidates; // searchmoves left none of them: respect searchmoves
    for (let i = 0; i < rootCount; i++) {
      const keeps = best.some((m) => m.move.move === list.moves[i] && m.move.capturedLo === list.capturedLo[i] && m.move.capturedHi === list.capturedHi[i]); // prettier-ignore
      if (!keeps) this.rootExcluded[i] = 2;
    }
    return kept;
  }

  private lastPv: { moves: Int32Array; lo: Int32Array; hi: Int32Array; length: number } | undefined;

  /** An infinite or ponder search never ends on its own: wait for stop or ponderhit. */
  private waitIfUnbounded(unbounded: boolean): void {
    if (this.threadIndex !== 0) return;
    while (!this.control.stopped && (unbounded || this.control.pondering)) {
      this.control.waitForSignal(50);
    }
  }

  private firstCandidate(count: number): number {
    for (let i = 0; i < count; i++) if (this.rootExcluded[i] !== 2) return i;
    return 0;
  }

  private clockStart(): number {
    const hit = this.control.ponderhitTime;
    return hit > 0 ? hit : this.startTime;
  }

  private rootMoveIndex(move: number, lo: number, hi: number, count: number): number {
    const list = this.lists[0];
    for (let i = 0; i < count; i++) {
      if (list.moves[i] === move && list.capturedLo[i] === lo && list.capturedHi[i] === hi)
        return i;
    }
    return -1;
  }

  private info(
    root: Position,
    depth: number,
    multipv: number,
    score: number,
    pv: { moves: Int32Array; lo: Int32Array; hi: Int32Array; length: number },
    elapsed: number,
  ): SearchInfo {
    const texts: string[] = [];
    const walk = root.clone();
    for (let i = 0; i < pv.length; i++) {
      texts.push(formatMove(walk, pv.moves[i], pv.lo[i], pv.hi[i]));
      walk.play(pv.moves[i], pv.lo[i], pv.hi[i]);
    }
    this.control.setNodes(this.threadIndex, this.nodes);
    if (this.egdb !== null) this.control.setTbHits(this.threadIndex, this.egdb.hits);
    const nodes = this.control.totalNodes();
    const time = Math.max(0, Math.round(elapsed));
    return {
      depth,
      seldepth: Math.max(this.seldepth, depth),
      multipv,
      score: toScore(score),
      nodes,
      nps: time > 0 ? Math.round((nodes * 1000) / time) : nodes * 1000,
      hashfull: this.tt.hashfull(),
      time,
      tbhits: this.control.totalTbHits(),
      pv: texts,
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
    this.checkCountdown = 1024;
    this.control.setNodes(this.threadIndex, this.nodes);
    if (this.control.stopped) {
      this.aborted = true;
      return;
    }
    if (this.threadIndex === 0 && !this.control.pondering && this.maximumTime !== Infinity) {
      if (nowMs() - this.clockStart() >= this.maximumTime) {
        this.aborted = true;
        this.control.stop();
      }
    }
  }

  /** Whether the position at `ply` repeats one since the last irreversible move. */
  private isRepetition(ply: number, quietPlies: number): boolean {
    const index = this.rootKeyIndex + ply;
    const lo = this.keysLo[index];
    const hi = this.keysHi[index];
    const oldest = Math.max(0, index - quietPlies);
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
    const enemyKingsLo = state[6 - 2 * color];
    const enemyKingsHi = state[7 - 2 * color];
    const ownKingsLo = state[4 + 2 * color];
    const ownKingsHi = state[5 + 2 * color];
    const crownRank = this.rules.crownRank[color];
    // A killer that is -1 matches no move: how the killers feature is switched off.
    const killer1 = this.features.killers ? this.killers[2 * ply] : -1;
    const killer2 = this.features.killers ? this.killers[2 * ply + 1] : -1;
    const useHistory = this.features.history;
    const historyBase = color * 4096;
    for (let i = 0; i < count; i++) {
      const move = list.moves[i];
      const from = move & 63;
      const to = (move >>> 6) & 63;
      let score: number;
      if ((ttMove & 0xfff) === (move & 0xfff) && ttMove >>> 12 === i) {
        score = TT_MOVE_SCORE;
      } else if (move >>> 12 > 0) {
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

  /** Swaps the best-scored move among [from, count) into place `from`; returns its index. */
  private pickMove(ply: number, from: number, count: number, order: Int32Array): number {
    const scores = this.moveScores[ply];
    let best = from;
    let bestScore = scores[order[from]];
    for (let i = from + 1; i < count; i++) {
      const s = scores[order[i]];
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    }
    const chosen = order[best];
    order[best] = order[from];
    order[from] = chosen;
    return chosen;
  }

  private readonly orderStack: Int32Array[] = Array.from({ length: MAX_PLY + 2 }, () => new Int32Array(MAX_MOVES)); // prettier-ignore

  private makeChild(ply: number, index: number): Int32Array {
    const state = this.states[ply];
    const child = this.states[ply + 1];
    for (let k = 0; k < STATE_SIZE; k++) child[k] = state[k];
    const list = this.lists[ply];
    const move = list.moves[index];
    applyMove(this.rules, child, move & 63, (move >>> 6) & 63, list.capturedLo[index], list.capturedHi[index]); // prettier-ignore
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
      if (state[QUIET_PLIES] >= 4 && this.isRepetition(ply, state[QUIET_PLIES])) return 0;
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
    const captures = list.moves[0] >>> 12 > 0;

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
        if (this.rootExcluded[index] !== 0) continue;
        if (this.threadIndex === 0) this.control.setRootMove(searched + 1, list.moves[index], list.capturedLo[index], list.capturedHi[index]); // prettier-ignore
      }
      const move = list.moves[index];
      this.makeChild(ply, index);
      let score: number;
      const quiet = !captures;
      if (searched === 0) {
        score = -this.alphaBeta(ply + 1, depth - 1, -beta, -alpha, pvNode);
      } else {
        let reduction = 0;
        if (
          this.features.lateMoveReductions &&
          quiet &&
          depth >= 3 &&
          searched >= (pvNode ? 3 : 2) &&
          this.moveScores[ply][index] < KILLER_SCORE
        ) {
          reduction = REDUCTIONS[Math.min(depth, 63) * 64 + Math.min(searched, 63)];
          if (pvNode && reduction > 0) reduction--;
          reduction = Math.min(reduction, depth - 2);
        }
        score = -this.alphaBeta(ply + 1, depth - 1 - reduction, -alpha - 1, -alpha, false);
        if (score > alpha && reduction > 0) {
          score = -this.alphaBeta(ply + 1, depth - 1, -alpha - 1, -alpha, false);
        }
        if (score > alpha && score < beta && pvNode) {
          score = -this.alphaBeta(ply + 1, depth - 1, -beta, -alpha, true);
        }
      }
      if (this.aborted) return 0;
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
    const moveRef = bestIndex >= 0 ? (list.moves[bestIndex] & 0xfff) | (bestIndex << 12) : 0;
    tt.store(keyLo, keyHi, moveRef, bound, scoreToTable(bestScore, ply), depth);
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
    const slot = base + (move & 63) * 64 + ((move >>> 6) & 63);
    this.history[slot] += bonus - ((this.history[slot] * bonus) >> 14);
    const list = this.lists[ply];
    for (let i = 0; i < tried; i++) {
      const other = list.moves[order[i]];
      const at = base + (other & 63) * 64 + ((other >>> 6) & 63);
      this.history[at] -= bonus + ((this.history[at] * bonus) >> 14);
    }
  }

  /**
   * Resolves captures: capture is compulsory, so while the side to move has one it must
   * take (no standing pat); a quiet position is scored by the static evaluation.
   */
  private quiescence(ply: number, alpha: number, beta: number): number {
    this.nodes++;
    this.checkLimits();
    if (this.aborted) return 0;
    if (ply > this.seldepth) this.seldepth = ply;
    this.pvLength[ply] = 0;
    const state = this.states[ply];
    const rules = this.rules;
    const evaluator = this.evaluator;
    if (!hasCapture(rules, state)) {
      // The evaluation counts the moves too: none left means the side to move has lost.
      const score = evaluator.evaluate(state);
      return evaluator.sideToMoveMobility === 0 ? -MATE + ply : score;
    }
    if (ply >= MAX_PLY - 1) return evaluator.evaluate(state);
    const list = this.lists[ply];
    const count = generateMoves(rules, state, list);
    let best = -INFINITE;
    for (let i = 0; i < count; i++) {
      this.makeChild(ply, i);
      const score = -this.quiescence(ply + 1, -beta, -alpha);
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
