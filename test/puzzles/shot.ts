/**
 * The puzzle the puzzle tests share: White to move, five legal moves, all the capture
 * h4xh7 and on along rank 7. Landing on b7 to e7 lets the king on g1 take g3 and go on
 * along rank 7 to take the White king; only h4xh7xa7, on the edge, keeps it, two men up.
 * On the board that is one man won (the king takes g3 back): no material puzzle by the
 * material check, but a fine one for the page's tests, which only play lines.
 */
import { CHECK_MARGIN, CHECK_THRESHOLDS, SCREEN_THRESHOLDS } from '../../src/puzzles/judge.js';
import type { Puzzle, PuzzleSettings } from '../../src/puzzles/puzzle-file.js';
import { position } from '../helpers.js';

export const SHOT_POSITION = 'W:Wf3,g3,h3,Kh4:BKg1,h6,f7';

/** The shot as a puzzle: the line with Black's reply and White's next move. */
export const SHOT_PUZZLE: Puzzle = {
  id: position(SHOT_POSITION).keyHex(),
  position: SHOT_POSITION,
  line: ['h4xh7xa7', 'g1xg5', 'a7-a1'],
  rating: 2,
  found: 2,
  depth: 8,
  best: 'cp 266',
  second: 'cp -161',
  proof: 'material',
  claim: 'wins material',
  source: 'test game 1 ply 0',
};

/**
 * A material puzzle as the miner makes them (from its Armenian run): b3-c4 gives a man, b4
 * must take it and d3 takes three back, two men up on a quiet board.
 */
export const MATERIAL_POSITION = 'W:Wa2,d2,h2,a3,b3,d3,e3,g4,h4:Bb4,b5,e5,a6,e6,f6,a7,d7,h7';

export const MATERIAL_PUZZLE: Puzzle = {
  id: position(MATERIAL_POSITION).keyHex(),
  position: MATERIAL_POSITION,
  line: ['b3-c4', 'b4xd4', 'd3xd5xf5xf7'],
  rating: 1450,
  found: 1,
  depth: 6,
  best: 'cp 540',
  second: 'cp 39',
  proof: 'material',
  claim: 'wins two men',
  source: 'games-armenian-400.pdn game 111 ply 27 after c5-b4',
};

/** A header's settings as the miner writes them by default. */
export const HEADER_SETTINGS: PuzzleSettings = {
  screenNodes: 8000,
  checkNodes: 200000,
  multiPv: 2,
  threads: 1,
  hashMb: 16,
  egdbPath: null,
  screen: SCREEN_THRESHOLDS,
  check: CHECK_THRESHOLDS,
  checkMargin: CHECK_MARGIN,
  maxSolverMoves: 5,
  seed: 1,
  branches: true,
  sources: ['games.pdn'],
};
