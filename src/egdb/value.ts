/**
 * What a table entry says, for the side to move: 0 a draw, d + 1 a game that ends in d
 * plies with best play (odd d: the side to move wins, even d: it loses; 0 plies is a side
 * with no legal move). INVALID marks index entries that name no position.
 */
export const DRAW = 0;
export const INVALID = 0xffff;
/** The longest distance an entry can hold. */
export const MAX_DISTANCE = INVALID - 2;

/** Plies to the end of the game for a decided entry. */
export function distanceOf(code: number): number {
  return code - 1;
}

/** Whether a decided entry is a win for the side to move. */
export function isWin(code: number): boolean {
  return code !== DRAW && code !== INVALID && ((code - 1) & 1) === 1;
}

/** Whether a decided entry is a loss for the side to move. */
export function isLoss(code: number): boolean {
  return code !== DRAW && code !== INVALID && ((code - 1) & 1) === 0;
}

/** A code as words: `win in 7 plies`, `loss in 0 plies`, `draw`. */
export function describeCode(code: number): string {
  if (code === DRAW) return 'draw';
  if (code === INVALID) return 'invalid';
  return `${isWin(code) ? 'win' : 'loss'} in ${distanceOf(code)} plies`;
}
