/**
 * The openings generator behind `tama match-openings`: random games from the start with a
 * seeded generator, keeping the distinct positions after a few plies that look balanced.
 *
 * Balanced, without an engine, means: no capture pending for either side, equal material
 * (men only, same count), mobility within `mobilityGap` moves of each other, and a small
 * material search (`checkDepth` plies plus all forced captures) that finds no material
 * gain for either side. With `engine`, the engine must also score the position within
 * `marginCp` of zero at `depth`.
 */
import { legalMoves } from '../core/notation.js';
import {
  generateMoves,
  hasCapture,
  moveCaptureCount,
  moveFrom,
  moveTo,
  MoveList,
} from '../core/movegen.js';
import { Position } from '../core/position.js';
import { fail, ok, type Result } from '../core/result.js';
import { applyMove, SIDE } from '../core/state.js';
import type { Rules, VariantName } from '../core/variant.js';
import { EngineProcess, type EngineCommand } from './engine-process.js';
import { randomIndex, seededRandom } from './random.js';

export interface OpeningsEngineCheck {
  readonly command: EngineCommand;
  /** The command as the user typed it, for the file header. */
  readonly commandText: string;
  readonly depth: number;
  readonly marginCp: number;
  readonly stallMs: number;
}

export interface OpeningsGeneratorSettings {
  readonly variant: VariantName;
  readonly count: number;
  readonly minPlies: number;
  readonly maxPlies: number;
  readonly seed: number;
  /** Largest allowed difference between the two sides' numbers of moves. */
  readonly mobilityGap: number;
  /** Plies of the material search (0 turns it off). */
  readonly checkDepth: number;
  /** Write position text, or the moves from the start. */
  readonly format: 'fen' | 'moves';
  readonly engine?: OpeningsEngineCheck;
  /** Random games to try before giving up (default: 1000 per wanted opening). */
  readonly maxAttempts?: number;
}

export interface GeneratedOpenings {
  readonly lines: readonly string[];
  readonly attempts: number;
}

const MAN_VALUE = 1;
const KING_VALUE = 3;
const NO_MOVES = -1000;
const MAX_SEARCH_PLY = 64;

/** Material of the side to move minus the other side's (men 1, kings 3). */
function material(position: Position): number {
  const white = position.squares(0).length * MAN_VALUE + position.squares(2).length * KING_VALUE;
  const black = position.squares(1).length * MAN_VALUE + position.squares(3).length * KING_VALUE;
  return position.sideToMove === 0 ? white - black : black - white;
}

/**
 * Best material balance the side to move can force within `depth` plies, following every
 * capture sequence to its end (captures are compulsory, so they are the whole "quiescence").
 */
export function materialSearch(position: Position, depth: number): number {
  const lists = Array.from({ length: MAX_SEARCH_PLY }, () => new MoveList());
  const search = (state: Int32Array, remaining: number, ply: number): number => {
    const list = lists[ply];
    const count = generateMoves(position.rules, state, list);
    if (count === 0) return NO_MOVES;
    const capturing = moveCaptureCount(list.moves[0]) > 0;
    if ((remaining <= 0 && !capturing) || ply + 1 >= MAX_SEARCH_PLY) {
      return material(new Position(position.rules, state));
    }
    let best = -Infinity;
    for (let i = 0; i < count; i++) {
      const child = Int32Array.from(state);
      const move = list.moves[i];
      applyMove(
        position.rules,
        child,
        moveFrom(move),
        moveTo(move),
        list.capturedLo[i],
        list.capturedHi[i],
      );
      best = Math.max(best, -search(child, remaining - 1, ply + 1));
    }
    return best;
  };
  return search(Int32Array.from(position.state), depth, 0);
}

/** The same pieces with the other side to move. */
function withOtherSideToMove(position: Position): Position {
  const flipped = position.clone();
  flipped.state[SIDE] ^= 1;
  return flipped;
}

function moveCount(rules: Rules, position: Position): number {
  return generateMoves(rules, position.state, new MoveList());
}

/** Whether a position passes the engine-free balance checks described above. */
export function looksBalanced(
  position: Position,
  settings: Pick<OpeningsGeneratorSettings, 'mobilityGap' | 'checkDepth'>,
): boolean {
  const rules = position.rules;
  const other = withOtherSideToMove(position);
  if (hasCapture(rules, position.state) || hasCapture(rules, other.state)) return false;
  if (position.squares(2).length + position.squares(3).length > 0) return false;
  if (position.squares(0).length !== position.squares(1).length) return false;
  const mine = moveCount(rules, position);
  const theirs = moveCount(rules, other);
  if (mine === 0 || theirs === 0 || Math.abs(mine - theirs) > settings.mobilityGap) return false;
  return settings.checkDepth <= 0 || materialSearch(position, settings.checkDepth) === 0;
}

/** The canonical command line that regenerates a file (recorded in its header). */
export function generatorCommand(settings: OpeningsGeneratorSettings, out?: string): string {
  const parts = [
    'tama match-openings',
    `--variant ${settings.variant}`,
    `--count ${settings.count}`,
    `--min-plies ${settings.minPlies}`,
    `--max-plies ${settings.maxPlies}`,
    `--seed ${settings.seed}`,
    `--mobility-gap ${settings.mobilityGap}`,
    `--check-depth ${settings.checkDepth}`,
    `--format ${settings.format}`,
  ];
  if (settings.engine) {
    const { commandText, depth, marginCp } = settings.engine;
    parts.push(`--engine '${commandText}' --depth ${depth} --margin ${marginCp}`);
  }
  if (out !== undefined) parts.push(`--out ${out}`);
  return parts.join(' ');
}

/** The comment lines that open a generated file. */
export function openingsHeader(settings: OpeningsGeneratorSettings, out?: string): string[] {
  const what = settings.format === 'fen' ? 'position text' : 'moves from the start';
  const lines = [
    `# Tama openings (${settings.variant}): ${settings.count} distinct positions after ${settings.minPlies}-${settings.maxPlies} random plies from the start, one a line as ${what}.`,
    `# Kept when balanced: no capture pending for either side, equal material, mobility within ${settings.mobilityGap}, no material gain in a ${settings.checkDepth}-ply search with all captures followed.`,
  ];
  if (settings.engine) {
    lines.push(
      `# Engine check: |score| <= ${settings.engine.marginCp} cp at depth ${settings.engine.depth}.`,
    );
  }
  lines.push(`# Generated by: ${generatorCommand(settings, out)}`);
  return lines;
}

/**
 * Plays random games and collects `count` distinct balanced positions; gives up (an error)
 * after `maxAttempts` random games, or when the scoring engine fails.
 */
export async function generateOpenings(
  settings: OpeningsGeneratorSettings,
  progress?: (kept: number, attempts: number) => void,
): Promise<Result<GeneratedOpenings, 'exhausted' | 'engine'>> {
  const random = seededRandom(settings.seed);
  const seen = new Set<string>();
  const lines: string[] = [];
  let engine: EngineProcess | undefined;
  if (settings.engine) {
    engine = new EngineProcess(settings.engine.command, 'openings-engine');
    const hello = await engine.handshake(settings.engine.stallMs);
    if (!hello.ok)
      return fail('engine', `the scoring engine did not start: ${hello.failure.message}`);
    if (hello.value.options.some((name) => name.toLowerCase() === 'variant')) {
      engine.setOption('Variant', settings.variant);
    }
  }
  try {
    let attempts = 0;
    const limit = settings.maxAttempts ?? settings.count * 1000;
    while (lines.length < settings.count) {
      if (attempts >= limit)
        return fail(
          'exhausted',
          `only ${lines.length} balanced openings after ${attempts} attempts`,
        );
      attempts++;
      const plies =
        settings.minPlies + randomIndex(random, settings.maxPlies - settings.minPlies + 1);
      const position = Position.start(settings.variant);
      const moves: string[] = [];
      for (let ply = 0; ply < plies; ply++) {
        const legal = legalMoves(position);
        if (legal.length === 0) break;
        const chosen = legal[randomIndex(random, legal.length)];
        position.play(chosen.move, chosen.capturedLo, chosen.capturedHi);
        moves.push(chosen.text);
      }
      if (moves.length < plies) continue;
      const key = position.keyHex();
      if (seen.has(key) || !looksBalanced(position, settings)) continue;
      if (engine && settings.engine) {
        const reply = await engine.search(
          `position fen ${position.toString()}`,
          `go depth ${settings.engine.depth}`,
          undefined,
          settings.engine.stallMs,
        );
        if (reply.kind === 'failure')
          return fail('engine', `the scoring engine failed: ${reply.failure.message}`);
        if (reply.score === undefined || reply.score.unit !== 'cp') continue;
        if (Math.abs(reply.score.value) > settings.engine.marginCp) continue;
      }
      seen.add(key);
      lines.push(settings.format === 'fen' ? position.toString() : moves.join(' '));
      progress?.(lines.length, attempts);
    }
    return ok({ lines, attempts });
  } finally {
    await engine?.quit(1000);
  }
}
