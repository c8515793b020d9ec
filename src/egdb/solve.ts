/**
 * Builds every table of up to N pieces inside this thread, keeping them in memory: for
 * tests and small databases. The command's build (build.ts) runs the same units on worker
 * threads and writes files.
 */
import type { Rules } from '../core/variant.js';
import { buildPlan, type Material } from './material.js';
import { solveUnit } from './retrograde.js';
import { EndgameTables } from './tables.js';

/** Solves all signatures of up to `pieces` pieces in dependency order. */
export function solveAll(
  rules: Rules,
  pieces: number,
  onUnit: (unit: readonly Material[]) => void = () => {},
): EndgameTables {
  const tables = new EndgameTables(rules);
  for (const group of buildPlan(pieces)) {
    for (const unit of group) {
      for (const result of solveUnit(rules, unit, (state) => tables.probe(state))) {
        tables.add(result);
      }
      onUnit(unit);
    }
  }
  return tables;
}
