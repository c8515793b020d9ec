/** Small helpers for the page's tests. */
import { Position } from '../../src/core/position.js';
import type { VariantName } from '../../src/core/variant.js';
import { Game } from '../../src/gui/page/game.js';

/** A position from good position text (a test's own). */
export function positionOf(fen: string): Position {
  const parsed = Position.parse(fen);
  if (!parsed.ok) throw new Error(`bad test position ${fen}: ${parsed.error.message}`);
  return parsed.value;
}

/** A game from good position text. */
export function gameOf(variant: VariantName, fen: string): Game {
  const created = Game.from(variant, fen);
  if (!created.ok) throw new Error(`bad test game ${fen}: ${created.error.message}`);
  return created.value;
}
