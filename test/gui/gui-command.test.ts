/**
 * What `tama gui` prints about who can reach it, from a real process: on loopback one
 * line as ever; on every interface each URL it answers at (each one fetched here) and one
 * warning that anyone who can reach the machine can start engines.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answeringUrls } from '../../src/gui/hosts.js';
import { ROOT } from '../helpers.js';

/**
 * Starts `tama gui ARGS`, waits for the stdout line that `last` matches (and a moment for
 * any line after it), runs `meanwhile` while it serves, stops it; returns its stdout lines.
 */
async function guiLines(
  args: readonly string[],
  last: RegExp,
  meanwhile: () => Promise<void> = async () => {},
): Promise<string[]> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'tama.js'), 'gui', ...args]);
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (last.test(out)) resolve();
      });
      child.on('exit', () => reject(new Error(`tama gui ended: ${out}`)));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await meanwhile();
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  return out.trimEnd().split('\n');
}

/** A port free now, so that the URLs expected can be built before the server starts. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '0.0.0.0', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('tama gui says who can reach it', () => {
  it('prints one line on loopback', async () => {
    const lines = await guiLines(['--port', '0', '--host', '127.0.0.1'], /\n/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^tama gui: open http:\/\/127\.0\.0\.1:\d+\/ \(Ctrl-C to stop\)$/);
  });

  it('prints every URL and a warning on every interface, and answers at each URL', async () => {
    const port = await freePort();
    const urls = answeringUrls('0.0.0.0', port);
    const args = ['--port', String(port), '--host', '0.0.0.0', '--max-tabs', '3'];
    const lines = await guiLines(args, /warning.*\n/, async () => {
      for (const url of urls) expect((await fetch(url)).status, url).toBe(200);
    });
    const others = urls.filter((url) => !url.startsWith('http://127.0.0.1:'));
    expect(lines).toEqual([
      `tama gui: open http://127.0.0.1:${port}/ (Ctrl-C to stop)`,
      ...others.map((url) => `tama gui: also at ${url}`),
      `tama gui: warning: listening on 0.0.0.0, so anyone who can reach this machine on port ` +
        `${port} can open the page and start engines here (up to 3 at once, --max-tabs); ` +
        '--host 127.0.0.1 keeps it to this machine',
    ]);
  });
});
