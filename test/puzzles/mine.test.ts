/**
 * Mining: candidate positions from games (each once, two legal moves or more, branches),
 * the miner's decisions over a scripted searcher, and the real engine finding a known
 * one-winning-move position in a small game while passing over positions without one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalMoves, parseMove } from '../../src/core/notation.js';
import { fail, ok, type Result } from '../../src/core/result.js';
import { candidatePositions, minePuzzles, type Candidate, type MineSettings } from '../../src/puzzles/mine.js'; // prettier-ignore
import { formatPuzzleFile, parsePuzzleFile, PUZZLE_FORMAT } from '../../src/puzzles/puzzle-file.js';
import { EngineSearcher, type PositionSearcher, type SearchReport } from '../../src/puzzles/searcher.js'; // prettier-ignore
import { position, requireBuild } from '../helpers.js';
import { BASE_RATING } from '../../src/puzzles/rating.js';
import {
  HEADER_SETTINGS,
  MATERIAL_POSITION,
  MATERIAL_PUZZLE,
  SHOT_POSITION,
  SHOT_PUZZLE,
} from './shot.js';
import { fileURLToPath } from 'node:url';

const PUZZLE = SHOT_POSITION;
const AFTER = 'B:Wf3,g3,h3,Ka7:BKg1';
const LATER = 'W:Wf3,h3,Ka7:BKg5';

const SETTINGS: MineSettings = { screenNodes: 2000, checkNodes: 30000, maxSolverMoves: 3, seed: 1 };

const line = (move: string, score: string, pv = move) => ({
  move,
  score: { unit: score.split(' ')[0] as 'cp' | 'mate', value: Number(score.split(' ')[1]) },
  pv: pv.split(' '),
  tbhits: 0,
});

function scripted(
  depth: number,
  ratedAt: number,
  best: ReturnType<typeof line>,
  second?: ReturnType<typeof line>,
): SearchReport {
  // prettier-ignore
  const bestByDepth = [];
  for (let d = 1; d <= depth; d++) bestByDepth.push({ depth: d, move: d >= ratedAt ? best.move : 'other' }); // prettier-ignore
  return { bestByDepth, depth, lines: second === undefined ? [best] : [best, second], bestmove: best.move }; // prettier-ignore
}

/** Answers each position from a table (by budget: the screen's, or the check's), recording calls. */
class ScriptedSearcher implements PositionSearcher {
  readonly calls: string[] = [];
  constructor(private readonly answers: Record<string, { screen?: SearchReport; check?: SearchReport }>) {} // prettier-ignore

  search(text: string, nodes: number): Promise<Result<SearchReport, 'engine-failed'>> {
    const pass = nodes === SETTINGS.screenNodes ? 'screen' : 'check';
    this.calls.push(`${pass} ${text}`);
    const answer = this.answers[text]?.[pass];
    return Promise.resolve(answer === undefined ? fail('engine-failed', `no answer for ${text}`) : ok(answer)); // prettier-ignore
  }
}

const WINNING = scripted(
  8,
  2,
  line('h4xh7xa7', 'mate 5', 'h4xh7xa7 g1xg5 a7-a1'),
  line('h4xh7xb7', 'cp -161'),
);
const candidates: Candidate[] = [{ position: PUZZLE, source: 'test game 1 ply 0' }];

/** The material puzzle's position, and the position after its first move. */
const MATERIAL = MATERIAL_POSITION;
const MATERIAL_AFTER = (() => {
  const after = position(MATERIAL_POSITION);
  const move = parseMove(after, 'b3-c4');
  if (!move.ok) throw new Error(move.error.message);
  after.play(move.value.move, move.value.capturedLo, move.value.capturedHi);
  return after.toString();
})();
const MATERIAL_WINNING = scripted(6, 1, line('b3-c4', 'cp 540', 'b3-c4 b4xd4 d3xd5xf5xf7'), line('d2-c2', 'cp 39')); // prettier-ignore
const materialCandidates: Candidate[] = [{ position: MATERIAL, source: MATERIAL_PUZZLE.source }];

describe('candidatePositions', () => {
  const game = { label: 'g.pdn game 1', fen: PUZZLE, moves: ['h4xh7xa7', 'g1xg5'] };

  it('takes each position with two legal moves or more once, named by game and ply', () => {
    const found = candidatePositions([game, { ...game, label: 'g.pdn game 2' }], 'armenian', 1);
    expect(found.ok && found.value.map((c) => `${c.position} @ ${c.source}`).sort()).toEqual([
      `${AFTER} @ g.pdn game 1 ply 1`,
      `${PUZZLE} @ g.pdn game 1 ply 0`,
      `${LATER} @ g.pdn game 1 ply 2`,
    ]);
  });

  it('with branches, adds the position after every other legal move that leaves a choice', () => {
    const found = candidatePositions([{ ...game, moves: ['h4xh7xa7'] }], 'armenian', 1, true);
    if (!found.ok) throw new Error(found.error.message);
    const sources = found.value.map((c) => c.source);
    let added = 0;
    for (const move of legalMoves(position(PUZZLE))) {
      if (move.text === 'h4xh7xa7') continue;
      const after = position(PUZZLE);
      after.play(move.move, move.capturedLo, move.capturedHi);
      const choice = legalMoves(after).length >= 2;
      expect(sources.includes(`g.pdn game 1 ply 0 after ${move.text}`)).toBe(choice);
      if (choice) expect(found.value.map((c) => c.position)).toContain(after.toString());
      if (choice) added++;
    }
    expect(added).toBeGreaterThan(0);
    expect(found.value).toHaveLength(2 + added);
  });

  it('gives the same order for the same seed', () => {
    const branches = (seed: number) => candidatePositions([game], 'armenian', seed, true);
    expect(branches(3)).toEqual(branches(3));
  });

  it('names the game and move of an illegal move', () => {
    const found = candidatePositions([{ ...game, moves: ['h4xh7xa7', 'g1-g2'] }], 'armenian', 1);
    expect(!found.ok && found.error.message).toMatch(/^g\.pdn game 1: move 2: .*g1-g2/);
  });
});

describe('minePuzzles with a scripted searcher', () => {
  it('plays a material puzzle on until the gain is on the board and the board is quiet', async () => {
    const searcher = new ScriptedSearcher({ [MATERIAL]: { screen: MATERIAL_WINNING, check: MATERIAL_WINNING } }); // prettier-ignore
    const found = await minePuzzles(materialCandidates, 'armenian', searcher, SETTINGS);
    if (!found.ok) throw new Error(found.error.message);
    expect(found.value).toEqual([{ ...MATERIAL_PUZZLE, rating: found.value[0].rating }]);
    expect(found.value[0].rating).toBeGreaterThan(BASE_RATING);
    expect(searcher.calls).toEqual([`screen ${MATERIAL}`, `check ${MATERIAL}`]);
  });

  it('searches on where the principal variation stops before the gain', async () => {
    const short = scripted(6, 1, line('b3-c4', 'cp 540'), line('d2-c2', 'cp 39'));
    const searcher = new ScriptedSearcher({
      [MATERIAL]: { screen: short, check: short },
      [MATERIAL_AFTER]: { check: scripted(6, 1, line('b4xd4', 'cp -540', 'b4xd4 d3xd5xf5xf7')) },
    });
    const found = await minePuzzles(materialCandidates, 'armenian', searcher, SETTINGS);
    expect(found.ok && found.value.map((puzzle) => puzzle.line)).toEqual([MATERIAL_PUZZLE.line]);
    expect(searcher.calls).toEqual([`screen ${MATERIAL}`, `check ${MATERIAL}`, `check ${MATERIAL_AFTER}`]); // prettier-ignore
  });

  it('makes no material puzzle of a side already two men up, nor of a gain beyond the line', async () => {
    const ahead = 'W:Wa2,b2,c2:Bh7';
    const winning = scripted(6, 1, line('a2-a3', 'cp 400'), line('b2-b3', 'cp 0'));
    const searcher = new ScriptedSearcher({ [ahead]: { screen: winning, check: winning } });
    const found = await minePuzzles([{ position: ahead, source: 'x' }], 'armenian', searcher, SETTINGS); // prettier-ignore
    expect(found.ok && found.value).toEqual([]);
    expect(searcher.calls).toEqual([`screen ${ahead}`, `check ${ahead}`]);
    const one = new ScriptedSearcher({ [MATERIAL]: { screen: MATERIAL_WINNING, check: MATERIAL_WINNING } }); // prettier-ignore
    const tooShort = await minePuzzles(materialCandidates, 'armenian', one, { ...SETTINGS, maxSolverMoves: 1 }); // prettier-ignore
    expect(tooShort.ok && tooShort.value).toEqual([]);
  });

  it('plays a forced win on while the next move is the only win, and claims it', async () => {
    const searcher = new ScriptedSearcher({
      [PUZZLE]: { screen: WINNING, check: WINNING },
      [LATER]: {
        check: scripted(9, 3, line('a7-a1', 'mate 4'), line('f3-f4', 'cp 20')),
      },
    });
    const found = await minePuzzles(candidates, 'armenian', searcher, SETTINGS);
    if (!found.ok) throw new Error(found.error.message);
    expect(found.value.map((puzzle) => [puzzle.line, puzzle.proof, puzzle.claim, puzzle.found])).toEqual([[SHOT_PUZZLE.line, 'forced-win', 'forced win', 2]]); // prettier-ignore
    expect(searcher.calls).toEqual([`screen ${PUZZLE}`, `check ${PUZZLE}`, `check ${LATER}`]);
  });

  it('makes no one-move forced win that leaves the game going (the line must show why)', async () => {
    const searcher = new ScriptedSearcher({
      [PUZZLE]: { screen: WINNING, check: WINNING },
      [LATER]: { check: scripted(9, 3, line('a7-a1', 'mate 4'), line('f3-f4', 'mate 6')) },
    });
    const found = await minePuzzles(candidates, 'armenian', searcher, SETTINGS);
    expect(found.ok && found.value).toEqual([]);
  });

  it.each([
    ['the screen sees no win', scripted(4, 1, line('b3-c4', 'cp 90'), line('d2-c2', 'cp 0')), MATERIAL_WINNING], // prettier-ignore
    ['the check sees a second win', MATERIAL_WINNING, scripted(6, 1, line('b3-c4', 'cp 540'), line('d2-c2', 'cp 210'))], // prettier-ignore
    ['the check is not 2 deeper than the depth found', MATERIAL_WINNING, scripted(6, 5, line('b3-c4', 'cp 540'), line('d2-c2', 'cp 0'))], // prettier-ignore
    ['the engine names an illegal move', MATERIAL_WINNING, scripted(6, 1, line('b3-b5', 'cp 540'), line('d2-c2', 'cp 0'))], // prettier-ignore
  ])('makes no puzzle when %s', async (_, screen, check) => {
    const searcher = new ScriptedSearcher({ [MATERIAL]: { screen, check } });
    const found = await minePuzzles(materialCandidates, 'armenian', searcher, SETTINGS);
    expect(found.ok && found.value).toEqual([]);
  });

  it('stops at the limit, on a stop signal, and on an engine failure', async () => {
    const two: Candidate[] = [...materialCandidates, { position: AFTER, source: 'x' }];
    const answers = { [MATERIAL]: { screen: MATERIAL_WINNING, check: MATERIAL_WINNING } };
    const limited = await minePuzzles(two, 'armenian', new ScriptedSearcher(answers), { ...SETTINGS, limit: 1 }); // prettier-ignore
    expect(limited.ok && limited.value).toHaveLength(1);
    const failed = await minePuzzles(two, 'armenian', new ScriptedSearcher(answers), SETTINGS);
    expect(!failed.ok && failed.error).toEqual({ code: 'engine-failed', message: `no answer for ${AFTER}` }); // prettier-ignore
    const controller = new AbortController();
    controller.abort();
    const stopped = await minePuzzles(two, 'armenian', new ScriptedSearcher(answers), SETTINGS, { signal: controller.signal }); // prettier-ignore
    expect(!stopped.ok && stopped.error.code).toBe('aborted');
  });
});

describe('minePuzzles with the engine', () => {
  let searcher: EngineSearcher;
  let bench: number | undefined;
  const tama = fileURLToPath(new URL('../../bin/tama.js', import.meta.url));

  beforeAll(async () => {
    requireBuild();
    const started = await EngineSearcher.start({ program: process.execPath, args: [tama] }, { variant: 'armenian', hashMb: 16 }); // prettier-ignore
    if (!started.ok) throw new Error(started.error.message);
    ({ searcher, bench } = started.value);
  }, 120_000);
  afterAll(async () => searcher.close());

  it('finds the one winning move of a small game and nothing in quiet opening positions', async () => {
    const games = [
      { label: 'shot.pdn game 1', fen: MATERIAL, moves: ['b3-c4'] },
      { label: 'shot.pdn game 2', moves: ['c3-c4', 'f6-f5'] },
    ];
    const found = candidatePositions(games, 'armenian', 1);
    if (!found.ok) throw new Error(found.error.message);
    // The budgets the shipped files were mined with.
    const mined = await minePuzzles(found.value, 'armenian', searcher, { ...SETTINGS, screenNodes: 8000, checkNodes: 200_000 }); // prettier-ignore
    if (!mined.ok) throw new Error(mined.error.message);
    expect(
      mined.value.map((puzzle) => [
        puzzle.position,
        puzzle.line,
        puzzle.proof,
        puzzle.claim,
        puzzle.source,
      ]),
    ).toEqual([
      // prettier-ignore
      [MATERIAL, MATERIAL_PUZZLE.line, 'material', 'wins two men', 'shot.pdn game 1 ply 0'],
    ]);
    expect(mined.value[0].depth).toBeGreaterThanOrEqual(mined.value[0].found + 2);
    expect(bench).toBeGreaterThan(0);
    // What the miner found reads back as a puzzle file.
    const header = { format: PUZZLE_FORMAT, version: 1, variant: 'armenian', count: 1, command: 'test', engine: 'Tama', bench: bench ?? null, settings: HEADER_SETTINGS } as const; // prettier-ignore
    const read = parsePuzzleFile(formatPuzzleFile(header, mined.value), 'mined.jsonl');
    expect(read.ok).toBe(true);
  }, 120_000);
});
