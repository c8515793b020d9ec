/**
 * Breadcrumbs (src/wasm/search.ts, in the search memory's shared areas): near the root a
 * thread marks the nodes it searches, and a thread at a node another has marked reduces its
 * late moves one ply more. On one thread there are none, so the bench signature stays what
 * it was. The control block's crumbs (search/control.ts) are emptied with it for each search.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { KEY_HI, KEY_LO } from '../../src/core/state.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { CRUMB_SLOTS } from '../../src/search/module-constants.js';
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import { crumbsOf, sharedMemory, threadOver } from './engine.js';

const root = Position.start();
const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore

/**
 * Thread 0's nodes to depth 7 with a control block of `threads`, over a shared memory of two
 * thread regions; `othersThere`: thread 2 has left a crumb at every position one move from the
 * root. The crumbs as the search left them.
 */
function nodesToDepth(
  threads: number,
  othersThere: boolean,
): { nodes: number; crumbs: Int32Array } {
  const control = SearchControl.create(threads);
  const memory = sharedMemory(2);
  const crumbs = crumbsOf(memory);
  if (othersThere) {
    for (const legal of legalMoves(root)) {
      const child = root.clone();
      child.play(legal.move, legal.capturedLo, legal.capturedHi);
      const slot = 2 * (child.state[KEY_HI] & (CRUMB_SLOTS - 1));
      crumbs[slot] = 2;
      crumbs[slot + 1] = child.state[KEY_LO];
    }
  }
  const { searcher } = threadOver(memory, control);
  const { nodes } = searcher.search(root, [], { depth: 7 }, settings, () => {});
  return { nodes, crumbs };
}

describe('breadcrumbs', () => {
  it('make a thread at a node another thread is searching reduce its late moves more', () => {
    const alone = nodesToDepth(2, false);
    const shared = nodesToDepth(2, true);
    expect(shared.nodes).toBeLessThan(alone.nodes);
  });

  it('are taken back when the thread leaves the node: none of its own are left', () => {
    const owners = (crumbs: Int32Array) => crumbs.filter((_, i) => i % 2 === 0);
    expect(owners(nodesToDepth(2, false).crumbs).every((owner) => owner === 0)).toBe(true);
    const left = owners(nodesToDepth(2, true).crumbs).filter((owner) => owner !== 0);
    expect(left.length).toBe(legalMoves(root).length);
    expect(left.every((owner) => owner === 2)).toBe(true);
  });

  it('are not used on one thread', () => {
    expect(nodesToDepth(1, true).nodes).toBe(nodesToDepth(1, false).nodes);
    expect(nodesToDepth(1, false).crumbs.every((word) => word === 0)).toBe(true);
    expect(nodesToDepth(1, false).nodes).toBe(nodesToDepth(2, false).nodes);
  });

  it('are cleared for each search', () => {
    const control = SearchControl.create(2);
    control.crumbs.fill(7);
    control.reset(false);
    expect(control.crumbs.every((word) => word === 0)).toBe(true);
  });
});
