/** `tama match`: games between engines, with the settings of src/match/match-args.ts. */
import { parseMatchArguments } from '../match/match-args.js';
import { runMatch } from '../match/tournament.js';
import { listenForInterrupt } from './interrupt.js';

/**
 * Runs `tama match` with its raw settings; returns the exit code: 0 when the match ran
 * (or the SPRT stopped it), 130 or 143 when SIGINT or SIGTERM stopped it (the games in play
 * are abandoned, the finished ones reported), 1 when it could not begin, 2 for bad settings.
 */
export async function runMatchCommand(
  args: readonly string[],
  print: (line: string) => void,
  printError: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Promise<number> {
  const parsed = parseMatchArguments(args);
  if (!parsed.ok) {
    printError(`error: ${parsed.error.message}`);
    return 2;
  }
  const interrupt = listenForInterrupt(
    () => printError('Stopping the match (Ctrl-C again to quit at once)...'),
    () => printError('interrupted: the games finished are reported above'),
  );
  try {
    const result = await runMatch(parsed.value.config, {
      print,
      warn: printError,
      signal: interrupt.signal,
      keepGames: false,
      log: parsed.value.debug
        ? (label, direction, line) => printError(`${label} ${direction} ${line}`)
        : undefined,
    });
    if (!result.ok) {
      printError(`error: ${result.error.message}`);
      return 1;
    }
    return result.value.stopped === 'interrupted' ? (interrupt.exitCode ?? 130) : 0;
  } finally {
    interrupt.release();
  }
}
