/**
 * `tama egdb verify`: a unit's tables read back (header and checksum) and checked against
 * their own moves, one ply deep: each entry must be what its moves' entries make it (the
 * fastest win, else a draw, else the longest loss; no move at all is a loss in 0 plies).
 * Every solved table passes this, so it finds a damaged or wrongly built file.
 */
import { generateMoves, MoveList, moveFrom, moveTo } from '../core/movegen.js';
import { applyMove, STATE_SIZE } from '../core/state.js';
import { rulesFor, type VariantName } from '../core/variant.js';
import { readTable } from './file.js';
import { Indexer } from './indexing.js';
import { materialName, type Material } from './material.js';
import { EndgameTables } from './tables.js';
import { DRAW, INVALID, isLoss } from './value.js';

export interface UnitCheck {
  readonly name: string;
  /** Positions checked (valid entries). */
  readonly checked: number;
  /** What is wrong, empty when the unit is sound. */
  readonly problems: readonly string[];
}

/** At most this many wrong entries are named per unit. */
const MAX_PROBLEMS = 10;

/** The code a position's moves give it, from the entries of the positions they lead to. */
export function codeFromMoves(
  tables: EndgameTables,
  state: Int32Array,
  list: MoveList,
  child: Int32Array,
): number {
  const count = generateMoves(tables.rules, state, list);
  if (count === 0) return 1;
  let fastestWin = Infinity;
  let longestLoss = -1;
  let draw = false;
  for (let i = 0; i < count; i++) {
    child.set(state);
    const move = list.moves[i];
    applyMove(tables.rules, child, moveFrom(move), moveTo(move), list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
    const reply = tables.probe(child);
    if (reply < 0) return -1;
    if (reply === DRAW) draw = true;
    else if (isLoss(reply)) fastestWin = Math.min(fastestWin, reply);
    else longestLoss = Math.max(longestLoss, reply);
  }
  if (fastestWin !== Infinity) return fastestWin + 1;
  return draw ? DRAW : longestLoss + 1;
}

/** Checks the tables of `unit` under `dir`, reading the tables in `needs` for its exits. */
export function verifyUnit(
  dir: string,
  variant: VariantName,
  unit: readonly Material[],
  needs: readonly Material[],
): UnitCheck {
  const name = unit.map(materialName).join(' + ');
  const problems: string[] = [];
  const tables = new EndgameTables(rulesFor(variant));
  for (const material of [...needs, ...unit]) {
    const read = readTable(dir, variant, material);
    if (read.ok) tables.add({ material, values: read.value });
    else problems.push(read.error.message);
  }
  if (problems.length > 0) return { name, checked: 0, problems };
  const state = new Int32Array(STATE_SIZE);
  const child = new Int32Array(STATE_SIZE);
  const list = new MoveList();
  let checked = 0;
  for (const table of tables.tables.slice(needs.length)) {
    const indexer = new Indexer(table.material);
    for (let index = 0; index < indexer.size && problems.length < MAX_PROBLEMS; index++) {
      const code = table.values[index];
      if (!indexer.decode(index, state)) {
        if (code !== INVALID) problems.push(`${materialName(table.material)} entry ${index} names no position but holds ${code}`); // prettier-ignore
        continue;
      }
      const expected = codeFromMoves(tables, state, list, child);
      if (code !== expected) problems.push(`${materialName(table.material)} entry ${index}: the table says ${code}, its moves ${expected}`); // prettier-ignore
      checked++;
    }
  }
  return { name, checked, problems };
}
