/**
 * What the network costs the WebAssembly search, as the engine runs it: the protocol's bench
 * (the bench positions at the bench depth, one thread, from a new game) with the linear
 * evaluation and with each network given, in one process, the runs alternated round by
 * round (and which goes first swapped each round) so that a load that comes and goes hits
 * both alike. Each configuration has an engine of its own, kept warm between rounds.
 *
 *   npm run build && node dist/bench/network-cost.js [--network data/network-armenian.json]...
 *     [--rounds 5] [--depth 6]
 *
 * Without --network it measures the shipped networks of both variants. For each network it
 * prints the nodes of a run (the bench signature, which must be the linear's and the
 * network's own at the default depth), the best nodes a second of the wall clock and of the
 * process's CPU time, and the network's over the linear's: best against best, and the
 * spread of the ratios round by round.
 */
import { Engine } from '../src/engine/engine.js';
import { loadEvalFile } from '../src/engine/eval-file.js';
import { LINEAR_EVAL_FILE } from '../src/engine/default-eval.js';
import { BENCH_DEPTH } from '../src/search/bench.js';
import { readArguments, usageError, wholeNumber } from './args.js';

const USAGE = `Usage: node dist/bench/network-cost.js [options]

  --network <file>  a network file (repeatable); its variant's linear evaluation is the
                    baseline (default: data/network-armenian.json and data/network-turkish.json)
  --rounds <n>      rounds, each running every configuration once (default 5)
  --depth <n>       bench depth (default ${BENCH_DEPTH}: the signature's)
  -h, --help        this text

Example:
  npm run build && node dist/bench/network-cost.js --rounds 7`;

const { values } = readArguments(USAGE, {
  network: { type: 'string', multiple: true },
  rounds: { type: 'string' },
  depth: { type: 'string' },
});
const rounds = wholeNumber(USAGE, values, 'rounds', 5, 1, 1000);
const depth = wholeNumber(USAGE, values, 'depth', BENCH_DEPTH, 1, 30);
const files = (values.network as string[] | undefined) ?? ['data/network-armenian.json', 'data/network-turkish.json']; // prettier-ignore

/** One engine set up to bench one evaluation, and what its runs measured. */
interface Configuration {
  readonly name: string;
  readonly variant: string;
  readonly engine: Engine;
  readonly nodes: number[];
  readonly wallNps: number[];
  readonly cpuNps: number[];
}

/** An engine for `variant` with `evalFile` loaded, or the script ends. */
function configuration(name: string, variant: string, evalFile: string): Configuration {
  const engine = new Engine({ info: () => {}, error: (message) => console.error(`engine error: ${message}`) }); // prettier-ignore
  const options: [string, string][] = [
    ['Variant', variant],
    ['EvalFile', evalFile],
  ];
  for (const [option, value] of options) {
    const set = engine.setOption(option, value);
    if (!set.ok) usageError(USAGE, `${option} ${value}: ${set.error.message}`);
  }
  return { name, variant, engine, nodes: [], wallNps: [], cpuNps: [] };
}

/** One bench run of `config`: its nodes, and its speed by the wall clock and by the process's CPU time. */
async function measure(config: Configuration): Promise<void> {
  const before = process.cpuUsage();
  const result = await config.engine.bench(depth);
  const cpu = process.cpuUsage(before);
  const cpuMs = Math.max(1, (cpu.user + cpu.system) / 1000);
  config.nodes.push(result.nodes);
  config.wallNps.push(result.nps);
  config.cpuNps.push(Math.round((result.nodes * 1000) / cpuMs));
}

const networks = files.map((file) => {
  const loaded = loadEvalFile(file);
  if (!loaded.ok) return usageError(USAGE, `--network ${file}: ${loaded.error.message}`);
  const network = Object.values(loaded.value.networks)[0];
  if (network === undefined) return usageError(USAGE, `--network ${file}: the file holds linear weights, not a network`); // prettier-ignore
  return configuration(`${file} (hidden ${network.hidden})`, network.variant, file);
});
const linear = new Map<string, Configuration>();
for (const { variant } of networks) {
  if (!linear.has(variant)) linear.set(variant, configuration(`${variant} linear`, variant, LINEAR_EVAL_FILE)); // prettier-ignore
}
const all = [...linear.values(), ...networks];

try {
  // Warm every engine's thread and module up before anything counts.
  for (const config of all) await config.engine.bench(Math.min(depth, 4));
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 === 1 ? all : [...all].reverse();
    for (const config of order) await measure(config);
    const line = all.map((config) => `${config.name} ${config.wallNps[round - 1]}`).join(', ');
    process.stderr.write(`round ${round}: nps ${line}\n`);
  }
} finally {
  await Promise.all(all.map((config) => config.engine.close()));
}

const best = (list: readonly number[]): number => Math.max(...list);
const ratio = (a: number, b: number): string => `x${(a / b).toFixed(3)}`;
console.log(`The module's search, bench depth ${depth}, one thread, ${rounds} rounds alternated`); // prettier-ignore
for (const config of all) {
  const signature = new Set(config.nodes).size === 1 ? String(config.nodes[0]) : `varied: ${config.nodes.join(' ')}`; // prettier-ignore
  console.log(`${config.name}: nodes ${signature}; best nps ${best(config.wallNps)} (wall), ${best(config.cpuNps)} (CPU)`); // prettier-ignore
}
for (const network of networks) {
  const base = linear.get(network.variant) as Configuration;
  const rounded = (list: readonly number[], baseList: readonly number[]) =>
    list.map((value, index) => value / baseList[index]).sort((a, b) => a - b);
  const wallRounds = rounded(network.wallNps, base.wallNps);
  const cpuRounds = rounded(network.cpuNps, base.cpuNps);
  console.log(
    `${network.name} over linear: best ${ratio(best(network.wallNps), best(base.wallNps))} (wall), ` +
      `${ratio(best(network.cpuNps), best(base.cpuNps))} (CPU); ` +
      `round by round ${wallRounds[0].toFixed(3)}-${wallRounds[wallRounds.length - 1].toFixed(3)} (wall), ` +
      `${cpuRounds[0].toFixed(3)}-${cpuRounds[cpuRounds.length - 1].toFixed(3)} (CPU)`,
  );
}
