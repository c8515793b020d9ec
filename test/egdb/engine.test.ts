/**
 * The databases as users meet them: `tama egdb build` and `probe` on the command line, the
 * `EGDB Path` option and `d` in the protocol, and the engine with databases playing won
 * and drawn endings against itself without them.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateMoves, MoveList } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { computeKey, KEY_HI, KEY_LO, STATE_SIZE } from '../../src/core/state.js';
import { rulesFor } from '../../src/core/variant.js';
import { tablePath } from '../../src/egdb/file.js';
import { Indexer } from '../../src/egdb/indexing.js';
import { loadTables } from '../../src/egdb/load.js';
import { parseMaterialName } from '../../src/egdb/material.js';
import type { EndgameTables } from '../../src/egdb/tables.js';
import { isLoss, isWin } from '../../src/egdb/value.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import type { Searcher } from '../../src/search/search.js';
import { tableBytes } from '../../src/search/tt.js';
import { TamaProcess, TAMA } from '../protocol/tama-process.js';
import { moduleSearcher } from '../helpers.js';

const run = promisify(execFile);
const tama = (...args: string[]) => run(process.execPath, [TAMA, ...args]);

let dir = '';
let tables: EndgameTables;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-egdb-'));
  const built = await tama('egdb', 'build', '--pieces', '3', '--out', dir, '--threads', '2');
  expect(built.stdout).toMatch(/^built 9 units, 0 already there; .* MiB/);
  tables = loadTables(dir, 'armenian').tables;
}, 1_800_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tama egdb', () => {
  it('builds every table once: a second build finds them all and skips them', async () => {
    const again = await tama('egdb', 'build', '--pieces', '3', '--out', dir);
    expect(again.stdout).toMatch(/^built 0 units, 9 already there/);
    // Then what the tables hold, per number of pieces (egdb.test.ts checks the counts).
    const rows = again.stdout.trim().split('\n').slice(1);
    expect(rows[0]).toMatch(/^pieces +tables +positions +wins +losses +draws +longest win$/);
    expect(rows[1]).toMatch(/^ +2 +4 +\d+ +\d+ +\d+ +\d+ {2}\d+ plies \(\S+\)$/);
    expect(rows[2]).toMatch(/^ +3 +12 +\d+ /);
    expect(again.stderr).toContain('KvKK + KKvK: already built');
    expect(tables.maxPieces).toBe(3);
  });

  it('probes a position: value, distance and the moves that keep it', async () => {
    const { stdout } = await tama('egdb', 'probe', '--path', dir, 'W:WKa1,Kh8:BKd5');
    const lines = stdout.split('\n');
    expect(lines[1]).toBe('value win in 5 plies');
    expect(lines[2]).toBe('best a1-g7 h8-b2');
    expect(lines).toContain('  a1-d4        draw');
  });

  it('refuses bad position text and positions no table covers', async () => {
    await expect(tama('egdb', 'probe', '--path', dir, 'W:WKz9:BKa1')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("'Kz9' in White's list is not a square"),
    });
    await expect(tama('egdb', 'probe', '--path', dir, 'W:WKa1,Kb1:BKa8,Kb8')).rejects.toMatchObject(
      {
        code: 1,
        stderr: expect.stringContaining('no armenian table'),
      },
    );
  });

  it('finds a damaged file by its checksum', () => {
    const copy = mkdtempSync(join(tmpdir(), 'tama-egdb-bad-'));
    try {
      const material = parseMaterialName('KvK')!;
      const bytes = readFileSync(tablePath(dir, 'armenian', material));
      bytes[100] ^= 1;
      const path = tablePath(copy, 'armenian', material);
      mkdirSync(join(copy, 'armenian'), { recursive: true });
      writeFileSync(path, bytes);
      expect(loadTables(copy, 'armenian').errors).toEqual([
        expect.stringContaining('fails its checksum'),
      ]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('the EGDB Path option', () => {
  it('loads the tables: d shows the value, the search counts tbhits and keeps the value', async () => {
    const engine = new TamaProcess();
    engine.send(`setoption name EGDB Path value ${dir}`, 'position fen W:WKa1,Kh8:BKd5', 'd');
    await engine.waitFor(/^Endgame database: win in 5 plies$/);
    engine.send('go depth 4');
    const best = await engine.waitFor(/^bestmove /);
    expect(['bestmove a1-g7', 'bestmove h8-b2']).toContain(engine.lines[best]);
    const info = engine.lines.filter((l) => l.startsWith('info depth'));
    expect(info.at(-1)).toMatch(/ score mate 3 .* tbhits [1-9]\d* /);
    engine.send('quit');
    await engine.exited;
  });

  it('refuses a folder without tables and keeps searching without them', async () => {
    const engine = new TamaProcess();
    engine.send('setoption name EGDB Path value /no/such/folder', 'position fen W:WKa1,Kh8:BKd5', 'd'); // prettier-ignore
    await engine.waitFor(/^Game: /);
    expect(engine.lines).toContain('info string error: EGDB Path: no folder /no/such/folder');
    expect(engine.lines.some((l) => l.startsWith('Endgame database'))).toBe(false);
    engine.send('go depth 2');
    const best = await engine.waitFor(/^bestmove /);
    expect(engine.lines.slice(0, best).some((l) => l.includes('tbhits'))).toBe(false);
    engine.send('quit');
    await engine.exited;
  });
});

/** A game from `start`: the side to move first plays with the tables, the other without. */
function play(
  start: Position,
  withTables: Searcher,
  without: Searcher,
): 'first' | 'second' | 'draw' {
  const rules = start.rules;
  const position = start.clone();
  const first = position.sideToMove;
  const seen = new Map<string, number>();
  const keys: number[] = [];
  const list = new MoveList();
  for (let ply = 0; ply < 400; ply++) {
    if (generateMoves(rules, position.state, list) === 0) return position.sideToMove === first ? 'second' : 'first'; // prettier-ignore
    if (position.quietPlies >= 100) return 'draw';
    const key = `${position.keyLo},${position.keyHi}`;
    const count = (seen.get(key) ?? 0) + 1;
    if (count >= 3) return 'draw';
    seen.set(key, count);
    const searcher = position.sideToMove === first ? withTables : without;
    const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
    const result = searcher.search(position, keys, { nodes: 4000 }, settings, () => {});
    const move = result.bestMove;
    if (move === undefined) throw new Error(`no move in ${position.toString()}`);
    keys.push(position.keyLo, position.keyHi);
    position.play(move.move, move.capturedLo, move.capturedHi);
  }
  return 'draw';
}

/** The `count` positions of a signature with the longest wins, or draws, side to move first. */
function pick(material: string, kind: 'win' | 'draw', count: number): Position[] {
  const indexer = new Indexer(parseMaterialName(material)!);
  const state = new Int32Array(STATE_SIZE);
  const found: { code: number; index: number }[] = [];
  for (let index = 0; index < indexer.size; index += 7) {
    if (!indexer.decode(index, state)) continue;
    const code = tables.probe(state);
    if (kind === 'win' ? isWin(code) : code === 0) found.push({ code, index });
  }
  found.sort((a, b) => b.code - a.code || a.index - b.index);
  return found.slice(0, count).map(({ index }) => {
    indexer.decode(index, state);
    const position = new Position(rulesFor('armenian'), state);
    [position.state[KEY_LO], position.state[KEY_HI]] = computeKey(position.state);
    return position;
  });
}

describe('playing with the databases', () => {
  const searcher = (withTables: boolean) => {
    const result = moduleSearcher(tableBytes(4), SearchControl.create(1));
    if (withTables) result.attachTables(tables);
    return result;
  };

  it('wins won endings against itself without them, inside the no-progress limit', () => {
    const positions = [...pick('KMvK', 'win', 3), ...pick('KKvK', 'win', 2), ...pick('MMvK', 'win', 2)]; // prettier-ignore
    expect(positions).toHaveLength(7);
    for (const start of positions) {
      expect(isWin(tables.probe(start.state))).toBe(true);
      expect(play(start, searcher(true), searcher(false)), start.toString()).toBe('first');
    }
  }, 600_000);

  it('never loses a drawn ending', () => {
    const positions = [...pick('KvKM', 'draw', 3), ...pick('KvMM', 'draw', 3)];
    expect(positions).toHaveLength(6);
    for (const start of positions) {
      expect(isLoss(tables.probe(start.state))).toBe(false);
      expect(play(start, searcher(true), searcher(false)), start.toString()).not.toBe('second');
    }
  }, 600_000);
});
