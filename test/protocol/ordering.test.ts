/**
 * Lines are carried out in order, as if each waited for the one before: what a GUI sends
 * right after `stop` applies to the next search, every `go` gets one `bestmove`, and limits
 * out of range are clamped with a warning instead of leaving the GUI waiting.
 */
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { after, bestMoves, legalIn } from './replies.js';
import { engineStarter } from './tama-process.js';

const start = engineStarter();

const problems = (lines: string[]) => lines.filter((l) => l.startsWith('info string '));

describe('commands after stop wait for the bestmove', () => {
  it('answers the sequence of the report: one bestmove per go, the second one Black’s', async () => {
    const engine = start();
    engine.send(
      'position startpos',
      'go infinite',
      'stop',
      'position startpos moves c3-c4',
      'go depth 3',
    );
    await engine.waitFor(() => bestMoves(engine.lines).length === 2);
    await engine.sync();
    const best = bestMoves(engine.lines);
    expect(best).toHaveLength(2);
    expect(legalIn(Position.start(), best[0])).toBe(true);
    expect(legalIn(after('c3-c4'), best[1])).toBe(true);
    expect(problems(engine.lines)).toEqual([]);
  });

  it('gives 100 bestmoves for 100 back-to-back go infinite and stop pairs', async () => {
    const engine = start();
    const lines = ['position startpos moves c3-c4'];
    for (let i = 0; i < 100; i++) lines.push('go infinite', 'stop');
    engine.send(...lines);
    await engine.waitFor(() => bestMoves(engine.lines).length >= 100, 0, 60_000);
    await engine.sync();
    const best = bestMoves(engine.lines);
    expect(best).toHaveLength(100);
    expect(best.every((line) => legalIn(after('c3-c4'), line))).toBe(true);
    expect(problems(engine.lines)).toEqual([]);
  });

  it('runs options, a new game, position and helpers sent after stop on the next search', async () => {
    const engine = start();
    engine.send('position startpos', 'go infinite');
    await engine.waitFor(/^info depth 2 /);
    const from = engine.lines.length;
    engine.send(
      'stop',
      'setoption name MultiPV value 2',
      'ucinewgame',
      'position startpos moves c3-c4 f6-f5',
      'd',
      'moves',
      'go depth 2',
    );
    await engine.waitFor(() => bestMoves(engine.since(from)).length === 2, from);
    const replies = engine.since(from);
    expect(problems(replies)).toEqual([]);
    expect(replies).toContain('Game: startpos moves c3-c4 f6-f5');
    // The second search's lines: after the stopped search's bestmove (whose last info line,
    // its summary, may be at depth 2 too).
    const second = replies.slice(replies.findIndex((l) => l.startsWith('bestmove')) + 1);
    const depth2 = second.filter((l) => l.startsWith('info depth 2 '));
    expect(depth2.map((l) => /multipv (\d)/.exec(l)?.[1])).toEqual(['1', '2']);
    expect(legalIn(after('c3-c4', 'f6-f5'), bestMoves(replies)[1])).toBe(true);
  });

  it('queues a second go behind a search with a limit, and after ponderhit', async () => {
    const engine = start();
    engine.send(
      'position startpos',
      'go depth 4',
      'position startpos moves c3-c4',
      'go depth 3',
      'position startpos',
      'go ponder wtime 500 btime 500',
    );
    await engine.waitFor(/^info depth 1 /);
    await engine.waitFor(() => bestMoves(engine.lines).length === 2);
    engine.send('ponderhit', 'position startpos moves a3-a4', 'go nodes 500');
    await engine.waitFor(() => bestMoves(engine.lines).length === 4);
    await engine.sync();
    const best = bestMoves(engine.lines);
    expect(best).toHaveLength(4);
    expect(legalIn(Position.start(), best[0])).toBe(true);
    expect(legalIn(after('c3-c4'), best[1])).toBe(true);
    expect(legalIn(Position.start(), best[2])).toBe(true);
    expect(legalIn(after('a3-a4'), best[3])).toBe(true);
    expect(problems(engine.lines)).toEqual([]);
  });

  it('answers isready at once while a line waits for the bestmove, and quit ends it all', async () => {
    const engine = start();
    engine.send('position startpos', 'go movetime 60000');
    await engine.waitFor(/^info depth 1 /);
    engine.send('position startpos moves c3-c4', 'go depth 1');
    await engine.sync();
    expect(bestMoves(engine.lines)).toEqual([]);
    engine.send('quit');
    expect(await engine.exited).toBe(0);
    expect(bestMoves(engine.lines)).toHaveLength(1);
    expect(legalIn(Position.start(), bestMoves(engine.lines)[0])).toBe(true);
  });

  it('still refuses go and position during a search that only stop ends', async () => {
    const engine = start();
    engine.send('position startpos', 'go ponder');
    await engine.waitFor(/^info depth 2 /);
    const from = engine.lines.length;
    engine.send('go depth 2', 'position startpos moves c3-c4', 'ponderhit');
    await engine.sync();
    const errors = engine.since(from).filter((l) => l.startsWith('info string error: '));
    expect(errors).toEqual([
      "info string error: 'go' while a search is running (send 'stop' first)",
      "info string error: cannot change the position while searching (send 'stop' first)",
    ]);
    // `go ponder` without a clock searches on after ponderhit, until stop.
    expect(bestMoves(engine.lines)).toEqual([]);
    engine.send('stop', 'd');
    const game = await engine.waitFor(/^Game: /, from);
    expect(engine.lines[game]).toBe('Game: startpos');
    await engine.waitFor(/^bestmove /, from);
    await engine.sync();
    expect(bestMoves(engine.lines)).toHaveLength(1);
  });

  it('carries out every line before the end of input, then quits', async () => {
    const engine = start();
    engine.send('position startpos', 'go depth 3', 'position startpos moves c3-c4', 'go depth 3');
    engine.closeInput();
    expect(await engine.exited).toBe(0);
    const best = bestMoves(engine.lines);
    expect(best).toHaveLength(2);
    expect(legalIn(after('c3-c4'), best[1])).toBe(true);
  });
});

describe('limits out of range are clamped with one warning', () => {
  const black = after('c3-c4');
  const cases: [string, Position, string][] = [
    ['depth 0', Position.start(), 'go depth 0 is out of range (1 to 100); using 1'],
    ['nodes 0', Position.start(), 'go nodes 0 is out of range'],
    ['movestogo 0 wtime 1000 btime 1000', Position.start(), 'go movestogo 0 is out of range'],
    ['wtime 0 btime 1000', Position.start(), 'go wtime 0: no time left on the clock'],
    ['wtime -20 btime 1000 winc 100', Position.start(), 'go wtime -20 is out of range (0 to'],
    ['wtime 1000 btime 0 binc 50', black, 'go btime 0: no time left on the clock'],
    ['movetime -5', Position.start(), 'go movetime -5 is out of range (0 to'],
    ['wtime 1000 btime 1000 winc -1', Position.start(), 'go winc -1 is out of range (0 to'],
    ['mate 0 depth 3', Position.start(), 'go mate 0 is out of range (1 to 1000); using 1'],
    ['searchmoves h3-h4 a3-a5 depth 2', Position.start(), "go searchmoves: ignoring 'a3-a5'"],
  ];
  it('answers each with one warning line and a legal bestmove', async () => {
    const engine = start();
    for (const [limits, position, warning] of cases) {
      const from = engine.lines.length;
      engine.send(position === black ? 'position startpos moves c3-c4' : 'position startpos');
      engine.send(`go ${limits}`);
      const best = await engine.waitFor(/^bestmove /, from);
      const replies = engine.since(from).slice(0, best - from + 1);
      expect(problems(replies), limits).toHaveLength(1);
      expect(problems(replies)[0], limits).toMatch(/^info string warning: /);
      expect(problems(replies)[0], limits).toContain(warning);
      expect(legalIn(position, engine.lines[best]), limits).toBe(true);
    }
  });

  it('searches only the legal searchmoves', async () => {
    const engine = start();
    engine.send('position startpos', 'go depth 3 searchmoves a3-a5 h3-h4');
    const best = await engine.waitFor(/^bestmove /);
    expect(engine.lines[best]).toMatch(/^bestmove h3-h4( |$)/);
  });
});
