/**
 * Move text. A step is `c3-c4`; a capture names its start and every landing square,
 * `b3xb5xd5`, so it is never ambiguous. As input, `fromxto` alone is accepted when exactly
 * one legal move matches it. Not a hot path: it lists capture paths afresh each call.
 */
import { listCapped, quote } from './quote.js';
import {
  generateMoves,
  isCapture,
  listCapturePaths,
  moveFrom,
  MoveList,
  moveTo,
  type PackedMove,
} from './movegen.js';
import type { Position } from './position.js';
import { fail, ok, type Result } from './result.js';
import { parseSquare, squareName } from './square.js';

/** A legal move with its text, as the protocol and the match runner handle moves. */
export interface LegalMove extends PackedMove {
  /** Landing squares after the start, in order (one entry for a step). */
  readonly path: readonly number[];
  readonly text: string;
}

export type MoveErrorCode = 'syntax' | 'unknown-square' | 'illegal' | 'ambiguous';

interface RawPath {
  from: number;
  landings: number[];
  capturedLo: number;
  capturedHi: number;
}

function allCapturePaths(position: Position): RawPath[] {
  const paths: RawPath[] = [];
  listCapturePaths(position.rules, position.state, (from, landings, count, lo, hi) => {
    paths.push({
      from,
      landings: Array.from(landings.subarray(1, count + 1)),
      capturedLo: lo,
      capturedHi: hi,
    });
  });
  return paths;
}

function pathText(from: number, landings: readonly number[], capture: boolean): string {
  return [from, ...landings].map(squareName).join(capture ? 'x' : '-');
}

/** Every legal move of a position with its text, in generation order. */
export function legalMoves(position: Position): LegalMove[] {
  const list = new MoveList();
  const count = generateMoves(position.rules, position.state, list);
  const captures = count > 0 && isCapture(list.moves[0]);
  const paths = captures ? allCapturePaths(position) : [];
  const out: LegalMove[] = [];
  for (let i = 0; i < count; i++) {
    const move = list.moves[i];
    const from = moveFrom(move);
    const to = moveTo(move);
    const capturedLo = list.capturedLo[i];
    const capturedHi = list.capturedHi[i];
    let path: number[] = [to];
    if (captures) {
      const found = paths.find(
        (p) =>
          p.from === from &&
          p.landings[p.landings.length - 1] === to &&
          p.capturedLo === capturedLo &&
          p.capturedHi === capturedHi,
      );
      if (found === undefined) throw new Error('capture without a path');
      path = found.landings;
    }
    out.push({ move, capturedLo, capturedHi, path, text: pathText(from, path, captures) });
  }
  return out;
}

/** The text of a legal move of `position`. */
export function formatMove(
  position: Position,
  move: number,
  capturedLo: number,
  capturedHi: number,
): string {
  const found = legalMoves(position).find(
    (m) => m.move === move && m.capturedLo === capturedLo && m.capturedHi === capturedHi,
  );
  if (found === undefined) throw new Error('formatMove: not a legal move of this position');
  return found.text;
}

/** The text of each move of a line played from `position` (a principal variation). */
export function formatLine(position: Position, line: readonly PackedMove[]): string[] {
  const texts: string[] = [];
  const walk = position.clone();
  for (const { move, capturedLo, capturedHi } of line) {
    texts.push(formatMove(walk, move, capturedLo, capturedHi));
    walk.play(move, capturedLo, capturedHi);
  }
  return texts;
}

/**
 * Reads move text against the legal moves of `position`: `c3-c4`, a full capture path
 * `b3xb5xd5`, or the short `b3xd5` when exactly one legal move matches it. An illegal or
 * ambiguous move is an error naming the candidates.
 */
export function parseMove(position: Position, text: string): Result<LegalMove, MoveErrorCode> {
  const trimmed = text.trim();
  // Squares between separators, read by splitting: a pattern of letters-or-x runs between
  // x separators backtracks exponentially on text like `xy-Yxy-...xy-`.
  const tokens = trimmed.split(/([-xX])/);
  const squaresOnly = tokens.every((token, i) => i % 2 === 1 || /^[a-zA-Z0-9]+$/.test(token));
  if (tokens.length < 3 || !squaresOnly) {
    return fail(
      'syntax',
      `${quote(trimmed)} is not move text (a step is like c3-c4, a capture like b3xb5xd5 or b3xd5)`,
    );
  }
  const separators = tokens.filter((_, i) => i % 2 === 1).map((s) => s.toLowerCase());
  if (separators.includes('-') && separators.includes('x')) {
    return fail('syntax', `${quote(trimmed)} mixes '-' and 'x'`);
  }
  const capture = separators[0] === 'x';
  if (!capture && separators.length > 1) {
    return fail('syntax', `${quote(trimmed)}: a step has exactly two squares, like c3-c4`);
  }
  const squares: number[] = [];
  for (const name of tokens.filter((_, i) => i % 2 === 0)) {
    const square = parseSquare(name);
    if (square < 0)
      return fail('unknown-square', `${quote(name)} in move ${quote(trimmed)} is not a square`);
    squares.push(square);
  }
  const moves = legalMoves(position);
  const from = squares[0];
  const to = squares[squares.length - 1];
  let candidates: LegalMove[];
  if (!capture) {
    candidates = moves.filter(
      (m) =>
        m.path.length === 1 && !isCapture(m.move) && moveFrom(m.move) === from && m.path[0] === to,
    );
  } else if (squares.length === 2) {
    candidates = moves.filter(
      (m) => isCapture(m.move) && moveFrom(m.move) === from && moveTo(m.move) === to,
    );
  } else {
    const landings = squares.slice(1).join(',');
    const paths = allCapturePaths(position).filter(
      (p) => p.from === from && p.landings.join(',') === landings,
    );
    candidates = moves.filter((m) =>
      paths.some(
        (p) =>
          isCapture(m.move) &&
          moveFrom(m.move) === p.from &&
          moveTo(m.move) === to &&
          m.capturedLo === p.capturedLo &&
          m.capturedHi === p.capturedHi,
      ),
    );
  }
  if (candidates.length === 1) return ok(candidates[0]);
  if (candidates.length > 1) {
    return fail(
      'ambiguous',
      `move ${quote(trimmed)} is ambiguous: it matches ${listCapped(candidates.map((m) => m.text))}`,
    );
  }
  const fromHere = moves.filter((m) => moveFrom(m.move) === from).map((m) => m.text);
  const legal = moves.map((m) => m.text);
  const hint =
    legal.length === 0
      ? 'the side to move has no legal move'
      : fromHere.length > 0
        ? `legal moves from ${squareName(from)}: ${listCapped(fromHere)}`
        : `legal moves: ${listCapped(legal)}`;
  return fail('illegal', `illegal move ${quote(trimmed)}: ${hint}`);
}
