/**
 * The puzzle file: written and read back the same, and every kind of bad file refused with
 * an error that names the file and the line.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_MARGIN, CHECK_THRESHOLDS, SCREEN_THRESHOLDS } from '../../src/puzzles/judge.js';
import { SHOT_PUZZLE } from './shot.js';
import { formatPuzzleFile, parsePuzzleFile, PUZZLE_FORMAT, PUZZLE_FORMAT_VERSION, type Puzzle, type PuzzleHeader } from '../../src/puzzles/puzzle-file.js'; // prettier-ignore

const HEADER: PuzzleHeader = {
  format: PUZZLE_FORMAT,
  version: PUZZLE_FORMAT_VERSION,
  variant: 'armenian',
  count: 1,
  command: 'tama puzzles mine games.pdn --out p.jsonl',
  engine: 'Tama 0.1.0',
  bench: 2344844,
  settings: {
    screenNodes: 8000,
    checkNodes: 200000,
    multiPv: 2,
    threads: 1,
    hashMb: 16,
    egdbPath: null,
    screen: SCREEN_THRESHOLDS,
    check: CHECK_THRESHOLDS,
    checkMargin: CHECK_MARGIN,
    maxSolverMoves: 3,
    seed: 1,
    branches: true,
    sources: ['games.pdn'],
  },
};

const PUZZLE: Puzzle = { ...SHOT_PUZZLE, rating: 1, source: 'games.pdn game 1 ply 0' };

const text = (header: object, ...puzzles: object[]) =>
  [header, ...puzzles].map((value) => JSON.stringify(value)).join('\n') + '\n';

function refused(fileText: string): string {
  const read = parsePuzzleFile(fileText, 'p.jsonl');
  if (read.ok) throw new Error('the file was read');
  return read.error.message;
}

describe('puzzle file', () => {
  it('reads back what it writes', () => {
    const written = formatPuzzleFile(HEADER, [PUZZLE]);
    expect(written.split('\n')).toHaveLength(3);
    const read = parsePuzzleFile(written, 'p.jsonl');
    expect(read.ok && read.value).toEqual({ header: HEADER, puzzles: [PUZZLE] });
  });

  it('writes the count of the puzzles it is given', () => {
    const read = parsePuzzleFile(formatPuzzleFile({ ...HEADER, count: 7 }, []), 'p.jsonl');
    expect(read.ok && read.value.header.count).toBe(0);
  });

  it.each([
    ['an empty file', '', /^p\.jsonl: line 1: empty file/],
    ['a line that is not JSON', text(HEADER) + '{"id": \n', /^p\.jsonl: line 2: not JSON/],
    ['a JSON array', '[1]\n', /^p\.jsonl: line 1: not a JSON object/],
    ['another format', text({ ...HEADER, format: 'x' }), /^p\.jsonl: line 1: not a puzzle file header/], // prettier-ignore
    ['a later version', text({ ...HEADER, version: 2 }), /^p\.jsonl: line 1: version 2 is not read/], // prettier-ignore
    ['an unknown variant', text({ ...HEADER, variant: 'russian' }), /line 1: unknown variant "russian"/], // prettier-ignore
    ['no check thresholds', text({ ...HEADER, settings: {} }), /line 1: settings must be an object with the check thresholds/], // prettier-ignore
    ['a count that disagrees', text({ ...HEADER, count: 2 }, PUZZLE), /^p\.jsonl: line 1: the header says 2 puzzles, the file has 1/], // prettier-ignore
    ['bad position text', text(HEADER, { ...PUZZLE, position: 'W:Wz9:B' }), /^p\.jsonl: line 2: bad position text: 'z9'/], // prettier-ignore
    ['an id that is not the key', text(HEADER, { ...PUZZLE, id: '0123456789abcdef' }), /line 2: id 0123456789abcdef is not the position's key/], // prettier-ignore
    ['an illegal move', text(HEADER, { ...PUZZLE, line: ['h4xh7xa7', 'g1-g2', 'a7-a1'] }), /^p\.jsonl: line 2: move 2 of the line: .*g1-g2/], // prettier-ignore
    ['a short capture text', text(HEADER, { ...PUZZLE, line: ['h4xa7'] }), /line 2: move 1 of the line: write 'h4xa7' in full, 'h4xh7xa7'/], // prettier-ignore
    ['a line ending on a reply', text(HEADER, { ...PUZZLE, line: ['h4xh7xa7', 'g1xg5'] }), /line 2: line must be an odd number of moves/], // prettier-ignore
    ['a check no deeper than the rating', text(HEADER, { ...PUZZLE, rating: 7 }), /line 2: the check's depth 8 is not 2 deeper than the rating 7/], // prettier-ignore
    ['scores with a second winning move', text(HEADER, { ...PUZZLE, second: 'cp 120' }), /line 2: the scores 'cp 266' and 'cp 120' do not show one winning move/], // prettier-ignore
    ['an unknown proof', text(HEADER, { ...PUZZLE, proof: 'hope' }), /line 2: proof must be one of material, forced-win, tables/], // prettier-ignore
    ['a missing field', text(HEADER, { ...PUZZLE, source: undefined }), /line 2: source must be text/], // prettier-ignore
    ['a puzzle listed twice', text({ ...HEADER, count: 2 }, PUZZLE, PUZZLE), /^p\.jsonl: line 3: puzzle [0-9a-f]{16} is listed twice/], // prettier-ignore
  ])('refuses %s', (_, fileText, message) => {
    expect(refused(fileText)).toMatch(message);
  });
});
