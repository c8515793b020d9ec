/**
 * The protocol's input cut into lines: the line breaks Node's readline knows, wherever the
 * chunks of input end, and a line over MAX_LINE_BYTES handed on as one over-long line, by
 * its start and size, without being held; the lines after it are whole.
 */
import { describe, expect, it } from 'vitest';
import { LineSplitter, MAX_LINE_BYTES } from '../../src/protocol/lines.js';

/** What a splitter hands on for `chunks`, then the end of input. */
function split(chunks: readonly (string | Buffer)[]): string[] {
  const got: string[] = [];
  const splitter = new LineSplitter({
    line: (text) => got.push(text),
    overLong: (start, bytes) => got.push(`over-long ${bytes}: ${start.slice(0, 8)}`),
  });
  for (const chunk of chunks) splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk); // prettier-ignore
  splitter.end();
  return got;
}

describe('the protocol input', () => {
  it.each([
    ['\\n', ['isready\nd\n'], ['isready', 'd']],
    ['\\r\\n', ['isready\r\nd\r\n'], ['isready', 'd']],
    ['\\r alone', ['isready\rd\r'], ['isready', 'd']],
    ['\\r\\n cut between chunks', ['isready\r', '\nd\n'], ['isready', 'd']],
    ['a line cut between chunks', ['is', 're', 'ady\n'], ['isready']],
    ['empty lines', ['\n\nd\n'], ['', '', 'd']],
    ['a last line without its break', ['d\nquit'], ['d', 'quit']],
    ['a character cut between chunks', [Buffer.from('é\n').subarray(0, 1), Buffer.from('é\n').subarray(1)], ['é']], // prettier-ignore
  ])('is cut into lines at %s', (_name, chunks, lines) => {
    expect(split(chunks)).toEqual(lines);
  });

  it('hands on a line over the most bytes as one over-long line, and the lines after it whole', () => {
    const piece = 'x'.repeat(64 * 1024);
    const pieces = Array.from({ length: MAX_LINE_BYTES / piece.length + 3 }, () => piece);
    const bytes = pieces.length * piece.length + 'go '.length;
    expect(split(['isready\ngo ', ...pieces, '\nd\n'])).toEqual(['isready', `over-long ${bytes}: go xxxxx`, 'd']); // prettier-ignore
  });

  it('keeps a line of exactly the most bytes', () => {
    const longest = 'x'.repeat(MAX_LINE_BYTES);
    expect(split([longest, '\n', 'x', longest, '\n'])).toEqual([longest, `over-long ${MAX_LINE_BYTES + 1}: xxxxxxxx`]); // prettier-ignore
  });
});
