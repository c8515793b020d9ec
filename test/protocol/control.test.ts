/**
 * The control path (protocol.md, Order): `stop`, `quit`, `isready` and `ponderhit` never wait
 * behind other lines; what only reads is answered during a search from the position being
 * searched; what needs the engine idle waits for the search's bestmove. One test per kind of
 * line queued behind a long search, each through a real engine process. The searches are
 * deep enough (depth 60) never to end by themselves during a test: only `stop` or `quit`
 * ends them, so every assertion is about order and presence, never time.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { after, bestMoves, legalIn } from './replies.js';
import { engineStarter } from './tama-process.js';

const start = engineStarter();

const errors = (lines: string[]) => lines.filter((l) => l.startsWith('info string error'));

describe('a line that only reads, sent during a long search', () => {
  it('is answered at once from the searched position; stop after it ends the search', async () => {
    const engine = start();
    engine.send('position startpos moves c3-c4', 'go depth 60');
    await engine.waitFor(/^info depth 2 /);
    engine.send('d', 'moves', 'eval', 'isready');
    const ready = await engine.waitFor(/^readyok$/);
    const replies = engine.lines.slice(0, ready);
    expect(bestMoves(replies)).toEqual([]);
    expect(replies).toContain('Game: startpos moves c3-c4');
    const moves = legalMoves(after('c3-c4')).map((m) => m.text);
    expect(replies).toContain(`moves ${moves.join(' ')}`);
    expect(replies.some((l) => l.startsWith('Evaluation: '))).toBe(true);
    engine.send('stop');
    const best = await engine.waitFor(/^bestmove /, ready);
    expect(legalIn(after('c3-c4'), engine.lines[best])).toBe(true);
    expect(errors(engine.lines)).toEqual([]);
  });
});

describe('a line that needs the engine idle, queued behind a long search', () => {
  it('waits for the bestmove; stop sent after it reaches the search, then it runs', async () => {
    const engine = start();
    engine.send('position startpos', 'go depth 60');
    await engine.waitFor(/^info depth 2 /);
    const from = engine.lines.length;
    engine.send('setoption name MultiPV value 2', 'position startpos moves c3-c4', 'd', 'stop');
    const best = await engine.waitFor(/^bestmove /, from);
    expect(legalIn(Position.start(), engine.lines[best])).toBe(true);
    const game = await engine.waitFor(/^Game: /, from);
    expect(game).toBeGreaterThan(best);
    expect(engine.lines[game]).toBe('Game: startpos moves c3-c4');
    await engine.sync();
    expect(bestMoves(engine.lines)).toHaveLength(1);
    expect(errors(engine.lines)).toEqual([]);
  });

  it('a stop after a waiting go ends the running search and, once it starts, that one', async () => {
    const engine = start();
    engine.send('position startpos', 'go depth 60');
    await engine.waitFor(/^info depth 2 /);
    engine.send('position startpos moves c3-c4', 'go depth 60', 'stop');
    await engine.waitFor(() => bestMoves(engine.lines).length === 2);
    await engine.sync();
    const best = bestMoves(engine.lines);
    expect(best).toHaveLength(2);
    expect(legalIn(Position.start(), best[0])).toBe(true);
    expect(legalIn(after('c3-c4'), best[1])).toBe(true);
    expect(errors(engine.lines)).toEqual([]);
  });
});

describe('a control line behind a waiting line', () => {
  it('isready is answered at once, while the waiting line still waits', async () => {
    const engine = start();
    engine.send('position startpos', 'go depth 60');
    await engine.waitFor(/^info depth 2 /);
    const from = engine.lines.length;
    engine.send('ucinewgame', 'd', 'isready');
    const ready = await engine.waitFor(/^readyok$/, from);
    // `d` waits behind `ucinewgame`, which waits for the search.
    expect(engine.lines.slice(from, ready).filter((l) => l.startsWith('Game: '))).toEqual([]);
    expect(bestMoves(engine.lines)).toEqual([]);
    engine.send('stop');
    const best = await engine.waitFor(/^bestmove /, ready);
    expect(await engine.waitFor(/^Game: startpos$/, ready)).toBeGreaterThan(best);
  });

  it('quit ends the search at once with its bestmove; the waiting lines are dropped', async () => {
    const engine = start();
    engine.send('position startpos', 'go depth 60');
    await engine.waitFor(/^info depth 2 /);
    engine.send('setoption name Hash value 8', 'go depth 60', 'd', 'quit');
    expect(await engine.exited).toBe(0);
    expect(bestMoves(engine.lines)).toHaveLength(1);
    expect(engine.lines.some((l) => l.startsWith('Game: '))).toBe(false);
  });

  it('ponderhit keeps its place: it reaches the ponder search a waiting go starts', async () => {
    const engine = start();
    // A search with a limit, a ponder search waiting behind it, and its ponderhit: no stop
    // follows, so the ponder search ends (on its clock) only if the ponderhit reaches it.
    engine.send('position startpos', 'go nodes 20000', 'go ponder wtime 200 btime 200', 'ponderhit'); // prettier-ignore
    await engine.waitFor(() => bestMoves(engine.lines).length === 2);
    await engine.sync();
    expect(bestMoves(engine.lines)).toHaveLength(2);
    expect(bestMoves(engine.lines).every((line) => legalIn(Position.start(), line))).toBe(true);
    expect(errors(engine.lines)).toEqual([]);
  });
});
