/**
 * A command's output into a closed pipe (`tama --help | head -1`, `tama perft 12 | head`):
 * the reader took what it wanted, so the command ends there, quietly and with exit 0, as
 * the protocol does when its reader goes (protocol/stdio.ts); any other fault in writing
 * stdout is one line on stderr and exit 1. Output lost on stderr is never reported.
 */

/** Ends the process at the first fault in writing stdout; ignores faults in writing stderr. */
export function endOnClosedOutput(): void {
  process.stdout.on('error', endAtOutputFault);
  process.stderr.on('error', () => {});
}

/** Ends the process: quietly with 0 when the reader has gone, else with the fault and 1. */
function endAtOutputFault(error: NodeJS.ErrnoException): never {
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`tama: cannot write output: ${error.message}\n`);
  process.exit(1);
}

/**
 * Writes `text` on stdout. A pipe whose reader has gone fails the write as it is made (the
 * stream holds the error when the call returns), so a command whose work holds the main
 * thread ends here, not only once its work is done and the error event gets its turn.
 */
export function writeOutput(text: string): void {
  process.stdout.write(text);
  const fault: NodeJS.ErrnoException | null = process.stdout.errored;
  if (fault !== null) endAtOutputFault(fault);
}
