/**
 * The tactics suite: positions whose best move is forced, each proven by the exhaustive
 * verifier in solver.ts.
 *
 * They were found by search, not composed: small random endings and positions from seeded
 * semi-random games (each side taking the move that is best for material two plies deep),
 * kept only where the verifier proves exactly one move best. Each note retells the
 * verifier's main line.
 *
 * Two kinds of proof:
 * - `win`: the side to move wins in exactly `moves` moves (the opponent is left without a
 *   legal move), the key move is the only one that wins that fast, and no other move wins
 *   within `horizon` moves (`horizon` >= `moves`).
 * - `material`: `plies` plies deep with every capture sequence resolved, the key move gains
 *   `gain` (a man 1, a king 3) over the current balance, and every other move ends at least
 *   `margin` lower. A crowning combination gains through its new king: counted with a king
 *   worth one man, its gain (`gainIfKingIsMan`) is smaller.
 */
import type { VariantName } from '../../src/core/variant.js';

export type TacticKind = 'shot' | 'crowning' | 'ending';

export type TacticProof =
  | { readonly type: 'win'; readonly moves: number; readonly horizon: number }
  | {
      readonly type: 'material';
      readonly plies: number;
      readonly gain: number;
      readonly margin: number;
      readonly gainIfKingIsMan: number;
    };

export interface Tactic {
  readonly name: string;
  readonly kind: TacticKind;
  readonly variant: VariantName;
  readonly fen: string;
  /** The key move; compared by identity (from, to, captured set), not by text. */
  readonly move: string;
  readonly proof: TacticProof;
  readonly note: string;
}

const material = (plies: number, gain: number, margin: number, gainIfKingIsMan: number) =>
  ({ type: 'material', plies, gain, margin, gainIfKingIsMan }) as const;
const win = (moves: number, horizon: number) => ({ type: 'win', moves, horizon }) as const;

export const TACTICS: readonly Tactic[] = [
  // ---- Shots: a sacrifice forces a capture (compulsory, maximal) that sets up a bigger one.
  {
    name: 'shot-g5-opens-the-g-file',
    kind: 'shot',
    variant: 'armenian',
    fen: 'B:We2,g2,a3,d3,e3,f3,h3,b4,e4,f4,g4,h4,a5:Bd5,e5,f5,h5,b6,e6,f6,g6,h6,b7,d7,g7,h7',
    move: 'f6-g5',
    proof: material(5, 6, 6, 4),
    note:
      'f6-g5 leaves White one move, the two-man capture f4xf6xd6xd8 (crowning); then ' +
      'g5xg3xg1 crowns Black, and the new king later sweeps seven pieces from a1.',
  },
  {
    name: 'shot-f4-three-for-one',
    kind: 'shot',
    variant: 'armenian',
    fen: 'W:Wb2,g2,h2,b3,d3,g3,h3,g4:Ba4,e4,e5,f6,g6,h6,b7,c7,f7,h7',
    move: 'g4-f4',
    proof: material(5, 3, 2, 2),
    note: 'g4-f4 is taken by e4xg4, which opens g3xg5xg7xe7: three men for one.',
  },
  {
    name: 'shot-h5-decoy-then-d6',
    kind: 'shot',
    variant: 'armenian',
    fen: 'W:Wa2,b2,c2,d2,f2,g2,h2,a3,d3,d4,e4,f4,g4,e5:Bb4,b5,g5,a6,c6,e6,g6,h6,a7,b7,d7,e7,f7',
    move: 'g4-h5',
    proof: material(5, 3, 3, 1),
    note:
      'g4-h5 pulls h6 away (h6xh4), e5-d6 forces d7xd5, and d4xd6xb6xb8 takes three and ' +
      'crowns.',
  },
  {
    name: 'shot-f4-opens-rank-5-for-the-king',
    kind: 'shot',
    variant: 'armenian',
    fen: 'W:Wb3,c3,g4,h4,Kg5,h5:BKa2,b5,e5,f5,e6,f6,a7,b7',
    move: 'g4-f4',
    proof: material(5, 4, 3, 2),
    note: 'g4-f4 forces f5xf3 and clears rank 5: Kg5xd5xa5xa1 takes e5, b5 and the king on a2.',
  },
  {
    name: 'shot-c4-through-to-c8',
    kind: 'shot',
    variant: 'armenian',
    fen: 'W:Wd2,e2,b3,c3,e4,d6:BKh1,c5,b6,c6,g6,b7,c7,e7,f7',
    move: 'b3-c4',
    proof: material(5, 3, 4, 1),
    note:
      'b3-c4 lets c6 take d6 sideways (c6xe6), which opens the c-file: c4xc6xc8 takes two ' +
      'and crowns.',
  },
  {
    name: 'shot-b4-long-exchange',
    kind: 'shot',
    variant: 'armenian',
    fen: 'W:Wc2,e2,f2,g2,c3,d3,e3,f3,h3,a4,e4,h4,Kd8:BKh1,b5,e5,g5,h5,b6,d6,e6,h6,b7,d7,f7,g7',
    move: 'c3-b4',
    proof: material(5, 2, 2, 2),
    note:
      'c3-b4, a4-b5 and d3-c4 feed men into forced captures; after the exchanges on d4, f5 ' +
      'and d5 the king ends it with Kd8xd6xg6xg4xb4xb8, five pieces.',
  },
  {
    name: 'shot-e5-black-to-move',
    kind: 'shot',
    variant: 'armenian',
    fen: 'B:Wb2,c2,d2,g2,h2,a3,d3,e3,f3,h3,c4,e4,f4,g4,d5:Bf5,h5,a6,b6,c6,e6,f6,h6,a7,b7,e7,g7,h7',
    move: 'f6-e5',
    proof: material(5, 3, 2, 1),
    note: 'f6-e5 is taken by f4xf6xd6, and e5xc5xc3xc1 answers with three men and a crown.',
  },
  {
    name: 'shot-d5-king-sweep',
    kind: 'shot',
    variant: 'armenian',
    fen: 'B:Wd2,e2,h2,a3,b3,c3,d3,g3,c4,d4,e4:BKd1,h4,c5,b6,c6,e6,g6,b7,c7,e7,f7',
    move: 'c6-d5',
    proof: material(5, 3, 3, 3),
    note:
      'c6-d5 (d4xd6xf6xh6 forced) and c5-d4 (d3xd5 forced) open the board for the king: ' +
      'd1xd4xg4xg2xb2xb4xd4xd6 takes seven.',
  },
  {
    name: 'turkish-shot-g4-zigzag',
    kind: 'shot',
    variant: 'turkish',
    fen: 'B:Wb2,c2,d2,a3,e3,f3,g3,h3,b4,d4,f4,h4:Bg5,b6,c6,d6,e6,f6,h6,a7,d7,e7,g7',
    move: 'g5-g4',
    proof: material(5, 3, 3, 3),
    note:
      'g5-g4 (g3xg5), h6-h5 (h4xh6) and f6-g6 (h6xf6) draw White men onto rank 6; then ' +
      'e6xg6xg4xe4xc4xa4xa2 takes six.',
  },
  {
    name: 'turkish-shot-e5-king-takes-eight',
    kind: 'shot',
    variant: 'turkish',
    fen: 'B:Wb2,c2,h2,e3,g3,d4,e4,g4,h4,h7:Bb4,b5,f5,Ka6,d6,e6,f6,g6,a7,b7,e7,f7,g7',
    move: 'e6-e5',
    proof: material(5, 3, 3, 3),
    note:
      'e6-e5 (e4xe6xe8, crowning) and g6-g5 (g4xg6xe6xc6) give five men; then ' +
      'a6xd6xd3xf3xh3xh5xh8xc8xc1 takes eight, the new king on e8 among them.',
  },
  {
    name: 'turkish-shot-f5-e5-king-sweep',
    kind: 'shot',
    variant: 'turkish',
    fen: 'B:Wb2,c2,h2,e3,g3,e4,g4,h4,Kh8:Bb4,Ka5,b5,f5,g6,a7,b7,e7,f7,g7',
    move: 'f5-e5',
    proof: material(5, 4, 4, 2),
    note:
      'f5-e5 forces e4xe6xe8 (crowning); the h8 king is then drawn by way of h5 to a5, and ' +
      "Black's king takes six, both kings among them: a6xa3xf3xh3xh8xc8xc1.",
  },
  {
    name: 'turkish-shot-a4-feeds-the-king',
    kind: 'shot',
    variant: 'turkish',
    fen: 'W:Wa2,b2,c2,g2,h2,a3,h3,b4,d4,h4:BKd1,a5,b6,c6,d6,e6,h6,a7,c7,d7,f7,g7,h7',
    move: 'b4-a4',
    proof: material(5, 3, 3, 1),
    note:
      "b4-a4 leaves d4 to Black's king (d1xd5 is compulsory) and a4xa6xa8 takes two and " +
      'crowns.',
  },

  // ---- Crowning combinations: sacrifices that open a way to the last row.
  {
    name: 'crowning-three-sacrifices-to-a8',
    kind: 'crowning',
    variant: 'armenian',
    fen: 'W:Wa2,c2,f2,g2,h2,a3,b3,d3,e3,f3,h3,b4,d5:Bb5,f5,b6,f6,g6,a7,b7,c7,d7,e7,f7,g7,h7',
    move: 'd5-c6',
    proof: material(5, 2, 2, 0),
    note:
      'd5-c6 (c7xc5), b3-c3 (b5xb3) and d3-c4 (b3xd3) each force a capture; c4xc6xa6xa8 ' +
      'then takes three and crowns.',
  },
  {
    name: 'crowning-h-file-breakthrough',
    kind: 'crowning',
    variant: 'armenian',
    fen: 'B:We2,h2,a3,d3,g3,h3,d4,g4,h4,c6:Bb4,e5,f5,h5,f6,g6,h6',
    move: 'h6-g5',
    proof: material(5, 2, 2, 0),
    note:
      'h6-g5 (h4xh6), g5-h4 (h3xh5) and e5-e4 (d4xf4) clear the way: f5xf3xh3xh1 takes ' +
      'three and crowns.',
  },
  {
    name: 'crowning-four-man-capture-to-d8',
    kind: 'crowning',
    variant: 'armenian',
    fen: 'W:Wa2,b2,c2,d2,f2,g2,h2,a3,b3,d3,d4,f4,g4,e5:Bb5,c5,a6,c6,e6,f6,g6,h6,a7,c7,d7,e7,f7',
    move: 'f4-f5',
    proof: material(5, 2, 2, 0),
    note:
      'f4-f5 (e6xe4xc4) and d3-d4 (f6xf4xh4) each force a two-man capture; ' +
      'd4xb4xb6xd6xd8 takes four back and crowns.',
  },
  {
    name: 'crowning-c3-through-to-c1',
    kind: 'crowning',
    variant: 'armenian',
    fen: 'B:Wa2,c2,e2,a3,d3,e4,f4,g4:Bb4,c4,c5,h5,c6,f6,g6,e7',
    move: 'b4-c3',
    proof: material(5, 2, 2, 0),
    note: 'b4-c3 (d3xb3) and c4-d4 (e4xc4) clear the c-file: c5xc3xc1 crowns.',
  },
  {
    name: 'crowning-d4-to-b1',
    kind: 'crowning',
    variant: 'armenian',
    fen: 'B:Wa2,c2,h2,a3,b3,c3,d3,f3,g3,c4,e4:Ba5,c5,d5,h5,c6,e6',
    move: 'c5-d4',
    proof: material(5, 2, 2, 0),
    note:
      'c5-d4 threatens d4xd2xb2; in the main line (c4-c5 d4xd2xb2 c5xe5xe7) the captures ' +
      'even out and the man then steps to b1 and crowns.',
  },
  {
    name: 'turkish-crowning-c5-to-a8',
    kind: 'crowning',
    variant: 'turkish',
    fen: 'W:Wb2,d2,e2,g2,a3,b3,c4,e4,g4,f5,g6:Bd4,b5,a6',
    move: 'c4-c5',
    proof: material(5, 2, 2, 0),
    note:
      'c4-c5 hands d4 the two-man capture d4xf4xh4; c5xa5xa7 takes the other two and a7-a8 ' +
      'crowns (a forced win in 6, too slow to re-prove here).',
  },

  // ---- Won endings: the loser runs out of moves.
  {
    name: 'ending-choose-the-landing-d3',
    kind: 'ending',
    variant: 'armenian',
    fen: 'W:WKd6,h4:Bg4,d4',
    move: 'd6xd3',
    proof: win(5, 5),
    note:
      'Of the four captures only d6xd3 wins in 5 (none wins faster): the g-man runs and ' +
      'crowns on h1, where it must take h4 and is taken from h8.',
  },
  {
    name: 'ending-two-men-given-for-three',
    kind: 'ending',
    variant: 'armenian',
    fen: 'W:WKe5,e4,e2:Bb4,c4,f3',
    move: 'e2-e3',
    proof: win(3, 4),
    note: 'e2-e3 (f3xd3) and e4-d4 (c4xe4) give two men; e5xe3xb3xb5 takes all three.',
  },
  {
    name: 'ending-black-king-offers-b5',
    kind: 'ending',
    variant: 'armenian',
    fen: 'B:Wh2,b4,a7:BKb3,b5,g3',
    move: 'b3-e6',
    proof: win(4, 5),
    note:
      'b3-e6 offers b5: b4xb6 is forced and e6xa6xa8 takes two; the last man is then ' +
      'caught on rank 3 (a8-a3, h3xf3, a3xg3).',
  },
  {
    name: 'ending-crown-then-two-kings',
    kind: 'ending',
    variant: 'armenian',
    fen: 'W:WKe7,a7:BKa1',
    move: 'a7-a8',
    proof: win(4, 4),
    note: 'Crowning on a8 gives two kings against one, which win in three more moves.',
  },
  {
    name: 'ending-two-kings-corner-h8',
    kind: 'ending',
    variant: 'armenian',
    fen: 'W:WKg5,Ke5:BKh4',
    move: 'e5-h8',
    proof: win(3, 3),
    note: 'Ke5-h8 and Kg5-h5 trap the king on the h-file: whatever it takes, a king takes it.',
  },
  {
    name: 'ending-two-kings-b7',
    kind: 'ending',
    variant: 'armenian',
    fen: 'W:WKc6,Ka8:BKg4',
    move: 'c6-b7',
    proof: win(3, 3),
    note: 'Kc6-b7 then Kb7-b5 offers a king on rank 5: g5xa5 is forced and Ka8xa4 ends it.',
  },
  {
    name: 'ending-black-offers-g5',
    kind: 'ending',
    variant: 'armenian',
    fen: 'B:WKe5:BKf8,g5',
    move: 'f8-h8',
    proof: win(2, 4),
    note: 'Kf8-h8: the king must take g5 (e5xh5) and lands on the h-file, where h8 takes it.',
  },
  {
    name: 'ending-king-invites-h4xf4',
    kind: 'ending',
    variant: 'armenian',
    fen: 'W:WKc6,g4:Bb2,h4',
    move: 'c6-f6',
    proof: win(2, 4),
    note: 'Kc6-f6: h4xf4 is compulsory, and f6xf2xa2 takes both men.',
  },
  {
    name: 'ending-black-chooses-the-capture',
    kind: 'ending',
    variant: 'armenian',
    fen: 'B:Wf4,d4,e2:BKa2,g4,a4',
    move: 'a2xf2xf5',
    proof: win(3, 4),
    note:
      'Black must take two, with the man (g4xe4xc4) or the king landing on f5 to f8; only ' +
      'a2xf2xf5 wins within 4 moves.',
  },
  {
    name: 'ending-black-king-sacrifice',
    kind: 'ending',
    variant: 'armenian',
    fen: 'B:WKa2,a6:BKg2,Kf2',
    move: 'g2-h2',
    proof: win(2, 4),
    note: 'Kg2-h2 frees g2 behind f2: a2xg2 is forced, and h2xa2xa7 takes king and man.',
  },
  {
    name: 'ending-king-forces-a1xa3',
    kind: 'ending',
    variant: 'armenian',
    fen: 'W:WKa2,Ka6:BKa1',
    move: 'a6-a8',
    proof: win(2, 3),
    note: 'Ka6-a8: Black must take a2, and wherever it lands on the a-file a8 takes it.',
  },
  {
    name: 'turkish-ending-crown-on-b8',
    kind: 'ending',
    variant: 'turkish',
    fen: 'W:WKd8,b7:Ba5,a4',
    move: 'b7-b8',
    proof: win(5, 5),
    note:
      'Crowning on b8 at once is the only move that wins in 5 (three others win in 6): the ' +
      'kings then round up both men.',
  },
  {
    name: 'turkish-ending-e7-offer',
    kind: 'ending',
    variant: 'turkish',
    fen: 'W:WKe2,e6:Bf7,e5',
    move: 'e6-e7',
    proof: win(2, 4),
    note: 'e6-e7 lets f7 take it sideways (f7xd7); then e2xe7xc7 takes e5 and d7.',
  },
  {
    name: 'turkish-ending-two-kings-a8',
    kind: 'ending',
    variant: 'turkish',
    fen: 'W:WKb8,Kh7:BKg3',
    move: 'b8-a8',
    proof: win(3, 3),
    note: 'Kb8-a8 and Kh7-g7: the king on g4 must take g7 and a8 takes it on h8.',
  },
  {
    name: 'turkish-ending-black-king-c8',
    kind: 'ending',
    variant: 'turkish',
    fen: 'B:WKf2,a3:BKb3,Kg8',
    move: 'g8-c8',
    proof: win(2, 4),
    note:
      'Kg8-c8: the a3 man must take b3 sideways and lands on c3, in the c-file; c8xc2xg2 ' +
      'takes it and the king.',
  },
];
