/**
 * The review's evaluator over an engine process (the command line's transport): the engine
 * is started once, told the variant, and asked `position ...` / `go nodes N` for each
 * position; its lines are read by the SearchReader that the page's evaluator uses too.
 */
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import {
  EngineProcess,
  type EngineCommand,
  type EngineIdentity,
} from '../engine-client/engine-process.js';
import { prepareEngine } from '../engine-client/supervisor.js';
import {
  SearchReader,
  searchLines,
  type Evaluation,
  type EvaluationRequest,
  type Evaluator,
  type EvaluatorErrorCode,
} from './evaluator.js';

/** Time a new engine may take to answer `uci` and `isready`. */
const STARTUP_MS = 30_000;
/**
 * Silence allowed for `readyok`, and the stall period of a search (search-watch.ts: a
 * search of a node budget, however long, goes on while the engine answers the pings).
 */
const STALL_MS = 60_000;

/** Where the engine's lines go: the reader of the search under way, if any. */
interface LineRoute {
  reader?: SearchReader;
}

/** An Evaluator over one engine process started from a command line. */
export class ProcessEvaluator implements Evaluator {
  private variant: VariantName | undefined;

  private constructor(
    private readonly process: EngineProcess,
    /** What the engine said about itself. */
    readonly identity: EngineIdentity,
    private readonly route: LineRoute,
  ) {}

  /** Starts the engine and shakes hands; a failure says why it would not start. */
  static async start(command: EngineCommand): Promise<Result<ProcessEvaluator, 'engine-failed'>> {
    const route: LineRoute = {};
    const process = new EngineProcess(command, 'engine');
    process.onLine((line) => route.reader?.info(line));
    const hello = await prepareEngine(process, { startupMs: STARTUP_MS });
    if (!hello.ok) {
      process.kill();
      return fail('engine-failed', `the engine did not start: ${hello.error.message}`);
    }
    return ok(new ProcessEvaluator(process, hello.value, route));
  }

  /** `ucinewgame` and `isready`. */
  async newGame(): Promise<Result<void, EvaluatorErrorCode>> {
    const failure = await this.process.newGame(STALL_MS);
    return failure === undefined ? ok(undefined) : fail('engine-failed', failure.message);
  }

  async evaluate(
    request: EvaluationRequest,
    signal?: AbortSignal,
  ): Promise<Result<Evaluation, EvaluatorErrorCode>> {
    if (signal?.aborted) return fail('aborted', 'the review was cancelled');
    if (request.variant !== this.variant) {
      const set = await this.setVariant(request.variant);
      if (!set.ok) return set;
    }
    const reader = new SearchReader();
    this.route.reader = reader;
    const onAbort = () => this.process.send('stop');
    signal?.addEventListener('abort', onAbort);
    const [position, go] = searchLines(request);
    const outcome = await this.process.search(position, go, undefined, STALL_MS);
    signal?.removeEventListener('abort', onAbort);
    this.route.reader = undefined;
    if (signal?.aborted) return fail('aborted', 'the review was cancelled');
    if (outcome.kind === 'failure') {
      return fail('engine-failed', `the engine failed: ${outcome.failure.message}`);
    }
    return reader.finish(outcome.move);
  }

  /** Quits the engine (killing it if it does not leave within a second). */
  async close(): Promise<void> {
    await this.process.quit(1000);
  }

  /** `setoption name Variant` when the engine has the option, checked by `isready`. */
  private async setVariant(variant: VariantName): Promise<Result<void, EvaluatorErrorCode>> {
    const declared = this.identity.options.some((name) => name.toLowerCase() === 'variant');
    if (declared) this.process.setOption('Variant', variant);
    else if (variant !== 'armenian') {
      return fail('engine-error', `the engine has no Variant option; it cannot review ${variant} games`); // prettier-ignore
    }
    const answer = await this.process.readyWithErrors(STALL_MS);
    if (!answer.ok) return fail('engine-failed', `the engine failed: ${answer.error.message}`);
    if (answer.value.length > 0) return fail('engine-error', `the engine refused the variant: ${answer.value.join('; ')}`); // prettier-ignore
    this.variant = variant;
    return ok(undefined);
  }
}
