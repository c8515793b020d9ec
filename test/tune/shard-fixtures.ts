/** Positions for the shard tests: the quiet positions of seeded random games, as a data campaign stores them. */
import { legalMoves } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import type { VariantName } from '../../src/core/variant.js';
import { seededRandom } from '../../src/stats/random.js';
import { quietForBoth } from '../../src/tune/positions.js';
import type { GamePly, ShardPosition } from '../../src/tune/shard.js';

export interface GamePosition extends ShardPosition {
  readonly at: GamePly;
}

/**
 * The positions of seeded random games that are quiet for both sides, as a data campaign
 * stores them (in game and ply order, each labelled), each distinct.
 */
export function gamePositions(variant: VariantName, count: number, seed: number): GamePosition[] {
  const random = seededRandom(seed);
  const seen = new Set<string>();
  const out: GamePosition[] = [];
  for (let game = 0; out.length < count; game++) {
    const position = Position.start(variant);
    const result = [0, 0.5, 1][game % 3];
    let score = Math.floor(random() * 200) - 100;
    for (let ply = 0; ply < 160 && out.length < count; ply++) {
      const text = position.toString();
      if (quietForBoth(position.rules, position.state) && !seen.has(text)) {
        seen.add(text);
        score = -score + Math.floor(random() * 40) - 20;
        const kind = out.length % 7;
        const label = kind === 0 ? {} : kind === 1 ? { mate: Math.floor(random() * 40) - 20 } : kind === 2 ? { score: Math.floor(random() * 2e6) - 1e6 } : { score }; // prettier-ignore
        out.push({ state: Int32Array.from(position.state), result, ...label, at: { game, ply } });
      }
      const moves = legalMoves(position);
      if (moves.length === 0) break;
      const m = moves[Math.floor(random() * moves.length)];
      position.play(m.move, m.capturedLo, m.capturedHi);
    }
  }
  return out;
}

/** What a position is, as text, with its labels. */
export function describePosition(variant: VariantName, p: ShardPosition): string {
  const text = new Position(Position.start(variant).rules, p.state).toString();
  return `${text} ${p.result} ${p.score ?? '-'} ${p.mate ?? '-'}`;
}
