/**
 * `tama tune-data` (training positions from PDN games) and `tama tune` (weights fitted to
 * them, written as a weights file): reading and writing files and reporting progress; the
 * work is in src/tune/.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { rulesFor, type VariantName } from '../core/variant.js';
import { loadEvalFile, resolveEvalFile } from '../engine/eval-file.js';
import { Evaluator, formatEvalWeights, type EvalWeightSet } from '../search/eval.js';
import { buildTrainingSet, fitWeights, type FitOptions } from '../tune/fit.js';
import {
  CaptureResolver,
  extractPositions,
  formatPositions,
  parsePositions,
  type ExtractStats,
} from '../tune/positions.js';

export interface TuneDataOptions {
  readonly variant: VariantName;
  readonly out: string;
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
  if (statSync(out, { throwIfNoEntry: false })?.isDirectory()) {
    printError(`error: cannot write '${out}': it is a directory`);
    return 1;
  }
  return weights.value;
}

/** Extracts the training positions of the PDN files; returns the exit code. */
export function runTuneData(
  files: readonly string[],
  options: TuneDataOptions,
  argv: readonly string[],
  printError: (line: string) => void,
): number {
  const weights = loadWeightsFor('--eval', options.eval, options.out, printError);
  if (typeof weights === 'number') return weights;
  const rules = rulesFor(options.variant);
  const resolver = new CaptureResolver(new Evaluator(rules, weights[options.variant]));
  const positions = new Map<string, number>();
  const stats: ExtractStats = { games: 0, skippedGames: 0, positions: 0, duplicates: 0, notQuiet: 0 }; // prettier-ignore
  const started = performance.now();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      printError(`error: cannot read '${file}': ${(error as Error).message}`);
      return 1;
    }
    const done = extractPositions(text, options.variant, resolver, { skipPlies: options.skipPlies }, positions, stats); // prettier-ignore
    if (!done.ok) {
      printError(`error: ${file}: ${done.error.message}`);
      return 1;
    }
    printError(`${file}: ${stats.games} games, ${stats.positions} positions so far`);
  }
  writeFileSync(options.out, formatPositions(options.variant, `made by: ${commandText(argv)}`, positions)); // prettier-ignore
  printError(
    `${stats.positions} positions from ${stats.games} games (${stats.skippedGames} games without a result or of another variant skipped; ` +
      `${stats.duplicates} duplicates and ${stats.notQuiet} leaves with a capture or no move left out) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
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
  if (statSync(options.out, { throwIfNoEntry: false })?.isDirectory()) {
    printError(`error: cannot write '${options.out}': it is a directory`);
    return 1;
  }
  const { connect } = await import('../campaign/connect.js');
  const { exportDataPositions } = await import('../campaign/data-export.js');
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
    const exported = await exportDataPositions(store, options.campaign, options.out, commandText(argv), (written, duplicates) => {
      if (written - reported < 100_000) return;
      reported = written;
      printError(`${written} positions written (${duplicates} duplicates left out)`);
    }); // prettier-ignore
    if (!exported.ok) {
      printError(`error: ${exported.error.message}`);
      return 1;
    }
    const { positions, duplicates } = exported.value;
    printError(`${positions} positions of campaign ${options.campaign} written to ${options.out} (${duplicates} duplicates left out) in ${((performance.now() - started) / 1000).toFixed(1)} s`); // prettier-ignore
    return 0;
  } catch (error) {
    printError(`error: ${(error as Error).message}`);
    return 1;
  } finally {
    await connection.value.close();
  }
}

export interface TuneOptions extends Omit<FitOptions, 'onEpoch'> {
  readonly variant: VariantName;
  readonly positions: string;
  readonly out: string;
  /** The starting weights (both variants; the other variant's are written unchanged). */
  readonly init: string;
}

/** Fits one variant's weights to a positions file and writes a weights file; returns the exit code. */
export function runTune(
  options: TuneOptions,
  argv: readonly string[],
  printError: (line: string) => void,
): number {
  const initial = loadWeightsFor('--init', options.init, options.out, printError);
  if (typeof initial === 'number') return initial;
  let text: string;
  try {
    text = readFileSync(options.positions, 'utf8');
  } catch (error) {
    printError(`error: cannot read '${options.positions}': ${(error as Error).message}`);
    return 1;
  }
  const positions = parsePositions(text, options.variant);
  if (!positions.ok) {
    printError(`error: ${options.positions}: ${positions.error.message}`);
    return 2;
  }
  if (positions.value.length === 0) {
    printError(`error: ${options.positions} holds no positions`);
    return 2;
  }
  const started = performance.now();
  const base = initial[options.variant];
  const set = buildTrainingSet(rulesFor(options.variant), positions.value, base.kingsOnlyDrawDivisor); // prettier-ignore
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  printError(`${set.count} positions, features worked out in ${seconds()} s`);
  const fitted = fitWeights(set, base, {
    ...options,
    onEpoch: (epoch, loss) => printError(`epoch ${epoch}/${options.epochs}: loss ${loss.toFixed(6)} (${seconds()} s)`), // prettier-ignore
  });
  // The starting file's own story comes first: the other variant's weights are its.
  const { about: before } = JSON.parse(readFileSync(resolveEvalFile(options.init), 'utf8')) as { about?: string }; // prettier-ignore
  const about =
    (before === undefined ? '' : `${before} Then `) +
    `${options.variant} fitted by: ${commandText(argv)} ` +
    `(${set.count} positions, K ${fitted.k.toFixed(1)}, loss ${fitted.lossBefore.toFixed(6)} to ${fitted.lossAfter.toFixed(6)})`; // prettier-ignore
  const weights = { ...initial, [options.variant]: fitted.weights };
  writeFileSync(options.out, formatEvalWeights(weights, about));
  printError(`K ${fitted.k.toFixed(1)}; loss ${fitted.lossBefore.toFixed(6)} -> ${fitted.lossAfter.toFixed(6)}; wrote ${options.out} in ${seconds()} s`); // prettier-ignore
  return 0;
}
