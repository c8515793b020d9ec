/** The protocol side of an evaluation: the lines sent and the reading of info and bestmove. */
import { describe, expect, it } from 'vitest';
import { SearchReader, searchLines } from '../../src/analyse/evaluator.js';
import { parsePdn } from '../../src/pdn/pdn.js';

describe('searchLines', () => {
  it('sends the start or the position text, the moves, and the node budget', () => {
    expect(searchLines({ variant: 'armenian', moves: [], nodes: 5000 })).toEqual(['position startpos', 'go nodes 5000']); // prettier-ignore
    expect(searchLines({ variant: 'turkish', fen: 'W:Wa2:Bh7', moves: ['a2-a3', 'h7-h6'], nodes: 1 })).toEqual(['position fen W:Wa2:Bh7 moves a2-a3 h7-h6', 'go nodes 1']); // prettier-ignore
  });
});

describe('SearchReader', () => {
  it('keeps the last scored line of multipv 1 and pairs it with the bestmove', () => {
    const reader = new SearchReader();
    reader.info('info depth 4 seldepth 6 multipv 1 score cp 12 nodes 900 pv c3-d4 f6-g5');
    reader.info('info depth 5 seldepth 7 multipv 1 score cp -8 nodes 1800 pv b3-a4 f6-e5 a4-b4');
    reader.info('info depth 5 seldepth 7 multipv 2 score cp -30 nodes 1800 pv c3-d4');
    reader.info('info depth 6 currmove c3-d4 currmovenumber 1 nodes 2400 nps 9000 time 300');
    reader.info('info string warning: something');
    reader.info('info depth 5 nodes 5000 nps 9000 time 500');
    expect(reader.finish('b3-a4')).toEqual({
      ok: true,
      value: { score: { kind: 'cp', value: -8 }, bestMove: 'b3-a4', pv: ['b3-a4', 'f6-e5', 'a4-b4'], depth: 5 }, // prettier-ignore
    });
  });

  it('reads wins and losses, and keeps only the best move when the line starts elsewhere', () => {
    const reader = new SearchReader();
    reader.info('info depth 3 score mate -2 pv h7-h6 a5-a6');
    expect(reader.finish('g7-g6')).toEqual({
      ok: true,
      value: { score: { kind: 'loss', moves: 2 }, bestMove: 'g7-g6', pv: ['g7-g6'], depth: 3 },
    });
  });

  it('fails on an engine error, on no score, and on no move', () => {
    const erred = new SearchReader();
    erred.info('info string error: bad position text');
    erred.info('info depth 1 score cp 0 pv a2-a3');
    expect(erred.finish('a2-a3')).toMatchObject({ ok: false, error: { code: 'engine-error', message: 'the engine said: bad position text' } }); // prettier-ignore
    expect(new SearchReader().finish('a2-a3')).toMatchObject({ ok: false, error: { code: 'no-score' } }); // prettier-ignore
    const over = new SearchReader();
    over.info('info depth 1 score cp 0');
    expect(over.finish('0000')).toMatchObject({ ok: false, error: { code: 'no-score' } });
  });
});

describe('the PDN reader on annotated moves', () => {
  it('reads past ?! ? ?? ! !? marks and $ glyphs', () => {
    const games = parsePdn('1. c3-d4?! $6 f6-g5?? 2. d4-e5! {+0.20} g5-h4!? 3. b3-a4? *');
    expect(games.ok && games.value[0].moves).toEqual(['c3-d4', 'f6-g5', 'd4-e5', 'g5-h4', 'b3-a4']); // prettier-ignore
  });
});
