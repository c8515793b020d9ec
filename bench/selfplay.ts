/**
 * Self-play: the engine as it ships against the engine without one of its search features
 * (--without), or the engine with a feature it ships without against the engine as it ships
 * (--with), or with other evaluation weights for either player (--first-eval, --second-eval:
 * weights files as docs/evaluation.md describes), in game pairs from seeded random openings (colours swapped), on a node budget per move
 * so that the machine's load cannot bias the result. Prints W/D/L, the Elo difference with
 * its 95% interval, LOS and the pentanomial counts of the game pairs.
 *
 *   npm run build && node dist/bench/selfplay.js --without lateMoveReductions --games 400 --nodes 4000
 *     [--variant armenian] [--openings data/openings-armenian.txt] [--seed 1] [--threads 2]
 *     [--maxplies 300]
 *   node dist/bench/selfplay.js --first-eval tuned.json ...   (the first player's weights)
 *
 * The result is always the first player's: positive Elo means the feature gains.
 *
 * Runs the games on worker threads (--threads, default the core count).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Game } from '../src/core/game.js';
import type { PackedMove } from '../src/core/movegen.js';
import { formatMove } from '../src/core/notation.js';
import { Position } from '../src/core/position.js';
import { VARIANT_NAMES, WHITE, parseVariantName, type VariantName } from '../src/core/variant.js';
import { generateOpenings } from '../src/match/make-openings.js';
import { countOutcomes, formatElo, pairOutcome, pentanomialElo, trinomialElo, type GameOutcome } from '../src/stats/stats.js'; // prettier-ignore
import { seededRandom, shuffled } from '../src/stats/random.js';
import { SearchControl, nowMs } from '../src/search/control.js';
import { NO_TIME_LIMIT } from '../src/search/timeman.js';
import { DEFAULT_EVAL_WEIGHTS, Evaluators, type EvalSource } from '../src/search/eval.js';
import { loadEvalFile } from '../src/engine/eval-file.js';
import { DEFAULT_FEATURES, Searcher, type SearchFeatures } from '../src/search/search.js';
import { tableBytes, type TranspositionTable } from '../src/search/tt.js';
import { readArguments, usageError, wholeNumber } from './args.js';

const SELFPLAY_USAGE = `Usage: node dist/bench/selfplay.js [--without F[,F] | --with F[,F]] [options]

  --without <features>   the engine as it ships against it without these search features
  --with <features>      the engine with these features against the engine as it ships
  --games <n>            games, in pairs with colours swapped (default 400)
  --nodes <n>            node budget a move (default 4000)
  --variant <name>       rules to play: ${VARIANT_NAMES.join(', ')} (default armenian)
  --openings <file>      position text one a line ('#' comments; default: seeded random
                         openings of the variant)
  --seed <n>             seed of the openings (default 1)
  --threads <n>          worker threads (default: the cores)
  --maxplies <n>         draw a game at this many plies (default 300)
  --first-eval <file>    evaluation file(s) of the first player, as EvalFile takes them
                         (default: the shipped linear weights, no network)
  --second-eval <file>   evaluation file(s) of the second player (the same default)
  -h, --help             this text

Features: ${Object.keys(DEFAULT_FEATURES).join(', ')}

Example:
  npm run build && node dist/bench/selfplay.js --without lateMoveReductions --games 400`;

type Feature = keyof SearchFeatures;

interface Job {
  /** Features the first player turns on; the second plays the defaults. */
  readonly with: Feature[];
  /** Features the second player turns off; the first plays the defaults (and `with`). */
  readonly without: Feature[];
  readonly nodes: number;
  readonly variant: VariantName;
  readonly openings: string[];
  readonly maxPlies: number;
  /** Evaluation weights of the first and the second player. */
  readonly firstWeights: EvalSource;
  readonly secondWeights: EvalSource;
}

/** One player: a searcher with its own table. */
class Player {
  readonly searcher: Searcher;
  private readonly control = SearchControl.create(1);
  private readonly tt: TranspositionTable;
  constructor(on: readonly Feature[], off: readonly Feature[], source: EvalSource) {
    const made = Searcher.create(tableBytes(8), this.control, new Evaluators(source.weights, source.networks)); // prettier-ignore
    if (!made.ok) throw new Error(made.error.message);
    this.searcher = made.value;
    this.tt = made.value.table;
    for (const name of on) this.searcher.features[name] = true;
    for (const name of off) this.searcher.features[name] = false;
  }
  newGame(): void {
    this.tt.clear();
    this.searcher.clearHistory();
  }
  move(position: Position, keys: readonly number[], nodes: number): PackedMove | undefined {
    this.control.reset(false);
    this.tt.age = (this.tt.age + 1) & 63;
    const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
    return this.searcher.search(position, keys, { nodes }, settings, () => {}).bestMove;
  }
}

/** Plays one game; returns the result for White (a draw at `maxPlies`). */
function playGame(
  opening: string,
  variant: VariantName,
  white: Player,
  black: Player,
  nodes: number,
  maxPlies: number,
): GameOutcome {
  const parsed = Game.parse(opening, [], variant);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const game = parsed.value;
  white.newGame();
  black.newGame();
  while (game.plies < maxPlies) {
    const end = game.outcome();
    if (end) return end.winner === undefined ? 'draw' : end.winner === WHITE ? 'win' : 'loss';
    const player = game.position.sideToMove === WHITE ? white : black;
    const move = player.move(game.position, game.keys, nodes);
    if (move === undefined) throw new Error(`no move in ${game.position.toString()}`);
    game.playText(formatMove(game.position, move.move, move.capturedLo, move.capturedHi));
  }
  return 'draw';
}

const flip = (o: GameOutcome): GameOutcome =>
  o === 'win' ? 'loss' : o === 'loss' ? 'win' : 'draw';

if (!isMainThread) {
  const job = workerData as Job;
  const full = new Player(job.with, [], job.firstWeights);
  const reduced = new Player([], job.without, job.secondWeights);
  for (const opening of job.openings) {
    // The full engine's results: first with White, then with Black.
    const first = playGame(opening, job.variant, full, reduced, job.nodes, job.maxPlies);
    const second = flip(playGame(opening, job.variant, reduced, full, job.nodes, job.maxPlies));
    parentPort?.postMessage([first, second]);
  }
} else if (process.argv[1]?.endsWith('selfplay.js')) {
  const { values } = readArguments(SELFPLAY_USAGE, {
    with: { type: 'string' },
    without: { type: 'string' },
    games: { type: 'string' },
    nodes: { type: 'string' },
    variant: { type: 'string' },
    threads: { type: 'string' },
    seed: { type: 'string' },
    maxplies: { type: 'string' },
    openings: { type: 'string' },
    'first-eval': { type: 'string' },
    'second-eval': { type: 'string' },
  });
  const list = (name: string) => String(values[name] ?? '').split(',').filter((s) => s !== '') as Feature[]; // prettier-ignore
  const withFeatures = list('with');
  const without = list('without');
  for (const name of [...withFeatures, ...without]) {
    if (!(name in DEFAULT_FEATURES)) {
      usageError(SELFPLAY_USAGE, `unknown feature '${name}'; features: ${Object.keys(DEFAULT_FEATURES).join(', ')}`); // prettier-ignore
    }
  }
  const games = wholeNumber(SELFPLAY_USAGE, values, 'games', 400, 1);
  const nodes = wholeNumber(SELFPLAY_USAGE, values, 'nodes', 4000, 1);
  const threads = wholeNumber(SELFPLAY_USAGE, values, 'threads', availableParallelism(), 1, 256);
  const seed = wholeNumber(SELFPLAY_USAGE, values, 'seed', 1, 0);
  const maxPlies = wholeNumber(SELFPLAY_USAGE, values, 'maxplies', 300, 1);
  const variant = parseVariantName(String(values.variant ?? 'armenian'));
  if (variant === undefined) {
    usageError(SELFPLAY_USAGE, `--variant expects one of ${VARIANT_NAMES.join(', ')}, got '${String(values.variant)}'`); // prettier-ignore
  }
  const weightsOf = (name: string): EvalSource => {
    const path = String(values[name] ?? '');
    if (path === '') return { weights: DEFAULT_EVAL_WEIGHTS, networks: {} };
    const loaded = loadEvalFile(path);
    if (!loaded.ok) usageError(SELFPLAY_USAGE, `--${name}: ${loaded.error.message}`);
    return loaded.value;
  };
  const firstWeights = weightsOf('first-eval');
  const secondWeights = weightsOf('second-eval');
  const file = String(values.openings ?? '');
  // A file of position text (one a line, '#' comments), or openings made here from the seed.
  const openings = file
    ? shuffled(readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#')), seededRandom(seed)).slice(0, Math.ceil(games / 2)) // prettier-ignore
    : await seededOpenings(variant, Math.ceil(games / 2), seed);
  const outcomes: GameOutcome[] = [];
  const pairs: number[] = [0, 0, 0, 0, 0];
  const started = Date.now();
  const workers = Array.from({ length: threads }, (_, i) => {
    const slice = openings.filter((_, k) => k % threads === i);
    const worker = new Worker(new URL(import.meta.url), { workerData: { with: withFeatures, without, nodes, variant, openings: slice, maxPlies, firstWeights, secondWeights } satisfies Job }); // prettier-ignore
    worker.on('message', ([a, b]: [GameOutcome, GameOutcome]) => {
      outcomes.push(a, b);
      pairs[pairOutcome(a, b)]++;
      if (outcomes.length % 50 === 0) {
        const wdl = countOutcomes(outcomes);
        process.stderr.write(
          `${outcomes.length} games: +${wdl.wins} =${wdl.draws} -${wdl.losses}\n`,
        );
      }
    });
    return new Promise<void>((resolve, reject) => {
      worker.on('exit', () => resolve());
      worker.on('error', reject);
    });
  });
  await Promise.all(workers);
  const wdl = countOutcomes(outcomes);
  const describe = (changes: string[], eval_: string) => (changes.length > 0 ? changes.join(' ') : 'defaults') + (eval_ === '' ? '' : ` (weights ${eval_})`); // prettier-ignore
  const first = describe(withFeatures.length > 0 ? [`with ${withFeatures.join('+')}`] : [], String(values['first-eval'] ?? '')); // prettier-ignore
  const second = describe(without.length > 0 ? [`without ${without.join('+')}`] : [], String(values['second-eval'] ?? '')); // prettier-ignore
  console.log(`${first} vs ${second}: ${outcomes.length} ${variant} games at ${nodes} nodes/move, ${((Date.now() - started) / 1000).toFixed(0)} s`); // prettier-ignore
  console.log(`W/D/L ${wdl.wins}/${wdl.draws}/${wdl.losses}  ${formatElo(trinomialElo(wdl))}`);
  console.log(`pairs [0, ½, 1, 1½, 2]: ${pairs.join(' ')}  pentanomial ${formatElo(pentanomialElo(pairs as [number, number, number, number, number]))}`); // prettier-ignore
}

/** Distinct balanced openings after 6-8 random plies, from the match runner's generator. */
async function seededOpenings(
  variant: VariantName,
  count: number,
  seed: number,
): Promise<string[]> {
  const generated = await generateOpenings({
    variant,
    count,
    minPlies: 6,
    maxPlies: 8,
    seed,
    mobilityGap: 4,
    format: 'fen',
  });
  if (!generated.ok) throw new Error(generated.error.message);
  return [...generated.value.lines];
}
