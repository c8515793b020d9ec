/**
 * One game between two engine processes, judged by the runner with core's `Game`: the
 * engines only propose moves. The game ends by the rules (the side to move has no legal
 * move and loses; repetition or no progress draw), by score adjudication, at the ply limit,
 * or when an engine forfeits: an illegal move, a time loss, a stall, a crash or a
 * disconnect loses the game for that side.
 */
import { COLOR_NAMES, DEFAULT_DRAW_RULES, Game, type DrawRules } from '../core/game.js';
import { BLACK, WHITE, type Color, type VariantName } from '../core/variant.js';
import {
  Adjudicator,
  type DrawAdjudication,
  type ResignAdjudication,
  type Verdict,
} from './adjudication.js';
import type { EngineFailure, EngineProcess, FailureKind } from '../engine-client/engine-process.js';
import { openingGame, type Opening } from './openings.js';
import type { GameResult, PdnMove, PdnRecord } from '../pdn/pdn.js';
import { Clock, type PlayerLimits } from '../clock/time-control.js';
import { goLine, positionLine, searchDeadline, searchLimits } from '../engine-client/go.js';

/** One side of a game: a started engine process and how it may think. */
export interface GamePlayer {
  readonly process: EngineProcess;
  readonly limits: PlayerLimits;
  readonly timeMarginMs: number;
  readonly stallMs: number;
}

/** The runner's draw rules and adjudication; 0 turns a counting rule off. */
export interface GameRules extends DrawRules {
  /** The game is drawn once it has this many plies. */
  readonly maxPlies: number;
  readonly draw?: DrawAdjudication;
  readonly resign?: ResignAdjudication;
}

export const DEFAULT_GAME_RULES: GameRules = { ...DEFAULT_DRAW_RULES, maxPlies: 0 };

/** Why a game ended. The last five are forfeits by the engine that failed. */
export type Termination =
  | 'no-moves'
  | 'repetition'
  | 'no-progress'
  | 'max-plies'
  | 'adjudication-draw'
  | 'adjudication-resign'
  | 'interrupted'
  | 'illegal-move'
  | 'time-forfeit'
  | 'stall'
  | 'crash'
  | 'disconnect';

export const FORFEITS = ['illegal-move', 'time-forfeit', 'stall', 'crash', 'disconnect'] as const;
export type Forfeit = (typeof FORFEITS)[number];

/** A played game: what PDN writes, how it ended and where. */
export interface GameRecord extends PdnRecord {
  readonly termination: Termination;
  /** A sentence for people, e.g. "Black lost on time (1234 ms used, 1000 ms left)". */
  readonly reason: string;
  /** Position text after the last move. */
  readonly finalPosition: string;
  /** The side whose engine forfeited the game, if one did. */
  readonly forfeitedBy?: Color;
}

export interface GameSetup {
  readonly variant: VariantName;
  readonly opening: Opening;
  readonly white: GamePlayer;
  readonly black: GamePlayer;
  readonly rules: GameRules;
  /** Aborting ends the game at once with result 'none' (it is then not counted). */
  readonly signal?: AbortSignal;
}

const winnerOf = (loser: Color): GameResult => (loser === WHITE ? 'black' : 'white');

/** The record of a game an engine lost before it started (it could not start or get ready). */
export function forfeitBeforeStart(
  opening: Opening,
  variant: VariantName,
  loser: Color,
  failure: EngineFailure,
): GameRecord {
  const game = openingGame(opening, variant);
  return {
    fen: opening.fen,
    moves: bookMoves(game),
    result: winnerOf(loser),
    termination: failure.code,
    reason: `${COLOR_NAMES[loser]}'s engine failed before the game: ${failure.message}`,
    finalPosition: game.position.toString(),
    forfeitedBy: loser,
  };
}

/** Plays one game to its end and returns its record; never throws for engine misbehaviour. */
export async function playGame(setup: GameSetup): Promise<GameRecord> {
  const { variant, opening, rules, signal } = setup;
  const players = [setup.white, setup.black] as const;
  const game = openingGame(opening, variant);
  const moves: PdnMove[] = bookMoves(game);

  const end = (
    result: GameResult,
    termination: Termination,
    reason: string,
    forfeitedBy?: Color,
  ): GameRecord => ({
    fen: opening.fen,
    moves,
    result,
    termination,
    reason,
    finalPosition: game.position.toString(),
    forfeitedBy,
  });
  const forfeit = (loser: Color, termination: Termination, reason: string) =>
    end(winnerOf(loser), termination, `${COLOR_NAMES[loser]} ${reason}`, loser);

  for (const color of [WHITE, BLACK] as const) {
    const failure = await players[color].process.newGame(players[color].stallMs);
    if (failure) {
      return forfeit(color, failure.code, `engine failed at ucinewgame: ${failure.message}`);
    }
  }

  const clocks = players.map((p) => (p.limits.clock ? new Clock(p.limits.clock) : undefined));
  const adjudicator = new Adjudicator(rules.draw, rules.resign);
  let verdict: Verdict | undefined;

  for (;;) {
    if (signal?.aborted) return end('none', 'interrupted', 'the match was stopped');
    const mover = game.position.sideToMove;
    const other = (mover ^ 1) as Color;
    const over = judgeGame(game, verdict, rules);
    if (over) return end(over.result, over.termination, over.reason);

    const player = players[mover];
    const limits = searchLimits(player.limits, mover, clocks[mover], clocks[other]);
    const searching = player.process.search(
      positionLine(opening.fen, game.moves),
      goLine(limits),
      searchDeadline(limits, mover, player.timeMarginMs),
      player.stallMs,
    );
    const outcome = await untilAborted(searching, signal);
    if (outcome === 'aborted') {
      player.process.send('stop');
      return end('none', 'interrupted', 'the match was stopped');
    }
    if (outcome.kind === 'failure') {
      const { code, message } = outcome.failure;
      return forfeit(mover, code, `${FAILURE_WORDS[code]}: ${message}`);
    }
    const elapsed = Math.round(outcome.elapsedMs);
    const clock = clocks[mover];
    if (clock) {
      const left = Math.round(clock.remainingMs);
      if (!clock.charge(outcome.elapsedMs, player.timeMarginMs)) {
        return forfeit(mover, 'time-forfeit', `lost on time (${elapsed} ms used, ${left} ms left)`);
      }
    } else if (
      player.limits.moveTimeMs !== undefined &&
      outcome.elapsedMs > player.limits.moveTimeMs + player.timeMarginMs
    ) {
      return forfeit(
        mover,
        'time-forfeit',
        `lost on time (${elapsed} ms used, ${player.limits.moveTimeMs} ms a move)`,
      );
    }
    const played = game.playText(outcome.move);
    if (!played.ok) {
      return forfeit(
        mover,
        'illegal-move',
        `made an illegal move '${outcome.move}': ${played.error.message}`,
      );
    }
    moves.push({
      text: played.value.text,
      color: mover,
      book: false,
      elapsedMs: outcome.elapsedMs,
      score: outcome.score,
      depth: outcome.depth,
    });
    verdict = adjudicator.record(mover, outcome.score, moves.length);
  }
}

const FAILURE_WORDS: Record<FailureKind, string> = {
  stall: 'engine stalled',
  crash: 'engine crashed',
  disconnect: 'engine disconnected',
};

/** The opening's moves as the record shows them: played from the book, by no engine. */
function bookMoves(game: Game): PdnMove[] {
  let color = game.start.sideToMove;
  return game.moves.map((text) => {
    const move = { text, color, book: true };
    color = (color ^ 1) as Color;
    return move;
  });
}

/**
 * Whether the game is over before the side to move plays: by the rules first (core's
 * `Game`), then by adjudication, then by the ply limit.
 */
function judgeGame(
  game: Game,
  verdict: Verdict | undefined,
  rules: GameRules,
): { result: GameResult; termination: Termination; reason: string } | undefined {
  const end = game.outcome(rules);
  if (end) {
    const result = end.winner === undefined ? 'draw' : end.winner === WHITE ? 'white' : 'black';
    return { result, termination: end.reason, reason: end.description };
  }
  if (verdict?.kind === 'draw') {
    return {
      result: 'draw',
      termination: 'adjudication-draw',
      reason: `draw adjudicated: ${verdict.reason}`,
    };
  }
  if (verdict?.kind === 'resign') {
    return {
      result: winnerOf(verdict.loser),
      termination: 'adjudication-resign',
      reason: `${COLOR_NAMES[verdict.loser]} resigns (adjudicated): ${verdict.reason}`,
    };
  }
  if (rules.maxPlies > 0 && game.plies >= rules.maxPlies) {
    return {
      result: 'draw',
      termination: 'max-plies',
      reason: `the game reached ${rules.maxPlies} plies`,
    };
  }
  return undefined;
}

function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T | 'aborted'> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve) => {
    const onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}
