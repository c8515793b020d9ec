/**
 * Move generation against the named hand-checked positions and, along seeded random
 * games, against the deliberately simple second generator in test/reference.
 */
import { describe, expect, it } from 'vitest';
import { squaresOf } from '../../src/core/bitboard.js';
import {
  countMoves,
  generateCaptures,
  generateMoves,
  hasCapture,
  isCapture,
  moveFrom,
  MoveList,
  moveTo,
} from '../../src/core/movegen.js';
import { legalMoves } from '../../src/core/notation.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { squareName } from '../../src/core/square.js';
import { applyMoveInto, computeKey, STATE_SIZE } from '../../src/core/state.js';
import type { VariantName } from '../../src/core/variant.js';
import { PERFT_GENERATORS, perftGenerator, position, seededRandom } from '../helpers.js';
import { namedPerft, namedPositions } from '../positions/named.js';
import { capturedByPath } from '../reference/path.js';
import { parseSimple, simpleMoves } from '../reference/simple-rules.js';

/** A move as (from, to, captured set), whatever path its text took. */
function identity(fen: string, text: string): string {
  const squares = text.split(/[-x]/);
  return `${squares[0]}>${squares[squares.length - 1]}:${capturedByPath(fen, text).join(',')}`;
}

function engineIdentities(p: Position): string[] {
  return legalMoves(p)
    .map((m) => {
      const captured = squaresOf(m.capturedLo, m.capturedHi).map(squareName).sort();
      return `${squareName(moveFrom(m.move))}>${squareName(moveTo(m.move))}:${captured.join(',')}`;
    })
    .sort();
}

describe('named positions', () => {
  it.each(namedPositions.map((n) => [n.name, n] as const))('%s', (_, named) => {
    const p = position(named.fen, named.variant);
    const expected = named.moves.map((text) => identity(named.fen, text)).sort();
    expect(engineIdentities(p)).toEqual(expected);
    // Every generated text is a real path of its move.
    for (const m of legalMoves(p)) {
      const captured = squaresOf(m.capturedLo, m.capturedHi).map(squareName).sort();
      expect(capturedByPath(named.fen, m.text)).toEqual(captured);
    }
    expect(countMoves(p.rules, p.state)).toBe(named.moves.length);
  });
});

describe.each(PERFT_GENERATORS)('named positions, perft with %s', (_, webAssembly) => {
  perftGenerator(webAssembly);
  it.each(namedPerft.map((n) => [n.name, n] as const))('perft %s', (_, named) => {
    const p = position(named.fen, named.variant);
    named.counts.forEach((count, i) => expect(perft(p, i + 1)).toBe(count));
  });
});

describe('random games against the simple generator', () => {
  const variants: VariantName[] = ['armenian', 'turkish'];
  it.each(variants)('%s: same moves, same counts, keys kept in step', (variant) => {
    const random = seededRandom(variant === 'armenian' ? 11 : 12);
    const list = new MoveList();
    const captureList = new MoveList();
    const child = new Int32Array(STATE_SIZE);
    let positions = 0;
    let captures = 0;
    let kings = 0;
    for (let game = 0; game < 60; game++) {
      const p = Position.start(variant);
      for (let ply = 0; ply < 150; ply++) {
        const fen = p.toString();
        const expected = simpleMoves(parseSimple(fen), variant)
          .map((m) => `${m.from}>${m.to}:${[...m.captured].sort().join(',')}`)
          .sort();
        expect(engineIdentities(p), fen).toEqual(expected);
        const n = generateMoves(p.rules, p.state, list);
        expect(n).toBe(expected.length);
        expect(countMoves(p.rules, p.state)).toBe(expected.length);
        expect(hasCapture(p.rules, p.state)).toBe(n > 0 && isCapture(list.moves[0]));
        if (n > 0 && isCapture(list.moves[0])) {
          // The quiescence search's way in: the same captures, in the same order.
          expect(generateCaptures(p.rules, p.state, captureList)).toBe(n);
          expect(captureList.moves.subarray(0, n)).toEqual(list.moves.subarray(0, n));
          expect(captureList.capturedLo.subarray(0, n)).toEqual(list.capturedLo.subarray(0, n));
          expect(captureList.capturedHi.subarray(0, n)).toEqual(list.capturedHi.subarray(0, n));
        }
        const [lo, hi] = computeKey(p.state);
        expect([p.keyLo, p.keyHi]).toEqual([lo, hi]);
        positions++;
        if (n > 0 && isCapture(list.moves[0])) captures++;
        if (p.squares(2).length + p.squares(3).length > 0) kings++;
        if (n === 0) break;
        const i = Math.floor(random() * n);
        // The search's step into the next ply's state leaves the parent as it was.
        const parent = p.state.slice();
        applyMoveInto(p.rules, parent, child, moveFrom(list.moves[i]), moveTo(list.moves[i]), list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
        expect(parent).toEqual(p.state);
        p.play(list.moves[i], list.capturedLo[i], list.capturedHi[i]);
        expect(child).toEqual(p.state);
      }
    }
    // The games must reach the cases that matter, or the comparison proves little.
    expect(positions).toBeGreaterThan(3000);
    expect(captures).toBeGreaterThan(500);
    expect(kings).toBeGreaterThan(500);
  });
});

describe('playing moves', () => {
  it('crowns a man that steps onto its last row, and a Black man on rank 1', () => {
    const white = position('W:Wc7:Ba5');
    const up = legalMoves(white).find((m) => m.text === 'c7-c8');
    expect(up).toBeDefined();
    if (up) white.play(up.move, up.capturedLo, up.capturedHi);
    expect(white.toString()).toBe('B:WKc8:Ba5');
    const black = position('B:Wh5:Bd2');
    const down = legalMoves(black).find((m) => m.text === 'd2-e1');
    if (down) black.play(down.move, down.capturedLo, down.capturedHi);
    expect(black.toString()).toBe('W:Wh5:BKe1');
  });

  it('counts plies without progress: king moves add one, a man move or capture resets', () => {
    const p = position('W:WKa1,c2:BKh8,f7');
    const play = (text: string) => {
      const m = legalMoves(p).find((x) => x.text === text);
      if (!m) throw new Error(`no ${text} in ${p.toString()}`);
      p.play(m.move, m.capturedLo, m.capturedHi);
    };
    play('a1-b1');
    play('h8-g8');
    expect(p.quietPlies).toBe(2);
    play('c2-c3');
    expect(p.quietPlies).toBe(0);
  });
});
