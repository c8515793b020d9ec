/**
 * The bench: a fixed set of positions searched to a fixed depth on one thread with a fixed
 * table size (the engine runs it: Engine.bench). Its total node count is the search's
 * signature: any change to search or evaluation changes it, and the commit that does says
 * so (`Bench: N`).
 *
 * The positions (after the start) were picked from seeded random games: openings after 4-9
 * plies, middlegames after 16-39, and king endings after 40-119 plies.
 */
import { START_POSITION } from '../core/position.js';
import { BENCH_DEPTH, BENCH_HASH_MB } from './bench-settings.js';

export const BENCH_POSITIONS: readonly string[] = [
  START_POSITION,
  'W:Wa2,b2,c2,d2,e2,g2,h2,a3,b3,c3,d3,e3,g3,h3,f4,g4:Bc5,g5,h5,a6,b6,d6,e6,f6,a7,b7,c7,d7,e7,f7,g7,h7',
  'W:Wb2,c2,d2,e2,f2,g2,h2,c3,d3,f3,h3,e4,g4:BKa5,f5,b6,c6,d6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
  'W:Wa2,b2,c2,d2,e2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,Ke8:Bf5,a6,b6,c6,d6,g6,h6,a7,b7,c7,d7,f7,g7',
  'B:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,h3,Kg8:Bb5,a6,c6,d6,e6,f6,h6,a7,b7,c7,d7,e7,f7,h7',
  'B:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,e3,f3,g3,h3,d4,f4:Bb4,a5,e5,a6,c6,e6,f6,g6,h6,a7,c7,d7,e7,f7,g7,h7',
  'W:Wa2,b2,c2,d2,e2,f2,g2,h2,b3,c3,d3,e3,g3,h3,a4,e4:Bf5,g5,a6,b6,c6,d6,e6,f6,a7,b7,c7,d7,e7,f7,g7,h7',
  'W:Wa2,b2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,g3,h3,d4,g4:Be4,g5,a6,b6,c6,d6,e6,f6,a7,b7,c7,d7,e7,f7,g7,h7',
  'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,c3,d3,g3,h3,d4,g4:Bb4,a6,c6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
  'W:Wa2,b2,c2,d2,e2,f2,g2,h2,b3,d3,e3,f3,g3,h3,a4,b4:Bc5,f5,a6,b6,c6,e6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
  'B:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,e3,f3,g3,h3,c5:Bf5,a6,b6,d6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
  'W:Wa2,b2,c2,d2,e2,f2,g2,a3,b3,c3,d3,e3,f3,g3,h3:Ba5,b6,c6,d6,e6,g6,a7,b7,c7,d7,g7',
  'W:Wa2,b2,c2,e2,f2,g2,h2,a3,b3,d3,e3,g3,e4,c5,Kh8:Bg5,a6,b6,d6,e6,a7,b7,c7,d7,e7,f7',
  'B:Wa2,b2,c2,f2,g2,h2,c3,d3,f3,g3,h3,c4,d4:Be3,g5,a6,e6,f6,h6,b7,c7,d7,e7,f7,g7,h7',
  'W:Wa2,b2,c2,d2,e2,f2,g2,d3,f3,h3,b4,c4,d4,g4,Kg5,Kh8:Ba6,b6,c6,d6,f6,g6,a7,f7,g7',
  'B:Wb2,e2,f2,c3,e3:Bg5,Kh5,b6,c6,e6,g6,h6,a7,b7,g7,h7',
  'W:Wa2,b2,c2,d2,g2,h2,b3,e3,g3,a4,d4,e4,g4,h4,Ka7:Bc6,d6,e6,c7,g7',
  'B:Wf2,h4,g5:BKd1,b6,c6,d6,e6,f6,g6,a7,b7,c7,d7,e7,g7,h7',
  'B:Wa2,b2,e2,b3,g4,b5:Bh3,Kd5,a6,c6,d6,e6,f6,h6,a7,b7,c7,d7,e7,f7,h7',
  'W:Wa2,c2,e2,f2,g2,h2,a3,g3,a4,b4,c4,h4:BKd5,g5,a6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,e7,f7,h7',
  'B:Wa2,c2,d2,e2,f2,g2,h2,a3,c3,h3,e4,a5,Kc7:Bh5,b6,f6,h6',
  'W:Wd2,e2,h2,a3,e3,f3,g3,h3,h7:BKb1,f5,c6,d6,e6,f6,a7,b7,e7,f7,g7',
  'B:Wb2,c2,e2,h2,c3,e3,h3,b4,c4,h4:BKa5,g5,a6,c6,d6,e6,f6,a7,b7,c7,d7,e7,f7,g7,h7',
  'B:Wd2,g2,Kb4:Ba2,c3,c6',
  'W:WKc8:Bg2,Kg3,g5,e6',
  'B:Wb7:Bg6,h7,Ka8,Ke8',
  'W:WKa1:BKa8',
  'B:Wc2,d2,e2,f2,c3,d3,e3,f3,h3,Ka5:BKg1,d6',
  'W:WKf1:Bb4',
  'W:WKh5:Bc5,c6,c7',
  'W:Wg2,h3,h4:Bd3,Ka4,f6,g6,f7,g7',
  'W:Wh2,a3,g3,h3:Ba5,a6,g6,a7,b7,Kd7,e7,f7',
  'W:Wh2,h3:Bb5,Ka7,d7,g7',
];

export { BENCH_DEPTH, BENCH_HASH_MB };
