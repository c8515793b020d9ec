/**
 * The engine in a browser: a Web Worker hosting the protocol session (protocol/session.ts)
 * and its engine, whose search threads are further workers (engine/web/threads.ts). Lines
 * in, lines out, exactly as on stdin and stdout (protocol.md): each message to the worker
 * is one input line, each message from it one output line. Before the first line is read,
 * the shipped evaluation files (linear weights and networks) are fetched from beside the
 * worker, so that `EvalFile` can name them (its default names the networks, which the
 * engine has built in), and the endgame tables the page stored are read (endgame-store.ts), so that
 * `EGDB Path egdb` can load them. The one message that is not a line,
 * READ_STORED_TABLES, reads the stored tables again (after the page downloaded them);
 * lines after it wait for it.
 */
import '../../engine/web/shared-memory.js';
import { registerEndgameFile } from '../../engine/web/endgame-folder.js';
import { SHIPPED_EVAL_FILES } from '../../engine/default-eval.js';
import { registerEvalFile } from '../../engine/web/eval-file.js';
import { Session } from '../../protocol/session.js';
import { fetchTableList, READ_STORED_TABLES, readStoredTables } from './endgame-store.js';

/** The build's folder, which the tables' paths are relative to. */
const BASE = new URL('./', import.meta.url);

const scope = globalThis as unknown as {
  postMessage(line: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
};

/** Registers the stored tables' files; a storage that cannot be read leaves none. */
async function readTables(): Promise<void> {
  const list = await fetchTableList(BASE);
  const files = list === undefined ? undefined : await readStoredTables(BASE, list).catch(() => undefined); // prettier-ignore
  for (const file of files ?? []) registerEndgameFile(file.path, file.bytes);
}

const session = new Session((line) => scope.postMessage(line));
/**
 * Registers a shipped evaluation file (`data/NAME`), which the static build puts beside
 * this worker (`./NAME`); one that cannot be fetched is not offered.
 */
async function readEvalFile(path: string): Promise<void> {
  const url = new URL(`./${path.slice(path.lastIndexOf('/') + 1)}`, import.meta.url);
  const response = await fetch(url).catch(() => undefined);
  const text = response?.ok === true ? await response.text().catch(() => undefined) : undefined;
  if (text !== undefined) registerEvalFile(path, text);
}

/** What must be done before the next line is read. */
let before: Promise<unknown> = Promise.all([...SHIPPED_EVAL_FILES.map(readEvalFile), readTables()]);

scope.addEventListener('message', ({ data }) => {
  if (typeof data === 'string') {
    // Not waiting for what the line starts: a `stop` must reach a running search.
    before = before.then(() => void session.receive(data));
  } else if ((data as { type?: unknown } | null)?.type === READ_STORED_TABLES.type) {
    before = before.then(readTables);
  }
});
void session.ended.then(() => scope.close());
