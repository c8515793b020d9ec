/**
 * The second material check (material-check.ts) on named positions, and on the shipped
 * puzzle files: every line of every puzzle is legal by the plain rules, and of a seeded
 * sample of each file's material puzzles at least 95 % are confirmed by the second check's
 * own search.
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VARIANT_NAMES, type VariantName } from '../../src/core/variant.js';
import { seededRandom, shuffled } from '../../src/stats/random.js';
import { MATERIAL_POSITION, MATERIAL_PUZZLE } from '../puzzles/shot.js';
import { confirmMaterial, lineIsLegal } from './material-check.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Material puzzles of each shipped file searched by the second check, drawn with seed 1. */
const SAMPLE = 40;
/**
 * The sample is drawn from lines of up to 5 plies (nine in ten of the material puzzles): this
 * search has no table of moves to try first, and each line of 7 plies took it 14-19 s.
 */
const LONGEST_LINE = 5;
/** The share of the sample that must be confirmed. */
const BAR = 0.95;
/** A shipped file larger than this is refused before it is read. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

interface ShippedPuzzle {
  readonly id: string;
  readonly position: string;
  readonly line: readonly string[];
  readonly proof: string;
}

/** The puzzles of a shipped file, read line by line without the project's reader. */
function shippedPuzzles(variant: VariantName): ShippedPuzzle[] {
  const name = `${root}data/puzzles-${variant}.jsonl`;
  const size = statSync(name).size;
  if (size > MAX_FILE_BYTES) throw new Error(`${name}: ${size} bytes, more than ${MAX_FILE_BYTES}`); // prettier-ignore
  const [header, ...records] = readFileSync(name, 'utf8').trim().split('\n');
  expect((JSON.parse(header) as { variant: string }).variant).toBe(variant);
  return records.map((text) => JSON.parse(text) as ShippedPuzzle);
}

describe('confirmMaterial', () => {
  it('confirms a line that wins two men on a quiet board, the only first move to do so', () => {
    expect(confirmMaterial(MATERIAL_POSITION, MATERIAL_PUZZLE.line, 'armenian')).toBe('confirmed');
  });

  // Puzzles once shipped as winning material, each refused for its fault.
  it.each([
    ['armenian', 'one man on the board', 'B:WKa1,d2,e2,a3,c3,e3,f4,g4:BKg1,Kh1,e5,e6,f6,f7,h7', ['g1xg8'], 'no-gain'], // prettier-ignore
    ['armenian', 'the king wins them back', 'W:WKa1,d2,b5,c5:BKh5,a6,d6', ['a1xa8'], 'no-gain'],
    ['armenian', 'a capture pending at the end', 'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,e3,g3,h3,f4,g4:Bb5,e5,h5,a6,b6,c6,e6,h6,a7,b7,c7,d7,e7,f7,g7,h7', ['f4-f5', 'e5xg5', 'g4xg6xg8', 'h7-g6', 'g8xg5xa5'], 'capture-pending'], // prettier-ignore
    ['armenian', 'the best defence keeps all but a man', 'W:Wa2,b2,d2,e2,f2,g2,b3,c3,f3,g3,h3,c4,f4,g4,a5:Bc5,e5,f5,g5,a6,b6,c6,f6,g6,h6,a7,c7,d7,e7,h7', ['c4-d5', 'a6xa4', 'd5xb5xb7', 'f5-e4', 'f4xd4'], 'defended'], // prettier-ignore
    ['armenian', 'another first move wins as much', 'W:Wb2,c2,d2,h2,b3,c3,g6,Kd8:BKa4,a5,c5,g5,e6,c7,d7,e7,f7,h7', ['d8xd5xh5xh8'], 'other-move-gains'], // prettier-ignore
    [
      'turkish',
      'already two men up',
      'B:Wa3,h3,h4,g5:Ba5,f5,a6,b6,g6,h6',
      ['f5xh5'],
      'already-won',
    ],
    ['armenian', 'a man that cannot step two squares', 'W:Wa2:Bh7', ['a2-a4'], 'illegal-line'],
  ] as const)('%s: %s', (variant, _, position, line, outcome) => {
    expect(confirmMaterial(position, line, variant)).toBe(outcome);
  });
});

describe('lineIsLegal', () => {
  it.each([
    ['a quiet move', 'W:Wa2:Bh7', ['a2-a3'], true],
    ['a step too far', 'W:Wa2:Bh7', ['a2-a4'], false],
    ['a quiet move where a capture is compulsory', 'W:Wa2,h2:Ba3', ['h2-h3'], false],
    ['the capture', 'W:Wa2,h2:Ba3', ['a2xa4'], true],
    ['the reply by the wrong side', 'W:Wa2:Bh7', ['a2-a3', 'a3-a4'], false],
    ['an empty line', 'W:Wa2:Bh7', [], false],
  ] as const)('%s', (_, position, line, legal) => {
    expect(lineIsLegal(position, line, 'armenian')).toBe(legal);
  });
});

describe.each(VARIANT_NAMES)('data/puzzles-%s.jsonl by the second check', (variant) => {
  const puzzles = shippedPuzzles(variant);

  it('has every line legal by the plain rules', () => {
    const illegal = puzzles.filter((puzzle) => !lineIsLegal(puzzle.position, puzzle.line, variant));
    expect(illegal.map((puzzle) => puzzle.id)).toEqual([]);
  });

  it(`confirms ${BAR * 100} % or more of ${SAMPLE} material puzzles of up to ${LONGEST_LINE} plies drawn with seed 1`, () => {
    const material = puzzles.filter((puzzle) => puzzle.proof === 'material' && puzzle.line.length <= LONGEST_LINE); // prettier-ignore
    const sample = shuffled(material, seededRandom(1)).slice(0, SAMPLE);
    expect(sample.length).toBe(SAMPLE);
    const refused = sample
      .map((puzzle) => ({
        id: puzzle.id,
        outcome: confirmMaterial(puzzle.position, puzzle.line, variant),
      })) // prettier-ignore
      .filter(({ outcome }) => outcome !== 'confirmed');
    expect(sample.length - refused.length, JSON.stringify(refused)).toBeGreaterThanOrEqual(Math.ceil(BAR * sample.length)); // prettier-ignore
  }, 60_000);
});
