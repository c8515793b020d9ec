/**
 * Protocol latencies as a GUI sees them: time from starting the process to `uciok`, and
 * from `stop` to `bestmove` during a deep search.
 *
 *   npm run build && node dist/bench/protocol-latency.js [--starts 20] [--stops 200]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readArguments, wholeNumber } from './args.js';

const TAMA = fileURLToPath(new URL('../../bin/tama.js', import.meta.url));

interface Line {
  text: string;
  at: number;
}

function startEngine() {
  const child = spawn(process.execPath, [TAMA]);
  const lines: Line[] = [];
  let partial = '';
  let waiter: (() => void) | undefined;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const at = performance.now();
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const text of parts) lines.push({ text, at });
    waiter?.();
  });
  const waitFor = async (test: (text: string) => boolean, from: number): Promise<Line> => {
    for (;;) {
      const found = lines.slice(from).find((l) => test(l.text));
      if (found) return found;
      await new Promise<void>((resolve) => (waiter = resolve));
    }
  };
  const send = (text: string) => child.stdin.write(text + '\n');
  return { child, lines, waitFor, send };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const USAGE = `Usage: node dist/bench/protocol-latency.js [options]

  --starts <n>   process starts timed to uciok (default 20)
  --stops <n>    searches stopped and timed to bestmove (default 200)
  -h, --help     this text

Example:
  npm run build && node dist/bench/protocol-latency.js --starts 20 --stops 200`;

const { values } = readArguments(USAGE, { starts: { type: 'string' }, stops: { type: 'string' } });
const starts = wholeNumber(USAGE, values, 'starts', 20, 1);
const stops = wholeNumber(USAGE, values, 'stops', 200, 1);

const startTimes: number[] = [];
for (let i = 0; i < starts; i++) {
  const started = performance.now();
  const engine = startEngine();
  engine.send('uci');
  const ok = await engine.waitFor((t) => t === 'uciok', 0);
  startTimes.push(ok.at - started);
  engine.send('quit');
  await new Promise((resolve) => engine.child.on('exit', resolve));
}
console.log(`start to uciok: median ${median(startTimes).toFixed(1)} ms, worst ${Math.max(...startTimes).toFixed(1)} ms over ${startTimes.length} starts`); // prettier-ignore

const engine = startEngine();
engine.send('uci');
await engine.waitFor((t) => t === 'uciok', 0);
const stopTimes: number[] = [];
for (let i = 0; i < stops; i++) {
  const from = engine.lines.length;
  engine.send(i % 2 === 0 ? 'position startpos' : 'position startpos moves c3-c4 f6-f5');
  engine.send('go infinite');
  await engine.waitFor((t) => t.startsWith('info depth 6 '), from);
  await new Promise((resolve) => setTimeout(resolve, 20 + (i % 5) * 20));
  const sent = performance.now();
  engine.send('stop');
  const best = await engine.waitFor((t) => t.startsWith('bestmove '), from);
  stopTimes.push(best.at - sent);
}
engine.send('quit');
console.log(`stop to bestmove: median ${median(stopTimes).toFixed(1)} ms, worst ${Math.max(...stopTimes).toFixed(1)} ms over ${stopTimes.length} searches`); // prettier-ignore
