/**
 * Below full strength on a clock the engine answers at a pace its clock allows, not in the
 * milliseconds its small search takes: a 60-minute clock holds level 5's bestmove far
 * longer than its search (about 45 s), until stop releases it. Full strength and a level
 * without a clock answer when their search is done.
 */
import { describe, expect, it } from 'vitest';
import { engineStarter } from './tama-process.js';

const start = engineStarter();
const CLOCK = 'wtime 3600000 btime 3600000';
const bestMoves = (lines: readonly string[]) => lines.filter((line) => line.startsWith('bestmove'));

describe('the pace of a weakened level on a clock', () => {
  it('holds its answer for its share of the clock, and stop releases it', async () => {
    const engine = start();
    engine.send('setoption name Skill Level value 5', 'isready');
    await engine.waitFor(/^readyok$/);
    engine.send('position startpos', `go ${CLOCK}`);
    // Its search of a few thousand nodes takes milliseconds; 1.5 s later no answer yet.
    await engine.waitFor(/^info depth \d+ /);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(bestMoves(engine.lines)).toEqual([]);
    engine.send('stop');
    await engine.waitFor(/^bestmove [a-h][1-8]/);
  });

  it('answers at once at full strength, and without a clock', async () => {
    const engine = start();
    engine.send('position startpos', 'go wtime 2000 btime 2000');
    await engine.waitFor(/^bestmove [a-h][1-8]/);
    engine.send('setoption name Skill Level value 5', 'position startpos', 'go nodes 3000');
    await engine.waitFor(() => bestMoves(engine.lines).length === 2);
  });
});
