/**
 * Which engines a worker runs: the rules of its allow list (its own checkout by default,
 * `checkout` and `command` lines of `--allow FILE`), and, on the embedded PostgreSQL with a
 * real `tama worker`, a campaign row naming a command the worker was not allowed: nothing
 * is spawned (the command would leave a file), the refusal is stored and shown by `tama
 * campaign status`, and the worker plays another campaign's games.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  engineRefusal,
  loadAllowList,
  ownCheckoutOnly,
  parseAllowList,
} from '../../src/campaign/allow.js';
import { JobQueue, jobRanges } from '../../src/campaign/queue.js';
import { campaignSlots, type GamesCampaignSettings } from '../../src/campaign/settings.js';
import { FIXTURES, requireBuild, ROOT } from '../helpers.js';
import { Lab, until } from './lab.js';

const command = (program: string, args: string[], cwd?: string) => ({ program, args, cwd });

const scratch = mkdtempSync(join(tmpdir(), 'tama-allow-'));
/** A second checkout: a folder with a bin/tama.js. */
const other = join(scratch, 'old');
mkdirSync(join(other, 'bin'), { recursive: true });
writeFileSync(join(other, 'bin', 'tama.js'), '');

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("a worker's own checkout, allowed by default", () => {
  const own = ownCheckoutOnly(ROOT);

  it.each([
    ['node bin/tama.js', command('node', ['bin/tama.js'])],
    ['this Node by its path', command(process.execPath, ['bin/tama.js'])],
    ['another spelling of the same file', command('node', ['./bin/../bin/tama.js'])],
    ['its absolute path', command('node', [join(ROOT, 'bin', 'tama.js')])],
    ['from another folder, named absolutely', command('node', [join(ROOT, 'bin', 'tama.js')], '/')], // prettier-ignore
  ])('allows %s', (_, engine) => {
    expect(engineRefusal(engine, own, ROOT)).toBeUndefined();
  });

  it.each([
    ['a shell', command('sh', ['-c', 'touch /tmp/x'])],
    ['node running code of its own', command('node', ['-e', 'process.exit()'])],
    ['its engine with more words', command('node', ['bin/tama.js', 'gui'])],
    ['node bin/tama.js of another folder', command('node', ['bin/tama.js'], other)],
    ['another checkout', command('node', [join(other, 'bin', 'tama.js')])],
    ['a program called node that is not Node', command(join(other, 'node'), ['bin/tama.js'])],
  ])('refuses %s', (_, engine) => {
    expect(engineRefusal(engine, own, ROOT)).toMatch(/is not allowed on this worker/);
  });

  it('names the command refused and where to allow it', ({ expect }) => {
    expect(engineRefusal(command('sh', ['-c', 'touch /tmp/x']), own, ROOT)).toBe(
      `command 'sh -c 'touch /tmp/x'' is not allowed on this worker, which runs only its own ` +
        `checkout's engine (node bin/tama.js in ${own.checkouts[0]}) and no --allow file; ` +
        `to run it, add the line "command sh -c 'touch /tmp/x'" to the worker's --allow file ` +
        `(docs/campaigns.md, "Which engines a worker runs")`,
    );
  });
});

describe('an --allow file', () => {
  const file = () => join(scratch, 'allow.txt');
  const rules = (text: string) => {
    const parsed = parseAllowList(text, file(), ROOT);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };

  it('allows a checkout named from its own folder, under any spelling', ({ expect }) => {
    const allow = rules('# the old build\ncheckout old   # beside this file\n');
    expect(engineRefusal(command('node', ['../old/bin/tama.js'], join(scratch, 'x')), allow, ROOT)).toBeUndefined(); // prettier-ignore
    expect(engineRefusal(command('node', [join(other, 'bin', 'tama.js')]), allow, ROOT)).toBeUndefined(); // prettier-ignore
    expect(engineRefusal(command('node', ['bin/tama.js']), allow, ROOT)).toBeUndefined();
  });

  it('allows a command by its exact words, run in the worker folder only', ({ expect }) => {
    const allow = rules(`command ./engines/scan "hub mode"\n`);
    expect(engineRefusal(command('./engines/scan', ['hub mode']), allow, ROOT)).toBeUndefined();
    expect(engineRefusal(command('./engines/scan', ['hub', 'mode']), allow, ROOT)).toMatch(
      /^command '\.\/engines\/scan hub mode' is not allowed .* and the rules of .*allow\.txt; to run it, add the line "command \.\/engines\/scan hub mode"/,
    );
    expect(engineRefusal(command('./engines/scan', ['hub mode'], other), allow, ROOT)).toMatch(
      /^command '\.\/engines\/scan 'hub mode'' in .*old is not allowed .*; to run it, run it from the worker's folder/,
    );
  });

  it.each([
    ['frobnicate everything', /allow\.txt:1: unknown rule 'frobnicate'/],
    ['# fine\ncheckout', /allow\.txt:2: 'checkout' needs a folder/],
    ['checkout nowhere', /allow\.txt:1: .*nowhere is not a Tama checkout \(no bin\/tama\.js\)/],
    ['command', /allow\.txt:1: the engine command is empty/],
    [`command sh -c 'unclosed`, /allow\.txt:1: command .* has an unclosed '/],
  ])('refuses the file %j with a clear error', (text, error) => {
    const parsed = parseAllowList(text, file(), ROOT);
    expect(parsed.ok ? 'parsed' : parsed.error.message).toMatch(error);
  });

  it('says when the file cannot be read', ({ expect }) => {
    const loaded = loadAllowList(join(scratch, 'missing.txt'), ROOT);
    expect(loaded.ok ? 'loaded' : loaded.error.message).toMatch(
      /^--allow: cannot read .*missing\.txt: ENOENT/,
    );
  });
});

describe('a worker and a campaign it was not allowed', () => {
  let lab: Lab;

  beforeAll(async () => {
    requireBuild();
    lab = await Lab.open('tama-allow-lab-');
  });

  afterAll(async () => {
    await lab?.close();
  });

  it('spawns nothing, stores and shows the refusal, and plays the other campaign', async ({
    expect,
  }) => {
    const marker = join(lab.dir, 'ran');
    const control = join(lab.dir, 'control');
    // The command leaves its file when it runs: the test would see it.
    spawnSync('sh', ['-c', `touch ${control}`]);
    expect(existsSync(control)).toBe(true);

    const mover = `${process.execPath} ${FIXTURES}random-mover.mjs`;
    const pair = `--engine cmd="${mover}" name=A --engine cmd="${mover} --seed 4" name=B --each depth=1 --maxplies 16 --games 2`; // prettier-ignore
    // A campaign row written straight into the database, as anyone with the URL could.
    const template = await lab.create(pair);
    await lab.tama(['campaign', 'stop', String(template), '--db', lab.url]);
    const settings = (await lab.store.campaign(template))?.settings as GamesCampaignSettings;
    const shell = { program: 'sh', args: ['-c', `touch ${marker}`] };
    const evil = await lab.store.createCampaign('games', 'evil', {
      ...settings,
      engines: settings.engines.map((engine) => ({ ...engine, command: shell })),
    });
    const queue = await JobQueue.open(lab.url, false, () => {});
    try {
      await queue.enqueue(evil, jobRanges(evil, campaignSlots(settings).length, 1));
    } finally {
      await queue.close();
    }
    const fair = await lab.create(pair);

    const worker = lab.worker();
    await until(lab.finished(fair), 'the allowed campaign played');
    const status = await lab.status(evil);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);

    expect(existsSync(marker)).toBe(false);
    expect(await lab.store.games(fair)).toHaveLength(2);
    expect(await lab.store.games(evil)).toHaveLength(0);
    const reason =
      `engine 1 (A): command 'sh -c 'touch ${marker}'' is not allowed on this worker, which ` +
      `runs only its own checkout's engine (node bin/tama.js in ${ownCheckoutOnly(ROOT).checkouts[0]}) ` +
      `and the rules of ${lab.allowFile}; to run it, add the line "command sh -c 'touch ${marker}'" ` +
      `to the worker's --allow file (docs/campaigns.md, "Which engines a worker runs")`;
    expect(status.stdout).toContain(`Refused by 1 worker:\n  ${(await lab.store.refusals(evil))[0].worker}: ${reason}\n`); // prettier-ignore
    // Refused once: the worker does not come back to the campaign at every look for jobs.
    expect(worker.output.stderr.split(`error: campaign ${evil}: refusing its jobs: ${reason}`)).toHaveLength(2); // prettier-ignore
    expect((await lab.status(fair)).stdout).not.toContain('Refused');
  });

  it('refuses to start with an allow file it cannot read', async ({ expect }) => {
    const started = await lab.tama(['worker', '--db', lab.url, '--allow', join(lab.dir, 'none')]);
    expect(started.code).toBe(2);
    expect(started.stderr).toMatch(/^error: --allow: cannot read .*none: ENOENT/);
  });
});
