/**
 * The seeded random command stream of bench/soak.ts (its `commands` mode), kept short: a few
 * thousand commands sent without waiting, every reply checked against the order rule.
 */
import { describe, expect, it } from 'vitest';
import { runCommandStream } from '../../bench/command-stream.js';
import { TAMA } from '../protocol/tama-process.js';

describe('the command stream', () => {
  it('keeps every invariant over 2000 seeded commands', async () => {
    const report = await runCommandStream({
      engine: [process.execPath, TAMA],
      commands: 2000,
      seed: 11,
    });
    expect(report.violations).toEqual([]);
    expect(report.commands).toBe(2000);
    // The stream exercises both paths: searches accepted, and commands refused mid-search.
    expect(report.accepted).toBeGreaterThan(200);
    expect(report.refused).toBeGreaterThan(40);
    expect(report.bestMoves).toBe(report.accepted);
  }, 120_000);
});
