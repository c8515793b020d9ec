/**
 * SIGINT and SIGTERM end every long command, through the real `tama` child process: the
 * signal is sent once the command runs (its handler says it listens, or its first line is
 * out), and the command exits with 130 or 143 after saying what it finished, its files
 * whole or absent. Perft on one thread, whose count holds the main thread, ends by the
 * signal's default action after the lines it printed. The only clock is a generous watchdog.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LISTENING_ENV, LISTENING_LINE } from '../../src/commands/interrupt.js';
import { readTable } from '../../src/egdb/file.js';
import { parseMaterialName } from '../../src/egdb/material.js';

const TAMA = fileURLToPath(new URL('../../bin/tama.js', import.meta.url));
const GAMES = fileURLToPath(new URL('../fixtures/games-armenian.pdn', import.meta.url));
const PUZZLES = fileURLToPath(new URL('../../data/puzzles-armenian.jsonl', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'tama-interrupt-'));
/** Training positions for tune and train: a few, for epochs that pass quickly. */
const POSITIONS = join(folder, 'positions.txt');
writeFileSync(
  POSITIONS,
  '1 W:Wa3,c3:Bf6\n0 W:Wa3:Bf6,h6\n0.5 W:Wa3:Bf6\n1 W:Wa3,c3,e3:Bf6\n0 W:Wa3:Bf6,h6,d6\n0.5 W:Wc3:Bf6\n',
);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `tama args`, sends `name` once `ready` says the command runs (given its output so
 * far and whether its handler said it listens), and resolves when it has exited.
 */
function interrupted(
  args: readonly string[],
  name: 'SIGINT' | 'SIGTERM',
  ready: (out: { stdout: string; stderr: string; listening: boolean }) => boolean,
): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, [LISTENING_ENV]: '1' };
    const child = spawn(process.execPath, [TAMA, ...args], { cwd: folder, env });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const poll = setInterval(() => {
      if (sent || child.pid === undefined) return;
      if (!ready({ stdout, stderr, listening: stderr.includes(LISTENING_LINE) })) return;
      sent = true;
      child.kill(name);
    }, 50);
    const watchdog = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(poll);
      clearTimeout(watchdog);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

const listening = ({ listening }: { listening: boolean }) => listening;

describe('a signal ends a long command with what it finished', () => {
  it('bench: stopped as it starts, exit 130', async () => {
    const ended = await interrupted(['bench', '--depth', '30'], 'SIGINT', listening);
    expect(ended.code).toBe(130);
    expect(ended.stderr).toMatch(/^interrupted: \d+ of 33 positions searched/m);
  });

  it('bench: the totals of the positions searched, exit 143', async () => {
    const ended = await interrupted(['bench', '--depth', '9'], 'SIGTERM', ({ stderr }) => stderr.includes('Position 1/33')); // prettier-ignore
    expect(ended.code).toBe(143);
    expect(ended.stdout).toMatch(/^Nodes searched {2}: \d+$/m);
    expect(ended.stderr).toMatch(/^interrupted: \d+ of 33 positions searched; the totals are theirs$/m); // prettier-ignore
  });

  it('perft on two threads: the depths counted, exit 143', async () => {
    const ended = await interrupted(['perft', '14', '--threads', '2'], 'SIGTERM', ({ stdout }) => /^ {4}4 /m.test(stdout)); // prettier-ignore
    expect(ended.code).toBe(143);
    const counted = ended.stdout.split('\n').filter((line) => /^\s+\d+\s+\d+/.test(line)).length;
    expect(counted).toBeGreaterThanOrEqual(4);
    expect(ended.stderr).toContain(`interrupted during depth ${counted + 1}: depths 1 to ${counted} counted`); // prettier-ignore
  });

  it('perft on two threads with --json: the depths counted, marked interrupted', async () => {
    const ended = await interrupted(['perft', '14', '--threads', '2', '--json'], 'SIGINT', listening); // prettier-ignore
    expect(ended.code).toBe(130);
    const json = JSON.parse(ended.stdout) as { results: { depth: number }[]; interrupted: boolean };
    expect(json.interrupted).toBe(true);
    expect(json.results.map((r) => r.depth)).toEqual(json.results.map((_, i) => i + 1));
  });

  it('perft on one thread: ended by the signal after the depths it printed', async () => {
    const ended = await interrupted(['perft', '14'], 'SIGTERM', ({ stdout }) => /^ {4}3 /m.test(stdout)); // prettier-ignore
    expect(ended.signal).toBe('SIGTERM');
    expect(ended.stdout).toMatch(/^ {4}3 +12174 /m);
  });

  it('match-openings: how many were made, nothing written, exit 143', async () => {
    const out = join(folder, 'openings.txt');
    const ended = await interrupted(['match-openings', '--count', '100000', '--out', out], 'SIGTERM', listening); // prettier-ignore
    expect(ended.code).toBe(143);
    expect(ended.stderr).toMatch(/^stopped: \d+ of 100000 openings made, none written$/m);
    expect(() => readFileSync(out)).toThrow();
  });

  it('egdb build: the units done, which the same command goes on from, exit 130', async () => {
    const out = join(folder, 'egdb');
    const ended = await interrupted(['egdb', 'build', '--pieces', '4', '--out', out], 'SIGINT', ({ stderr }) => /^\[1\/\d+\]/m.test(stderr)); // prettier-ignore
    expect(ended.code).toBe(130);
    const done = new RegExp(`^interrupted: (\\d+)/\\d+ units done in ${out}; the same command goes on from them$`, 'm').exec(ended.stderr); // prettier-ignore
    expect(done).not.toBeNull();
    // The units done are whole tables; the units under way left no file, whole or part.
    const files = readdirSync(join(out, 'armenian'));
    expect(files.every((name) => name.endsWith('.egdb'))).toBe(true);
    for (const name of files) {
      const material = parseMaterialName(name.replace('.egdb', ''));
      expect(material !== undefined && readTable(out, 'armenian', material).ok).toBe(true);
    }
    expect(files.length).toBeGreaterThanOrEqual(Number(done?.[1]));
  });

  it('match: the games finished reported, exit 143', async () => {
    const engine = `cmd=${process.execPath} ${TAMA}`;
    const ended = await interrupted(['match', '--engine', engine, 'name=a', '--engine', engine, 'name=b', '--each', 'tc=60+1', '--games', '4'], 'SIGTERM', listening); // prettier-ignore
    expect(ended.code).toBe(143);
    expect(ended.stderr).toContain('Stopping the match');
  });

  it('analyse: the games written, exit 130', async () => {
    const ended = await interrupted(['analyse', GAMES, '--nodes', '100000000'], 'SIGINT', listening); // prettier-ignore
    expect(ended.code).toBe(130);
    expect(ended.stderr).toMatch(/^stopped: 0 of \d+ games written$/m);
  });

  it('tune: the epochs fitted, no weights written, exit 143', async () => {
    const out = join(folder, 'w.json');
    const ended = await interrupted(['tune', '--positions', POSITIONS, '--out', out, '--epochs', '100000', '--batch', '1'], 'SIGTERM', ({ stderr }) => /^epoch 1\//m.test(stderr)); // prettier-ignore
    expect(ended.code).toBe(143);
    expect(ended.stderr).toMatch(/^epoch 1\/100000: loss /m);
    expect(ended.stderr).toMatch(new RegExp(`^interrupted: \\d+ of 100000 epochs fitted \\(loss [\\d.]+\\); nothing written to ${out}$`, 'm')); // prettier-ignore
    expect(existsSync(out)).toBe(false);
  });

  it('train: the epochs trained, no network written, exit 143', async () => {
    const out = join(folder, 'network.json');
    const ended = await interrupted(['train', '--positions', POSITIONS, '--out', out, '--epochs', '100000', '--batch', '4', '--hidden', '8', '--holdout', '0.3'], 'SIGTERM', ({ stderr }) => /^epoch 1\//m.test(stderr)); // prettier-ignore
    expect(ended.code).toBe(143);
    expect(ended.stderr).toMatch(new RegExp(`^interrupted: \\d+ of 100000 epochs trained \\(held-out loss [\\d.]+\\); nothing written to ${out}$`, 'm')); // prettier-ignore
    expect(existsSync(out)).toBe(false);
  });

  it('tune-data: the games read, nothing written, exit 130', async () => {
    // The first file is read whole (its line says so); the second, long, is under way.
    const long = join(folder, 'long.pdn');
    writeFileSync(long, `${readFileSync(GAMES, 'utf8')}\n`.repeat(200));
    const out = join(folder, 'tune-data.txt');
    const ended = await interrupted(['tune-data', '--out', out, GAMES, long], 'SIGINT', ({ stderr }) => stderr.includes(`${GAMES}: 8 games`)); // prettier-ignore
    expect(ended.code).toBe(130);
    expect(ended.stderr).toMatch(new RegExp(`^interrupted: \\d+ games of 1 of 2 files read, \\d+ positions; nothing written to ${out}$`, 'm')); // prettier-ignore
    expect(existsSync(out)).toBe(false);
  });

  it('puzzles check: the puzzles given the material check, exit 143', async () => {
    const ended = await interrupted(['puzzles', 'check', PUZZLES], 'SIGTERM', listening);
    expect(ended.code).toBe(143);
    expect(ended.stderr).toMatch(/^stopped: \d+ of \d+ puzzles given the material check, \d+ failed, none searched again$/m); // prettier-ignore
  });
});
