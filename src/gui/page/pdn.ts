/**
 * PDN for the page: the game as a PDN file to download (the match runner's writer, so both
 * write the same format, the time control in seconds as `tama match` writes it), and a
 * pasted or opened PDN read back into a game, each move checked by the rules core.
 */
import { gameResultOfPdn, parsePdn, formatPdnGame, type PdnRecord } from '../../pdn/pdn.js';
import { formatLimits } from '../../clock/time-control.js';
import { fail, ok, type Result } from '../../core/result.js';
import { parseVariantName, type VariantName } from '../../core/variant.js';
import type { TimeControl } from './clock.js';
import { Game, type Outcome } from './game.js';

export interface PdnPlayers {
  readonly white: string;
  readonly black: string;
  /** The clock the game was played with; undefined for none. */
  readonly control: TimeControl | undefined;
}

/** A page clock as a PDN TimeControl tag, in seconds as `tama match` writes it: `300+3`, `-`. */
export function timeControlTag(control: TimeControl | undefined): string {
  if (control === undefined) return '-';
  return formatLimits({ clock: control });
}

/** The game as PDN text. */
export function gameToPdn(game: Game, players: PdnPlayers, date: Date): string {
  const outcome = game.outcome();
  // The page's reason is in the closing comment; the Termination tag (the match runner's
  // own reasons) is not written.
  const record: PdnRecord = {
    fen: game.startFen,
    moves: game.moves.map((m) => ({ text: m.text, color: m.color, book: false })),
    result: outcome?.result ?? 'none',
    reason: outcome?.reason ?? 'unfinished',
  };
  return formatPdnGame(
    {
      event: 'tama gui',
      date,
      round: '-',
      white: players.white,
      black: players.black,
      variant: game.variant,
      whiteTimeControl: timeControlTag(players.control),
      blackTimeControl: timeControlTag(players.control),
    },
    record,
  );
}

/**
 * Reads the first game of a PDN text: its variant (the Variant tag, else `fallback`), its
 * FEN tag and its moves, each checked. An off-board ending (time, resignation) is kept
 * from the result when the board does not explain it.
 */
export function pdnToGame(text: string, fallback: VariantName): Result<Game> {
  const parsed = parsePdn(text);
  if (!parsed.ok) return fail(parsed.error.code, `bad PDN: ${parsed.error.message}`);
  const first = parsed.value[0];
  if (first === undefined) return fail('empty', 'the PDN text holds no game');
  const variantTag = first.tags.get('Variant');
  const variant = variantTag === undefined ? fallback : parseVariantName(variantTag);
  if (variant === undefined) return fail('bad-variant', `unknown variant '${variantTag}'`);
  const created = Game.from(variant, first.tags.get('FEN'));
  if (!created.ok) return created;
  const game = created.value;
  for (let ply = 0; ply < first.moves.length; ply++) {
    const played = game.playText(first.moves[ply]);
    if (!played.ok) return fail('bad-move', `move ${ply + 1} (${first.moves[ply]}): ${played.error.message}`); // prettier-ignore
  }
  const result = gameResultOfPdn(first.result);
  if (game.outcome() === undefined && result !== undefined && result !== 'none') {
    const outcome: Outcome = { result, reason: `result ${first.result} as recorded` };
    game.end(outcome);
  }
  return ok(game);
}
