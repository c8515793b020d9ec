/**
 * The search's info channel on Node: a message reaches its listener without Node making a
 * MessageEvent, whose first use loads Node's fetch library on the main thread (half a
 * second on a loaded machine), during which the first search's isready and stop waited.
 * Run in a fresh process of the build, where nothing else has loaded that library yet.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const CHANNEL = new URL('../../dist/src/engine/info-channel.js', import.meta.url).href;
const SEARCH_WORKER = new URL('../../dist/src/engine/search-worker.js', import.meta.url).href;

it("hands over the lines and the end without loading Node's fetch library", () => {
  const script = `
    const { InfoChannel } = await import(${JSON.stringify(CHANNEL)});
    const { DONE } = await import(${JSON.stringify(SEARCH_WORKER)});
    const got = [];
    const channel = new InfoChannel((info) => got.push(info.depth));
    channel.port.postMessage({ depth: 3, multipv: 1, pv: [11, 12, 13] });
    channel.port.postMessage(DONE);
    await channel.finished;
    channel.close();
    const fetchLoaded = process.moduleLoadList.some((name) => name.includes('undici'));
    console.log(JSON.stringify({ got, latest: channel.latest, fetchLoaded }));
  `;
  const cwd = fileURLToPath(new URL('../..', import.meta.url));
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8' }); // prettier-ignore
  expect(JSON.parse(output)).toEqual({ got: [3], latest: [11, 12], fetchLoaded: false });
});
