/**
 * The build identity of a real engine, on the embedded PostgreSQL with real `tama worker`
 * processes: the campaign records Tama's bench signature (the count `tama bench` gives on
 * one thread at that depth, whatever the campaign's Threads), a worker whose checkout has
 * another evaluation network is refused with the message docs/campaigns.md quotes, and a worker with the
 * same build plays the campaign; an engine without bench has no signature.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { FIXTURES, requireBuild, ROOT } from '../helpers.js';
import { Lab, until } from './lab.js';

let lab: Lab;
/** A copy of the built checkout whose engine ships another Armenian network. */
let otherCheckout: string;

const DEPTH = 2;

/** `tama bench --depth D` run in `cwd`: its node count. */
async function benchSignature(cwd: string): Promise<number> {
  const bench = await lab.tama(['bench', '--depth', String(DEPTH)], cwd);
  const found = /Nodes searched\s*:\s*(\d+)/.exec(bench.stdout);
  if (found === null) throw new Error(`no count in: ${bench.stdout}`);
  return Number(found[1]);
}

beforeAll(async () => {
  requireBuild();
  lab = await Lab.open('tama-identity-');
  otherCheckout = join(lab.dir, 'other-checkout');
  mkdirSync(otherCheckout);
  for (const part of ['bin', 'dist', 'package.json']) {
    cpSync(join(ROOT, part), join(otherCheckout, part), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(otherCheckout, 'node_modules'));
  // The build of that checkout has another default Armenian network: the Turkish one's
  // weights, named Armenian.
  const turkish = JSON.parse(readFileSync(join(ROOT, 'data', 'network-turkish.json'), 'utf8')) as Record<string, unknown>; // prettier-ignore
  writeFileSync(join(otherCheckout, 'dist', 'data', 'network-armenian.json'), JSON.stringify({ ...turkish, variant: 'armenian' })); // prettier-ignore
});

afterAll(async () => {
  await lab?.close();
});

describe('the build identity of a real engine', () => {
  it('records the bench signature and refuses a checkout with another network', async ({
    expect,
  }) => {
    const signature = await benchSignature(ROOT);
    const other = await benchSignature(otherCheckout);
    expect(other).not.toBe(signature);

    const id = await lab.create(
      `--engine cmd="node bin/tama.js" name=new option.Threads=2 ` +
        `--engine cmd="node bin/tama.js" name=old --each nodes=2000 ` +
        `--bench-depth ${DEPTH} --games 2 --batch 1 --maxplies 30`,
    );
    const recorded = (await lab.store.campaign(id))?.settings as {
      builds: { name: string; signature: number }[];
    };
    expect(recorded.builds.map((build) => build.signature)).toEqual([signature, signature]);
    const status = await lab.status(id);
    expect(status.stdout).toContain(
      `Engines: new (id name 'Tama 0.1.0', bench ${signature}) vs old (id name 'Tama 0.1.0', bench ${signature})`,
    );

    // The campaign's command, `node bin/tama.js`, run from the other checkout.
    const refused = lab.worker(undefined, otherCheckout);
    await until(() => refused.output.stderr.includes('refusing'), 'the refusal');
    refused.child.kill('SIGTERM');
    expect(await refused.exited).toBe(0);
    expect(refused.output.stderr).toContain(
      `error: campaign ${id}: refusing its jobs: engine 1 (new) here has bench signature ` +
        `${other} where the campaign recorded ${signature}`,
    );
    expect(await lab.store.games(id)).toHaveLength(0);

    const same = lab.worker();
    await until(lab.finished(id), 'the campaign played by the same build');
    same.child.kill('SIGTERM');
    await same.exited;
    expect(same.output.stdout).toContain(
      `Campaign ${id} "new vs old": engines checked, same builds`,
    );
    expect(await lab.store.games(id)).toHaveLength(2);
  });

  it('shows (none) at once for an engine that answers bench as an unknown command', async ({
    expect,
  }) => {
    const fake = `${process.execPath} ${FIXTURES}random-mover.mjs`;
    const id = await lab.create(
      `--engine cmd="${fake} --bench none" name=plain --engine cmd="${fake}" name=benched ` +
        `--each depth=1 --games 2`,
    );
    expect((await lab.status(id)).stdout).toContain(
      `Engines: plain (id name 'random-mover', bench (none)) vs benched (id name 'random-mover', bench 1000)`,
    );
  });
});
