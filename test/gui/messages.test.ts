/** The server's reading of page messages: every field checked, every refusal explained. */
import { describe, expect, it } from 'vitest';
import { goLines, MAX_MESSAGE_LENGTH, parseClientMessage } from '../../src/gui/messages.js';

const go = {
  type: 'go',
  id: 1,
  variant: 'armenian',
  moves: ['c3-c4', 'f6-f5', 'g3xg5xe5'],
  limits: { wtime: 1000, btime: 2000, winc: 10, binc: 10 },
  skillLevel: 4,
  multiPV: 1,
};

describe('parseClientMessage', () => {
  it('accepts a go, a stop and a new game', () => {
    const parsed = parseClientMessage(JSON.stringify(go));
    expect(parsed).toEqual({ ok: true, value: { ...go, fen: undefined } });
    expect(parseClientMessage('{"type":"stop"}')).toEqual({ ok: true, value: { type: 'stop' } });
    expect(parseClientMessage('{"type":"newgame"}').ok).toBe(true);
  });

  it.each([
    ['not JSON', '{type', 'message is not JSON'],
    ['an array', '[1]', 'message must be a JSON object'],
    ['an unknown type', '{"type":"quit"}', 'unknown message type "quit"'],
    ['no type', '{}', 'unknown message type null'],
    ['an extra field', '{"type":"stop","now":1}', "stop: unknown field 'now'"],
    ['a bad id', JSON.stringify({ ...go, id: -1 }), 'go: id must be a whole number'],
    ['a bad variant', JSON.stringify({ ...go, variant: 'chess' }), 'go: variant must be one of armenian, turkish'], // prettier-ignore
    ['a protocol line in a move', JSON.stringify({ ...go, moves: ['c3-c4\nquit'] }), 'go: move 1 is not move text'], // prettier-ignore
    ['a command in the position', JSON.stringify({ ...go, fen: 'W:Wa2:Ba7\ngo infinite' }), 'go: fen must be position text like W:Wa2,Kd4:Ba6'], // prettier-ignore
    ['a fractional limit', JSON.stringify({ ...go, limits: { movetime: 1.5 } }), 'go: limit movetime must be a whole number from 0 to 2147483647'], // prettier-ignore
    ['no limit', JSON.stringify({ ...go, limits: {} }), 'go: give at least one limit'],
    ['an unknown limit', JSON.stringify({ ...go, limits: { mate: 3 } }), "go limits: unknown field 'mate'"], // prettier-ignore
    ['a skill out of range', JSON.stringify({ ...go, skillLevel: 11 }), 'go: skillLevel must be a whole number from 0 to 10'], // prettier-ignore
    ['too many lines', JSON.stringify({ ...go, multiPV: 9 }), 'go: multiPV must be a whole number from 1 to 8'], // prettier-ignore
    ['an engine command', JSON.stringify({ ...go, engine: 'rm -rf /' }), "go: unknown field 'engine'"], // prettier-ignore
  ])('refuses %s', (_, text, message) => {
    const parsed = parseClientMessage(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error.message).toBe(message);
  });

  it('refuses an oversized message before reading it', () => {
    const parsed = parseClientMessage(' '.repeat(MAX_MESSAGE_LENGTH + 1));
    expect(!parsed.ok && parsed.error.code).toBe('too-long');
  });
});

describe('goLines', () => {
  it('turns a go into options, a position and a go command', () => {
    const parsed = parseClientMessage(JSON.stringify({ ...go, fen: 'B:Wa2:Ba7' }));
    if (!parsed.ok || parsed.value.type !== 'go') throw new Error('expected a go');
    expect(goLines(parsed.value)).toEqual([
      'setoption name Variant value armenian',
      'setoption name Skill Level value 4',
      'setoption name MultiPV value 1',
      'position fen B:Wa2:Ba7 moves c3-c4 f6-f5 g3xg5xe5',
      'go wtime 1000 btime 2000 winc 10 binc 10',
    ]);
  });
});
