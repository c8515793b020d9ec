/**
 * The command-stream check: one engine process is driven with a seeded stream of random but
 * valid commands (position, go of every kind, stop, ponderhit, isready, setoption,
 * ucinewgame, moves) sent without waiting in between, and its output is checked against a
 * model of the protocol's order rule (protocol.md, Order):
 *
 * - exactly one `bestmove` for each accepted `go`, legal in the position it was asked about
 *   (and among its `searchmoves`; its `ponder` move legal after it);
 * - an error for each command refused during a search that only `stop` ends, and no other;
 * - a warning for each clamped limit; `readyok` for every `isready`;
 * - each `moves` reply lists the legal moves of the model's position;
 * - nothing on stderr, and the process ends with code 0 after `quit`.
 *
 * Which commands are refused does not depend on timing: a search with a limit always ends by
 * itself and the commands after it wait for it, an infinite or pondering one never does.
 * Commands go out in batches, each closed by `stop` and `isready`; a batch whose replies do
 * not all arrive within the stall time counts as a stall and ends the run.
 */
import { spawn } from 'node:child_process';
import { legalMoves, parseMove } from '../src/core/notation.js';
import { Position } from '../src/core/position.js';
import type { VariantName } from '../src/core/variant.js';
import { randomIndex, seededRandom } from '../src/stats/random.js';

export interface CommandStreamSettings {
  /** How to start the engine: program and arguments. */
  readonly engine: readonly string[];
  /** Commands to send in all (the batches' closing `stop` and `isready` included). */
  readonly commands: number;
  readonly seed: number;
  /** Random commands per batch before its `stop` and `isready`. */
  readonly batch?: number;
  /** How long a batch's replies may take before the engine counts as stalled. */
  readonly stallMs?: number;
  /** Called after each batch with the commands sent so far. */
  readonly progress?: (sent: number) => void;
}

export interface CommandStreamReport {
  readonly commands: number;
  readonly accepted: number;
  readonly refused: number;
  readonly bestMoves: number;
  readonly readyOks: number;
  /** Each broken invariant, in the order found. */
  readonly violations: string[];
  readonly milliseconds: number;
}

/** What the model expects of one accepted `go`. */
export interface ExpectedSearch {
  readonly command: string;
  readonly position: Position;
  readonly searchmoves?: readonly string[];
}

/** The protocol as the model sees it: what the engine must do with each line. */
class ProtocolModel {
  variant: VariantName = 'armenian';
  position = Position.start('armenian');
  /** 'ends': a search that ends by itself runs; 'stop-only': only stop ends it. */
  search: 'idle' | 'ends' | 'stop-only' = 'idle';
  pondering = false;
  infinite = false;
  readonly searches: ExpectedSearch[] = [];
  readonly moveLists: string[] = [];
  /** The error line expected for each refused command, in order. */
  readonly errors: string[] = [];
  warnings = 0;
  readyOks = 0;

  /** Applies one command; `needsIdle` commands wait for a search that ends, or are refused. */
  apply(command: GeneratedCommand): void {
    if (command.needsIdle) {
      if (this.search === 'stop-only') {
        this.errors.push(refusal(command.line));
        return;
      }
      this.search = 'idle';
    }
    command.apply(this);
  }
}

/** The error for a command refused during a search that only `stop` ends (protocol.md). */
function refusal(line: string): string {
  const name = line.split(' ')[0];
  if (name === 'go') return "info string error: 'go' while a search is running (send 'stop' first)"; // prettier-ignore
  if (name === 'position') return "info string error: cannot change the position while searching (send 'stop' first)"; // prettier-ignore
  return `info string error: '${name}' is not allowed while searching (send 'stop' first)`;
}

interface GeneratedCommand {
  readonly line: string;
  readonly needsIdle: boolean;
  apply(model: ProtocolModel): void;
}

/** A random position of `variant`: its start and a few random legal moves. */
function randomGame(
  random: () => number,
  variant: VariantName,
): { line: string; position: Position } {
  const position = Position.start(variant);
  const moves: string[] = [];
  const plies = randomIndex(random, 16);
  for (let i = 0; i < plies; i++) {
    const legal = legalMoves(position);
    if (legal.length === 0) break;
    const move = legal[randomIndex(random, legal.length)];
    position.play(move.move, move.capturedLo, move.capturedHi);
    moves.push(move.text);
  }
  if (random() < 0.3) return { line: `position fen ${position.toString()}`, position };
  return { line: `position startpos${moves.length > 0 ? ` moves ${moves.join(' ')}` : ''}`, position }; // prettier-ignore
}

/** The limits of a random `go`, and how many warnings they bring. */
function randomLimits(
  random: () => number,
  position: Position,
): { text: string; infinite: boolean; ponder: boolean; warnings: number; searchmoves?: string[] } {
  const clock = () => {
    const time = () => 50 + randomIndex(random, 400);
    const increment = random() < 0.5 ? ` winc ${randomIndex(random, 50)} binc ${randomIndex(random, 50)}` : ''; // prettier-ignore
    return `wtime ${time()} btime ${time()}${increment}`;
  };
  let infinite = false;
  let ponder = false;
  let warnings = 0;
  let text: string;
  switch (randomIndex(random, 9)) {
    case 0:
      text = `depth ${1 + randomIndex(random, 3)}`;
      break;
    case 1:
      text = `nodes ${100 + randomIndex(random, 3000)}`;
      break;
    case 2:
      text = `movetime ${5 + randomIndex(random, 40)}`;
      break;
    case 3:
      text = clock();
      break;
    case 4:
      text = `${clock()} movestogo ${3 + randomIndex(random, 20)}`;
      break;
    case 5:
      text = random() < 0.5 ? 'infinite' : '';
      infinite = true;
      break;
    case 6:
      ponder = true;
      infinite = random() < 0.3;
      text = infinite ? 'ponder' : `ponder ${clock()}`;
      break;
    case 7:
      text = ['depth 0', 'nodes 0', `${clock()} movestogo 0`][randomIndex(random, 3)];
      warnings = 1;
      break;
    default:
      text = `mate ${1 + randomIndex(random, 3)} depth ${1 + randomIndex(random, 3)}`;
  }
  const legal = legalMoves(position).map((m) => m.text);
  if (legal.length > 1 && random() < 0.15) {
    const searchmoves = legal.filter(() => random() < 0.4);
    if (searchmoves.length > 0) {
      return { text: `${text} searchmoves ${searchmoves.join(' ')}`.trim(), infinite, ponder, warnings, searchmoves }; // prettier-ignore
    }
  }
  return { text, infinite, ponder, warnings };
}

const OPTION_LINES: readonly (readonly [string, () => string[]])[] = [
  ['MultiPV', () => ['1', '2', '3']],
  ['Threads', () => ['1', '2']],
  ['Hash', () => ['1', '4', '16']],
  ['Move Overhead', () => ['0', '10', '30']],
  ['Ponder', () => ['true', 'false']],
  ['Draw Plies', () => ['0', '20', '100']],
];

const STOP: GeneratedCommand = {
  line: 'stop',
  needsIdle: false,
  apply: (m) => {
    if (m.search !== 'idle') m.search = 'ends';
    m.pondering = false;
  },
};
const ISREADY: GeneratedCommand = { line: 'isready', needsIdle: false, apply: (m) => m.readyOks++ };

/** One random command, built against the model's state when the line will be carried out. */
function randomCommand(random: () => number, model: ProtocolModel): GeneratedCommand {
  const roll = random();
  if (roll < 0.2) {
    const game = randomGame(random, model.variant);
    return { line: game.line, needsIdle: true, apply: (m) => (m.position = game.position) };
  }
  if (roll < 0.45) {
    // The position the go will search: the model's once earlier lines have run.
    const limits = randomLimits(random, model.position);
    return {
      line: `go ${limits.text}`.trim(),
      needsIdle: true,
      apply: (m) => {
        m.searches.push({ command: `go ${limits.text}`, position: m.position.clone(), searchmoves: limits.searchmoves }); // prettier-ignore
        m.warnings += limits.warnings;
        m.search = limits.infinite || limits.ponder ? 'stop-only' : 'ends';
        m.pondering = limits.ponder;
        m.infinite = limits.infinite;
      },
    };
  }
  if (roll < 0.6) return STOP;
  if (roll < 0.66) {
    return {
      line: 'ponderhit',
      needsIdle: false,
      apply: (m) => {
        if (!m.pondering) return;
        m.pondering = false;
        if (!m.infinite) m.search = 'ends';
      },
    };
  }
  if (roll < 0.76) return ISREADY;
  if (roll < 0.84) {
    const [name, values] = OPTION_LINES[randomIndex(random, OPTION_LINES.length)];
    const choices = values();
    return {
      line: `setoption name ${name} value ${choices[randomIndex(random, choices.length)]}`,
      needsIdle: true,
      apply: () => {},
    };
  }
  if (roll < 0.86) {
    const variant: VariantName = random() < 0.5 ? 'turkish' : 'armenian';
    return {
      line: `setoption name Variant value ${variant}`,
      needsIdle: true,
      apply: (m) => {
        if (m.variant === variant) return;
        m.variant = variant;
        m.position = Position.start(variant);
      },
    };
  }
  if (roll < 0.9) {
    return {
      line: 'ucinewgame',
      needsIdle: true,
      apply: (m) => (m.position = Position.start(m.variant)),
    };
  }
  if (roll < 0.95) return { line: 'setoption name Clear Hash', needsIdle: true, apply: () => {} };
  // `moves` only reads: answered during a search too, in its place among the lines.
  return {
    line: 'moves',
    needsIdle: false,
    apply: (m) => {
      const moves = legalMoves(m.position).map((move) => move.text);
      m.moveLists.push(`moves ${moves.length === 0 ? '(none)' : moves.join(' ')}`);
    },
  };
}

/** Checks one `bestmove` line against the search it answers (the fuzzer's too). */
export function checkBestMove(line: string, expected: ExpectedSearch): string | undefined {
  const match = /^bestmove (\S+)(?: ponder (\S+))?$/.exec(line);
  const where = `'${expected.command}' on ${expected.position.toString()}`;
  if (match === null) return `malformed '${line}' for ${where}`;
  const [, move, ponder] = match;
  if (legalMoves(expected.position).length === 0) {
    return move === '0000' ? undefined : `'${line}' for ${where}, which has no legal move`;
  }
  const parsed = parseMove(expected.position, move);
  if (!parsed.ok) return `illegal '${line}' for ${where}: ${parsed.error.message}`;
  if (expected.searchmoves && !expected.searchmoves.includes(parsed.value.text)) {
    return `'${line}' for ${where} is not among the searchmoves`;
  }
  if (ponder !== undefined) {
    const next = expected.position.clone();
    next.play(parsed.value.move, parsed.value.capturedLo, parsed.value.capturedHi);
    if (!parseMove(next, ponder).ok) return `illegal ponder move in '${line}' for ${where}`;
  }
  return undefined;
}

/** Runs the check; resolves with what was sent, seen and broken. */
export async function runCommandStream(
  settings: CommandStreamSettings,
): Promise<CommandStreamReport> {
  const started = performance.now();
  const random = seededRandom(settings.seed);
  const batch = settings.batch ?? 24;
  const stallMs = settings.stallMs ?? 60_000;
  const [program, ...args] = settings.engine;
  const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  let wake: () => void = () => {};
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    wake();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let gone = false;
  void exited.then(() => {
    gone = true;
    wake();
  });

  const model = new ProtocolModel();
  const violations: string[] = [];
  const seen = { bestMoves: 0, readyOks: 0, errors: 0, warnings: 0, moveLists: 0, scanned: 0 };
  /** Reads the new output lines and checks each reply against the model's expectations. */
  const scan = () => {
    for (; seen.scanned < lines.length; seen.scanned++) {
      const line = lines[seen.scanned];
      if (line.startsWith('bestmove')) {
        const expected = model.searches[seen.bestMoves++];
        const problem = expected ? checkBestMove(line, expected) : `'${line}' answers no go`;
        if (problem) violations.push(problem);
      } else if (line === 'readyok') seen.readyOks++;
      else if (line.startsWith('info string error')) {
        const expected = model.errors[seen.errors++];
        if (line !== expected) violations.push(`'${line}' where the model expects '${expected ?? 'no error'}' (line ${seen.scanned + 1})`); // prettier-ignore
      } else if (line.startsWith('info string warning')) seen.warnings++;
      else if (line.startsWith('moves ')) {
        const expected = model.moveLists[seen.moveLists++];
        if (line !== expected) violations.push(`'${line}' where the model has '${expected}'`);
      }
    }
  };
  const settled = () => seen.bestMoves >= model.searches.length && seen.readyOks >= model.readyOks;

  let sent = 0;
  while (sent < settings.commands && !gone && violations.length === 0) {
    const out: string[] = [];
    const count = Math.min(batch, Math.max(0, settings.commands - sent - 2));
    for (let i = 0; i < count; i++) {
      const command = randomCommand(random, model);
      model.apply(command);
      out.push(command.line);
    }
    for (const command of [STOP, ISREADY]) {
      model.apply(command);
      out.push(command.line);
    }
    child.stdin.write(out.join('\n') + '\n');
    sent += out.length;
    const deadline = Date.now() + stallMs;
    for (;;) {
      scan();
      if (settled() || gone) break;
      if (Date.now() > deadline) {
        violations.push(`stall: after ${sent} commands, ${model.searches.length - seen.bestMoves} bestmove and ${model.readyOks - seen.readyOks} readyok missing after ${stallMs} ms`); // prettier-ignore
        break;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    settings.progress?.(sent);
  }
  if (!gone) child.stdin.write('quit\n');
  const timer = setTimeout(() => child.kill('SIGKILL'), stallMs);
  const code = await exited;
  clearTimeout(timer);
  scan();
  if (code !== 0) violations.push(`the engine ended with code ${code} (signal or crash)`);
  if (seen.bestMoves !== model.searches.length) violations.push(`${seen.bestMoves} bestmoves for ${model.searches.length} accepted go`); // prettier-ignore
  if (seen.readyOks !== model.readyOks) violations.push(`${seen.readyOks} readyok for ${model.readyOks} isready`); // prettier-ignore
  if (seen.errors !== model.errors.length) violations.push(`${seen.errors} error lines for ${model.errors.length} refused commands`); // prettier-ignore
  if (seen.warnings !== model.warnings) violations.push(`${seen.warnings} warning lines for ${model.warnings} clamped limits`); // prettier-ignore
  if (seen.moveLists !== model.moveLists.length) violations.push(`${seen.moveLists} moves replies for ${model.moveLists.length} accepted moves`); // prettier-ignore
  if (stderr !== '') violations.push(`stderr: ${stderr.slice(0, 500)}`);
  return {
    commands: sent,
    accepted: model.searches.length,
    refused: model.errors.length,
    bestMoves: seen.bestMoves,
    readyOks: seen.readyOks,
    violations,
    milliseconds: Math.round(performance.now() - started),
  };
}
