/** The server's reading of page messages: every field checked, every refusal explained. */
import { describe, expect, it } from 'vitest';
import {
  checkGoGame,
  goLines,
  MAX_MESSAGE_LENGTH,
  parseClientMessage,
  type GoMessage,
} from '../../src/gui/messages.js';
import { findOption } from '../../src/engine/options.js';

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
    ['an unknown type', '{"type":"quit"}', "unknown message type 'quit'"],
    ['no type', '{}', "unknown message type 'null'"],
    ['an extra field', '{"type":"stop","now":1}', "stop: unknown field 'now'"],
    ['a bad id', JSON.stringify({ ...go, id: -1 }), 'go: id must be a whole number'],
    ['a bad variant', JSON.stringify({ ...go, variant: 'chess' }), 'go: variant must be one of armenian, turkish'], // prettier-ignore
    ['a protocol line in a move', JSON.stringify({ ...go, moves: ['c3-c4\nquit'] }), 'go: move 1 is not move text'], // prettier-ignore
    ['a command in the position', JSON.stringify({ ...go, fen: 'W:Wa2:Ba7\ngo infinite' }), 'go: fen must be position text like W:Wa2,Kd4:Ba6'], // prettier-ignore
    ['a fractional limit', JSON.stringify({ ...go, limits: { movetime: 1.5 } }), 'go: limit movetime must be a whole number from 0 to 2147483647'], // prettier-ignore
    ['no limit', JSON.stringify({ ...go, limits: {} }), 'go: give at least one limit'],
    ['an unknown limit', JSON.stringify({ ...go, limits: { mate: 3 } }), "go limits: unknown field 'mate'"], // prettier-ignore
    ['a skill out of range', JSON.stringify({ ...go, skillLevel: 11 }), 'go: skillLevel must be a whole number from 0 to 10'], // prettier-ignore
    ['too many lines', JSON.stringify({ ...go, multiPV: 65 }), 'go: multiPV must be a whole number from 1 to 64'], // prettier-ignore
    ['an engine command', JSON.stringify({ ...go, engine: 'rm -rf /' }), "go: unknown field 'engine'"], // prettier-ignore
  ])('refuses %s', (_, text, message) => {
    const parsed = parseClientMessage(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error.message).toBe(message);
  });

  it("accepts every skill level and line count the engine's option table accepts", () => {
    for (const name of ['Skill Level', 'MultiPV']) {
      const option = findOption(name);
      if (option?.type !== 'spin') throw new Error(`${name} is not a spin option`);
      const field = name === 'MultiPV' ? 'multiPV' : 'skillLevel';
      for (const value of [option.min, option.max]) {
        expect(parseClientMessage(JSON.stringify({ ...go, [field]: value })).ok).toBe(true);
      }
      for (const value of [option.min - 1, option.max + 1]) {
        expect(parseClientMessage(JSON.stringify({ ...go, [field]: value })).ok).toBe(false);
      }
    }
  });

  it.each([
    ['a type', { type: 'x'.repeat(60_000) }, "unknown message type 'xxx"],
    ['a field', { type: 'stop', ['x'.repeat(60_000)]: 1 }, "stop: unknown field 'xxx"],
    ['a go field', { ...go, ['x'.repeat(60_000)]: 1 }, "go: unknown field 'xxx"],
    ['a limit', { ...go, limits: { ['x'.repeat(60_000)]: 1 } }, "go limits: unknown field 'xxx"],
  ])('quotes at most 200 characters of %s it does not know, then its size', (_, message, start) => {
    const parsed = parseClientMessage(JSON.stringify(message));
    const error = parsed.ok ? '' : parsed.error.message;
    expect(error.startsWith(start)).toBe(true);
    expect(error.endsWith(`${'x'.repeat(10)}...' (60,000 bytes)`)).toBe(true);
    expect(error.length).toBeLessThan(260);
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

describe('checkGoGame', () => {
  const message = (fields: Partial<GoMessage>): GoMessage => {
    const parsed = parseClientMessage(JSON.stringify({ ...go, ...fields }));
    if (!parsed.ok || parsed.value.type !== 'go') throw new Error('expected a go');
    return parsed.value;
  };

  it('replays the game with the rules of its variant', () => {
    const checked = checkGoGame(message({ moves: ['c3-c4', 'f6-f5'] }));
    expect(checked.ok && checked.value.game.position.toString()).toBe(
      'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,d3,e3,f3,g3,h3,c4:Bf5,a6,b6,c6,d6,e6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
    );
    const turkish = checkGoGame(message({ variant: 'turkish', moves: ['c3-d4'] }));
    expect(!turkish.ok && turkish.error).toEqual({
      code: 'bad-game',
      message: expect.stringMatching(/^go: turkish game refused: move 1 of the list: illegal move 'c3-d4'/), // prettier-ignore
    });
  });

  it('refuses a position the rules core cannot read', () => {
    const checked = checkGoGame(message({ fen: 'W:Wa2:Ba2', moves: [] }));
    expect(!checked.ok && checked.error.message).toMatch(/^go: armenian game refused: bad position text: /); // prettier-ignore
  });

  it('replays only the new moves of a continued game, and all of another one', () => {
    const first = checkGoGame(message({ moves: ['c3-d4'] }));
    if (!first.ok) throw new Error(first.error.message);
    const next = checkGoGame(message({ moves: ['c3-d4', 'f6-f5'] }), first.value);
    expect(next.ok && next.value.game.moves).toEqual(['c3-d4', 'f6-f5']);
    // The same moves under other rules or from another position are read afresh.
    const turkish = checkGoGame(message({ variant: 'turkish', moves: ['c3-d4', 'f6-f5'] }), first.value); // prettier-ignore
    expect(turkish.ok).toBe(false);
    const elsewhere = checkGoGame(message({ fen: 'W:Wc3:Bf6', moves: ['c3-d4', 'f6-f5'] }), first.value); // prettier-ignore
    expect(elsewhere.ok && elsewhere.value.game.position.toString()).toBe('W:Wd4:Bf5');
    // The game it continued from is left as it was.
    expect(first.value.game.moves).toEqual(['c3-d4']);
  });
});
