/**
 * The controls beside the board, turned into the controller's actions: the settings (play
 * as, level, clock, rules), the game's buttons, moving through the game (buttons, the move
 * list, the arrow keys), the analysis switch, the typed move, and games in and out (PDN,
 * position text). Changing the clock or the rules in the middle of a game asks first.
 */
import type { VariantName } from '../../../core/variant.js';
import { TIME_CONTROLS } from '../clock.js';
import type { PageController } from '../controller.js';
import { download } from './download.js';
import { gameInProgress, levelLabel, MAX_LEVEL, type Mode } from '../state.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The largest PDN file the page reads. */
const MAX_PDN_BYTES = 1_000_000;

/** Whether the game in progress may be discarded for `change` (asks the person if there is one). */
function mayDiscard(controller: PageController, change: string): boolean {
  if (!gameInProgress(controller.state)) return true;
  return window.confirm(`${change} starts a new game: the game in progress will be lost. Go on?`);
}

/** The settings and the game's buttons: play as, level, clock, rules, new game, take back, hint, flip. */
function setUpGameControls(controller: PageController, redraw: () => void): void {
  const level = $<HTMLSelectElement>('level');
  for (let i = 0; i <= MAX_LEVEL; i++) {
    level.add(new Option(levelLabel(i), String(i)));
  }
  level.addEventListener('change', () => controller.setLevel(Number(level.value)));
  const control = $<HTMLSelectElement>('clock-control');
  control.add(new Option('no clock', ''));
  for (const c of TIME_CONTROLS) control.add(new Option(c.name, c.name));
  control.addEventListener('change', () => {
    if (mayDiscard(controller, 'Changing the clock')) controller.setControl(control.value);
    else redraw(); // the select goes back to the clock in use
  });
  const variant = $<HTMLSelectElement>('variant');
  variant.addEventListener('change', () => {
    if (mayDiscard(controller, 'Changing the rules'))
      controller.setVariant(variant.value as VariantName); // prettier-ignore
    else redraw();
  });
  const mode = $<HTMLSelectElement>('mode');
  mode.addEventListener('change', () => controller.setMode(mode.value as Mode));
  $('new-game').addEventListener('click', () => controller.newGame());
  $('take-back').addEventListener('click', () => controller.takeBack());
  $('flip').addEventListener('click', () => controller.flip());
  $('hint').addEventListener('click', () => controller.hint());
  // The engine's details (name, version, threads, hash, tables) are in its panel.
  $('engine-button').addEventListener('click', () => {
    const panel = $<HTMLDetailsElement>('engine-settings');
    panel.open = true;
    const summary = panel.querySelector('summary')!;
    summary.scrollIntoView({ block: 'nearest' });
    summary.focus();
  });
}

/** Moving through the game: the arrow buttons, a click in the move list, the arrow keys. */
function setUpNavigation(controller: PageController): void {
  const state = controller.state;
  $('nav-first').addEventListener('click', () => controller.goToPly(0));
  $('nav-prev').addEventListener('click', () => controller.goToPly(state.viewPly - 1));
  $('nav-next').addEventListener('click', () => controller.goToPly(state.viewPly + 1));
  $('nav-last').addEventListener('click', () => controller.goToPly(state.game.moves.length));
  $('moves').addEventListener('click', (event) => {
    const ply = (event.target as HTMLElement).closest<HTMLElement>('[data-ply]')?.dataset.ply;
    if (ply !== undefined) controller.goToPly(Number(ply));
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, #board') !== null) return;
    if (event.key === 'ArrowLeft') controller.goToPly(state.viewPly - 1);
    else if (event.key === 'ArrowRight') controller.goToPly(state.viewPly + 1);
  });
}

/** The analysis switch and its number of lines. */
function setUpAnalysis(controller: PageController): void {
  const analyse = $<HTMLInputElement>('analyse');
  analyse.addEventListener('change', () => controller.setAnalyse(analyse.checked));
  const multipv = $<HTMLSelectElement>('multipv');
  multipv.addEventListener('change', () => controller.setMultiPV(Number(multipv.value)));
}

/** A move typed in the move field, played when legal (else the reason is shown). */
function setUpMoveEntry(controller: PageController): void {
  $('move-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const field = $<HTMLInputElement>('move-text');
    if (controller.typedMove(field.value)) field.value = '';
  });
}

/** Games in and out: PDN export, import and file, and a position set up from its text. */
function setUpGameFiles(controller: PageController): void {
  $('pdn-export').addEventListener('click', () => {
    const text = controller.pdnText(new Date());
    $<HTMLTextAreaElement>('pdn-text').value = text;
    download(`tama-${new Date().toISOString().slice(0, 10)}.pdn`, text);
  });
  $('pdn-import').addEventListener('click', () =>
    controller.loadPdn($<HTMLTextAreaElement>('pdn-text').value),
  );
  const fileInput = $<HTMLInputElement>('pdn-file');
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file === undefined) return;
    if (file.size > MAX_PDN_BYTES) {
      controller.say('that file is too large for a PDN game (over 1 MB)', 'error');
      return;
    }
    void file.text().then((text) => controller.loadPdn(text));
  });
  $('fen-setup').addEventListener('click', () =>
    controller.setUpPosition($<HTMLInputElement>('fen-text').value),
  );
}

/** Listens to every control beside the board. */
export function setUpControls(controller: PageController, redraw: () => void): void {
  setUpGameControls(controller, redraw);
  setUpNavigation(controller);
  setUpAnalysis(controller);
  setUpMoveEntry(controller);
  setUpGameFiles(controller);
}
