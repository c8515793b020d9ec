/** Squares are numbered rank * 8 + file: a1 = 0, h1 = 7, a8 = 56, h8 = 63 (see bitboard.ts). */

export const FILE_NAMES = 'abcdefgh';

/** A square's name, e.g. 0 -> "a1", 63 -> "h8". */
export function squareName(square: number): string {
  return FILE_NAMES[square & 7] + String((square >> 3) + 1);
}

/** The square named by text such as "c3" (case-insensitive), or -1 when it names none. */
export function parseSquare(text: string): number {
  if (text.length !== 2) return -1;
  const file = FILE_NAMES.indexOf(text[0].toLowerCase());
  const rank = text.charCodeAt(1) - 49; // '1'
  if (file < 0 || rank < 0 || rank > 7) return -1;
  return rank * 8 + file;
}
