/** `tama perft D --db URL`: the tree cut into subtree jobs that workers count; exact total. */
import { missingPackagesLine } from '../campaign/packages.js';
import type { Position } from '../core/position.js';

/** Queues the subtrees, waits for the workers, prints the total; returns the exit code. */
export async function runDistributedPerft(
  position: Position,
  depth: number,
  db: string,
  json: boolean | undefined,
  print: (line: string) => void,
  printError: (line: string) => void,
): Promise<number> {
  const missing = missingPackagesLine('perft --db', { client: true, embedded: false });
  if (missing !== undefined) {
    printError(missing);
    return 1;
  }
  const { connect } = await import('../campaign/connect.js');
  const { createPerftCampaign, waitForPerft } = await import('../campaign/manage.js');
  const connection = await connect({ db }, false, printError);
  if (!connection.ok) {
    printError(`error: ${connection.error.message}`);
    return 1;
  }
  const { store, queue } = connection.value;
  const interrupted = new AbortController();
  const onSignal = () => interrupted.abort();
  process.on('SIGINT', onSignal);
  try {
    const started = performance.now();
    const created = await createPerftCampaign(store, queue, position, depth);
    printError(
      `Perft campaign ${created.id}: ${created.subtrees} subtrees in ${created.jobs} jobs; ` +
        `workers count them (tama worker --db URL)`,
    );
    const total = await waitForPerft(
      store,
      created.id,
      (done, all) => printError(`subtrees counted: ${done} of ${all}`),
      interrupted.signal,
    );
    if (!total.ok) {
      printError(`error: ${total.error.message}`);
      return 1;
    }
    const seconds = (performance.now() - started) / 1000;
    if (json) {
      print(JSON.stringify({ fen: position.toString(), variant: position.rules.name, depth, nodes: Number(total.value), campaign: created.id, seconds })); // prettier-ignore
    } else print(`Nodes searched: ${total.value}`);
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    await connection.value.close();
  }
}
