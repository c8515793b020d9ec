/**
 * `tama analyse` through the built command and the real engine: a known blunder (a man left
 * hanging) is marked ?? with a better move, and bad files or options fail with one line.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseMove } from '../../src/core/notation.js';
import { parsePdn } from '../../src/pdn/pdn.js';
import { requireBuild, position, runTama, writeFileIn } from '../helpers.js';

beforeAll(requireBuild);

const root = fileURLToPath(new URL('../..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'tama-analyse-'));

/** White to move; c4-c5 lets c6xc4 take the man for nothing. */
const START = 'W:Wa2,b2,g2,h2,c4:Ba7,b7,g7,h7,c6';
const GAMES = `[Event "hanging man"]
[Result "*"]
[FEN "${START}"]

1. c4-c5 c6xc4 *

[Event "man kept"]
[Result "*"]
[FEN "${START}"]

1. c4-d5 *
`;

const tama = runTama;
const file = (name: string, text: string) => writeFileIn(folder, name, text);

describe('tama analyse', () => {
  it('marks a man left hanging ?? with a better move, and reads back as the same games', async () => {
    const games = file('hanging.pdn', GAMES);
    const out = join(folder, 'annotated.pdn');
    const run = await tama(['analyse', games, '--nodes', '20000', '--out', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^game 1 of 2, ply 0 of 2$/m);
    expect(run.stderr).toMatch(/^game 2 of 2, ply 1 of 1$/m);
    expect(run.stderr).toMatch(
      /^game 1 of 2: White 0 inaccuracies, 0 mistakes, 1 blunder; Black 0/m,
    );
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('[Annotator "Tama 0.1.0, 20000 nodes a position"]');
    const marked = /1\. c4-c5\?\? \{(\S+); blunder, better (\S+) (\S+)\} c6xc4 \{/.exec(text);
    expect(marked).not.toBeNull();
    if (marked === null) return;
    const [, after, better, betterScore] = marked;
    expect(better).not.toBe('c4-c5');
    expect(parseMove(position(START), better).ok).toBe(true);
    // The man is worth more than one man's difference between the two moves.
    expect(Number(betterScore) - Number(after)).toBeGreaterThan(1);
    // Keeping the man is not marked.
    expect(text).toMatch(/1\. c4-d5 \{[-+]?\d+\.\d\d\} \*/);
    const back = parsePdn(text);
    expect(back.ok && back.value.map((g) => g.moves)).toEqual([['c4-c5', 'c6xc4'], ['c4-d5']]);
  });

  it('writes to stdout without --out', async () => {
    const run = await tama(['analyse', file('one.pdn', '1. c3-d4 *\n'), '--nodes', '500']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\[Annotator "Tama 0\.1\.0, 500 nodes a position"\]\n\n\{White: .*\}\n1\. c3-d4\S* \{.*\} \*\n\n$/); // prettier-ignore
  });

  it('is listed by tama help, and its help gives examples and the default budget', async () => {
    const root = await tama(['help']);
    expect(root.stdout).toMatch(/^ {2}analyse \[options\] <pdn> +review every game of a PDN file/m);
    const help = await tama(['help', 'analyse']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--nodes <n> .*\(default:\s+200000\)/s);
    expect(help.stdout).toMatch(/^Examples:\n {2}tama analyse games\.pdn --out annotated\.pdn$/m);
  });

  it.each([
    [['missing.pdn'], 1, /^error: cannot read '.*missing\.pdn': ENOENT/],
    [['unclosed.pdn'], 1, /^error: .*unclosed\.pdn: not PDN: unclosed comment at offset \d+$/],
    [
      ['illegal.pdn'],
      1,
      /^error: .*illegal\.pdn: game 2: move 2 of the list: illegal move 'c6-c4'/,
    ],
    [['empty.pdn'], 1, /^error: .*empty\.pdn: no game in it$/],
    [['good.pdn', '--out', '.'], 1, /^error: cannot write '\.': it is a directory$/],
    [['good.pdn', '--engine', 'no-such-engine-program'], 1, /^error: the engine did not start: could not start: .*ENOENT/], // prettier-ignore
    [['good.pdn', '--engine', `"${process.execPath}" "${join(root, 'test/fixtures/crasher.mjs')}" --after 0`], 1, /^error: .*good\.pdn: game 1: the engine failed: exited with code 3$/], // prettier-ignore
    [['good.pdn', '--nodes', '0'], 2, /^error: option '--nodes <n>' argument '0' is invalid\. expected a whole number from 1 to 1000000000$/], // prettier-ignore
    [['good.pdn', '--variant', 'russian'], 2, /^error: option '--variant <name>' argument 'russian' is invalid/], // prettier-ignore
    [['good.pdn', '--engine', '"unclosed'], 2, /^error: --engine: /],
    [[], 2, /^error: missing required argument 'pdn'$/],
  ])('fails on %j with exit code %i and one line', async (args, code, message) => {
    file('unclosed.pdn', '[Event "x"]\n1. c3-d4 {never closed\n');
    file('illegal.pdn', `1. c3-d4 *\n\n[FEN "${START}"]\n1. c4-c5 c6-c4 *\n`);
    file('empty.pdn', '\n');
    file('good.pdn', '1. c3-d4 *\n');
    const [name, ...rest] = args;
    const run = await tama(['analyse', ...(name === undefined ? [] : [join(folder, name)]), ...rest]); // prettier-ignore
    expect(run.code).toBe(code);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(message);
    // A usage error adds where the help is; a failure at run time is one line.
    expect(lines.slice(1)).toEqual(code === 2 ? ["(run 'tama analyse --help' for usage and examples)"] : []); // prettier-ignore
    expect(run.stdout).toBe('');
  });
});
