/** `tama perft`: leaf counts with time and speed, one line per depth, or a divide. */
import { hashedPerft, perft, perftDivide, usePerftWebAssembly } from '../core/perft.js';
import { PerftTable } from '../core/perft-table.js';
import { Position } from '../core/position.js';
import { ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { Engine } from '../engine/engine.js';
import { listenForInterrupt, type Interrupt } from './interrupt.js';

export interface PerftOptions {
  readonly depth: number;
  readonly fen?: string;
  readonly variant: VariantName;
  readonly divide?: boolean;
  readonly threads: number;
  readonly json?: boolean;
  /** Count on the job queue of this PostgreSQL instead of here. */
  readonly db?: string;
  /** MiB of subtree counts (hashed perft); without it every subtree is counted. */
  readonly hash?: number;
  /** False (--no-wasm): count with the TypeScript generator only, not its WebAssembly build. */
  readonly wasm?: boolean;
}

interface DepthLine {
  depth: number;
  nodes: number;
  seconds: number;
  mnps: number;
  /** Hashed perft: the share of table probes that found their count (0-1). */
  hits?: number;
}

/** Runs the perft command, writing lines through `print`; returns the exit code. */
export async function runPerftCommand(
  options: PerftOptions,
  print: (line: string) => void,
  printError: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Promise<number> {
  const parsed =
    options.fen === undefined
      ? ok(Position.start(options.variant))
      : Position.parse(options.fen, options.variant);
  if (!parsed.ok) {
    printError(`error: bad --fen: ${parsed.error.message}`);
    return 2;
  }
  const position = parsed.value;
  if (options.db !== undefined) {
    if (options.hash !== undefined) {
      printError('error: --hash sizes a table here; with --db the workers count (tama worker --perft-hash MB)'); // prettier-ignore
      return 2;
    }
    if (options.divide) {
      printError('error: --divide counts on this machine; leave out --db');
      return 2;
    }
    if (options.wasm === false) {
      printError('error: --no-wasm chooses how this machine counts; with --db the workers count');
      return 2;
    }
    const { runDistributedPerft } = await import('./perft-db.js');
    return runDistributedPerft(
      position,
      options.depth,
      options.db,
      options.json,
      print,
      printError,
    );
  }
  // On more than one thread the engine's worker pool counts, as for `go perft`.
  const pool = options.threads > 1 ? await perftEngine(position, options) : undefined;
  if (pool !== undefined && !pool.ok) {
    printError(`error: ${pool.error.message}`);
    return 1;
  }
  const engine = pool?.value;
  // On the pool the main thread is free to hear a signal: it stops the count under way, and
  // the depths done are reported. On one thread the count holds the main thread, and the
  // signal's default action ends the command at once, after the depths it printed.
  const lines: DepthLine[] = [];
  const report = () => {
    if (options.json) {
      const stopped = interrupt?.exitCode === undefined ? {} : { interrupted: true };
      print(JSON.stringify({ fen: position.toString(), variant: options.variant, threads: options.threads, hash: options.hash, results: lines, ...stopped })); // prettier-ignore
    }
    if (interrupt?.exitCode !== undefined) printError(`interrupted during depth ${lines.length + 1}: ${lines.length === 0 ? 'no depth' : `depths 1 to ${lines.length}`} counted`); // prettier-ignore
  };
  const interrupt: Interrupt | undefined =
    engine === undefined ? undefined : listenForInterrupt(() => engine.stop(), report);
  const webAssembly = options.wasm !== false;
  // Here for one thread, and for the plies the engine counts itself on more.
  const chosenBefore = usePerftWebAssembly(webAssembly);
  const hashed = options.hash !== undefined;
  // One table for the whole command on one thread; the engine lends its Hash on more.
  const table = options.hash !== undefined && engine === undefined ? new PerftTable(options.hash) : undefined; // prettier-ignore
  try {
    if (options.divide) {
      const started = performance.now();
      const divide = engine
        ? (await engine.perft(options.depth, hashed, webAssembly)).divide
        : perftDivide(position, options.depth, table);
      const seconds = (performance.now() - started) / 1000;
      if (interrupt?.exitCode !== undefined) {
        printError('interrupted: the divide was not finished');
        return interrupt.exitCode;
      }
      const nodes = divide.reduce((sum, entry) => sum + entry.nodes, 0);
      if (options.json) {
        print(JSON.stringify({ fen: position.toString(), variant: options.variant, depth: options.depth, threads: options.threads, hash: options.hash, divide, nodes, seconds })); // prettier-ignore
      } else {
        for (const entry of divide) print(`${entry.move}: ${entry.nodes}`);
        print('');
        print(`Nodes searched: ${nodes}`);
      }
      return 0;
    }
    // Each depth starts from an empty table, so that its line stands on its own.
    const countDepth = async (
      depth: number,
    ): Promise<{ nodes: number; probes: number; hits: number }> => {
      // prettier-ignore
      if (engine) {
        if (hashed) engine.setOption('Clear Hash', undefined);
        return engine.perft(depth, hashed, webAssembly);
      }
      if (table === undefined) return { nodes: perft(position, depth), probes: 0, hits: 0 };
      table.clear();
      const nodes = hashedPerft(position, depth, table);
      return { nodes, probes: table.probes, hits: table.hits };
    };
    if (!options.json)
      print(`depth            nodes    seconds       Mnps${hashed ? '   hits' : ''}`);
    for (let depth = 1; depth <= options.depth; depth++) {
      const started = performance.now();
      const counted = await countDepth(depth);
      if (interrupt?.exitCode !== undefined) break;
      const seconds = (performance.now() - started) / 1000;
      const nodes = counted.nodes;
      if (!Number.isSafeInteger(nodes)) {
        printError(`warning: depth ${depth} passes 2^53 leaves, where sums in float64 may be off by a few; the queue (--db) sums exactly`); // prettier-ignore
      }
      const line: DepthLine = { depth, nodes, seconds, mnps: seconds > 0 ? nodes / seconds / 1e6 : 0 }; // prettier-ignore
      if (hashed) line.hits = counted.probes > 0 ? counted.hits / counted.probes : 0;
      lines.push(line);
      if (!options.json) {
        const hits = line.hits === undefined ? '' : `${(line.hits * 100).toFixed(1).padStart(6)}%`;
        print(
          `${String(depth).padStart(5)} ${String(nodes).padStart(16)} ${seconds.toFixed(3).padStart(10)} ${line.mnps.toFixed(1).padStart(10)}${hits}`,
        );
      }
    }
    // Released before the report, so that a grace timer does not print it twice.
    interrupt?.release();
    report();
    return interrupt?.exitCode ?? 0;
  } finally {
    usePerftWebAssembly(chosenBefore);
    await engine?.close();
    interrupt?.release();
  }
}

/** An engine with `threads` workers set to the command's position. */
async function perftEngine(position: Position, options: PerftOptions): Promise<Result<Engine>> {
  const engine = new Engine({ info: () => {}, error: () => {} });
  for (const [name, value] of [
    ['Threads', String(options.threads)],
    ['Variant', options.variant],
    ...(options.hash === undefined ? [] : [['Hash', String(options.hash)]]),
  ]) {
    const set = engine.setOption(name, value);
    if (!set.ok) {
      await engine.close();
      return set;
    }
  }
  const set = engine.setPosition(position.toString(), []);
  if (!set.ok) {
    await engine.close();
    return set;
  }
  return ok(engine);
}
