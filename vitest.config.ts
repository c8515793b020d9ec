import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two test files at once even on two cores: most files wait on child processes (engines, a
 * browser, PostgreSQL) much of the time, so a second file fills the wait.
 */
const MAX_WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    maxWorkers: MAX_WORKERS,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
