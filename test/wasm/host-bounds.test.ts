/**
 * The host writes every area of the search module's memory only within the area's bounds
 * (the shared constants of src/search/module-constants.ts size both sides): what does not fit
 * is one clear error and nothing is written. The root status area lies just before the
 * network's input weights, so a status written past it would change the network's scores.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { rulesFor } from '../../src/core/variant.js';
import { MAX_GAME_PLIES, MAX_HIDDEN, MAX_MOVES, REDUCTION_ENTRIES, ROOT_SEARCHED } from '../../src/search/module-constants.js'; // prettier-ignore
import { DEFAULT_FEATURES } from '../../src/search/search.js';
import { SearchModule } from '../../src/search/search-wasm.js';
import { randomNetwork } from '../search/networks.js';

let module: SearchModule;
beforeEach(() => {
  const created = SearchModule.create();
  if (!created.ok) throw new Error(created.error.message);
  module = created.value;
  module.setRules(rulesFor('armenian'));
});

function beginSearch(gameKeys: Int32Array): void {
  module.beginSearch({ drawPlies: 100, nodeLimit: 1000, checkInterval: 1024, gameKeys, tablesPieces: 0, features: DEFAULT_FEATURES, threadIndex: 0, crumbs: false }); // prettier-ignore
}

describe("the host keeps to the module's areas", () => {
  it('writes the status of at most MAX_MOVES root moves, and the network after the area keeps its scores', () => {
    const network = randomNetwork('armenian', 3, 16);
    module.setNetwork(network);
    const start = Position.start('armenian');
    module.setPosition(0, start.state);
    const score = module.evaluateNetworkFresh(0);
    beginSearch(new Int32Array(0));
    const status = new Uint8Array(MAX_MOVES + 1).fill(0xff);
    expect(() => module.searchRoot(1, status, MAX_MOVES + 1)).toThrow(`the module holds the status of ${MAX_MOVES} root moves, not ${MAX_MOVES + 1}`); // prettier-ignore
    // The whole area, every move left out: the search finds nothing to search, the network is untouched.
    module.searchRoot(1, status, MAX_MOVES);
    module.setPosition(0, start.state);
    expect(module.evaluateNetworkFresh(0)).toBe(score);
    status.fill(ROOT_SEARCHED);
    expect(() => module.searchRoot(1, status, -1)).toThrow(/root moves, not -1/);
  });

  it('writes the keys of at most MAX_GAME_PLIES earlier positions', () => {
    module.setPosition(0, Position.start('armenian').state);
    expect(() => beginSearch(new Int32Array(2 * MAX_GAME_PLIES + 2))).toThrow(`the module holds the keys of ${MAX_GAME_PLIES} earlier positions, not ${MAX_GAME_PLIES + 1}`); // prettier-ignore
    expect(() => beginSearch(new Int32Array(3))).toThrow(/earlier positions, not 1.5/);
    expect(() => beginSearch(new Int32Array(2 * MAX_GAME_PLIES))).not.toThrow();
  });

  it('writes exactly REDUCTION_ENTRIES late move reductions', () => {
    expect(() => module.setReductions(new Int8Array(REDUCTION_ENTRIES + 1))).toThrow(`the module holds ${REDUCTION_ENTRIES} late move reductions, not ${REDUCTION_ENTRIES + 1}`); // prettier-ignore
    expect(() => module.setReductions(new Int8Array(REDUCTION_ENTRIES))).not.toThrow();
  });

  it('writes networks of 1 to MAX_HIDDEN units whose weights have their shape', () => {
    const network = randomNetwork('armenian', 4, 16);
    expect(() => module.setNetwork({ ...network, hidden: MAX_HIDDEN + 8 })).toThrow(`the module holds networks of 1 to ${MAX_HIDDEN} hidden units, not ${MAX_HIDDEN + 8}`); // prettier-ignore
    expect(() => module.setNetwork({ ...network, hidden: 24 })).toThrow('a network of 24 hidden units has weights of another shape'); // prettier-ignore
    expect(() => module.setNetwork(network)).not.toThrow();
  });
});
