/**
 * `tama tune-data` (training positions from PDN games), `tama tune` (linear weights fitted
 * to them, written as a weights file) and `tama train` (a network trained on them, written
 * as a network file): reading and writing files and reporting progress; the work is in
 * src/tune/.
 */
import { statSync, writeFileSync } from 'node:fs';
import { STATE_SIZE } from '../core/state.js';
import { rulesFor, type VariantName } from '../core/variant.js';
import { loadEvalFile, readEvalText } from '../engine/eval-file.js';
import {
  Evaluator,
  formatEvalWeights,
  weightsToVector,
  type EvalWeightSet,
} from '../search/eval.js';
import { NetworkEvaluator } from '../search/network.js';
import { formatNetwork } from '../search/network-weights.js';
import { QuietLeaves } from '../search/quiet-leaf.js';
import { buildTrainingSet, fitScale, fitWeights, type FitOptions } from '../tune/fit.js';
import { buildNetworkSet, networkLoss, packPositions, trainNetwork, type NetworkTrainOptions, type TargetScore } from '../tune/network-train.js'; // prettier-ignore
import {
  extractGamePositions,
  formatPositions,
  parsePositions,
  type ExtractStats,
  type TrainingPosition,
} from '../tune/positions.js';
import { trainingPositions, type PackedPositions } from '../tune/packed.js';
import { EventTurns } from '../tune/turns.js';
import { parsePdn } from '../pdn/pdn.js';
import { readShardFolders } from '../tune/shard.js';
import { PDN_FILE_CAP, POSITIONS_FILE_CAP } from '../files/read-caps.js';
import { readTextOrReport } from './read-text.js';
import { missingPackagesLine } from '../campaign/packages.js';
import { listenForInterrupt, SIGNAL_EXIT_CODES } from './interrupt.js';

export interface TuneDataOptions {
  readonly variant: VariantName;
  readonly out?: string;
  /** With a campaign: the shard folder its new positions are added to. */
  readonly shards?: string;
  readonly skipPlies: number;
  /** The weights that score the capture lines followed to a quiet leaf. */
  readonly eval: string;
  /** A data campaign whose stored positions are written instead of positions from PDN. */
  readonly campaign?: number;
  readonly db?: string;
  readonly dataDir?: string;
}

/** The command line as typed, for the files' header lines. */
const commandText = (argv: readonly string[]) => ['tama', ...argv.slice(2)].join(' ');

/**
 * The command line as a shard's manifest keeps it: without where the database was
 * (`--db URL`, which may hold a password, and `--data-dir DIR`), which is this machine's
 * and not part of what made the positions.
 */
function portableCommandText(argv: readonly string[]): string {
  const kept: string[] = [];
  for (let i = 2; i < argv.length; i++) {
    if (argv[i] === '--db' || argv[i] === '--data-dir') i++;
    else if (!/^--(db|data-dir)=/.test(argv[i])) kept.push(argv[i]);
  }
  return ['tama', ...kept].join(' ');
}

/**
 * The weights file named by `option`, checked before any work together with the file to
 * be written (`out`); else the exit code, the error printed.
 */
function loadWeightsFor(
  option: string,
  path: string,
  out: string,
  printError: (line: string) => void,
): EvalWeightSet | number {
  const weights = loadEvalFile(path);
  if (!weights.ok) {
    printError(`error: ${option}: ${weights.error.message}`);
    return 2;
  }
  if (Object.keys(weights.value.networks).length > 0) {
    printError(`error: ${option}: '${path}' is a network; this needs a linear weights file (docs/evaluation.md)`); // prettier-ignore
    return 2;
  }
  if (statSync(out, { throwIfNoEntry: false })?.isDirectory()) {
    printError(`error: cannot write '${out}': it is a directory`);
    return 1;
  }
  return weights.value.weights;
}

/**
 * Extracts the training positions of the PDN files; returns the exit code. SIGINT or
 * SIGTERM stops it between games, saying how far it read; the file is written only at
 * the end, so a stopped run writes nothing.
 */
export async function runTuneData(
  files: readonly string[],
  options: TuneDataOptions & { readonly out: string },
  argv: readonly string[],
  printError: (line: string) => void,
): Promise<number> {
  const weights = loadWeightsFor('--eval', options.eval, options.out, printError);
  if (typeof weights === 'number') return weights;
  // Linear weights only (loadWeightsFor refuses a network): the leaves are the ones the
  // search finds with these weights.
  const leaves = QuietLeaves.create(weights);
  if (!leaves.ok) {
    printError(`error: ${leaves.error.message}`);
    return 1;
  }
  const positions = new Map<string, number>();
  const stats: ExtractStats = { games: 0, skippedGames: 0, positions: 0, duplicates: 0, notQuiet: 0 }; // prettier-ignore
  const started = performance.now();
  let filesRead = 0;
  const stoppedLine = () => `interrupted: ${stats.games + stats.skippedGames} games of ${filesRead} of ${files.length} files read, ${stats.positions} positions; nothing written to ${options.out}`; // prettier-ignore
  const interrupt = listenForInterrupt(undefined, () => printError(stoppedLine()));
  const turns = new EventTurns(interrupt.signal);
  try {
    for (const file of files) {
      const text = readTextOrReport(file, PDN_FILE_CAP, printError);
      if (text === undefined) return 1;
      const games = parsePdn(text);
      if (!games.ok) {
        printError(`error: ${file}: ${games.error.message}`);
        return 1;
      }
      for (const game of games.value) {
        if ((turns.due && (await turns.take())) || turns.stopped) {
          printError(stoppedLine());
          return interrupt.exitCode ?? SIGNAL_EXIT_CODES.SIGINT;
        }
        const done = extractGamePositions(game, options.variant, leaves.value, { skipPlies: options.skipPlies }, positions, stats); // prettier-ignore
        if (!done.ok) {
          printError(`error: ${file}: ${done.error.message}`);
          return 1;
        }
      }
      filesRead++;
      printError(`${file}: ${stats.games} games, ${stats.positions} positions so far`);
    }
  } finally {
    interrupt.release();
  }
  writeFileSync(options.out, formatPositions(options.variant, `made by: ${commandText(argv)}`, positions)); // prettier-ignore
  printError(
    `${stats.positions} positions from ${stats.games} games (${stats.skippedGames} games without a result or of another variant skipped; ` +
      `${stats.duplicates} duplicates and ${stats.notQuiet} leaves with a capture or no move left out) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
}

/** The training positions of a positions file, or the exit code, the error printed. */
function readPositions(
  path: string,
  variant: VariantName,
  printError: (line: string) => void,
): TrainingPosition[] | number {
  const text = readTextOrReport(path, POSITIONS_FILE_CAP, printError);
  if (text === undefined) return 1;
  const positions = parsePositions(text, variant);
  if (!positions.ok) {
    printError(`error: ${path}: ${positions.error.message}`);
    return 2;
  }
  if (positions.value.length === 0) {
    printError(`error: ${path} holds no positions`);
    return 2;
  }
  return positions.value;
}

/** Where a tune or train run reads its positions: a positions file, or shard folders. */
interface PositionsSource {
  readonly positions?: string;
  readonly data?: readonly string[];
}

/**
 * The positions of every shard in the folders, each once, or the exit code, the error
 * printed. A refused shard (truncated, altered) is named and left out; the rest are used.
 */
async function readShards(
  dirs: readonly string[],
  variant: VariantName,
  printError: (line: string) => void,
  onShard: (shards: number) => void,
  signal: AbortSignal,
): Promise<{ positions: PackedPositions; shards: string[] } | number> {
  const names: string[] = [];
  const read = await readShardFolders(dirs, variant, (manifest) => onShard(names.push(manifest.file)), signal); // prettier-ignore
  if (!read.ok) {
    printError(`error: ${read.error.message}`);
    return 1;
  }
  const { positions, shards, duplicates, refused } = read.value;
  for (const why of refused) printError(`warning: shard refused, its positions left out: ${why}`);
  printError(`${positions.count} positions from ${shards} shards of ${dirs.join(', ')} (${duplicates} duplicates left out${refused.length > 0 ? `, ${refused.length} shards refused` : ''})`); // prettier-ignore
  if (positions.count === 0) {
    printError(
      `error: ${dirs.join(', ')} ${dirs.length === 1 ? 'holds' : 'hold'} no training positions`,
    );
    return 2;
  }
  return { positions, shards: names };
}

/** The `--init` weights and the positions of a tune or train run, or the exit code, the error printed. */
async function readInputs(
  options: PositionsSource & { readonly init: string; readonly out: string; readonly variant: VariantName }, // prettier-ignore
  printError: (line: string) => void,
  onShard: (shards: number) => void,
  signal: AbortSignal,
): Promise<{ initial: EvalWeightSet; positions: PackedPositions; shards?: string[] } | number> {
  if ((options.positions === undefined) === (options.data === undefined)) {
    printError('error: give the training positions: --positions FILE or --data DIR (one of them)');
    return 2;
  }
  const initial = loadWeightsFor('--init', options.init, options.out, printError);
  if (typeof initial === 'number') return initial;
  if (options.data !== undefined) {
    const read = await readShards(options.data, options.variant, printError, onShard, signal);
    return typeof read === 'number' ? read : { initial, ...read };
  }
  const positions = readPositions(options.positions ?? '', options.variant, printError);
  if (typeof positions === 'number') return positions;
  return { initial, positions: packPositions(positions) };
}

/**
 * Writes the positions of a data campaign as a positions file; returns the exit code.
 * `variantGiven`: --variant was typed, and must then be the campaign's.
 */
export async function runTuneDataCampaign(
  files: readonly string[],
  options: TuneDataOptions & { readonly campaign: number; readonly variantGiven: boolean },
  argv: readonly string[],
  printError: (line: string) => void,
): Promise<number> {
  if (files.length > 0) {
    printError(`error: --campaign writes a campaign's positions: give no PDN files (got '${files[0]}')`); // prettier-ignore
    return 2;
  }
  const out = options.out;
  if (out !== undefined && statSync(out, { throwIfNoEntry: false })?.isDirectory()) {
    printError(`error: cannot write '${out}': it is a directory`);
    return 1;
  }
  const missing = missingPackagesLine('tune-data --campaign', { client: true, embedded: options.db === undefined }); // prettier-ignore
  if (missing !== undefined) {
    printError(missing);
    return 1;
  }
  const { connect } = await import('../campaign/connect.js');
  const { exportDataPositions, exportDataShards } = await import('../campaign/data-export.js');
  const connection = await connect(options, false, printError);
  if (!connection.ok) {
    printError(`error: ${connection.error.message}`);
    return 1;
  }
  const { store } = connection.value;
  try {
    const campaign = await store.campaign(options.campaign);
    const variant = (campaign?.settings as { variant?: string } | undefined)?.variant;
    if (options.variantGiven && variant !== undefined && variant !== options.variant) {
      printError(`error: campaign ${options.campaign} played ${variant}, not ${options.variant}`);
      return 2;
    }
    const started = performance.now();
    let reported = 0;
    const progress = (written: number, duplicates: number) => {
      if (written - reported < 100_000) return;
      reported = written;
      printError(`${written} positions written (${duplicates} duplicates left out)`);
    };
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    if (out === undefined) {
      const dir = options.shards ?? '';
      const exported = await exportDataShards(store, options.campaign, dir, portableCommandText(argv), progress); // prettier-ignore
      if (!exported.ok) {
        printError(`error: ${exported.error.message}`);
        return 1;
      }
      const { manifests, duplicates } = exported.value;
      for (const m of manifests) printError(`${dir}/${m.file}: ${m.positions} positions, ${m.bytes} bytes`); // prettier-ignore
      const added = manifests.reduce((sum, m) => sum + m.positions, 0);
      printError(`${added} new positions of campaign ${options.campaign} added to ${dir} in ${manifests.length} shards (${duplicates} left out: the folder held them, or an earlier game reached them) in ${seconds()} s`); // prettier-ignore
      return 0;
    }
    const exported = await exportDataPositions(store, options.campaign, out, commandText(argv), progress); // prettier-ignore
    if (!exported.ok) {
      printError(`error: ${exported.error.message}`);
      return 1;
    }
    const { positions, duplicates } = exported.value;
    printError(`${positions} positions of campaign ${options.campaign} written to ${out} (${duplicates} duplicates left out) in ${seconds()} s`); // prettier-ignore
    return 0;
  } catch (error) {
    printError(`error: ${(error as Error).message}`);
    return 1;
  } finally {
    await connection.value.close();
  }
}

export interface TuneOptions extends Omit<FitOptions, 'onEpoch'>, PositionsSource {
  readonly variant: VariantName;
  readonly out: string;
  /** The starting weights (both variants; the other variant's are written unchanged). */
  readonly init: string;
}

/** What `tama tune` and `tama train` work from: their options and inputs, and a clock. */
interface FitRun<Options> {
  readonly options: Options;
  readonly initial: EvalWeightSet;
  readonly positions: PackedPositions;
  /** The shards the positions came from, when they came from shard folders. */
  readonly shards?: string[];
  readonly argv: readonly string[];
  readonly printError: (line: string) => void;
  /** Seconds since the inputs were read, as text for progress lines. */
  readonly seconds: () => string;
  /** Aborted by SIGINT or SIGTERM: the fit ends after its step under way, nothing written. */
  readonly signal: AbortSignal;
  /** Says what the fit has finished, for the line printed if it is stopped. */
  readonly finished: (what: string) => void;
}

/**
 * Reads the starting weights and the positions of `tama tune` or `tama train`, then runs
 * `fit` (runTune or runTrain) on them; returns the exit code. SIGINT or SIGTERM stops it:
 * the fit ends after its step under way, saying what it finished, and writes nothing.
 */
export async function runFit<Options extends TuneOptions | TrainOptions>(
  fit: (run: FitRun<Options>) => Promise<number>,
  options: Options,
  argv: readonly string[],
  printError: (line: string) => void,
): Promise<number> {
  let finished = 'the positions not read yet';
  const stoppedLine = () => `interrupted: ${finished}; nothing written to ${options.out}`;
  const interrupt = listenForInterrupt(undefined, () => printError(stoppedLine()));
  try {
    const inputs = await readInputs(options, printError, (shards) => (finished = `${shards} shards read, the positions not all read yet`), interrupt.signal); // prettier-ignore
    if (interrupt.signal.aborted) {
      printError(stoppedLine());
      return interrupt.exitCode ?? SIGNAL_EXIT_CODES.SIGINT;
    }
    if (typeof inputs === 'number') return inputs;
    const started = performance.now();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    const code = await fit({ options, ...inputs, argv, printError, seconds, signal: interrupt.signal, finished: (what) => (finished = what) }); // prettier-ignore
    if (!interrupt.signal.aborted) return code;
    printError(stoppedLine());
    return interrupt.exitCode ?? SIGNAL_EXIT_CODES.SIGINT;
  } finally {
    interrupt.release();
  }
}

/** Fits one variant's weights to a positions file and writes a weights file; returns the exit code. */
export async function runTune(run: FitRun<TuneOptions>): Promise<number> {
  const { options, initial, argv, printError, seconds, signal, finished } = run;
  const positions = trainingPositions(run.positions);
  const base = initial[options.variant];
  const set = buildTrainingSet(rulesFor(options.variant), positions, base.kingsOnlyDrawDivisor); // prettier-ignore
  printError(`${set.count} positions, features worked out in ${seconds()} s`);
  finished(`0 of ${options.epochs} epochs fitted`);
  const fitted = await fitWeights(set, base, {
    ...options,
    signal,
    onEpoch: (epoch, loss) => {
      finished(`${epoch} of ${options.epochs} epochs fitted (loss ${loss.toFixed(6)})`);
      printError(`epoch ${epoch}/${options.epochs}: loss ${loss.toFixed(6)} (${seconds()} s)`);
    },
  });
  if (signal.aborted) return 1; // runFit says what was finished and gives the signal's code
  // The starting file's own story comes first: the other variant's weights are its.
  // Read and checked before the fit (loadWeightsFor), so read again here within bounds.
  const initText = readEvalText(options.init);
  const { about: before } = (initText.ok ? JSON.parse(initText.value) : {}) as { about?: string }; // prettier-ignore
  const about =
    (before === undefined ? '' : `${before} Then `) +
    `${options.variant} fitted by: ${commandText(argv)} ` +
    `(${set.count} positions, K ${fitted.k.toFixed(1)}, loss ${fitted.lossBefore.toFixed(6)} to ${fitted.lossAfter.toFixed(6)})`; // prettier-ignore
  const weights = { ...initial, [options.variant]: fitted.weights };
  writeFileSync(options.out, formatEvalWeights(weights, about));
  printError(`K ${fitted.k.toFixed(1)}; loss ${fitted.lossBefore.toFixed(6)} -> ${fitted.lossAfter.toFixed(6)}; wrote ${options.out} in ${seconds()} s`); // prettier-ignore
  return 0;
}

export interface TrainOptions extends Omit<NetworkTrainOptions, 'onEpoch'>, PositionsSource {
  readonly variant: VariantName;
  readonly out: string;
  /** The linear weights that score the positions for the targets and fix the scale K. */
  readonly init: string;
  /** The weight of the game result in the target (the rest: the score's). */
  readonly lambda: number;
  /** Whose score the target holds: the linear evaluation's, or the data's search score. */
  readonly targetScore: TargetScore;
  /** The share of the positions, the last ones of the file, held out to measure the loss. */
  readonly holdout: number;
  /** Whether each training position's mirror image (files reversed) is trained on too. */
  readonly mirror: boolean;
}

/** Positions (spread over the data) that fix the scale K: enough for its one number. */
const SCALE_POSITIONS = 200_000;

/** A trainer's progress: the epoch, samples done of it, samples a second, and the time left for the run. */
function progressLine(
  epoch: number,
  epochs: number,
  done: number,
  samples: number,
  seconds: number,
): string {
  // prettier-ignore
  const total = (epoch - 1) * samples + done;
  const rate = total / Math.max(1e-3, seconds);
  const left = Math.round((epochs * samples - total) / Math.max(1, rate));
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return `epoch ${epoch}/${epochs}: ${done}/${samples} positions, ${Math.round(rate)} a second, ${clock} left`;
}

/** Trains one variant's network on a positions file and writes a network file; returns the exit code. */
export async function runTrain(run: FitRun<TrainOptions>): Promise<number> {
  const { options, initial, positions, argv, printError, seconds, shards, signal, finished } = run; // prettier-ignore
  const heldOutCount = Math.floor(positions.count * options.holdout);
  if (heldOutCount < 1 || heldOutCount >= positions.count) {
    printError(`error: --holdout ${options.holdout} of ${positions.count} positions leaves no training or no held-out position`); // prettier-ignore
    return 2;
  }
  const rules = rulesFor(options.variant);
  const linear = new Evaluator(rules, initial[options.variant]);
  const k = fitScale(buildTrainingSet(rules, trainingPositions(positions, SCALE_POSITIONS), linear.weights.kingsOnlyDrawDivisor), weightsToVector(linear.weights)); // prettier-ignore
  const trainCount = positions.count - heldOutCount;
  const train = buildNetworkSet(positions, linear, k, options.lambda, options.targetScore, { to: trainCount, mirror: options.mirror }); // prettier-ignore
  const heldOut = buildNetworkSet(positions, linear, k, options.lambda, options.targetScore, { from: trainCount }); // prettier-ignore
  const scratch = new Int32Array(STATE_SIZE);
  const heldOutState = (p: number) => positions.stateInto(trainCount + p, scratch);
  const linearLogit = (p: number) => linear.evaluate(heldOutState(p)) / k;
  const linearLoss = networkLoss(heldOut, linearLogit, heldOut.result);
  printError(`${train.samples} training and ${heldOutCount} held-out positions, K ${k.toFixed(1)} (${seconds()} s); held-out loss against the results: linear ${linearLoss.toFixed(6)}`); // prettier-ignore
  const started = performance.now();
  let trained = `0 of ${options.epochs} epochs trained`;
  finished(trained);
  const network = await trainNetwork(train, heldOut, {
    ...options,
    signal,
    onProgress: (epoch, done) => {
      finished(`${trained}, epoch ${epoch} at ${done} of ${train.samples} positions`);
      printError(progressLine(epoch, options.epochs, done, train.samples, (performance.now() - started) / 1000)); // prettier-ignore
    },
    onEpoch: (epoch, trainLoss, heldOutLoss) => {
      trained = `${epoch} of ${options.epochs} epochs trained (held-out loss ${heldOutLoss.toFixed(6)})`; // prettier-ignore
      finished(trained);
      printError(`epoch ${epoch}/${options.epochs}: loss ${trainLoss.toFixed(6)}, held-out ${heldOutLoss.toFixed(6)} (${seconds()} s)`); // prettier-ignore
    },
  });
  if (signal.aborted) return 1; // runFit says what was finished and gives the signal's code
  const quantised = network.quantise(options.variant, k);
  const evaluator = new NetworkEvaluator(rules, quantised);
  const quantisedLogit = (p: number) => evaluator.evaluate(heldOutState(p)) / k;
  const floatLoss = networkLoss(heldOut, (p) => network.forward(heldOut, p), heldOut.result);
  const quantisedLoss = networkLoss(heldOut, quantisedLogit, heldOut.result);
  const targetLoss = networkLoss(heldOut, quantisedLogit);
  const summary =
    `held-out loss against the results: linear ${linearLoss.toFixed(6)}, network ${floatLoss.toFixed(6)} float, ${quantisedLoss.toFixed(6)} quantised ` +
    `(against the targets, quantised: ${targetLoss.toFixed(6)})`; // prettier-ignore
  const about = `${options.variant} network trained by: ${commandText(argv)} (${train.samples} training positions${options.mirror ? ' with their mirrors' : ''}${shards === undefined ? '' : ` from the shards ${shards.join(', ')}`}, hidden ${options.hidden}, K ${k.toFixed(1)}, lambda ${options.lambda}, ${options.targetScore} scores; ${summary})`; // prettier-ignore
  writeFileSync(options.out, formatNetwork(quantised, about));
  printError(`${summary}; wrote ${options.out} in ${seconds()} s`);
  return 0;
}
