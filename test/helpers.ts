/** Small shared helpers for tests. */
import { Position } from '../src/core/position.js';
import type { VariantName } from '../src/core/variant.js';

/** A seeded pseudo-random generator: the same seed, the same games. */
export { seededRandom } from '../src/match/random.js';

/** Parses position text that a test knows to be valid. */
export function position(text: string, variant: VariantName = 'armenian'): Position {
  const parsed = Position.parse(text, variant);
  if (!parsed.ok) throw new Error(`test position '${text}': ${parsed.error.message}`);
  return parsed.value;
}
