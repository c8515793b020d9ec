/** The evaluation: its terms against plain square-by-square counts, and its symmetry. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import {
  DEFAULT_EVAL_WEIGHTS,
  Evaluators,
  formatEvalWeights,
  parseEvalWeights,
  type EvalWeightSet,
} from '../../src/search/eval.js';
import { position, seededRandom } from '../helpers.js';

const evaluators = new Evaluators();
const WEIGHTS = DEFAULT_EVAL_WEIGHTS.armenian;
const evaluate = (rules: Position['rules'], state: Int32Array) =>
  evaluators.for(rules).evaluate(state);
const evaluateWithTerms = (rules: Position['rules'], state: Int32Array) =>
  evaluators.for(rules).evaluateWithTerms(state);

/** Men of `color` with no enemy piece ahead on their file or a neighbouring one. */
function naiveRunaways(p: Position, color: 0 | 1): number {
  const enemy = [...p.squares(1 - color), ...p.squares(3 - color)];
  return p.squares(color).filter((square) =>
    enemy.every((e) => {
      const ahead = color === 0 ? e >> 3 > square >> 3 : e >> 3 < square >> 3;
      return !(ahead && Math.abs((e & 7) - (square & 7)) <= 1);
    }),
  ).length;
}

/** The colours swapped and the board turned upside down: the same game for the other side. */
function mirrored(p: Position): Position {
  const flip = (s: number) => (7 - (s >> 3)) * 8 + (s & 7);
  const name = (s: number) => 'abcdefgh'[s & 7] + String((s >> 3) + 1);
  const list = (men: number[], kings: number[]) =>
    [...men.map((s) => name(flip(s))), ...kings.map((s) => 'K' + name(flip(s)))].join(',');
  const text = `${p.sideToMove === 0 ? 'B' : 'W'}:W${list(p.squares(1), p.squares(3))}:B${list(p.squares(0), p.squares(2))}`; // prettier-ignore
  return position(text, p.rules.name);
}

describe('evaluation', () => {
  it('counts runaway men as a square-by-square check does, along random games', () => {
    const random = seededRandom(99);
    let checked = 0;
    for (let game = 0; game < 30; game++) {
      const p = Position.start();
      for (let ply = 0; ply < 120; ply++) {
        const { terms } = evaluateWithTerms(p.rules, p.state);
        const white = p.squares(3).length === 0 ? naiveRunaways(p, 0) : 0;
        const black = p.squares(2).length === 0 ? naiveRunaways(p, 1) : 0;
        expect(terms.runaway, p.toString()).toBe((white - black) * WEIGHTS.runawayMan);
        checked++;
        const moves = legalMoves(p);
        if (moves.length === 0) break;
        const m = moves[Math.floor(random() * moves.length)];
        p.play(m.move, m.capturedLo, m.capturedHi);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('scores a position and its colour-mirrored twin the same for the side to move', () => {
    const random = seededRandom(5);
    for (let game = 0; game < 20; game++) {
      const p = Position.start(game % 2 === 0 ? 'armenian' : 'turkish');
      for (let ply = 0; ply < 60; ply++) {
        const twin = mirrored(p);
        expect(evaluate(twin.rules, twin.state), p.toString()).toBe(evaluate(p.rules, p.state));
        const moves = legalMoves(p);
        if (moves.length === 0) break;
        const m = moves[Math.floor(random() * moves.length)];
        p.play(m.move, m.capturedLo, m.capturedHi);
      }
    }
  });

  it('values a king above a man and material above everything else in a quiet position', () => {
    const up = position('W:WKd4,a2:Ba7');
    const even = position('W:Wd4,a2:Ba7');
    expect(evaluate(up.rules, up.state)).toBeGreaterThan(evaluate(even.rules, even.state));
    const extraMan = position('W:Wa2,c2,h2:Bb7,g7');
    expect(evaluate(extraMan.rules, extraMan.state)).toBeGreaterThan(50);
  });

  it('lists terms that add up to the score', () => {
    const p = position('B:Wa2,c3,Kd5:Bb7,g6,h6');
    const { score, terms } = evaluateWithTerms(p.rules, p.state);
    const sum = Object.values(terms).reduce((a: number, b: number) => a + b, 0);
    expect(score).toBe(-sum);
  });
});

describe('weights files', () => {
  const shipped = readFileSync(new URL('../../data/eval-weights.json', import.meta.url), 'utf8');
  const hand = readFileSync(new URL('../../data/eval-weights-hand.json', import.meta.url), 'utf8');
  const v1 = readFileSync(new URL('../fixtures/eval-weights-v1.json', import.meta.url), 'utf8');
  const withArmenian = (change: Record<string, unknown>) => {
    const data = JSON.parse(shipped) as { variants: Record<string, Record<string, unknown>> };
    Object.assign(data.variants.armenian, change);
    return JSON.stringify(data);
  };

  it('reads the shipped file as the default weights, and writes it back the same', () => {
    const parsed = parseEvalWeights(shipped);
    expect(parsed).toEqual({ ok: true, value: DEFAULT_EVAL_WEIGHTS });
    const again = parseEvalWeights(formatEvalWeights(DEFAULT_EVAL_WEIGHTS, 'round trip'));
    expect(again.ok && again.value).toEqual(DEFAULT_EVAL_WEIGHTS);
  });

  it('reads a version 1 file as the version 2 weights that evaluate the same', () => {
    const old = parseEvalWeights(v1);
    const converted = parseEvalWeights(hand);
    expect(old.ok && converted.ok).toBe(true);
    if (!old.ok || !converted.ok) return;
    expect(old.value).toEqual(converted.value);
    expect(old.value.armenian.manSquare.slice(12, 16)).toEqual([0, 4, 8, 8]); // rank 4: advance 4, edge -4, centre +4
  });

  it.each([
    ['{', /not JSON/],
    ['[]', /JSON object/],
    [shipped.replace('"tama-eval-weights"', '"other"'), /"format" must be "tama-eval-weights"/],
    [shipped.replace('"version": 2', '"version": 3'), /"version" must be 1 or 2, got 3/],
    [withArmenian({ king: 3.5 }), /variants\.armenian\.king must be a whole number/],
    [withArmenian({ man: 0 }), /variants\.armenian\.man must be a whole number from 1/],
    [withArmenian({ kings: 330 }), /variants\.armenian\.kings is not a weight/],
    [withArmenian({ manSquare: [1, 2, 3] }), /manSquare must be 32 whole numbers/],
    [withArmenian({ kingSquare: new Array(32).fill(1001) }), /kingSquare must be 32 whole numbers from -1000 to 1000/], // prettier-ignore
    [withArmenian({ manAdvance: [0, 0, 0, 4, 9, 16, 32, 0] }), /manAdvance is not a weight/],
    [v1.replace('"mobility": 2', '"mobility": 2.5'), /variants\.armenian\.mobility must be a whole number/], // prettier-ignore
    [JSON.stringify({ ...JSON.parse(shipped), variants: { armenian: {} } }), /variants\.armenian\.man must be/], // prettier-ignore
    [shipped.replace('"variants": {', '"variants": { "russian": {},'), /variants\.russian is not a variant/], // prettier-ignore
    [withArmenian({ tempo: undefined }), /variants\.armenian\.tempo must be/],
  ])('refuses a bad file with an error that names the fault (%#)', (text, message) => {
    const parsed = parseEvalWeights(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toMatch(message);
  });

  it('evaluates with the weights it was given, per variant', () => {
    const doubled: EvalWeightSet = {
      ...DEFAULT_EVAL_WEIGHTS,
      armenian: { ...DEFAULT_EVAL_WEIGHTS.armenian, man: 2 * DEFAULT_EVAL_WEIGHTS.armenian.man },
    };
    const p = position('W:Wa2,c2,h2:Bb7,g7');
    const own = new Evaluators(doubled);
    const base = evaluators.for(p.rules).evaluateWithTerms(p.state);
    const changed = own.for(p.rules).evaluateWithTerms(p.state);
    expect(changed.terms.material).toBe(2 * base.terms.material);
    const turkish = position('W:Wa2,c2,h2:Bb7,g7', 'turkish');
    expect(own.for(turkish.rules).evaluate(turkish.state)).toBe(
      evaluators.for(turkish.rules).evaluate(turkish.state),
    );
  });
});

describe('a weights file, term by term', () => {
  // Every weight a different number, square tables holding their own index (kings: twice it).
  const file = formatEvalWeights(
    {
      ...DEFAULT_EVAL_WEIGHTS,
      armenian: {
        man: 100,
        king: 300,
        kingPerMan: 2,
        manSquare: Array.from({ length: 32 }, (_, i) => i),
        kingSquare: Array.from({ length: 32 }, (_, i) => 2 * i),
        homeRowGuard: 50,
        manMobility: 3,
        kingMobility: 1,
        backedMan: 7,
        manPair: 11,
        runawayMan: 13,
        tempo: 17,
        endingTempo: 19,
        kingsOnlyDrawDivisor: 4,
      },
    },
    'test',
  );
  const parsed = parseEvalWeights(file);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const own = new Evaluators(parsed.value);

  it('scores a position with kings exactly as the weights say', () => {
    const p = position('W:Wc2,d2,d3,Ka5:Bh6,Kh1');
    expect(own.for(p.rules).evaluateWithTerms(p.state)).toEqual({
      score: 252,
      terms: {
        material: 200, // two men up; kings even (300 + 2 per man on the board, each)
        'men squares': 16, // c2 6 + d2 7 + d3 11, less h6 (Black's third rank, edge) 8
        'king squares': -24, // a5 2 * 16, less h1 (Black's last rank, edge) 2 * 28
        'home row': 0, // only 4 men on the board
        mobility: 25, // men 11 steps against 3, times 3; kings 19 slides against 18
        formation: 18, // d3 backed by d2: 7; c2-d2 a pair: 11
        runaway: 0, // both sides have a king
        tempo: 17, // White to move; kings on the board: no ending tempo
      },
    });
  });

  it('scores a men-only ending with Black to move exactly as the weights say', () => {
    const p = position('B:Wc2,d2,d3:Bh6');
    const { score, terms } = own.for(p.rules).evaluateWithTerms(p.state);
    expect(terms).toMatchObject({ runaway: (3 - 1) * 13, tempo: -(17 + 19), mobility: 24 });
    expect(score).toBe(-(200 + 16 + 24 + 18 + 26 - 36));
  });

  it('divides a kings-only ending of about equal forces', () => {
    const p = position('W:WKa5:BKh1');
    const { score, terms } = own.for(p.rules).evaluateWithTerms(p.state);
    const sum = Object.values(terms).reduce((a, b) => a + b, 0);
    expect(terms.mobility).toBe(0); // 21 slides each
    expect(sum).toBe(32 - 56 + 17); // squares and tempo
    expect(score).toBe(Math.trunc(sum / 4));
  });
});
