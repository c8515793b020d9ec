/**
 * The puzzle file: written and read back the same, and every kind of bad file refused with
 * an error that names the file and the line.
 */
import { describe, expect, it } from 'vitest';
import { HEADER_SETTINGS, SHOT_PUZZLE } from './shot.js';
import { formatPuzzleFile, parsePuzzleFile, PUZZLE_FORMAT, PUZZLE_FORMAT_VERSION, type Puzzle, type PuzzleHeader } from '../../src/puzzles/puzzle-file.js'; // prettier-ignore

const HEADER: PuzzleHeader = {
  format: PUZZLE_FORMAT,
  version: PUZZLE_FORMAT_VERSION,
  variant: 'armenian',
  count: 1,
  command: 'tama puzzles mine games.pdn --out p.jsonl',
  engine: 'Tama 0.1.0',
  bench: 2344844,
  settings: HEADER_SETTINGS,
};

const PUZZLE: Puzzle = { ...SHOT_PUZZLE, rating: 1200, source: 'games.pdn game 1 ply 0' };

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

  it('reads a record made before found and claim were recorded: its rating was the depth found', () => {
    const { found: _found, claim: _claim, ...old } = { ...PUZZLE, rating: 2 };
    const read = parsePuzzleFile(text(HEADER, old), 'p.jsonl');
    expect(read.ok && read.value.puzzles[0]).toEqual({ ...PUZZLE, rating: 2, found: 2, claim: 'wins material' }); // prettier-ignore
    const tables = parsePuzzleFile(text(HEADER, { ...old, proof: 'tables', best: 'mate 3' }), 'p.jsonl'); // prettier-ignore
    expect(tables.ok && tables.value.puzzles[0].claim).toBe('wins a won ending');
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
    ['no settings', text({ ...HEADER, settings: null }), /^p\.jsonl: line 1: settings must be an object$/], // prettier-ignore
    ['a check budget out of range', text({ ...HEADER, settings: { ...HEADER_SETTINGS, checkNodes: 1e15 } }), /^p\.jsonl: line 1: settings\.checkNodes must be a whole number from 1000 to 1000000000, not 1000000000000000$/], // prettier-ignore
    ['a Hash out of range', text({ ...HEADER, settings: { ...HEADER_SETTINGS, hashMb: 1e6 } }), /^p\.jsonl: line 1: settings\.hashMb must be a whole number from 1 to 4096, not 1000000$/], // prettier-ignore
    ['a fractional seed', text({ ...HEADER, settings: { ...HEADER_SETTINGS, seed: 1.5 } }), /line 1: settings\.seed must be a whole number from 0 to 4294967295, not 1\.5$/], // prettier-ignore
    ['text for a number', text({ ...HEADER, settings: { ...HEADER_SETTINGS, screenNodes: '8000' } }), /line 1: settings\.screenNodes must be a whole number .*, not "8000"$/], // prettier-ignore
    ['another MultiPV', text({ ...HEADER, settings: { ...HEADER_SETTINGS, multiPv: 3 } }), /line 1: settings\.multiPv must be 2, not 3$/], // prettier-ignore
    ['a threshold out of range', text({ ...HEADER, settings: { ...HEADER_SETTINGS, check: { winCp: 1e9, otherCp: 50 } } }), /line 1: settings\.check\.winCp must be a whole number from 1 to 100000, not 1000000000$/], // prettier-ignore
    ['a huge count', text({ ...HEADER, count: 1e12 }), /line 1: count must be a whole number from 0 to 1000000, not 1000000000000$/], // prettier-ignore
    ['a long bad value, quoted short', text({ ...HEADER, settings: { ...HEADER_SETTINGS, seed: 'x'.repeat(5000) } }), /not "x{39}\.\.\. \(5002 characters\)$/], // prettier-ignore
    ['a count that disagrees', text({ ...HEADER, count: 2 }, PUZZLE), /^p\.jsonl: line 1: the header says 2 puzzles, the file has 1/], // prettier-ignore
    ['bad position text', text(HEADER, { ...PUZZLE, position: 'W:Wz9:B' }), /^p\.jsonl: line 2: bad position text: 'z9'/], // prettier-ignore
    ['an id that is not the key', text(HEADER, { ...PUZZLE, id: '0123456789abcdef' }), /line 2: id 0123456789abcdef is not the position's key/], // prettier-ignore
    ['an illegal move', text(HEADER, { ...PUZZLE, line: ['h4xh7xa7', 'g1-g2', 'a7-a1'] }), /^p\.jsonl: line 2: move 2 of the line: .*g1-g2/], // prettier-ignore
    ['a short capture text', text(HEADER, { ...PUZZLE, line: ['h4xa7'] }), /line 2: move 1 of the line: write 'h4xa7' in full, 'h4xh7xa7'/], // prettier-ignore
    ['a line ending on a reply', text(HEADER, { ...PUZZLE, line: ['h4xh7xa7', 'g1xg5'] }), /line 2: line must be an odd number of moves/], // prettier-ignore
    ['a check no deeper than the depth found', text(HEADER, { ...PUZZLE, found: 7 }), /line 2: the check's depth 8 is not 2 deeper than the depth 7 the move was found at/], // prettier-ignore
    ['a rating out of range', text(HEADER, { ...PUZZLE, rating: 1e9 }), /line 2: rating must be a whole number from 1 to 4000, not 1000000000$/], // prettier-ignore
    ['an empty claim', text(HEADER, { ...PUZZLE, claim: '' }), /line 2: claim must be text of 1 to 80 characters/], // prettier-ignore
    ['scores with a second winning move', text(HEADER, { ...PUZZLE, second: 'cp 120' }), /line 2: the scores 'cp 266' and 'cp 120' do not show one winning move/], // prettier-ignore
    ['an unknown proof', text(HEADER, { ...PUZZLE, proof: 'hope' }), /line 2: proof must be one of material, forced-win, tables/], // prettier-ignore
    ['a missing field', text(HEADER, { ...PUZZLE, source: undefined }), /line 2: source must be text/], // prettier-ignore
    ['a puzzle listed twice', text({ ...HEADER, count: 2 }, PUZZLE, PUZZLE), /^p\.jsonl: line 3: puzzle [0-9a-f]{16} is listed twice/], // prettier-ignore
  ])('refuses %s', (_, fileText, message) => {
    expect(refused(fileText)).toMatch(message);
  });
});
