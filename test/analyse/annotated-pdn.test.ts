/** Annotated PDN: games read for review, written with marks and comments, read back by the PDN reader. */
import { describe, expect, it } from 'vitest';
import {
  annotatePdnText,
  formatAnnotatedGame,
  readPdnForReview,
} from '../../src/analyse/annotated-pdn.js';
import { reviewGame } from '../../src/analyse/review.js';
import { parsePdn } from '../../src/pdn/pdn.js';
import { pdnToGame } from '../../src/gui/page/pdn.js';
import { cp, ScriptedEvaluator, win } from './helpers.js';

const PDN = `[Event "test"]
[White "w"]
[Black "b"]
[Result "2-0"]
[FEN "W:Wa2,b2,g2,h2,c4:Ba7,b7,g7,h7,c6"]

1. c4-c5 {a comment} c6xc4 2. a2-a3 2-0

[Event "second"]
[Result "*"]
[FEN "B:Wh2:Ba7"]

1... a7-a6 2. h2-h3 *
`;

async function annotate(
  text: string,
  answers: ConstructorParameters<typeof ScriptedEvaluator>[0][],
) {
  const games = readPdnForReview(text);
  if (!games.ok) throw new Error(games.error.message);
  return Promise.all(
    games.value.map(async (game, i) => {
      const review = await reviewGame(game.game, new ScriptedEvaluator(answers[i]), { nodes: 10 });
      if (!review.ok) throw new Error(review.error.message);
      return formatAnnotatedGame(game, review.value, 'Tama, 10 nodes a position');
    }),
  );
}

describe('annotated PDN', () => {
  it('marks moves, comments every score and the better move, and keeps the tags', async () => {
    const [first] = await annotate(PDN, [
      [
        { score: cp(20), best: 'c4-d5' },
        { score: cp(150), best: 'c6xc4' },
        { score: cp(-150), best: 'a2-a3' },
        { score: cp(170) },
      ],
      [{ score: cp(0) }, { score: cp(0) }, { score: cp(0) }],
    ]);
    expect(first).toContain('[Event "test"]\n[White "w"]\n[Black "b"]\n[Result "2-0"]\n');
    expect(first).toContain('[Annotator "Tama, 10 nodes a position"]\n');
    expect(first).toContain('{White: 0 inaccuracies, 0 mistakes, 1 blunder; Black: 0 inaccuracies, 0 mistakes, 0 blunders}'); // prettier-ignore
    expect(first).toContain('1. c4-c5?? {-1.50; blunder, better c4-d5 +0.20} c6xc4 {-1.50}');
    expect(first).toMatch(/2\. a2-a3 \{-1\.70\}\s+2-0\n\n$/);
    expect(first).not.toContain('a comment');
  });

  it('reads back with the PDN reader and the page: the same moves, tags and result', async () => {
    const texts = await annotate(PDN, [
      [
        { score: cp(20), best: 'c4-d5' },
        { score: cp(150) },
        { score: cp(-150) },
        { score: cp(170) },
      ],
      [{ score: cp(0), best: 'a7-b7' }, { score: win(9), best: 'h2-g2' }, { score: cp(0) }],
    ]);
    const original = parsePdn(PDN);
    const back = parsePdn(texts.join(''));
    expect(original.ok && back.ok).toBe(true);
    if (!original.ok || !back.ok) return;
    expect(back.value.map((g) => g.moves)).toEqual(original.value.map((g) => g.moves));
    expect(back.value.map((g) => g.result)).toEqual(['2-0', '*']);
    expect(back.value[1].tags.get('FEN')).toBe('B:Wh2:Ba7');
    // Black moved first: numbered 1..., and the mark of a7-a6 (not the engine's a7-b7) is read past.
    expect(texts[1]).toMatch(/^1\.\.\. a7-a6\?* \{/m);
    const page = pdnToGame(texts[1], 'armenian');
    expect(page.ok && page.value.moves.map((m) => m.text)).toEqual(['a7-a6', 'h2-h3']);
  });

  it('names each capture by its whole path and writes the Variant tag of the review', async () => {
    const games = readPdnForReview('[FEN "W:Wa1,b3:Bb4,b6,c7,h8"]\n1. b3xd7 *\n', 'turkish');
    expect(games.ok && games.value[0].game).toEqual({
      variant: 'turkish',
      fen: 'W:Wa1,b3:Bb4,b6,c7,h8',
      moves: ['b3xb5xb7xd7'],
    });
    if (!games.ok) return;
    const engine = new ScriptedEvaluator([{ score: cp(300) }, { score: cp(-300) }]);
    const review = await reviewGame(games.value[0].game, engine, { nodes: 10 });
    if (!review.ok) throw new Error(review.error.message);
    const text = formatAnnotatedGame(games.value[0], review.value, 'x');
    expect(text).toContain('[Variant "Turkish"]');
    expect(text).toContain('1. b3xb5xb7xd7 {+3.00} *');
  });

  it("annotates the first game of a PDN text with its review, and refuses another game's", async () => {
    const games = readPdnForReview(PDN);
    if (!games.ok) throw new Error(games.error.message);
    const engine = new ScriptedEvaluator([{ score: cp(20), best: 'c4-d5' }, { score: cp(150) }, { score: cp(-150), best: 'a2-a3' }, { score: cp(170) }]); // prettier-ignore
    const review = await reviewGame(games.value[0].game, engine, { nodes: 10 });
    if (!review.ok) throw new Error(review.error.message);
    const annotated = annotatePdnText(PDN, review.value, 'Tama, 10 nodes a position');
    expect(annotated.ok && annotated.value).toContain('[White "w"]');
    expect(annotated.ok && annotated.value).toContain('1. c4-c5?? {-1.50; blunder, better c4-d5 +0.20}'); // prettier-ignore
    const other = annotatePdnText('1. c3-d4 *', review.value, 'x');
    expect(other).toMatchObject({ ok: false, error: { code: 'bad-game', message: 'the review is of another game' } }); // prettier-ignore
  });

  it.each([
    ['[Event "x"]\n1. c3-d4 {never closed', /^not PDN: unclosed comment/],
    ['', /^no game in it$/],
    ['[Variant "Russian"]\n1. c3-d4 *\n', /^game 1: unknown variant 'Russian'/],
    [
      '1. c3-d4 *\n\n[FEN "W:Wa1:Bh8"]\n1. a1-a3 *\n',
      /^game 2: move 1 of the list: illegal move 'a1-a3'/,
    ],
    ['[FEN "X:Wa1"]\n1. a1-a2 *\n', /^game 1: bad position text/],
  ])('refuses %j: %s', (text, message) => {
    const games = readPdnForReview(text);
    expect(games.ok).toBe(false);
    expect(!games.ok && games.error.message).toMatch(message);
  });
});
