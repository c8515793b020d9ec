// Named, hand-checked positions for move generation tests.
//
// Every `moves` list below was worked out by hand from docs/rules.md and then
// confirmed with the independent oracle in test/reference/simple-rules.ts. Lists are sorted
// with plain `Array.prototype.sort`. A capture is written with one of its paths; when a move
// is a merge of several paths (same from, same to, same captured set) compare moves by
// (from, to, captured set) using test/reference/path.ts, not by text.
//
// Position text: `W:Wa2,Kd4:Ba6,Kh8` (side to move, then White and Black piece lists).

export interface NamedPosition {
  name: string;
  variant: 'armenian' | 'turkish';
  fen: string;
  /** The full legal move list in move text, sorted. */
  moves: string[];
  /** What the position tests. */
  note?: string;
}

export interface NamedPerft {
  name: string;
  variant: 'armenian' | 'turkish';
  fen: string;
  /** Perft counts for depth 1, 2, ... */
  counts: number[];
}

export const namedPositions: NamedPosition[] = [
  // ---- Flying king captures -------------------------------------------------------------
  {
    name: 'king-flying-capture-four-landings',
    variant: 'armenian',
    fen: 'W:WKd1:Bd4',
    moves: ['d1xd5', 'd1xd6', 'd1xd7', 'd1xd8'],
    note: 'King approaches over d2,d3, takes d4 and may stop on any empty square beyond.',
  },
  {
    name: 'king-landing-forced-by-continuation',
    variant: 'armenian',
    fen: 'W:WKa1:Ba4,c6,f3',
    moves: ['a1xa6xf6xf1', 'a1xa6xf6xf2'],
    note:
      'After a4 only the a6 landing continues (c6), after c6 only f6 continues (f3); the ' +
      'maximum rule forbids stopping early; the last leg keeps both landings f2 and f1.',
  },
  {
    name: 'king-own-piece-limits-landing',
    variant: 'armenian',
    fen: 'W:WKd1,d5:Bd3',
    moves: ['d1xd4'],
    note: 'Own man on d5 leaves d4 as the only landing square beyond d3.',
  },
  {
    name: 'king-enemy-on-edge-not-capturable',
    variant: 'armenian',
    fen: 'W:WKa1:Ba8,Kh1',
    moves: [
      'a1-a2',
      'a1-a3',
      'a1-a4',
      'a1-a5',
      'a1-a6',
      'a1-a7',
      'a1-b1',
      'a1-c1',
      'a1-d1',
      'a1-e1',
      'a1-f1',
      'a1-g1',
      'a1-b2',
      'a1-c3',
      'a1-d4',
      'a1-e5',
      'a1-f6',
      'a1-g7',
      'a1-h8',
    ].sort(),
    note:
      'Enemies on a8 and h1 have no square beyond them: no capture, so 19 quiet king ' +
      'moves (6 up the file, 6 along the rank, 7 on the long diagonal).',
  },
  {
    name: 'king-enemy-on-edge-not-capturable-turkish',
    variant: 'turkish',
    fen: 'W:WKa1:Ba8,Kh1',
    moves: [
      'a1-a2',
      'a1-a3',
      'a1-a4',
      'a1-a5',
      'a1-a6',
      'a1-a7',
      'a1-b1',
      'a1-c1',
      'a1-d1',
      'a1-e1',
      'a1-f1',
      'a1-g1',
    ].sort(),
    note: 'Turkish: same position, the king slides only along ranks and files (12 moves).',
  },
  {
    name: 'king-no-diagonal-capture',
    variant: 'armenian',
    fen: 'W:WKd4:Bb2,f6',
    moves: [
      'd4-d5',
      'd4-d6',
      'd4-d7',
      'd4-d8',
      'd4-d3',
      'd4-d2',
      'd4-d1',
      'd4-e4',
      'd4-f4',
      'd4-g4',
      'd4-h4',
      'd4-c4',
      'd4-b4',
      'd4-a4',
      'd4-e5',
      'd4-c5',
      'd4-b6',
      'd4-a7',
      'd4-e3',
      'd4-f2',
      'd4-g1',
      'd4-c3',
    ].sort(),
    note:
      'Enemies on diagonals (b2, f6) with empty squares beyond are not captured: kings ' +
      'capture only orthogonally; diagonal slides stop in front of them (22 quiet moves).',
  },
  {
    name: 'king-no-diagonal-capture-turkish',
    variant: 'turkish',
    fen: 'W:WKd4:Bb2,f6',
    moves: [
      'd4-d5',
      'd4-d6',
      'd4-d7',
      'd4-d8',
      'd4-d3',
      'd4-d2',
      'd4-d1',
      'd4-e4',
      'd4-f4',
      'd4-g4',
      'd4-h4',
      'd4-c4',
      'd4-b4',
      'd4-a4',
    ].sort(),
    note: 'Turkish: same position, only the 14 orthogonal slides.',
  },

  // ---- Immediate removal, emptied squares, start square -----------------------------------
  {
    name: 'rules-immediate-removal',
    variant: 'armenian',
    fen: 'W:WKa2,Kh8:Bc2,d4,b5,a3,f2,h6',
    moves: ['a2xd2xd5xa5xa2xh2xh7'],
    note:
      'docs/rules.md worked example (the White king on h8 only blocks it); six pieces, ' +
      'crossing c2 emptied earlier and landing on the start square a2.',
  },
  {
    name: 'king-loop-through-start-recrossing-emptied',
    variant: 'armenian',
    fen: 'W:WKa1:Ba3,a7,c5,e3,Kc1',
    moves: ['a1xa5xe5xe1xa1xa8'],
    note:
      'Five captures: round the square a1-a5-e5-e1, back onto the start square a1 (counts ' +
      'empty), then up the a-file across a3 (emptied by the first capture) to take a7. The ' +
      'other way round gets stuck after four.',
  },
  {
    name: 'adjacent-pair-opened-by-earlier-capture',
    variant: 'armenian',
    fen: 'W:WKh4:Ba5,c6,d3,d4',
    moves: ['h4xa4xa6xd6xd1', 'h4xa4xa6xd6xd2'],
    note:
      'd3,d4 stand next to each other on the d-file; taking d4 first along rank 4 empties ' +
      'd4, so the king later comes down the d-file across d4 and takes d3 (4 captures).',
  },

  // ---- No 180-degree turn ----------------------------------------------------------------
  {
    name: 'rules-180-degree',
    variant: 'armenian',
    fen: 'W:WKd4,a1:Bd6,d2,h8',
    moves: ['d4xd1', 'd4xd7', 'd4xd8'],
    note: 'docs/rules.md worked example: after taking d6 (or d2) the king may not reverse down (up) the d-file.',
  },
  {
    name: 'rules-180-degree-turkish',
    variant: 'turkish',
    fen: 'W:WKd4,a1:Bd6,d2,h8',
    moves: ['d4xd1', 'd4xd7', 'd4xd8'],
    note: 'Turkish: captures are the same as in Armenian.',
  },
  {
    name: 'king-180-degree-on-rank',
    variant: 'armenian',
    fen: 'W:WKd4:Bc4,f4',
    moves: ['d4xa4', 'd4xb4', 'd4xg4', 'd4xh4'],
    note:
      'Along a rank: after c4 the king may not turn back east over c4,d4 to take f4 (and ' +
      'vice versa), so four one-capture moves instead of two-capture ones.',
  },
  {
    name: 'king-180-degree-must-turn-instead',
    variant: 'armenian',
    fen: 'W:WKd4:Bb7,d2,d6',
    moves: ['d4xd7xa7'],
    note:
      'Reversing would allow d4xd1xd7xa7 (3); with the rule the longest is d6 then b7 (2); ' +
      'd4xd1 (1) is shorter.',
  },
  {
    name: 'black-king-180-degree',
    variant: 'armenian',
    fen: 'B:Wc5,g5,Kh1:BKe5',
    moves: ['e5xa5', 'e5xb5', 'e5xh5'],
    note:
      'Black king between two White men on rank 5 takes one, not both; from h5 the White ' +
      'king on the edge h1 cannot be taken.',
  },

  // ---- Promotion timing -------------------------------------------------------------------
  {
    name: 'rules-promotion-timing',
    variant: 'armenian',
    fen: 'W:Wb6,h1:Bb7,c8,b4,h5',
    moves: ['b6xb8xd8'],
    note: 'docs/rules.md worked example: reaches b8 mid-capture, goes on sideways as a man, crowned on d8.',
  },
  {
    name: 'man-last-row-mid-capture-two-sideways',
    variant: 'armenian',
    fen: 'W:Wg6:Bd8,f8,g7',
    moves: ['g6xg8xe8xc8'],
    note:
      'Man reaches g8, then takes f8 and d8 sideways as a man (a king would also have ' +
      'landings b8,a8 after d8); crowned on c8.',
  },
  {
    name: 'man-mid-capture-last-row-is-not-a-king',
    variant: 'armenian',
    fen: 'W:Wc6:Bc7,e8',
    moves: ['c6xc8'],
    note:
      'On c8 the man is still a man: e8 is not adjacent, so no flying capture; the move ' +
      'ends on the last row and the man is crowned.',
  },
  {
    name: 'man-last-row-branches-both-ways',
    variant: 'armenian',
    fen: 'W:Wd6:Bc8,d7,e8',
    moves: ['d6xd8xb8', 'd6xd8xf8'],
    note: 'After d7 the man on d8 may go on west (c8) or east (e8); both end crowned.',
  },
  {
    name: 'man-longest-branch-ends-crowned',
    variant: 'armenian',
    fen: 'W:Wd4:Bb7,c6,d5,e4',
    moves: ['d4xd6xb6xb8'],
    note: 'd4xf4 (1) loses to forward, sideways, forward (3) which ends crowned on b8.',
  },
  {
    name: 'black-man-capture-crowned',
    variant: 'armenian',
    fen: 'B:We2,h4:Be3',
    moves: ['e3xe1'],
    note: 'Black man captures forward (down) onto rank 1 and is crowned.',
  },
  {
    name: 'black-man-rank1-mid-capture-sideways',
    variant: 'armenian',
    fen: 'B:Wb1,d1,e2:Be3',
    moves: ['e3xe1xc1xa1'],
    note: 'Black man reaches e1 mid-capture, takes d1 and b1 sideways as a man, crowned on a1.',
  },

  // ---- Maximum rule and free choice ------------------------------------------------------
  {
    name: 'max-rule-man-beats-king',
    variant: 'armenian',
    fen: 'W:Wb2,Kh1:Bb3,b5,c6,Kg1',
    moves: ['b2xb4xb6xd6'],
    note: 'Man takes 3 (b3,b5,c6); the king at best takes 2 (g1 then c6 from c1): man must move.',
  },
  {
    name: 'max-rule-king-beats-man',
    variant: 'armenian',
    fen: 'W:Wb2,Kh1:Bb3,c5,e3,Kg1',
    moves: ['h1xe1xe5xa5', 'h1xe1xe5xb5'],
    note: 'King takes 3 (g1,e3,c5) with two final landings; the man takes only b3.',
  },
  {
    name: 'black-max-rule-man-beats-king',
    variant: 'armenian',
    fen: 'B:Wf2,f4,Kd8:Bf5,Ka8',
    moves: ['f5xf3xf1'],
    note: 'Black man takes 2 and is crowned on f1; the Black king could take only the d8 king.',
  },
  {
    name: 'equal-length-two-men',
    variant: 'armenian',
    fen: 'W:Wc3,f3:Bc4,f4,h7',
    moves: ['c3xc5', 'f3xf5'],
    note: 'Two men each take one: free choice.',
  },
  {
    name: 'equal-length-man-and-king',
    variant: 'armenian',
    fen: 'W:Wa3,Kh1:Ba4,h5',
    moves: ['a3xa5', 'h1xh6', 'h1xh7', 'h1xh8'],
    note: 'Man and king each take one: no priority for either.',
  },
  {
    name: 'black-equal-length-two-men',
    variant: 'armenian',
    fen: 'B:Wc4,f4:Bc5,f5,Ka8',
    moves: ['c5xc3', 'f5xf3'],
    note: 'Black men each take one downwards; the Black king has nothing to take.',
  },
  {
    name: 'capture-is-compulsory',
    variant: 'armenian',
    fen: 'W:Wa2,e4:Be5',
    moves: ['e4xe6'],
    note: 'The quiet moves of a2 (and e4) are illegal while a capture exists.',
  },

  // ---- Merged duplicate sequences -------------------------------------------------------
  {
    name: 'merged-landing-choice',
    variant: 'armenian',
    fen: 'W:WKd1:Bd4,d7',
    moves: ['d1xd5xd8'],
    note:
      'Merged: 2 raw paths (d1xd5xd8, d1xd6xd8) share from d1, to d8 and captured {d4,d7}; ' +
      '1 move.',
  },
  {
    name: 'merged-square-loop-from-corner',
    variant: 'armenian',
    fen: 'W:WKa1:Ba3,c5,e3,Kc1',
    moves: ['a1xa5xe5xe1xa1', 'a1xa5xe5xe1xb1', 'a1xe1xe5xa5xa2'],
    note:
      'Merged: king goes round the square both ways; 4 raw 4-capture paths, the 2 ending on ' +
      'the start square a1 (a1xa5xe5xe1xa1, a1xe1xe5xa5xa1) merge, 3 moves.',
  },
  {
    name: 'merged-square-loop-from-corner-turkish',
    variant: 'turkish',
    fen: 'W:WKa1:Ba3,c5,e3,Kc1',
    moves: ['a1xa5xe5xe1xa1', 'a1xa5xe5xe1xb1', 'a1xe1xe5xa5xa2'],
    note: 'Turkish: same captures and the same merge (4 raw paths, 3 moves).',
  },
  {
    name: 'merged-square-loop-mid-board',
    variant: 'armenian',
    fen: 'W:WKd4:Bd6,e4,f7,g5',
    moves: [
      'd4xd7xg7xg4xa4',
      'd4xd7xg7xg4xb4',
      'd4xd7xg7xg4xc4',
      'd4xd7xg7xg4xd4',
      'd4xg4xg7xd7xd1',
      'd4xg4xg7xd7xd2',
      'd4xg4xg7xd7xd3',
      'd4xg4xg7xd7xd5',
    ].sort(),
    note:
      'Merged: round the d4-d7-g7-g4 rectangle either way; 9 raw 4-capture paths (4 ' +
      'clockwise ends a4..d4, 5 anticlockwise ends d5..d1); the 2 ending on the start ' +
      'square d4 merge, 8 moves.',
  },
  {
    name: 'merged-black-king-loop',
    variant: 'armenian',
    fen: 'B:Wa6,c4,e6,Kc8:BKa8',
    moves: ['a8xa4xe4xe8xa8', 'a8xa4xe4xe8xb8', 'a8xe8xe4xa4xa7'],
    note:
      'Merged, Black: 4 raw 4-capture paths, the 2 ending on the start square a8 merge, ' +
      '3 moves.',
  },

  // ---- Blocked positions and empty sides -------------------------------------------------
  {
    name: 'blocked-white-man',
    variant: 'armenian',
    fen: 'W:Wa2:Ba3,a4,b2,b3,c2',
    moves: [],
    note: 'The only White man is hemmed in: steps occupied, a3/a4 and b2/c2 adjacent pairs.',
  },
  {
    name: 'blocked-white-all-pieces',
    variant: 'armenian',
    fen: 'W:WKa1,a2,b1,b2:Ba3,a4,b3,b4,c2,c3,d2,Kc1,Kd1',
    moves: [],
    note:
      'King boxed in by its own men, men boxed by adjacent Black pairs: White has no move ' +
      'and loses.',
  },
  {
    name: 'blocked-black-man',
    variant: 'armenian',
    fen: 'B:Wf7,g6,g7,h5,h6:Bh7',
    moves: [],
    note: 'Black to move, its man on h7 has no step and no capture (h6/h5, g7/f7 pairs).',
  },
  {
    name: 'no-white-pieces',
    variant: 'armenian',
    fen: 'W:W:Bd5,Ke8',
    moves: [],
    note: 'White to move with no pieces: no move (lost).',
  },
  {
    name: 'no-black-pieces',
    variant: 'turkish',
    fen: 'B:Wa2,Kh1:B',
    moves: [],
    note: 'Black to move with no pieces: no move (lost).',
  },

  // ---- Quiet moves: kings among own pieces, adjacent pairs, edges -------------------------
  {
    name: 'king-blocked-by-own-men',
    variant: 'armenian',
    fen: 'W:WKa1,a3,c1,c3:Bh8',
    moves: [
      'a1-a2',
      'a1-b1',
      'a1-b2',
      'a3-a4',
      'a3-b3',
      'a3-b4',
      'c1-b1',
      'c1-b2',
      'c1-c2',
      'c1-d1',
      'c1-d2',
      'c3-b3',
      'c3-b4',
      'c3-c4',
      'c3-d3',
      'c3-d4',
    ],
    note: 'King slides stop one square short of its own men a3, c1, c3 (3 king moves, 16 total).',
  },
  {
    name: 'king-blocked-by-own-men-turkish',
    variant: 'turkish',
    fen: 'W:WKa1,a3,c1,c3:Bh8',
    moves: [
      'a1-a2',
      'a1-b1',
      'a3-a4',
      'a3-b3',
      'c1-b1',
      'c1-c2',
      'c1-d1',
      'c3-b3',
      'c3-c4',
      'c3-d3',
    ],
    note: 'Turkish: no diagonal king slide, no diagonal man step (10 moves).',
  },
  {
    name: 'adjacent-enemy-pair-not-jumpable',
    variant: 'armenian',
    fen: 'W:WKa1,d2:Ba4,a5,d3,d4',
    moves: [
      'a1-a2',
      'a1-a3',
      'a1-b1',
      'a1-b2',
      'a1-c1',
      'a1-c3',
      'a1-d1',
      'a1-e1',
      'a1-f1',
      'a1-g1',
      'a1-h1',
      'd2-c2',
      'd2-c3',
      'd2-e2',
      'd2-e3',
    ],
    note:
      'a4,a5 block the king and d3,d4 block the man: two enemies in a row cannot be jumped, ' +
      'so only quiet moves (15).',
  },
  {
    name: 'adjacent-enemy-pair-not-jumpable-turkish',
    variant: 'turkish',
    fen: 'W:WKa1,d2:Ba4,a5,d3,d4',
    moves: [
      'a1-a2',
      'a1-a3',
      'a1-b1',
      'a1-c1',
      'a1-d1',
      'a1-e1',
      'a1-f1',
      'a1-g1',
      'a1-h1',
      'd2-c2',
      'd2-e2',
    ],
    note: 'Turkish: same position without diagonal moves (11).',
  },
  {
    name: 'edge-file-men-quiet',
    variant: 'armenian',
    fen: 'W:Wa2,h2:Bd7',
    moves: ['a2-a3', 'a2-b2', 'a2-b3', 'h2-g2', 'h2-g3', 'h2-h3'],
    note: 'Men on the a- and h-files have 3 steps each (no step off the board).',
  },
  {
    name: 'edge-file-men-quiet-turkish',
    variant: 'turkish',
    fen: 'W:Wa2,h2:Bd7',
    moves: ['a2-a3', 'a2-b2', 'h2-g2', 'h2-h3'],
    note: 'Turkish: edge men have only forward and inward sideways steps.',
  },
  {
    name: 'edge-file-men-capture',
    variant: 'armenian',
    fen: 'W:Wa4,g2,h4:Bb4,g4,h2,h5',
    moves: ['a4xc4', 'h4xf4', 'h4xh6'],
    note:
      'Edge men capture inward and forward; g2 cannot take h2 (nothing beyond the edge). ' +
      'Each capture is 1, so free choice.',
  },
  {
    name: 'man-no-diagonal-or-backward-capture',
    variant: 'armenian',
    fen: 'W:Wd4:Bc3,c5,d3,e3,e5',
    moves: ['d4-c4', 'd4-d5', 'd4-e4'],
    note: 'Enemies diagonally and behind are not captured; diagonal-forward steps are occupied.',
  },
  {
    name: 'man-no-diagonal-or-backward-capture-turkish',
    variant: 'turkish',
    fen: 'W:Wd4:Bc3,c5,d3,e3,e5',
    moves: ['d4-c4', 'd4-d5', 'd4-e4'],
    note: 'Turkish: same three moves (Turkish men have no diagonal step anyway).',
  },
  {
    name: 'man-sideways-chain',
    variant: 'armenian',
    fen: 'W:Wa5:Bb5,d5,f5',
    moves: ['a5xc5xe5xg5'],
    note: 'A man captures three times sideways along rank 5.',
  },

  // ---- Black to move ---------------------------------------------------------------------
  {
    name: 'black-man-three-capture-directions',
    variant: 'armenian',
    fen: 'B:Wc5,d4,e5:Bd5',
    moves: ['d5xb5', 'd5xd3', 'd5xf5'],
    note: 'Black man captures forward (down), left and right.',
  },
  {
    name: 'black-man-no-backward-capture',
    variant: 'armenian',
    fen: 'B:Wd4,d6,e3:Bd5',
    moves: ['d5xd3xf3'],
    note: 'd6 is behind the Black man (up) and is not captured; forward then sideways.',
  },
  {
    name: 'black-quiet-man-and-king',
    variant: 'armenian',
    fen: 'B:Wa1:Bd5,Kh8',
    moves: [
      'd5-c4',
      'd5-c5',
      'd5-d4',
      'd5-e4',
      'd5-e5',
      'h8-a8',
      'h8-b8',
      'h8-c8',
      'h8-d8',
      'h8-e8',
      'h8-f8',
      'h8-g8',
      'h8-h1',
      'h8-h2',
      'h8-h3',
      'h8-h4',
      'h8-h5',
      'h8-h6',
      'h8-h7',
      'h8-b2',
      'h8-c3',
      'h8-d4',
      'h8-e5',
      'h8-f6',
      'h8-g7',
    ].sort(),
    note:
      'Black man steps down, down-diagonal and sideways (5); Black king slides 7+7 and down ' +
      'the long diagonal to b2, stopping in front of a1 (25 moves).',
  },
  {
    name: 'black-quiet-man-and-king-turkish',
    variant: 'turkish',
    fen: 'B:Wa1:Bd5,Kh8',
    moves: [
      'd5-c5',
      'd5-d4',
      'd5-e5',
      'h8-a8',
      'h8-b8',
      'h8-c8',
      'h8-d8',
      'h8-e8',
      'h8-f8',
      'h8-g8',
      'h8-h1',
      'h8-h2',
      'h8-h3',
      'h8-h4',
      'h8-h5',
      'h8-h6',
      'h8-h7',
    ].sort(),
    note: 'Turkish: man 3 steps, king 14 orthogonal slides (17 moves).',
  },

  // ---- Start position --------------------------------------------------------------------
  {
    name: 'start-armenian',
    variant: 'armenian',
    fen:
      'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:' +
      'Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
    moves: [
      'a3-a4',
      'a3-b4',
      'b3-a4',
      'b3-b4',
      'b3-c4',
      'c3-b4',
      'c3-c4',
      'c3-d4',
      'd3-c4',
      'd3-d4',
      'd3-e4',
      'e3-d4',
      'e3-e4',
      'e3-f4',
      'f3-e4',
      'f3-f4',
      'f3-g4',
      'g3-f4',
      'g3-g4',
      'g3-h4',
      'h3-g4',
      'h3-h4',
    ],
    note: 'Rank-3 men step forward or diagonally forward (22); sideways squares are full.',
  },
  {
    name: 'start-turkish',
    variant: 'turkish',
    fen:
      'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:' +
      'Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
    moves: ['a3-a4', 'b3-b4', 'c3-c4', 'd3-d4', 'e3-e4', 'f3-f4', 'g3-g4', 'h3-h4'],
    note: 'Turkish: only straight forward steps are free (8).',
  },
];

export const namedPerft: NamedPerft[] = [
  {
    name: 'armenian-white-king-forced-four',
    variant: 'armenian',
    fen: 'W:Wa3,b2,c4,d3,e2,f4,g3,Kd6:Bb6,c7,e6,f7,g6,h5,Kb1',
    counts: [1, 14, 481, 6409, 212822],
  },
  {
    name: 'armenian-black-king-middlegame',
    variant: 'armenian',
    fen: 'B:Wa4,b3,c3,e3,f2,g4,h3,Ke8:Ba6,b7,c6,d5,f6,g7,Kd1',
    counts: [37, 1152, 22497, 504215],
  },
  {
    name: 'armenian-open-middlegame',
    variant: 'armenian',
    fen: 'W:Wa2,b3,c3,d4,e3,f2,g3,h4:Ba6,b5,c6,d6,e5,f7,g6,h7',
    counts: [27, 616, 12331, 241068],
  },
  {
    name: 'armenian-black-two-kings-each',
    variant: 'armenian',
    fen: 'B:Wb4,d2,f3,Kc6,Kh1:Bc5,e4,g6,Ka8,Kf8',
    counts: [3, 48, 2439, 25881, 926478],
  },
  {
    name: 'turkish-white-king-forced-four',
    variant: 'turkish',
    fen: 'W:Wa3,b2,c4,d3,e2,f4,g3,Kd6:Bb6,c7,e6,f7,g6,h5,Kb1',
    counts: [1, 9, 252, 2091, 53038],
  },
  {
    name: 'turkish-black-king-middlegame',
    variant: 'turkish',
    fen: 'B:Wa4,b3,c3,e3,f2,g4,h3,Ke8:Ba6,b7,c6,d5,f6,g7,Kd1',
    counts: [27, 676, 10046, 177401],
  },
  {
    name: 'turkish-open-middlegame-black',
    variant: 'turkish',
    fen: 'B:Wa2,b3,c3,d4,e3,f2,g3,h4:Ba6,b5,c6,d6,e5,f7,g6,h7',
    counts: [20, 343, 5284, 77728],
  },
  {
    name: 'turkish-endgame-kings',
    variant: 'turkish',
    fen: 'W:Wc3,e2,Kd5:Bb6,f6,g7,Ka1',
    counts: [20, 375, 5354, 79875],
  },
];
