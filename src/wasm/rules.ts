/**
 * The rules the module plays, as data: core's rule record (src/core/rule-record.ts, made by
 * core/variant.ts compileRules) is written by the host into the memory at `record`, and
 * `setRules` reads it once into the flags and masks below, which the hot loops of movegen.ts,
 * perft.ts and eval.ts read. Nothing here knows a variant's name: a rule set that core defines
 * is played as core defines it, or refused when it asks for a way of moving the module's
 * generators do not have.
 *
 * What the generators have: men step forward, diagonally forward (both ways) and sideways
 * (both ways), and capture forward and sideways (both ways), each as the rule says; kings
 * slide, and capture flying, along ranks and files and along diagonals, each line as the rule
 * says; the 180-degree rule on or off; men crowned on any rank.
 */
import { RECORD_CROWN_RANK, RECORD_KING_CAPTURES, RECORD_KING_SLIDES, RECORD_MAN_CAPTURES, RECORD_MAN_STEPS, RECORD_NO_REVERSE_CAPTURE } from '../core/rule-record'; // prettier-ignore
import { EAST, NORTH, NORTH_EAST, NORTH_WEST, SOUTH, SOUTH_EAST, SOUTH_WEST, WEST } from './bitboard'; // prettier-ignore

/** Men step forward, diagonally forward, sideways. */
export let manStepsForward: bool = true;
export let manStepsDiagonally: bool = true;
export let manStepsSideways: bool = true;
/** Men capture forward, sideways. */
export let manCapturesForward: bool = true;
export let manCapturesSideways: bool = true;
/** Kings slide along ranks and files, along diagonals. */
export let kingsSlideStraight: bool = true;
export let kingsSlideDiagonally: bool = true;
/** Kings capture along ranks and files, along diagonals. */
export let kingsCaptureStraight: bool = true;
export let kingsCaptureDiagonally: bool = false;
/** A king may not capture straight back along its last capture. */
export let noReverseCapture: bool = true;
/** The squares on which White's, Black's men are crowned. */
export let whiteCrown: u64 = 0xff00000000000000;
export let blackCrown: u64 = 0x00000000000000ff;

/**
 * The men's ways as a type, for generators compiled once per way of moving that perft meets
 * most: `MenAsFlags` reads the flags above at each use; `MenStraight` is compiled for men that
 * step and capture forward and sideways (no diagonal step), `MenStraightAndDiagonal` for those
 * that also step diagonally forward. menFor() says which one the flags are, so that a perft
 * call chooses its copy once and its inner loops test no flag of the men.
 */
export type MenAsFlags = u8;
export type MenStraight = u16;
export type MenStraightAndDiagonal = u32;
export const MEN_AS_FLAGS = 0;
export const MEN_STRAIGHT = 1;
export const MEN_STRAIGHT_AND_DIAGONAL = 2;

/** Which of the types above the flags are: MEN_STRAIGHT, MEN_STRAIGHT_AND_DIAGONAL or MEN_AS_FLAGS. */
export function menFor(): i32 {
  if (!manStepsForward || !manStepsSideways || !manCapturesForward || !manCapturesSideways) return MEN_AS_FLAGS; // prettier-ignore
  return manStepsDiagonally ? MEN_STRAIGHT_AND_DIAGONAL : MEN_STRAIGHT;
}

// @ts-ignore: decorator
@inline function fixedMen<Men>(): bool {
  return sizeof<Men>() > 1;
}
/** Whether men of the way `Men` step forward, sideways, diagonally forward. */
// @ts-ignore: decorator
@inline export function stepsForward<Men>(): bool {
  return fixedMen<Men>() || manStepsForward;
}
// @ts-ignore: decorator
@inline export function stepsSideways<Men>(): bool {
  return fixedMen<Men>() || manStepsSideways;
}
// @ts-ignore: decorator
@inline export function stepsDiagonally<Men>(): bool {
  return fixedMen<Men>() ? sizeof<Men>() == 4 : manStepsDiagonally;
}
/** Whether men of the way `Men` capture forward, sideways. */
// @ts-ignore: decorator
@inline export function capturesForward<Men>(): bool {
  return fixedMen<Men>() || manCapturesForward;
}
// @ts-ignore: decorator
@inline export function capturesSideways<Men>(): bool {
  return fixedMen<Men>() || manCapturesSideways;
}

const STRAIGHT: i32 = (1 << NORTH) | (1 << SOUTH) | (1 << EAST) | (1 << WEST);
const DIAGONAL: i32 = (1 << NORTH_EAST) | (1 << NORTH_WEST) | (1 << SOUTH_EAST) | (1 << SOUTH_WEST);

/** Word `index` of the record at `record`. */
// @ts-ignore: decorator
@inline function word(record: usize, index: i32): i32 {
  return load<i32>(record + (<usize>index << 2));
}

/** Whether `bits` is all of `group` or none of it; sets `on` to which. */
let on: bool = false;
function wholeOrNone(bits: i32, group: i32): bool {
  on = (bits & group) == group;
  return (bits & group) == 0 || on;
}

/**
 * Reads the rule record at `record` into the flags above: true, or false (and nothing
 * changed) when it asks for a way of moving the module does not have.
 */
export function setRules(record: usize): bool {
  // White's ways, and Black's as their mirror (north for south).
  const steps = word(record, RECORD_MAN_STEPS);
  const captures = word(record, RECORD_MAN_CAPTURES);
  const known = (1 << NORTH) | (1 << NORTH_WEST) | (1 << NORTH_EAST) | (1 << WEST) | (1 << EAST);
  if ((steps & ~known) != 0 || (captures & ~((1 << NORTH) | (1 << WEST) | (1 << EAST))) != 0) return false; // prettier-ignore
  if (word(record, RECORD_MAN_STEPS + 1) != mirror(steps) || word(record, RECORD_MAN_CAPTURES + 1) != mirror(captures)) return false; // prettier-ignore
  if (!wholeOrNone(steps, (1 << NORTH_WEST) | (1 << NORTH_EAST))) return false;
  const stepsDiagonally = on;
  if (!wholeOrNone(steps, (1 << WEST) | (1 << EAST))) return false;
  const stepsSideways = on;
  if (!wholeOrNone(captures, (1 << WEST) | (1 << EAST))) return false;
  const capturesSideways = on;
  const slides = word(record, RECORD_KING_SLIDES);
  const kingCaptures = word(record, RECORD_KING_CAPTURES);
  if (!wholeOrNone(slides, STRAIGHT)) return false;
  const slideStraight = on;
  if (!wholeOrNone(slides, DIAGONAL)) return false;
  const slideDiagonally = on;
  if (!wholeOrNone(kingCaptures, STRAIGHT)) return false;
  const captureStraight = on;
  if (!wholeOrNone(kingCaptures, DIAGONAL)) return false;
  const whiteRank = word(record, RECORD_CROWN_RANK);
  const blackRank = word(record, RECORD_CROWN_RANK + 1);
  if (<u32>whiteRank > 7 || <u32>blackRank > 7) return false;
  manStepsForward = (steps & (1 << NORTH)) != 0;
  manStepsDiagonally = stepsDiagonally;
  manStepsSideways = stepsSideways;
  manCapturesForward = (captures & (1 << NORTH)) != 0;
  manCapturesSideways = capturesSideways;
  kingsSlideStraight = slideStraight;
  kingsSlideDiagonally = slideDiagonally;
  kingsCaptureStraight = captureStraight;
  kingsCaptureDiagonally = on;
  noReverseCapture = word(record, RECORD_NO_REVERSE_CAPTURE) != 0;
  whiteCrown = <u64>0xff << <u64>(whiteRank * 8);
  blackCrown = <u64>0xff << <u64>(blackRank * 8);
  return true;
}

/** White's directions `bits` as Black's: north for south, north-west for south-east, ... */
function mirror(bits: i32): i32 {
  let out = 0;
  if ((bits & (1 << NORTH)) != 0) out |= 1 << SOUTH;
  if ((bits & (1 << NORTH_WEST)) != 0) out |= 1 << SOUTH_EAST;
  if ((bits & (1 << NORTH_EAST)) != 0) out |= 1 << SOUTH_WEST;
  if ((bits & (1 << WEST)) != 0) out |= 1 << EAST;
  if ((bits & (1 << EAST)) != 0) out |= 1 << WEST;
  return out;
}
