/** Small shared helpers for tests. */
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { legalMoves } from '../src/core/notation.js';
import { usePerftWebAssembly } from '../src/core/perft.js';
import { perftWebAssemblyAvailable } from '../src/core/perft-wasm.js';
import { Position } from '../src/core/position.js';
import { squareName } from '../src/core/square.js';
import type { VariantName } from '../src/core/variant.js';
import type { EvalWeightSet } from '../src/search/eval-weights.js';
import type { NetworkSet } from '../src/search/eval.js';
import type { SearchControl } from '../src/search/control.js';
import type { Evaluators } from '../src/search/eval.js';
import { QuietLeaves } from '../src/search/quiet-leaf.js';
import { Searcher } from '../src/search/search.js';
import { seededRandom } from '../src/stats/random.js';

/** A seeded pseudo-random generator: the same seed, the same games. */
export { seededRandom };

/** The tuner's quiet leaves with `weights` and `networks`, where the module starts (it does here). */
export function quietLeaves(weights?: EvalWeightSet, networks?: NetworkSet): QuietLeaves {
  const made = QuietLeaves.create(weights, networks);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** A searcher whose module has a memory of its own with a table of `tableBytes` (Searcher.create). */
export function moduleSearcher(
  tableBytes: number,
  control: SearchControl,
  evaluators?: Evaluators,
): Searcher {
  const made = Searcher.create(tableBytes, control, evaluators);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** Parses position text that a test knows to be valid. */
export function position(text: string, variant: VariantName = 'armenian'): Position {
  const parsed = Position.parse(text, variant);
  if (!parsed.ok) throw new Error(`test position '${text}': ${parsed.error.message}`);
  return parsed.value;
}

/** Plays `plies` legal moves drawn with `random` on `p` (fewer if the game ends); returns `p`. */
export function playRandomly(p: Position, plies: number, random: () => number): Position {
  for (let ply = 0; ply < plies; ply++) {
    const moves = legalMoves(p);
    if (moves.length === 0) break;
    const m = moves[Math.floor(random() * moves.length)];
    p.play(m.move, m.capturedLo, m.capturedHi);
  }
  return p;
}

/** Positions along seeded random games: men, kings and captures as games reach them. */
export function gamePositions(variant: VariantName, seed: number, count: number): Position[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () =>
    playRandomly(Position.start(variant), 4 + Math.floor(random() * 60), random),
  );
}

/**
 * Positions of pieces placed at random: 1-2 kings and 0-8 men a side (no man on its
 * crowning row), either side to move, so that kings meet men and kings of both colours.
 */
export function placedPositions(variant: VariantName, seed: number, count: number): Position[] {
  const random = seededRandom(seed);
  const found: Position[] = [];
  while (found.length < count) {
    const taken = new Set<number>();
    const place = (lowest: number, highest: number): number => {
      for (;;) {
        const square = lowest + Math.floor(random() * (highest - lowest + 1));
        if (!taken.has(square)) {
          taken.add(square);
          return square;
        }
      }
    };
    const pieces = (men: number, kings: number, menLowest: number, menHighest: number) => [
      ...Array.from({ length: kings }, () => 'K' + squareName(place(0, 63))),
      ...Array.from({ length: men }, () => squareName(place(menLowest, menHighest))),
    ];
    const side = random() < 0.5 ? 'W' : 'B';
    const white = pieces(Math.floor(random() * 9), 1 + Math.floor(random() * 2), 0, 55);
    const black = pieces(Math.floor(random() * 9), 1 + Math.floor(random() * 2), 8, 63);
    found.push(position(`${side}:W${white.join(',')}:B${black.join(',')}`, variant));
  }
  return found;
}

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The fake engines import the rules from dist/; a clear message beats a confusing failure. */
export function requireBuild(): void {
  if (!existsSync(`${ROOT}dist/src/core/notation.js`)) {
    throw new Error('the fake engines need the built core: run `npm run build` first');
  }
}

/** The fault fixture worker (fixtures/failing-worker.mjs): the engine's own, failing on purpose. */
export const FAILING_WORKER = `${FIXTURES}failing-worker.mjs`;

/**
 * Runs the describe block's engines with the fault fixture in `mode` (TAMA_FAILING_WORKER,
 * read by worker threads as they start): set before its tests, restored after them.
 */
export function failingWorkerMode(mode: string): void {
  const saved = process.env.TAMA_FAILING_WORKER;
  beforeAll(() => {
    requireBuild();
    process.env.TAMA_FAILING_WORKER = mode;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TAMA_FAILING_WORKER;
    else process.env.TAMA_FAILING_WORKER = saved;
  });
}

/** Perft's two generators (core/perft.ts), for describe.each: a name and usePerftWebAssembly's choice. */
export const PERFT_GENERATORS = [
  ['WebAssembly', true],
  ['TypeScript', false],
] as const;

/**
 * Runs the describe block's tests with perft's generator chosen (restored after them). With
 * WebAssembly, each test also fails unless the WebAssembly build was there to count: perft
 * falls back to TypeScript without it, which would leave that build untested.
 */
export function perftGenerator(webAssembly: boolean): void {
  let chosenBefore = true;
  beforeAll(() => {
    chosenBefore = usePerftWebAssembly(webAssembly);
  });
  afterAll(() => {
    usePerftWebAssembly(chosenBefore);
  });
  afterEach(() => {
    if (webAssembly) expect(perftWebAssemblyAvailable(), 'the WebAssembly build counted').toBe(true); // prettier-ignore
  });
}

/** Runs the built `tama` with `args` in the project's folder: its exit code and output. */
export function runTama(
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  // prettier-ignore
  return new Promise((resolve) => {
    execFile(process.execPath, [join(ROOT, 'bin/tama.js'), ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr }); // prettier-ignore
    }); // prettier-ignore
  });
}

/** Writes `text` to `name` in `folder`; returns the file's path. */
export function writeFileIn(folder: string, name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}
