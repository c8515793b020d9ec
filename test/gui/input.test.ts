/** Move input: selection, targets, final-square and hop-by-hop captures, explanations. */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { parseSquare as sq } from '../../src/core/square.js';
import { MoveInput } from '../../src/gui/page/input.js';
import { positionOf } from './helpers.js';

function inputFor(fen?: string): MoveInput {
  const position = fen === undefined ? Position.start() : positionOf(fen);
  return new MoveInput(position, legalMoves(position));
}

const names = (squares: readonly number[]) =>
  squares.map((s) => 'abcdefgh'[s & 7] + ((s >> 3) + 1)).sort();

describe('MoveInput', () => {
  it('selects a piece, shows its targets and plays a step by its target', () => {
    const input = inputFor();
    expect(input.click(sq('c3'))).toEqual({ kind: 'selected' });
    expect(names(input.targets())).toEqual(['b4', 'c4', 'd4']);
    const result = input.click(sq('c4'));
    expect(result.kind === 'move' && result.move.text).toBe('c3-c4');
    expect(input.selected).toBeUndefined();
  });

  it('explains a blocked piece and an illegal target', () => {
    const input = inputFor();
    expect(input.click(sq('c2'))).toEqual({
      kind: 'illegal',
      message: 'the piece on c2 has no legal move',
    });
    input.click(sq('c3'));
    expect(input.click(sq('c5'))).toEqual({
      kind: 'illegal',
      message: 'c3-c5 is not legal: c3 can go to c4, b4, d4',
    });
  });

  it('a click on the selected piece drops it; another own piece takes the selection', () => {
    const input = inputFor();
    input.click(sq('c3'));
    expect(input.click(sq('c3'))).toEqual({ kind: 'cleared' });
    input.click(sq('c3'));
    expect(input.click(sq('d3'))).toEqual({ kind: 'selected' });
    expect(input.selected).toBe(sq('d3'));
  });

  it('says a capture is compulsory, naming the pieces that can take', () => {
    const input = inputFor('W:Wc3,h2:Bc4');
    expect(input.maxCapture).toBe(1);
    expect(input.movable()).toEqual([sq('c3')]);
    expect(input.click(sq('h2'))).toEqual({
      kind: 'illegal',
      message: 'a capture is compulsory: take with c3',
    });
    input.click(sq('c3'));
    expect(input.click(sq('b3'))).toEqual({
      kind: 'illegal',
      message: 'a capture is compulsory: play c3xc5',
    });
  });

  it('names the maximum when a shorter capture is tried', () => {
    // d4 can take d5 and c6 (ending on b6), but the maximum takes c4, b5 and c6 (ending on d6).
    const input = inputFor('W:Wd4:Bd5,c6,c4,b5');
    expect(input.maxCapture).toBe(3);
    input.click(sq('d4'));
    const result = input.click(sq('b6'));
    expect(result).toEqual({
      kind: 'illegal',
      message: 'that capture takes 2, but the maximum capture takes 3: play d4xb4xb6xd6',
    });
  });

  it('plays a multi-capture by its final square when only one move ends there', () => {
    const input = inputFor('W:Wd4:Bd5,c6,c4,b5');
    input.click(sq('d4'));
    expect(names(input.targets())).toEqual(['b4', 'd6']);
    const result = input.click(sq('d6'));
    expect(result.kind === 'move' && result.move.text).toBe('d4xb4xb6xd6');
  });

  it('asks for hops when two captures end on the same square, then plays the one chosen', () => {
    // The king on a2 can go round either way to g8: over a3, d4, g7 or over a3, d6, g7.
    const input = inputFor('W:WKa2:Ba3,d4,d6,g7');
    input.click(sq('a2'));
    const ambiguous = input.click(sq('g8'));
    expect(ambiguous).toEqual({
      kind: 'illegal',
      message: '2 captures end on g8: click the squares of the one you mean hop by hop',
    });
    expect(input.selected).toBe(sq('a2'));
    const result = input.click(sq('a6'));
    expect(result.kind === 'move' && result.move.text).toBe('a2xa6xg6xg8');
  });

  it('keeps a capture open hop by hop while several moves still follow it', () => {
    const input = inputFor('W:WKa2:Ba3,d4,d6,g7');
    input.click(sq('a2'));
    // From a4 the king's path is forced: the hop completes the move.
    const result = input.click(sq('a4'));
    expect(result.kind === 'move' && result.move.text).toBe('a2xa4xg4xg8');
  });

  it('refuses a square that does not continue the capture under way', () => {
    const position = positionOf('W:WKb5:Bd4,c3,a4,c5,a6,b4');
    const input = new MoveInput(position, legalMoves(position));
    input.click(sq('b5'));
    expect(input.click(sq('b3'))).toEqual({ kind: 'hop' });
    expect(input.hops).toEqual([sq('b3')]);
    const wrong = input.click(sq('h8'));
    expect(wrong.kind).toBe('illegal');
    expect(wrong.kind === 'illegal' && wrong.message).toMatch(/^h8 does not continue this capture/);
  });
});
