/**
 * The memory soaks of bench/soak.ts: a `tama match`, a `tama gui` server whose tabs play
 * engine against engine, and a `tama worker` through a campaign, each run as a child
 * process whose process tree (it and every process below it: the engines) is sampled
 * every `--sample` seconds for resident memory (VmRSS, from /proc; Linux only). Each
 * reports the samples, resident memory at the start (the first sample), after 10 minutes
 * and at the end, the processes left once it has ended, and the games lost. With `--heap`
 * each sample also reads the child's heap after a full collection, and with `--snapshots`
 * heap snapshots of the child are written (heap-probe.ts): resident memory that grows
 * while the heap stays flat is V8 and the allocator settling, not a leak.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { ensureEmbeddedServer, stopEmbeddedServer } from '../src/campaign/embedded.js';
import { JobQueue } from '../src/campaign/queue.js';
import { Store } from '../src/campaign/store.js';
import { Game } from '../src/core/game.js';
import { SKILL_LEVEL_RANGE } from '../src/engine/option-ranges.js';
import type { ServerMessage } from '../src/gui/messages.js';
import { HeapProbe, INSPECT_FLAG, type HeapSample } from './heap-probe.js';

/** One look at a process tree: when, how many processes, and their resident memory. */
interface TreeSample {
  readonly minutes: number;
  readonly processes: number;
  /** The child itself (the match runner, the server, the worker). */
  readonly rootMb: number;
  /** Of which file pages: the code of the node binary and its libraries, read in as it runs. */
  readonly rootFileMb: number;
  /** Every process below it (the engines). */
  readonly belowMb: number;
  /** The child's heap after a full collection, when it is probed (--heap). */
  readonly heap?: HeapSample;
}

/** How a soak looks at its child besides resident memory. */
export interface Probing {
  readonly sampleSeconds: number;
  /** Read the child's heap after a full collection at each sample (through its inspector). */
  readonly heap: boolean;
  /** A folder for heap snapshots of the child: one every 10 minutes and one at the end. */
  readonly snapshots?: string;
}

/** The arguments that start a child `tama` under `probing`: the inspector's flag first when it is looked into. */
export const childArguments = (probing: Probing, tama: string, args: readonly string[]) => [
  ...(probing.heap || probing.snapshots !== undefined ? [INSPECT_FLAG] : []),
  tama,
  ...args,
];

/** What a soak hands back besides the samples. */
export interface SoakOutcome {
  readonly games: number;
  readonly lost: number;
  /** Lines of its own to print (forfeits, how games ended). */
  readonly notes: readonly string[];
}

/** A process as the sampler sees it: its parent, and its resident kB in all and of files. */
interface ProcessEntry {
  readonly ppid: number;
  readonly rssKb: number;
  readonly fileKb: number;
}

/** Parent and resident kB of every process now, read from /proc. */
function processTable(): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name may hold spaces and brackets: the fields after its last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0); // prettier-ignore
      table.set(Number(name), { ppid: Number(fields[1]), rssKb: kb('VmRSS'), fileKb: kb('RssFile') }); // prettier-ignore
    } catch {
      // The process ended while it was read.
    }
  }
  return table;
}

/** The process `root` and all below it, in `table`. */
function treeOf(root: number, table: Map<number, ProcessEntry>): number[] {
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, entry] of table) if (entry.ppid === tree[i]) tree.push(pid);
  }
  return tree.filter((pid) => table.has(pid));
}

/** Samples a child's process tree every `everyMs`; remembers every process it saw below it. */
class TreeSampler {
  readonly samples: TreeSample[] = [];
  /** Snapshots written, by the 10-minute mark they stand for. */
  readonly snapshots: string[] = [];
  private readonly seen = new Set<number>();
  private readonly started = performance.now();
  private readonly timer: NodeJS.Timeout;
  /** The sample under way: samples never overlap (a snapshot may take longer than a period). */
  private turn: Promise<void> = Promise.resolve();
  /** The closing sample was taken: none follows it. */
  private closed = false;

  constructor(
    private readonly root: number,
    private readonly probing: Probing,
    private readonly probe: HeapProbe | undefined,
  ) {
    this.timer = setInterval(() => void this.sample(), probing.sampleSeconds * 1000);
  }

  /** Takes one sample (after the one under way); `last`, the closing one, also writes the closing snapshot. */
  sample(last = false): Promise<void> {
    this.turn = this.turn.then(() => this.take(last));
    return this.turn;
  }

  private async take(last: boolean): Promise<void> {
    if (this.closed) return;
    this.closed = last;
    const minutes = (performance.now() - this.started) / 60_000;
    const table = processTable();
    const tree = treeOf(this.root, table);
    if (tree.length === 0) return;
    for (const pid of tree) if (pid !== this.root) this.seen.add(pid);
    const mb = (pid: number) => (table.get(pid)?.rssKb ?? 0) / 1024;
    const below = tree.filter((pid) => pid !== this.root);
    const heap = this.probing.heap ? await this.probe?.sample() : undefined;
    const sample = {
      minutes,
      processes: tree.length,
      rootMb: mb(this.root),
      rootFileMb: (table.get(this.root)?.fileKb ?? 0) / 1024,
      belowMb: below.reduce((sum, pid) => sum + mb(pid), 0),
      heap,
    };
    this.samples.push(sample);
    console.log(
      `  ${sample.minutes.toFixed(1).padStart(6)} min  ${String(sample.processes).padStart(3)} processes  ` +
        `${sample.rootMb.toFixed(1).padStart(7)} MB (files ${sample.rootFileMb.toFixed(1)}) + ${sample.belowMb.toFixed(1).padStart(7)} MB below ` +
        `${heap === undefined ? '' : `(heap ${heap.heapMb.toFixed(1)} of ${heap.heapTotalMb.toFixed(1)} MB, external ${heap.externalMb.toFixed(1)} MB) `}` +
        `(load ${loadavg()[0].toFixed(1)})`,
    );
    const mark = Math.floor(minutes / 10);
    if (
      this.probing.snapshots !== undefined &&
      this.probe !== undefined &&
      (last || (mark > 0 && this.snapshots[mark] === undefined))
    ) {
      // prettier-ignore
      const file = join(this.probing.snapshots, `${last ? 'end' : `${mark * 10}min`}-${process.pid}.heapsnapshot`); // prettier-ignore
      if (await this.probe.snapshot(file)) {
        this.snapshots[last ? this.snapshots.length : mark] = file;
        console.log(`  heap snapshot at ${minutes.toFixed(1)} min: ${file}`);
      }
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The processes seen below the child that are still there (not zombies). */
  left(): number[] {
    const table = processTable();
    return [...this.seen].filter((pid) => table.has(pid));
  }
}

/** `62.1 (files 41.4) + 80.3 = 142.4 MB (5 processes, 10.0 min)`, and the heap when probed */
const memoryText = (sample: TreeSample | undefined) =>
  sample === undefined
    ? 'n/a'
    : `${sample.rootMb.toFixed(1)} (files ${sample.rootFileMb.toFixed(1)}) + ${sample.belowMb.toFixed(1)} = ${(sample.rootMb + sample.belowMb).toFixed(1)} MB (${sample.processes} processes, ${sample.minutes.toFixed(1)} min)` +
      (sample.heap === undefined ? '' : `; heap after a full collection ${sample.heap.heapMb.toFixed(1)} MB of ${sample.heap.heapTotalMb.toFixed(1)} MB, external ${sample.heap.externalMb.toFixed(1)} MB`); // prettier-ignore

/**
 * Runs `soak` on `child` under a sampler, then stops the child (SIGTERM) and waits for it;
 * prints the report and returns whether nothing was lost or left behind.
 */
export async function sampled(
  what: string,
  child: ChildProcess,
  probing: Probing,
  soak: () => Promise<SoakOutcome>,
): Promise<boolean> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const looked = probing.heap || probing.snapshots !== undefined;
  const probe = looked ? await HeapProbe.attach(child) : undefined;
  if (looked && probe === undefined) console.error(`${what}: cannot reach the inspector of process ${child.pid}; resident memory only`); // prettier-ignore
  console.log(`${what}: sampling process ${child.pid} and those below it every ${probing.sampleSeconds} s${probe === undefined ? '' : ' (its heap through its inspector)'}`); // prettier-ignore
  const sampler = new TreeSampler(child.pid ?? 0, probing, probe);
  let outcome: SoakOutcome;
  try {
    outcome = await soak();
  } finally {
    sampler.stop();
    await sampler.sample(true);
    probe?.close();
    child.kill('SIGTERM');
    await exited;
  }
  // Engines get a moment to go after their parent has ended.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const left = sampler.left();
  const { samples } = sampler;
  const tenth = samples.find((sample) => sample.minutes >= 10);
  console.log(`${what}: resident memory (the process + those below it):`);
  console.log(`  start: ${memoryText(samples[0])}`);
  console.log(`  after 10 min: ${memoryText(tenth)}`);
  console.log(`  end: ${memoryText(samples.at(-1))}`);
  console.log(`  processes left: ${left.length}${left.length > 0 ? ` (${left.join(', ')})` : ''}`); // prettier-ignore
  console.log(`  games lost: ${outcome.lost} of ${outcome.games}`);
  for (const note of outcome.notes) console.log(`  ${note}`);
  return left.length === 0 && outcome.lost === 0;
}

/** Lines of a child's stdout as they come. */
function onLines(child: ChildProcess, each: (line: string) => void): void {
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) each(line);
  });
}

export interface MatchSoak {
  readonly tama: string;
  readonly engine: string;
  readonly games: number;
  readonly tc: string;
  readonly concurrency: number;
  readonly openings: string;
  readonly probing: Probing;
}

/** `tama match` of the engine against itself: games lost are games not finished or forfeited by a failure. */
export async function matchSoak(settings: MatchSoak): Promise<boolean> {
  const child = spawn(process.execPath, childArguments(settings.probing, settings.tama, [
    'match',
    '--engine', `cmd=${settings.engine}`, 'name=A',
    '--engine', `cmd=${settings.engine}`, 'name=B',
    '--each', `tc=${settings.tc}`, '--games', String(settings.games),
    '--concurrency', String(settings.concurrency),
    '--openings', `file=${settings.openings}`, 'order=random',
    '--rating-interval', '0',
  ])); // prettier-ignore
  let finished = 0;
  const notes: string[] = [];
  let failures = 0;
  onLines(child, (line) => {
    if (/^Finished game /.test(line) && ++finished % 100 === 0) console.log(`  ${finished} games`); // prettier-ignore
    const forfeits = /^Forfeits of .*: (.*)$/.exec(line);
    if (forfeits) {
      notes.push(line);
      for (const [, kind, count] of forfeits[1].matchAll(/([a-z-]+) (\d+)/g)) {
        if (['stall', 'crash', 'disconnect'].includes(kind)) failures += Number(count);
      }
    }
    if (/^(Terminations|Forfeits: none)/.test(line)) notes.push(line);
  });
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return sampled('match', child, settings.probing, async () => {
    await done;
    return { games: settings.games, lost: settings.games - finished + failures, notes };
  });
}

export interface GuiSoak {
  readonly tama: string;
  readonly tabs: number;
  readonly minutes: number;
  /** Minutes between closing the oldest tab and opening a new one. */
  readonly reopenMinutes: number;
  /** Nodes a move. */
  readonly nodes: number;
  readonly probing: Probing;
}

/** How long a tab waits for a bestmove before it counts its game lost. */
const GUI_REPLY_MS = 60_000;

/**
 * A tab as the page is one: a WebSocket to the server that plays engine against engine,
 * game after game (each judged by core's Game), until it is closed.
 */
class SoakTab {
  games = 0;
  lost = 0;
  private readonly socket: WebSocket;
  private closing = false;
  /** Settles the reply awaited: a bestmove's move, or undefined (no reply, or the tab closed). */
  private settle: ((move: string | undefined) => void) | undefined;
  private asked = 0;
  private readonly ended: Promise<void>;
  private readonly socketClosed: Promise<void>;

  constructor(url: string, nodes: number) {
    this.socket = new WebSocket(url.replace('http', 'ws') + 'ws', { origin: url.replace(/\/$/, '') }); // prettier-ignore
    this.socket.on('message', (data) => {
      const message = JSON.parse(Buffer.from(data as Buffer).toString('utf8')) as ServerMessage;
      if (message.type === 'bestmove' && message.id === this.asked) this.settle?.(message.move);
      if (message.type === 'engine-failed' || (message.type === 'error' && message.fatal)) {
        console.error(`  tab: ${message.message}`);
        this.settle?.(undefined);
      }
    });
    this.socketClosed = new Promise((resolve) => this.socket.once('close', () => resolve()));
    // A socket the server closed ends the game under way.
    void this.socketClosed.then(() => this.settle?.(undefined));
    this.ended = new Promise<void>((resolve) => {
      this.socket.once('open', () => void this.play(nodes).finally(resolve));
      this.socket.once('error', () => {
        this.lost++;
        resolve();
      });
    });
  }

  /** Asks for a move in `game`; undefined when none came within GUI_REPLY_MS. */
  private ask(game: Game, nodes: number): Promise<string | undefined> {
    const id = ++this.asked;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle?.(undefined), GUI_REPLY_MS);
      this.settle = (move) => {
        clearTimeout(timer);
        this.settle = undefined;
        resolve(move);
      };
      this.socket.send(JSON.stringify({ type: 'go', id, variant: 'armenian', moves: game.moves, limits: { nodes }, skillLevel: SKILL_LEVEL_RANGE.max, multiPV: 1 })); // prettier-ignore
    });
  }

  private async play(nodes: number): Promise<void> {
    while (!this.closing) {
      this.socket.send(JSON.stringify({ type: 'newgame' }));
      const game = Game.fromStart('armenian');
      while (game.outcome() === undefined) {
        const move = await this.ask(game, nodes);
        if (this.closing) return;
        if (move === undefined || !game.playText(move).ok) {
          this.lost++;
          if (this.socket.readyState !== WebSocket.OPEN) return;
          break;
        }
      }
      if (game.outcome() !== undefined) this.games++;
    }
  }

  /** Closes the tab once the server has let it go; a game under way is abandoned, as a closed tab abandons it. */
  async close(): Promise<void> {
    this.closing = true;
    this.settle?.(undefined);
    this.socket.close();
    await Promise.all([this.ended, this.socketClosed]);
  }
}

/** `tama gui` with `tabs` tabs playing engine against engine, the oldest replaced every `reopenMinutes`. */
export async function guiSoak(settings: GuiSoak): Promise<boolean> {
  const child = spawn(process.execPath, childArguments(settings.probing, settings.tama, ['gui', '--port', '0', '--max-tabs', String(settings.tabs)])); // prettier-ignore
  const url = await new Promise<string>((resolve, reject) => {
    onLines(child, (line) => {
      const found = /open (http:\S+)/.exec(line);
      if (found) resolve(found[1]);
    });
    child.once('exit', () => reject(new Error('tama gui ended before it listened')));
  });
  return sampled('gui', child, settings.probing, async () => {
    const open: SoakTab[] = Array.from({ length: settings.tabs }, () => new SoakTab(url, settings.nodes)); // prettier-ignore
    const closed: SoakTab[] = [];
    const end = Date.now() + settings.minutes * 60_000;
    let reopens = 0;
    while (Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(settings.reopenMinutes * 60_000, end - Date.now()))); // prettier-ignore
      if (Date.now() >= end) break;
      const oldest = open.shift();
      if (oldest !== undefined) {
        await oldest.close();
        closed.push(oldest);
      }
      open.push(new SoakTab(url, settings.nodes));
      reopens++;
    }
    for (const tab of open) await tab.close();
    const tabs = [...closed, ...open];
    const games = tabs.reduce((sum, tab) => sum + tab.games, 0);
    const lost = tabs.reduce((sum, tab) => sum + tab.lost, 0);
    return { games: games + lost, lost, notes: [`tabs closed and reopened: ${reopens}`] };
  });
}

export interface WorkerSoak {
  readonly tama: string;
  readonly engine: string;
  readonly games: number;
  readonly nodes: number;
  readonly concurrency: number;
  readonly openings: string;
  readonly minutes: number;
  readonly probing: Probing;
}

/**
 * A campaign of `games` games (the engine against itself at `nodes` a move) on an embedded
 * PostgreSQL in a temporary folder, played by one `tama worker` until it finishes (or
 * `minutes` pass). Games lost: those of jobs that used up their tries, and, once finished,
 * those not stored.
 */
export async function workerSoak(settings: WorkerSoak): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'tama-soak-'));
  chmodSync(dir, 0o755);
  const started = await ensureEmbeddedServer(join(dir, 'db'));
  if (!started.ok) throw new Error(started.error.message);
  const url = started.value;
  try {
    const create = spawn(process.execPath, [
      settings.tama, 'campaign', 'create', '--db', url,
      '--engine', `cmd=${settings.engine}`, 'name=A', '--engine', `cmd=${settings.engine}`, 'name=B',
      '--each', `nodes=${settings.nodes}`, '--games', String(settings.games), '--maxplies', '200',
      '--openings', `file=${settings.openings}`, 'order=random', '--name', 'soak',
    ]); // prettier-ignore
    let created = '';
    create.stdout.on('data', (chunk) => (created += chunk));
    create.stderr.on('data', (chunk) => (created += chunk));
    await new Promise((resolve) => create.once('exit', resolve));
    const id = Number(/Campaign (\d+) /.exec(created)?.[1]);
    if (!Number.isInteger(id)) throw new Error(`campaign create: ${created}`);
    const opened = await Store.open(url);
    if (!opened.ok) throw new Error(opened.error.message);
    const store = opened.value;
    const queue = await JobQueue.open(url, false, () => {});
    const worker = spawn(process.execPath, childArguments(settings.probing, settings.tama, ['worker', '--db', url, '--concurrency', String(settings.concurrency), '--poll', '1'])); // prettier-ignore
    try {
      return await sampled('worker', worker, settings.probing, async () => {
        const end = Date.now() + settings.minutes * 60_000;
        let shown = 0;
        while (Date.now() < end && (await store.campaignState(id)) === 'running') {
          await new Promise((resolve) => setTimeout(resolve, 5000));
          const { games } = await store.tally(id);
          if (games >= shown + 100) console.log(`  ${(shown = games - (games % 100))} games`);
        }
        const finished = (await store.campaignState(id)) === 'finished';
        const { games } = await store.tally(id);
        const failed = (await queue.failed(id)).reduce((sum, job) => sum + 2 * (job.range.to - job.range.from), 0); // prettier-ignore
        const lost = finished ? settings.games - games : failed;
        return { games: finished ? settings.games : games + failed, lost, notes: [`games stored: ${games} of ${settings.games}${finished ? '' : ` (stopped after ${settings.minutes} min)`}`] }; // prettier-ignore
      });
    } finally {
      await queue.close();
      await store.close();
    }
  } finally {
    await stopEmbeddedServer(join(dir, 'db'));
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}
