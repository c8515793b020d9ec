/**
 * The shipped puzzle files, whole: each reads (every position parses, every line is legal
 * move by move in full text, every check deeper than the depth its move was found at,
 * every score one winning move), holds at least 300 puzzles of its variant with two legal
 * moves or more to choose from, and was made by the recorded command; every material
 * puzzle of a short line and a seeded sample of the longer pass the material check over the
 * rules core (material.ts); and a seeded sample
 * of each is searched again by this build at the file's settings and must still show its
 * first move as the only winning one (the whole files' check is `tama puzzles check`,
 * docs/puzzles.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { rulesFor, VARIANT_NAMES } from '../../src/core/variant.js';
import { seededRandom, shuffled } from '../../src/stats/random.js';
import { checkPuzzleMaterial, recheckPuzzle } from '../../src/puzzles/check.js';
import { MaterialSearch } from '../../src/puzzles/material.js';
import { parsePuzzleFile, type PuzzleFile } from '../../src/puzzles/puzzle-file.js';
import { EngineSearcher } from '../../src/puzzles/searcher.js';
import { position, requireBuild } from '../helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Puzzles of each file searched again in CI, drawn with a fixed seed. */
const SAMPLE = 2;
/**
 * The material check runs on every material puzzle whose line is this long or shorter (two
 * in three of them or more), and on LONG_SAMPLE of the longer ones: a line of 7 plies takes
 * a search of 8 plies for each first move, and the 14 such lines of the Armenian file mined
 * on 7 December took 190 s of its 257 s on the loaded two-core machine (`tama puzzles check`
 * checks them all).
 */
const SHORT_LINE = 3;
const LONG_SAMPLE = 6;

describe.each(VARIANT_NAMES)('data/puzzles-%s.jsonl', (variant) => {
  const name = `data/puzzles-${variant}.jsonl`;
  let file: PuzzleFile;
  let searcher: EngineSearcher;

  beforeAll(async () => {
    const read = parsePuzzleFile(readFileSync(`${root}${name}`, 'utf8'), name);
    if (!read.ok) throw new Error(read.error.message);
    file = read.value;
    requireBuild();
    const started = await EngineSearcher.start(
      { program: process.execPath, args: [`${root}bin/tama.js`] },
      // The shipped files were mined and proven with the engine's default evaluation (their
      // header's bench is its signature): the same evaluation checks them again.
      { variant, hashMb: file.header.settings.hashMb, egdbPath: file.header.settings.egdbPath ?? undefined }, // prettier-ignore
    );
    if (!started.ok) throw new Error(started.error.message);
    searcher = started.value.searcher;
  }, 120_000);
  afterAll(async () => searcher?.close());

  it('reads by the rules, holds 300 puzzles or more of its variant, and says what made it', () => {
    expect(file.header.variant).toBe(variant);
    expect(file.puzzles.length).toBeGreaterThanOrEqual(300);
    expect(file.header.command).toMatch(new RegExp(`^tama puzzles mine .*--variant ${variant} .*--out puzzles-${variant}\\.jsonl`)); // prettier-ignore
    expect(file.header.bench).toBeGreaterThan(0);
    for (const puzzle of file.puzzles) {
      expect(legalMoves(position(puzzle.position, variant)).length).toBeGreaterThanOrEqual(2);
    }
  });

  it(`has every material puzzle of up to ${SHORT_LINE} plies, and ${LONG_SAMPLE} longer ones drawn with seed 1, pass the material check`, () => {
    const search = new MaterialSearch(rulesFor(variant));
    const material = file.puzzles.filter((puzzle) => puzzle.proof === 'material');
    const short = material.filter((puzzle) => puzzle.line.length <= SHORT_LINE);
    const long = shuffled(material.filter((puzzle) => puzzle.line.length > SHORT_LINE), seededRandom(1)).slice(0, LONG_SAMPLE); // prettier-ignore
    // Most of the file, and longer lines among them: the check is not run on a handful.
    expect(short.length).toBeGreaterThan(material.length / 2);
    expect(long.length).toBe(LONG_SAMPLE);
    const failed = [...short, ...long].map((puzzle) => checkPuzzleMaterial(puzzle, variant, search)).filter((checked) => !checked.ok); // prettier-ignore
    expect(failed.map((checked) => !checked.ok && checked.error.message)).toEqual([]);
  }, 300_000);

  it(`still shows the only winning move of ${SAMPLE} puzzles drawn with seed 1`, async () => {
    const sample = shuffled(file.puzzles, seededRandom(1)).slice(0, SAMPLE);
    for (const puzzle of sample) {
      const checked = await recheckPuzzle(puzzle, file.header.settings, searcher);
      if (!checked.ok) throw new Error(checked.error.message);
      expect(checked.value.depth).toBeGreaterThanOrEqual(puzzle.found + 2);
    }
  }, 120_000);
});
