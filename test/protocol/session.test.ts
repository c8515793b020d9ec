/** Protocol sessions through the built `tama`, as a GUI or match runner drives it. */
import { afterEach, describe, expect, it } from 'vitest';
import { Game } from '../../src/core/game.js';
import { legalMoves, parseMove } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { TamaProcess, FAILING_ENGINE, TAMA } from './tama-process.js';

const engines: TamaProcess[] = [];
function start(env: Record<string, string> = {}, program = TAMA): TamaProcess {
  const engine = new TamaProcess(env, [], program);
  engines.push(engine);
  return engine;
}
afterEach(() => {
  for (const engine of engines.splice(0)) engine.kill();
});

/** Whether `bestmove X` names a legal move of `fen` (the start position by default). */
function legalBest(line: string, position: Position = Position.start()): boolean {
  const match = /^bestmove (\S+)( ponder \S+)?$/.exec(line);
  if (match === null) return false;
  return parseMove(position, match[1]).ok;
}

describe('handshake', () => {
  it('answers uci with id lines, one option line per option and uciok', async () => {
    const engine = start();
    engine.send('uci');
    const ok = await engine.waitFor(/^uciok$/);
    const lines = engine.since(0).slice(0, ok + 1);
    expect(lines[0]).toMatch(/^id name Tama /);
    expect(lines[1]).toMatch(/^id author /);
    const options = lines.filter((l) => l.startsWith('option name '));
    expect(options.map((l) => /^option name (.+?) type/.exec(l)?.[1])).toEqual([
      'Hash',
      'Threads',
      'Variant',
      'MultiPV',
      'Move Overhead',
      'Ponder',
      'Draw Plies',
      'Skill Level',
      'Clear Hash',
      'EGDB Path',
      'EvalFile',
    ]);
    expect(lines).toContain(
      'option name Variant type combo default armenian var armenian var turkish',
    );
    await engine.sync();
  });
});

describe('searching', () => {
  it('answers isready at once while searching, and stop ends the search with one bestmove', async () => {
    const engine = start();
    engine.send('position startpos', 'go infinite');
    await engine.waitFor(/^info depth 3 /);
    const ready = await engine.sync();
    expect(
      engine
        .since(0)
        .slice(0, ready)
        .some((l) => l.startsWith('bestmove')),
    ).toBe(false);
    engine.send('stop');
    const best = await engine.waitFor(/^bestmove /);
    expect(legalBest(engine.lines[best])).toBe(true);
    await engine.sync();
    expect(engine.lines.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
  });

  it('ignores a stop sent when idle: the next search still reaches its depth', async () => {
    const engine = start();
    engine.send('stop', 'stop', 'position startpos', 'go depth 5');
    const best = await engine.waitFor(/^bestmove /);
    expect(
      engine
        .since(0)
        .slice(0, best)
        .some((l) => l.startsWith('info depth 5 seldepth ')),
    ).toBe(true);
  });

  /** The numbers a field takes in the lines (`nodes`, `time`, `depth`). */
  const numbers = (lines: string[], field: string) =>
    lines.map((l) => new RegExp(`^info .*\\b${field} (\\d+)`).exec(l)?.[1]).filter((n) => n !== undefined).map(Number); // prettier-ignore
  /** The last line before bestmove when the search ended inside an iteration. */
  const cutShort = (lines: string[]) => /^info depth \d+ nodes \d+ nps \d+ time \d+$/.test(lines[lines.length - 1]); // prettier-ignore

  it.each([
    [
      'depth 4',
      undefined,
      (lines: string[]) => {
        expect(lines.some((l) => l.startsWith('info depth 4 seldepth '))).toBe(true);
        expect(Math.max(...numbers(lines, 'depth'))).toBe(4);
      },
    ],
    [
      'nodes 3000',
      undefined,
      (lines: string[]) => {
        // Depth 4 needs more: the node limit cuts the search short, within the limit.
        expect(cutShort(lines)).toBe(true);
        expect(Math.max(...numbers(lines, 'nodes'))).toBeLessThanOrEqual(3000);
      },
    ],
    [
      'movetime 300',
      undefined,
      (lines: string[]) => {
        // The move time is used whole (less the 30 ms move overhead) and then cut short.
        expect(cutShort(lines)).toBe(true);
        expect(numbers(lines, 'time').at(-1)).toBeGreaterThanOrEqual(300 - 30);
      },
    ],
    [
      'wtime 2000 btime 2000 winc 20 binc 20',
      undefined,
      (lines: string[]) => {
        // A share of the clock: the search ends by itself long before the clock runs out.
        expect(Math.max(...numbers(lines, 'time'))).toBeLessThan(2000);
      },
    ],
    [
      'wtime 1 btime 3000 movestogo 5',
      'c3-d4',
      (lines: string[]) => {
        // Black is to move: its 3 s are the clock, not White's 1 ms (depth 1 only).
        expect(Math.max(...numbers(lines, 'depth'))).toBeGreaterThanOrEqual(3);
        expect(Math.max(...numbers(lines, 'time'))).toBeLessThan(3000);
      },
    ],
    [
      'mate 3 depth 6',
      undefined,
      (lines: string[]) => {
        // No win in sight at the start: the depth limit ends it.
        expect(Math.max(...numbers(lines, 'depth'))).toBe(6);
      },
    ],
  ])('go %s ends by itself with info lines and a legal bestmove', async (limits, moves, check) => {
    const engine = start();
    engine.send(`position startpos${moves === undefined ? '' : ` moves ${moves}`}`, `go ${limits}`);
    const best = await engine.waitFor(/^bestmove /);
    const lines = engine.since(0).slice(0, best);
    expect(lines.some((l) => /^info depth \d+ .* score (cp|mate) -?\d+ /.test(l))).toBe(true);
    expect(lines.filter((l) => l.startsWith('info string'))).toEqual([]);
    const position = Position.start();
    const played = moves === undefined ? undefined : parseMove(position, moves);
    if (played?.ok) position.play(played.value.move, played.value.capturedLo, played.value.capturedHi); // prettier-ignore
    expect(legalBest(engine.lines[best], position)).toBe(true);
    check(lines);
  });

  it('go mate ends as soon as a win within the distance is found', async () => {
    const engine = start();
    // White takes Black's last man: a win in one.
    engine.send('position fen W:Wd4:Bd5', 'go mate 3 depth 6');
    const best = await engine.waitFor(/^bestmove /);
    const lines = engine.since(0).slice(0, best);
    expect(lines.filter((l) => l.startsWith('info depth '))).toEqual([
      expect.stringMatching(/^info depth 1 seldepth 1 multipv 1 score mate 1 .* pv d4xd6$/),
    ]);
    expect(engine.lines[best]).toBe('bestmove d4xd6');
  });

  it('keeps to go nodes: the reported node count stays near the limit', async () => {
    const engine = start();
    engine.send('position startpos', 'go nodes 20000');
    const best = await engine.waitFor(/^bestmove /);
    const counts = engine
      .since(0)
      .slice(0, best)
      .map((l) => /nodes (\d+)/.exec(l)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number);
    expect(Math.max(...counts)).toBeLessThanOrEqual(20000);
  });

  it('searches only the searchmoves', async () => {
    const engine = start();
    engine.send('position startpos', 'go depth 4 searchmoves a3-a4 h3-h4');
    const best = await engine.waitFor(/^bestmove /);
    expect(engine.lines[best]).toMatch(/^bestmove (a3-a4|h3-h4)( |$)/);
  });

  it('reports MultiPV lines with distinct first moves', async () => {
    const engine = start();
    engine.send('setoption name MultiPV value 3', 'position startpos', 'go depth 3');
    const best = await engine.waitFor(/^bestmove /);
    const depth3 = engine
      .since(0)
      .slice(0, best)
      .filter((l) => l.startsWith('info depth 3 seldepth '));
    expect(depth3.map((l) => /multipv (\d+)/.exec(l)?.[1])).toEqual(['1', '2', '3']);
    const firstMoves = depth3.map((l) => / pv (\S+)/.exec(l)?.[1]);
    expect(new Set(firstMoves).size).toBe(3);
  });

  it('ponders until ponderhit, then finishes on the clock', async () => {
    const engine = start();
    engine.send(
      'setoption name Ponder value true',
      'position startpos moves c3-c4',
      'go ponder wtime 1000 btime 1000',
    );
    // A progress report a second in: the search has outlived its whole clock, pondering.
    const late = await engine.waitFor((l) => Number(/^info depth \d+ nodes \d+ nps \d+ time (\d+)/.exec(l)?.[1]) >= 1000); // prettier-ignore
    // Still pondering when the engine reads the next line: a command that only reads is
    // answered at once, from the position being searched, and no bestmove comes before it.
    engine.send('moves');
    const listed = await engine.waitFor(/^moves /, late);
    const pondered = Position.start();
    const played = legalMoves(pondered).find((m) => m.text === 'c3-c4');
    if (played) pondered.play(played.move, played.capturedLo, played.capturedHi);
    expect(engine.lines[listed]).toBe(`moves ${legalMoves(pondered).map((m) => m.text).join(' ')}`); // prettier-ignore
    expect(
      engine
        .since(0)
        .slice(0, listed)
        .some((l) => l.startsWith('bestmove')),
    ).toBe(false);
    // After ponderhit the search ends on the clock; a command that needs the engine idle,
    // sent then, waits for its bestmove.
    engine.send('ponderhit', 'go perft 1');
    const best = await engine.waitFor(/^bestmove /, listed);
    const counted = await engine.waitFor(/^Nodes searched: /, listed);
    expect(counted).toBeGreaterThan(best);
    expect(engine.lines.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
    const after = Position.start();
    const first = legalMoves(after).find((m) => m.text === 'c3-c4');
    if (first) after.play(first.move, first.capturedLo, first.capturedHi);
    expect(legalBest(engine.lines[best], after)).toBe(true);
  });

  it('stop during ponder also answers with one bestmove', async () => {
    const engine = start();
    engine.send('position startpos', 'go ponder wtime 1000 btime 1000');
    await engine.waitFor(/^info depth 1 /);
    engine.send('stop');
    await engine.waitFor(/^bestmove /);
    await engine.sync();
    expect(engine.lines.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
  });
});

describe('positions and games', () => {
  it('plays the moves after position and reports the result in d', async () => {
    const engine = start();
    engine.send('position startpos moves c3-c4 f6-f5', 'd');
    const at = await engine.waitFor(/^Position: /);
    expect(engine.lines[at]).toBe(
      'Position: W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,d3,e3,f3,g3,h3,c4:Bf5,a6,b6,c6,d6,e6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
    );
    const game = await engine.waitFor(/^Game: /, at);
    expect(engine.lines[game]).toBe('Game: startpos moves c3-c4 f6-f5');
  });

  it('gives the same game whether a position line extends, shortens or leaves the last one', async () => {
    const engine = start();
    const fen = 'W:WKa1,a2:BKh8,h7';
    const lines: [string | undefined, string[]][] = [
      [undefined, ['c3-c4', 'f6-f5']],
      [undefined, ['c3-c4', 'f6-f5', 'g3-g4', 'b6-b5']], // the moves so far and two more
      [undefined, ['c3-c4', 'g6-g5']], // another second move
      [undefined, ['c3-c4']], // fewer moves
      [fen, ['a1-b1', 'h8-g8', 'b1-a1', 'g8-h8', 'a1-b1']], // another start
      [fen, ['a1-b1', 'h8-g8', 'b1-a1', 'g8-h8', 'a1-b1', 'h8-g8']],
    ];
    for (const [text, moves] of lines) {
      const from = engine.lines.length;
      engine.send(`position ${text === undefined ? 'startpos' : `fen ${text}`} moves ${moves.join(' ')}`, 'd'); // prettier-ignore
      const at = await engine.waitFor(/^Position: /, from);
      const expected = Game.parse(text, moves);
      if (!expected.ok) throw new Error(expected.error.message);
      expect(engine.lines[at]).toBe(`Position: ${expected.value.position.toString()}`);
      const game = await engine.waitFor(/^Game: /, at);
      const startText = text === undefined ? 'startpos' : expected.value.start.toString();
      expect(engine.lines[game]).toBe(`Game: ${startText} moves ${moves.join(' ')}`);
    }
  });

  it('answers bestmove 0000 when the side to move has no legal move', async () => {
    const engine = start();
    // White's only man: a6 and b6 block its steps, a7 and c5 its captures.
    engine.send('position fen W:Wa5:Ba6,a7,b5,b6,c5', 'go depth 3');
    const best = await engine.waitFor(/^bestmove /);
    expect(engine.lines[best]).toBe('bestmove 0000');
  });

  it('finds the end of a game played through moves: the last capture leaves Black nothing', async () => {
    const engine = start();
    engine.send(
      'position fen W:WKa2,Kh8:Bc2,d4,b5,a3,f2,h6 moves a2xd2xd5xa5xa2xh2xh7',
      'moves',
      'go depth 2',
    );
    const moves = await engine.waitFor(/^moves /);
    expect(engine.lines[moves]).toBe('moves (none)');
    const best = await engine.waitFor(/^bestmove /);
    expect(engine.lines[best]).toBe('bestmove 0000');
  });

  it('accepts the short capture form and refuses an ambiguous one', async () => {
    const engine = start();
    engine.send('position fen W:WKa2:Bc7,c5,e3,a3 moves a2xe2');
    const error = await engine.waitFor(/^info string error: /);
    expect(engine.lines[error]).toContain('ambiguous');
    engine.send('position fen W:Wb3,h2:Bb4,c5 moves b3xd5', 'd');
    const at = await engine.waitFor(/^Position: /);
    expect(engine.lines[at]).toBe('Position: B:Wh2,Kd5:B'.replace('Kd5', 'd5'));
  });
});

describe('options', () => {
  it('switches the variant: Turkish men have 8 moves at the start', async () => {
    const engine = start();
    engine.send('setoption name variant value TURKISH', 'moves');
    const at = await engine.waitFor(/^moves /);
    expect(engine.lines[at].split(' ').length - 1).toBe(8);
    engine.send('setoption name Variant value armenian', 'moves');
    const again = await engine.waitFor(/^moves /, at + 1);
    expect(engine.lines[again].split(' ').length - 1).toBe(22);
  });

  it('accepts every option with a good value and refuses bad ones with one error each', async () => {
    const engine = start();
    const good = [
      'setoption name Hash value 32',
      'setoption name Threads value 2',
      'setoption name Variant value armenian',
      'setoption name MultiPV value 2',
      'setoption name Move Overhead value 50',
      'setoption name Ponder value true',
      'setoption name Draw Plies value 60',
      'setoption name Skill Level value 3',
      'setoption name Clear Hash',
      'setoption name hash value 8',
    ];
    const bad = [
      'setoption name Hash value 0',
      'setoption name Hash value big',
      'setoption name Threads value -1',
      'setoption name Variant value chess',
      'setoption name MultiPV value',
      'setoption name Ponder value maybe',
      'setoption name Skill Level value 11',
      'setoption name Nonsense value 1',
      'setoption value 3',
      'setoption',
    ];
    const from = engine.lines.length;
    engine.send(...good, ...bad);
    const ready = await engine.sync();
    const errors = engine
      .since(from)
      .slice(0, ready - from)
      .filter((l) => l.startsWith('info string error: '));
    expect(errors).toHaveLength(bad.length);
    // A Hash past what the search's memory holds is clamped to its most, with a warning.
    const warnings = engine.since(from).slice(0, ready - from).filter((l) => l.startsWith('info string warning: ')); // prettier-ignore
    expect(warnings).toEqual([]);
    engine.send('setoption name Hash value 9999999');
    const clamped = await engine.waitFor(/^info string warning: /, ready);
    expect(engine.lines[clamped]).toMatch(/^info string warning: option Hash clamped to 2048, got 9999999: /); // prettier-ignore
    engine.send('position startpos', 'go depth 3');
    const best = await engine.waitFor(/^bestmove /);
    expect(legalBest(engine.lines[best])).toBe(true);
  });

  it('Draw Plies: a king shuffle scores as a draw once the limit is reached', async () => {
    const engine = start();
    engine.send(
      'setoption name Draw Plies value 4',
      'position fen W:WKa1,Kh1:BKa8,Kh8',
      'go depth 6',
    );
    const best = await engine.waitFor(/^bestmove /);
    const last = engine
      .since(0)
      .slice(0, best)
      .filter((l) => l.startsWith('info depth 6 seldepth '));
    expect(last[0]).toContain('score cp 0 ');
  });

  it('Skill Level below the maximum: several lines, a depth cap, a small node budget, a legal move', async () => {
    const engine = start();
    engine.send('setoption name Skill Level value 0', 'position startpos', 'go depth 30');
    const best = await engine.waitFor(/^bestmove /);
    const infos = engine
      .since(0)
      .slice(0, best)
      .filter((l) => l.startsWith('info depth'));
    expect(infos.some((l) => / multipv 4 /.test(l))).toBe(true);
    const nodes = infos.map((l) => Number(/ nodes (\d+)/.exec(l)?.[1]));
    // Level 0 searches depth 1 (whatever go asks) within 150 nodes; depth 1 always completes.
    expect(infos.every((l) => l.startsWith('info depth 1 '))).toBe(true);
    expect(Math.max(...nodes)).toBeLessThan(5000);
    expect(legalBest(engine.lines[best])).toBe(true);
  });

  it('after ucinewgame, the same go depth gives the same output', async () => {
    const engine = start();
    const run = async () => {
      const from = engine.lines.length;
      engine.send('ucinewgame', 'position startpos moves c3-c4', 'go depth 6');
      const best = await engine.waitFor(/^bestmove /, from);
      // The periodic progress lines come by the clock, not by the search: leave them out.
      return engine
        .since(from)
        .slice(0, best - from + 1)
        .filter((l) => !/^info depth \d+ nodes /.test(l))
        .map((l) => l.replace(/ (nps|time) \d+/g, ''));
    };
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
  });
});

describe('errors keep the state', () => {
  it.each([
    ['foo', 'unknown command'],
    ['position', "'startpos' or 'fen"],
    ['position fen W:Wz9:Bh7', "'z9'"],
    ['position startpos moves c3-c5', 'illegal move'],
    ['position startpos moves c3-c4 c3-c4', 'move 2'],
    ['go depth zero', 'go depth'],
    ['go depth 5 nonsense', "unknown parameter 'nonsense'"],
    ['go perft 99', 'go perft'],
    ['uci now', 'takes no arguments'],
    ['bench -3', 'bench'],
  ])('%j -> one error line, position unchanged', async (line, words) => {
    const engine = start();
    engine.send('position startpos moves c3-c4', 'd');
    const before = await engine.waitFor(/^Position: /);
    await engine.waitFor(/^Game: /);
    const from = engine.lines.length;
    engine.send(line);
    const ready = await engine.sync();
    const replies = engine.since(from).slice(0, ready - from);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatch(/^info string error: /);
    expect(replies[0]).toContain(words);
    engine.send('d');
    const after = await engine.waitFor(/^Position: /, ready);
    expect(engine.lines[after]).toBe(engine.lines[before]);
  });

  it('refuses a second go, go perft, bench and changes while searching; answers d, moves and eval', async () => {
    const engine = start();
    engine.send('go infinite');
    await engine.waitFor(/^info depth 2 /);
    const from = engine.lines.length;
    engine.send('d', 'moves', 'eval', 'go perft 2', 'bench', 'go depth 2', 'position startpos moves c3-c4', 'setoption name Hash value 1', 'ucinewgame'); // prettier-ignore
    await engine.sync();
    const replies = engine.since(from);
    const errors = replies.filter((l) => l.startsWith('info string error: '));
    expect(errors).toHaveLength(6);
    expect(replies).toContain('Game: startpos');
    expect(replies.filter((l) => l.startsWith('moves '))).toHaveLength(1);
    expect(replies.filter((l) => l.startsWith('Evaluation: '))).toHaveLength(1);
    expect(replies.some((l) => l.startsWith('bestmove'))).toBe(false);
    engine.send('stop');
    await engine.waitFor(/^bestmove /);
    engine.send('d');
    const at = await engine.waitFor(/^Game: /, engine.lines.length - 1);
    expect(engine.lines[at]).toBe('Game: startpos');
  });
});

describe('helpers', () => {
  it('go perft divides and totals', async () => {
    const engine = start();
    engine.send('go perft 3');
    const total = await engine.waitFor(/^Nodes searched: /);
    expect(engine.lines[total]).toBe('Nodes searched: 12174');
    expect(engine.lines[total - 1]).toBe('');
    expect(engine.since(0).slice(0, total - 1)).toHaveLength(22);
  });

  it('eval lists its terms and the total from the side to move', async () => {
    const engine = start();
    engine.send('eval');
    const at = await engine.waitFor(/^Evaluation: /);
    expect(
      engine
        .since(0)
        .slice(0, at)
        .some((l) => /^material\s+0$/.test(l)),
    ).toBe(true);
  });
});

describe('ending the process', () => {
  it('quit during a search prints the bestmove and exits', async () => {
    const engine = start();
    engine.send('setoption name Threads value 2', 'go infinite');
    await engine.waitFor(/^info depth 3 /);
    engine.send('quit');
    const code = await engine.exited;
    expect(code).toBe(0);
    expect(engine.lines.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
  });

  it('end of input means quit, and no output line is lost', async () => {
    const engine = start();
    engine.send('uci', 'isready', 'go perft 2', 'd', 'isready');
    engine.closeInput();
    const code = await engine.exited;
    expect(code).toBe(0);
    expect(engine.lines).toContain('uciok');
    expect(engine.lines).toContain('Nodes searched: 484');
    expect(engine.lines.filter((l) => l === 'readyok')).toHaveLength(2);
    expect(engine.lines.some((l) => l.startsWith('Game: '))).toBe(true);
  });
});

describe('a failing worker', () => {
  it.each(['throw', 'exit'])(
    'a worker that fails (%s) is reported, replaced, and a legal move still comes',
    async (mode) => {
      const engine = start({ TAMA_FAILING_WORKER: mode }, FAILING_ENGINE);
      engine.send('position startpos', 'go depth 3');
      const best = await engine.waitFor(/^bestmove /);
      expect(
        engine
          .since(0)
          .slice(0, best)
          .some((l) => /^info string error: search thread 0 failed/.test(l)),
      ).toBe(true);
      expect(legalBest(engine.lines[best])).toBe(true);
      const from = engine.lines.length;
      engine.send('go depth 4');
      const next = await engine.waitFor(/^bestmove /, from);
      expect(engine.since(from).some((l) => l.startsWith('info depth 4 seldepth '))).toBe(true);
      expect(legalBest(engine.lines[next])).toBe(true);
    },
  );
});

describe('protocol.md', () => {
  it('quotes the option lines exactly as the engine prints them', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(new URL('../../protocol.md', import.meta.url), 'utf8');
    const engine = start();
    engine.send('uci');
    const ok = await engine.waitFor(/^uciok$/);
    const options = engine
      .since(0)
      .slice(0, ok)
      .filter((l) => l.startsWith('option name '));
    for (const line of options) {
      // The Threads maximum depends on the machine's cores.
      const quoted = line.replace(/(Threads type spin default 1 min 1 max )\d+/, '$1');
      expect(text).toContain(`< ${quoted}`);
    }
  });
});
