/**
 * The bench as Stockfish's benchmark makes it: the bench positions (search/bench.ts) turned
 * into a list of searches, which the engine then runs one after another from a new game,
 * like any other search but without info lines. On one thread the node total is the
 * search's signature.
 */
import { Game } from '../core/game.js';
import type { VariantName } from '../core/variant.js';
import { BENCH_POSITIONS } from '../search/bench.js';

/** One search of the bench: a position and how deep to search it. */
export interface BenchSearch {
  readonly fen: string;
  readonly game: Game;
  readonly limits: { readonly depth: number };
}

/** The bench's totals: nodes, time and speed, and how far it got. */
export interface BenchResult {
  readonly nodes: number;
  readonly milliseconds: number;
  readonly nps: number;
  /** Positions searched: all of them unless stopped. */
  readonly positions: number;
  readonly stopped: boolean;
}

/** What running the bench asks of the engine. */
export interface BenchRunner {
  /** True once stop() was asked: the bench ends after the search under way. */
  readonly stopRequested: boolean;
  /** Forgets the table and the move-ordering history. */
  newGame(): void;
  /** One search of `game` within `limits`, reporting no info lines; resolves with its nodes. */
  search(game: Game, limits: BenchSearch['limits']): Promise<{ readonly nodes: number }>;
}

/** The bench's searches: every bench position of `variant`'s rules, searched to `depth`. */
export function benchSearches(depth: number, variant: VariantName): BenchSearch[] {
  return BENCH_POSITIONS.map((fen, index) => {
    const game = Game.parse(fen, [], variant);
    if (!game.ok) throw new Error(`bench position ${index + 1}: ${game.error.message}`);
    return { fen, game: game.value, limits: { depth } };
  });
}

/**
 * Runs `searches` on the engine from a new game; `onPosition` hears each one's nodes. A
 * stop ends the bench after the search under way.
 */
export async function runBench(
  runner: BenchRunner,
  searches: readonly BenchSearch[],
  onPosition: (index: number, fen: string, nodes: number) => void,
  now: () => number,
): Promise<BenchResult> {
  runner.newGame();
  let nodes = 0;
  let positions = 0;
  const started = now();
  for (const [index, search] of searches.entries()) {
    if (runner.stopRequested) break;
    const searched = (await runner.search(search.game, search.limits)).nodes;
    nodes += searched;
    positions++;
    onPosition(index, search.fen, searched);
  }
  const milliseconds = Math.max(1, now() - started);
  const nps = Math.round((nodes * 1000) / milliseconds);
  return { nodes, milliseconds, nps, positions, stopped: runner.stopRequested };
}
