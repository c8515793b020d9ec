/**
 * How long a running games campaign has left, for `tama campaign status`: the games still
 * to play at the rate of the last minutes. With an SPRT, the log-likelihood ratio is
 * assumed to keep its average drift per game pair so far (llr / pairs), which gives the
 * pairs until it reaches the bound it is heading for; the campaign ends at whichever comes
 * first, that bound or its game count. An estimate, never a promise: early on the drift is
 * mostly noise, and the rate changes with the workers.
 */

export interface Progress {
  /** Games stored. */
  readonly games: number;
  /** The most games the campaign plays. */
  readonly total: number;
  /** Games stored per minute lately (0: none yet). */
  readonly gamesPerMinute: number;
  /** The SPRT's state, when the campaign has one: its LLR, bounds and completed game pairs. */
  readonly sprt?: {
    readonly llr: number;
    readonly lower: number;
    readonly upper: number;
    readonly pairs: number;
  };
}

export interface Estimate {
  /** Games still to play. */
  readonly games: number;
  /** What ends the campaign first: its game count, or the SPRT accepting H0 or H1. */
  readonly end: 'games' | 'H0' | 'H1';
  /** Minutes to that end at the current rate; undefined while there is no rate. */
  readonly minutes: number | undefined;
}

/** The games and minutes left, and which end comes first. */
export function estimateLeft(progress: Progress): Estimate {
  const { games, total, gamesPerMinute, sprt } = progress;
  let left = Math.max(0, total - games);
  let end: Estimate['end'] = 'games';
  if (sprt !== undefined && sprt.pairs > 0 && sprt.llr !== 0 && Number.isFinite(sprt.llr)) {
    const drift = sprt.llr / sprt.pairs;
    const bound = drift > 0 ? sprt.upper : sprt.lower;
    const pairs = Math.max(1, Math.ceil((bound - sprt.llr) / drift));
    if (2 * pairs < left) {
      left = 2 * pairs;
      end = drift > 0 ? 'H1' : 'H0';
    }
  }
  const minutes = gamesPerMinute > 0 ? left / gamesPerMinute : undefined;
  return { games: left, end, minutes };
}

/** `3 h 20 min`, `12 min`, `under a minute`, `2 days 4 h`. */
export function formatMinutes(minutes: number): string {
  if (minutes < 1) return 'under a minute';
  const whole = Math.round(minutes);
  if (whole < 90) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 48) return `${hours} h ${whole % 60} min`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}

/** The status line: `Time left: about 12 min at 7.0 games/min (84 games to the game count)`. */
export function estimateLine(progress: Progress): string {
  const estimate = estimateLeft(progress);
  const toCount = Math.max(0, progress.total - progress.games);
  const why =
    estimate.end === 'games'
      ? `${estimate.games} games to the game count`
      : `about ${estimate.games} games until the SPRT accepts ${estimate.end} if its LLR keeps ` +
        `its average drift; ${toCount} to the game count`;
  if (estimate.minutes === undefined) return `Time left: not known, no games stored lately (${why})`; // prettier-ignore
  const time = estimate.minutes < 1 ? 'under a minute' : `about ${formatMinutes(estimate.minutes)}`;
  return `Time left: ${time} at ${progress.gamesPerMinute.toFixed(1)} games/min (${why})`;
}
