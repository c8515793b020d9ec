/**
 * The positions the suites measure on. Move generation, playing moves and evaluation run
 * over the bench positions (src/search/bench.ts: the start, openings, middlegames and king
 * endings, the same set whose search gives the bench signature); perft runs on a start and
 * a middlegame position of each variant.
 */
import { START_POSITION } from '../src/core/position.js';
import type { VariantName } from '../src/core/variant.js';

export { BENCH_POSITIONS } from '../src/search/bench.js';

export interface PerftCase {
  /** Variant and position, as task names show them: `armenian start`. */
  readonly name: string;
  readonly variant: VariantName;
  readonly fen: string;
  /** Depth of a full run: one call takes about 0.1-1 s on the reference machine. */
  readonly depth: number;
  /** Leaves at `depth`: a perft task that counts anything else is a broken bench. */
  readonly leaves: number;
  /** Depth of a quick run (tests); deep enough that the tree is split over worker threads. */
  readonly quickDepth: number;
  readonly quickLeaves: number;
}

/**
 * The middlegames come from seeded random games (24 plies, both sides 11 or more pieces,
 * no capture pending). The Armenian one has men only, the Turkish one a king each, so the
 * two exercise both of perft's ways of counting the last plies: from sets of men, and from
 * a listed move per reply. Their quick counts agree with test/reference/simple-rules.ts.
 */
export const PERFT_CASES: readonly PerftCase[] = [
  {
    name: 'armenian start',
    variant: 'armenian',
    fen: START_POSITION,
    depth: 6,
    leaves: 135_963_566,
    quickDepth: 4,
    quickLeaves: 268_670,
  },
  {
    name: 'armenian middlegame',
    variant: 'armenian',
    fen: 'W:Wb2,d2,e2,f2,g2,h2,a3,b3,c3,e3,g3,h3,a5,b5:Bd5,h5,b6,c6,e6,f6,g6,a7,b7,c7,d7,g7,h7',
    depth: 6,
    leaves: 22_612_912,
    quickDepth: 4,
    quickLeaves: 50_009,
  },
  {
    name: 'turkish start',
    variant: 'turkish',
    fen: START_POSITION,
    depth: 7,
    leaves: 10_782_308,
    quickDepth: 5,
    quickLeaves: 85_090,
  },
  {
    name: 'turkish middlegame',
    variant: 'turkish',
    fen: 'W:Wa2,c2,d2,e2,h2,b3,c3,d3,e3,f3,h3,Kh4:Ba5,d5,b6,h6,a7,b7,c7,d7,e7,f7,Kg7,h7',
    depth: 6,
    leaves: 12_908_912,
    quickDepth: 4,
    quickLeaves: 62_422,
  },
];
