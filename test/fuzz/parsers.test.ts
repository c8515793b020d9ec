/**
 * The parsers' property tests, a short seeded run each (the long run is bench/fuzz.ts):
 * random and mutated input never throws across the boundary and always gets a clear result.
 */
import { describe, expect, it } from 'vitest';
import { parsePuzzleFile } from '../../src/puzzles/puzzle-file.js';
import { PARSER_PROPERTIES } from './parser-properties.js';

describe('the parsers under random and mutated input', () => {
  it.each(Object.keys(PARSER_PROPERTIES))('%s: a clear result, never a throw', (name) => {
    PARSER_PROPERTIES[name]({ seed: 4806, numRuns: 300 });
  });
});

describe('what the long run found', () => {
  it('a puzzle line of a carriage return and a NUL: a one-line error naming the file and line', () => {
    const parsed = parsePuzzleFile('\r\u0000', 'fuzz.jsonl');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.message).toMatch(/^fuzz\.jsonl: line 1: not JSON: '[^\r\n]*'$/);
  });
});
