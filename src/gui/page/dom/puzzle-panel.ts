/**
 * The Puzzles panel: the shipped puzzles of the chosen rules, fetched when first asked for
 * (puzzles-armenian.jsonl, puzzles-turkish.jsonl beside the page; the static build's
 * service worker keeps them for offline use) and read by the puzzle file's reader; its
 * buttons turn into the puzzle controller's actions, and its status line says which puzzle
 * is on the board and how it went. The verdicts themselves go to the page's message line,
 * which screen readers hear. Where the person got to is kept in localStorage by variant.
 */
import type { VariantName } from '../../../core/variant.js';
import { parsePuzzleFile } from '../../../puzzles/puzzle-file.js';
import type { PageController } from '../controller.js';
import { PuzzleController, type PuzzleSet } from '../puzzle-controller.js';
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
  private readonly status = $('puzzle-status');

  constructor(private readonly page: PageController) {
    this.puzzles = new PuzzleController(page, () => this.render());
    this.startButton.addEventListener('click', () => void this.startOrNext());
    this.nextButton.addEventListener('click', () => void this.startOrNext());
    this.retryButton.addEventListener('click', () => this.puzzles.retry());
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
  }

  /** Draws the panel from the puzzle controller. */
  render(): void {
    const current = this.puzzles.current;
    this.startButton.hidden = current !== undefined;
    this.solutionButton.hidden = current === undefined || current.phase !== 'solving';
    this.retryButton.hidden = current === undefined;
    this.nextButton.hidden = current === undefined;
    if (current === undefined) {
      this.status.textContent = 'Positions from games where exactly one move wins.';
      return;
    }
    const { index, set, puzzle, phase } = current;
    const head = `Puzzle ${index + 1} of ${set.puzzles.length}`;
    const state =
      phase === 'solving' ? taskInWords(puzzle) : phase === 'solved' ? 'Solved' : 'Solution shown';
    this.status.textContent = `${head}: ${state}.`;
  }
}
