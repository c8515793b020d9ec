/** A real `tama` child process for protocol tests: send lines, wait for replies. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

export const TAMA = fileURLToPath(new URL('../../bin/tama.js', import.meta.url));
/** The built engine with search threads that fail on purpose (TAMA_FAILING_WORKER). */
export const FAILING_ENGINE = fileURLToPath(new URL('../fixtures/failing-engine.mjs', import.meta.url)); // prettier-ignore
/** The built engine with search threads where WebAssembly cannot be instantiated. */
export const NO_WEBASSEMBLY_ENGINE = fileURLToPath(new URL('../fixtures/no-webassembly-engine.mjs', import.meta.url)); // prettier-ignore
/** The built engine on a machine that gives no WebAssembly memory above TAMA_MEMORY_LIMIT_MIB. */
export const MEMORY_LIMITED_ENGINE = fileURLToPath(new URL('../fixtures/memory-limited-engine.mjs', import.meta.url)); // prettier-ignore

export class TamaProcess {
  readonly lines: string[] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private partial = '';
  private waiters: (() => void)[] = [];
  readonly exited: Promise<number | null>;
  stderr = '';

  /**
   * Runs `program` (the built tama by default) with `env` added to the environment;
   * `wrapper`: a command that runs the engine given as its last arguments (`bash -c ...`).
   */
  constructor(env: Record<string, string> = {}, wrapper: string[] = [], program = TAMA) {
    const [command, ...args] = [...wrapper, process.execPath, program];
    this.child = spawn(command, args, { env: { ...process.env, ...env } });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop() ?? '';
      this.lines.push(...parts);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code) => {
        for (const wake of this.waiters.splice(0)) wake();
        resolve(code);
      }),
    );
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  send(...lines: string[]): void {
    for (const line of lines) this.child.stdin.write(line + '\n');
  }

  closeInput(): void {
    this.child.stdin.end();
  }

  /** Stops reading the engine's output: its next write meets a closed pipe. */
  closeOutput(): void {
    this.child.stdout.destroy();
  }

  /** Waits until some line from index `from` on matches; returns its index. */
  async waitFor(
    match: RegExp | ((line: string) => boolean),
    from = 0,
    timeoutMs = 30_000,
  ): Promise<number> {
    const test = typeof match === 'function' ? match : (line: string) => match.test(line);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = from; i < this.lines.length; i++) if (test(this.lines[i])) return i;
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${String(match)}; got:\n${this.lines.slice(from).join('\n')}\nstderr: ${this.stderr}`); // prettier-ignore
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Sends `isready` and waits for its `readyok`: everything sent before has been handled. */
  async sync(): Promise<number> {
    const from = this.lines.length;
    this.send('isready');
    return this.waitFor(/^readyok$/, from);
  }

  /** Lines from index `from` up to the end (copy). */
  since(from: number): string[] {
    return this.lines.slice(from);
  }

  async quit(): Promise<number | null> {
    this.send('quit');
    return this.exited;
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }
}

/** A test file's way to start engines: each one started is killed after its test. */
export function engineStarter(): () => TamaProcess {
  const engines: TamaProcess[] = [];
  afterEach(() => {
    for (const engine of engines.splice(0)) engine.kill();
  });
  return () => {
    const engine = new TamaProcess();
    engines.push(engine);
    return engine;
  };
}
