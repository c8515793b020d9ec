/**
 * The Puzzles mode: a shipped puzzle set up on the page's board as a game between two
 * people from the puzzle's position, the solver's side at the bottom. After each of the
 * person's moves the line is judged (puzzle-session.ts): a right move is answered at once
 * with the line's reply, a wrong one is taken back with a message saying so, and the last
 * move of the line solves it. "Show solution" plays the rest of the line. Any other new
 * game (New game, the rules, a loaded PDN) leaves the mode. No DOM: tests run it in Node.
 */
import { parseMove } from '../../core/notation.js';
import type { VariantName } from '../../core/variant.js';
import type { Puzzle } from '../../puzzles/puzzle-file.js';
import type { PageController } from './controller.js';
import { Game } from './game.js';
import { judgeLine, solverOf, taskInWords } from './puzzle-session.js';
import { BLACK } from '../../core/variant.js';

/** Solving, solved by the person, or solution shown. */
export type PuzzlePhase = 'solving' | 'solved' | 'shown';

/** The puzzles of one variant, in the order they are offered. */
export interface PuzzleSet {
  readonly variant: VariantName;
  readonly puzzles: readonly Puzzle[];
}

/** The puzzle on the board and how its solving goes. */
export interface PuzzleProgress {
  readonly set: PuzzleSet;
  readonly index: number;
  readonly puzzle: Puzzle;
  readonly phase: PuzzlePhase;
  /** Wrong moves tried so far. */
  readonly mistakes: number;
}

export class PuzzleController {
  private progress: PuzzleProgress | undefined;
  /** The game this puzzle was set up as; another game on the page means the mode was left. */
  private game: Game | undefined;
  /** Set while this controller plays moves itself (replies, the solution). */
  private playing = false;

  constructor(
    private readonly page: PageController,
    /** Called after every change of the puzzle's progress. */
    private readonly changed: () => void = () => undefined,
  ) {
    page.onMove(() => this.moved());
  }

  /** The puzzle on the board, or undefined when the page is not in the Puzzles mode. */
  get current(): PuzzleProgress | undefined {
    return this.progress !== undefined && this.page.state.game === this.game ? this.progress : undefined; // prettier-ignore
  }

  /** Sets up puzzle `index` of `set` (wrapping around the set). */
  start(set: PuzzleSet, index: number): void {
    if (set.puzzles.length === 0) return;
    const at = ((index % set.puzzles.length) + set.puzzles.length) % set.puzzles.length;
    const puzzle = set.puzzles[at];
    const created = Game.from(set.variant, puzzle.position);
    if (!created.ok) {
      this.page.say(`puzzle ${puzzle.id} cannot be set up: ${created.error.message}`, 'error');
      return;
    }
    const { state } = this.page;
    state.mode = 'human';
    state.control = undefined;
    state.variant = set.variant;
    this.game = created.value;
    this.progress = { set, index: at, puzzle, phase: 'solving', mistakes: 0 };
    this.page.newGame(created.value);
    state.flipped = solverOf(puzzle) === BLACK;
    this.page.say(`Puzzle ${at + 1} of ${set.puzzles.length}. ${taskInWords(puzzle)}.`, 'info');
    this.changed();
  }

  /** The next puzzle of the set. */
  next(): void {
    const progress = this.progress;
    if (progress !== undefined) this.start(progress.set, progress.index + 1);
  }

  /** The same puzzle from its start. */
  retry(): void {
    const progress = this.progress;
    if (progress !== undefined) this.start(progress.set, progress.index);
  }

  /** Plays the rest of the line (after taking back any move off it) and says it. */
  showSolution(): void {
    const progress = this.current;
    if (progress === undefined) return;
    const game = this.page.state.game;
    this.playing = true;
    try {
      // Moves off the line (played after the puzzle was solved) go first.
      let verdict = judgeLine(
        progress.puzzle,
        game.moves.map((move) => move.text),
      );
      while ((verdict.kind === 'wrong' || verdict.kind === 'off-line') && game.moves.length > 0) {
        this.page.takeBack();
        verdict = judgeLine(
          progress.puzzle,
          game.moves.map((move) => move.text),
        );
      }
      this.page.goToPly(game.moves.length);
      for (let i = game.moves.length; i < progress.puzzle.line.length; i++) {
        if (!this.playLineMove(progress.puzzle.line[i])) break;
      }
    } finally {
      this.playing = false;
    }
    if (progress.phase === 'solving') this.progress = { ...progress, phase: 'shown' };
    this.page.say(`Solution: ${progress.puzzle.line.join(' ')}.`, 'info');
    this.changed();
  }

  /** After every move added to the page's game: judge it against the line. */
  private moved(): void {
    const progress = this.current;
    if (progress === undefined || this.playing || progress.phase !== 'solving') return;
    const played = this.page.state.game.moves.map((move) => move.text);
    const verdict = judgeLine(progress.puzzle, played);
    switch (verdict.kind) {
      case 'reply': {
        this.playing = true;
        try {
          this.playLineMove(verdict.reply);
        } finally {
          this.playing = false;
        }
        const after = judgeLine(progress.puzzle, this.page.state.game.moves.map((move) => move.text)); // prettier-ignore
        if (after.kind === 'solved') this.solved(progress);
        else this.page.say(`Right: ${played[played.length - 1]}. The answer is ${verdict.reply}. Find the next winning move.`, 'info'); // prettier-ignore
        break;
      }
      case 'solved':
        this.solved(progress);
        break;
      case 'wrong':
        this.progress = { ...progress, mistakes: progress.mistakes + 1 };
        this.page.takeBack();
        this.page.say(`${verdict.played} is not the move: it does not win. Try again, or show the solution.`, 'error'); // prettier-ignore
        break;
      default:
        break;
    }
    this.changed();
  }

  private solved(progress: PuzzleProgress): void {
    this.progress = { ...progress, phase: 'solved' };
    const tries = progress.mistakes === 0 ? 'first try' : `after ${progress.mistakes} wrong ${progress.mistakes === 1 ? 'move' : 'moves'}`; // prettier-ignore
    this.page.say(`Solved, ${tries}! The line: ${progress.puzzle.line.join(' ')}.`, 'info');
  }

  /** Plays one move of the line on the page's game; false when it is not legal there. */
  private playLineMove(text: string): boolean {
    const move = parseMove(this.page.state.game.position, text);
    if (!move.ok) return false;
    this.page.playMove(move.value);
    return true;
  }
}
