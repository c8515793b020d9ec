/**
 * `tama puzzles mine` and `tama puzzles check` through the built command and the real
 * engine: a small game's one puzzle mined into a file with its header, checked again the
 * same, and bad files and options refused in one line.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePuzzleFile } from '../../src/puzzles/puzzle-file.js';
import { requireBuild, runTama, writeFileIn } from '../helpers.js';

beforeAll(requireBuild);

const folder = mkdtempSync(join(tmpdir(), 'tama-puzzles-'));

/** The shot of mine.test.ts: only h4xh7xa7 keeps the White king. */
const GAMES = `[Event "shot"]
[Result "*"]
[FEN "W:Wf3,g3,h3,Kh4:BKg1,h6,f7"]

1. h4xh7xa7 *
`;

const tama = runTama;
const file = (name: string, text: string) => writeFileIn(folder, name, text);

describe('tama puzzles', () => {
  it('mines a small game into a file that records how it was made, and checks it again', async () => {
    const games = file('shot.pdn', GAMES);
    const out = join(folder, 'shot.jsonl');
    const mined = await tama(['puzzles', 'mine', games, '--out', out, '--screen-nodes', '2000', '--check-nodes', '30000', '--max-solver-moves', '1']); // prettier-ignore
    expect(mined.code).toBe(0);
    expect(mined.stderr).toMatch(/^2 positions to search in 1 games$/m);
    expect(mined.stderr).toMatch(/^puzzle 1: W:Wf3,g3,h3,Kh4:BKg1,h6,f7 h4xh7xa7 \(rating \d+;/m);
    expect(mined.stderr).toMatch(/^1 puzzles written to /m);
    const read = parsePuzzleFile(readFileSync(out, 'utf8'), out);
    if (!read.ok) throw new Error(read.error.message);
    const { header, puzzles } = read.value;
    expect(header.command).toBe(`tama puzzles mine ${games} --out ${out} --screen-nodes 2000 --check-nodes 30000 --max-solver-moves 1`); // prettier-ignore
    expect(header.engine).toBe('Tama 0.1.0');
    expect(header.bench).toBeGreaterThan(0);
    expect(header.settings).toMatchObject({ screenNodes: 2000, checkNodes: 30000, multiPv: 2, threads: 1, seed: 1, branches: false, sources: [games] }); // prettier-ignore
    expect(puzzles.map((puzzle) => puzzle.line)).toEqual([['h4xh7xa7']]);

    const checked = await tama(['puzzles', 'check', out]);
    expect(checked.stdout).toBe('1 of 1 puzzles passed (1 with the recorded depth and rating), 0 failed\n'); // prettier-ignore
    expect(checked.code).toBe(0);
  }, 180_000);

  it('is in tama help, with its own help and examples', async () => {
    const root = await tama(['help']);
    expect(root.stdout).toMatch(/^ {2}puzzles +puzzles: positions where exactly one move wins$/m); // prettier-ignore
    expect(root.stdout).toMatch(/^ {2}tama puzzles mine games\.pdn --out p\.jsonl/m);
    const mine = await tama(['puzzles', 'mine', '--help']);
    expect(mine.code).toBe(0);
    expect(mine.stdout).toMatch(/^Usage: tama puzzles mine \[options\] <pdn\.\.\.>/m);
    expect(mine.stdout).toMatch(/--branches/);
    const check = await tama(['puzzles', 'check', '--help']);
    expect(check.stdout).toMatch(/tama puzzles check data\/puzzles-armenian\.jsonl/);
  }, 60_000);

  it('refuses a bad puzzle file naming its line, and bad usage', async () => {
    const bad = file('bad.jsonl', '{"format":"tama-puzzles","version":1}\nnot json\n');
    const checked = await tama(['puzzles', 'check', bad]);
    expect(checked.code).toBe(1);
    expect(checked.stderr).toBe(`error: ${bad}: line 2: not JSON: '${jsonError('not json')}'\n`);
    const noOut = await tama(['puzzles', 'mine', file('g.pdn', GAMES)]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/required option '--out <file>' not specified/);
    const missing = await tama(['puzzles', 'mine', join(folder, 'none.pdn'), '--out', join(folder, 'x.jsonl')]); // prettier-ignore
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: cannot read '.*none\.pdn'/);
  }, 60_000);
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}
