/**
 * The protocol's edges through the built `tama`: debug, register and help; the periodic
 * `info ... nodes ... nps ... time` lines of a long search with the root move under way; the
 * final `info` line of a search cut short; position text in either case.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { engineStarter } from './tama-process.js';

const start = engineStarter();

const PROGRESS = /^info depth (\d+) nodes (\d+) nps (\d+) time (\d+)( currmove (\S+) currmovenumber (\d+))?$/; // prettier-ignore

describe('commands GUIs may send', () => {
  it('accepts debug on|off and register as UCI engines do; refuses their bad forms', async () => {
    const engine = start();
    const from = engine.lines.length;
    engine.send('debug on', 'setoption name Hash value 2', 'position startpos moves c3-c4', 'debug off', 'position startpos', 'debug', 'debug off'); // prettier-ignore
    engine.send('register later', 'register name Someone code 1234', 'register', 'debug maybe');
    const ready = await engine.sync();
    expect(engine.since(from).slice(0, ready - from)).toEqual([
      'info string debug on',
      'info string debug: option Hash = 2',
      'info string debug: position B:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,d3,e3,f3,g3,h3,c4:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7', // prettier-ignore
      'info string debug off',
      'info string debug on',
      'info string debug off',
      "info string error: register takes 'later' or 'name <name> code <code>'",
      "info string error: debug takes 'on' or 'off', got 'maybe'",
    ]);
  });

  it('clamps a Hash past what the search memory holds to its most, with a warning, and sets it', async () => {
    const engine = start();
    const from = engine.lines.length;
    engine.send('setoption name Hash value 4096', 'setoption name Hash value 2048', 'setoption name Hash value 0'); // prettier-ignore
    const ready = await engine.sync();
    expect(engine.since(from).slice(0, ready - from)).toEqual([
      "info string warning: option Hash clamped to 2048, got 4096: the search's WebAssembly memory holds at most 2048 MiB of table", // prettier-ignore
      'info string error: option Hash must be from 1 to 2048, got 0',
    ]);
  });

  it('keeps its memory bounded while a GUI sets Hash before every game, to the same size or another', async () => {
    const engine = start();
    // Each line pair once wrote a fresh 16 MiB table and left the old one to be collected
    // some day: 80 games took the engine past 1 GiB.
    for (let game = 0; game < 40; game++) {
      engine.send('setoption name Hash value 16', 'ucinewgame', 'position startpos', 'go depth 2');
      engine.send('setoption name Hash value 8', 'ucinewgame', 'setoption name Hash value 16', 'ucinewgame', 'go depth 1'); // prettier-ignore
    }
    // isready jumps the queue: the last bestmove is what says every line has been carried out.
    let at = 0;
    for (let search = 0; search < 80; search++) at = (await engine.waitFor(/^bestmove /, at)) + 1;
    const status = readFileSync(`/proc/${engine.pid}/status`, 'utf8');
    const residentMib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
    expect(residentMib).toBeGreaterThan(0);
    expect(residentMib).toBeLessThan(512);
  });
  it('lists the commands on help, one a line', async () => {
    const engine = start();
    engine.send('help');
    const ready = await engine.sync();
    const lines = engine.since(0).slice(0, ready);
    expect(lines[0]).toContain('protocol.md');
    for (const command of [
      'uci',
      'isready',
      'setoption',
      'ucinewgame',
      'position',
      'go',
      'go perft',
      'stop, ponderhit',
      'debug',
      'register',
      'd, moves, eval, bench',
      'help, quit',
    ]) {
      expect(lines.some((line) => line.startsWith(`  ${command} `))).toBe(true);
    }
  });

  it('accepts position text in either case', async () => {
    const engine = start();
    engine.send('position fen b:wA3,kH2:Bd6,KE5', 'd');
    const at = await engine.waitFor(/^Position: /);
    expect(engine.lines[at]).toBe('Position: B:WKh2,a3:BKe5,d6');
  });

  it('names both pieces when a square is listed twice', async () => {
    const engine = start();
    engine.send('position fen W:Wd4:BKd4,e5');
    const at = await engine.waitFor(/^info string error: /);
    expect(engine.lines[at]).toContain('square d4 is listed twice (White man and Black king)');
  });
});

describe('progress of a long search', () => {
  it('sends info depth/nodes/nps/time about once a second with the root move, then a final line after stop', async () => {
    const engine = start();
    engine.send('position startpos', 'go infinite');
    const first = await engine.waitFor((line) => PROGRESS.exec(line)?.[5] !== undefined);
    const progress = PROGRESS.exec(engine.lines[first])!;
    expect(Number(progress[2])).toBeGreaterThan(0);
    // The root move under way is a legal move of the start position, numbered from 1.
    expect(legalMoves(Position.start()).map((m) => m.text)).toContain(progress[6]);
    expect(Number(progress[7])).toBeGreaterThanOrEqual(1);
    const stopAt = engine.lines.length;
    engine.send('stop');
    const best = await engine.waitFor(/^bestmove /, stopAt);
    // The last line before bestmove gives all nodes searched and the time used.
    const last = PROGRESS.exec(engine.lines[best - 1]);
    expect(last).not.toBeNull();
    expect(last![5]).toBeUndefined();
    expect(Number(last![2])).toBeGreaterThanOrEqual(Number(progress[2]));
    expect(Number(last![4])).toBeGreaterThanOrEqual(Number(progress[4]));
  });

  it('ends a node-limited search with the nodes actually searched', async () => {
    const engine = start();
    engine.send('position startpos', 'go nodes 20000');
    const best = await engine.waitFor(/^bestmove /);
    const last = PROGRESS.exec(engine.lines[best - 1]);
    expect(last).not.toBeNull();
    const iterations = engine.lines.slice(0, best).filter((line) => / pv /.test(line));
    const lastIteration = iterations.at(-1)!;
    expect(Number(last![1])).toBe(Number(/^info depth (\d+) /.exec(lastIteration)![1]));
    expect(Number(last![2])).toBeGreaterThan(Number(/ nodes (\d+) /.exec(lastIteration)![1]));
  });

  it('sends no final line when a search ends by its depth', async () => {
    const engine = start();
    engine.send('position startpos', 'go depth 3');
    const best = await engine.waitFor(/^bestmove /);
    expect(engine.lines[best - 1]).toMatch(/^info depth 3 seldepth .* pv /);
  });
});

describe('errors quote at most about 200 characters of the input', () => {
  it('answers a 100 KB line, long move text and a long option value with one short error each', async () => {
    const engine = start();
    const from = engine.lines.length;
    engine.send(
      'x'.repeat(100_000),
      `position startpos moves ${'c3-c4'.repeat(20_000)}`,
      `setoption name Hash value ${'lots'.repeat(20_000)}`,
      `go depth ${'z'.repeat(50_000)}`,
    );
    await engine.sync();
    const errors = engine.since(from).filter((l) => l.startsWith('info string error: '));
    expect(errors).toHaveLength(4);
    for (const line of errors) expect(line.length).toBeLessThan(500);
    expect(errors[0]).toContain('(100,000 bytes)');
    expect(errors[2]).toContain('option Hash');
  });

  it('caps the list of legal moves an illegal move error gives', async () => {
    const engine = start();
    engine.send('position startpos moves a1-a2');
    const at = await engine.waitFor(/^info string error: /);
    expect(engine.lines[at]).toMatch(/legal moves: (\S+, ){12}\.\.\. \(10 more\)$/);
  });
});
