/**
 * SIGINT and SIGTERM for the long commands: the first signal asks the command to stop, and
 * it ends reporting what it finished, with 128 + the signal's number as its exit code; a
 * command still running STOP_GRACE_MS later, or a second signal, prints what it has and
 * exits at once. Work on worker threads or in engine processes is stopped through them;
 * work on the main thread (the fits of tune and train, tune-data's games) gives the event
 * loop a turn now and then to hear the signal. Perft on one thread alone installs no
 * handler: its count holds the main thread, and the signal's default action ends it at
 * once, after the lines it printed for the depths it finished.
 */

/**
 * Set in the environment, the line LISTENING_LINE goes to stderr once the handlers are in
 * place: for a supervisor (or a test) that must know a signal will be heard from now on.
 */
export const LISTENING_ENV = 'TAMA_SAY_LISTENING';
export const LISTENING_LINE = 'listening for SIGINT and SIGTERM';

/** How long a command has, once a signal came, to stop on its own. */
export const STOP_GRACE_MS = 1000;

/** The exit code of a command ended by a signal, as a shell reports it: 128 + its number. */
export const SIGNAL_EXIT_CODES: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = {
  SIGINT: 130,
  SIGTERM: 143,
};

export interface Interrupt {
  /** Aborted at the first signal. */
  readonly signal: AbortSignal;
  /** 130 after SIGINT, 143 after SIGTERM; undefined while none came. */
  readonly exitCode: number | undefined;
  /** Removes the handlers and the grace timer: the command has ended. */
  release(): void;
}

/**
 * Listens for SIGINT and SIGTERM until released. At the first, `stop` is called (and the
 * signal aborted); `report` prints what the command has when it must exit before ending.
 */
export function listenForInterrupt(
  stop: () => void = () => {},
  report: () => void = () => {},
): Interrupt {
  const controller = new AbortController();
  let exitCode: number | undefined;
  let grace: NodeJS.Timeout | undefined;
  const exitNow = (code: number) => {
    report();
    process.exit(code);
  };
  const onSignal = (name: 'SIGINT' | 'SIGTERM') => {
    if (exitCode !== undefined) return exitNow(exitCode);
    exitCode = SIGNAL_EXIT_CODES[name];
    const code = exitCode;
    grace = setTimeout(() => exitNow(code), STOP_GRACE_MS);
    grace.unref();
    controller.abort();
    stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (process.env[LISTENING_ENV] !== undefined) process.stderr.write(`${LISTENING_LINE}\n`);
  return {
    signal: controller.signal,
    get exitCode() {
      return exitCode;
    },
    release() {
      clearTimeout(grace);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
