/**
 * What the endgame tables cost the search: each position searched to a depth by an engine
 * with the tables of `--egdb` and by one without, the runs alternated round by round. The
 * module asks the host (search.ts's probe, the tables in JavaScript) about positions of at
 * most the tables' pieces; a position is searched once untimed first, so that the tables it
 * touches are read from disk before the timed search (from a new game: table emptied).
 *
 *   npm run build && node dist/bench/egdb-probe.js --egdb DIR [--depth 12] [--rounds 3]
 *     [--position TEXT]...
 *
 * It prints each position's nodes, time, nodes a second and table hits, then the totals and
 * an estimate of a table hit's cost: the time a node costs more with the tables, times the
 * nodes searched with them, over their hits (the trees differ, as the tables cut lines).
 */
import { Engine } from '../src/engine/engine.js';
import { nowMs } from '../src/search/control.js';
import { readArguments, usageError, wholeNumber } from './args.js';

const USAGE = `Usage: node dist/bench/egdb-probe.js [options]

  --egdb <dir>       a folder of endgame tables (tama egdb build --out DIR); required
  --variant <name>   the positions' and tables' variant (default armenian)
  --depth <n>        search depth of every position (default 12)
  --rounds <n>       timed rounds, with and without the tables alternated (default 3)
  --position <text>  a position (repeatable; default: six Armenian endings of 5 to 7 pieces)
  -h, --help         this text

Example:
  node bin/tama.js egdb build --pieces 4 --out egdb --threads 2
  npm run build && node dist/bench/egdb-probe.js --egdb egdb --depth 12`;

const POSITIONS = [
  'W:Wc3,e3,g3:Bb6,d6,f6',
  'W:WKa1,c3:Bf6,h6,d8',
  'B:Wd4,e3,g3:Bc7,f6,Kh8',
  'W:Wb2,d2,f2,h2:Ba7,c7,e7',
  'W:WKc1,e3:BKh8,b6,d6',
  'W:Wa3,c3,e3:Bd6,f6,h6',
];

const { values } = readArguments(USAGE, {
  egdb: { type: 'string' },
  variant: { type: 'string' },
  depth: { type: 'string' },
  rounds: { type: 'string' },
  position: { type: 'string', multiple: true },
});
const folder = (values.egdb as string | undefined) ?? usageError(USAGE, '--egdb is required');
const variant = (values.variant as string | undefined) ?? 'armenian';
const depth = wholeNumber(USAGE, values, 'depth', 12, 1, 40);
const rounds = wholeNumber(USAGE, values, 'rounds', 3, 1, 100);
const positions = (values.position as string[] | undefined) ?? POSITIONS;

/** A search's count: nodes, wall time, table hits. */
interface Count {
  nodes: number;
  ms: number;
  tbhits: number;
}

/** An engine for `variant` with the tables of `path` ('' for none), or the script ends. */
function engineWith(path: string): { engine: Engine; last: { tbhits: number } } {
  const last = { tbhits: 0 };
  const engine = new Engine({
    info: (info) => {
      if (info.tbhits !== undefined) last.tbhits = info.tbhits;
    },
    error: (message) => console.error(`engine error: ${message}`),
  });
  for (const [option, value] of [
    ['Variant', variant],
    ['EGDB Path', path],
  ] as const) {
    const set = engine.setOption(option, value);
    if (!set.ok) usageError(USAGE, `${option} ${value}: ${set.error.message}`);
  }
  return { engine, last };
}

/** `position` searched to `depth` from a new game. */
async function search(on: ReturnType<typeof engineWith>, position: string): Promise<Count> {
  const fresh = on.engine.newGame();
  if (!fresh.ok) usageError(USAGE, fresh.error.message);
  const set = on.engine.setPosition(position, []);
  if (!set.ok) usageError(USAGE, `--position ${position}: ${set.error.message}`);
  on.last.tbhits = 0;
  const start = nowMs();
  const best = await on.engine.go({ depth });
  return { nodes: best.nodes, ms: nowMs() - start, tbhits: on.last.tbhits };
}

const without = engineWith('');
const tables = engineWith(folder);
const best = new Map<string, { without: Count; tables: Count }>();
try {
  await Promise.all([without.engine.whenReady(), tables.engine.whenReady()]);
  for (const position of positions) {
    await search(tables, position);
    await search(without, position);
  }
  for (let round = 1; round <= rounds; round++) {
    for (const position of positions) {
      const order = round % 2 === 1 ? [without, tables] : [tables, without];
      const counts = new Map<unknown, Count>();
      for (const on of order) counts.set(on, await search(on, position));
      const now = { without: counts.get(without) as Count, tables: counts.get(tables) as Count };
      const kept = best.get(position);
      best.set(position, {
        without: kept === undefined || now.without.ms < kept.without.ms ? now.without : kept.without, // prettier-ignore
        tables: kept === undefined || now.tables.ms < kept.tables.ms ? now.tables : kept.tables,
      });
    }
    process.stderr.write(`round ${round} done\n`);
  }
} finally {
  await Promise.all([without.engine.close(), tables.engine.close()]);
}

const nps = (count: Count): number => Math.round((count.nodes * 1000) / Math.max(1, count.ms));
const total = (side: 'without' | 'tables'): Count =>
  [...best.values()].reduce(
    (sum, pair) => ({
      nodes: sum.nodes + pair[side].nodes,
      ms: sum.ms + pair[side].ms,
      tbhits: sum.tbhits + pair[side].tbhits,
    }),
    { nodes: 0, ms: 0, tbhits: 0 },
  );
console.log(`Depth ${depth}, one thread, best of ${rounds} rounds; tables: ${folder}`);
for (const [position, pair] of best) {
  for (const side of ['without', 'tables'] as const) {
    const count = pair[side];
    console.log(`${position} ${side}: nodes ${count.nodes} time ${Math.round(count.ms)} ms nps ${nps(count)} tbhits ${count.tbhits}`); // prettier-ignore
  }
}
const all = { without: total('without'), tables: total('tables') };
console.log(`all without: nodes ${all.without.nodes}, ${nps(all.without)} nodes/s`);
console.log(`all tables: nodes ${all.tables.nodes}, ${nps(all.tables)} nodes/s, tbhits ${all.tables.tbhits}`); // prettier-ignore
if (all.tables.tbhits > 0) {
  const extra = all.tables.ms / all.tables.nodes - all.without.ms / all.without.nodes;
  console.log(`a table hit costs about ${Math.round((extra * all.tables.nodes * 1e6) / all.tables.tbhits)} ns (estimate)`); // prettier-ignore
}
