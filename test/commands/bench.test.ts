/** `tama bench` through the built command: the signature on one thread, speed on N threads. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MAX_THREADS } from '../../src/engine/options.js';
import { BENCH_POSITIONS } from '../../src/search/bench.js';
import { TamaProcess } from '../protocol/tama-process.js';

const run = promisify(execFile);
const tama = fileURLToPath(new URL('../../bin/tama.js', import.meta.url));

/** The bench signature at depth 1: a quick check of the same path. */
const SIGNATURE_DEPTH_1 = 1235;

/**
 * The protocol's bench at the default depth in each variant with the default evaluation,
 * the shipped network of that variant: the same on both searches.
 */
const NETWORK_SIGNATURES = { armenian: 2786894, turkish: 618164 } as const;

/**
 * The bench signature: total nodes of `tama bench` at the default depth on one thread (in
 * Armenian, with its shipped network). Any change to search, evaluation or move order
 * changes it; the commit that does must say `Bench: N` in its message and update this number.
 */
const BENCH_SIGNATURE = NETWORK_SIGNATURES.armenian;

/**
 * The same bench with the linear evaluation (`setoption name EvalFile value
 * data/eval-weights.json`): the signature of the search before the networks became the
 * default, kept so that the linear evaluation stays the same search.
 */
const LINEAR_SIGNATURE = 2341406;

async function tamaBench(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [tama, 'bench', ...args]);
}

/** The value of a `Name : value` line. */
function field(stdout: string, name: string): string | undefined {
  return stdout
    .split('\n')
    .find((line) => line.startsWith(name))
    ?.split(':')[1]
    .trim();
}

describe('tama bench', () => {
  it('prints the signature, total time and nodes per second on one thread', async () => {
    const { stdout, stderr } = await tamaBench('--depth', '1');
    expect(stdout).toMatch(/^Total time \(ms\) : \d+$/m);
    expect(stdout).toMatch(/^Nodes searched {2}: \d+$/m);
    expect(stdout).toMatch(/^Nodes\/second {4}: \d+$/m);
    expect(Number(field(stdout, 'Nodes searched'))).toBe(SIGNATURE_DEPTH_1);
    expect(stderr.trim().split('\n')).toHaveLength(BENCH_POSITIONS.length);
  });

  it("gives the same signature as the protocol's bench, and as JSON", async () => {
    const engine = new TamaProcess();
    engine.send('bench 1');
    const at = await engine.waitFor(/^Nodes searched: /);
    expect(engine.lines[at]).toBe(`Nodes searched: ${SIGNATURE_DEPTH_1}`);
    await engine.quit();
    const { stdout } = await tamaBench('--depth', '1', '--json');
    expect(JSON.parse(stdout)).toMatchObject({ nodes: SIGNATURE_DEPTH_1, depth: 1, threads: 1 });
  });

  it('pins the signature at the default bench depth', async () => {
    const { stdout } = await tamaBench();
    expect(Number(field(stdout, 'Nodes searched'))).toBe(BENCH_SIGNATURE);
  });

  it.each([
    ...Object.entries(NETWORK_SIGNATURES).map(([variant, signature]) => [`${variant}, by default its shipped network`, variant, [], signature] as const), // prettier-ignore
    ['armenian, the linear evaluation', 'armenian', ['setoption name EvalFile value data/eval-weights.json'], LINEAR_SIGNATURE] as const, // prettier-ignore
  ])(
    "pins the protocol bench's signature in %s",
    async (_name, variant, options, signature) => {
      const engine = new TamaProcess();
      engine.send(`setoption name Variant value ${variant}`, ...options);
      engine.send('bench');
      const at = await engine.waitFor(/^Nodes searched: /, 0, 240_000);
      expect(engine.lines[at]).toBe(`Nodes searched: ${signature}`);
      await engine.quit();
    },
    240_000,
  );

  it('says in one line that the WebAssembly search cannot start where there is no WebAssembly', async () => {
    // The same Node without WebAssembly: the search's memory, the table in it, cannot be made.
    const failed = run(process.execPath, ['--jitless', tama, 'bench', '--depth', '1']);
    await expect(failed).rejects.toMatchObject({ code: 1 });
    const { stderr } = (await failed.catch((error: unknown) => error)) as { stderr: string };
    const errors = stderr.split('\n').filter((line) => line.startsWith('error:'));
    expect(errors).toEqual([
      "error: the search's WebAssembly module cannot start: this JavaScript engine has no WebAssembly",
    ]);
  });

  it('searches every bench position on two threads and totals their nodes', async () => {
    const { stdout, stderr } = await tamaBench('--depth', '2', '--threads', '2');
    expect(stdout).toMatch(/^Threads {9}: 2 /m);
    expect(Number(field(stdout, 'Nodes searched'))).toBeGreaterThan(0);
    expect(Number(field(stdout, 'Nodes/second'))).toBeGreaterThan(0);
    expect(Number(field(stdout, 'Total time (ms)'))).toBeGreaterThan(0);
    const positions = stderr.trim().split('\n');
    expect(positions).toHaveLength(BENCH_POSITIONS.length);
    expect(positions[0]).toMatch(/^Position 1\/33 \(.*\): \d+ nodes$/);
    const { stdout: json } = await tamaBench('--depth', '1', '--threads', '2', '--json');
    expect(JSON.parse(json)).toMatchObject({ depth: 1, threads: 2, nodes: expect.any(Number) });
  });

  it('refuses more threads than the engine allows, with exit code 2', async () => {
    await expect(
      tamaBench('--threads', String(MAX_THREADS + 1), '--depth', '1'),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`expected a whole number from 1 to ${MAX_THREADS}`),
    });
    await expect(tamaBench('--threads', '0')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`expected a whole number from 1 to ${MAX_THREADS}`),
    });
  });
});
