/**
 * `tama puzzles mine` and `tama puzzles check` through the built command and the real
 * engine: a small game's one puzzle mined into a file with its header, checked again the
 * same, a puzzle the material check refutes failed, a stop signal obeyed while the engine
 * searches, and bad files and options refused in one line.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePuzzleFile } from '../../src/puzzles/puzzle-file.js';
import { requireBuild, ROOT, runTama, writeFileIn } from '../helpers.js';
import { HEADER_SETTINGS, MATERIAL_POSITION, MATERIAL_PUZZLE, SHOT_PUZZLE } from './shot.js';

beforeAll(requireBuild);

const folder = mkdtempSync(join(tmpdir(), 'tama-puzzles-'));

/** The material puzzle of shot.ts: b3-c4 gives a man and d3 takes three back. */
const GAMES = `[Event "shot"]
[Result "*"]
[FEN "${MATERIAL_POSITION}"]

1. b3-c4 *
`;

const tama = runTama;
const file = (name: string, text: string) => writeFileIn(folder, name, text);

describe('tama puzzles', () => {
  it('mines a small game into a file that records how it was made, and checks it again', async () => {
    const games = file('shot.pdn', GAMES);
    const out = join(folder, 'shot.jsonl');
    const mined = await tama(['puzzles', 'mine', games, '--out', out]);
    expect(mined.code).toBe(0);
    expect(mined.stderr).toMatch(/^1 positions to search in 1 games$/m);
    expect(mined.stderr).toMatch(new RegExp(`^puzzle 1: ${MATERIAL_POSITION} b3-c4 b4xd4 d3xd5xf5xf7 \\(rating \\d+;`, 'm')); // prettier-ignore
    expect(mined.stderr).toMatch(/^1 puzzles written to /m);
    const read = parsePuzzleFile(readFileSync(out, 'utf8'), out);
    if (!read.ok) throw new Error(read.error.message);
    const { header, puzzles } = read.value;
    expect(header.command).toBe(`tama puzzles mine ${games} --out ${out}`);
    expect(header.engine).toBe('Tama 0.1.0');
    expect(header.bench).toBeGreaterThan(0);
    expect(header.settings).toMatchObject({ screenNodes: 8000, checkNodes: 200000, multiPv: 2, threads: 1, maxSolverMoves: 5, seed: 1, branches: false, sources: [games] }); // prettier-ignore
    expect(puzzles.map((puzzle) => [puzzle.line, puzzle.claim])).toEqual([[MATERIAL_PUZZLE.line, 'wins two men']]); // prettier-ignore

    const checked = await tama(['puzzles', 'check', out]);
    expect(checked.stdout).toBe('1 of 1 puzzles passed (1 with the recorded depths), 0 failed\n'); // prettier-ignore
    expect(checked.code).toBe(0);
  }, 180_000);

  it('fails a material puzzle that the material check refutes, before any search', async () => {
    const header = { format: 'tama-puzzles', version: 1, variant: 'armenian', count: 1, command: 'test', engine: 'Tama', bench: null, settings: HEADER_SETTINGS }; // prettier-ignore
    // One man won on the board: the king takes g3 back.
    const bad = file('one-man.jsonl', [header, SHOT_PUZZLE].map((x) => JSON.stringify(x)).join('\n') + '\n'); // prettier-ignore
    const checked = await tama(['puzzles', 'check', bad]);
    expect(checked.code).toBe(1);
    expect(checked.stderr).toMatch(new RegExp(`^failed: puzzle ${SHOT_PUZZLE.id}: material: the line wins 1 on the board, not 2$`, 'm')); // prettier-ignore
    expect(checked.stdout).toMatch(/^0 of 1 puzzles passed/);
  }, 120_000);

  it.each([
    ['check', 'SIGTERM'],
    ['mine', 'SIGINT'],
  ] as const)(
    'tama puzzles %s ends on %s while the engine searches, saying what it had done',
    async (command, signal) => {
      // prettier-ignore
      // Budgets no search would finish in the test's time: only the stop ends them.
      const header = { format: 'tama-puzzles', version: 1, variant: 'armenian', count: 1, command: 'test', engine: 'Tama', bench: null, settings: { ...HEADER_SETTINGS, checkNodes: 1_000_000_000 } }; // prettier-ignore
      const args =
      command === 'check'
        ? ['puzzles', 'check', file('long.jsonl', [header, MATERIAL_PUZZLE].map((x) => JSON.stringify(x)).join('\n') + '\n')] // prettier-ignore
        : ['puzzles', 'mine', file('long.pdn', GAMES), '--out', join(folder, 'long-mined.jsonl'), '--screen-nodes', '100000000']; // prettier-ignore
      const child = spawn(process.execPath, [join(ROOT, 'bin/tama.js'), ...args], { cwd: ROOT });
      let stderr = '';
      const searching = command === 'check' ? /^searching 1 puzzles again$/m : /^1 positions to search/m; // prettier-ignore
      child.stderr.setEncoding('utf8');
      const started = new Promise<void>((resolve) => {
        child.stderr.on('data', (chunk: string) => {
          stderr += chunk;
          if (searching.test(stderr)) resolve();
        });
      });
      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => resolve(code)),
      );
      await started;
      child.kill(signal);
      // 128 + the signal's number, as for every command.
      expect(await exited).toBe(signal === 'SIGTERM' ? 143 : 130);
      expect(stderr).toMatch(command === 'check' ? /^stopped: 0 of 1 puzzles searched again \(0 with the recorded depths\), 0 failed$/m : /^stopped: searched 0 of 1 positions; 0 puzzles written to .*long-mined\.jsonl$/m); // prettier-ignore
      if (command === 'mine') {
        // The file written so far is whole: its header and the puzzles found (none).
        const written = parsePuzzleFile(readFileSync(join(folder, 'long-mined.jsonl'), 'utf8'), 'long-mined.jsonl'); // prettier-ignore
        expect(written.ok && written.value.puzzles.length).toBe(0);
      }
    },
    180_000,
  );

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
    const header = { format: 'tama-puzzles', version: 1, variant: 'armenian', count: 0, command: 'test', engine: 'Tama', bench: null, settings: { ...HEADER_SETTINGS, checkNodes: 1e15 } }; // prettier-ignore
    const huge = file('huge.jsonl', JSON.stringify(header) + '\n');
    const hugeChecked = await tama(['puzzles', 'check', huge]);
    expect(hugeChecked.code).toBe(1);
    expect(hugeChecked.stderr).toBe(`error: ${huge}: line 1: settings.checkNodes must be a whole number from 1000 to 1000000000, not 1000000000000000\n`); // prettier-ignore
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
