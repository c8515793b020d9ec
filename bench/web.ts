/**
 * The static build (dist/web) measured in headless Chromium (the @sparticuz/chromium of the
 * tests), served by a plain static server:
 * - the bench (the protocol's `bench`, the bench positions at the bench depth) in the
 *   browser's engine worker, one thread without isolation, one and two threads with it,
 *   against `tama bench` in Node on the same machine (Threads 1 and 2);
 * - the size of dist/web without source maps, raw and gzipped (level 9, file by file);
 * - from a cold load (a new browser context) to the engine's first move on the board, the
 *   page's default level and clock, playing Black: the median of --loads loads, at desktop
 *   size, then at phone size (390x844) with the CPU slowed --throttle times (Chromium's
 *   CPU throttling), each split into the load (to the engine's readyok) and the move.
 * The endgame tables (dist/web/egdb) are counted apart: the page downloads them only when
 * asked. `--phone` measures only the phone-size loads and moves.
 *
 * `--speed N` measures only the engine's speed on one thread: N rounds, each running the
 * bench in turn in Node (`tama bench`), in the page's engine worker without isolation and
 * with it, so that a slow spell of a loaded machine hits each alike; it prints every round,
 * then each page's nodes a second over Node's, as the median of the rounds' ratios and as
 * best over best.
 *
 *   npm run build && node dist/bench/web.js [--loads 5] [--throttle 4] [--phone] [--speed N]
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser } from 'playwright-core';
import { serveFolder } from '../test/gui/static-server.js';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  process.stdout.write('usage: node dist/bench/web.js [--loads N] [--throttle RATE] [--phone] [--speed ROUNDS]\n'); // prettier-ignore
  process.exit(0);
}
function fail(message: string): never {
  process.stderr.write(`web: ${message} (see --help)\n`);
  process.exit(2);
}
function option(name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) fail(`--${name} needs a whole number from 1`);
  return value;
}
const NAMES = ['--loads', '--throttle', '--speed'];
const unknown = args.find((a, i) => a !== '--phone' && !NAMES.includes(a) && !NAMES.includes(args[i - 1])); // prettier-ignore
if (unknown !== undefined) fail(`unknown argument '${unknown}'`);
const loads = option('loads', 5);
const throttle = option('throttle', 4);
const phoneOnly = args.includes('--phone');
const speedRounds = args.includes('--speed') ? option('speed', 1) : 0;
if (speedRounds > 0 && phoneOnly) fail('--speed and --phone measure different things: give one');

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const WEB = here('../../dist/web/');
const TAMA = here('../../bin/tama.js');
const FLAGS = /^--(single-process|disable-site-isolation-trials|disable-web-security|enable-features=SharedArrayBuffer|disable-features=)/; // prettier-ignore

/**
 * A bench's nodes (its signature on one thread), its nodes a second by the clock, and by the
 * CPU time its process (Node's, or the page's renderer, where its workers run) spent from the
 * engine's readyok to the bench's end: on a loaded machine the clock measures the scheduler,
 * the CPU time the engine.
 */
interface BenchRun {
  readonly nodes: number;
  readonly nps: number;
  readonly cpuNps: number;
}

/** The nodes and nodes a second from the protocol's `bench` output lines, over `cpuSeconds`. */
function benchRun(lines: readonly string[], cpuSeconds: number): BenchRun {
  const field = (name: string) => {
    const line = lines.find((l) => l.startsWith(name));
    if (line === undefined) throw new Error(`no ${name} in ${lines.join(' | ')}`);
    return Number(line.split(':')[1]);
  };
  const nodes = field('Nodes searched');
  return { nodes, nps: field('Nodes/second'), cpuNps: Math.round(nodes / cpuSeconds) };
}

/** Seconds of CPU process `pid` has spent (user and system, from /proc; Linux only). */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(' ');
  // utime and stime are the stat line's 14th and 15th fields, in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** `tama bench` in a Node process with `threads` threads; quit only once it has answered. */
function nodeBench(threads: number): Promise<BenchRun> {
  // Detached, as Playwright starts the browser: a session of its own, so that where the kernel
  // groups processes by session for scheduling (autogroup) both are scheduled alike.
  const child = spawn(process.execPath, [TAMA], { stdio: ['pipe', 'pipe', 'inherit'], detached: true }); // prettier-ignore
  const lines: string[] = [];
  let rest = '';
  let readyCpu = 0;
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
      if (parts.includes('readyok')) {
        readyCpu = processCpuSeconds(child.pid!);
        child.stdin.write('bench\n');
      }
      if (parts.some((line) => line.startsWith('Nodes/second'))) {
        const cpu = processCpuSeconds(child.pid!) - readyCpu;
        child.stdin.end('quit\n');
        resolve(benchRun(lines, cpu));
      }
    });
    child.on('exit', () => reject(new Error(`tama bench ended early: ${lines.join(' | ')}`)));
    child.stdin.write(`setoption name Threads value ${threads}\nisready\n`);
  });
}

/** Seconds of CPU the browser's renderer processes have spent (Chromium's own count). */
async function rendererCpuSeconds(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; cpuTime: number }[] }; // prettier-ignore
  await cdp.detach();
  return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
}

async function browserBench(
  browser: Browser,
  isolated: boolean,
  threads: number,
): Promise<BenchRun> {
  const server = await serveFolder(WEB, isolated);
  const page = await browser.newPage();
  await page.goto(server.url);
  const setup = ['uci', `setoption name Threads value ${threads}`, 'isready'];
  await page.evaluate(`new Promise((resolve) => {
    const worker = (window.benchEngine = new Worker('./engine-worker.js', { type: 'module' }));
    worker.onmessage = (event) => {
      if (event.data === 'readyok') resolve();
    };
    for (const line of ${JSON.stringify(setup)}) worker.postMessage(line);
  })`);
  const readyCpu = await rendererCpuSeconds(browser);
  const lines = await page.evaluate<string[]>(`new Promise((resolve) => {
    const output = [];
    window.benchEngine.onmessage = (event) => {
      output.push(event.data);
      if (event.data.startsWith('Nodes/second')) resolve(output);
    };
    window.benchEngine.postMessage('bench');
  })`);
  const cpu = (await rendererCpuSeconds(browser)) - readyCpu;
  await page.close();
  await server.close();
  return benchRun(lines, cpu);
}

/** Milliseconds from a cold load to the engine's readyok, and from there to its first move. */
async function firstMove(
  browser: Browser,
  phone: boolean,
): Promise<{ load: number; move: number }> {
  // prettier-ignore
  const server = await serveFolder(WEB, false);
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }); // prettier-ignore
  const page = await context.newPage();
  if (phone) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  const started = performance.now();
  await page.goto(server.url);
  await page.waitForSelector('body[data-engine=ready]', { state: 'attached' });
  const loaded = performance.now();
  await page.selectOption('#mode', 'black');
  await page.locator('#moves button[data-ply="1"]').waitFor({ state: 'attached' });
  const moved = performance.now();
  await context.close();
  await server.close();
  return { load: loaded - started, move: moved - loaded };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]; // prettier-ignore
const range = (values: number[]) => `${Math.round(Math.min(...values))} to ${Math.round(Math.max(...values))}`; // prettier-ignore

/** The files of `folder` and its subfolders (paths relative to it), source maps left out. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.map'))
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(folder.length).replace(/^\//, ''));
}

/** Raw and gzipped bytes (level 9, file by file) of `files` under dist/web. */
function sizes(files: readonly string[]): string {
  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    const bytes = readFileSync(WEB + file);
    raw += bytes.length;
    gzipped += gzipSync(bytes, { level: 9 }).length;
  }
  return `${raw} bytes, ${gzipped} gzipped`;
}

/**
 * The bench on one thread in Node and in the page's worker without and with isolation, in
 * turn for `rounds` rounds; each page's nodes a second over Node's.
 */
async function compareSpeed(browser: Browser, rounds: number): Promise<void> {
  const kinds = ['plain', 'isolated'] as const;
  const ratios = { plain: { clock: [] as number[], cpu: [] as number[] }, isolated: { clock: [] as number[], cpu: [] as number[] } }; // prettier-ignore
  for (let round = 1; round <= rounds; round++) {
    const node = await nodeBench(1);
    const page = { plain: await browserBench(browser, false, 1), isolated: await browserBench(browser, true, 1) }; // prettier-ignore
    const show = (run: BenchRun) => `${run.nps} nps by the clock, ${run.cpuNps} by CPU time`;
    process.stdout.write(`round ${round}: Node ${show(node)}; page not isolated ${show(page.plain)}; page isolated ${show(page.isolated)}\n`); // prettier-ignore
    for (const kind of kinds) {
      // The same search or no comparison: one thread's bench is deterministic.
      if (page[kind].nodes !== node.nodes) fail(`the benches searched different trees: Node ${node.nodes} nodes, the page ${page[kind].nodes}`); // prettier-ignore
      ratios[kind].clock.push(page[kind].nps / node.nps);
      ratios[kind].cpu.push(page[kind].cpuNps / node.cpuNps);
    }
  }
  for (const kind of kinds) {
    const what = kind === 'plain' ? 'not isolated' : 'isolated';
    process.stdout.write(`page ${what} over Node, one thread, median of ${rounds} rounds: ${median(ratios[kind].cpu).toFixed(3)} by CPU time (${ratios[kind].cpu.map((r) => r.toFixed(3)).join(' ')}), ${median(ratios[kind].clock).toFixed(3)} by the clock\n`); // prettier-ignore
  }
}

if (!phoneOnly && speedRounds === 0) {
  const files = filesUnder(WEB);
  const tables = files.filter((file) => file.startsWith('egdb/') && file.endsWith('.egdb'));
  process.stdout.write(`dist/web without maps and tables: ${sizes(files.filter((file) => !tables.includes(file)))}\n`); // prettier-ignore
  process.stdout.write(`endgame tables (downloaded on request): ${tables.length} files, ${sizes(tables)}\n`); // prettier-ignore
  process.stdout.write(`Node bench: 1 thread ${(await nodeBench(1)).nps} nps, 2 threads ${(await nodeBench(2)).nps} nps\n`); // prettier-ignore
}
/** The page's bench at each thread count, then its loads to a first move. */
async function measurePage(browser: Browser): Promise<void> {
  if (!phoneOnly) {
    process.stdout.write(`browser bench, not isolated, 1 thread: ${(await browserBench(browser, false, 1)).nps} nps\n`); // prettier-ignore
    process.stdout.write(`browser bench, isolated, 1 thread: ${(await browserBench(browser, true, 1)).nps} nps\n`); // prettier-ignore
    process.stdout.write(`browser bench, isolated, 2 threads: ${(await browserBench(browser, true, 2)).nps} nps\n`); // prettier-ignore
  }
  for (const phone of phoneOnly ? [true] : [false, true]) {
    const times: { load: number; move: number }[] = [];
    for (let i = 0; i < loads; i++) times.push(await firstMove(browser, phone));
    const what = phone ? `phone size, CPU slowed ${throttle}x` : 'desktop size';
    const total = times.map((t) => t.load + t.move);
    const load = times.map((t) => t.load);
    const move = times.map((t) => t.move);
    process.stdout.write(`cold load to the engine's first move (${what}): median ${Math.round(median(total))} ms (${range(total)}, ${loads} loads); the load to readyok ${Math.round(median(load))} ms (${range(load)}), the move ${Math.round(median(move))} ms (${range(move)})\n`); // prettier-ignore
  }
}

const browser = await playwright.launch({
  executablePath: await chromium.executablePath(),
  args: chromium.args.filter((flag) => !FLAGS.test(flag)),
  headless: true,
});
try {
  if (speedRounds > 0) await compareSpeed(browser, speedRounds);
  else await measurePage(browser);
} finally {
  await browser.close();
}
