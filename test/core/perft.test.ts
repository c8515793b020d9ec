/**
 * Core's perft, whose one shortcut is the last ply counted (countMoves) rather than played,
 * against a count that lists and plays every move and lists the last ply's moves too: the
 * same leaves from positions with kings, captures and both at once, in both variants. Core
 * counts alone here (test/wasm/perft-wasm.test.ts holds the module's counter to it).
 */
import { describe, expect, it } from 'vitest';
import { generateMoves, hasCapture, MoveList } from '../../src/core/movegen.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { applyMoveInto, kingsHiWord, kingsLoWord, SIDE, STATE_SIZE } from '../../src/core/state.js';
import type { Rules, VariantName } from '../../src/core/variant.js';
import { perftGenerator, playRandomly, position, seededRandom } from '../helpers.js';

const listedStates = Array.from({ length: 8 }, () => new Int32Array(STATE_SIZE));
const listedLists = Array.from({ length: 8 }, () => new MoveList());

/** Leaves below the state at `ply`: every move listed and played, the last ply listed too. */
function listedFrom(rules: Rules, ply: number, depth: number): number {
  const state = listedStates[ply];
  const list = listedLists[ply];
  const count = generateMoves(rules, state, list);
  if (depth === 1) return count;
  let nodes = 0;
  for (let i = 0; i < count; i++) {
    const move = list.moves[i];
    applyMoveInto(rules, state, listedStates[ply + 1], move & 63, (move >>> 6) & 63, list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
    nodes += listedFrom(rules, ply + 1, depth - 1);
  }
  return nodes;
}

function listedPerft(p: Position, depth: number): number {
  listedStates[0].set(p.state);
  return listedFrom(p.rules, 0, depth);
}

/** Whether the side not to move has a king: the side whose moves the last ply counts at depth 2. */
function opponentHasKings(p: Position): boolean {
  const enemy = p.state[SIDE] ^ 1;
  return (p.state[kingsLoWord(enemy)] | p.state[kingsHiWord(enemy)]) !== 0;
}

describe('perft against every move listed', () => {
  perftGenerator(false);
  it.each([
    // A White man steps onto the Black king's file or rank, where the king can take it.
    ['turkish', 'W:Wb2,d3,g2,Kh6:Ba4,c7,f7,Kd8'],
    // A White step off the king's line opens it: the king then flies on to capture.
    ['turkish', 'W:Wc3,c5,e2,Kh1:Bc8,f6,Kc2'],
    // Kings on both sides, men of both that can capture after some moves.
    ['turkish', 'B:Wa3,c4,e4,Kg5:Bb6,d6,e7,Kb1,Kh8'],
    ['turkish', 'W:Wc3,e2,Kd5:Bb6,f6,g7,Ka1'],
    ['armenian', 'W:Wb2,d3,g2,Kh6:Ba4,c7,f7,Kd8'],
    ['armenian', 'B:Wb4,d2,f3,Kc6,Kh1:Bc5,e4,g6,Ka8,Kf8'],
  ] as const)('%s %s', (variant, text) => {
    const p = position(text, variant);
    for (let depth = 2; depth <= 4; depth++) {
      expect(perft(p, depth), `depth ${depth}`).toBe(listedPerft(p, depth));
    }
  });

  it.each(['turkish', 'armenian'] as const)(
    '%s: along random games, the opponent with kings and without',
    (variant: VariantName) => {
      const random = seededRandom(variant === 'turkish' ? 41 : 42);
      let againstKings = 0;
      let withCapture = 0;
      for (let game = 0; game < 40; game++) {
        const p = playRandomly(Position.start(variant), 20 + Math.floor(random() * 80), random);
        if (opponentHasKings(p)) {
          if (hasCapture(p.rules, p.state)) withCapture++;
          else againstKings++;
        }
        expect(perft(p, 2), p.toString()).toBe(listedPerft(p, 2));
        expect(perft(p, 3), p.toString()).toBe(listedPerft(p, 3));
      }
      // The games must reach the king cases, or the comparison proves little.
      expect(againstKings).toBeGreaterThan(5);
      expect(withCapture).toBeGreaterThan(0);
    },
  );
});
