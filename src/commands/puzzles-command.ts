/** The `tama puzzles mine` and `tama puzzles check` commands' options and help (commander). */
import type { Command } from 'commander';
import { integerIn } from './integers.js';
import { variantOption } from './variant-option.js';
import { SETTING_RANGES } from '../puzzles/puzzle-file.js';
import type { PuzzlesCheckOptions, PuzzlesMineOptions } from './puzzles.js';

const span = ([min, max]: readonly [number, number]) => `${min}-${max}`;

/** What program.ts lends a command: its output and how it ends. */
export interface CommandIo {
  readonly print: (line: string) => void;
  readonly printError: (line: string) => void;
  readonly finish: (command: string, code: number) => void;
  readonly helpHint: (command: string) => string;
}

/** Adds `tama puzzles mine` and `tama puzzles check`. */
export function addPuzzlesCommands(program: Command, io: CommandIo): void {
  const puzzles = program
    .command('puzzles')
    .description('puzzles: positions where exactly one move wins');
  puzzles
    .command('mine')
    .description('search the positions of PDN games for puzzles and write a puzzle file')
    .showHelpAfterError(io.helpHint('puzzles mine'))
    .argument('<pdn...>', 'PDN files of games (tama match --pdnout, tama campaign export --pdn)')
    .requiredOption('--out <file>', 'the puzzle file to write (JSON Lines)')
    .addOption(variantOption('rules of the games'))
    .option(
      '--screen-nodes <n>',
      `node budget of the screen search (${span(SETTING_RANGES.screenNodes)})`,
      integerIn(...SETTING_RANGES.screenNodes),
      8000,
    ) // prettier-ignore
    .option(
      '--check-nodes <n>',
      `node budget of the check search (${span(SETTING_RANGES.checkNodes)})`,
      integerIn(...SETTING_RANGES.checkNodes),
      200_000,
    ) // prettier-ignore
    .option(
      '--max-solver-moves <n>',
      `most of the solver's moves in a line (${span(SETTING_RANGES.maxSolverMoves)})`,
      integerIn(...SETTING_RANGES.maxSolverMoves),
      5,
    ) // prettier-ignore
    .option(
      '--seed <n>',
      'seed of the order the positions are searched in',
      integerIn(...SETTING_RANGES.seed),
      1,
    ) // prettier-ignore
    .option(
      '--limit <n>',
      'stop after this many puzzles (default: search every position)',
      integerIn(1, 1_000_000),
    ) // prettier-ignore
    .option(
      '--branches',
      'also search every position one legal move away from a position of a game',
    )
    .option(
      '--hash <mb>',
      `the engine's Hash, cleared before every search (${span(SETTING_RANGES.hashMb)})`,
      integerIn(...SETTING_RANGES.hashMb),
      16,
    ) // prettier-ignore
    .option('--egdb <dir>', "the engine's EGDB Path: endgame tables that prove forced wins")
    .option('--engine <cmd>', 'the engine, a command line (default: this tama)')
    .addHelpText(
      'after',
      `
Every position with two legal moves or more is searched once, in the order the seed
gives, at the screen budget with MultiPV 2; where one move seems to win, a check at the
check budget decides: the best move wins (two men or more, or a forced win) and the second
best does not (half a man or less), and the move was found at least 2 depths before the
check's last. A material puzzle's line runs until two men are won on the board and no
capture is pending, and a material-only search must confirm it (no defence keeps the
gain, no other first move wins as much); a forced win's line goes on while the next move
is again the only winning one. Each puzzle records what it wins and a rating. The file is
written again after every puzzle; Ctrl-C or SIGTERM stops at once and keeps what was
found (exit 130, or 143 after SIGTERM). See docs/puzzles.md.

Examples:
  tama puzzles mine games.pdn --out puzzles.jsonl --limit 50
  tama puzzles mine a.pdn b.pdn --variant turkish --egdb dist/egdb-web --out p.jsonl`,
    )
    .action(async (files: string[], options: PuzzlesMineOptions) => {
      const { runPuzzlesMine } = await import('./puzzles.js');
      const commandLine = ['tama', ...process.argv.slice(2)].join(' ');
      io.finish('puzzles mine', await runPuzzlesMine(files, options, commandLine, io.printError));
    });
  puzzles
    .command('check')
    .description("search a puzzle file's puzzles again and confirm each has one winning move")
    .showHelpAfterError(io.helpHint('puzzles check'))
    .argument('<file>', 'a puzzle file (tama puzzles mine --out)')
    .option(
      '--sample <n>',
      'check only this many puzzles, drawn with --seed',
      integerIn(1, 1_000_000),
    ) // prettier-ignore
    .option('--seed <n>', "seed of the sample's draw", integerIn(0, 2 ** 32 - 1), 1)
    .option('--engine <cmd>', 'the engine, a command line (default: this tama)')
    .addHelpText(
      'after',
      `
Each material puzzle is first given the material check (its gain on the board within the
line, no other first move gaining as much); then each puzzle's position is searched with
the file's settings at its check budget: the line's first move must be the only winning
move, found at least 2 depths before the search's last. With the engine that made the
file, the depths come back the same. Exit 0 when every puzzle passed, 1 when one failed,
130 or 143 when stopped (Ctrl-C or SIGTERM, at once).

Examples:
  tama puzzles check data/puzzles-armenian.jsonl
  tama puzzles check data/puzzles-turkish.jsonl --sample 20 --seed 7`,
    )
    .action(async (file: string, options: PuzzlesCheckOptions) => {
      const { runPuzzlesCheck } = await import('./puzzles.js');
      io.finish('puzzles check', await runPuzzlesCheck(file, options, io.print, io.printError));
    });
}
