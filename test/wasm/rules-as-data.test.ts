/**
 * The rules reach the WebAssembly modules as data (core's rule record), never as a variant's
 * name: rule sets made for this test only, and shipped nowhere, are played by core, by the
 * reference generator of test/reference/ and by both modules (perft's counter and the
 * search's) alike. Each keeps the name of a shipped variant on purpose: a module that read
 * the name would play that variant's rules and fail here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { generateMoves, moveFrom, MoveList, moveTo } from '../../src/core/movegen.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { RULE_WORDS } from '../../src/core/rule-record.js';
import { ARMENIAN, compileRules, TURKISH, type Rules } from '../../src/core/variant.js';
import { countLeavesWebAssembly, usePerftWebAssembly } from '../../src/search/perft-wasm.js';
import { SearchModule } from '../../src/search/search-wasm.js';
import { placedPositions, playRandomly, seededRandom } from '../helpers.js';
import { parseSimple, simpleMoves, simplePerft, squareName, type SimpleRuleSet } from '../reference/simple-rules.js'; // prettier-ignore

/** A test rule set: core's definition and the reference's own words for the same rules. */
interface RuleSetCase {
  readonly about: string;
  readonly rules: Rules;
  readonly reference: SimpleRuleSet;
}

const CASES: readonly RuleSetCase[] = [
  {
    about:
      'men step forward only, kings slide along diagonals and capture along every line, turning back',
    rules: compileRules({ ...TURKISH, manSteps: ['forward'], kingSlides: ['diagonal'], kingCaptures: ['orthogonal', 'diagonal'], noReverseCapture: false }), // prettier-ignore
    reference: { menStepForward: true, menStepDiagonally: false, menStepSideways: false, kingsSlideStraight: false, kingsSlideDiagonally: true, kingsCaptureStraight: true, kingsCaptureDiagonally: true, noTurningBack: false }, // prettier-ignore
  },
  {
    about: 'Armenian without the 180-degree rule',
    rules: compileRules({ ...ARMENIAN, noReverseCapture: false }),
    reference: { menStepForward: true, menStepDiagonally: true, menStepSideways: true, kingsSlideStraight: true, kingsSlideDiagonally: true, kingsCaptureStraight: true, kingsCaptureDiagonally: false, noTurningBack: false }, // prettier-ignore
  },
];

/** Start-position perft of the first rule set, which core, the reference and both modules agree on. */
const START_PERFT = [8, 64, 512, 3708, 25934, 167818];

let module: SearchModule;
beforeAll(() => {
  const created = SearchModule.create();
  if (!created.ok) throw new Error(created.error.message);
  module = created.value;
});

/** Core's perft of `p` with its TypeScript generator only (the slow authority). */
function corePerft(p: Position, depth: number): number {
  const before = usePerftWebAssembly(false);
  try {
    return perft(p, depth);
  } finally {
    usePerftWebAssembly(before);
  }
}

/** A move as its squares and captured squares, the form all three generators can give. */
function coreMoveKeys(p: Position): string[] {
  const list = new MoveList();
  const count = generateMoves(p.rules, p.state, list);
  return Array.from({ length: count }, (_, i) => moveKey(list.moves[i], list.capturedLo[i], list.capturedHi[i])); // prettier-ignore
}
function moveKey(move: number, capturedLo: number, capturedHi: number): string {
  const captured: string[] = [];
  for (let square = 0; square < 64; square++) {
    if ((((square < 32 ? capturedLo : capturedHi) >>> (square & 31)) & 1) !== 0) captured.push(squareName(square)); // prettier-ignore
  }
  return `${squareName(moveFrom(move))}|${squareName(moveTo(move))}|${captured.sort().join(',')}`;
}

/** The search module's moves of `p`, in its order. */
function moduleMoveKeys(p: Position): string[] {
  module.setRules(p.rules);
  module.setPosition(0, p.state);
  const count = module.generateMoves(0);
  return Array.from({ length: count }, (_, i) => moveKey(module.move(0, i), module.capturedLo(0, i), module.capturedHi(0, i))); // prettier-ignore
}

function referenceMoveKeys(p: Position, rules: SimpleRuleSet): string[] {
  return simpleMoves(parseSimple(p.toString()), rules).map((m) => `${m.from}|${m.to}|${m.captured.join(',')}`); // prettier-ignore
}

/** Positions of `rules` along seeded random games, and placed at random with kings of both colours. */
function positionsOf(rules: Rules, seed: number): Position[] {
  const random = seededRandom(seed);
  const games = Array.from({ length: 150 }, () => playRandomly(new Position(rules, Position.start().state), 4 + Math.floor(random() * 70), random)); // prettier-ignore
  const placed = placedPositions('armenian', seed + 1, 150).map((p) => new Position(rules, p.state)); // prettier-ignore
  return [...games, ...placed];
}

describe('a rule set made for the test, played by core, the reference and the modules alike', () => {
  it('perft from the start to depth 6: core, the reference, the perft counter and the search module', () => {
    const { rules, reference } = CASES[0];
    const start = new Position(rules, Position.start().state);
    for (let depth = 1; depth <= START_PERFT.length; depth++) {
      const expected = START_PERFT[depth - 1];
      expect(corePerft(start, depth), `core, depth ${depth}`).toBe(expected);
      expect(simplePerft(parseSimple(start.toString()), reference, depth), `reference, depth ${depth}`).toBe(expected); // prettier-ignore
      expect(countLeavesWebAssembly(rules, start.state, depth), `perft counter, depth ${depth}`).toBe(expected); // prettier-ignore
    }
    // The search module's own lists, played two plies deep, give the same leaves.
    expect(moduleLeaves(start, 3)).toBe(START_PERFT[2]);
  });

  it.each(CASES.map((c, n) => [c.about, c, n] as const))(
    '%s: move by move along seeded games and placed positions',
    (_about, { rules, reference }, n) => {
      let kings = 0;
      let captures = 0;
      for (const p of positionsOf(rules, 900 + 10 * n)) {
        const where = p.toString();
        const core = coreMoveKeys(p);
        if (where.includes('K')) kings++;
        if (core.some((key) => !key.endsWith('|'))) captures++;
        // The module lists core's moves in core's order; the reference, the same set.
        expect(moduleMoveKeys(p), where).toEqual(core);
        expect(referenceMoveKeys(p, reference).sort(), where).toEqual([...core].sort());
        const leaves = corePerft(p, 3);
        expect(countLeavesWebAssembly(rules, p.state, 3), where).toBe(leaves);
        expect(simplePerft(parseSimple(where), reference, 2), where).toBe(corePerft(p, 2));
      }
      // Kings and captures must come in, or their rules go unchecked.
      expect(kings).toBeGreaterThan(100);
      expect(captures).toBeGreaterThan(50);
    },
  );
});

/**
 * Perft's counter has a copy compiled for each of the men's ways the shipped rule sets have
 * (step and capture forward and sideways, with or without the diagonal step) and one that
 * reads every flag. Rule sets one men's way away from a shipped one must take the flags' copy.
 */
const ONE_WAY_AWAY: readonly (readonly [string, Rules])[] = [
  ['Armenian men capturing forward only', compileRules({ ...ARMENIAN, manCaptures: ['forward'] })],
  ['Turkish men capturing sideways only', compileRules({ ...TURKISH, manCaptures: ['left', 'right'] })], // prettier-ignore
  ['Armenian men stepping forward and diagonally only', compileRules({ ...ARMENIAN, manSteps: ['forward', 'forward-left', 'forward-right'] })], // prettier-ignore
  ['Turkish men stepping sideways only', compileRules({ ...TURKISH, manSteps: ['left', 'right'] })],
];

describe("perft's counter on rule sets one men's way away from a shipped one", () => {
  it.each(ONE_WAY_AWAY.map(([about, rules], n) => [about, rules, n] as const))(
    '%s: counts as core does, from the start and along seeded games',
    (_about, rules, n) => {
      const start = new Position(rules, Position.start().state);
      expect(countLeavesWebAssembly(rules, start.state, 4)).toBe(corePerft(start, 4));
      const positions = positionsOf(rules, 700 + 10 * n).filter((_, i) => i % 5 === 0);
      for (const p of positions) {
        expect(countLeavesWebAssembly(rules, p.state, 3), p.toString()).toBe(corePerft(p, 3));
      }
    },
  );
});

/** Leaves `depth` plies below `p`, by the search module's own lists and moves. */
function moduleLeaves(p: Position, depth: number): number {
  module.setRules(p.rules);
  module.setPosition(0, p.state);
  const walk = (ply: number, left: number): number => {
    const count = module.generateMoves(ply);
    if (left === 1) return count;
    let leaves = 0;
    for (let i = 0; i < count; i++) {
      module.makeMove(ply, i);
      leaves += walk(ply + 1, left - 1);
    }
    return leaves;
  };
  return walk(0, depth);
}

describe('rules the modules cannot play', () => {
  it('are refused by the search module in one clear error, the rules before kept', () => {
    const shipped = CASES[1].rules;
    // Men stepping backward: no generator of the module has that way.
    const backward = { ...shipped, record: Int32Array.from(shipped.record) };
    backward.record[0] |= 1 << 1;
    expect(backward.record.length).toBe(RULE_WORDS);
    expect(() => module.setRules(backward)).toThrow(/cannot play the rules of armenian/);
    const start = new Position(shipped, Position.start().state);
    expect(moduleMoveKeys(start)).toEqual(coreMoveKeys(start));
  });

  it('are counted by core when the perft counter refuses them', () => {
    const shipped = CASES[1].rules;
    const odd = { ...shipped, record: Int32Array.from(shipped.record) };
    odd.record[0] |= 1 << 1;
    const start = new Position(odd, Position.start().state);
    expect(countLeavesWebAssembly(odd, start.state, 2)).toBe(-1);
    expect(perft(start, 2)).toBe(484);
    expect(countLeavesWebAssembly(shipped, start.state, 2)).toBe(484);
  });
});
