/** Small shared helpers for tests. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { legalMoves } from '../src/core/notation.js';
import { Position } from '../src/core/position.js';
import type { VariantName } from '../src/core/variant.js';

/** A seeded pseudo-random generator: the same seed, the same games. */
export { seededRandom } from '../src/stats/random.js';

/** Parses position text that a test knows to be valid. */
export function position(text: string, variant: VariantName = 'armenian'): Position {
  const parsed = Position.parse(text, variant);
  if (!parsed.ok) throw new Error(`test position '${text}': ${parsed.error.message}`);
  return parsed.value;
}

/** Plays `plies` legal moves drawn with `random` on `p` (fewer if the game ends); returns `p`. */
export function playRandomly(p: Position, plies: number, random: () => number): Position {
  for (let ply = 0; ply < plies; ply++) {
    const moves = legalMoves(p);
    if (moves.length === 0) break;
    const m = moves[Math.floor(random() * moves.length)];
    p.play(m.move, m.capturedLo, m.capturedHi);
  }
  return p;
}

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The fake engines import the rules from dist/; a clear message beats a confusing failure. */
export function requireBuild(): void {
  if (!existsSync(`${ROOT}dist/src/core/notation.js`)) {
    throw new Error('the fake engines need the built core: run `npm run build` first');
  }
}
