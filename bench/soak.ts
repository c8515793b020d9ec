/**
 * The soak: proves over many games and commands that the engine never leaves a GUI waiting.
 *
 *   npm run build && node dist/bench/soak.js games [--games 2000] [--threads-games 200]
 *       [--tc 1+0.01] [--concurrency 2] [--engine "node bin/tama.js"] [--seed 1]
 *   npm run build && node dist/bench/soak.js commands [--commands 100000] [--seed 1]
 *
 * `games` plays the engine against itself with the match runner, which judges every game,
 * and reports forfeits of each kind (illegal move, time, stall, crash, disconnect), the
 * engines' protocol errors and stderr lines, and the slowest reply against the time it had
 * on its clock. The first `--threads-games` games are played with Threads 2, half as many
 * at once, so that both phases keep `--concurrency` search threads busy and a game's clock
 * never waits for a core. Ctrl-C stops and reports the games played so far.
 *
 * `commands` drives one engine process with a seeded stream of random commands sent without
 * waiting (bench/command-stream.ts) and reports every broken invariant. `npm test` runs the
 * same check for 2000 commands.
 *
 * `match-memory`, `gui-memory` and `worker-memory` are the hours-long soaks: a `tama match`,
 * a `tama gui` with tabs playing engine against engine (the oldest closed and a new one
 * opened every few minutes), and a `tama worker` through a campaign on an embedded
 * PostgreSQL, each sampled every minute for the resident memory of its process tree
 * (bench/soak-memory.ts), with the processes left and the games lost at the end.
 *
 * Exit code: 0 when nothing failed, 1 when something did, 2 for bad arguments.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import type { GameRecord } from '../src/match/game.js';
import { FORFEITS } from '../src/match/game.js';
import { parseMatchArguments } from '../src/match/match-args.js';
import { Clock, parseClock } from '../src/clock/time-control.js';
import { runMatch } from '../src/match/tournament.js';
import { readArguments, usageError, wholeNumber } from './args.js';
import { runCommandStream } from './command-stream.js';
import { guiSoak, matchSoak, workerSoak, type Probing } from './soak-memory.js';

const USAGE = `Usage: node dist/bench/soak.js games|commands [options]

games     engine-against-engine games judged by the match runner
  --games N           games in all (default 2000)
  --threads-games N   of which the first N with Threads 2 (default 200)
  --tc TC             time control, as tama match's tc= (default 1+0.01)
  --concurrency N     search threads busy at once (default 2): N games at Threads 1,
                      N / 2 (at least 1) at Threads 2
  --engine CMD        the engine command (default: node bin/tama.js of this checkout)
  --openings FILE     openings, played in random order (default data/openings-armenian.txt)
  --seed N            the openings' order (default 1)
commands  a seeded stream of random commands to one engine process, checked against the
          protocol's order rule
  --commands N        commands to send (default 100000)
  --seed N            the stream (default 1)
  --batch N           random commands between two stop-and-isready checks (default 24)

match-memory   tama match of the engine against itself, memory sampled
  --games N   (2000)  --tc TC (1+0.01)  --concurrency N (2)  --engine CMD  --openings FILE
gui-memory     tama gui with tabs playing engine against engine, memory sampled
  --tabs N (4)  --minutes M (60)  --reopen M (5: minutes between closing the oldest tab
  and opening a new one)  --nodes N (2000 a move)
worker-memory  tama worker through a campaign on an embedded PostgreSQL, memory sampled
  --games N (2000)  --nodes N (1000 a move)  --concurrency N (2)  --minutes M (600 at
  most)  --engine CMD  --openings FILE
  each memory soak: --sample S  seconds between samples (default 60)
                    --heap        also the process's heap after a full collection at each
                                  sample, read through its inspector (on loopback)
                    --snapshots DIR  heap snapshots of the process into DIR: one every
                                  10 minutes and one at the end (bench/heap-diff.ts
                                  compares two)

Example: node dist/bench/soak.js games --games 200 --threads-games 20
         node dist/bench/soak.js gui-memory --minutes 60`;

const interrupt = new AbortController();
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The options of every memory soak: how its child is looked at. */
const PROBING = ['sample', 'heap', 'snapshots'];
const MODE_OPTIONS: Record<string, readonly string[]> = {
  games: ['games', 'threads-games', 'tc', 'concurrency', 'engine', 'openings', 'seed'],
  commands: ['commands', 'seed', 'batch'],
  'match-memory': ['games', 'tc', 'concurrency', 'engine', 'openings', ...PROBING],
  'gui-memory': ['tabs', 'minutes', 'reopen', 'nodes', ...PROBING],
  'worker-memory': ['games', 'nodes', 'concurrency', 'minutes', 'engine', 'openings', ...PROBING],
};

interface GamesSettings {
  readonly engine: string;
  readonly tc: string;
  readonly concurrency: number;
  readonly openings: string;
  readonly seed: number;
}

/** The slowest reply of a game set: its time, and the clock it had before it. */
interface SlowReply {
  elapsedMs: number;
  clockMs: number;
  game: number;
  ply: number;
}

/** Replays each game's clocks: the reply that used the largest share of its clock. */
function slowestReplies(
  records: readonly GameRecord[],
  tc: string,
): { byShare?: SlowReply; byTime?: SlowReply } {
  // prettier-ignore
  const settings = parseClock(tc);
  if (!settings.ok || settings.value === undefined) return {};
  let byShare: SlowReply | undefined;
  let byTime: SlowReply | undefined;
  records.forEach((record, game) => {
    const clocks = [new Clock(settings.value!), new Clock(settings.value!)];
    record.moves.forEach((move, ply) => {
      if (move.book || move.elapsedMs === undefined) return;
      const clock = clocks[move.color];
      const reply = { elapsedMs: move.elapsedMs, clockMs: clock.remainingMs, game: game + 1, ply: ply + 1 }; // prettier-ignore
      if (!byShare || reply.elapsedMs / reply.clockMs > byShare.elapsedMs / byShare.clockMs) byShare = reply; // prettier-ignore
      if (!byTime || reply.elapsedMs > byTime.elapsedMs) byTime = reply;
      clock.charge(move.elapsedMs, 0);
    });
  });
  return { byShare, byTime };
}

/** Plays `games` games at `threads` threads; prints and returns whether all went well. */
async function playGames(values: GamesSettings, games: number, threads: number): Promise<boolean> {
  // prettier-ignore
  const concurrency = Math.max(1, Math.floor(values.concurrency / threads));
  const args = [
    '--engine', `cmd=${values.engine}`, 'name=A',
    '--engine', `cmd=${values.engine}`, 'name=B',
    '--each', `tc=${values.tc}`, `option.Threads=${threads}`,
    '--games', String(games),
    '--concurrency', String(concurrency),
    '--openings', `file=${values.openings}`, 'order=random', `seed=${values.seed}`,
    '--rating-interval', '0',
  ]; // prettier-ignore
  const parsed = parseMatchArguments(args);
  if (!parsed.ok) {
    console.error(`soak: ${parsed.error.message}`);
    return false;
  }
  const errors: string[] = [];
  const stderr: string[] = [];
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(loadavg()[0]), 10_000);
  const started = performance.now();
  let finished = 0;
  const result = await runMatch(parsed.value.config, {
    print: (line) => {
      if (/^Finished game /.test(line) && ++finished % 100 === 0) console.log(`  ${finished} games`); // prettier-ignore
    },
    warn: (line) => console.error(`  ${line}`),
    signal: interrupt.signal,
    log: (label, direction, line) => {
      if (direction === '!') stderr.push(`${label}: ${line}`);
      else if (direction === '<' && line.startsWith('info string error')) errors.push(`${label}: ${line}`); // prettier-ignore
    },
  });
  clearInterval(sampler);
  if (!result.ok) {
    console.error(`soak: ${result.error.message}`);
    return false;
  }
  const records = result.value.games
    .map((g) => g.record)
    .filter((r) => r.termination !== 'interrupted');
  const forfeits = FORFEITS.map((kind) => [kind, records.filter((r) => r.termination === kind)] as const); // prettier-ignore
  const minutes = (performance.now() - started) / 60_000;
  const load = loads.length > 0 ? loads.reduce((a, b) => a + b) / loads.length : loadavg()[0];
  console.log(`Threads ${threads}: ${records.length} games in ${minutes.toFixed(1)} min, tc ${values.tc}, concurrency ${concurrency}, mean load ${load.toFixed(1)} (max ${Math.max(0, ...loads).toFixed(1)})`); // prettier-ignore
  console.log(`  forfeits: ${forfeits.map(([kind, list]) => `${kind} ${list.length}`).join(', ')}`); // prettier-ignore
  for (const [, list] of forfeits) for (const record of list.slice(0, 5)) console.log(`    ${record.reason}`); // prettier-ignore
  console.log(`  engine errors: ${errors.length}, stderr lines: ${stderr.length}`);
  for (const line of [...errors, ...stderr].slice(0, 10)) console.log(`    ${line}`);
  const { byShare, byTime } = slowestReplies(records, values.tc);
  const show = (reply: SlowReply) => `${Math.round(reply.elapsedMs)} ms with ${Math.round(reply.clockMs)} ms on the clock (${((100 * reply.elapsedMs) / reply.clockMs).toFixed(1)}%, game ${reply.game}, ply ${reply.ply})`; // prettier-ignore
  if (byTime) console.log(`  slowest reply: ${show(byTime)}`);
  if (byShare) console.log(`  largest share of the clock: ${show(byShare)}`);
  const plies = records.reduce((sum, r) => sum + r.moves.filter((m) => !m.book).length, 0);
  console.log(`  replies: ${plies}`);
  return records.length === games && forfeits.every(([, list]) => list.length === 0) && errors.length === 0 && stderr.length === 0; // prettier-ignore
}

/** Runs one of the memory soaks with its options; true when nothing was lost or left. */
function memorySoak(mode: string, values: Parameters<typeof wholeNumber>[1]): Promise<boolean> {
  const tama = `${ROOT}bin/tama.js`;
  const text = (name: string, fallback: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : fallback;
  };
  const engine = text('engine', `node ${tama}`);
  const openings = text('openings', `${ROOT}data/openings-armenian.txt`);
  const snapshots = values.snapshots;
  if (typeof snapshots === 'string' && !existsSync(snapshots)) return usageError(USAGE, `--snapshots: no folder '${snapshots}'`); // prettier-ignore
  const probing: Probing = {
    sampleSeconds: wholeNumber(USAGE, values, 'sample', 60, 1),
    heap: values.heap === true,
    snapshots: typeof snapshots === 'string' ? snapshots : undefined,
  };
  const concurrency = wholeNumber(USAGE, values, 'concurrency', 2, 1);
  if (mode === 'match-memory') {
    const tc = text('tc', '1+0.01');
    if (!parseClock(tc).ok) return usageError(USAGE, `--tc: cannot read '${tc}'`);
    const games = wholeNumber(USAGE, values, 'games', 2000, 1);
    return matchSoak({ tama, engine, games, tc, concurrency, openings, probing });
  }
  if (mode === 'gui-memory') {
    return guiSoak({
      tama,
      tabs: wholeNumber(USAGE, values, 'tabs', 4, 1, 64),
      minutes: wholeNumber(USAGE, values, 'minutes', 60, 1),
      reopenMinutes: wholeNumber(USAGE, values, 'reopen', 5, 1),
      nodes: wholeNumber(USAGE, values, 'nodes', 2000, 1),
      probing,
    });
  }
  return workerSoak({
    tama,
    engine,
    games: wholeNumber(USAGE, values, 'games', 2000, 1),
    nodes: wholeNumber(USAGE, values, 'nodes', 1000, 1),
    concurrency,
    openings,
    minutes: wholeNumber(USAGE, values, 'minutes', 600, 1),
    probing,
  });
}

async function main(): Promise<number> {
  const { values, positionals } = readArguments(
    USAGE,
    Object.fromEntries(Object.values(MODE_OPTIONS).flat().map((name) => [name, { type: name === 'heap' ? 'boolean' : 'string' }])), // prettier-ignore
    process.argv.slice(2),
    true,
  );
  const [mode, ...extra] = positionals;
  if (mode === undefined || !(mode in MODE_OPTIONS)) return usageError(USAGE, `the first word must be games, commands, match-memory, gui-memory or worker-memory, got '${mode ?? ''}'`); // prettier-ignore
  if (extra.length > 0) return usageError(USAGE, `unexpected '${extra.join(' ')}'`);
  const foreign = Object.keys(values).find((name) => name !== 'help' && !MODE_OPTIONS[mode].includes(name)); // prettier-ignore
  if (foreign !== undefined) return usageError(USAGE, `--${foreign} is not an option of ${mode}`); // prettier-ignore
  const seed = wholeNumber(USAGE, values, 'seed', 1, 0, 2 ** 32 - 1);
  if (mode === 'commands') {
    const batch = wholeNumber(USAGE, values, 'batch', 24, 1);
    const report = await runCommandStream({
      engine: [process.execPath, `${ROOT}bin/tama.js`],
      commands: wholeNumber(USAGE, values, 'commands', 100_000, 1),
      seed,
      batch,
      progress: (sent) => {
        if (sent % 10_000 < batch + 2) console.log(`  ${sent} commands`);
      },
    });
    console.log(`commands sent: ${report.commands} (seed ${seed}), go accepted: ${report.accepted}, refused commands: ${report.refused}, bestmoves: ${report.bestMoves}, readyok: ${report.readyOks}, ${Math.round(report.milliseconds / 1000)} s, load ${loadavg()[0].toFixed(1)}`); // prettier-ignore
    console.log(`invariant violations: ${report.violations.length}`);
    for (const violation of report.violations.slice(0, 20)) console.log(`  ${violation}`);
    return report.violations.length === 0 ? 0 : 1;
  }
  if (mode.endsWith('-memory')) return (await memorySoak(mode, values)) ? 0 : 1;
  const total = wholeNumber(USAGE, values, 'games', 2000, 1);
  const threaded = Math.min(total, wholeNumber(USAGE, values, 'threads-games', 200, 0));
  const settings: GamesSettings = {
    engine: typeof values.engine === 'string' ? values.engine : `node ${ROOT}bin/tama.js`,
    tc: typeof values.tc === 'string' ? values.tc : '1+0.01',
    concurrency: wholeNumber(USAGE, values, 'concurrency', 2, 1),
    openings: typeof values.openings === 'string' ? values.openings : `${ROOT}data/openings-armenian.txt`, // prettier-ignore
    seed,
  };
  if (parseClock(settings.tc).ok === false) return usageError(USAGE, `--tc: cannot read '${settings.tc}'`); // prettier-ignore
  // Ctrl-C ends the games under way and still reports the games played.
  process.once('SIGINT', () => interrupt.abort());
  let clean = true;
  if (threaded > 0) clean = (await playGames(settings, threaded, 2)) && clean;
  if (total - threaded > 0 && !interrupt.signal.aborted) clean = (await playGames(settings, total - threaded, 1)) && clean; // prettier-ignore
  return clean ? 0 : 1;
}

process.exitCode = await main();
