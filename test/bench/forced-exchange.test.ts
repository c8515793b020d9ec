/**
 * The forced exchange that judges a move's material (bench/forced-exchange.ts): a man left
 * to be taken, a shot that takes two for one, every side's capture choice, and a king's worth.
 */
import { describe, expect, it } from 'vitest';
import { parseMove } from '../../src/core/notation.js';
import type { Position } from '../../src/core/position.js';
import { position } from '../helpers.js';
import { ForcedExchange, KING_MEN, material, shortfall, someMoveGives, type MoveOutcome } from '../../bench/forced-exchange.js'; // prettier-ignore

/** The outcome of the move `text` among `outcomes` of `at`. */
function outcomeOf(at: Position, outcomes: readonly MoveOutcome[], text: string): MoveOutcome {
  const move = parseMove(at, text);
  if (!move.ok) throw new Error(move.error.message);
  const found = outcomes.find((o) => o.move === move.value.move && o.capturedLo === move.value.capturedLo && o.capturedHi === move.value.capturedHi); // prettier-ignore
  if (found === undefined) throw new Error(`no outcome for ${text}`);
  return found;
}

describe('ForcedExchange', () => {
  const exchange = new ForcedExchange();

  it('finds the man that b4-c5 leaves to c6xc4, where other moves keep the material level', () => {
    const start = position('W:Wa2,b2,c2,d2,e2,f2,h2,b3,d3,e3,f3,g3,h3,a4,b4,g4:Bb5,d5,e5,b6,c6,d6,f6,h6,a7,b7,c7,d7,e7,f7,g7,h7'); // prettier-ignore
    const outcomes = exchange.outcomes(start);
    expect(outcomes).toHaveLength(31);
    const gift = outcomeOf(start, outcomes, 'b4-c5');
    expect(gift.balance).toBe(-1);
    expect(shortfall(outcomes, gift)).toBe(1);
    expect(shortfall(outcomes, outcomeOf(start, outcomes, 'g4-h4'))).toBe(0);
    expect(someMoveGives(outcomes)).toBe(true);
  });

  it('plays the exchange on past the first capture: c4-c5 gives one man and takes two', () => {
    // c6xc4 is forced (b5 and d5 cannot take c5: b5 and d5 block each other's landing),
    // then d4xb4xb6 takes c4 and b5.
    const shot = position('W:Wd3,c4,d4,e4:Bb5,d5,c6,d6');
    const outcomes = exchange.outcomes(shot);
    const sacrifice = outcomeOf(shot, outcomes, 'c4-c5');
    expect(sacrifice.balance).toBe(1);
    expect(shortfall(outcomes, sacrifice)).toBe(0);
    // e4-e5 lets d5xf5 take a man: two behind the shot.
    expect(shortfall(outcomes, outcomeOf(shot, outcomes, 'e4-e5'))).toBe(2);
  });

  it('lets the taker choose the capture that leaves it the most', () => {
    // White a man up. After c4-c5, c6xc4 would lose two to c3xc5xe5; d5xb5 wins the man
    // back and keeps it.
    const choice = position('W:Wc2,h2,c3,c4:Bd5,c6,h7');
    const outcomes = exchange.outcomes(choice);
    const gift = outcomeOf(choice, outcomes, 'c4-c5');
    expect(gift.balance).toBe(0);
    expect(shortfall(outcomes, gift)).toBe(1);
    expect(shortfall(outcomes, outcomeOf(choice, outcomes, 'h2-h3'))).toBe(0);
  });

  it('says no move gives a man where none can be taken', () => {
    const quiet = position('W:Wa2,h2:Ba7,h7');
    expect(someMoveGives(exchange.outcomes(quiet))).toBe(false);
  });

  it('counts a king as KING_MEN men', () => {
    const kings = position('W:Wa2,Kd4:Bh7,Kh8');
    expect(material(kings.state, 0)).toBe(1 + KING_MEN);
    expect(material(kings.state, 1)).toBe(1 + KING_MEN);
  });
});
