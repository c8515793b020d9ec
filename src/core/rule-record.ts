/**
 * The rule record: a compiled variant (variant.ts `Rules.record`) as int32 words, the form
 * in which the hosts give the rules to the WebAssembly modules (src/wasm/rules.ts reads it
 * from their memory). AssemblyScript compiles this file too, so it holds plain constants
 * only: the one definition of the layout for both sides.
 *
 * | word | holds                                                                  |
 * |------|------------------------------------------------------------------------|
 * | 0, 1 | White's, Black's man step directions, bit `d` for direction `d`        |
 * | 2, 3 | White's, Black's man capture directions                                |
 * | 4    | the king slide directions                                              |
 * | 5    | the king capture directions                                            |
 * | 6    | 1 when a king may not capture straight back along its last capture     |
 * | 7, 8 | the rank (0-7) on which White's, Black's men are crowned               |
 *
 * Directions are numbered as variant.ts numbers them (0 north ... 7 south-west).
 */

export const RECORD_MAN_STEPS = 0;
export const RECORD_MAN_CAPTURES = 2;
export const RECORD_KING_SLIDES = 4;
export const RECORD_KING_CAPTURES = 5;
export const RECORD_NO_REVERSE_CAPTURE = 6;
export const RECORD_CROWN_RANK = 7;
/** Words of the record. */
export const RULE_WORDS = 9;
