/**
 * Which games a match plays: the pairings of a round robin (everyone meets everyone) or a
 * gauntlet (the first engine meets each of the others), and for each pairing game pairs
 * on one opening with colours swapped. Pair k of every pairing uses opening k, so all
 * pairings see the same openings, and the list runs pair by pair across the pairings.
 */

export type TournamentKind = 'round-robin' | 'gauntlet';

export interface ScheduledGame {
  /** 1-based game number in schedule order (the PDN Round tag). */
  readonly number: number;
  /** Index into the pairings list. */
  readonly pairing: number;
  readonly white: number;
  readonly black: number;
  /** Which game pair of its pairing (0-based); it picks the opening. */
  readonly pairNumber: number;
  /** 0 for the game where the pairing's first engine has White, 1 for the return game. */
  readonly gameInPair: 0 | 1;
}

/** Engine index pairs [first, second] that meet; `first` is the engine scores are told for. */
export function pairingsOf(engineCount: number, kind: TournamentKind): [number, number][] {
  const pairs: [number, number][] = [];
  if (kind === 'gauntlet') {
    for (let other = 1; other < engineCount; other++) pairs.push([0, other]);
  } else {
    for (let a = 0; a < engineCount; a++) {
      for (let b = a + 1; b < engineCount; b++) pairs.push([a, b]);
    }
  }
  return pairs;
}

/** The games of a match: `gamesPerPairing` per pairing (an odd count ends with a lone game). */
export function buildSchedule(
  engineCount: number,
  kind: TournamentKind,
  gamesPerPairing: number,
): ScheduledGame[] {
  const pairings = pairingsOf(engineCount, kind);
  const games: ScheduledGame[] = [];
  const pairCount = Math.ceil(gamesPerPairing / 2);
  for (let pairNumber = 0; pairNumber < pairCount; pairNumber++) {
    for (let pairing = 0; pairing < pairings.length; pairing++) {
      const [first, second] = pairings[pairing];
      for (const gameInPair of [0, 1] as const) {
        if (2 * pairNumber + gameInPair >= gamesPerPairing) break;
        games.push({
          number: games.length + 1,
          pairing,
          white: gameInPair === 0 ? first : second,
          black: gameInPair === 0 ? second : first,
          pairNumber,
          gameInPair,
        });
      }
    }
  }
  return games;
}
