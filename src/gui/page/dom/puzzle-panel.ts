/**
 * The Puzzles panel: the shipped puzzles of the chosen rules, fetched when first asked for
 * (puzzles-armenian.jsonl, puzzles-turkish.jsonl beside the page; the static build's
 * service worker keeps them for offline use) and read by the puzzle file's reader; its
 * buttons turn into the puzzle controller's actions, and its status line (a live region)
 * says which puzzle is on the board and its task, or how it went; the score line keeps the
 * session's score. The verdicts and hints go to the page's message line, which screen
 * readers hear too. While a puzzle is on, the panel comes first in the side column, so
 * that on a phone the board, the task and the buttons share one view; a new puzzle is
 * scrolled into view. Where the person got to is kept in localStorage by variant.
 */
import type { VariantName } from '../../../core/variant.js';
import { parsePuzzleFile } from '../../../puzzles/puzzle-file.js';
import type { PageController } from '../controller.js';
import { PuzzleController, scoreInWords, type PuzzleSet } from '../puzzle-controller.js';
import { puzzleOrder, taskInWords } from '../puzzle-session.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The localStorage key of the next puzzle's index, by variant. */
const storeKey = (variant: VariantName) => `tama-puzzle-${variant}`;

function storedIndex(variant: VariantName): number {
  try {
    const value = Number(localStorage.getItem(storeKey(variant)));
    return Number.isInteger(value) && value >= 0 ? value : 0;
  } catch {
    return 0;
  }
}

function storeIndex(variant: VariantName, index: number): void {
  try {
    localStorage.setItem(storeKey(variant), String(index));
  } catch {
    // No storage (a private window): the next visit starts from the first puzzle.
  }
}

/** The panel, over the page's controller. */
export class PuzzlePanel {
  readonly puzzles: PuzzleController;
  private readonly sets = new Map<VariantName, PuzzleSet>();
  private readonly startButton = $<HTMLButtonElement>('puzzle-start');
  private readonly solutionButton = $<HTMLButtonElement>('puzzle-solution');
  private readonly retryButton = $<HTMLButtonElement>('puzzle-retry');
  private readonly nextButton = $<HTMLButtonElement>('puzzle-next');
  private readonly hintButton = $<HTMLButtonElement>('puzzle-hint');
  private readonly status = $('puzzle-status');
  private readonly scoreLine = $('puzzle-score');
  private readonly panel = $('puzzle-panel');

  constructor(private readonly page: PageController) {
    this.puzzles = new PuzzleController(page, () => this.render());
    this.startButton.addEventListener('click', () => void this.startOrNext());
    this.nextButton.addEventListener('click', () => void this.startOrNext());
    this.retryButton.addEventListener('click', () => {
      this.puzzles.retry();
      this.bringIntoView();
    });
    this.hintButton.addEventListener('click', () => page.hint());
    this.solutionButton.addEventListener('click', () => this.puzzles.showSolution());
  }

  /** The puzzles of `variant`, fetched and read once; undefined (and said) on failure. */
  private async set(variant: VariantName): Promise<PuzzleSet | undefined> {
    const known = this.sets.get(variant);
    if (known !== undefined) return known;
    const name = `puzzles-${variant}.jsonl`;
    let text: string;
    try {
      const response = await fetch(new URL(name, document.baseURI));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      text = await response.text();
    } catch (error) {
      this.page.say(`the puzzles could not be loaded: ${name}: ${(error as Error).message}`, 'error'); // prettier-ignore
      return undefined;
    }
    const read = parsePuzzleFile(text, name);
    if (!read.ok) {
      this.page.say(`the puzzles could not be read: ${read.error.message}`, 'error');
      return undefined;
    }
    const set = { variant, puzzles: puzzleOrder(read.value.puzzles) };
    this.sets.set(variant, set);
    return set;
  }

  /** Starts the puzzles of the chosen rules where the person left them, or the next one. */
  private async startOrNext(): Promise<void> {
    const current = this.puzzles.current;
    const variant = current?.set.variant ?? this.page.state.variant;
    const set = await this.set(variant);
    if (set === undefined) return;
    const index = current === undefined ? storedIndex(variant) : current.index + 1;
    this.puzzles.start(set, index);
    const started = this.puzzles.current;
    if (started !== undefined) storeIndex(variant, started.index);
    this.bringIntoView();
  }

  /** The board with its clocks and then the panel into view, each scrolled the least. */
  private bringIntoView(): void {
    document.querySelector('main > .play')?.scrollIntoView({ block: 'nearest', inline: 'nearest' }); // prettier-ignore
    this.panel.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  /** Draws the panel from the puzzle controller. */
  render(): void {
    const current = this.puzzles.current;
    this.startButton.hidden = current !== undefined;
    this.solutionButton.hidden = current === undefined || current.phase !== 'solving';
    this.hintButton.hidden = current === undefined || current.phase !== 'solving';
    this.panel.classList.toggle('active', current !== undefined);
    const score = this.puzzles.score;
    this.scoreLine.hidden = score.tried === 0;
    this.scoreLine.textContent = `Score: ${scoreInWords(score)}.`;
    this.retryButton.hidden = current === undefined;
    this.nextButton.hidden = current === undefined;
    if (current === undefined) {
      const idle = 'Positions from games where exactly one move wins.';
      if (this.status.textContent !== idle) this.status.textContent = idle;
      return;
    }
    const { index, set, puzzle, phase } = current;
    const head = `Puzzle ${index + 1} of ${set.puzzles.length}`;
    const state =
      phase === 'solving' ? taskInWords(puzzle) : phase === 'solved' ? 'Solved' : 'Solution shown';
    // Set only when it changes, so that the live region speaks each text once.
    const text = `${head}: ${state}.`;
    if (this.status.textContent !== text) this.status.textContent = text;
  }
}
