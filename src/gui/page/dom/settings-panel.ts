/**
 * The settings panel of the static build's page (hidden when the page talks to a `tama gui`
 * server): the in-browser engine's Threads and Hash, offered within the ranges the engine
 * states and applied between searches without a reload, and the endgame tables, downloaded
 * on request into the browser's storage and loaded by the engine (gui/web/endgame-store.ts).
 */
import { hashSizes, type SpinRange } from '../engine-settings.js';
import type { BrowserEngine, EngineStart } from './worker-transport.js';
import { canStoreTables, downloadTables, type TableList } from '../../web/endgame-store.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Bytes as the panel shows them: `1.7 MiB`. */
function mebibytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

function fillSelect(
  select: HTMLSelectElement,
  values: readonly number[],
  label: (value: number) => string,
  chosen: number,
): void {
  // prettier-ignore
  select.replaceChildren(...values.map((value) => new Option(label(value), String(value))));
  select.value = String(chosen);
}

function range(spin: SpinRange): number[] {
  return Array.from({ length: spin.max - spin.min + 1 }, (_, i) => spin.min + i);
}

/** What the tables line says. */
function tablesText(list: TableList, loaded: boolean): string {
  const variants = list.variants.map((name) => name[0].toUpperCase() + name.slice(1));
  const what = `${list.pieces}-piece tables, ${variants.join(' and ')}, ${mebibytes(list.bytes)}`; // prettier-ignore
  return loaded ? `Loaded: ${what}; the engine plays them perfectly, also offline.` : `Not loaded: ${what} to download.`; // prettier-ignore
}

/**
 * Shows the panel for `engine` once it has started; `renamed` hears the engine's new name
 * after Threads or Hash changed.
 */
export async function setUpSettingsPanel(
  engine: BrowserEngine,
  renamed: (name: string) => void,
): Promise<void> {
  const start: EngineStart = await engine.started;
  const threads = $<HTMLSelectElement>('threads');
  const hash = $<HTMLSelectElement>('hash');
  const status = $('settings-status');
  fillSelect(threads, range(start.threads), String, start.choice.threads);
  fillSelect(hash, hashSizes(start.hash), (mib) => `${mib} MiB`, start.choice.hashMib);
  $('threads-note').textContent = start.threads.max === 1 ? 'One thread: this page is not cross-origin isolated, so its workers cannot share memory.' : ''; // prettier-ignore
  let applied = start.choice;
  const apply = async () => {
    const choice = { threads: Number(threads.value), hashMib: Number(hash.value) };
    status.textContent = 'Applying after the current search…';
    const answer = await engine.apply(choice);
    if ('errors' in answer) {
      status.textContent = `Not applied: ${answer.errors.join('; ')}`;
      threads.value = String(applied.threads);
      hash.value = String(applied.hashMib);
      return;
    }
    applied = choice;
    status.textContent = `Applied: ${choice.threads} thread${choice.threads === 1 ? '' : 's'}, ${choice.hashMib} MiB hash (kept for the next visit).`; // prettier-ignore
    renamed(answer.name);
  };
  threads.addEventListener('change', () => void apply());
  hash.addEventListener('change', () => void apply());
  setUpTables(engine, start);
  $('browser-engine').hidden = false;
}

/** The endgame tables' line, button and progress bar. */
function setUpTables(engine: BrowserEngine, start: EngineStart): void {
  const status = $('tables-status');
  const button = $<HTMLButtonElement>('tables-download');
  const progress = $<HTMLProgressElement>('tables-progress');
  const list = start.tableList;
  document.body.dataset.tables = start.tables.loaded ? 'loaded' : 'none';
  if (list === undefined) {
    status.textContent = 'This build has no endgame tables.';
    button.hidden = true;
    return;
  }
  status.textContent = start.tables.error ?? tablesText(list, start.tables.loaded);
  button.hidden = start.tables.loaded;
  if (!canStoreTables()) {
    button.disabled = true;
    status.textContent += ' Storing them needs the page served over HTTPS (or from localhost).';
    return;
  }
  button.textContent = `Download tables (${mebibytes(list.bytes)})`;
  button.addEventListener('click', () => {
    button.disabled = true;
    progress.max = list.bytes;
    progress.value = 0;
    progress.hidden = false;
    const shown = (bytes: number) => {
      progress.value = bytes;
      status.textContent = `Downloading ${mebibytes(bytes)} of ${mebibytes(list.bytes)}…`;
    };
    shown(0);
    void downloadTables(engine.base, list, shown)
      .then(() => engine.loadStoredTables())
      .then(
        (errors) => {
          const loaded = errors.length === 0;
          status.textContent = loaded ? tablesText(list, true) : `Stored, but not loaded: ${errors.join('; ')}`; // prettier-ignore
          document.body.dataset.tables = loaded ? 'loaded' : 'none';
          button.hidden = loaded;
        },
        (error: unknown) => {
          status.textContent = `Download failed: ${error instanceof Error ? error.message : String(error)}; try again.`; // prettier-ignore
        },
      )
      .finally(() => {
        button.disabled = false;
        progress.hidden = true;
      });
  });
}
