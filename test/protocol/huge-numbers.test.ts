/**
 * Numbers past any range in `go` limits and option values, through the built `tama`: the
 * error or warning quotes the text as given (at most QUOTE_CHARS characters of it), never a
 * float's rounding such as `1e+23` or `Infinity`, and states the range.
 */
import { describe, expect, it } from 'vitest';
import { QUOTE_CHARS } from '../../src/core/quote.js';
import { engineStarter } from './tama-process.js';

const start = engineStarter();
const HUGE = '99999999999999999999999';
/** 100,000 digits: quoted by the first QUOTE_CHARS and the count. */
const ENDLESS = '9'.repeat(100_000);

describe('numbers past every range', () => {
  it('are refused or clamped naming the text as given and the range', async () => {
    const engine = start();
    const from = engine.lines.length;
    engine.send(
      'go depth 1e999',
      'go perft 1e999',
      'go perft',
      `bench ${HUGE}`,
      'go movetime',
      `setoption name MultiPV value ${HUGE}`,
      `setoption name Move Overhead value -${HUGE}`,
      `setoption name Hash value ${HUGE}`,
      `setoption name Threads value ${ENDLESS}`,
    );
    const ready = await engine.sync();
    const replies = engine.since(from).slice(0, ready - from);
    expect(replies).toEqual([
      "info string error: go depth: expected a whole number from 1 to 100, got '1e999'",
      "info string error: go perft needs one depth from 1 to 20, got '1e999'",
      'info string error: go perft needs one depth from 1 to 20, got none',
      `info string error: bench takes an optional depth from 1 to 30, got '${HUGE}'`,
      'info string error: go movetime: expected a whole number from 0 to 1000000000000, got none',
      `info string error: option MultiPV must be from 1 to 64, got ${HUGE}`,
      `info string error: option Move Overhead must be from 0 to 5000, got -${HUGE}`,
      `info string warning: option Hash clamped to 2048, got ${HUGE}: the search's WebAssembly memory holds at most 2048 MiB of table`, // prettier-ignore
      expect.stringMatching(new RegExp(`^info string error: option Threads must be from 1 to \\d+, got 9{${QUOTE_CHARS}}\\.\\.\\. \\(100000 digits\\)$`)), // prettier-ignore
    ]);
    for (const line of replies) expect(line).not.toMatch(/e\+|Infinity/);
  });

  it.each([
    ['nodes of 23 digits', `nodes ${HUGE}`, `go nodes ${HUGE} is out of range (1 to 1000000000000000); using 1000000000000000`], // prettier-ignore
    ['depth of 100,000 digits', `depth ${ENDLESS}`, `go depth ${'9'.repeat(QUOTE_CHARS)}... (100000 digits) is out of range (1 to 100); using 100`], // prettier-ignore
    ['movetime below the range', `movetime -${HUGE}`, `go movetime -${HUGE} is out of range (0 to 1000000000000); using 0`], // prettier-ignore
  ])(
    'go with %s: a warning with the number as given, then one bestmove',
    async (_, limits, warning) => {
      const engine = start();
      const from = engine.lines.length;
      engine.send('position startpos', `go ${limits}`, 'stop');
      const best = await engine.waitFor(/^bestmove /, from);
      expect(engine.since(from).slice(0, best - from)).toContain(`info string warning: ${warning}`);
    },
  );
});
