/**
 * The `tama` command line (commander): the protocol by default, and the perft, bench, match
 * and match-openings commands. Each command loads its code only when it runs.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { MATCH_HELP } from './match-help.js';
import { VARIANT_NAMES } from '../core/variant.js';
import { BENCH_DEPTH, BENCH_HASH_MB } from '../search/bench-settings.js';
import type { PerftOptions } from './perft.js';
import type { BenchCommandOptions } from './bench.js';
import type { MatchOpeningsOptions } from './match-openings.js';

// Each command loads its code when it runs, so that the protocol starts quickly.

/** Reads a whole number within [min, max] from an option or argument. */
export function integerIn(min: number, max: number) {
  return (text: string): number => {
    if (!/^\d+$/.test(text.trim())) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    }
    const value = Number(text);
    if (value < min || value > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    }
    return value;
  };
}

/** Parses the command line (`argv` as in process.argv) and runs the command it names. */
export async function runCommandLine(argv: readonly string[]): Promise<void> {
  const program = new Command();
  program
    .name('tama')
    .description('Tama, an engine for Armenian draughts. Without a command: the text protocol.')
    .version('0.1.0')
    .showHelpAfterError()
    .action(async () => (await import('../protocol/stdio.js')).runProtocolLoop());

  program
    .command('perft')
    .description('count the leaves of the legal-move tree, depth by depth')
    .argument('<depth>', 'plies to count (1-20)', integerIn(1, 20))
    .option('--fen <text>', 'the position text (default: the start position)')
    .addOption(
      new Option('--variant <name>', 'rules to play').choices(VARIANT_NAMES).default('armenian'),
    )
    .option('--divide', 'leaves below each root move, at the given depth only')
    .option('--threads <n>', 'worker threads (1-256)', integerIn(1, 256), 1)
    .option('--json', 'print one JSON object instead of text')
    .action(async (depth: number, options: Omit<PerftOptions, 'depth'>) => {
      const { runPerftCommand } = await import('./perft.js');
      const code = await runPerftCommand({ depth, ...options }, (line) =>
        process.stdout.write(line + '\n'),
      );
      process.exitCode = code;
    });

  program
    .command('bench')
    .description('search the bench positions to a fixed depth: the node count is the signature')
    .option('--depth <n>', 'search depth (1-30)', integerIn(1, 30), BENCH_DEPTH)
    .option(
      '--hash <mb>',
      'transposition table size in MiB (1-8192)',
      integerIn(1, 8192),
      BENCH_HASH_MB,
    )
    .addOption(
      new Option('--variant <name>', 'rules to play').choices(VARIANT_NAMES).default('armenian'),
    )
    .option(
      '--threads <n>',
      'search threads; 1 gives the deterministic signature (1-256)',
      integerIn(1, 256),
      1,
    )
    .option('--json', 'print one JSON object instead of text')
    .action(async (options: BenchCommandOptions) => {
      const { runBenchCommand } = await import('./bench.js');
      process.exitCode = await runBenchCommand(
        options,
        (line) => process.stdout.write(line + '\n'),
        (line) => process.stderr.write(line + '\n'),
      );
    });

  program
    .command('match')
    .description('play games between engines and report W/D/L, Elo, SPRT; writes PDN')
    .usage('--engine cmd=CMD [key=value ...] --engine cmd=CMD [...] [settings]')
    .argument('[settings...]', 'the match settings below (read by src/match/match-args.ts)')
    .allowUnknownOption()
    .allowExcessArguments()
    .addHelpText('after', MATCH_HELP)
    .action(async (settings: string[]) => {
      const { runMatchCommand } = await import('./match.js');
      process.exitCode = await runMatchCommand(settings, (line) =>
        process.stdout.write(line + '\n'),
      );
    });

  program
    .command('match-openings')
    .description('write a file of balanced openings (random plies from the start) for tama match')
    .addOption(
      new Option('--variant <name>', 'rules to play').choices(VARIANT_NAMES).default('armenian'),
    )
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
    .option('--check-depth <n>', 'plies of the material check, 0 = off (0-4)', integerIn(0, 4), 2)
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
    .action(async (options: MatchOpeningsOptions) => {
      const { runMatchOpeningsCommand } = await import('./match-openings.js');
      process.exitCode = await runMatchOpeningsCommand(options, (line) =>
        process.stdout.write(line + '\n'),
      );
    });

  await program.parseAsync(argv);
}
