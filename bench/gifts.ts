/**
 * How a depth-1 search would give men away with each evaluation: for the quiet positions one
 * player of a PDN file had to move in (no capture pending), every legal move is followed by
 * the quiescence search (the linear evaluation's, so that both evaluations judge the same
 * leaf) and the quiet leaf it reaches is scored by the linear evaluation and by the network
 * of the variant, from the mover's side. A move whose leaf leaves the mover at least a man
 * worse off in material (a king counts as 2.5 men) gives a man. Reported: in how many
 * positions each evaluation, picking the move whose leaf it scores best, picks one that
 * gives a man while another does not, and by how much the best such move trails the best
 * other one (median and tenths) where both kinds exist.
 *
 *   npm run build && node dist/bench/gifts.js --player NAME [--positions 400]
 *     [--eval-file data/network-armenian.json] games.pdn
 *
 * The positions are spread evenly over the file's (every k-th of the player's quiet
 * positions, in file order), so the same file and count give the same figures.
 */
import { readFileSync } from 'node:fs';
import { popcount64 } from '../src/core/bitboard.js';
import { hasCapture } from '../src/core/movegen.js';
import { legalMoves, parseMove } from '../src/core/notation.js';
import { Position } from '../src/core/position.js';
import { ok } from '../src/core/result.js';
import { SIDE } from '../src/core/state.js';
import { parseVariantName, type VariantName } from '../src/core/variant.js';
import { loadEvalFile } from '../src/engine/eval-file.js';
import { parsePdn } from '../src/pdn/pdn.js';
import { Evaluators } from '../src/search/eval.js';
import { QuietLeaves } from '../src/search/quiet-leaf.js';
import { readArguments, usageError, wholeNumber } from './args.js';

const USAGE = `Usage: node dist/bench/gifts.js --player NAME [options] FILE.pdn

  --player <name>     the player (White or Black tag) whose positions are looked at
  --positions <n>     quiet positions to look at, spread over the file (default 400)
  --eval-file <file>  the network (and linear weights) to judge with, as EvalFile takes
                      them (default: the shipped network of the games' variant)
  -h, --help          this text

Example:
  npm run build && node dist/bench/gifts.js --player net --positions 400 games.pdn`;

const { values, positionals } = readArguments(
  USAGE,
  { player: { type: 'string' }, positions: { type: 'string' }, 'eval-file': { type: 'string' } },
  process.argv.slice(2),
  true,
);
const player = typeof values.player === 'string' ? values.player : usageError(USAGE, '--player is required'); // prettier-ignore
if (positionals.length !== 1) usageError(USAGE, 'name one PDN file');
const wanted = wholeNumber(USAGE, values, 'positions', 400, 1);

/** The text of the PDN file, or the script ends with why it cannot be read. */
function pdnText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    return usageError(USAGE, `cannot read ${path}: ${(error as Error).message}`);
  }
}

const parsed = parsePdn(pdnText(positionals[0]));
const games = parsed.ok ? parsed.value : usageError(USAGE, `${positionals[0]}: ${parsed.error.message}`); // prettier-ignore

/** The quiet positions `player` had to move in, in file order, and their variant. */
function playerPositions(): { variant: VariantName; positions: Position[] } {
  const positions: Position[] = [];
  let variant: VariantName | undefined;
  for (const game of games) {
    const named = parseVariantName(game.tags.get('Variant') ?? 'armenian');
    if (named === undefined) usageError(USAGE, `unknown variant '${game.tags.get('Variant')}'`);
    if (variant !== undefined && named !== variant) usageError(USAGE, 'the games are of two variants'); // prettier-ignore
    variant = named;
    const fen = game.tags.get('FEN');
    const start = fen === undefined ? ok(Position.start(named)) : Position.parse(fen, named);
    if (!start.ok) usageError(USAGE, `FEN tag: ${start.error.message}`);
    const position = start.value;
    const colour = game.tags.get('White') === player ? 0 : game.tags.get('Black') === player ? 1 : -1; // prettier-ignore
    for (const text of game.moves) {
      if (position.state[SIDE] === colour && !hasCapture(position.rules, position.state)) {
        positions.push(position.clone());
      }
      const move = parseMove(position, text);
      if (!move.ok) usageError(USAGE, `a game's move '${text}': ${move.error.message}`);
      position.play(move.value.move, move.value.capturedLo, move.value.capturedHi);
    }
  }
  if (variant === undefined || positions.length === 0) usageError(USAGE, `no quiet position of '${player}' in the file`); // prettier-ignore
  return { variant, positions };
}

const { variant, positions } = playerPositions();
const evalFile = (values['eval-file'] as string | undefined) ?? `data/network-${variant}.json`;
const loaded = loadEvalFile(evalFile);
if (!loaded.ok) usageError(USAGE, `--eval-file ${evalFile}: ${loaded.error.message}`);
const judge = new Evaluators(loaded.value.weights, loaded.value.networks);
const network = judge.networkFor(positions[0].rules) ?? usageError(USAGE, `${evalFile} holds no network of ${variant}`); // prettier-ignore
const linear = judge.for(positions[0].rules);
const leafFinder = QuietLeaves.create(loaded.value.weights);
if (!leafFinder.ok) usageError(USAGE, leafFinder.error.message);
const leafSearch = leafFinder.value;

/** The material of `color` in `state`: men, and kings at 2.5 men. */
function material(state: Int32Array, color: number): number {
  const men = popcount64(state[2 * color], state[2 * color + 1]);
  return men + 2.5 * popcount64(state[4 + 2 * color], state[5 + 2 * color]);
}

interface Leaf {
  readonly gives: boolean;
  readonly linear: number;
  readonly network: number;
}

/** Every legal move of `position`: whether its leaf gives a man, and each evaluation's score of it. */
function leaves(position: Position): Leaf[] {
  const mover = position.state[SIDE];
  const balance = (state: Int32Array) => material(state, mover) - material(state, 1 - mover);
  const before = balance(position.state);
  const leaf = new Int32Array(position.state.length);
  return legalMoves(position).map((move) => {
    const child = position.clone();
    child.play(move.move, move.capturedLo, move.capturedHi);
    leafSearch.find(child.rules, child.state, leaf);
    const sign = leaf[SIDE] === mover ? 1 : -1;
    return {
      gives: balance(leaf) <= before - 1,
      linear: sign * linear.evaluate(leaf),
      network: sign * network.evaluate(leaf),
    };
  });
}

const stride = Math.max(1, Math.floor(positions.length / wanted));
const picked = positions.filter((_, index) => index % stride === 0).slice(0, wanted);
const picks = { linear: 0, network: 0 };
const gaps: Record<'linear' | 'network', number[]> = { linear: [], network: [] };
for (const position of picked) {
  const scored = leaves(position);
  const gifts = scored.filter((leaf) => leaf.gives);
  const others = scored.filter((leaf) => !leaf.gives);
  if (others.length === 0) continue;
  for (const key of ['linear', 'network'] as const) {
    const best = (list: Leaf[]) => Math.max(...list.map((leaf) => leaf[key]));
    if (gifts.length === 0) continue;
    if (best(gifts) > best(others)) picks[key]++;
    gaps[key].push(best(gifts) - best(others));
  }
}

const share = (count: number) => `${count} (${Math.round((100 * count) / picked.length)} %)`;
const tenth = (list: number[], at: number) => list[Math.min(list.length - 1, Math.floor(list.length * at))]; // prettier-ignore
console.log(`${positionals[0]}: ${picked.length} quiet positions of '${player}' (${variant}), judged with ${evalFile}`); // prettier-ignore
for (const key of ['network', 'linear'] as const) {
  const sorted = [...gaps[key]].sort((a, b) => a - b);
  console.log(
    `${key.padEnd(8)} depth 1 gives a man in ${share(picks[key])}; ` +
      `best gift minus best other move (${sorted.length} positions with both): ` +
      `median ${tenth(sorted, 0.5)}, tenths ${tenth(sorted, 0.1)} to ${tenth(sorted, 0.9)}`,
  );
}
