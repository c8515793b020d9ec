/** `tama gui`: starts the page's server and prints its address; wiring only. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EngineCommand } from '../engine-client/engine-process.js';
import { splitCommandLine } from '../engine-client/shell-words.js';
import { answeringUrls, reachableFromOtherMachines } from '../gui/hosts.js';
import { startGuiServer } from '../gui/server.js';

export interface GuiOptions {
  readonly port: number;
  readonly host: string;
  readonly engine?: string;
  readonly maxTabs: number;
  readonly open?: boolean;
}

const TAMA = fileURLToPath(new URL('../../../bin/tama.js', import.meta.url));
/** Silence allowed from an engine before it counts as stalled. */
const STALL_MS = 10_000;

/** Runs the server until Ctrl-C; returns the exit code. */
export async function runGuiCommand(
  options: GuiOptions,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  let engine: EngineCommand = { program: process.execPath, args: [TAMA] };
  if (options.engine !== undefined) {
    const words = splitCommandLine(options.engine);
    if (!words.ok) {
      err(`tama gui: --engine: ${words.error.message}`);
      return 2;
    }
    engine = { program: words.value[0], args: words.value.slice(1) };
  }
  let server;
  try {
    server = await startGuiServer({
      port: options.port,
      host: options.host,
      engine,
      maxTabs: options.maxTabs,
      stallMs: STALL_MS,
    });
  } catch (error) {
    err(`tama gui: cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
    return 1;
  }
  out(`tama gui: open ${server.url} (Ctrl-C to stop)`);
  if (reachableFromOtherMachines(options.host)) {
    for (const url of answeringUrls(options.host, server.port)) {
      if (url !== server.url) out(`tama gui: also at ${url}`);
    }
    out(
      `tama gui: warning: listening on ${options.host}, so anyone who can reach this machine ` +
        `on port ${server.port} can open the page and start engines here (up to ${options.maxTabs} ` +
        `at once, --max-tabs); --host 127.0.0.1 keeps it to this machine`,
    );
  }
  if (options.open) openBrowser(server.url, err);
  const running = server;
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
}

function openBrowser(url: string, err: (line: string) => void): void {
  const command =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open'; // prettier-ignore
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => err(`tama gui: could not open a browser (${command}); open ${url} yourself`)); // prettier-ignore
  child.unref();
}
