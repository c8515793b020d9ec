import { describe, expect, it } from 'vitest';
import { listCapped, QUOTE_CHARS, quote } from '../../src/core/quote.js';

describe('quoting input in errors', () => {
  it('quotes short text whole, on one line', () => {
    expect(quote('c3-c5')).toBe("'c3-c5'");
    expect(quote('a\nb\tc')).toBe("'a b c'");
  });

  it('quotes long text by its first characters and its size in bytes', () => {
    const text = 'x'.repeat(100_000);
    const quoted = quote(text);
    expect(quoted).toBe(`'${'x'.repeat(QUOTE_CHARS)}...' (100,000 bytes)`);
    expect(quote('é'.repeat(300))).toMatch(/\(600 bytes\)$/);
  });

  it('cuts a long list after its first items and says how many more', () => {
    expect(listCapped(['a', 'b'])).toBe('a, b');
    const moves = Array.from({ length: 30 }, (_, i) => `m${i}`);
    expect(listCapped(moves, 5)).toBe('m0, m1, m2, m3, m4, ... (25 more)');
  });
});
