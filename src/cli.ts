/**
 * The `tama` command. With no subcommand it speaks the text protocol on stdin/stdout;
 * subcommands run perft, bench and matches. Wiring only: the work lives in the layers.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { runBenchCommand } from './commands/bench.js';
import { runPerftCommand } from './commands/perft.js';
import { BENCH_DEPTH, BENCH_HASH_MB } from './search/bench.js';
import { runProtocolLoop } from './protocol/stdio.js';
import { VARIANT_NAMES } from './core/variant.js';

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

const program = new Command();
program
  .name('tama')
  .description('Tama, an engine for Armenian draughts. Without a command: the text protocol.')
  .version('0.1.0')
  .showHelpAfterError()
  .action(() => runProtocolLoop());

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
  .action(async (depth: number, options) => {
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
  .option('--json', 'print one JSON object instead of text')
  .action((options) => {
    runBenchCommand(
      options,
      (line) => process.stdout.write(line + '\n'),
      (line) => process.stderr.write(line + '\n'),
    );
  });

await program.parseAsync(process.argv);
