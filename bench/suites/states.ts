/** Parsing the suites' fixed positions into state arrays once, before anything is timed. */
import { Position } from '../../src/core/position.js';
import type { VariantName } from '../../src/core/variant.js';

/** The position of `fen` under `variant`; the suites' positions are fixed, so bad text is a bug. */
export function positionOf(fen: string, variant: VariantName): Position {
  const parsed = Position.parse(fen, variant);
  if (!parsed.ok) throw new Error(`bench position '${fen}' (${variant}): ${parsed.error.message}`);
  return parsed.value;
}

/** The state arrays of the positions, under one variant. */
export function statesOf(fens: readonly string[], variant: VariantName): Int32Array[] {
  return fens.map((fen) => positionOf(fen, variant).state);
}
