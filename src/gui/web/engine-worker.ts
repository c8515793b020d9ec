/**
 * The engine in a browser: a Web Worker hosting the protocol session (protocol/session.ts)
 * and its engine, whose search threads are further workers (engine/web/threads.ts). Lines
 * in, lines out, exactly as on stdin and stdout (protocol.md): each message to the worker
 * is one input line, each message from it one output line. Before the first line is read,
 * the shipped weights file is fetched from beside the worker, so that `EvalFile` can name it.
 */
import '../../engine/web/shared-memory.js';
import { DEFAULT_EVAL_FILE, registerEvalFile } from '../../engine/web/eval-file.js';
import { Session } from '../../protocol/session.js';

/** Where the static build puts the shipped weights file, beside this worker. */
const WEIGHTS_URL = new URL('./eval-weights.json', import.meta.url);

const scope = globalThis as unknown as {
  postMessage(line: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
};

const session = new Session((line) => scope.postMessage(line));
const weightsLoaded = fetch(WEIGHTS_URL)
  .then((response) => (response.ok ? response.text() : undefined))
  .then(
    (text) => text !== undefined && registerEvalFile(DEFAULT_EVAL_FILE, text),
    () => {},
  );

scope.addEventListener('message', ({ data }) => {
  if (typeof data !== 'string') return;
  void weightsLoaded.then(() => session.receive(data));
});
void session.ended.then(() => scope.close());
