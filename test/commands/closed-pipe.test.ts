/**
 * A command's output into a closed pipe ends the command quietly with exit 0: no EPIPE
 * error or stack trace on stderr, and a long count ends at its next line instead of
 * running on (only a generous watchdog stands for the clock).
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TAMA = fileURLToPath(new URL('../../bin/tama.js', import.meta.url));
const run = promisify(execFile);

/** Runs `tama args` with its stdout a pipe whose reading end is closed at once. */
function intoClosedPipe(
  args: readonly string[],
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TAMA, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const watchdog = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(watchdog);
      resolve({ code, signal, stderr });
    });
  });
}

describe('output into a closed pipe', () => {
  it.each([[['--help']], [['puzzles', 'check', '--help']], [['help', 'match']]])(
    'tama %j ends quietly with exit 0',
    async (args) => {
      const ended = await intoClosedPipe(args);
      expect(ended).toEqual({ code: 0, signal: null, stderr: '' });
    },
  );

  it('perft on one thread ends at its next line, quietly, not when the count is done', async () => {
    // Depth 16 on one thread would count for hours: only the closed pipe ends it.
    const ended = await intoClosedPipe(['perft', '16']);
    expect(ended).toEqual({ code: 0, signal: null, stderr: '' });
  });

  it('tama --help | head -1 in a shell: one line, exit 0 (pipefail), nothing on stderr', async () => {
    const { stdout, stderr } = await run('bash', ['-c', `set -o pipefail; "${process.execPath}" "${TAMA}" --help | head -1`]); // prettier-ignore
    expect(stdout).toBe('Usage: tama [options] [command]\n');
    expect(stderr).toBe('');
  });
});
