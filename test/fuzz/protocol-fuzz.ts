/**
 * The protocol fuzzer: fast-check drives one engine process with random command streams
 * (go with random limits, stop and ponderhit at random points, position with good and
 * broken texts, setoption with hostile values, malformed and very long lines, d, eval,
 * moves, isready), and each stream's replies are held to the invariants, stated once in
 * `checkCase`:
 *
 * 1. exactly one `bestmove` for each accepted `go`, legal in the position it searched
 *    (and among its legal `searchmoves`), and no other;
 * 2. one `readyok` for each `isready`;
 * 3. after the closing `stop` and `isready`, every `bestmove` and `readyok` arrives (only
 *    a generous watchdog times it, to fail a hung run, never to measure);
 * 4. no reply line over 4 KB, nothing on stderr;
 * 5. the engine's resident memory stays below a generous cap.
 *
 * Which `go` is accepted is decided by a model of protocol.md's order rule, fed by the
 * protocol's own parser and core's rules (the authority the engine must agree with): a
 * line the parser refuses changes nothing; a line that needs the engine idle is refused
 * during a search that only `stop` ends, and otherwise runs after the search ends.
 * Used by test/fuzz/protocol.test.ts (a short seeded run) and bench/fuzz.ts (a long one).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { Game } from '../../src/core/game.js';
import { legalMoves, parseMove } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { VARIANT_NAMES, type VariantName } from '../../src/core/variant.js';
import { OPTIONS } from '../../src/engine/options.js';
import { parseCommand, type Command } from '../../src/protocol/commands.js';
import { checkBestMove, type ExpectedSearch } from '../../bench/command-stream.js';
import { randomIndex, seededRandom } from '../../src/stats/random.js';

/** The longest reply line allowed (invariant 4). */
export const MAX_REPLY_CHARS = 4096;
/** The engine's resident memory cap (invariant 5): generous, a swelling engine passes it fast. */
export const MAX_RSS_MIB = 1536;
/** How long a stream's closing replies may take before the run counts as hung (invariant 3). */
export const WATCHDOG_MS = Number(process.env.FUZZ_WATCHDOG_MS ?? 60_000);

/** One step of a stream, as fast-check draws it (the line is built against the model). */
export type Step =
  | { readonly kind: 'position'; readonly seed: number; readonly plies: number; readonly fen: boolean; readonly edit?: Edit } // prettier-ignore
  | { readonly kind: 'go'; readonly limits: string; readonly searchmoves: number; readonly junkMove: boolean } // prettier-ignore
  | { readonly kind: 'line'; readonly line: string }
  | { readonly kind: 'pause'; readonly ms: number };

/** A change to a good line: a character deleted, inserted or replaced, or a slice doubled. */
interface Edit {
  readonly at: number;
  readonly op: 'delete' | 'insert' | 'replace' | 'double';
  readonly text: string;
}

const NO_ENGINE_FILES = '/nonexistent-control-fuzz/';
/** The options a stream may change, at their defaults: the reset before each stream (files aside). */
const OPTION_RESETS: readonly string[] = OPTIONS.flatMap(
  (option) =>
  option.type === 'spin' || option.type === 'check' || option.type === 'combo' ? [`setoption name ${option.name} value ${String(option.default)}`] : [], // prettier-ignore
);
const HOSTILE_TEXT = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'y'.repeat(n)),
);
/** Numbers that must not reach a large allocation: junk, small and out-of-range values. */
const NOT_A_BIG_NUMBER = HOSTILE_TEXT.filter((t) => !/^\s*\+?\d{3,}\s*$/.test(t));
/** Hostile values for each option (a file option only ever names files that do not exist). */
const OPTION_VALUES: readonly (readonly [string, fc.Arbitrary<string>])[] = [
  ['Hash', fc.oneof(fc.constantFrom('1', '4', '16', '0', '-1', 'lots', '1.5', '', ' 8 ', '1e3'), NOT_A_BIG_NUMBER)], // prettier-ignore
  ['Threads', fc.oneof(fc.constantFrom('1', '2', '0', '-1', '99999', 'x', '2.0'), NOT_A_BIG_NUMBER)], // prettier-ignore
  ['Variant', fc.oneof(fc.constantFrom('armenian', 'turkish', 'TURKISH', ' Armenian ', 'russian', ''), HOSTILE_TEXT)], // prettier-ignore
  ['MultiPV', fc.oneof(fc.constantFrom('1', '2', '3', '0', '600', 'x'), HOSTILE_TEXT)],
  ['Move Overhead', fc.oneof(fc.constantFrom('0', '10', '100000', '-5'), HOSTILE_TEXT)],
  ['Skill Level', fc.oneof(fc.constantFrom('0', '3', '10', '20', '-1'), HOSTILE_TEXT)],
  ['Draw Plies', fc.oneof(fc.constantFrom('0', '4', '100', '-2'), HOSTILE_TEXT)],
  ['Ponder', fc.oneof(fc.constantFrom('true', 'false', 'yes'), HOSTILE_TEXT)],
  ['Clear Hash', fc.oneof(fc.constant(''), HOSTILE_TEXT)],
  ['EvalFile', fc.oneof(fc.constantFrom('', ';', ';;'), HOSTILE_TEXT).map((t) => NO_ENGINE_FILES + t)], // prettier-ignore
  ['EGDB Path', HOSTILE_TEXT.map((t) => NO_ENGINE_FILES + t)],
  ['No Such Option', HOSTILE_TEXT],
];

const setoption: fc.Arbitrary<Step> = fc
  .integer({ min: 0, max: OPTION_VALUES.length - 1 })
  .chain((index) => {
    const [name, values] = OPTION_VALUES[index];
    return values.map((value): Step => {
      const line = value === '' ? `setoption name ${name}` : `setoption name ${name} value ${value}`; // prettier-ignore
      return { kind: 'line', line };
    });
  });

const clock = fc
  .tuple(
    fc.integer({ min: 0, max: 400 }),
    fc.integer({ min: 0, max: 400 }),
    fc.integer({ min: 0, max: 30 }),
  ) // prettier-ignore
  .map(([w, b, inc]) => `wtime ${w} btime ${b}${inc > 0 ? ` winc ${inc} binc ${inc}` : ''}`);

/** `go` limits: small and out of range, every kind of limit, and none. */
const goLimits: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -3, max: 4 }).map((d) => `depth ${d}`),
  fc.integer({ min: -5, max: 3000 }).map((n) => `nodes ${n}`),
  fc.integer({ min: 0, max: 40 }).map((t) => `movetime ${t}`),
  clock,
  fc.tuple(clock, fc.integer({ min: -1, max: 30 })).map(([c, m]) => `${c} movestogo ${m}`),
  fc.integer({ min: 1, max: 3 }).map((m) => `mate ${m} depth 3`),
  fc.constantFrom('infinite', '', 'ponder', 'depth 1000', 'nodes 99999999999999999999', 'depth 2 depth 3', 'depth'), // prettier-ignore
  clock.map((c) => `ponder ${c}`),
  fc.integer({ min: 1, max: 3 }).map((d) => `perft ${d}`),
);

/** A good line that a character's change may break: a position. */
const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('delete', 'insert', 'replace', 'double'),
  text: fc.string({ minLength: 1, maxLength: 3 }),
});

const KNOWN_COMMANDS = new Set(['uci', 'isready', 'ucinewgame', 'setoption', 'position', 'go', 'stop', 'ponderhit', 'quit', 'd', 'moves', 'eval', 'bench', 'debug', 'register', 'help']); // prettier-ignore
/** A line that is no command: random text, control characters, very long lines. */
const malformed: fc.Arbitrary<Step> = fc
  .oneof(
    fc.string({ maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.tuple(fc.constantFrom('x', 'position fen ', 'go searchmoves ', 'setoption name ', 'd '), fc.integer({ min: 1000, max: 100_000 })).map(([head, n]) => head + 'z'.repeat(n)), // prettier-ignore
  )
  .map((line) => line.replace(/[\r\n]/g, ' '))
  .filter(
    (line) =>
      !KNOWN_COMMANDS.has(line.trim().split(/\s+/)[0]) ||
      line.startsWith('position') ||
      line.startsWith('go') ||
      line.startsWith('setoption') ||
      line.startsWith('d '),
  ) // prettier-ignore
  .map((line): Step => ({ kind: 'line', line }));

/** One random step. */
export const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('position'), seed: fc.nat(), plies: fc.nat({ max: 24 }), fen: fc.boolean(), edit: fc.option(edit, { nil: undefined, freq: 3 }) }) }, // prettier-ignore
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('go'), limits: goLimits, searchmoves: fc.nat({ max: 4 }), junkMove: fc.boolean() }) }, // prettier-ignore
  { weight: 4, arbitrary: fc.constantFrom<Step>({ kind: 'line', line: 'stop' }, { kind: 'line', line: 'ponderhit' }, { kind: 'line', line: 'isready' }) }, // prettier-ignore
  { weight: 3, arbitrary: fc.constantFrom<Step>(...['d', 'eval', 'moves', 'ucinewgame', 'uci', 'bench 1', 'bench x', 'isready now'].map((line): Step => ({ kind: 'line', line }))) }, // prettier-ignore
  { weight: 3, arbitrary: setoption },
  { weight: 2, arbitrary: malformed },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }).map((ms): Step => ({ kind: 'pause', ms })) }, // prettier-ignore
);

/** A stream of steps. */
export const stream = (maxLength: number): fc.Arbitrary<Step[]> =>
  fc.array(step, { minLength: Math.min(5, maxLength), maxLength });

/** protocol.md's order rule, as far as it decides which lines are refused and what runs. */
class Model {
  variant: VariantName = 'armenian';
  game: Game = Game.fromStart('armenian');
  search: 'idle' | 'ends' | 'stop-only' = 'idle';
  pondering = false;
  infinite = false;
  readonly searches: ExpectedSearch[] = [];
  readyOks = 0;

  /** Applies one line as the engine carries it out in its place among the lines. */
  apply(line: string): void {
    const parsed = parseCommand(line);
    if (!parsed.ok) return;
    const command = parsed.value;
    if (NEEDS_IDLE.has(command.kind)) {
      if (this.search === 'stop-only') return; // refused, nothing changes
      this.search = 'idle';
    }
    this.run(command, line);
  }

  private run(command: Command, line: string): void {
    switch (command.kind) {
      case 'isready':
        this.readyOks++;
        return;
      case 'stop':
        if (this.search !== 'idle') this.search = 'ends';
        this.pondering = false;
        return;
      case 'ponderhit':
        if (!this.pondering) return;
        this.pondering = false;
        if (!this.infinite) this.search = 'ends';
        return;
      case 'ucinewgame':
        this.game = Game.fromStart(this.variant);
        return;
      case 'position': {
        const game = Game.parse(command.fen, command.moves, this.variant);
        if (game.ok) this.game = game.value;
        return;
      }
      case 'setoption': {
        if (command.name.toLowerCase() !== 'variant') return;
        const variant = VARIANT_NAMES.find((v) => v === command.value?.trim().toLowerCase());
        if (variant === undefined || variant === this.variant) return;
        this.variant = variant;
        this.game = Game.fromStart(variant);
        return;
      }
      case 'perft':
      case 'bench':
        this.search = 'ends';
        return;
      case 'go': {
        const position = this.game.position.clone();
        const legal = (command.limits.searchmoves ?? []).flatMap((text) => {
          const move = parseMove(position, text);
          return move.ok ? [move.value.text] : [];
        });
        this.searches.push({ command: line, position, searchmoves: legal.length > 0 ? legal : undefined }); // prettier-ignore
        const bounded = Object.keys(command.limits).some((key) => key !== 'searchmoves' && key !== 'ponder'); // prettier-ignore
        this.infinite = command.limits.infinite === true || !bounded;
        this.pondering = command.limits.ponder === true;
        this.search = this.infinite || this.pondering ? 'stop-only' : 'ends';
        return;
      }
      default:
        return;
    }
  }
}

const NEEDS_IDLE: ReadonlySet<Command['kind']> = new Set(['ucinewgame', 'setoption', 'position', 'go', 'perft', 'bench']); // prettier-ignore

/** The line a step stands for, built against the model's state when it will run. */
function lineOf(step: Step, model: Model): string | undefined {
  switch (step.kind) {
    case 'pause':
      return undefined;
    case 'line':
      return step.line;
    case 'position': {
      const random = seededRandom(step.seed);
      const position = Position.start(model.variant);
      const moves: string[] = [];
      let fenAt = step.fen ? randomIndex(random, step.plies + 1) : -1;
      let fen = '';
      for (let ply = 0; ply <= step.plies; ply++) {
        if (ply === fenAt) {
          fen = position.toString();
          moves.length = 0;
          fenAt = -1;
        }
        const legal = legalMoves(position);
        if (ply === step.plies || legal.length === 0) break;
        const move = legal[randomIndex(random, legal.length)];
        position.play(move.move, move.capturedLo, move.capturedHi);
        moves.push(move.text);
      }
      const head = fen === '' ? 'position startpos' : `position fen ${fen}`;
      const line = moves.length > 0 ? `${head} moves ${moves.join(' ')}` : head;
      return step.edit === undefined ? line : edited(line, step.edit);
    }
    case 'go': {
      const legal = legalMoves(model.game.position).map((m) => m.text);
      const chosen = legal.slice(0, step.searchmoves);
      if (step.junkMove) chosen.push('a1-h8');
      const searchmoves = chosen.length > 0 && !step.limits.startsWith('perft') ? ` searchmoves ${chosen.join(' ')}` : ''; // prettier-ignore
      return `go ${step.limits}${searchmoves}`.trim();
    }
  }
}

function edited(line: string, change: Edit): string {
  // The word `position` stays: the edit breaks the text or the moves, not the command.
  const head = 'position '.length;
  const at = head + (change.at % Math.max(1, line.length - head));
  const text = change.text.replace(/[\r\n]/g, ' ');
  switch (change.op) {
    case 'delete':
      return line.slice(0, at) + line.slice(at + 1);
    case 'insert':
      return line.slice(0, at) + text + line.slice(at);
    case 'replace':
      return line.slice(0, at) + text + line.slice(at + text.length);
    case 'double':
      return line.slice(0, at) + line.slice(at, at + 8) + line.slice(at);
  }
}

/** One engine process that streams run on, one after another; counts its replies. */
export class FuzzEngine {
  readonly lines: string[] = [];
  stderr = '';
  exited = false;
  private readonly child: ChildProcessWithoutNullStreams;
  private partial = '';
  private wake: () => void = () => {};

  constructor(command: readonly string[]) {
    const [program, ...args] = command;
    this.child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop() ?? '';
      this.lines.push(...parts);
      // A line without its end yet counts towards the limit too.
      if (this.partial.length > MAX_REPLY_CHARS) {
        this.lines.push(this.partial);
        this.partial = '';
      }
      this.wake();
    });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.stdin.on('error', () => {});
    this.child.on('exit', () => {
      this.exited = true;
      this.wake();
    });
  }

  send(line: string): void {
    if (!this.exited) this.child.stdin.write(line + '\n');
  }

  /** Waits until `done()` holds; false when the watchdog fires first or the engine is gone. */
  async until(done: () => boolean, timeoutMs = WATCHDOG_MS): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (this.exited || Date.now() > deadline) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return true;
  }

  /** The process's resident memory in MiB (Linux), or undefined where it cannot be read. */
  rssMib(): number | undefined {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
      return kib === undefined ? undefined : Number(kib) / 1024;
    } catch {
      return undefined;
    }
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }
}

/** What one stream sent and saw. */
export interface CaseReport {
  readonly commands: number;
  readonly goes: number;
  readonly bestMoves: number;
  /** Each broken invariant. */
  readonly defects: string[];
}

const count = (lines: readonly string[], test: (line: string) => boolean) => lines.reduce((n, l) => n + (test(l) ? 1 : 0), 0); // prettier-ignore

/**
 * Runs one stream on `engine` (left as it was found: a reset first) and checks every
 * invariant on its replies (see the top of this file).
 */
export async function checkCase(engine: FuzzEngine, steps: readonly Step[]): Promise<CaseReport> {
  const defects: string[] = [];
  // A fresh start for the model: the previous stream's settings that matter are reset.
  // Every option a stream may set goes back to its default, so that one stream's settings
  // (a draw rule of 4 plies, a large overhead) never show up as another's defect.
  const reset = ['stop', ...OPTION_RESETS, 'setoption name EGDB Path', 'ucinewgame', 'isready']; // prettier-ignore
  const before = engine.lines.length;
  const stderrBefore = engine.stderr.length;
  for (const line of reset) engine.send(line);
  if (!(await engine.until(() => engine.lines.slice(before).includes('readyok')))) {
    return { commands: 0, goes: 0, bestMoves: 0, defects: [`no readyok after the reset${engine.exited ? ': the engine has exited' : ''}`] }; // prettier-ignore
  }
  const from = engine.lines.length;
  const model = new Model();
  let commands = 0;
  let goes = 0;
  for (const current of steps) {
    const line = lineOf(current, model);
    if (line === undefined) {
      await new Promise((resolve) => setTimeout(resolve, current.kind === 'pause' ? current.ms : 0)); // prettier-ignore
      continue;
    }
    if (line.startsWith('go')) goes++;
    model.apply(line);
    engine.send(line);
    commands++;
  }
  for (const line of ['stop', 'isready']) {
    model.apply(line);
    engine.send(line);
    commands++;
  }
  const replies = () => engine.lines.slice(from);
  const bestMoves = () => replies().filter((l) => l.startsWith('bestmove'));
  const settled = await engine.until(
    () => bestMoves().length >= model.searches.length && count(replies(), (l) => l === 'readyok') >= model.readyOks, // prettier-ignore
  );
  if (!settled) defects.push(`hung: ${bestMoves().length} of ${model.searches.length} bestmoves and ${count(replies(), (l) => l === 'readyok')} of ${model.readyOks} readyoks after the closing stop${engine.exited ? ' (the engine exited)' : ''}`); // prettier-ignore
  // One more isready, in order after everything: a late extra bestmove would come before it.
  const last = engine.lines.length;
  engine.send('isready');
  if (settled && !(await engine.until(() => engine.lines.slice(last).includes('readyok')))) defects.push('no readyok for the last isready'); // prettier-ignore
  const seen = bestMoves();
  if (seen.length !== model.searches.length) defects.push(`${seen.length} bestmoves for ${model.searches.length} accepted go's`); // prettier-ignore
  seen.forEach((line, i) => {
    const expected = model.searches[i];
    const problem = expected === undefined ? `'${line}' answers no go` : checkBestMove(line, expected); // prettier-ignore
    if (problem !== undefined) defects.push(problem);
  });
  const readyOks = count(engine.lines.slice(from, last), (l) => l === 'readyok');
  if (settled && readyOks !== model.readyOks) defects.push(`${readyOks} readyoks for ${model.readyOks} isready`); // prettier-ignore
  const long = engine.lines.slice(before).find((l) => l.length > MAX_REPLY_CHARS);
  if (long !== undefined) defects.push(`a reply line of ${long.length} characters: ${long.slice(0, 80)}...`); // prettier-ignore
  const stderr = engine.stderr.slice(stderrBefore);
  if (stderr !== '') defects.push(`stderr: ${stderr.slice(0, 300)}`);
  const rss = engine.rssMib();
  if (rss !== undefined && rss > MAX_RSS_MIB) defects.push(`resident memory ${Math.round(rss)} MiB, above ${MAX_RSS_MIB}`); // prettier-ignore
  return { commands, goes, bestMoves: seen.length, defects };
}
