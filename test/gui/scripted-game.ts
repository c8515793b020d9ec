/**
 * A whole game for the page's browser test, made with the rules core from a seed: White
 * plays safe (a move after which Black's best capture takes the fewest men, and the most
 * men itself), Black plays at random. Deterministic for a given seed and rules.
 */
import { moveCaptureCount } from '../../src/core/movegen.js';
import { Game } from '../../src/gui/page/game.js';

/** A small seeded random number generator (mulberry32). */
function randomFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The game's moves as text, played from the start until it ends or `maxPlies`. */
export function scriptedGame(seed: number, maxPlies = 200): string[] {
  const random = randomFrom(seed);
  const game = Game.fresh('armenian');
  while (game.outcome() === undefined && game.moves.length < maxPlies) {
    const moves = game.legalMoves();
    let choice = moves[Math.floor(random() * moves.length)];
    if (game.sideToMove === 0) {
      let best = Infinity;
      for (const move of moves) {
        const trial = game.positions[game.moves.length].clone();
        trial.play(move.move, move.capturedLo, move.capturedHi);
        const replies = new Game('armenian', trial).legalMoves();
        const lost = replies.length === 0 ? -100 : moveCaptureCount(replies[0].move);
        const cost = lost * 10 - moveCaptureCount(move.move) + random();
        if (cost < best) {
          best = cost;
          choice = move;
        }
      }
    }
    game.play(choice);
  }
  return game.moves.map((m) => m.text);
}
