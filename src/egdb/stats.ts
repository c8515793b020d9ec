/**
 * What a set of tables holds, per number of pieces: how many positions are wins, losses
 * and draws for the side to move, and the longest win with a position that needs it. An
 * entry counts once although it stands for a position and its mirror image (indexing.ts).
 */
import { Position } from '../core/position.js';
import { STATE_SIZE } from '../core/state.js';
import type { Rules } from '../core/variant.js';
import { Indexer } from './indexing.js';
import { pieceCount } from './material.js';
import type { TableData } from './tables.js';
import { DRAW, INVALID } from './value.js';

export interface PieceCountStats {
  readonly pieces: number;
  readonly tables: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** The longest win in plies (-1: no win), and a position that needs it. */
  readonly longestWin: number;
  readonly longestWinPosition?: string;
}

/** Counts the entries of `tables`, fewest pieces first. */
export function tableStats(rules: Rules, tables: readonly TableData[]): PieceCountStats[] {
  const byPieces = new Map<number, { tables: number; wins: number; losses: number; draws: number; longest: number; where?: TableData; index: number }>(); // prettier-ignore
  for (const table of tables) {
    const pieces = pieceCount(table.material);
    const stats = byPieces.get(pieces) ?? { tables: 0, wins: 0, losses: 0, draws: 0, longest: -1, index: 0 }; // prettier-ignore
    byPieces.set(pieces, stats);
    stats.tables++;
    const values = table.values;
    for (let index = 0; index < values.length; index++) {
      const code = values[index];
      if (code === INVALID) continue;
      if (code === DRAW) {
        stats.draws++;
      } else if (((code - 1) & 1) === 1) {
        stats.wins++;
        if (code - 1 > stats.longest) {
          stats.longest = code - 1;
          stats.where = table;
          stats.index = index;
        }
      } else {
        stats.losses++;
      }
    }
  }
  return [...byPieces.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([pieces, stats]) => {
      let longestWinPosition: string | undefined;
      if (stats.where !== undefined) {
        const state = new Int32Array(STATE_SIZE);
        new Indexer(stats.where.material).decode(stats.index, state);
        longestWinPosition = new Position(rules, state).toString();
      }
      const { tables: count, wins, losses, draws, longest } = stats;
      return { pieces, tables: count, wins, losses, draws, longestWin: longest, longestWinPosition }; // prettier-ignore
    });
}

/** The stats as lines of a table for people. */
export function formatStats(stats: readonly PieceCountStats[]): string[] {
  const row = (cells: (string | number)[]) => cells.map((cell, i) => String(cell).padStart(i === 6 ? 0 : [6, 6, 12, 12, 12, 12][i])).join('  '); // prettier-ignore
  const lines = [row(['pieces', 'tables', 'positions', 'wins', 'losses', 'draws', 'longest win'])];
  for (const s of stats) {
    const longest = s.longestWin < 0 ? '-' : `${s.longestWin} plies (${s.longestWinPosition})`;
    lines.push(row([s.pieces, s.tables, s.wins + s.losses + s.draws, s.wins, s.losses, s.draws, longest])); // prettier-ignore
  }
  return lines;
}
