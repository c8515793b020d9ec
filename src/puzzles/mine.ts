/**
 * Mining: the positions of games searched for puzzles. Every position of every game with
 * two legal moves or more is a candidate (each position once, however many games reach
 * it), visited in a seeded order; a shallow screen search keeps those where one move seems
 * to win, and a deeper check search decides (judge.ts): exactly one move wins, found at a
 * depth at least CHECK_MARGIN shallower than the check's. The line is then played out: the
 * engine's reply, and the solver's next move as long as it is again the only winning move
 * (or the only legal one), up to `maxSolverMoves` moves of the solver.
 */
import { Game } from '../core/game.js';
import { isCapture, sameMove } from '../core/movegen.js';
import { legalMoves, parseMove, type LegalMove } from '../core/notation.js';
import type { Position } from '../core/position.js';
import { fail, ok, type Result } from '../core/result.js';
import { rulesFor, type VariantName } from '../core/variant.js';
import { seededRandom, shuffled } from '../stats/random.js';
import { CHECK_MARGIN, CHECK_THRESHOLDS, SCREEN_THRESHOLDS, proofOf, ratingDepth, scoreText, uniqueWin, type Thresholds } from './judge.js'; // prettier-ignore
import { balance, checkMaterial, claimText, isQuiet, MaterialSearch, MIN_GAIN, safeAlternatives, WON_MARGIN } from './material.js'; // prettier-ignore
import type { Puzzle } from './puzzle-file.js';
import { preferredMoves, puzzleRating } from './rating.js';
import type { PositionSearcher, SearchReport } from './searcher.js';

/** A game to mine: where it came from, and its moves from its first position. */
export interface SourceGame {
  /** Names the game in a puzzle's source (`games.pdn game 12`). */
  readonly label: string;
  readonly fen?: string;
  readonly moves: readonly string[];
}

/** A position to search, and where it was found. */
export interface Candidate {
  readonly position: string;
  readonly source: string;
}

export interface MineSettings {
  readonly screenNodes: number;
  readonly checkNodes: number;
  readonly maxSolverMoves: number;
  readonly seed: number;
  /** Stop once this many puzzles are found (undefined: search every candidate). */
  readonly limit?: number;
  readonly screen?: Thresholds;
  readonly check?: Thresholds;
}

export interface MineProgress {
  readonly searched: number;
  readonly candidates: number;
  readonly found: number;
}

export interface MineHooks {
  readonly onPuzzle?: (puzzle: Puzzle, progress: MineProgress) => void;
  readonly onProgress?: (progress: MineProgress) => void;
  readonly signal?: AbortSignal;
}

export type MineErrorCode = 'bad-game' | 'engine-failed' | 'aborted';

/**
 * Every position of the games with two legal moves or more, each once (the first game and
 * ply that reached it), in the order the seed shuffles them to; with `branches`, also every
 * position one legal move away from a position of a game (the position after another move
 * than the one played: where a puzzle starts when that move was a mistake). A game whose
 * text or moves are bad is an error naming it.
 */
export function candidatePositions(
  games: readonly SourceGame[],
  variant: VariantName,
  seed: number,
  branches = false,
): Result<Candidate[], 'bad-game'> {
  const seen = new Set<string>();
  const found: Candidate[] = [];
  const consider = (position: Position, source: string) => {
    const key = position.keyHex();
    if (seen.has(key)) return;
    seen.add(key);
    if (legalMoves(position).length >= 2) found.push({ position: position.toString(), source });
  };
  for (const source of games) {
    const replayed = Game.parse(source.fen, [], variant);
    if (!replayed.ok) return fail('bad-game', `${source.label}: ${replayed.error.message}`);
    const game = replayed.value;
    for (let ply = 0; ; ply++) {
      consider(game.position, `${source.label} ply ${ply}`);
      if (ply === source.moves.length) break;
      if (branches) {
        for (const move of legalMoves(game.position)) {
          const next = game.position.clone();
          next.play(move.move, move.capturedLo, move.capturedHi);
          consider(next, `${source.label} ply ${ply} after ${move.text}`);
        }
      }
      const played = game.playText(source.moves[ply]);
      if (!played.ok) return fail('bad-game', `${source.label}: move ${ply + 1}: ${played.error.message}`); // prettier-ignore
    }
  }
  return ok(shuffled(found, seededRandom(seed)));
}

/** Searches the candidates in order for puzzles; the puzzles found, in the order found. */
export async function minePuzzles(
  candidates: readonly Candidate[],
  variant: VariantName,
  searcher: PositionSearcher,
  settings: MineSettings,
  hooks: MineHooks = {},
): Promise<Result<Puzzle[], MineErrorCode>> {
  const screen = settings.screen ?? SCREEN_THRESHOLDS;
  const check = settings.check ?? CHECK_THRESHOLDS;
  const puzzles: Puzzle[] = [];
  const material = new MaterialSearch(rulesFor(variant));
  for (const [index, candidate] of candidates.entries()) {
    if (settings.limit !== undefined && puzzles.length >= settings.limit) break;
    if (hooks.signal?.aborted === true) return fail('aborted', 'mining was stopped');
    const found = await searchCandidate(
      candidate,
      variant,
      searcher,
      settings,
      screen,
      check,
      material,
    );
    if (!found.ok) return found;
    const progress = () => ({ searched: index + 1, candidates: candidates.length, found: puzzles.length }); // prettier-ignore
    if (found.value !== undefined) {
      puzzles.push(found.value);
      hooks.onPuzzle?.(found.value, progress());
    }
    hooks.onProgress?.(progress());
  }
  return ok(puzzles);
}

/** One candidate: the puzzle it makes, or undefined when it makes none. */
async function searchCandidate(
  candidate: Candidate,
  variant: VariantName,
  searcher: PositionSearcher,
  settings: MineSettings,
  screen: Thresholds,
  check: Thresholds,
  material: MaterialSearch,
): Promise<Result<Puzzle | undefined, 'engine-failed'>> {
  const begin = Game.parse(candidate.position, [], variant);
  if (!begin.ok) return ok(undefined);
  const start = begin.value.position;
  const shallow = await searcher.search(candidate.position, settings.screenNodes);
  if (!shallow.ok) return shallow;
  if (!uniqueWin(shallow.value, screen).ok) return ok(undefined);
  const deep = await searcher.search(candidate.position, settings.checkNodes);
  if (!deep.ok) return deep;
  const win = uniqueWin(deep.value, check);
  if (!win.ok) return ok(undefined);
  const { best, second } = win.value;
  const found = ratingDepth(deep.value, best.move);
  if (found === undefined || deep.value.depth < found + CHECK_MARGIN) return ok(undefined);
  const proof = proofOf(best);
  let line: string[] | undefined;
  let claim: string;
  if (proof === 'material') {
    // Already won by a wide margin: winning more is no puzzle.
    if (balance(start.state, start.sideToMove) >= WON_MARGIN) return ok(undefined);
    const played = await materialLine(start, deep.value, searcher, settings, material);
    if (!played.ok) return played;
    line = played.value;
    if (line === undefined) return ok(undefined);
    const verdict = checkMaterial(candidate.position, line, variant, material);
    if (!verdict.ok) return ok(undefined);
    claim = claimText(verdict.value.won);
  } else {
    const played = await playOut(start, deep.value, searcher, settings, check);
    if (!played.ok) return played;
    line = played.value;
    if (line === undefined) return ok(undefined);
    claim = claimText(proof);
  }
  const first = parseMove(start, line[0]);
  if (!first.ok) return ok(undefined);
  return ok({
    id: start.keyHex(),
    position: candidate.position,
    line,
    rating: puzzleRating({
      found,
      solverMoves: (line.length + 1) / 2,
      preferred: preferredMoves(deep.value.bestByDepth, best.move),
      safe: safeAlternatives(start, first.value, material),
      capture: isCapture(first.value.move),
    }),
    found,
    depth: deep.value.depth,
    best: scoreText(best.score),
    second: scoreText(second.score),
    proof,
    claim,
    source: candidate.source,
  });
}

/**
 * A material puzzle's line from `start`, whose check is `report`: the engine's principal
 * variation (searched again where it runs out) until the solver has won MIN_GAIN on the
 * board and neither side has a capture pending, so the line shows the gain. Every solver
 * move after the first must be its only legal move or the only one that keeps the most
 * material (material.ts); undefined when it is not, or the gain does not come within
 * `maxSolverMoves` of the solver's moves.
 */
async function materialLine(
  start: Position,
  report: SearchReport,
  searcher: PositionSearcher,
  settings: MineSettings,
  material: MaterialSearch,
): Promise<Result<string[] | undefined, 'engine-failed'>> {
  const solver = start.sideToMove;
  const startBalance = balance(start.state, solver);
  const walk = start.clone();
  const line: string[] = [];
  let pv = report.lines[0].pv;
  let next = 0;
  while (line.length < 2 * settings.maxSolverMoves - 1) {
    if (next >= pv.length) {
      const searched = await searcher.search(walk.toString(), settings.checkNodes);
      if (!searched.ok) return searched;
      const best = searched.value.lines[0];
      if (best === undefined) return ok(undefined);
      pv = best.pv;
      next = 0;
    }
    const move = parseMove(walk, pv[next++]);
    if (!move.ok) return ok(undefined);
    const solverMove = line.length % 2 === 0;
    if (solverMove && line.length > 0 && !onlyMaterialMove(walk, move.value, material)) return ok(undefined); // prettier-ignore
    walk.play(move.value.move, move.value.capturedLo, move.value.capturedHi);
    line.push(move.value.text);
    if (legalMoves(walk).length === 0) return ok(undefined);
    if (solverMove && balance(walk.state, solver) - startBalance >= MIN_GAIN && isQuiet(walk.rules, walk.state)) return ok(line); // prettier-ignore
  }
  return ok(undefined);
}

/** Plies the material search looks ahead to tell a solver's move inside a line from the others. */
const LINE_MOVE_PLIES = 4;

/** Whether `move` is the only legal move of `position`, or the only one keeping the most material. */
function onlyMaterialMove(position: Position, move: LegalMove, material: MaterialSearch): boolean {
  const moves = legalMoves(position);
  if (moves.length === 1) return true;
  const after = (other: LegalMove) => {
    const next = position.clone();
    next.play(other.move, other.capturedLo, other.capturedHi);
    return next.state;
  };
  const value = -material.value(after(move), LINE_MOVE_PLIES - 1);
  if (material.exhausted) return false;
  for (const other of moves) {
    if (sameMove(other, move)) continue;
    const reached = -material.value(after(other), LINE_MOVE_PLIES - 1, -value, -value + 1);
    if (material.exhausted || reached >= value) return false;
  }
  return true;
}

/**
 * A forced win's line from `start`, whose check is `report`: the first move, then the
 * engine's reply and the solver's next move while that move is the only winning one (or
 * the only legal one), in full move text. A line of one move is kept only when it ends the
 * game (the page must show why the move wins); undefined otherwise, or when the engine's
 * move text is not legal.
 */
async function playOut(
  start: Position,
  report: SearchReport,
  searcher: PositionSearcher,
  settings: MineSettings,
  check: Thresholds,
): Promise<Result<string[] | undefined, 'engine-failed'>> {
  const walk = start.clone();
  const line: string[] = [];
  const first = parseMove(walk, report.lines[0].move);
  if (!first.ok) return ok(undefined);
  walk.play(first.value.move, first.value.capturedLo, first.value.capturedHi);
  line.push(first.value.text);
  if (legalMoves(walk).length === 0) return ok(line);
  let pv = report.lines[0].pv;
  while (line.length < 2 * settings.maxSolverMoves - 1 && pv.length >= 2) {
    const reply = parseMove(walk, pv[1]);
    if (!reply.ok) break;
    const next = walk.clone();
    next.play(reply.value.move, reply.value.capturedLo, reply.value.capturedHi);
    const count = legalMoves(next).length;
    if (count === 0) break;
    const searched = await searcher.search(next.toString(), settings.checkNodes);
    if (!searched.ok) return searched;
    const best = searched.value.lines[0];
    if (best === undefined) break;
    if (count > 1 && !uniqueWin(searched.value, check).ok) break;
    const move = parseMove(next, best.move);
    if (!move.ok) break;
    next.play(move.value.move, move.value.capturedLo, move.value.capturedHi);
    line.push(reply.value.text, move.value.text);
    walk.state.set(next.state);
    pv = best.pv;
  }
  return ok(line.length >= 3 ? line : undefined);
}
