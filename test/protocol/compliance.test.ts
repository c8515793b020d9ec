/**
 * The checks match runners make of a new engine, and a seeded fuzz of bad input: the
 * engine never dies, answers each bad line with one error, and keeps its state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseMove } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { seededRandom } from '../helpers.js';
import { TamaProcess } from './tama-process.js';

const engines: TamaProcess[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.kill();
});

describe('match-runner compliance', () => {
  it('answers each timed go after the usual setup with a scored info line and a legal move', async () => {
    const engine = new TamaProcess();
    engines.push(engine);
    engine.send('uci');
    await engine.waitFor(/^uciok$/);
    await engine.sync();
    engine.send('ucinewgame', 'position startpos');
    const fen = 'B:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,d3,e3,f3,g3,h3,c4:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7'; // prettier-ignore
    const cases: [string, string, Position][] = [
      ['position startpos', 'go wtime 100', Position.start()],
      ['position fen ' + fen, 'go btime 100', Position.parse(fen).ok ? (Position.parse(fen) as { value: Position }).value : Position.start()], // prettier-ignore
      ['position startpos', 'go wtime 100 winc 100', Position.start()],
      ['position fen ' + fen, 'go btime 100 binc 100', (Position.parse(fen) as { value: Position }).value], // prettier-ignore
    ];
    for (const [position, go, expected] of cases) {
      const from = engine.lines.length;
      engine.send(position, go);
      const best = await engine.waitFor(/^bestmove /, from, 10_000);
      const lines = engine.since(from).slice(0, best - from);
      expect(
        lines.some((l) => /^info .*score (cp|mate) -?\d+/.test(l)),
        go,
      ).toBe(true);
      const move = /^bestmove (\S+)/.exec(engine.lines[best])?.[1] ?? '';
      expect(parseMove(expected, move).ok, `${go}: ${move}`).toBe(true);
    }
  });
});

/** Lines that are certainly bad: each must get exactly one error reply. */
function badLine(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const junk = (length: number) => {
    const alphabet = 'abcdefghxyzKWB0123456789:,-x !?#\t/é中\u0001';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
    return out;
  };
  const number = () => String(Math.floor(random() * 200) - 100);
  const forms: (() => string)[] = [
    () => 'zz' + junk(1 + Math.floor(random() * 20)),
    () => pick(['uci', 'isready', 'ucinewgame', 'stop', 'ponderhit', 'd', 'moves', 'eval']) + ' ' + 'q' + junk(3), // prettier-ignore
    () => 'position ' + pick(['', 'fen', 'startpos x', 'fin', 'startpos moves c3-c4 c3-c4']) + (random() < 0.5 ? '' : ' ') + (random() < 0.5 ? 'moves' : ''), // prettier-ignore
    () => 'position fen ' + junk(1 + Math.floor(random() * 12)).replace(/:/g, ''),
    () => 'position fen W:W' + pick(['i1', 'a0', 'a9', 'z5', 'a2,a2', 'a8', 'Kq3']) + ':Bh7',
    () => 'position fen ' + pick(['X', 'W', 'B']) + ':' + pick(['Q', 'R', '']) + 'a2:Bh7',
    () => 'position startpos moves ' + pick(['c3-c5', 'c3xc5', 'a1-a2', 'c3', 'h9-h8', 'c3-c4 c3-c4', 'c3-c4 c6-c5 c4-c5']), // prettier-ignore
    () => 'setoption name ' + pick(['Hash', 'Threads', 'MultiPV', 'Move Overhead', 'Draw Plies']) + ' value ' + pick(['-1', '0x10', 'lots', '99999999', '1.5']), // prettier-ignore
    () => 'setoption name ' + pick(['Variant', 'Ponder']) + ' value ' + pick(['chess', 'yes', '2']),
    () => 'setoption name Zz' + junk(4) + ' value 1',
    () => 'setoption ' + pick(['', 'nam Hash', 'value 3', 'name']),
    () => 'go ' + pick(['depth', 'nodes', 'movetime', 'wtime', 'mate', 'movestogo']) + ' ' + pick(['x', '', '1e3', '-', '0.5']), // prettier-ignore
    () => 'go ' + pick(['fast', 'depth 3 depth 4', 'searchmoves', 'perft', 'perft 0', 'perft 21']),
    () => 'bench ' + pick(['x', '0', '31', '1 2']),
    () => number() + ' ' + junk(5),
  ];
  return pick(forms)();
}

describe('fuzzing', () => {
  it('survives thousands of bad lines, one error each, with the position unchanged', async () => {
    const engine = new TamaProcess();
    engines.push(engine);
    engine.send('position startpos moves c3-c4 f6-f5', 'd');
    const before = await engine.waitFor(/^Position: /);
    await engine.waitFor(/^Game: /);
    const from = engine.lines.length;
    const random = seededRandom(2026);
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) lines.push(badLine(random));
    engine.send(...lines);
    const ready = await engine.sync();
    const replies = engine.since(from).slice(0, ready - from);
    // One answer a line: an error, or for a Hash too large for the search's memory the
    // warning that it was clamped (protocol.md).
    const clamped = replies.filter((l) => /^info string warning: option Hash clamped to \d+/.test(l)); // prettier-ignore
    const errors = replies.filter((l) => l.startsWith('info string error: '));
    expect(errors.length + clamped.length).toBe(lines.length);
    expect(clamped.length).toBe(lines.filter((l) => l === 'setoption name Hash value 99999999').length); // prettier-ignore
    expect(replies).toHaveLength(lines.length);
    engine.send('d');
    const after = await engine.waitFor(/^Position: /, ready);
    expect(engine.lines[after]).toBe(engine.lines[before]);
    await engine.sync();
    expect(engine.stderr).toBe('');
  });
});
