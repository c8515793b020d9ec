/** What protocol tests check replies against: positions after moves, legal bestmoves. */
import { parseMove } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';

/** The position after `moves` from the start. */
export function after(...moves: string[]): Position {
  const position = Position.start();
  for (const text of moves) {
    const parsed = parseMove(position, text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    position.play(parsed.value.move, parsed.value.capturedLo, parsed.value.capturedHi);
  }
  return position;
}

/** The move of a `bestmove` line, checked to be legal in `position`. */
export function legalIn(position: Position, line: string): boolean {
  const move = /^bestmove (\S+)( ponder \S+)?$/.exec(line)?.[1];
  return move !== undefined && parseMove(position, move).ok;
}

/** The `bestmove` lines among `lines`. */
export const bestMoves = (lines: string[]): string[] => lines.filter((l) => l.startsWith('bestmove ')); // prettier-ignore
