import { describe, expect, it } from 'vitest';
import { splitCommandLine } from '../../src/engine-client/shell-words.js';

describe('splitCommandLine: an engine command is split like a shell line', () => {
  it.each([
    ['node bin/tama.js', ['node', 'bin/tama.js']],
    ['  node   bin/tama.js  --x ', ['node', 'bin/tama.js', '--x']],
    ['node "my dir/tama.js"', ['node', 'my dir/tama.js']],
    ['node \'a "b" c\'', ['node', 'a "b" c']],
    ['node "say \\"hi\\" \\\\ \\n"', ['node', 'say "hi" \\ \\n']],
    ['node my\\ dir/x.js', ['node', 'my dir/x.js']],
    ['a"b c"d', ['ab cd']],
    ['prog ""', ['prog', '']],
  ])('%s', (text, words) => {
    expect(splitCommandLine(text)).toEqual({ ok: true, value: words });
  });

  it.each([
    ['', 'empty-command'],
    ['   ', 'empty-command'],
    ['node "unclosed', 'unterminated-quote'],
    ["node 'unclosed", 'unterminated-quote'],
    ['node x\\', 'dangling-escape'],
  ])('rejects %j with %s', (text, code) => {
    const result = splitCommandLine(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
  });
});
