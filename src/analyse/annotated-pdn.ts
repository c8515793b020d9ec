/**
 * PDN in and out of a review: the games of a PDN text as games to review (each checked by
 * the rules), and a reviewed game written back as annotated PDN. The annotated game keeps
 * its tags (adding `Annotator`), marks moves with `?!`, `?` or `??`, and follows every move
 * with a comment holding the score after it from White's view (`{+0.35}`, `{White wins in
 * 5}`); a marked move's comment also names its class and the engine's better move with its
 * score (`{-1.20; blunder, better c3-d4 +0.40}`). The project's PDN reader reads it back.
 */
import { fail, ok, type Result } from '../core/result.js';
import { BLACK, WHITE, parseVariantName, type VariantName } from '../core/variant.js';
import { formatPdnTag, parsePdn } from '../pdn/pdn.js';
import { CLASS_MARKS, type MoveClass } from './classify.js';
import { replayReviewGame, type GameReview, type MoveReview, type ReviewGame } from './review.js';
import { formatWhiteScore } from './score.js';

/** A game of a PDN file, ready to review: its tags and recorded result kept for the output. */
export interface PdnReviewGame {
  /** Tags in file order. */
  readonly tags: ReadonlyMap<string, string>;
  /** The result token ('2-0', '1-1', '0-2' or '*'). */
  readonly result: string;
  readonly game: ReviewGame;
}

/** Why a PDN text cannot be reviewed. */
export type PdnReviewErrorCode = 'bad-pdn' | 'no-game' | 'bad-variant' | 'bad-game';

const LINE_WIDTH = 80;

/**
 * Every game of a PDN text, each replayed by the rules: the variant is `variant` when
 * given, else the game's Variant tag, else Armenian. The first bad game is an error naming
 * it ("game 3: ...").
 */
export function readPdnForReview(
  text: string,
  variant?: VariantName,
): Result<PdnReviewGame[], PdnReviewErrorCode> {
  const parsed = parsePdn(text);
  if (!parsed.ok) return fail('bad-pdn', `not PDN: ${parsed.error.message}`);
  if (parsed.value.length === 0) return fail('no-game', 'no game in it');
  const games: PdnReviewGame[] = [];
  for (const [i, pdn] of parsed.value.entries()) {
    const tag = pdn.tags.get('Variant');
    const chosen = variant ?? (tag === undefined ? 'armenian' : parseVariantName(tag));
    if (chosen === undefined) {
      return fail('bad-variant', `game ${i + 1}: unknown variant '${tag}' (give --variant)`);
    }
    const game: ReviewGame = { variant: chosen, fen: pdn.tags.get('FEN'), moves: pdn.moves };
    const replayed = replayReviewGame(game);
    if (!replayed.ok) return fail('bad-game', `game ${i + 1}: ${replayed.error.message}`);
    // The moves in full text, so that the output names every capture's path.
    const checked: ReviewGame = { ...game, moves: [...replayed.value.moves] };
    games.push({ tags: pdn.tags, result: pdn.result, game: checked });
  }
  return ok(games);
}

/** How many moves of each class each side made: [White, Black]. */
export function classCounts(
  review: GameReview,
): [Record<MoveClass, number>, Record<MoveClass, number>] {
  // prettier-ignore
  const counts = (): Record<MoveClass, number> => ({ good: 0, inaccuracy: 0, mistake: 0, blunder: 0 }); // prettier-ignore
  const sides = [counts(), counts()] as [Record<MoveClass, number>, Record<MoveClass, number>];
  for (const move of review.moves) sides[move.color][move.classification]++;
  return sides;
}

/** "1 inaccuracy, 0 mistakes, 2 blunders" for one side's counts. */
export function formatCounts(counts: Record<MoveClass, number>): string {
  const word = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    word(counts.inaccuracy, 'inaccuracy', 'inaccuracies'),
    word(counts.mistake, 'mistake', 'mistakes'),
    word(counts.blunder, 'blunder', 'blunders'),
  ].join(', ');
}

/** The comment after a move: the score after it, and for a marked move its class and the better move. */
export function moveAnnotation(review: GameReview, move: MoveReview): string {
  const score = formatWhiteScore(review.positions[move.index + 1].whiteScore);
  if (move.better === undefined) return score;
  return `${score}; ${move.classification}, better ${move.better.move} ${formatWhiteScore(move.better.whiteScore)}`; // prettier-ignore
}

/** The Annotator tag's value: the engine's name and the budget ("Tama 0.1.0, 200000 nodes a position"). */
export function annotatorName(engine: string, nodes: number): string {
  return `${engine}, ${nodes} nodes a position`;
}

/**
 * A reviewed game as annotated PDN text, ending with a blank line. `annotator` goes into
 * the Annotator tag (e.g. "Tama 0.1.0, 100000 nodes a position").
 */
export function formatAnnotatedGame(
  pdn: PdnReviewGame,
  review: GameReview,
  annotator: string,
): string {
  const tags = new Map(pdn.tags);
  // The Variant tag says what the review played, so the file reads back the same way.
  if (pdn.tags.has('Variant') || review.variant !== 'armenian') {
    tags.set('Variant', review.variant === 'armenian' ? 'Armenian' : 'Turkish');
  }
  tags.set('Annotator', annotator);
  const lines = [...tags].map(([name, value]) => formatPdnTag(name, value));
  lines.push('');

  const [white, black] = classCounts(review);
  const tokens: string[] = [`{White: ${formatCounts(white)}; Black: ${formatCounts(black)}}`];
  let moveNumber = 1;
  for (const move of review.moves) {
    const number =
      move.color === WHITE ? `${moveNumber}. ` : move.index === 0 ? `${moveNumber}... ` : '';
    const text = number + move.text + CLASS_MARKS[move.classification];
    tokens.push(`${text} {${moveAnnotation(review, move).replace(/[{}]/g, '')}}`);
    if (move.color === BLACK) moveNumber++;
  }
  tokens.push(pdn.result);
  let line = '';
  for (const token of tokens) {
    if (line !== '' && line.length + 1 + token.length > LINE_WIDTH) {
      lines.push(line);
      line = token;
    } else line = line === '' ? token : `${line} ${token}`;
  }
  lines.push(line, '', '');
  return lines.join('\n');
}

/**
 * The first game of `pdnText` (a page's PDN export) annotated with `review`, which must be
 * the review of that same game; an error when the text does not hold it.
 */
export function annotatePdnText(
  pdnText: string,
  review: GameReview,
  annotator: string,
): Result<string, PdnReviewErrorCode> {
  const games = readPdnForReview(pdnText, review.variant);
  if (!games.ok) return games;
  const game = games.value[0].game;
  const same =
    game.fen === review.fen &&
    game.moves.length === review.moves.length &&
    game.moves.every((move, i) => move === review.moves[i].text);
  if (!same) return fail('bad-game', 'the review is of another game');
  return ok(formatAnnotatedGame(games.value[0], review, annotator));
}
