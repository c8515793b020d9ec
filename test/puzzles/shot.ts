/**
 * The puzzle the puzzle tests share: White to move, five legal moves, all the capture
 * h4xh7 and on along rank 7. Landing on b7 to e7 lets the king on g1 take g3 and go on
 * along rank 7 to take the White king; only h4xh7xa7, on the edge, keeps it, two men up.
 */
import type { Puzzle } from '../../src/puzzles/puzzle-file.js';
import { position } from '../helpers.js';

export const SHOT_POSITION = 'W:Wf3,g3,h3,Kh4:BKg1,h6,f7';

/** The shot as a puzzle: the line with Black's reply and White's next move. */
export const SHOT_PUZZLE: Puzzle = {
  id: position(SHOT_POSITION).keyHex(),
  position: SHOT_POSITION,
  line: ['h4xh7xa7', 'g1xg5', 'a7-a1'],
  rating: 2,
  depth: 8,
  best: 'cp 266',
  second: 'cp -161',
  proof: 'material',
  source: 'test game 1 ply 0',
};
