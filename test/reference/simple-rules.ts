// A deliberately simple second implementation of the rules in docs/rules.md.
//
// It is the test oracle for the fast bitboard core in src/core and shares no code with it.
// Written for clarity, not speed: a board is an array of 64 one-letter cells, a move is
// found by walking squares one step at a time, and capture sequences are enumerated by
// plain recursion on a scratch copy of the board.
//
// Square index = rank * 8 + file (both 0-based), so a1 = 0, h1 = 7, a8 = 56, h8 = 63:
//
//   rank 8 | 56 57 58 59 60 61 62 63
//   rank 7 | 48 49 50 51 52 53 54 55
//   ...
//   rank 2 |  8  9 10 11 12 13 14 15
//   rank 1 |  0  1  2  3  4  5  6  7
//          +------------------------
//             a  b  c  d  e  f  g  h

/**
 * A rule set spelt out for this oracle, in its own words (it shares nothing with core's
 * variant records): how men step, which lines kings slide and capture along, and whether a
 * king may capture straight back. Men capture forward and sideways in every rule set.
 */
export interface SimpleRuleSet {
  readonly menStepForward: boolean;
  readonly menStepDiagonally: boolean;
  readonly menStepSideways: boolean;
  readonly kingsSlideStraight: boolean;
  readonly kingsSlideDiagonally: boolean;
  readonly kingsCaptureStraight: boolean;
  readonly kingsCaptureDiagonally: boolean;
  readonly noTurningBack: boolean;
}

const ARMENIAN_RULES: SimpleRuleSet = {
  menStepForward: true,
  menStepDiagonally: true,
  menStepSideways: true,
  kingsSlideStraight: true,
  kingsSlideDiagonally: true,
  kingsCaptureStraight: true,
  kingsCaptureDiagonally: false,
  noTurningBack: true,
};
const TURKISH_RULES: SimpleRuleSet = { ...ARMENIAN_RULES, menStepDiagonally: false, kingsSlideDiagonally: false }; // prettier-ignore

/** A variant by name, or a rule set of a test's own. */
export type Variant = 'armenian' | 'turkish' | SimpleRuleSet;

function ruleSet(variant: Variant): SimpleRuleSet {
  if (variant === 'armenian') return ARMENIAN_RULES;
  if (variant === 'turkish') return TURKISH_RULES;
  return variant;
}

export interface SimpleBoard {
  /** 64 entries: '.' empty, 'w' White man, 'W' White king, 'b' Black man, 'B' Black king. */
  cells: string[];
  /** True when White is to move. */
  white: boolean;
}

export interface SimpleMove {
  from: string;
  to: string;
  /** Captured squares, sorted as strings (plain `Array.prototype.sort`). */
  captured: string[];
  /** Landing squares after `from`, in order; for a quiet move just `[to]`. */
  path: string[];
}

const FILES = 'abcdefgh';

/** A direction as a step in files and ranks. */
interface Direction {
  fileStep: number;
  rankStep: number;
}

const NORTH: Direction = { fileStep: 0, rankStep: 1 };
const SOUTH: Direction = { fileStep: 0, rankStep: -1 };
const EAST: Direction = { fileStep: 1, rankStep: 0 };
const WEST: Direction = { fileStep: -1, rankStep: 0 };
const ORTHOGONAL: Direction[] = [NORTH, SOUTH, EAST, WEST];
const DIAGONAL: Direction[] = [
  { fileStep: 1, rankStep: 1 },
  { fileStep: -1, rankStep: 1 },
  { fileStep: 1, rankStep: -1 },
  { fileStep: -1, rankStep: -1 },
];

/** Name of a square index, e.g. 0 -> "a1". */
export function squareName(square: number): string {
  return FILES[square % 8] + String(Math.floor(square / 8) + 1);
}

/** Index of a square name, e.g. "a1" -> 0; throws on anything else. */
export function squareIndex(name: string): number {
  if (!/^[a-h][1-8]$/.test(name)) throw new Error(`bad square name "${name}"`);
  return (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);
}

/** The square one step from `square` in `direction`, or -1 off the board. */
function step(square: number, direction: Direction): number {
  const file = (square % 8) + direction.fileStep;
  const rank = Math.floor(square / 8) + direction.rankStep;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return -1;
  return rank * 8 + file;
}

function isWhitePiece(cell: string): boolean {
  return cell === 'w' || cell === 'W';
}

function isBlackPiece(cell: string): boolean {
  return cell === 'b' || cell === 'B';
}

function isKing(cell: string): boolean {
  return cell === 'W' || cell === 'B';
}

function isEnemyOf(cell: string, white: boolean): boolean {
  return white ? isBlackPiece(cell) : isWhitePiece(cell);
}

function isOwnOf(cell: string, white: boolean): boolean {
  return white ? isWhitePiece(cell) : isBlackPiece(cell);
}

function lastRank(white: boolean): number {
  return white ? 7 : 0;
}

function forwardOf(white: boolean): Direction {
  return white ? NORTH : SOUTH;
}

/** Options of `parseSimple`. */
export interface ParseOptions {
  /**
   * Accept a man standing on its own last row (White man on rank 8, Black man on rank 1).
   * docs/rules.md calls that invalid; this flag lets path checks read a position whose piece
   * on its last row only blocks a square.
   */
  allowManOnLastRow?: boolean;
}

/** Read the position text of docs/rules.md (e.g. `W:Wa2,b2,Kd4:Ba6,Kh8`); throws on bad text. */
export function parseSimple(fen: string, options: ParseOptions = {}): SimpleBoard {
  const fields = fen.trim().split(':');
  if (fields.length !== 3) throw new Error(`position needs 3 fields: "${fen}"`);
  const side = fields[0].trim();
  if (side !== 'W' && side !== 'B') throw new Error(`bad side to move "${side}"`);
  const cells: string[] = new Array<string>(64).fill('.');
  const seenColours = new Set<string>();
  for (const field of fields.slice(1)) {
    const text = field.trim();
    const colour = text[0];
    if (colour !== 'W' && colour !== 'B') throw new Error(`bad colour field "${text}"`);
    if (seenColours.has(colour)) throw new Error(`colour ${colour} listed twice`);
    seenColours.add(colour);
    const list = text.slice(1).trim();
    const entries = list === '' ? [] : list.split(',');
    if (entries.length > 16) throw new Error(`more than 16 pieces for ${colour}`);
    for (const rawEntry of entries) {
      const entry = rawEntry.trim();
      const king = entry.startsWith('K');
      const square = squareIndex(king ? entry.slice(1) : entry);
      if (cells[square] !== '.') throw new Error(`square ${squareName(square)} listed twice`);
      const rank = Math.floor(square / 8);
      if (!king && !options.allowManOnLastRow) {
        if (colour === 'W' && rank === 7) throw new Error(`White man on rank 8`);
        if (colour === 'B' && rank === 0) throw new Error(`Black man on rank 1`);
      }
      const letter = colour === 'W' ? 'w' : 'b';
      cells[square] = king ? letter.toUpperCase() : letter;
    }
  }
  return { cells, white: side === 'W' };
}

/** Write a board as position text, squares in index order (a1, b1, ..., h1, a2, ...). */
export function formatSimple(board: SimpleBoard): string {
  const listFor = (white: boolean): string => {
    const entries: string[] = [];
    for (let square = 0; square < 64; square++) {
      const cell = board.cells[square];
      if (!isOwnOf(cell, white)) continue;
      entries.push((isKing(cell) ? 'K' : '') + squareName(square));
    }
    return entries.join(',');
  };
  return `${board.white ? 'W' : 'B'}:W${listFor(true)}:B${listFor(false)}`;
}

/** Move text: `c3-c4` for a quiet move, `b3xb5xd5` (every landing square) for a capture. */
export function moveText(move: SimpleMove): string {
  if (move.captured.length === 0) return `${move.from}-${move.to}`;
  return [move.from, ...move.path].join('x');
}

/** The capture directions of a piece: men forward, left, right; kings along their capture lines. */
function captureDirections(cell: string, white: boolean, rules: SimpleRuleSet): Direction[] {
  if (isKing(cell)) {
    return [...(rules.kingsCaptureStraight ? ORTHOGONAL : []), ...(rules.kingsCaptureDiagonally ? DIAGONAL : [])]; // prettier-ignore
  }
  return [forwardOf(white), EAST, WEST];
}

/** Directions of quiet moves for a piece in a rule set. */
function quietDirections(cell: string, white: boolean, rules: SimpleRuleSet): Direction[] {
  if (isKing(cell)) {
    return [...(rules.kingsSlideStraight ? ORTHOGONAL : []), ...(rules.kingsSlideDiagonally ? DIAGONAL : [])]; // prettier-ignore
  }
  const forward = forwardOf(white);
  const steps: Direction[] = [];
  if (rules.menStepForward) steps.push(forward);
  if (rules.menStepSideways) steps.push(EAST, WEST);
  if (rules.menStepDiagonally) {
    steps.push({ fileStep: 1, rankStep: forward.rankStep });
    steps.push({ fileStep: -1, rankStep: forward.rankStep });
  }
  return steps;
}

function isOpposite(a: Direction, b: Direction): boolean {
  return a.fileStep === -b.fileStep && a.rankStep === -b.rankStep;
}

/**
 * Every complete capture sequence of the piece on `from`, in search order, unmerged.
 * `cells` is a scratch board with the moving piece already lifted off `from`.
 */
function captureSequences(
  cells: string[],
  from: number,
  piece: string,
  white: boolean,
  rules: SimpleRuleSet,
) {
  const sequences: Array<{ path: number[]; captured: number[] }> = [];
  const path: number[] = [];
  const captured: number[] = [];

  const extend = (square: number, previous: Direction | null): void => {
    let extended = false;
    for (const direction of captureDirections(piece, white, rules)) {
      // No 180-degree turn for kings (where the rule holds); men cannot reverse anyway (their
      // jumped square is empty).
      if (rules.noTurningBack && isKing(piece) && previous !== null && isOpposite(direction, previous)) continue; // prettier-ignore
      // Walk to the first occupied square (men: it must be adjacent).
      let victim = step(square, direction);
      if (isKing(piece)) {
        while (victim !== -1 && cells[victim] === '.') victim = step(victim, direction);
      }
      if (victim === -1 || !isEnemyOf(cells[victim], white)) continue;
      // Landing squares: the consecutive empty squares beyond (men: only the next one).
      const landings: number[] = [];
      let landing = step(victim, direction);
      while (landing !== -1 && cells[landing] === '.') {
        landings.push(landing);
        if (!isKing(piece)) break;
        landing = step(landing, direction);
      }
      for (const target of landings) {
        extended = true;
        const removed = cells[victim];
        cells[victim] = '.'; // immediate removal
        path.push(target);
        captured.push(victim);
        extend(target, direction);
        captured.pop();
        path.pop();
        cells[victim] = removed;
      }
    }
    if (!extended && captured.length > 0) {
      sequences.push({ path: [...path], captured: [...captured] });
    }
  };

  extend(from, null);
  return sequences;
}

/**
 * Every complete capture sequence of the side to move that obeys the maximum rule, one entry
 * per path (not merged). Empty when no capture exists. Used to count merged duplicates.
 */
export function simpleUnmergedCaptures(
  board: SimpleBoard,
  variant: Variant = 'armenian',
): SimpleMove[] {
  const rules = ruleSet(variant);
  const white = board.white;
  const captures: SimpleMove[] = [];
  for (let from = 0; from < 64; from++) {
    const piece = board.cells[from];
    if (!isOwnOf(piece, white)) continue;
    const scratch = [...board.cells];
    scratch[from] = '.'; // the start square counts as empty during the sequence
    for (const sequence of captureSequences(scratch, from, piece, white, rules)) {
      captures.push({
        from: squareName(from),
        to: squareName(sequence.path[sequence.path.length - 1]),
        captured: sequence.captured.map(squareName).sort(),
        path: sequence.path.map(squareName),
      });
    }
  }
  const maxCaptureCount = Math.max(0, ...captures.map((move) => move.captured.length));
  return captures.filter((move) => move.captured.length === maxCaptureCount);
}

/** All legal moves of the side to move, per docs/rules.md, duplicates merged (first path kept). */
export function simpleMoves(board: SimpleBoard, variant: Variant): SimpleMove[] {
  const captures = simpleUnmergedCaptures(board, variant);
  if (captures.length > 0) {
    const merged = new Map<string, SimpleMove>();
    for (const move of captures) {
      const key = `${move.from}|${move.to}|${move.captured.join(',')}`;
      if (!merged.has(key)) merged.set(key, move);
    }
    return [...merged.values()];
  }

  const white = board.white;
  const quiet: SimpleMove[] = [];
  for (let from = 0; from < 64; from++) {
    const piece = board.cells[from];
    if (!isOwnOf(piece, white)) continue;
    for (const direction of quietDirections(piece, white, ruleSet(variant))) {
      let to = step(from, direction);
      while (to !== -1 && board.cells[to] === '.') {
        quiet.push({
          from: squareName(from),
          to: squareName(to),
          captured: [],
          path: [squareName(to)],
        });
        if (!isKing(piece)) break;
        to = step(to, direction);
      }
    }
  }
  return quiet;
}

/** The board after `move` (captured pieces removed, crowning if a man ends on its last row). */
export function simplePlay(board: SimpleBoard, move: SimpleMove): SimpleBoard {
  const cells = [...board.cells];
  const from = squareIndex(move.from);
  const to = squareIndex(move.to);
  let piece = cells[from];
  if (!isOwnOf(piece, board.white)) throw new Error(`no piece of the side to move on ${move.from}`);
  cells[from] = '.';
  for (const name of move.captured) cells[squareIndex(name)] = '.';
  if (!isKing(piece) && Math.floor(to / 8) === lastRank(board.white)) piece = piece.toUpperCase();
  cells[to] = piece;
  return { cells, white: !board.white };
}

/** Number of leaf positions `depth` plies below `board` (moves merged as in docs/rules.md). */
export function simplePerft(board: SimpleBoard, variant: Variant, depth: number): number {
  if (depth === 0) return 1;
  const moves = simpleMoves(board, variant);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const move of moves) nodes += simplePerft(simplePlay(board, move), variant, depth - 1);
  return nodes;
}

/** Sorted move texts of a position: a handy canonical form for tests. */
export function simpleMoveTexts(fen: string, variant: Variant): string[] {
  return simpleMoves(parseSimple(fen), variant).map(moveText).sort();
}
