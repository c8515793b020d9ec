/** Shared pieces of the match-runner tests: fake engines and quick match settings. */
import type { EngineSettings } from '../../src/engine-client/engine-pool.js';
import type { MatchConfig, MatchIo } from '../../src/match/tournament.js';
import { DEFAULT_GAME_RULES } from '../../src/match/game.js';
import type { PlayerLimits } from '../../src/clock/time-control.js';
import { FIXTURES } from '../helpers.js';

/** Engine settings that run a fixture script with flags. */
export function fakeEngine(
  script: string,
  flags: readonly string[] = [],
  more: Partial<EngineSettings> = {},
): EngineSettings {
  return {
    command: { program: process.execPath, args: [`${FIXTURES}${script}.mjs`, ...flags] },
    options: [],
    limits: { depth: 1 } satisfies PlayerLimits,
    timeMarginMs: 0,
    stallMs: 10_000,
    startupMs: 30_000,
    restart: false,
    ...more,
  };
}

/** A small match configuration; tests override what they check. */
export function quickMatch(
  engines: readonly EngineSettings[],
  more: Partial<MatchConfig> = {},
): MatchConfig {
  return {
    engines,
    variant: 'armenian',
    tournament: 'round-robin',
    gamesPerPairing: 2,
    concurrency: 1,
    rules: { ...DEFAULT_GAME_RULES, maxPlies: 400 },
    event: 'test',
    ratingInterval: 0,
    ...more,
  };
}

/** Match I/O that keeps the printed lines. */
export function collectingIo(
  signal?: AbortSignal,
): MatchIo & { lines: string[]; warnings: string[] } {
  const lines: string[] = [];
  const warnings: string[] = [];
  return {
    lines,
    warnings,
    print: (line) => lines.push(line),
    warn: (line) => warnings.push(line),
    signal,
  };
}
