/**
 * The quick group: CI runs it on the second Node.js line (.ci/run), where the whole suite
 * would not fit in CI's time. One or a few files of each room, chosen to touch what a
 * runtime changes: the WebAssembly modules (perft's leaf counter, the search with SIMD),
 * worker threads, child processes speaking the protocol, the HTTP server, and the embedded
 * PostgreSQL with pg-boss and a real worker. Listed by name, so that what it runs is known.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export const QUICK_TESTS = [
  'test/core/movegen.test.ts',
  'test/core/game.test.ts',
  'test/wasm/perft-wasm.test.ts',
  'test/stats/stats.test.ts',
  'test/clock/time-control.test.ts',
  'test/pdn/pdn.test.ts',
  'test/engine-client/shell-words.test.ts',
  'test/engine-client/info.test.ts',
  'test/engine/options.test.ts',
  'test/search/eval.test.ts',
  'test/search/network.test.ts',
  'test/protocol/compliance.test.ts',
  'test/match/match-args.test.ts',
  'test/gui/hosts.test.ts',
  'test/gui/gui-command.test.ts',
  'test/campaign/job-ranges.test.ts',
  'test/campaign/allow.test.ts',
];

// The whole suite's settings with this list in place of its pattern (merging would add the two).
export default defineConfig({ ...base, test: { ...base.test, include: QUICK_TESTS } });
