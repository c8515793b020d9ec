/**
 * The engine's search (the only one; the root's iterative deepening is the host's, in
 * src/search/search.ts): principal variation search, a quiescence search over compulsory captures, the table
 * (tt.ts), TT move, captures, crowning, killers and history for ordering, late move
 * reductions and the single-reply extension, repetition and no-progress draws, mate
 * distance, and the endgame tables through the host. It reproduced the tree of the
 * TypeScript search it replaced (the bench signature was the proof) before that was deleted;
 * the bench signature pins its tree. Quiet positions are
 * scored by the network (network.ts) when the host loaded one, else by the linear evaluation.
 *
 * On several threads (lazy SMP) every thread searches the same root over the one shared table,
 * each in its own region of the memory; near the root a thread marks the node it searches
 * with a breadcrumb, and a thread at a node another has marked reduces its late moves one
 * ply more (search.ts, control.ts).
 *
 * The host keeps the root's life (iterative deepening, MultiPV, skill, time, info lines) and
 * calls `searchRoot` once a line; every so many nodes the module asks the host whether to
 * stop (`poll`), and the host probes the endgame tables for it (`probeTables`).
 */
import { count } from './bitboard';
import { evaluate, hasQuietMove, sideToMoveMobility } from './eval';
import {
  capturedAt,
  clearOverflow,
  CRUMB_SLOTS,
  CRUMBS,
  HISTORY,
  KEYS,
  KILLERS,
  MAX_GAME_PLIES,
  MAX_MOVES,
  MAX_PLY,
  movesAt,
  ORDERS,
  positionAt,
  PV_CAPTURED,
  PV_LENGTHS,
  PV_MOVES,
  REDUCTIONS,
  ROOT_ORDER,
  ROOT_STATUS,
  SCORES,
} from './memory';
import { generateCaptures, generateMoves, hasCapture } from './movegen';
import { invalidate, networkActive, networkScore } from './network';
import {
  encodeMove,
  makeMove,
  moveFrom,
  moveTo,
  pieces,
  playInto,
  positionKey,
  quietPlies,
  reversiblePlies,
  sideToMove,
} from './position';
import { HISTORY_FEATURE, KILLERS_FEATURE, LATE_MOVE_REDUCTIONS, MATE, ROOT_SEARCHED, SINGLE_REPLY_EXTENSION } from '../search/module-constants'; // prettier-ignore
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, probeEntry, storeEntry, ttDepth, ttMove, ttBound, ttScore } from './tt'; // prettier-ignore

/** Asks the host whether to stop (the stop flag, the clock), every checkInterval nodes: 1 stops. */
// @ts-ignore: decorator
@external("env", "poll")
declare function poll(nodes: f64): i32;
/** The endgame tables' value of `ply`'s position (egdb/value.ts codes), or -1 when not covered. */
// @ts-ignore: decorator
@external("env", "probeTables")
declare function probeTables(ply: i32): i32;

/**
 * Whether the host's tables can answer for the position at `at`: it holds at most
 * tablesPieces pieces, or the side to move has none left (lost, which the host answers too).
 * Every other node skips the call out.
 */
// @ts-ignore: decorator
@inline function probeWorthwhile(at: usize): bool {
  const mover = sideToMove(at);
  const own = pieces(at, mover) | pieces(at, 2 + mover);
  const other = pieces(at, 1 - mover) | pieces(at, 3 - mover);
  return own == 0 || count(own | other) <= tablesPieces;
}
/** Tells the host which root move is searched now, the `number`-th of the line. */
// @ts-ignore: decorator
@external("env", "rootMove")
declare function rootMove(number: i32, move: i32, capturedLo: i32, capturedHi: i32): void;

const MATE_BOUND = MATE - 2 * MAX_PLY;
const INFINITE = 32000;
const TT_MOVE_SCORE = 1 << 30;
const CAPTURE_SCORE = 1 << 26;
const CROWNING_SCORE = 1 << 25;
const KILLER_SCORE = 1 << 24;
/** Plies from the root where threads leave breadcrumbs. */
const CRUMB_PLIES = 8;


// The search under way, as the host set it up (beginSearch) and as it went.
let features: i32 = 15;
let drawPlies: i32 = 100;
let rootKeyIndex: i32 = 0;
/** The most pieces the endgame tables hold (0: no tables attached). */
let tablesPieces: i32 = 0;
let nodeLimit: f64 = Infinity;
let checkInterval: i32 = 1024;
let checkCountdown: i32 = 1024;
export let nodes: f64 = 0;
export let seldepth: i32 = 0;
export let aborted: bool = false;
/** The depth of the iteration under way; depth 1 always completes. */
let rootDepth: i32 = 0;
/** This search's thread number, and whether threads leave breadcrumbs (more than one searches). */
let threadNumber: i32 = 0;
let crumbsOn: bool = false;

/**
 * Sets a search up from the position at ply 0 (the host writes it first): its settings, the
 * root's key after the game's, counters cleared, the history halved, as each search does.
 * `thread` is the search's thread number; `crumbs` whether it shares the root with others.
 */
export function beginSearch(draws: i32, limit: f64, interval: i32, keyIndex: i32, tables: i32, featureBits: i32, thread: i32, crumbs: bool): void { // prettier-ignore
  threadNumber = thread;
  crumbsOn = crumbs;
  drawPlies = draws;
  nodeLimit = limit;
  checkInterval = interval;
  checkCountdown = interval;
  rootKeyIndex = min(keyIndex, MAX_GAME_PLIES);
  // The root's own key after the game's: a line that comes back to the root repeats it.
  store<u64>(KEYS + (<usize>rootKeyIndex << 3), positionKey(positionAt(0)));
  tablesPieces = tables;
  features = featureBits;
  nodes = 0;
  aborted = false;
  invalidate(0);
  for (let i = 0; i < 2 * 64 * 64; i++) {
    const at = HISTORY + (<usize>i << 2);
    store<i32>(at, load<i32>(at) >> 1);
  }
  for (let i = 0; i < MAX_MOVES; i++) store<i32>(ROOT_ORDER + (<usize>i << 2), i);
}

/** Forgets the move-ordering statistics: a new game. */
export function clearHistory(): void {
  memory.fill(HISTORY, 0, 2 * 64 * 64 * 4);
  memory.fill(KILLERS, 0, 2 * (MAX_PLY + 2) * 4);
}

/**
 * One line of an iteration at `depth` from the root (ply 0), with the root moves the host
 * marked as searched in ROOT_STATUS: its score.
 */
export function searchRoot(depth: i32): i32 {
  rootDepth = depth;
  seldepth = 0;
  return alphaBeta(0, depth, -INFINITE, INFINITE, true);
}

/** The ply whose position the last quietLeaf ended on. */
let leafPly: i32 = 0;

/**
 * The quiescence search alone from the position at ply 0, with a full window and no limit
 * (no node, time or stop is looked at): its score for the side to move. Its principal
 * variation, the captures both sides would make, is played from ply 0 on, so that the
 * position it scored lies at quietLeafPly() (ply 0 itself when no capture is pending). What
 * the tuner trains on; the killers, history and table are neither read nor written.
 */
export function quietLeaf(): i32 {
  rootDepth = 0;
  rootKeyIndex = 0;
  nodes = 0;
  seldepth = 0;
  aborted = false;
  clearOverflow();
  invalidate(0);
  const score = quiescence(0, -INFINITE, INFINITE);
  const length = i32At(PV_LENGTHS, 0);
  for (let i = 0; i < length; i++) {
    const move = i32At(PV_MOVES, i);
    playInto(positionAt(i), positionAt(i + 1), moveFrom(move), moveTo(move), load<u64>(PV_CAPTURED + (<usize>i << 3))); // prettier-ignore
  }
  leafPly = length;
  return score;
}

/** The ply of the position the last quietLeaf scored. */
export function quietLeafPly(): i32 {
  return leafPly;
}

// @ts-ignore: decorator
@inline function keyAt(index: i32): u64 {
  return load<u64>(KEYS + (<usize>index << 3));
}
// @ts-ignore: decorator
@inline function i32At(base: usize, index: i32): i32 {
  return load<i32>(base + (<usize>index << 2));
}
// @ts-ignore: decorator
@inline function setI32At(base: usize, index: i32, value: i32): void {
  store<i32>(base + (<usize>index << 2), value);
}

/** Scores stored in the table count mate distance from the stored node, not the root. */
// @ts-ignore: decorator
@inline function scoreToTable(score: i32, ply: i32): i32 {
  if (score >= MATE_BOUND) return score + ply;
  if (score <= -MATE_BOUND) return score - ply;
  return score;
}
// @ts-ignore: decorator
@inline function scoreFromTable(score: i32, ply: i32): i32 {
  if (score >= MATE_BOUND) return score - ply;
  if (score <= -MATE_BOUND) return score + ply;
  return score;
}

/** Polls the host every so many nodes, and the node limit at every node. */
// @ts-ignore: decorator
@inline function checkLimits(): void {
  if (rootDepth > 1) {
    if (nodes >= nodeLimit) aborted = true;
    else if (--checkCountdown <= 0) pollHost();
  }
}

/** Asks the host whether to stop, and starts the count to the next time. */
function pollHost(): void {
  checkCountdown = checkInterval;
  if (poll(nodes) != 0) aborted = true;
}

/** Whether the position at `ply` repeats one since the last irreversible move. */
function isRepetition(ply: i32, reversible: i32): bool {
  const index = rootKeyIndex + ply;
  const key = keyAt(index);
  const oldest = max(0, index - reversible);
  for (let i = index - 2; i >= oldest; i -= 2) {
    if (keyAt(i) == key) return true;
  }
  return false;
}

/** Plays move `index` of `ply` into `ply + 1` and records the child's key for repetitions. */
// @ts-ignore: decorator
@inline function makeChild(ply: i32, index: i32): void {
  makeMove(ply, index);
  if (networkActive) invalidate(ply + 1);
  store<u64>(KEYS + (<usize>(rootKeyIndex + ply + 1) << 3), positionKey(positionAt(ply + 1)));
}

/** The principal variation of `ply`: move `index`, then the child's. */
function updatePv(ply: i32, index: i32): void {
  const row = ply * MAX_PLY;
  const next = (ply + 1) * MAX_PLY;
  setI32At(PV_MOVES, row, i32At(movesAt(ply), index));
  store<u64>(PV_CAPTURED + (<usize>row << 3), load<u64>(capturedAt(ply) + (<usize>index << 3)));
  const childLength = ply + 1 < MAX_PLY ? i32At(PV_LENGTHS, ply + 1) : 0;
  for (let i = 0; i < childLength; i++) {
    setI32At(PV_MOVES, row + 1 + i, i32At(PV_MOVES, next + i));
    store<u64>(PV_CAPTURED + (<usize>(row + 1 + i) << 3), load<u64>(PV_CAPTURED + (<usize>(next + i) << 3))); // prettier-ignore
  }
  setI32At(PV_LENGTHS, ply, childLength + 1);
}

/** Orders the moves of `ply`: TT move, captures by kings taken, crowning, killers, history. */
function scoreMoves(ply: i32, moveCount: i32, ttMoveRef: i32): void {
  const at = positionAt(ply);
  const colour = sideToMove(at);
  const enemyKings = pieces(at, 3 - colour);
  const ownKings = pieces(at, 2 + colour);
  const crownRank = colour == 0 ? 7 : 0;
  const killer1 = (features & KILLERS_FEATURE) != 0 ? i32At(KILLERS, 2 * ply) : -1;
  const killer2 = (features & KILLERS_FEATURE) != 0 ? i32At(KILLERS, 2 * ply + 1) : -1;
  const useHistory = (features & HISTORY_FEATURE) != 0;
  const historyBase = colour * 4096;
  const moves = movesAt(ply);
  const captured = capturedAt(ply);
  const scores = SCORES + <usize>(ply * MAX_MOVES * 4);
  for (let i = 0; i < moveCount; i++) {
    const move = i32At(moves, i);
    const from = moveFrom(move);
    const to = moveTo(move);
    let score: i32;
    if (ttMoveRef == encodeMove(from, to, i)) {
      score = TT_MOVE_SCORE;
    } else if (move >>> 12 != 0) {
      const kingsTaken = count(load<u64>(captured + (<usize>i << 3)) & enemyKings);
      score = CAPTURE_SCORE + kingsTaken * 4096 + (useHistory ? i32At(HISTORY, historyBase + from * 64 + to) >> 4 : 0); // prettier-ignore
    } else {
      const isKing = ((ownKings >> <u64>from) & 1) != 0;
      if (!isKing && to >> 3 == crownRank) score = CROWNING_SCORE;
      else if (move == killer1) score = KILLER_SCORE + 1;
      else if (move == killer2) score = KILLER_SCORE;
      else score = useHistory ? i32At(HISTORY, historyBase + from * 64 + to) : 0;
    }
    setI32At(scores, i, score);
  }
}

/**
 * Swaps the best-scored move among places [from, moveCount) into place `from` and returns its
 * index in the move list; the scores travel with the order (search.ts pickMove).
 */
// @ts-ignore: decorator
@inline function pickMove(scores: usize, order: usize, from: i32, moveCount: i32): i32 {
  let best = from;
  let bestScore = i32At(scores, from);
  for (let i = from + 1; i < moveCount; i++) {
    const s = i32At(scores, i);
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  const chosen = i32At(order, best);
  setI32At(order, best, i32At(order, from));
  setI32At(order, from, chosen);
  setI32At(scores, best, i32At(scores, from));
  setI32At(scores, from, bestScore);
  return chosen;
}

/** A quiet move that caused a cut: remember it as a killer, raise its history, lower the tried. */
function rewardQuiet(ply: i32, colour: i32, move: i32, depth: i32, order: usize, tried: i32): void {
  if (i32At(KILLERS, 2 * ply) != move) {
    setI32At(KILLERS, 2 * ply + 1, i32At(KILLERS, 2 * ply));
    setI32At(KILLERS, 2 * ply, move);
  }
  const bonus = min(depth * depth, 400);
  const base = colour * 4096;
  const slot = base + moveFrom(move) * 64 + moveTo(move);
  const old = i32At(HISTORY, slot);
  setI32At(HISTORY, slot, old + bonus - ((old * bonus) >> 14));
  const moves = movesAt(ply);
  for (let i = 0; i < tried; i++) {
    const other = i32At(moves, i32At(order, i));
    const at = base + moveFrom(other) * 64 + moveTo(other);
    const value = i32At(HISTORY, at);
    setI32At(HISTORY, at, value - (bonus + ((value * bonus) >> 14)));
  }
}

function alphaBeta(ply: i32, depth: i32, alpha: i32, beta: i32, pvNode: bool): i32 {
  setI32At(PV_LENGTHS, ply, 0);
  const at = positionAt(ply);
  if (ply > 0) {
    if (drawPlies > 0 && quietPlies(at) >= drawPlies) return 0;
    const reversible = reversiblePlies(at);
    if (reversible >= 4 && isRepetition(ply, reversible)) return 0;
    // Mate distance: no line from here can beat a mate already found nearer the root.
    alpha = max(alpha, -MATE + ply);
    beta = min(beta, MATE - ply - 1);
    if (alpha >= beta) return alpha;
    // The host is asked only where its tables can answer: few enough pieces, or none to move.
    if (tablesPieces > 0 && probeWorthwhile(at)) {
      const code = probeTables(ply);
      if (code >= 0) return code == 0 ? 0 : (code & 1) == 0 ? MATE - ply - code + 1 : -MATE + ply + code - 1; // prettier-ignore
    }
  }
  if (depth <= 0 || ply >= MAX_PLY - 1) return quiescence(ply, alpha, beta);
  if (aborted) return 0;
  nodes++;
  checkLimits();
  if (aborted) return 0;
  if (ply > seldepth) seldepth = ply;

  const key = positionKey(at);
  const keyLo = <i32>key;
  const keyHi = <i32>(key >> 32);
  let ttMoveRef = 0;
  if (probeEntry(keyLo, keyHi)) {
    ttMoveRef = ttMove;
    const score = scoreFromTable(ttScore, ply);
    if (!pvNode && ply > 0 && ttDepth >= depth) {
      if (
        ttBound == BOUND_EXACT ||
        (ttBound == BOUND_LOWER && score >= beta) ||
        (ttBound == BOUND_UPPER && score <= alpha)
      ) {
        return score;
      }
    }
  }

  const moveCount = generateMoves(ply);
  if (moveCount == 0) return -MATE + ply;
  const moves = movesAt(ply);
  const quiet = i32At(moves, 0) >>> 12 == 0;

  // Near the root, mark the node as this thread's; at a node another thread has marked,
  // late moves take one more reduction rather than repeat that thread's work.
  let crumb: usize = 0;
  let marked = false;
  if (crumbsOn && ply < CRUMB_PLIES) {
    const slot = CRUMBS + (<usize>(keyHi & (CRUMB_SLOTS - 1)) << 3);
    const owner = load<i32>(slot);
    if (owner == 0) {
      store<i32>(slot, threadNumber + 1);
      store<i32>(slot, keyLo, 4);
      crumb = slot;
    } else {
      marked = owner != threadNumber + 1 && load<i32>(slot, 4) == keyLo;
    }
  }

  // A forced reply costs nothing to look at one ply deeper.
  if (moveCount == 1 && (features & SINGLE_REPLY_EXTENSION) != 0 && ply < 2 * rootDepth) depth++;

  const order = ORDERS + <usize>(ply * MAX_MOVES * 4);
  const scores = SCORES + <usize>(ply * MAX_MOVES * 4);
  for (let i = 0; i < moveCount; i++) setI32At(order, i, i);
  scoreMoves(ply, moveCount, ttMoveRef);
  // A helper of odd number takes the root moves after the first from the far end, so that it
  // and the main thread meet in the middle of the root's null-window searches, each finding
  // the other's half in the table.
  const fromFarEnd = ply == 0 && crumbsOn && (threadNumber & 1) != 0;
  if (ply == 0) {
    // At the root the previous iteration's order decides: its best move first.
    for (let k = 0; k < moveCount; k++) {
      const rank = fromFarEnd && k > 0 ? moveCount - k : k;
      setI32At(scores, i32At(ROOT_ORDER, k), TT_MOVE_SCORE - rank);
    }
  }
  const originalAlpha = alpha;
  let bestScore = -INFINITE;
  let bestIndex = -1;
  let searched = 0;
  const colour = sideToMove(at);
  for (let n = 0; n < moveCount; n++) {
    const index = pickMove(scores, order, n, moveCount);
    const move = i32At(moves, index);
    if (ply == 0) {
      if (load<u8>(ROOT_STATUS + <usize>index) != ROOT_SEARCHED) continue;
      const captured = load<u64>(capturedAt(0) + (<usize>index << 3));
      rootMove(searched + 1, move, <i32>captured, <i32>(captured >> 32));
    }
    makeChild(ply, index);
    let score: i32;
    if (searched == 0) {
      score = -alphaBeta(ply + 1, depth - 1, -beta, -alpha, pvNode);
    } else {
      let reduction = 0;
      if (
        (features & LATE_MOVE_REDUCTIONS) != 0 &&
        quiet &&
        depth >= 3 &&
        searched >= (pvNode ? 3 : 2) &&
        i32At(scores, n) < KILLER_SCORE
      ) {
        reduction = <i32>load<i8>(REDUCTIONS + <usize>(min(depth, 63) * 64 + min(searched, 63)));
        if (marked) reduction++;
        if (pvNode && reduction > 0) reduction--;
        reduction = min(reduction, depth - 2);
      }
      score = -alphaBeta(ply + 1, depth - 1 - reduction, -1 - alpha, -alpha, false);
      if (score > alpha && reduction > 0) {
        score = -alphaBeta(ply + 1, depth - 1, -1 - alpha, -alpha, false);
      }
      if (score > alpha && score < beta && pvNode) {
        score = -alphaBeta(ply + 1, depth - 1, -beta, -alpha, true);
      }
    }
    if (aborted) {
      if (crumb != 0) store<i32>(crumb, 0);
      return 0;
    }
    searched++;
    if (score > bestScore) {
      bestScore = score;
      bestIndex = index;
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, index);
        if (score >= beta) {
          if (quiet) rewardQuiet(ply, colour, move, depth, order, n);
          break;
        }
      }
    }
  }
  if (crumb != 0) store<i32>(crumb, 0);
  if (searched == 0) return alpha; // every root move excluded (MultiPV ran out)
  if (ply == 0) {
    // Keep the best move first for the next iteration.
    let place = 0;
    for (let i = 0; i < moveCount; i++) {
      // The far end's searching order read back, so that the order kept is the main thread's.
      const index = i32At(order, fromFarEnd && i > 0 ? moveCount - i : i);
      setI32At(ROOT_ORDER, i, index);
      if (index == bestIndex) place = i;
    }
    for (let i = place; i > 0; i--) setI32At(ROOT_ORDER, i, i32At(ROOT_ORDER, i - 1));
    setI32At(ROOT_ORDER, 0, bestIndex);
  }
  const bound = bestScore >= beta ? BOUND_LOWER : bestScore > originalAlpha ? BOUND_EXACT : BOUND_UPPER; // prettier-ignore
  const best = i32At(moves, bestIndex);
  storeEntry(keyLo, keyHi, encodeMove(moveFrom(best), moveTo(best), bestIndex), bound, scoreToTable(bestScore, ply), depth); // prettier-ignore
  return bestScore;
}

/** The network's evaluation of `ply`'s position when the host loaded one, else the linear one. */
// @ts-ignore: decorator
@inline function staticEvaluation(ply: i32): i32 {
  return networkActive ? networkScore(ply) : evaluate(positionAt(ply));
}

/**
 * Resolves captures: capture is compulsory, so while the side to move has one it must take
 * (no standing pat); a quiet position is scored by the static evaluation.
 */
function quiescence(ply: i32, alpha: i32, beta: i32): i32 {
  if (aborted) return 0; // a limit reached: count no node past it
  nodes++;
  checkLimits();
  if (aborted) return 0;
  if (ply > seldepth) seldepth = ply;
  setI32At(PV_LENGTHS, ply, 0);
  const at = positionAt(ply);
  if (!hasCapture(at)) {
    // No move left means the side to move has lost. The linear evaluation counts the moves
    // anyway; the network does not, and is not asked when there are none.
    if (networkActive) return hasQuietMove(at) ? networkScore(ply) : -MATE + ply;
    const score = evaluate(at);
    return sideToMoveMobility == 0 ? -MATE + ply : score;
  }
  if (ply >= MAX_PLY - 1) return staticEvaluation(ply);
  const moveCount = generateCaptures(ply);
  let best = -INFINITE;
  for (let i = 0; i < moveCount; i++) {
    makeChild(ply, i);
    const score = -quiescence(ply + 1, -beta, -alpha);
    if (aborted) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        updatePv(ply, i);
        if (score >= beta) break;
      }
    }
  }
  return best;
}
