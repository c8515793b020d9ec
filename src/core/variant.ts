/**
 * The variants as data: the one definition of every rule. A variant is a small frozen
 * record of which ways men step and capture and which lines kings use; `compileRules` turns
 * it once into the lookup tables that core's move generation reads, and into the rule record
 * (rule-record.ts) that the hosts write into the WebAssembly modules' memory. Hot code,
 * core's and the modules', never branches on the variant's name.
 */
import { ALL, NO_SQUARE, NOT_FILE_A, NOT_FILE_H } from './bitboard.js';
import {
  RECORD_CROWN_RANK,
  RECORD_KING_CAPTURES,
  RECORD_KING_SLIDES,
  RECORD_MAN_CAPTURES,
  RECORD_MAN_STEPS,
  RECORD_NO_REVERSE_CAPTURE,
  RULE_WORDS,
} from './rule-record.js';

export const WHITE = 0;
export const BLACK = 1;
export type Color = 0 | 1;

/** Board directions, seen from White (north = towards rank 8). */
export const NORTH = 0;
export const SOUTH = 1;
export const EAST = 2;
export const WEST = 3;
export const NORTH_EAST = 4;
export const NORTH_WEST = 5;
export const SOUTH_EAST = 6;
export const SOUTH_WEST = 7;
export const DIRECTION_COUNT = 8;
/** Stands for "no previous capture" where a direction is expected. */
export const NO_DIRECTION = 8;

/** How far a square index moves in each direction. */
export const DIRECTION_DELTA: readonly number[] = [8, -8, 1, -1, 9, 7, -7, -9];
/** Mask applied after shifting a set one step in each direction (drops file wrap-around). */
export const DIRECTION_MASK: readonly number[] = [
  ALL,
  ALL,
  NOT_FILE_A,
  NOT_FILE_H,
  NOT_FILE_A,
  NOT_FILE_H,
  NOT_FILE_A,
  NOT_FILE_H,
];
/** The direction exactly opposite to each direction. */
export const OPPOSITE_DIRECTION: readonly number[] = [1, 0, 3, 2, 7, 6, 5, 4];

/** `NEIGHBOUR[square * 8 + direction]`: the adjacent square that way, or -1 off the board. */
export const NEIGHBOUR: Int8Array = (() => {
  const table = new Int8Array(64 * DIRECTION_COUNT);
  const fileStep = [0, 0, 1, -1, 1, -1, 1, -1];
  const rankStep = [1, -1, 0, 0, 1, 1, -1, -1];
  for (let square = 0; square < 64; square++) {
    for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
      const file = (square & 7) + fileStep[direction];
      const rank = (square >> 3) + rankStep[direction];
      const inside = file >= 0 && file < 8 && rank >= 0 && rank < 8;
      table[square * DIRECTION_COUNT + direction] = inside ? rank * 8 + file : -1;
    }
  }
  return table;
})();

/** A way of moving, relative to the side that moves ("forward" is north for White). */
export type RelativeDirection = 'forward' | 'forward-left' | 'forward-right' | 'left' | 'right';
export type KingLine = 'orthogonal' | 'diagonal';

/** The rules of one variant as plain data. */
export interface VariantDefinition {
  readonly name: VariantName;
  /** Where a man may step without capturing. */
  readonly manSteps: readonly RelativeDirection[];
  /** Where a man may capture (jump an adjacent enemy to the square straight beyond). */
  readonly manCaptures: readonly RelativeDirection[];
  /** Lines a king slides along without capturing. */
  readonly kingSlides: readonly KingLine[];
  /** Lines a king captures along (flying: any distance before and after the piece). */
  readonly kingCaptures: readonly KingLine[];
  /** A king may not capture in the direction opposite to its previous capture. */
  readonly noReverseCapture: boolean;
}

export type VariantName = 'armenian' | 'turkish';
export const VARIANT_NAMES: readonly VariantName[] = ['armenian', 'turkish'];

export const ARMENIAN: VariantDefinition = Object.freeze({
  name: 'armenian',
  manSteps: Object.freeze(['forward', 'forward-left', 'forward-right', 'left', 'right'] as const),
  manCaptures: Object.freeze(['forward', 'left', 'right'] as const),
  kingSlides: Object.freeze(['orthogonal', 'diagonal'] as const),
  kingCaptures: Object.freeze(['orthogonal'] as const),
  noReverseCapture: true,
});

export const TURKISH: VariantDefinition = Object.freeze({
  name: 'turkish',
  manSteps: Object.freeze(['forward', 'left', 'right'] as const),
  manCaptures: Object.freeze(['forward', 'left', 'right'] as const),
  kingSlides: Object.freeze(['orthogonal'] as const),
  kingCaptures: Object.freeze(['orthogonal'] as const),
  noReverseCapture: true,
});

/** The lookup tables one variant compiles to; built once per variant and shared. */
export interface Rules {
  readonly name: VariantName;
  readonly definition: VariantDefinition;
  /** Man step directions per colour: `manSteps[color]`. */
  readonly manSteps: readonly [Int8Array, Int8Array];
  /** Man capture directions per colour. */
  readonly manCaptures: readonly [Int8Array, Int8Array];
  /** King slide directions (the same for both colours). */
  readonly kingSlides: Int8Array;
  /** King capture directions. */
  readonly kingCaptures: Int8Array;
  /**
   * `forbiddenAfter[direction]`: the capture direction a king may not take right after
   * capturing that way, or -1; index NO_DIRECTION (a sequence's first capture) holds -1.
   */
  readonly forbiddenAfter: Int8Array;
  /** The same man moves as flags, for the set-wide shifts of hot code. */
  readonly manStepsForward: boolean;
  readonly manStepsDiagonally: boolean;
  readonly manStepsSideways: boolean;
  readonly manCapturesForward: boolean;
  readonly manCapturesSideways: boolean;
  /** The rank (0-7) on which each colour's men are crowned: 7 for White, 0 for Black. */
  readonly crownRank: readonly [number, number];
  /**
   * `manStepSources[color][2 * square + half]`: the squares from which a man of `color`
   * steps onto `square`, as a set (low, high half). They lie on two adjacent ranks, so the
   * two halves never share a bit position: `lo | hi` keeps every square's bit distinct.
   */
  readonly manStepSources: readonly [Int32Array, Int32Array];
  /**
   * `manCaptureBack[color][from + 64 * to]`: after a piece steps from `from` to the
   * adjacent `to`, the square from which a man of `color` would capture it by landing on
   * `from`; NO_SQUARE (64) when there is none.
   */
  readonly manCaptureBack: readonly [Uint8Array, Uint8Array];
  /** The same rules as the int32 words of the rule record (rule-record.ts), for the modules. */
  readonly record: Int32Array;
}

function absolute(direction: RelativeDirection, color: Color): number {
  const white: Record<RelativeDirection, number> = {
    forward: NORTH,
    'forward-left': NORTH_WEST,
    'forward-right': NORTH_EAST,
    left: WEST,
    right: EAST,
  };
  const black: Record<RelativeDirection, number> = {
    forward: SOUTH,
    'forward-left': SOUTH_EAST,
    'forward-right': SOUTH_WEST,
    left: EAST,
    right: WEST,
  };
  return (color === WHITE ? white : black)[direction];
}

function lineDirections(lines: readonly KingLine[]): Int8Array {
  const out: number[] = [];
  if (lines.includes('orthogonal')) out.push(NORTH, SOUTH, EAST, WEST);
  if (lines.includes('diagonal')) out.push(NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST);
  return Int8Array.from(out);
}

/** Men move symmetrically: a variant lists both sides of a pair or neither. */
function bothOrNeither(
  list: readonly RelativeDirection[],
  a: RelativeDirection,
  b: RelativeDirection,
): boolean {
  if (list.includes(a) !== list.includes(b)) {
    throw new Error(`a variant must list both '${a}' and '${b}' or neither`);
  }
  return list.includes(a);
}

/** Where each way of moving comes in the move order: the order every generator lists in. */
const RELATIVE_ORDER: readonly RelativeDirection[] = ['forward', 'forward-left', 'forward-right', 'left', 'right']; // prettier-ignore

/** A variant's list of ways in the move order, so that the list's own order cannot matter. */
function inMoveOrder(list: readonly RelativeDirection[]): RelativeDirection[] {
  return RELATIVE_ORDER.filter((direction) => list.includes(direction));
}

/** A set of directions as the bits of one rule record word. */
function directionBits(directions: Int8Array): number {
  let bits = 0;
  for (const direction of directions) bits |= 1 << direction;
  return bits;
}

/** For each square, the set of squares from which one of `directions` leads to it. */
function stepSources(directions: Int8Array): Int32Array {
  const table = new Int32Array(128);
  for (let from = 0; from < 64; from++) {
    for (const direction of directions) {
      const to = NEIGHBOUR[from * DIRECTION_COUNT + direction];
      if (to >= 0) table[2 * to + (from >> 5)] |= 1 << from;
    }
  }
  return table;
}

/** The manCaptureBack table of one colour whose men capture along `directions`. */
function captureBack(directions: Int8Array): Uint8Array {
  const table = new Uint8Array(64 * 64).fill(NO_SQUARE);
  for (let to = 0; to < 64; to++) {
    for (const direction of directions) {
      const from = NEIGHBOUR[to * DIRECTION_COUNT + direction];
      const man = NEIGHBOUR[to * DIRECTION_COUNT + OPPOSITE_DIRECTION[direction]];
      if (from >= 0 && man >= 0) table[from + 64 * to] = man;
    }
  }
  return table;
}

/** Turns a variant definition into the tables move generation reads. */
export function compileRules(definition: VariantDefinition): Rules {
  // A man captures forward and sideways only: hasCapture's set-wide look knows no other way.
  const odd = definition.manCaptures.find((d) => d !== 'forward' && d !== 'left' && d !== 'right'); // prettier-ignore
  if (odd !== undefined) throw new Error(`a man may capture forward, left and right, not '${odd}'`); // prettier-ignore
  const perColor = (list: readonly RelativeDirection[]): [Int8Array, Int8Array] => [
    Int8Array.from(inMoveOrder(list).map((d) => absolute(d, WHITE))),
    Int8Array.from(inMoveOrder(list).map((d) => absolute(d, BLACK))),
  ];
  const steps = perColor(definition.manSteps);
  const captures = perColor(definition.manCaptures);
  const forbiddenAfter = new Int8Array(DIRECTION_COUNT + 1).fill(-1);
  if (definition.noReverseCapture) {
    for (let d = 0; d < DIRECTION_COUNT; d++) forbiddenAfter[d] = OPPOSITE_DIRECTION[d];
  }
  const kingSlides = lineDirections(definition.kingSlides);
  const kingCaptures = lineDirections(definition.kingCaptures);
  const crownRank = [7, 0] as const;
  const record = new Int32Array(RULE_WORDS);
  record[RECORD_MAN_STEPS + WHITE] = directionBits(steps[WHITE]);
  record[RECORD_MAN_STEPS + BLACK] = directionBits(steps[BLACK]);
  record[RECORD_MAN_CAPTURES + WHITE] = directionBits(captures[WHITE]);
  record[RECORD_MAN_CAPTURES + BLACK] = directionBits(captures[BLACK]);
  record[RECORD_KING_SLIDES] = directionBits(kingSlides);
  record[RECORD_KING_CAPTURES] = directionBits(kingCaptures);
  record[RECORD_NO_REVERSE_CAPTURE] = definition.noReverseCapture ? 1 : 0;
  record[RECORD_CROWN_RANK + WHITE] = crownRank[WHITE];
  record[RECORD_CROWN_RANK + BLACK] = crownRank[BLACK];
  return Object.freeze({
    name: definition.name,
    definition,
    manSteps: steps,
    manCaptures: captures,
    kingSlides,
    kingCaptures,
    forbiddenAfter,
    manStepsForward: definition.manSteps.includes('forward'),
    manStepsDiagonally: bothOrNeither(definition.manSteps, 'forward-left', 'forward-right'),
    manStepsSideways: bothOrNeither(definition.manSteps, 'left', 'right'),
    manCapturesForward: definition.manCaptures.includes('forward'),
    manCapturesSideways: bothOrNeither(definition.manCaptures, 'left', 'right'),
    crownRank,
    manStepSources: [stepSources(steps[0]), stepSources(steps[1])] as const,
    manCaptureBack: [captureBack(captures[0]), captureBack(captures[1])] as const,
    record,
  });
}

const compiled: Record<VariantName, Rules> = {
  armenian: compileRules(ARMENIAN),
  turkish: compileRules(TURKISH),
};

/** The compiled rules of a variant by name. */
export function rulesFor(name: VariantName): Rules {
  return compiled[name];
}

/** Whether text names a variant (case-insensitive). */
export function parseVariantName(text: string): VariantName | undefined {
  const lower = text.toLowerCase();
  return (VARIANT_NAMES as readonly string[]).includes(lower) ? (lower as VariantName) : undefined;
}
