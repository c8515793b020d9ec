/**
 * The network's incremental accumulators in the search's WebAssembly module
 * (src/wasm/network.ts) against a fresh computation: along seeded lines of made and unmade
 * moves from many positions of both variants (the start, random games, pieces placed at
 * random with kings of both colours), captures of many pieces, crownings and kings taken
 * included, the accumulators a ply holds when it is evaluated are unit for unit those of a
 * refresh from its pieces, and so is the score. And the search's test for "no move = lost"
 * with the network (hasQuietMove) against the linear evaluation's count of the moves.
 */
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { squareName } from '../../src/core/square.js';
import { rulesFor, VARIANT_NAMES, type VariantName } from '../../src/core/variant.js';
import { DEFAULT_EVAL_WEIGHTS } from '../../src/search/eval.js';
import type { NetworkWeights } from '../../src/search/network-weights.js';
import { SearchModule } from '../../src/search/search-wasm.js';
import { gamePositions, placedPositions, position, seededRandom } from '../helpers.js';
import { randomNetwork, shippedNetwork } from './networks.js';

function newModule(variant: VariantName): SearchModule {
  const created = SearchModule.create();
  if (!created.ok) throw new Error(created.error.message);
  created.value.setRules(rulesFor(variant));
  created.value.setWeights(DEFAULT_EVAL_WEIGHTS[variant]);
  return created.value;
}

/** The squares of piece set `set` (0 White men, 1 Black men, 2 White kings, 3 Black kings) in state words. */
function pieceCount(state: Int32Array, set: number): number {
  const bits = (word: number) => {
    let n = 0;
    for (let w = word >>> 0; w !== 0; w &= w - 1) n++;
    return n;
  };
  return bits(state[2 * set]) + bits(state[2 * set + 1]);
}

/** What the walks met, so that the test shows it covered them. */
interface Met {
  evaluations: number;
  multipleCaptures: number;
  crownings: number;
  kingsTaken: number;
}

/**
 * Walks from `root`: makes moves (captures of the most pieces more often than their share,
 * so that long captures come) and goes back now and then, and at random plies evaluates,
 * holding the ply's accumulators and score to a fresh computation.
 */
function walk(module: SearchModule, root: Position, random: () => number, met: Met): void {
  const scratch = module.maxPly + 2;
  module.setPosition(0, root.state);
  module.invalidateAccumulators(0);
  let ply = 0;
  for (let step = 0; step < 80; step++) {
    const count = module.generateMoves(ply);
    if (count > 0 && ply < 60 && (ply === 0 || random() < 0.75)) {
      let index = Math.floor(random() * count);
      if (random() < 0.5) {
        for (let i = 0; i < count; i++) {
          if (module.move(ply, i) >>> 12 > module.move(ply, index) >>> 12) index = i;
        }
      }
      const before = module.position(ply).slice();
      module.makeMove(ply, index);
      const after = module.position(ply + 1);
      const mover = before[8];
      if (module.move(ply, index) >>> 12 >= 2) met.multipleCaptures++;
      if (pieceCount(after, 2 + mover) > pieceCount(before, 2 + mover)) met.crownings++;
      if (pieceCount(after, 3 - mover) < pieceCount(before, 3 - mover)) met.kingsTaken++;
      ply++;
    } else if (ply > 0) {
      ply--;
    } else {
      return;
    }
    if (random() < 0.4 || count === 0) {
      const where = `${root.toString()}, ply ${ply}: ${new Position(root.rules, module.position(ply)).toString()}`; // prettier-ignore
      const incremental = module.evaluateNetwork(ply);
      const accumulators = module.accumulators(ply);
      expect(module.evaluateNetworkFresh(ply), where).toBe(incremental);
      const fresh = module.accumulators(scratch);
      const differs = accumulators.findIndex((unit, at) => unit !== fresh[at]);
      expect(differs, `${where}: unit ${differs}`).toBe(-1);
      expect(accumulators.length).toBe(fresh.length);
      met.evaluations++;
    }
  }
}

const NETWORKS: readonly [string, (variant: VariantName) => NetworkWeights][] = [
  ['the shipped network', shippedNetwork],
  ['a random network of 20 units', (variant) => randomNetwork(variant, 11, 20)],
  ['a random network of 128 units', (variant) => randomNetwork(variant, 12, 128)],
];

describe.each(NETWORKS)('%s', (_name, networkOf) => {
  it.each(VARIANT_NAMES)(
    'keeps the accumulators equal to a refresh along lines from many %s positions',
    (variant) => {
      const network = networkOf(variant);
      const module = newModule(variant);
      module.setNetwork(network);
      const random = seededRandom(network.hidden * 31 + variant.length);
      const roots = [
        ...Array.from({ length: 20 }, () => Position.start(variant)),
        ...gamePositions(variant, network.hidden + 1, 60),
        ...placedPositions(variant, network.hidden + 2, 60),
      ];
      const met: Met = { evaluations: 0, multipleCaptures: 0, crownings: 0, kingsTaken: 0 };
      for (const root of roots) walk(module, root, random, met);
      expect(met.evaluations).toBeGreaterThan(2000);
      expect(met.multipleCaptures).toBeGreaterThan(20);
      expect(met.crownings).toBeGreaterThan(20);
      expect(met.kingsTaken).toBeGreaterThan(20);
    },
  );
});

/**
 * Positions crowded at random: each square taken with probability `density` by a man or a
 * king (no man on its crowning rank), the side to move given at most `moving` pieces and the
 * other at most 16, so that the side to move is often hemmed in, its kings too.
 */
function crowdedPositions(
  variant: VariantName,
  seed: number,
  count: number,
  density: number,
  moving: number,
): Position[] {
  // prettier-ignore
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const side = random() < 0.5 ? 0 : 1;
    const pieces: string[][] = [[], []];
    for (let square = 0; square < 64; square++) {
      if (random() >= density) continue;
      const colour = random() < 0.5 ? 0 : 1;
      if (pieces[colour].length === (colour === side ? moving : 16)) continue;
      const king = square >> 3 === (colour === 0 ? 7 : 0) || random() < 0.3;
      pieces[colour].push((king ? 'K' : '') + squareName(square));
    }
    if (pieces[side].length === 0) pieces[side].push('Ka1');
    if (pieces[1 - side].length === 0) pieces[1 - side].push('Kh8');
    return position(`${'WB'[side]}:W${pieces[0].join(',')}:B${pieces[1].join(',')}`, variant);
  });
}

describe.each(VARIANT_NAMES)('%s: whether the side to move has a step or a slide', (variant) => {
  it.each([
    ['every piece blocked', 'B:WKa1,Kb1,Kb2,Kc2:Ba2', false],
    ['men and a king blocked but for a diagonal step', 'W:WKa1,a2,b1:Ba3,b2,Kc1,Kh8', variant === 'armenian'], // prettier-ignore
    ['men of which one can step', 'W:Wa2,a3,b3:Bb2,Kh8', true],
    ['a king free only on a diagonal', 'W:WKa1:Ba2,Kb1,Kh8', variant === 'armenian'],
  ])('%s', (_name, text, expected) => {
    const module = newModule(variant);
    module.setPosition(0, position(text, variant).state);
    module.evaluate(0);
    expect(module.mobility() > 0).toBe(expected);
    expect(module.hasQuietMove(0)).toBe(expected);
  });

  it('agrees with the count for a lone man or king with one free neighbour, every square and way', () => {
    const module = newModule(variant);
    const ways = [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, 1], [1, -1], [-1, -1]]; // prettier-ignore
    let free = 0;
    let checked = 0;
    for (const [colour, king] of [
      [0, false],
      [1, false],
      [0, true],
      [1, true],
    ] as const) {
      for (let square = 0; square < 64; square++) {
        if (!king && square >> 3 === (colour === 0 ? 7 : 0)) continue;
        const neighbours = ways.map(([file, rank]) => {
          const [f, r] = [(square & 7) + file, (square >> 3) + rank];
          return f >= 0 && f < 8 && r >= 0 && r < 8 ? r * 8 + f : -1;
        });
        for (const open of neighbours.filter((n) => n >= 0)) {
          // The enemy (kings, so that none stands on its crowning rank) on every other neighbour.
          const enemy = neighbours.filter((n) => n >= 0 && n !== open).map((n) => 'K' + squareName(n)); // prettier-ignore
          const own = (king ? 'K' : '') + squareName(square);
          const fields = colour === 0 ? [own, enemy.join(',')] : [enemy.join(','), own];
          const text = `${'WB'[colour]}:W${fields[0]}:B${fields[1]}`;
          module.setPosition(0, position(text, variant).state);
          module.evaluate(0);
          expect(module.hasQuietMove(0), text).toBe(module.mobility() > 0);
          if (module.mobility() > 0) free++;
          checked++;
        }
      }
    }
    expect(free).toBeGreaterThan(checked / 4);
    expect(free).toBeLessThan(checked - 100);
  });

  it("agrees with the linear evaluation's count of the moves over thousands of positions", () => {
    const module = newModule(variant);
    const positions = [
      ...gamePositions(variant, 41, 1000),
      ...placedPositions(variant, 42, 1000),
      ...crowdedPositions(variant, 43, 1000, 0.45, 16),
      ...crowdedPositions(variant, 44, 1000, 0.8, 3),
    ];
    let none = 0;
    for (const p of positions) {
      module.setPosition(0, p.state);
      module.evaluate(0);
      const moves = module.mobility();
      expect(module.hasQuietMove(0), p.toString()).toBe(moves > 0);
      if (moves === 0) none++;
    }
    expect(none).toBeGreaterThan(100);
    expect(none).toBeLessThan(positions.length - 1000);
  });
});
