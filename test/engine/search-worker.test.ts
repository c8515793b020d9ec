/**
 * A search thread keeps what it was given while it stays the same: the module's instance over
 * the engine's memory across games and searches (a new Hash or Threads makes a new one), its
 * own memory where memory is not shared, and the evaluation, taken only when its generation
 * changes. The worker's functions run here in the test's thread, so that spies see them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Position } from '../../src/core/position.js';
import { DEFAULT_OPTION_VALUES } from '../../src/engine/options.js';
import { SearchData } from '../../src/engine/search-data.js';
import type { SearchTask } from '../../src/engine/search-worker.js';
import { nowMs, SearchControl } from '../../src/search/control.js';
import { searchMemoryLayout } from '../../src/search/search-wasm.js';
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import { tableBytes } from '../../src/search/tt.js';

type Search = (task: SearchTask) => { nodes: number };

/**
 * The worker's search function, loaded afresh (a thread that has held nothing yet), with
 * spies on its module's instantiations and its copies of a network into the module.
 */
async function newThread() {
  vi.resetModules();
  const worker = await import('../../src/engine/search-worker.js');
  const { SearchModule } = await import('../../src/search/search-wasm.js');
  const instances = vi.spyOn(SearchModule, 'create');
  const networks = vi.spyOn(SearchModule.prototype, 'setNetwork');
  return { search: worker.default as Search, instances, networks };
}

/** A search task to depth `depth` from the start, as the engine sends its main thread one. */
function taskOf(data: SearchData, newGame: boolean, depth = 5): SearchTask {
  return {
    ...data.forTask(),
    state: Position.start().state,
    variant: 'armenian',
    gameKeys: [],
    limits: { depth },
    settings: { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }, // prettier-ignore
    ttAge: 0,
    controlBuffer: SearchControl.create(1).buffer,
    threads: 1,
    newGame,
  };
}

/** A new game and a search in it: its nodes. */
function playGame(search: Search, data: SearchData, depth = 5): number {
  data.clearTable();
  return search(taskOf(data, true, depth)).nodes;
}

const fresh = () => new SearchData({ ...DEFAULT_OPTION_VALUES, hash: 1 });

describe('a search thread made once', () => {
  afterEach(() => vi.restoreAllMocks());

  it('instantiates the module and copies the network in once over five games, each from an empty table', async () => {
    const { search, instances, networks } = await newThread();
    const data = fresh();
    const nodes = Array.from({ length: 5 }, () => playGame(search, data));
    expect(instances).toHaveBeenCalledTimes(1);
    expect(networks).toHaveBeenCalledTimes(1);
    // Each game searches the same tree: its table was emptied, not left from the last game.
    expect(new Set(nodes).size).toBe(1);
    // A second search of one game finds the first one's entries: fewer nodes.
    expect(search(taskOf(data, false)).nodes).toBeLessThan(nodes[0]);
    expect(instances).toHaveBeenCalledTimes(1);
  });

  it('where memory is not shared: one memory of its own, emptied in place at each new game', async () => {
    const { search, instances } = await newThread();
    const data = fresh();
    const layout = searchMemoryLayout(1, tableBytes(1));
    if (!layout.ok) throw new Error(layout.error.message);
    const unshared = (newGame: boolean): SearchTask => ({ ...taskOf(data, newGame), memory: { memory: null, layout: layout.value } }); // prettier-ignore
    const nodes: number[] = [];
    for (let game = 0; game < 4; game++) {
      data.clearTable();
      nodes.push(search(unshared(true)).nodes);
    }
    expect(instances).toHaveBeenCalledTimes(1);
    expect(new Set(nodes).size).toBe(1);
    expect(search(unshared(false)).nodes).toBeLessThan(nodes[0]);
  });

  it('a new Hash or Threads: a new instance over the new memory, searching as a new thread would', async () => {
    const { search, instances } = await newThread();
    const data = fresh();
    playGame(search, data);
    expect(data.resizeHash(2).ok).toBe(true);
    const resized = playGame(search, data, 6);
    expect(instances).toHaveBeenCalledTimes(2);
    expect(data.setThreads(2).ok).toBe(true);
    const rethreaded = playGame(search, data, 6);
    expect(instances).toHaveBeenCalledTimes(3);
    const layouts = instances.mock.calls.map(([memory]) => (memory as { layout: { regions: number; tableBytes: number } }).layout); // prettier-ignore
    expect(layouts.map((layout) => [layout.regions, layout.tableBytes])).toEqual([
      [1, tableBytes(1)],
      [1, tableBytes(2)],
      [2, tableBytes(2)],
    ]);
    // The same searches by threads that never held another memory.
    const other = fresh();
    expect(other.resizeHash(2).ok).toBe(true);
    expect(playGame((await newThread()).search, other, 6)).toBe(resized);
    expect(other.setThreads(2).ok).toBe(true);
    expect(playGame((await newThread()).search, other, 6)).toBe(rethreaded);
  });

  it('another EvalFile: taken once, at the next search, which then searches as with it from the start', async () => {
    const { search, networks } = await newThread();
    const data = fresh();
    const network = playGame(search, data);
    expect(data.useEvalFile('data/eval-weights.json').ok).toBe(true);
    const linear = playGame(search, data);
    playGame(search, data);
    expect(linear).not.toBe(network);
    expect(networks).toHaveBeenCalledTimes(1);
    const other = fresh();
    expect(other.useEvalFile('data/eval-weights.json').ok).toBe(true);
    expect(playGame((await newThread()).search, other)).toBe(linear);
    // Back to the networks: the new generation's network is copied in, once.
    expect(data.useEvalFile('data/network-armenian.json').ok).toBe(true);
    expect(playGame(search, data)).toBe(network);
    playGame(search, data);
    expect(networks).toHaveBeenCalledTimes(2);
  });

  it('a task without the evaluation of a generation the thread does not hold is refused, saying so', async () => {
    const { search } = await newThread();
    const data = fresh();
    const task = { ...taskOf(data, true), evaluation: undefined };
    expect(() => search(task)).toThrow('the search thread was sent no evaluation for generation 0');
    // The generation it holds needs none.
    expect(search(taskOf(data, true)).nodes).toBeGreaterThan(0);
    expect(search({ ...taskOf(data, false), evaluation: undefined }).nodes).toBeGreaterThan(0);
  });
});

describe('the evaluation the engine sends', () => {
  it('has its networks over shared memory, so a task carries them to a thread without a copy', () => {
    const { evaluation } = fresh().forTask();
    const networks = Object.values(evaluation?.networks ?? {});
    expect(networks).toHaveLength(2);
    for (const network of networks) {
      for (const array of [network.inputWeights, network.inputBias, network.outputWeights]) {
        expect(Object.prototype.toString.call(array.buffer)).toBe('[object SharedArrayBuffer]');
      }
    }
  });
});
