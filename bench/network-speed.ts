/**
 * What the network evaluation costs against the linear one, in one process, the two
 * alternated round by round so that a load that comes and goes hits both alike:
 * evaluations a second (each bench position from scratch; and, for the network, after one
 * move from a position whose accumulators are up to date, as in the search) and the
 * search's nodes a second (each bench position to a fixed depth, a fresh table each time).
 *
 *   npm run build && node dist/bench/network-speed.js --network data/network-armenian.json
 *     [--depth 7] [--rounds 5]
 */
import { legalMoves } from '../src/core/notation.js';
import { Position } from '../src/core/position.js';
import { rulesFor } from '../src/core/variant.js';
import { loadEvalFile } from '../src/engine/eval-file.js';
import { SearchControl, nowMs } from '../src/search/control.js';
import { Evaluators } from '../src/search/eval.js';
import { NetworkEvaluator } from '../src/search/network.js';
import { Searcher } from '../src/search/search.js';
import { NO_TIME_LIMIT } from '../src/search/timeman.js';
import { TranspositionTable, tableBytes } from '../src/search/tt.js';
import { readArguments, usageError, wholeNumber } from './args.js';
import { BENCH_POSITIONS } from './positions.js';
import { positionOf } from './suites/states.js';

const USAGE = `Usage: node dist/bench/network-speed.js --network <file> [--depth <n>] [--rounds <n>]

  --network <file>   a network file (docs/network.md); its variant is measured
  --depth <n>        search depth of each bench position (default 7)
  --rounds <n>       rounds, each measuring linear then network (default 5)
  -h, --help         this text`;

const { values } = readArguments(USAGE, {
  network: { type: 'string' },
  depth: { type: 'string' },
  rounds: { type: 'string' },
});
const loaded = loadEvalFile(String(values.network ?? ''));
const networks = loaded.ok ? Object.values(loaded.value.networks) : [];
if (!loaded.ok || networks.length !== 1) {
  usageError(USAGE, loaded.ok ? '--network: name one network file' : `--network: ${loaded.error.message}`); // prettier-ignore
}
const source = loaded.value;
const network = networks[0];
const depth = wholeNumber(USAGE, values, 'depth', 7, 1, 30);
const rounds = wholeNumber(USAGE, values, 'rounds', 5, 1, 1000);
const rules = rulesFor(network.variant);
const positions = BENCH_POSITIONS.map((fen) => positionOf(fen, network.variant));
const linearEvaluator = new Evaluators(source.weights).for(rules);
const networkEvaluator = new NetworkEvaluator(rules, network);

/** Evaluations a second of `evaluate` over the bench positions, for about `ms`. */
function evaluationsPerSecond(evaluate: (state: Int32Array) => number, ms: number): number {
  let count = 0;
  let sink = 0;
  const start = nowMs();
  while (nowMs() - start < ms) {
    for (const position of positions) sink += evaluate(position.state);
    count += positions.length;
  }
  if (sink === 0.5) process.stderr.write(''); // keeps the sum alive
  return (count * 1000) / (nowMs() - start);
}

/** Pairs of states: each bench position that has a move, and the position after its first move. */
const lines = positions.flatMap((position) => {
  const moves = legalMoves(position);
  if (moves.length === 0) return [];
  const child = new Position(rules, position.state);
  child.play(moves[0].move, moves[0].capturedLo, moves[0].capturedHi);
  return [[position.state, child.state]];
});

/** Network evaluations a second after one move, the parent's accumulators up to date, for about `ms`. */
function incrementalPerSecond(ms: number): number {
  let count = 0;
  let sink = 0;
  const start = nowMs();
  while (nowMs() - start < ms) {
    for (const line of lines) {
      networkEvaluator.invalidate(0);
      networkEvaluator.evaluateAt(line, 0);
      for (let i = 0; i < 20; i++) {
        networkEvaluator.invalidate(1);
        sink += networkEvaluator.evaluateAt(line, 1);
      }
    }
    count += lines.length * 20;
  }
  if (sink === 0.5) process.stderr.write('');
  return (count * 1000) / (nowMs() - start);
}

/** Nodes and milliseconds of a search of each bench position to `depth`. */
function searchAll(evaluators: Evaluators): { nodes: number; ms: number } {
  let nodes = 0;
  const start = nowMs();
  for (const position of positions) {
    const searcher = new Searcher(new TranspositionTable(new SharedArrayBuffer(tableBytes(16))), SearchControl.create(1), evaluators); // prettier-ignore
    const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
    nodes += searcher.search(position, [], { depth }, settings, () => {}).nodes;
  }
  return { nodes, ms: nowMs() - start };
}

const linear = new Evaluators(source.weights);
const withNetwork = new Evaluators(source.weights, { [network.variant]: network });
const totals = { incrementalEvals: 0, linearEvals: 0, networkEvals: 0, linearNodes: 0, linearMs: 0, networkNodes: 0, networkMs: 0 }; // prettier-ignore
searchAll(linear); // warm both paths up before anything counts
searchAll(withNetwork);
for (let round = 1; round <= rounds; round++) {
  const linearEvals = evaluationsPerSecond((s) => linearEvaluator.evaluate(s), 500);
  const networkEvals = evaluationsPerSecond((s) => networkEvaluator.evaluate(s), 500);
  const incrementalEvals = incrementalPerSecond(500);
  totals.incrementalEvals += incrementalEvals;
  const a = searchAll(linear);
  const b = searchAll(withNetwork);
  totals.linearEvals += linearEvals;
  totals.networkEvals += networkEvals;
  totals.linearNodes += a.nodes;
  totals.linearMs += a.ms;
  totals.networkNodes += b.nodes;
  totals.networkMs += b.ms;
  process.stderr.write(
    `round ${round}: evaluations/s linear ${Math.round(linearEvals)}, network ${Math.round(networkEvals)} (${Math.round(incrementalEvals)} after a move); ` +
      `depth ${depth}: linear ${a.nodes} nodes ${Math.round((a.nodes * 1000) / a.ms)} nps, network ${b.nodes} nodes ${Math.round((b.nodes * 1000) / b.ms)} nps\n`,
  );
}
const linearNps = (totals.linearNodes * 1000) / totals.linearMs;
const networkNps = (totals.networkNodes * 1000) / totals.networkMs;
console.log(`${network.variant}, hidden ${network.hidden}, ${positions.length} bench positions, ${rounds} rounds`); // prettier-ignore
console.log(`evaluations/s: linear ${Math.round(totals.linearEvals / rounds)}; network from scratch ${Math.round(totals.networkEvals / rounds)} (x${(totals.networkEvals / totals.linearEvals).toFixed(2)}), after one move ${Math.round(totals.incrementalEvals / rounds)} (x${(totals.incrementalEvals / totals.linearEvals).toFixed(2)})`); // prettier-ignore
console.log(`search to depth ${depth}: linear ${Math.round(linearNps)} nps, network ${Math.round(networkNps)} nps (x${(networkNps / linearNps).toFixed(2)}); nodes ${totals.linearNodes / rounds} and ${totals.networkNodes / rounds} a round`); // prettier-ignore
