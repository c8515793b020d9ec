/**
 * The `tama` command line (commander): the protocol by default, and the perft, bench, match,
 * match-openings, tune-data, tune, train, gui, egdb, analyse and puzzles commands. Each command loads its code only when it runs.
 *
 * Exit codes, the same for every command: 0 success, 1 failure at run time (an engine that
 * would not start, a file that cannot be written), 2 bad usage (an unknown command or option,
 * a value out of range, bad position text); a long command stopped by SIGINT or SIGTERM
 * exits 130 or 143 (commands/interrupt.ts).
 */
import { Command, CommanderError, Option } from 'commander';
import { addCampaignCommands, MISSING_PACKAGES } from './campaign.js';
import { addPuzzlesCommands } from './puzzles-command.js';
import { endOnClosedOutput, writeOutput } from './closed-pipe.js';
import { decimalIn, integerIn } from './integers.js';
import type { GuiOptions } from './gui.js';
import { MATCH_HELP } from './match-help.js';
import { VARIANT_NAMES } from '../core/variant.js';
import { variantOption } from './variant-option.js';
import { MAX_PERFT_HASH_MB } from '../core/perft-table.js';
import { HASH_RANGE } from '../engine/option-ranges.js';
import { MAX_THREADS } from '../engine/options.js';
import { MAX_COMMAND_PERFT_DEPTH } from '../protocol/commands.js';
import { BENCH_DEPTH, BENCH_HASH_MB } from '../search/bench-settings.js';
import type { PerftOptions } from './perft.js';
import type { BenchCommandOptions } from './bench.js';
import type { MatchOpeningsOptions } from './match-openings.js';
import type { EgdbBuildArgs, EgdbProbeArgs, EgdbVerifyArgs } from './egdb.js';
import type { TrainOptions, TuneDataOptions, TuneOptions } from './tune.js';
import type { AnalyseOptions } from './analyse.js';
import { DEFAULT_REVIEW_NODES } from '../analyse/settings.js';

// Each command loads its code when it runs, so that the protocol starts quickly.

/** The exit code of bad usage. */
export const USAGE_ERROR = 2;

/** The line printed under a usage error: where the command's help is. */
function helpHint(command?: string): string {
  return `(run 'tama ${command === undefined ? '' : command + ' '}--help' for usage and examples)`;
}

/** Prints lines on stdout. */
function print(line: string): void {
  writeOutput(line + '\n');
}

/** Prints lines on stderr. */
function printError(line: string): void {
  process.stderr.write(line + '\n');
}

/** Sets the exit code a command returned; a usage error also says where the help is. */
function finish(command: string, code: number): void {
  if (code === USAGE_ERROR) printError(helpHint(command));
  process.exitCode = code;
}

const ROOT_HELP = `
Without a command, tama speaks its text protocol (UCI-like) on stdin and stdout: see
protocol.md. A GUI should start it as "node bin/tama.js" or "npx tama" (not "npm start",
whose banner lines would reach the GUI).

Variants: ${VARIANT_NAMES.join(', ')} (--variant, or "setoption name Variant value ...").

Exit codes: 0 success, 1 failure at run time, 2 bad usage (130, 143: stopped by SIGINT, SIGTERM).

Examples:
  tama perft 6                      leaf counts of the Armenian start position to depth 6
  tama bench                        the search's node-count signature
  tama help match                   the match settings
  tama analyse games.pdn            a game review of every game, as annotated PDN
  tama puzzles mine games.pdn --out p.jsonl   puzzles from the games' positions
`;

/** Parses the command line (`argv` as in process.argv) and runs the command it names. */
export async function runCommandLine(argv: readonly string[]): Promise<void> {
  endOnClosedOutput();
  const program = new Command();
  program
    .name('tama')
    .description(
      'Tama, an engine for Armenian and Turkish draughts. Without a command: the text protocol.',
    ) // prettier-ignore
    .version('0.1.0')
    .exitOverride()
    .showHelpAfterError(helpHint())
    .addHelpText('after', ROOT_HELP);

  addPerftCommand(program);
  addBenchCommand(program);
  addMatchCommand(program);
  addMatchOpeningsCommand(program);
  addTuneDataCommand(program);
  addTuneCommand(program);
  addTrainCommand(program);
  addGuiCommand(program);
  addCampaignCommands(program);
  addEgdbCommands(program);
  addAnalyseCommand(program);
  addPuzzlesCommands(program, { print, printError, finish, helpHint });

  // `tama help frob` is answered as `tama frob`: an unknown command, with a suggestion.
  const words = argv.slice(2);
  if (words[0] === 'help' && words.length > 1 && !program.commands.some((c) => c.name() === words[1])) words.shift(); // prettier-ignore
  try {
    await program.parseAsync(words, { from: 'user' });
  } catch (error) {
    // Commander has printed the message (and the hint); help and --version exit 0. A command
    // whose database packages are missing has said so: a failure at run time.
    if (!(error instanceof CommanderError)) throw error;
    if (error.code === MISSING_PACKAGES) process.exitCode = 1;
    else process.exitCode = error.exitCode === 0 ? 0 : USAGE_ERROR;
  }
}

/** `tama perft`: leaf counts of the move tree. */
function addPerftCommand(program: Command): void {
  program
    .command('perft')
    .description('count the leaves of the legal-move tree, depth by depth')
    .showHelpAfterError(helpHint('perft'))
    .argument(
      '<depth>',
      `plies to count (1-${MAX_COMMAND_PERFT_DEPTH})`,
      integerIn(1, MAX_COMMAND_PERFT_DEPTH),
    )
    .option('--fen <text>', 'the position text (default: the start position)')
    .addOption(variantOption())
    .option('--divide', 'leaves below each root move, at the given depth only')
    .option(`--threads <n>`, `worker threads (1-${MAX_THREADS})`, integerIn(1, MAX_THREADS), 1)
    .option('--json', 'print one JSON object instead of text')
    .option(
      '--hash <mb>',
      `MiB of subtree counts, so that transpositions are counted once (1-${MAX_PERFT_HASH_MB})`,
      integerIn(1, MAX_PERFT_HASH_MB),
    )
    .option('--db <url>', 'count on the job queue of this PostgreSQL: workers count the subtrees')
    .option(
      '--no-wasm',
      'count with the TypeScript generator the search uses, not its WebAssembly build',
    )
    .addHelpText(
      'after',
      `
Examples:
  tama perft 6                                  Armenian start position, depths 1 to 6
  tama perft 7 --variant turkish --threads 2    Turkish, on two worker threads
  tama perft 9 --hash 1024                      Armenian depth 9 through 1 GiB of subtree counts
  tama perft 7 --no-wasm                        counted by the TypeScript generator alone
  tama perft 3 --divide --fen "W:Wd4,Kh2:Be5,f6"
                                                leaves below each root move at depth 3`,
    )
    .action(async (depth: number, options: Omit<PerftOptions, 'depth'>) => {
      const { runPerftCommand } = await import('./perft.js');
      finish('perft', await runPerftCommand({ depth, ...options }, print, printError));
    });
}

/** `tama bench`: the fixed search and its node-count signature. */
function addBenchCommand(program: Command): void {
  program
    .command('bench')
    .description('search the bench positions to a fixed depth: the node count is the signature')
    .showHelpAfterError(helpHint('bench'))
    .option('--depth <n>', 'search depth (1-30)', integerIn(1, 30), BENCH_DEPTH)
    .option(
      '--hash <mb>',
      `transposition table size in MiB (${HASH_RANGE.min}-${HASH_RANGE.max})`,
      integerIn(HASH_RANGE.min, HASH_RANGE.max),
      BENCH_HASH_MB,
    )
    .addOption(variantOption())
    .option(
      '--threads <n>',
      `search threads; 1 gives the deterministic signature (1-${MAX_THREADS})`,
      integerIn(1, MAX_THREADS),
      1,
    )
    .option('--json', 'print one JSON object instead of text')
    .addHelpText(
      'after',
      `
Examples:
  tama bench                       the signature: "Nodes searched" at depth ${BENCH_DEPTH}
  tama bench --threads 2 --json    speed on two search threads, as JSON`,
    )
    .action(async (options: BenchCommandOptions) => {
      const { runBenchCommand } = await import('./bench.js');
      finish('bench', await runBenchCommand(options, print, printError));
    });
}

/** `tama match`: games between engines (its settings are parsed by match-args.ts). */
function addMatchCommand(program: Command): void {
  program
    .command('match')
    .description('play games between engines and report W/D/L, Elo, SPRT; writes PDN')
    .showHelpAfterError(helpHint('match'))
    .usage('--engine cmd=CMD [key=value ...] --engine cmd=CMD [...] [settings]')
    .argument('[settings...]', 'the match settings below')
    .allowUnknownOption()
    .allowExcessArguments()
    .addHelpText('after', MATCH_HELP)
    .action(async (settings: string[]) => {
      const { runMatchCommand } = await import('./match.js');
      finish('match', await runMatchCommand(settings, print, printError));
    });
}

/** `tama match-openings`: a file of balanced openings. */
function addMatchOpeningsCommand(program: Command): void {
  program
    .command('match-openings')
    .description('write a file of balanced openings (random plies from the start) for tama match')
    .showHelpAfterError(helpHint('match-openings'))
    .addOption(variantOption())
    .option('--count <n>', 'distinct openings to write (1-100000)', integerIn(1, 100_000), 600)
    .option('--min-plies <n>', 'fewest random plies from the start (1-60)', integerIn(1, 60), 6)
    .option('--max-plies <n>', 'most random plies from the start (1-60)', integerIn(1, 60), 8)
    .option('--seed <n>', 'seed of the random games (0-4294967295)', integerIn(0, 4294967295), 1)
    .option(
      '--mobility-gap <n>',
      "largest difference of the two sides' move counts",
      integerIn(0, 1000),
      4,
    )
    .addOption(
      new Option('--format <kind>', 'position text or moves from the start')
        .choices(['fen', 'moves'])
        .default('fen'),
    )
    .option('--engine <cmd>', 'also require an engine score near 0 (a command line)')
    .option('--depth <n>', 'search depth for --engine (1-64)', integerIn(1, 64), 8)
    .option(
      '--margin <cp>',
      'largest |score| in cp for --engine (0-10000)',
      integerIn(0, 10000),
      30,
    )
    .option('--out <file>', 'write the file here instead of printing it')
    .addHelpText(
      'after',
      `
The file starts with '#' lines giving the command and seed that reproduce it.

Examples:
  tama match-openings --count 600 --out my-openings.txt
  tama match-openings --variant turkish --seed 7 --engine "node bin/tama.js" --depth 6 \\
    --out turkish.txt`,
    )
    .action(async (options: MatchOpeningsOptions) => {
      const { runMatchOpeningsCommand } = await import('./match-openings.js');
      finish('match-openings', await runMatchOpeningsCommand(options, print, printError));
    });
}

/** `tama tune-data`: training positions from PDN games. */
function addTuneDataCommand(program: Command): void {
  program
    .command('tune-data')
    .description(
      'training positions for tama tune: quiet positions of PDN games with their results',
    )
    .showHelpAfterError(helpHint('tune-data'))
    .argument('[pdn...]', 'PDN files of finished games (tama match --pgnout)')
    .addOption(variantOption('rules of the games'))
    .option('--out <file>', 'the positions file to write')
    .option(
      '--shards <dir>',
      "with --campaign: add the positions the folder's shards lack as new training shards",
    )
    .option('--skip-plies <n>', "plies of each game's start left out (0-200)", integerIn(0, 200), 8)
    .option(
      '--eval <file>',
      'weights that score the capture lines followed',
      'data/eval-weights.json',
    )
    .option(
      '--campaign <id>',
      'instead of PDN files: the positions a data campaign stored (tama campaign data)',
      integerIn(1, 2 ** 31 - 1),
    )
    .option('--db <url>', 'with --campaign: a shared PostgreSQL (postgres://...)')
    .option('--data-dir <dir>', 'with --campaign: the embedded PostgreSQL data directory')
    .addHelpText(
      'after',
      `
Every position of each finished game (after --skip-plies) is followed along the capture
line the quiescence search would play; the quiet end of it (no capture for either side) is
kept once, labelled with the game's result. The file: '#' lines, then "result position"
lines (the result for White: 1, 0.5 or 0), written once every file is read: Ctrl-C or
SIGTERM stops it between games, saying how far it read, and writes nothing (exit 130 or
143). See docs/evaluation.md.

With --campaign ID, the positions a data campaign's workers stored (already quiet, with the
search's score as a third field, in centi-men from the side to move's view) are written
instead, each once; --skip-plies and --eval do not apply. With --shards DIR instead of
--out, they are added to the repository's training data (data/train/VARIANT): new
compressed shards of at most 500,000 positions, each with a manifest naming the command,
the engine's build, the node budget and the seed, holding only the positions that the
folder's shards do not hold yet. See docs/network.md.

Example:
  tama match --engine cmd="node bin/tama.js" --engine cmd="node bin/tama.js" --each nodes=3000 \\
    --games 6000 --variant turkish --pgnout games.pdn
  tama tune-data --variant turkish --out positions.txt games.pdn
  tama tune-data --campaign 3 --out positions-armenian.txt
  tama tune-data --campaign 3 --shards data/train/armenian`,
    )
    .action(async (files: string[], options: TuneDataOptions, command: Command) => {
      const { runTuneData, runTuneDataCampaign } = await import('./tune.js');
      if ((options.out === undefined) === (options.shards === undefined)) {
        printError('error: give --out FILE, or --shards DIR with --campaign ID');
        return finish('tune-data', USAGE_ERROR);
      }
      if (options.campaign === undefined) {
        if (options.out === undefined) {
          printError('error: --shards writes the positions of a data campaign: give --campaign ID');
          return finish('tune-data', USAGE_ERROR);
        }
        if (files.length === 0) {
          printError('error: give PDN files, or --campaign ID for the positions of a data campaign'); // prettier-ignore
          return finish('tune-data', USAGE_ERROR);
        }
        return finish('tune-data', await runTuneData(files, { ...options, out: options.out }, process.argv, printError)); // prettier-ignore
      }
      const variantGiven = command.getOptionValueSource('variant') === 'cli';
      // prettier-ignore
      finish('tune-data', await runTuneDataCampaign(files, { ...options, campaign: options.campaign, variantGiven }, process.argv, printError));
    });
}

/** `tama tune`: evaluation weights fitted to training positions. */
function addTuneCommand(program: Command): void {
  program
    .command('tune')
    .description("fit one variant's evaluation weights to training positions (tama tune-data)")
    .showHelpAfterError(helpHint('tune'))
    .addOption(variantOption('the variant whose weights are fitted'))
    .option('--positions <file>', 'training positions (tama tune-data)')
    .option('--data <dir...>', 'training shards: every shard of these folders (data/train/VARIANT)')
    .requiredOption('--out <file>', 'the weights file to write')
    .option(
      '--init <file>',
      'starting weights (the other variant is copied)',
      'data/eval-weights.json',
    ) // prettier-ignore
    .option('--epochs <n>', 'passes over the positions (1-100000)', integerIn(1, 100_000), 40)
    .option('--batch <n>', 'positions per step (1-10000000)', integerIn(1, 10_000_000), 4096)
    .option('--rate <x>', "Adam's step size in centi-men (falls to a tenth)", decimalIn(0, 1000), 1) // prettier-ignore
    .option('--l2 <x>', 'L2 pull of the non-material weights towards --init', decimalIn(0, 1), 1e-6)
    .option('--seed <n>', 'seed of the order of the positions', integerIn(0, 4294967295), 1)
    .option(
      '--k <x>',
      'the score scale K (default: fitted to the starting weights)',
      decimalIn(1, 100_000),
    ) // prettier-ignore
    .addHelpText(
      'after',
      `
Minimises the cross-entropy of each position's game result against sigmoid(score / K)
with Adam, K fitted first; progress on stderr. The file written holds both variants:
the fitted one, and the other as --init has it. Ctrl-C or SIGTERM stops it after the step
under way, saying the epochs fitted, and writes nothing (exit 130 or 143). See
docs/evaluation.md.

Example:
  tama tune --variant turkish --positions positions.txt --out weights.json --seed 1`,
    )
    .action((options: TuneOptions) => {
      return import('./tune.js').then(async ({ runFit, runTune }) =>
        finish('tune', await runFit(runTune, options, process.argv, printError)),
      );
    });
}

/** `tama train`: an evaluation network trained on training positions. */
function addTrainCommand(program: Command): void {
  program
    .command('train')
    .description("train one variant's evaluation network on training positions (tama tune-data)")
    .showHelpAfterError(helpHint('train'))
    .addOption(variantOption('the variant whose network is trained'))
    .option('--positions <file>', 'training positions (tama tune-data)')
    .option('--data <dir...>', 'training shards: every shard of these folders (data/train/VARIANT)')
    .requiredOption('--out <file>', 'the network file to write')
    .option(
      '--init <file>',
      'linear weights that score the positions for the targets',
      'data/eval-weights.json',
    ) // prettier-ignore
    .option('--hidden <n>', 'hidden units a side (8-512)', integerIn(8, 512), 32)
    .option('--epochs <n>', 'passes over the positions (1-100000)', integerIn(1, 100_000), 30)
    .option('--batch <n>', 'positions per step (1-10000000)', integerIn(1, 10_000_000), 256)
    .option('--rate <x>', "Adam's step size (falls to a tenth)", decimalIn(0, 1), 0.002)
    .option(
      '--lambda <x>',
      'weight of the game result in the target (the rest: the linear score)',
      decimalIn(0, 1),
      0.5,
    ) // prettier-ignore
    .option(
      '--holdout <x>',
      'share of the positions (the last ones) held out',
      decimalIn(0, 0.9),
      0.1,
    ) // prettier-ignore
    .option(
      '--seed <n>',
      'seed of the first weights and the order of the positions',
      integerIn(0, 4294967295),
      1,
    ) // prettier-ignore
    .addOption(
      new Option(
        '--target-score <source>',
        "the score in the target: the linear evaluation's, or the search's that the data carries",
      )
        .choices(['linear', 'search'])
        .default('linear'),
    ) // prettier-ignore
    .option('--no-mirror', "train without each position's mirror image (files a-h reversed)")
    .option(
      '--threads <n>',
      'threads sharing each step (1-64); the same seed and threads give the same network',
      integerIn(1, 64),
      1,
    )
    .addHelpText(
      'after',
      `
Trains a network (256 inputs a side, --hidden units, clipped ReLU) in floating point with
Adam on the cross-entropy against lambda * result + (1 - lambda) * sigmoid(score / K), the
score being the linear evaluation's or (--target-score search) the search's from the data,
reports the held-out loss each epoch on stderr, then quantises it and writes a network
file that the EvalFile option loads. Ctrl-C or SIGTERM stops it after the step under way,
saying the epochs trained, and writes nothing (exit 130 or 143). See docs/network.md.

Example:
  tama train --variant armenian --positions positions.txt --out network-armenian.json --seed 1
  tama train --variant armenian --data data/train/armenian --out network-armenian.json`,
    )
    .action((options: TrainOptions) => {
      return import('./tune.js').then(async ({ runFit, runTrain }) =>
        finish('train', await runFit(runTrain, options, process.argv, printError)),
      );
    });
}

/** `tama gui`: the page to play in the browser. */
function addGuiCommand(program: Command): void {
  program
    .command('gui')
    .description('play in the browser: serve the page and one engine per tab')
    .option(
      '--port <n>',
      'port to listen on; 0 picks a free one (0-65535)',
      integerIn(0, 65535),
      8080,
    )
    .option(
      '--host <address>',
      'address or name to listen on; other than loopback exposes it (0.0.0.0: every interface)',
      '127.0.0.1',
    )
    .option('--engine <cmd>', 'the engine each tab gets, a command line (default: this tama)')
    .option('--max-tabs <n>', 'tabs (engine processes) at once (1-64)', integerIn(1, 64), 4)
    .option('--open', 'open the page in the default browser')
    .addHelpText(
      'after',
      '\nThe server answers only to the names it listens on (against DNS rebinding): localhost,\n' +
        "127.x.x.x and [::1], the --host given, and with --host 0.0.0.0 or :: this machine's\n" +
        'interface addresses, each with its port; any other Host is refused (421). To use a\n' +
        'name on your network, give it: --host my-box.lan.\n' +
        '\nExample:\n  tama gui --open\n  tama gui --port 9000 --engine "node other-engine.js"',
    )
    .action(async (options: GuiOptions) => {
      const { runGuiCommand } = await import('./gui.js');
      finish('gui', await runGuiCommand(options, print, printError));
    });
}

/** `tama egdb build`, `verify` and `probe`: endgame databases. */
function addEgdbCommands(program: Command): void {
  const egdb = program
    .command('egdb')
    .description('endgame databases: build them by retrograde analysis, probe a position');
  egdb
    .command('build')
    .description('solve every position of up to N pieces and write the tables (resumable)')
    .showHelpAfterError(helpHint('egdb build'))
    .addOption(variantOption())
    .option('--pieces <n>', 'most pieces on the board (2-5)', integerIn(2, 5), 4)
    .option('--out <dir>', 'database folder', 'egdb')
    .option(`--threads <n>`, `worker threads (1-${MAX_THREADS})`, integerIn(1, MAX_THREADS), 1)
    .option('--unit <signature>', 'only this unit and the units it needs, e.g. KMvKKM')
    .addHelpText(
      'after',
      `
Examples:
  tama egdb build --pieces 4 --threads 2            Armenian tables of up to 4 pieces in egdb/
  tama egdb build --variant turkish --out /data/egdb
  tama egdb build --unit KMvKKM --threads 2         one 5-piece unit and what it needs`,
    )
    .action(async (options: EgdbBuildArgs) => {
      const { runEgdbBuild } = await import('./egdb.js');
      finish('egdb build', await runEgdbBuild(options, print, printError));
    });
  egdb
    .command('verify')
    .description('check built tables against their own moves, one ply deep')
    .showHelpAfterError(helpHint('egdb verify'))
    .addOption(variantOption())
    .option('--pieces <n>', 'most pieces on the board (2-5)', integerIn(2, 5), 4)
    .option('--path <dir>', 'database folder', 'egdb')
    .option('--unit <signature>', 'only this unit, e.g. KMvKKM')
    .addHelpText(
      'after',
      `
Examples:
  tama egdb verify --pieces 3                       every unit of up to 3 pieces in egdb/
  tama egdb verify --unit KKvKM --path /data/egdb   one unit`,
    )
    .action(async (options: EgdbVerifyArgs) => {
      const { runEgdbVerify } = await import('./egdb.js');
      finish('egdb verify', runEgdbVerify(options, print, printError));
    });
  egdb
    .command('probe')
    .description('the database value of a position, its distance and the best moves')
    .showHelpAfterError(helpHint('egdb probe'))
    .argument('<position...>', 'position text, e.g. W:WKa1,Kh8:BKd5')
    .addOption(variantOption())
    .option('--path <dir>', 'database folder', 'egdb')
    .addHelpText(
      'after',
      `
Examples:
  tama egdb probe W:WKa1,Kh8:BKd5                   value, distance and every move's value
  tama egdb probe --variant turkish --path /data/egdb B:WKa1:BKa5,d4`,
    )
    .action(async (words: string[], options: EgdbProbeArgs) => {
      const { runEgdbProbe } = await import('./egdb.js');
      finish('egdb probe', runEgdbProbe(words.join(' '), options, print, printError));
    });
}

/** `tama analyse`: a game review of every game of a PDN file, as annotated PDN. */
function addAnalyseCommand(program: Command): void {
  program
    .command('analyse')
    .description('review every game of a PDN file: scores, ?! ? ?? marks, better moves, as PDN')
    .showHelpAfterError(helpHint('analyse'))
    .argument('<pdn>', 'the PDN file of the games')
    .option(
      '--nodes <n>',
      'node budget of each position (1-1000000000)',
      integerIn(1, 1_000_000_000),
      DEFAULT_REVIEW_NODES,
    )
    .addOption(
      new Option('--variant <name>', "rules of the games (default: each game's Variant tag)").choices(VARIANT_NAMES), // prettier-ignore
    )
    .option('--out <file>', 'write the annotated PDN here instead of stdout')
    .option('--engine <cmd>', 'the engine that reviews, a command line (default: this tama)')
    .addHelpText(
      'after',
      `
Every position of every game is searched to the node budget; each move is judged by how
much of its side's expected score it gave away against the engine's best move:
inaccuracy ?!, mistake ?, blunder ?? (thresholds in docs/analyse.md). Each move gets a
comment with the score after it from White's view, and a marked move the better move.
Progress goes to stderr; Ctrl-C stops after writing the games already done (exit 130).

Examples:
  tama analyse games.pdn --out annotated.pdn
  tama analyse games.pdn --nodes 20000 --variant turkish --engine "node other-engine.js"`,
    )
    .action(async (file: string, options: AnalyseOptions) => {
      const { runAnalyseCommand } = await import('./analyse.js');
      finish('analyse', await runAnalyseCommand(file, options, print, printError));
    });
}
