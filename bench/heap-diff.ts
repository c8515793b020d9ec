/**
 * Compares two V8 heap snapshots of one process (the soak's `--snapshots`, or any
 * `.heapsnapshot` file): the objects of each kind (a constructor's name, a function's name
 * for closures, `(string)`, `(array)`, `(code)` ... for V8's own) with their count and
 * their own size in each, sorted by growth. A kind that grows from snapshot to snapshot
 * while the work stays the same is what a leak keeps.
 *
 *   node dist/bench/heap-diff.js BEFORE.heapsnapshot AFTER.heapsnapshot [--top 30]
 */
import { readFileSync } from 'node:fs';
import { readArguments, usageError, wholeNumber } from './args.js';
import { heapDifference, kindsOf, type HeapKind } from './heap-probe.js';

const USAGE = `Usage: node dist/bench/heap-diff.js BEFORE.heapsnapshot AFTER.heapsnapshot [--top N]

Objects of each kind (constructor, closure name, or V8's own kinds in brackets) in the two
snapshots: count and own size in each, the kinds that grew most first.
  --top N   kinds to show (default 30)`;

function main(): number {
  const { values, positionals } = readArguments(USAGE, { top: { type: 'string' } }, process.argv.slice(2), true); // prettier-ignore
  if (positionals.length !== 2) return usageError(USAGE, 'give two snapshot files');
  const top = wholeNumber(USAGE, values, 'top', 30, 1);
  const [before, after] = positionals.map((file) => kindsOf(readFileSync(file, 'utf8')));
  const total = (kinds: Map<string, HeapKind>) => [...kinds.values()].reduce((sum, kind) => sum + kind.bytes, 0); // prettier-ignore
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`own sizes in all: ${kb(total(before))} -> ${kb(total(after))}`);
  console.log('kind | count before -> after | own size before -> after | growth');
  for (const { kind, before: a, after: b } of heapDifference(before, after).slice(0, top)) {
    console.log(`${kind} | ${a.count} -> ${b.count} | ${kb(a.bytes)} -> ${kb(b.bytes)} | ${kb(b.bytes - a.bytes)}`); // prettier-ignore
  }
  return 0;
}

process.exitCode = main();
