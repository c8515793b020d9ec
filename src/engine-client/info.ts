/**
 * An engine's `info` lines, read once for every client: the match runner (score and depth
 * of each move), the page's analysis panel and the game review. Plain text in, plain data
 * out: the page's bundle imports it too.
 */

/** A score as the engine reported it (`score cp N`, `score mate N`), side to move's view. */
export interface EngineScore {
  readonly unit: 'cp' | 'mate';
  readonly value: number;
}

/** The fields of one `info` line; those it did not carry are undefined. */
export interface EngineInfo {
  readonly depth?: number;
  readonly seldepth?: number;
  /** Which line of a MultiPV search (1 when not said). */
  readonly multipv: number;
  readonly score?: EngineScore;
  readonly bound?: 'lowerbound' | 'upperbound';
  readonly nodes?: number;
  readonly nps?: number;
  readonly time?: number;
  /** Positions scored from the endgame tables (absent: none). */
  readonly tbhits?: number;
  /** The principal variation, in move text (empty when not given). */
  readonly pv: readonly string[];
}

const COUNT_FIELDS = ['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'tbhits', 'time'] as const;
type CountField = (typeof COUNT_FIELDS)[number];

/**
 * Reads an `info` line; undefined for any other line and for `info string ...`, which
 * carries text, not fields. Unknown fields are skipped; a field with a malformed value is
 * left out.
 */
export function parseInfo(line: string): EngineInfo | undefined {
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'info') return undefined;
  const counts: Partial<Record<CountField, number>> = {};
  let score: EngineScore | undefined;
  let bound: EngineInfo['bound'];
  let pv: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (word === 'string') return undefined;
    if (word === 'pv') {
      pv = words.slice(i + 1);
      break;
    }
    const next = words[i + 1] ?? '';
    if (word === 'score') {
      const value = words[i + 2] ?? '';
      if ((next === 'cp' || next === 'mate') && /^-?\d+$/.test(value)) {
        score = { unit: next, value: Number(value) };
        i += 2;
      }
    } else if (word === 'lowerbound' || word === 'upperbound') bound = word;
    else if ((COUNT_FIELDS as readonly string[]).includes(word) && /^\d+$/.test(next)) {
      counts[word as CountField] = Number(next);
      i++;
    }
  }
  return { ...counts, multipv: counts.multipv ?? 1, score, bound, pv };
}

/** The message of an `info string error ...` line (an engine's refusal); undefined for other lines. */
export function engineError(line: string): string | undefined {
  return /^info\s+string\s+error\b:?\s*(.*)$/.exec(line.trim())?.[1];
}
