/**
 * How data campaign games start and what is kept of them, without a database: openings and
 * random plies drawn from the game's own seed (the same game every time, balanced starts),
 * and the positions kept from a game record (the engine's moves, quiet for both sides, with
 * the search's score or mate).
 */
import { describe, expect, it } from 'vitest';
import { dataOpening, trainingPositions } from '../../src/campaign/data.js';
import type { DataCampaignSettings } from '../../src/campaign/settings.js';
import { Game } from '../../src/core/game.js';
import type { VariantName } from '../../src/core/variant.js';
import { DEFAULT_GAME_RULES, type GameRecord } from '../../src/match/game.js';
import type { PdnMove } from '../../src/pdn/pdn.js';
import { looksBalanced } from '../../src/match/make-openings.js';
import { loadOpenings, openingGame, shippedOpeningsFile } from '../../src/match/openings.js';
import { randomIndex, seededRandom } from '../../src/stats/random.js';
import { quietForBoth } from '../../src/tune/positions.js';

function settingsFor(
  variant: VariantName,
  randomPlies: number,
  seed: number,
): DataCampaignSettings {
  const file = shippedOpeningsFile(variant) ?? '';
  const openings = loadOpenings(file, variant);
  if (!openings.ok) throw new Error(openings.error.message);
  return {
    engines: [undefined as never],
    names: ['tama'],
    builds: [{ name: 'tama', signature: 1 }],
    variant,
    nodes: 1000,
    rules: DEFAULT_GAME_RULES,
    openingsFile: file,
    openings: openings.value,
    randomPlies,
    seed,
    games: 100,
    gamesPerJob: 8,
    tries: 3,
  };
}

describe.each(['armenian', 'turkish'] as const)('data games in %s', (variant) => {
  const settings = settingsFor(variant, 4, 11);

  it('start the same way every time from the same seed and game, and differently per game', () => {
    const starts = Array.from({ length: 40 }, (_, game) => dataOpening(settings, game));
    expect(Array.from({ length: 40 }, (_, game) => dataOpening(settings, game))).toEqual(starts);
    const texts = starts.map((opening) => `${opening.fen} ${opening.moves.join(' ')}`);
    expect(new Set(texts).size).toBe(40);
    const other = settingsFor(variant, 4, 12);
    const otherSeed = Array.from({ length: 40 }, (_, game) => dataOpening(other, game));
    expect(otherSeed).not.toEqual(starts);
  });

  it('play the random plies after an opening of the file, ending balanced', () => {
    let withPlies = 0;
    for (let game = 0; game < 40; game++) {
      const opening = dataOpening(settings, game);
      const base = settings.openings.find((o) => o.line === opening.line);
      expect(base).toBeDefined();
      expect(opening.fen).toBe(base?.fen);
      expect(opening.moves.slice(0, base?.moves.length)).toEqual(base?.moves);
      const extra = opening.moves.length - (base?.moves.length ?? 0);
      expect([0, 4]).toContain(extra);
      if (extra === 4) withPlies++;
      const position = openingGame(opening, variant).position;
      expect(looksBalanced(position, { mobilityGap: 4 })).toBe(true);
    }
    // A balanced end is found for nearly every game; the opening alone is the fallback.
    expect(withPlies).toBeGreaterThan(35);
  });

  it('keep the quiet positions where the engine moved, with its score or mate', () => {
    const opening = dataOpening(settings, 3);
    const game = openingGame(opening, variant);
    const random = seededRandom(5);
    const moves: PdnMove[] = opening.moves.map((text) => ({ text, color: 0, book: true }));
    const replay = Game.parse(opening.fen, opening.moves, variant);
    if (!replay.ok) throw new Error(replay.error.message);
    const expected: { ply: number; position: string; score: number | null; mate: number | null }[] = []; // prettier-ignore
    for (let ply = moves.length; ply < moves.length + 60 && game.outcome() === undefined; ply++) {
      const legal = game.legalMoves();
      const move = legal[randomIndex(random, legal.length)];
      const mate = ply % 7 === 0;
      const score = mate ? { unit: 'mate' as const, value: -3 } : { unit: 'cp' as const, value: ply * 10 - 300 }; // prettier-ignore
      if (quietForBoth(game.position.rules, game.position.state)) {
        expected.push({ ply, position: game.position.toString(), score: mate ? null : score.value, mate: mate ? -3 : null }); // prettier-ignore
      }
      moves.push({ text: move.text, color: game.position.sideToMove, book: false, score });
      game.play(move);
    }
    const record: GameRecord = { fen: opening.fen, moves, result: 'draw', termination: 'max-plies', reason: '', finalPosition: '' }; // prettier-ignore
    const kept = trainingPositions(record, variant);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(60);
    expect(kept).toEqual(expected);
    expect(kept.every((row) => row.ply >= opening.moves.length)).toBe(true);
  });
});
