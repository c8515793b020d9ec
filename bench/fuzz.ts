/**
 * The long fuzzer run: the protocol session driven by random command streams on one engine
 * process (test/fuzz/protocol-fuzz.ts), then the parsers' properties
 * (test/fuzz/parser-properties.ts), round after round with seeds drawn from `--seed`, until
 * `--minutes` have passed. `npm test` runs the same properties briefly (test/fuzz/).
 *
 *   npx tsc -p tsconfig.build.json && node dist/bench/fuzz.js [--minutes 10] [--seed 1]
 *       [--engine "node bin/tama.js"] [--stream 40]
 *
 * It prints the figures docs/performance.md keeps (commands, go's, bestmoves, defects, the
 * time, the command, the commit and the load) and each defect with the shrunk stream that
 * shows it. Exit code: 0 without defects, 1 with, 2 for bad arguments.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { projectRoot } from '../src/engine/project-root.js';
import { PARSER_PROPERTIES } from '../test/fuzz/parser-properties.js';
import { checkCase, FuzzEngine, stream, type Step } from '../test/fuzz/protocol-fuzz.js';
import { readArguments } from './args.js';

const USAGE = `usage: node dist/bench/fuzz.js [--minutes N] [--seed N] [--engine CMD] [--stream N]
  --minutes N   how long to run (default 10)
  --seed N      the first round's seed; round k uses seed + k (default 1)
  --engine CMD  the engine command (default: node bin/tama.js of this checkout)
  --stream N    the most steps in one random command stream (default 40)`;

const { values } = readArguments(USAGE, {
  minutes: { type: 'string' },
  seed: { type: 'string' },
  engine: { type: 'string' },
  stream: { type: 'string' },
});
const number = (text: unknown, fallback: number, name: string): number => {
  if (typeof text !== 'string') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`fuzz: --${name} needs a positive number, got '${text}'\n${USAGE}\n`); // prettier-ignore
    process.exit(2);
  }
  return value;
};
const minutes = number(values.minutes, 10, 'minutes');
const firstSeed = Math.floor(number(values.seed, 1, 'seed'));
const maxSteps = Math.floor(number(values.stream, 40, 'stream'));
const root = projectRoot();
const engineCommand = typeof values.engine === 'string' ? values.engine.split(' ') : [process.execPath, join(root, 'bin/tama.js')]; // prettier-ignore

const started = Date.now();
const deadline = started + minutes * 60_000;
const loads: number[] = [];
const sampler = setInterval(() => loads.push(loadavg()[0]), 10_000);
const totals = { rounds: 0, streams: 0, commands: 0, goes: 0, bestMoves: 0, parserRuns: 0 };
const defects: string[] = [];
let engine = new FuzzEngine(engineCommand);

/** `text`, cut to `max` characters with the length it had. */
const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max)}... (${text.length} characters)`); // prettier-ignore

/** Records a defect and shows it at once (a run that hangs later still shows it). */
function defect(text: string): void {
  defects.push(text);
  process.stderr.write(`defect: ${text}\n`);
}

/**
 * A failed protocol check in a line a reader can use: the broken invariants first, then the
 * shrunk stream step by step, each step cut (a stream's long lines run to 100 KB).
 */
function protocolFailure(details: fc.RunDetails<[Step[]]>): string {
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance); // prettier-ignore
  const steps = details.counterexample?.[0] ?? [];
  const shown = steps.map((one) => clip(JSON.stringify(one), 120)).join(', ');
  return `${clip(error, 1500)}; shrunk to ${steps.length} steps after ${details.numShrinks} shrinks: ${clip(shown, 3000)}`; // prettier-ignore
}

while (Date.now() < deadline) {
  const seed = firstSeed + totals.rounds++;
  // The protocol: 20 streams a round on the one engine (a fresh one if it has gone).
  const protocol = await fc.check(
    fc.asyncProperty(stream(maxSteps), async (steps) => {
      if (engine.exited) engine = new FuzzEngine(engineCommand);
      const report = await checkCase(engine, steps);
      totals.streams++;
      totals.commands += report.commands;
      totals.goes += report.goes;
      totals.bestMoves += report.bestMoves;
      if (report.defects.length > 0) throw new Error(report.defects.join('; '));
    }),
    { seed, numRuns: 20 },
  );
  if (protocol.failed) defect(`protocol, seed ${seed}: ${protocolFailure(protocol)}`);
  // The parsers: a thousand inputs each a round.
  for (const [name, property] of Object.entries(PARSER_PROPERTIES)) {
    try {
      property({ seed, numRuns: 1000 });
    } catch (error) {
      defect(`${name}, seed ${seed}: ${clip(String(error), 2000)}`);
    }
    totals.parserRuns += 1000;
  }
  const rss = engine.rssMib();
  process.stderr.write(`round ${totals.rounds}: ${totals.commands} commands, ${defects.length} defects, engine ${rss === undefined ? '?' : Math.round(rss)} MiB\n`); // prettier-ignore
}
clearInterval(sampler);
engine.kill();

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(); // prettier-ignore
const load = loads.length > 0 ? loads.reduce((a, b) => a + b) / loads.length : loadavg()[0];
for (const defect of defects) console.log(`defect: ${defect}`);
console.log(`fuzz: ${totals.commands} commands in ${totals.streams} streams, ${totals.goes} go lines, ${totals.bestMoves} bestmoves, ${totals.parserRuns} parser inputs, ${defects.length} defects, ${Math.round((Date.now() - started) / 1000)} s, seeds ${firstSeed}-${firstSeed + totals.rounds - 1}, commit ${commit}, load ${load.toFixed(1)}`); // prettier-ignore
console.log(`command: node dist/bench/fuzz.js ${process.argv.slice(2).join(' ')}`.trim());
process.exitCode = defects.length > 0 ? 1 : 0;
