/**
 * Engine identity: start an engine once, read its `id name`, run its bench and keep the
 * node count as the signature of its build. A campaign records the builds it was created
 * with; a worker whose engines answer differently refuses the campaign's jobs.
 */
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { EnginePool, type EngineSettings } from '../match/engine-pool.js';
import type { EngineBuild } from './settings.js';

/** Time an engine's bench may take before it counts as stalled. */
const BENCH_TIMEOUT_MS = 600_000;

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
      return fail('engine', `${label} (${command}) did not start: ${acquired.failure.message}`);
    }
    const bench = await acquired.value.bench(benchDepth, BENCH_TIMEOUT_MS);
    pool.release(acquired.value, false);
    if (!bench.ok) {
      return fail('engine', `${label} (${command}) failed its bench: ${bench.failure.message}`);
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
