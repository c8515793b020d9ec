/**
 * Engine identity: start an engine once, read its `id name`, run its bench (on one thread
 * with a 16 MiB table, whatever the campaign's options say) and keep the node count as the
 * signature of its build. A campaign records the builds it was created
 * with; a worker whose engines answer differently refuses the campaign's jobs.
 */
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { EnginePool, type EngineSettings } from '../engine-client/engine-pool.js';
import type { EngineBuild } from './settings.js';

/** Time an engine's bench may take before it counts as stalled. */
const BENCH_TIMEOUT_MS = 600_000;
/**
 * The conditions under which a bench's node count is the same on every machine
 * (protocol.md: one thread, Hash 16), set when the engine declares these options.
 */
const SIGNATURE_OPTIONS: readonly (readonly [string, string])[] = [
  ['Threads', '1'],
  ['Hash', '16'],
];

export interface ProbedEngine {
  readonly build: EngineBuild;
  /** `name=`, else its `id name`, else its command's last word. */
  readonly displayName: string;
}

/** Starts the engine, asks its name and bench signature, and ends it. */
export async function probeEngine(
  settings: EngineSettings,
  variant: VariantName,
  benchDepth: number | undefined,
  label: string,
): Promise<Result<ProbedEngine, 'engine'>> {
  const pool = new EnginePool(settings, variant, label);
  const command = [settings.command.program, ...settings.command.args].join(' ');
  try {
    const acquired = await pool.acquire();
    if (!acquired.ok) {
      return fail('engine', `${label} (${command}) did not start: ${acquired.error.message}`);
    }
    const engine = acquired.value;
    const declared = new Set(pool.identity?.options.map((name) => name.toLowerCase()));
    const fixed = SIGNATURE_OPTIONS.filter(([name]) => declared.has(name.toLowerCase()));
    for (const [name, value] of fixed) engine.setOption(name, value);
    const set = fixed.length > 0 ? await engine.readyWithErrors(settings.startupMs) : undefined;
    const bench = set?.ok === false ? set : await engine.bench(benchDepth, BENCH_TIMEOUT_MS);
    pool.release(engine, false);
    if (!bench.ok) {
      return fail('engine', `${label} (${command}) failed its bench: ${bench.error.message}`);
    }
    return ok({
      build: { name: pool.identity?.name ?? null, signature: bench.value ?? null },
      displayName: pool.displayName,
    });
  } finally {
    await pool.close();
  }
}

/** How a build differs from the recorded one, or undefined when it is the same. */
export function buildDifference(recorded: EngineBuild, found: EngineBuild): string | undefined {
  if (recorded.name !== found.name) {
    return `id name '${found.name ?? '(none)'}' where the campaign recorded '${recorded.name ?? '(none)'}'`;
  }
  if (recorded.signature !== found.signature) {
    return `bench signature ${found.signature ?? '(none)'} where the campaign recorded ${recorded.signature ?? '(none)'}`;
  }
  return undefined;
}

/** `name 'tama 0.1', bench 3237434` */
export function formatBuild(build: EngineBuild): string {
  return `id name '${build.name ?? '(none)'}', bench ${build.signature ?? '(none)'}`;
}
