/**
 * How often a shallow search gives a man away, with the evaluation under test (by default
 * the engine's own: the shipped networks) and with the linear weights: for quiet positions
 * where some legal move gives a man in the forced exchange that follows it
 * (bench/forced-exchange.ts, by core's rules), the engine's search (the Searcher on one
 * thread, as `go depth D` runs it, with a fresh table and history for each search) chooses
 * a move at each depth from 1 to --depth with each evaluation, and the forced exchange
 * judges it: a move that leaves the mover a man or more worse off than the best move does
 * is a gift. Printed: per variant and depth, in how many positions each evaluation gives a
 * man, the men given per position on average, and the difference in points with its 95 %
 * interval (the positions paired: both evaluations search the same ones).
 *
 *   npm run build && node dist/bench/gifts.js [--positions 200] [--depth 4]
 *     [--eval-file FILE[;FILE]] [--player NAME] SOURCE...
 *
 * A SOURCE is a training shard's manifest (data/train/VARIANT/NAME.json), whose positions
 * with no capture pending are the candidates; an openings file (data/openings-VARIANT.txt:
 * each opening's position); or a PDN file (with --player: the quiet positions that player
 * had to move in). The candidates are visited in a fixed order spread
 * over the whole source (the k-th visit is candidate floor(frac(k * golden ratio) * count)),
 * and the first --positions where some move gives a man are measured, so the same source
 * and count give the same figures.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { hasCapture } from '../src/core/movegen.js';
import { Position } from '../src/core/position.js';
import { ok } from '../src/core/result.js';
import { SIDE, STATE_SIZE } from '../src/core/state.js';
import { parseVariantName, rulesFor, type VariantName } from '../src/core/variant.js';
import { parseMove } from '../src/core/notation.js';
import { DEFAULT_EVAL_FILE, DEFAULT_EVAL_SOURCE, LINEAR_EVAL_FILE } from '../src/engine/default-eval.js'; // prettier-ignore
import { loadEvalFile } from '../src/engine/eval-file.js';
import { parsePdn } from '../src/pdn/pdn.js';
import { SearchControl, nowMs } from '../src/search/control.js';
import { Evaluators, type EvalSource } from '../src/search/eval.js';
import { Searcher } from '../src/search/search.js';
import { NO_TIME_LIMIT } from '../src/search/timeman.js';
import { tableBytes } from '../src/search/tt.js';
import { readBoundedText as readBoundedFile } from '../src/files/bounded-read.js';
import { OPENINGS_FILE_CAP } from '../src/files/read-caps.js';
import { openingGame, parseOpenings } from '../src/match/openings.js';
import { PackedPositions } from '../src/tune/packed.js';
import { parseManifest, readBoundedText, readShard } from '../src/tune/shard.js';
import { readArguments, usageError, wholeNumber } from './args.js';
import { ForcedExchange, shortfall, someMoveGives } from './forced-exchange.js';

const USAGE = `Usage: node dist/bench/gifts.js [options] SOURCE...

  SOURCE              a training shard's manifest (data/train/VARIANT/NAME.json), an
                      openings file (data/openings-VARIANT.txt), or a PDN file of games
                      (then --player is required)
  --positions <n>     positions measured a source, where some move gives a man (default 200)
  --depth <n>         searches of depth 1 to n (default 4, at most 12)
  --eval-file <file>  the evaluation under test, as EvalFile takes it (default: the
                      engine's, ${DEFAULT_EVAL_FILE}); the linear weights
                      it is compared with are always ${LINEAR_EVAL_FILE}
  --player <name>     in a PDN file, the player (White or Black tag) whose positions count
  -h, --help          this text

Example:
  npm run build && node dist/bench/gifts.js --positions 200 \\
    data/train/armenian/20261204T230849Z-c1-00.json data/train/turkish/20261204T230849Z-c1-00.json`;

const { values, positionals } = readArguments(
  USAGE,
  {
    positions: { type: 'string' },
    depth: { type: 'string' },
    'eval-file': { type: 'string' },
    player: { type: 'string' },
  },
  process.argv.slice(2),
  true,
);
if (positionals.length === 0) usageError(USAGE, 'name at least one source');
const wanted = wholeNumber(USAGE, values, 'positions', 200, 1);
const maxDepth = wholeNumber(USAGE, values, 'depth', 4, 1, 12);
const player = values.player as string | undefined;
const testedFile = values['eval-file'] as string | undefined;

/** The evaluation `file` names, or the script ends with why it cannot be read. */
function evalSource(file: string): EvalSource {
  const loaded = loadEvalFile(file);
  return loaded.ok ? loaded.value : usageError(USAGE, `--eval-file ${file}: ${loaded.error.message}`); // prettier-ignore
}

/** The candidates of one source: quiet positions of one variant, read on demand. */
interface Candidates {
  readonly variant: VariantName;
  readonly count: number;
  at(index: number): Position;
}

/** The quiet positions of a shard (every position with no capture pending). */
async function shardCandidates(path: string): Promise<Candidates> {
  const text = readBoundedText(path, 1 << 16);
  if (!text.ok) usageError(USAGE, text.error.message);
  const manifest = parseManifest(text.value, path);
  if (!manifest.ok) usageError(USAGE, manifest.error.message);
  const variant = manifest.value.variant;
  const packed = new PackedPositions();
  const read = await readShard(path, variant, packed);
  if (!read.ok) usageError(USAGE, read.error.message);
  const rules = rulesFor(variant);
  const state = new Int32Array(STATE_SIZE);
  const quiet: number[] = [];
  for (let p = 0; p < packed.count; p++) {
    if (!hasCapture(rules, packed.stateInto(p, state))) quiet.push(p);
  }
  return { variant, count: quiet.length, at: (index) => new Position(rules, packed.stateInto(quiet[index], state)) }; // prettier-ignore
}

/**
 * The quiet positions of an openings file (made by `tama match-openings`, whose first line
 * names the variant): each opening's position once its moves are played.
 */
function openingCandidates(path: string): Candidates {
  const text = readBoundedFile(path, OPENINGS_FILE_CAP, `openings file '${path}'`);
  if (!text.ok) usageError(USAGE, text.error.message);
  const named = /^# Tama openings \(([a-z]+)\)/.exec(text.value);
  const variant = named === null ? undefined : parseVariantName(named[1]);
  if (variant === undefined) usageError(USAGE, `${path}: its first line does not name the variant ('# Tama openings (armenian)')`); // prettier-ignore
  const openings = parseOpenings(text.value, variant);
  if (!openings.ok) usageError(USAGE, `${path}: ${openings.error.message}`);
  const positions = openings.value
    .map((opening) => openingGame(opening, variant).position)
    .filter((position) => !hasCapture(position.rules, position.state));
  return { variant, count: positions.length, at: (index) => positions[index] };
}

/** The quiet positions `player` had to move in, in the games of a PDN file. */
function pdnCandidates(path: string): Candidates {
  if (player === undefined) usageError(USAGE, `--player is required with a PDN file (${path})`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return usageError(USAGE, `cannot read ${path}: ${(error as Error).message}`);
  }
  const parsed = parsePdn(text);
  if (!parsed.ok) usageError(USAGE, `${path}: ${parsed.error.message}`);
  const positions: Position[] = [];
  let variant: VariantName | undefined;
  for (const game of parsed.value) {
    const named = parseVariantName(game.tags.get('Variant') ?? 'armenian');
    if (named === undefined) usageError(USAGE, `${path}: unknown variant '${game.tags.get('Variant')}'`); // prettier-ignore
    if (variant !== undefined && named !== variant) usageError(USAGE, `${path}: the games are of two variants`); // prettier-ignore
    variant = named;
    const fen = game.tags.get('FEN');
    const start = fen === undefined ? ok(Position.start(named)) : Position.parse(fen, named);
    if (!start.ok) usageError(USAGE, `${path}: FEN tag: ${start.error.message}`);
    const position = start.value;
    const colour = game.tags.get('White') === player ? 0 : game.tags.get('Black') === player ? 1 : -1; // prettier-ignore
    for (const move of game.moves) {
      if (position.state[SIDE] === colour && !hasCapture(position.rules, position.state)) {
        positions.push(position.clone());
      }
      const legal = parseMove(position, move);
      if (!legal.ok) usageError(USAGE, `${path}: a game's move '${move}': ${legal.error.message}`); // prettier-ignore
      position.play(legal.value.move, legal.value.capturedLo, legal.value.capturedHi);
    }
  }
  if (variant === undefined || positions.length === 0) usageError(USAGE, `no quiet position of '${player}' in ${path}`); // prettier-ignore
  return { variant, count: positions.length, at: (index) => positions[index] };
}

/** 1 / golden ratio: successive multiples spread evenly over [0, 1) whatever their number. */
const GOLDEN = (Math.sqrt(5) - 1) / 2;

/**
 * Up to `most` candidates where some move gives a man, visited in the golden-ratio order;
 * with how many were visited.
 */
function pick(
  candidates: Candidates,
  most: number,
  exchange: ForcedExchange,
): { picked: Position[]; visited: number } {
  // prettier-ignore
  const seen = new Uint8Array(candidates.count);
  const picked: Position[] = [];
  let visited = 0;
  for (let k = 1; k <= 4 * candidates.count && picked.length < most; k++) {
    const index = Math.floor(((k * GOLDEN) % 1) * candidates.count);
    if (seen[index] === 1) continue;
    seen[index] = 1;
    visited++;
    const position = candidates.at(index);
    if (someMoveGives(exchange.outcomes(position))) picked.push(position.clone());
  }
  return { picked, visited };
}

/** A searcher of its own for an evaluation: one thread, a small table. */
function searcherFor(source: EvalSource): Searcher {
  const made = Searcher.create(tableBytes(4), SearchControl.create(1), new Evaluators(source.weights, source.networks)); // prettier-ignore
  return made.ok ? made.value : usageError(USAGE, made.error.message);
}

/** How far (men) the move a fresh search of `position` to `depth` plays trails the best. */
function given(
  searcher: Searcher,
  position: Position,
  depth: number,
  exchange: ForcedExchange,
): number {
  // prettier-ignore
  searcher.table.clear();
  searcher.clearHistory();
  const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
  const result = searcher.search(position, [], { depth }, settings, () => {});
  const outcomes = exchange.outcomes(position);
  const played = outcomes.find((outcome) => result.bestMove !== undefined && outcome.move === result.bestMove.move && outcome.capturedLo === result.bestMove.capturedLo && outcome.capturedHi === result.bestMove.capturedHi); // prettier-ignore
  if (played === undefined) throw new Error(`the search played no legal move in ${position.toString()}`); // prettier-ignore
  return shortfall(outcomes, played);
}

const tested = testedFile === undefined ? DEFAULT_EVAL_SOURCE : evalSource(testedFile);
const linear = evalSource(LINEAR_EVAL_FILE);
const searchers = { tested: searcherFor(tested), linear: searcherFor(linear) };
const exchange = new ForcedExchange();
const testedName = testedFile ?? `the default (${DEFAULT_EVAL_FILE})`;
const rows: string[] = [];
for (const path of positionals) {
  const candidates = path.endsWith('.json') ? await shardCandidates(path) : path.endsWith('.txt') ? openingCandidates(path) : pdnCandidates(path); // prettier-ignore
  const { picked, visited } = pick(candidates, wanted, exchange);
  if (picked.length === 0) usageError(USAGE, `${path}: no quiet position where a move gives a man`); // prettier-ignore
  console.log(`${path} (${candidates.variant}): ${picked.length} positions where some move gives a man, found among ${visited} of its ${candidates.count} quiet positions`); // prettier-ignore
  const kind = tested.networks[candidates.variant] === undefined ? 'linear' : 'network';
  for (let depth = 1; depth <= maxDepth; depth++) {
    const counts = { tested: 0, linear: 0 };
    const men = { tested: 0, linear: 0 };
    /** Per position, whether the evaluation under test gives a man minus whether linear does. */
    const differences: number[] = [];
    for (const position of picked) {
      const gives = { tested: 0, linear: 0 };
      for (const key of ['tested', 'linear'] as const) {
        const trails = given(searchers[key], position, depth, exchange);
        if (trails >= 1) gives[key] = 1;
        counts[key] += gives[key];
        men[key] += trails;
      }
      differences.push(gives.tested - gives.linear);
    }
    const n = picked.length;
    const rate = (count: number) => (100 * count) / n;
    const cell = (key: 'tested' | 'linear') => `${counts[key]} (${rate(counts[key]).toFixed(1)} %), ${(men[key] / n).toFixed(2)}`; // prettier-ignore
    const mean = differences.reduce((sum, d) => sum + d, 0) / n;
    const variance = differences.reduce((sum, d) => sum + (d - mean) ** 2, 0) / Math.max(1, n - 1);
    const margin = 100 * 1.96 * Math.sqrt(variance / n);
    const points = 100 * mean;
    rows.push(`| ${basename(path)} | ${candidates.variant} (${kind}) | ${depth} | ${cell('tested')} | ${cell('linear')} | ${points >= 0 ? '+' : ''}${points.toFixed(1)} ± ${margin.toFixed(1)} |`); // prettier-ignore
  }
}
console.log(`evaluation under test: ${testedName}; compared with ${LINEAR_EVAL_FILE}`);
console.log('| source | variant (evaluation under test) | depth | gives a man, men given per position: under test | linear | points above linear (95 %) |'); // prettier-ignore
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
