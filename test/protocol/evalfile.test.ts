/**
 * The EvalFile option through the built `tama`: by default the shipped network of each
 * variant, in `eval` and in the search on every thread; a good weights file changes what
 * `eval` and the search use (on every search thread), a bad one is one error line and the
 * evaluation in use stays. A network file is loaded the same way, for its variant; a list
 * of files separated by `;` is read in order.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { formatNetwork } from '../../src/search/network-weights.js';
import { FloatNetwork } from '../../src/tune/network-train.js';
import { TamaProcess } from './tama-process.js';

const folder = mkdtempSync(join(tmpdir(), 'tama-evalfile-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const engines: TamaProcess[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.kill();
});

const shipped = readFileSync(new URL('../../data/eval-weights.json', import.meta.url), 'utf8');
/** The shipped weights' worth of a man (White is one man up in the test position). */
const SHIPPED_MAN = (JSON.parse(shipped) as { variants: { armenian: { man: number } } }).variants.armenian.man; // prettier-ignore

/** Writes the shipped weights with `change` applied to the Armenian ones; returns the path. */
function weightsFile(name: string, change: Record<string, unknown>): string {
  const data = JSON.parse(shipped) as { variants: Record<string, Record<string, unknown>> };
  Object.assign(data.variants.armenian, change);
  const path = join(folder, name);
  writeFileSync(path, JSON.stringify(data));
  return path;
}

/** The `eval` lines' material term and total, for White up one man. */
async function evalOf(engine: TamaProcess): Promise<{ material: number; total: number }> {
  const from = engine.lines.length;
  engine.send('position fen W:Wa2,c2,h2:Bb7,g7', 'eval');
  const at = await engine.waitFor(/^Evaluation: /, from);
  const material = engine.since(from).find((l) => l.startsWith('material'));
  return {
    material: Number(material?.split(/\s+/)[1]),
    total: Number(/^Evaluation: (-?\d+)/.exec(engine.lines[at])?.[1]),
  };
}

/** The score of the last `info` line of a `go depth 4` from White up one man. */
async function searchScore(engine: TamaProcess): Promise<number> {
  const from = engine.lines.length;
  engine.send('ucinewgame', 'position fen W:Wa2,c2,h2:Bb7,g7', 'go depth 4');
  const best = await engine.waitFor(/^bestmove /, from);
  const infos = engine
    .since(from)
    .slice(0, best - from)
    .filter((l) => l.startsWith('info depth'));
  return Number(/score cp (-?\d+)/.exec(infos[infos.length - 1])?.[1]);
}

/** The `Evaluation:` line of `eval` in the position `fen`. */
async function evaluationLine(engine: TamaProcess, fen: string): Promise<string> {
  const from = engine.lines.length;
  engine.send(`position fen ${fen}`, 'eval');
  const at = await engine.waitFor(/^Evaluation: /, from);
  return engine.lines[at];
}

/** The network's score in `eval`'s `Evaluation:` line, or NaN when the linear evaluation gave it. */
const networkScore = (line: string) => Number(/^Evaluation: (-?\d+) \(the network;/.exec(line)?.[1]); // prettier-ignore

function start(): TamaProcess {
  const engine = new TamaProcess();
  engines.push(engine);
  return engine;
}

describe('EvalFile', () => {
  it('loads a good file: eval and the search on every thread use its weights', async () => {
    const engine = start();
    engine.send('setoption name Threads value 2', 'setoption name EvalFile value data/eval-weights.json'); // prettier-ignore
    const before = await evalOf(engine);
    const scoreBefore = await searchScore(engine);
    expect(before.material).toBe(SHIPPED_MAN);
    engine.send(`setoption name EvalFile value ${weightsFile('heavy.json', { man: 1000 })}`);
    const after = await evalOf(engine);
    expect(after.material).toBe(1000);
    expect(after.total - before.total).toBe(1000 - SHIPPED_MAN);
    const scoreAfter = await searchScore(engine);
    expect(scoreAfter - scoreBefore).toBeGreaterThan(500);
    // Back to the shipped file, found from the engine's folder by its relative name.
    engine.send('setoption name EvalFile value data/eval-weights.json');
    expect(await evalOf(engine)).toEqual(before);
    expect(await searchScore(engine)).toBe(scoreBefore);
    expect(engine.lines.filter((l) => l.startsWith('info string error'))).toEqual([]);
  });

  it('refuses a bad or missing file with one error line and keeps the weights in use', async () => {
    const engine = start();
    engine.send(`setoption name EvalFile value ${weightsFile('good.json', { man: 150 })}`);
    const good = await evalOf(engine);
    expect(good.material).toBe(150);
    const bad = [
      weightsFile('fraction.json', { king: 2.5 }),
      weightsFile('typo.json', { kings: 330 }),
      join(folder, 'absent.json'),
    ];
    const from = engine.lines.length;
    for (const path of bad) engine.send(`setoption name EvalFile value ${path}`);
    const ready = await engine.sync();
    const errors = engine.since(from).slice(0, ready - from);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^info string error: EvalFile '.*fraction\.json': variants\.armenian\.king must be a whole number/); // prettier-ignore
    expect(errors[1]).toMatch(/variants\.armenian\.kings is not a weight/);
    expect(errors[2]).toMatch(/^info string error: cannot read EvalFile '.*absent\.json'/);
    expect(await evalOf(engine)).toEqual(good);
  });

  it('loads a network for its variant; refuses one of another version, shape or variant and keeps it', async () => {
    const network = (name: string, change: Record<string, unknown> = {}) => {
      const data = JSON.parse(formatNetwork(new FloatNetwork(16, 2).quantise('armenian', 150), 'test')) as Record<string, unknown>; // prettier-ignore
      const path = join(folder, name);
      writeFileSync(path, JSON.stringify({ ...data, ...change }));
      return path;
    };
    const engine = start();
    const networkEval = () => evaluationLine(engine, 'W:Wa2,c2,h2:Bb7,g7');
    engine.send(`setoption name EvalFile value ${network('net.json')}`);
    const loaded = await networkEval();
    expect(loaded).toMatch(/^Evaluation: -?\d+ \(the network; White to move/);
    const from = engine.lines.length;
    engine.send(`setoption name EvalFile value ${network('v9.json', { version: 9 })}`);
    engine.send(`setoption name EvalFile value ${network('wide.json', { shape: { inputs: 256, hidden: 32 } })}`); // prettier-ignore
    engine.send(`setoption name EvalFile value ${network('other.json', { variant: 'draughts' })}`);
    const ready = await engine.sync();
    const errors = engine.since(from).slice(0, ready - from);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^info string error: EvalFile '.*v9\.json': network file version 9 is not supported/); // prettier-ignore
    expect(errors[1]).toMatch(/^info string error: EvalFile '.*wide\.json': "inputWeights" must be a list of 8192 numbers/); // prettier-ignore
    expect(errors[2]).toMatch(/^info string error: EvalFile '.*other\.json': "variant" must be one of/); // prettier-ignore
    expect(await networkEval()).toBe(loaded);
    // The search on the pool's threads scores with it: other scores than the linear weights'.
    const withNetwork = await searchScore(engine);
    engine.send('setoption name EvalFile value data/eval-weights.json');
    expect(await networkEval()).toMatch(/^Evaluation: -?\d+ \(White to move, centi-men/);
    expect(await searchScore(engine)).not.toBe(withNetwork);
  });

  it('plays the shipped network of each variant by default, as the files named again do', async () => {
    const engine = start();
    const positions = { armenian: 'W:Wa2,c2,h2:Bb7,g7', turkish: 'B:Wa3,d3,h3:Bb6,e6,Kh8' };
    const shown: string[] = [];
    for (const [variant, fen] of Object.entries(positions)) {
      engine.send(`setoption name Variant value ${variant}`);
      shown.push(await evaluationLine(engine, fen));
    }
    for (const line of shown) expect(networkScore(line)).not.toBeNaN();
    engine.send('setoption name EvalFile value data/network-armenian.json;data/network-turkish.json'); // prettier-ignore
    const again: string[] = [];
    for (const [variant, fen] of Object.entries(positions)) {
      engine.send(`setoption name Variant value ${variant}`);
      again.push(await evaluationLine(engine, fen));
    }
    expect(again).toEqual(shown);
    // The linear weights alone: linear in both variants.
    engine.send('setoption name EvalFile value data/eval-weights.json');
    for (const [variant, fen] of Object.entries(positions)) {
      engine.send(`setoption name Variant value ${variant}`);
      expect(await evaluationLine(engine, fen)).toMatch(/^Evaluation: -?\d+ \((White|Black) to move, centi-men/); // prettier-ignore
    }
    expect(engine.lines.filter((l) => l.startsWith('info string error'))).toEqual([]);
  });

  it('by default the search threads score with the network: depth 1 on two threads is the best of its moves by eval', async () => {
    const engine = start();
    engine.send('setoption name Threads value 2');
    const fen = 'W:Wa2,c2,h2:Bb7,g7';
    // Every White move here is quiet and leaves Black no capture: depth 1 scores each move
    // by the evaluation of the position after it, from White's side.
    let from = engine.lines.length;
    engine.send(`position fen ${fen}`, 'moves');
    const moves = engine.lines[await engine.waitFor(/^moves /, from)].split(' ').slice(1);
    expect(moves.length).toBeGreaterThan(3);
    let best = -Infinity;
    for (const move of moves) {
      const line = await evaluationLine(engine, `${fen} moves ${move}`);
      best = Math.max(best, -networkScore(line));
    }
    expect(best).not.toBeNaN();
    from = engine.lines.length;
    engine.send('ucinewgame', `position fen ${fen}`, 'go depth 1');
    const at = await engine.waitFor(/^bestmove /, from);
    const info = engine
      .since(from)
      .slice(0, at - from)
      .filter((l) => l.startsWith('info depth 1 '));
    expect(info.length).toBeGreaterThan(0);
    expect(Number(/score cp (-?\d+)/.exec(info[info.length - 1])?.[1])).toBe(best);
  });

  it('refuses two networks of one variant in the list, one error line, and the evaluation in use stays', async () => {
    const engine = start();
    engine.send('setoption name EvalFile value data/network-armenian.json');
    const before = await evaluationLine(engine, 'W:Wa2,c2,h2:Bb7,g7');
    expect(networkScore(before)).not.toBeNaN();
    const from = engine.lines.length;
    engine.send('setoption name EvalFile value data/eval-weights.json;data/network-armenian.json;data/network-armenian.json'); // prettier-ignore
    engine.send('setoption name EvalFile value data/network-turkish.json;no-such-network.json');
    const ready = await engine.sync();
    const errors = engine.since(from).slice(0, ready - from);
    expect(errors).toEqual([
      "info string error: EvalFile 'data/eval-weights.json;data/network-armenian.json;data/network-armenian.json': 'data/network-armenian.json' and 'data/network-armenian.json' are both networks of armenian; name one network a variant", // prettier-ignore
      expect.stringMatching(/^info string error: cannot read EvalFile 'no-such-network\.json': /),
    ]);
    expect(await evaluationLine(engine, 'W:Wa2,c2,h2:Bb7,g7')).toBe(before);
  });

  it('in Armenian levels 0 to 3 search with the linear weights of the EvalFile, stronger levels and full strength with its network', async () => {
    const byDefault = start();
    const linear = start();
    linear.send('setoption name EvalFile value data/eval-weights.json');
    const doubleMan = start();
    doubleMan.send(`setoption name EvalFile value ${weightsFile('double-man.json', { man: 2 * SHIPPED_MAN })}`); // prettier-ignore
    const fen = 'W:Wa2,b2,c2,d2,e2,f2,h2,b3,d3,e3,f3,g3,h3,a4,b4,g4:Bb5,d5,e5,b6,c6,d6,f6,h6,a7,b7,c7,d7,e7,f7,g7,h7'; // prettier-ignore
    // White a man up: the weights file's worth of a man shows in every score.
    const manUp = 'W:Wa2,c2,h2:Bb7,g7';
    // Below full strength the search's lines and scores (not the move, a random choice among them).
    for (const level of [0, 3]) {
      const shown = await skillLines(byDefault, level, fen);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown).toEqual(await skillLines(linear, level, fen));
      expect(await skillLines(doubleMan, level, manUp)).not.toEqual(await skillLines(linear, level, manUp)); // prettier-ignore
    }
    for (const level of [4, 10]) {
      expect(await skillLines(byDefault, level, fen)).not.toEqual(await skillLines(linear, level, fen)); // prettier-ignore
    }
    // At full strength the EvalFile's choice stands: each weights file plays its own weights.
    expect(await skillLines(doubleMan, 10, manUp)).not.toEqual(await skillLines(linear, 10, manUp)); // prettier-ignore
    // In Turkish every level plays the network.
    for (const engine of [byDefault, linear]) engine.send('setoption name Variant value turkish');
    const turkish = 'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7'; // prettier-ignore
    expect(await skillLines(byDefault, 0, turkish)).not.toEqual(await skillLines(linear, 0, turkish)); // prettier-ignore
    for (const engine of [byDefault, linear, doubleMan]) {
      expect(engine.lines.filter((l) => l.startsWith('info string error'))).toEqual([]);
    }
  });
});

/**
 * The `info` lines (less time, speed and table use) of a search of `fen` at `level`, from
 * an empty table: the level's own depth cap and node budget, or depth 4 at full strength.
 */
async function skillLines(engine: TamaProcess, level: number, fen: string): Promise<string[]> {
  const from = engine.lines.length;
  engine.send(`setoption name Skill Level value ${level}`, 'ucinewgame', `position fen ${fen}`);
  engine.send(level < 10 ? 'go depth 30' : 'go depth 4');
  const at = await engine.waitFor(/^bestmove /, from);
  return engine
    .since(from)
    .slice(0, at - from)
    .filter((l) => l.startsWith('info depth') && l.includes(' pv '))
    .map((l) => l.replace(/ (time|nps|hashfull) \d+/g, ''));
}
