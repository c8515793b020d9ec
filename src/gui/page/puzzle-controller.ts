/**
 * The Puzzles mode: a shipped puzzle set up on the page's board as a game between two
 * people from the puzzle's position, the solver's side at the bottom. After each of the
 * person's moves the line is judged (puzzle-session.ts): a right move is answered at once
 * with the line's reply, a wrong one is taken back with a message saying so, and the last
 * move of the line solves it. "Show solution" plays the rest of the line; Hint names the
 * piece that moves, a second Hint the move; Take back goes back to the solver's last turn.
 * The session keeps a score (puzzles solved first try without a hint, the streak of them).
 * Any other new game (New game, the rules, a loaded PDN) leaves the mode and gets back the
 * Play and Clock settings the game had before. No DOM: tests run it in Node.
 */
import { moveFrom } from '../../core/movegen.js';
import { parseMove } from '../../core/notation.js';
import { squareName } from '../../core/square.js';
import { BLACK, type Color, type VariantName } from '../../core/variant.js';
import type { Puzzle } from '../../puzzles/puzzle-file.js';
import type { TimeControl } from './clock.js';
import type { PageController, Referee } from './controller.js';
import { Game } from './game.js';
import { judgeLine, solverOf } from './puzzle-session.js';
import type { Mode } from './state.js';

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
  /** Hints given so far (the first names the piece, the next ones the move). */
  readonly hints: number;
}

/** The session's score: puzzles solved first try without a hint, of those tried. */
export interface PuzzleScore {
  readonly solved: number;
  readonly tried: number;
  /** Puzzles solved first try without a hint in a row, up to now. */
  readonly streak: number;
}

/** The Play setting as its menu names it. */
const MODE_WORDS: Record<Mode, string> = {
  white: 'as White',
  black: 'as Black',
  human: 'human vs human',
  engines: 'engine vs engine',
};

/** The score in words: "2 of 3 solved first try, streak 1". */
export function scoreInWords(score: PuzzleScore): string {
  return `${score.solved} of ${score.tried} solved first try, streak ${score.streak}`;
}

export class PuzzleController implements Referee {
  private progress: PuzzleProgress | undefined;
  private tally: PuzzleScore = { solved: 0, tried: 0, streak: 0 };
  /** The puzzles already counted in the score (a retry counts nothing more). */
  private readonly scored = new Set<string>();
  /** The game's settings from before the mode, given back when it is left. */
  private saved: { mode: Mode; control: TimeControl | undefined } | undefined;
  /** Set while this controller starts a game itself. */
  private starting = false;
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
    page.setReferee(this);
  }

  /** The session's score. */
  get score(): PuzzleScore {
    return this.tally;
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
    this.saved ??= { mode: state.mode, control: state.control };
    state.mode = 'human';
    state.control = undefined;
    state.variant = set.variant;
    this.game = created.value;
    this.progress = { set, index: at, puzzle, phase: 'solving', mistakes: 0, hints: 0 };
    this.starting = true;
    try {
      this.page.newGame(created.value);
    } finally {
      this.starting = false;
    }
    state.puzzleSolving = true;
    // The solver at the bottom. The task is the panel's (said there, once): the message
    // line, cleared by the new game, is for verdicts and hints.
    if (solverOf(puzzle) === BLACK) this.page.flip();
    this.changed();
  }

  /** Referee: the solver is the person in a puzzle. */
  person(): Color | undefined {
    const progress = this.current;
    return progress === undefined ? undefined : solverOf(progress.puzzle);
  }

  /**
   * Referee: a hint from the line, on the solver's turn: the first names the piece that
   * moves, the next ones the move. A hint costs the first try.
   */
  hint(): boolean {
    const progress = this.current;
    if (progress === undefined) return false;
    const { state } = this.page;
    const verdict = judgeLine(progress.puzzle, this.played());
    if (progress.phase !== 'solving' || verdict.kind !== 'your-move') {
      this.page.say('no hint: the puzzle is over (Next puzzle or Retry)', 'error');
      return true;
    }
    const text = progress.puzzle.line[verdict.next];
    const move = parseMove(state.game.position, text);
    if (!move.ok) return false;
    const from = moveFrom(move.value.move);
    const hints = progress.hints + 1;
    this.progress = { ...progress, hints };
    this.missed(progress);
    state.viewPly = state.game.moves.length;
    if (hints === 1) {
      const piece = state.game.position.pieceAt(from);
      const kind = piece === 'W' || piece === 'B' ? 'king' : 'man';
      state.hint = { from, path: [] };
      this.page.say(`Hint: the ${kind} on ${squareName(from)} moves. Hint again for the move.`, 'info'); // prettier-ignore
    } else {
      state.hint = { from, path: [...move.value.path] };
      this.page.say(`Hint: ${text}.`, 'info');
    }
    this.changed();
    return true;
  }

  /** Referee: after a take-back, the task again (the message line would be blank). */
  tookBack(): void {
    const progress = this.current;
    if (progress === undefined) return;
    const { state } = this.page;
    const verdict = judgeLine(progress.puzzle, this.played());
    if (progress.phase === 'solving' && verdict.kind === 'your-move') {
      state.message = { text: 'Taken back: find the winning move.', kind: 'info' };
    }
    this.changed();
  }

  /** Referee: another game leaves the mode; the game's Play and Clock settings come back. */
  leaving(): string | undefined {
    if (this.starting || this.saved === undefined) return undefined;
    const { state } = this.page;
    const { mode, control } = this.saved;
    this.saved = undefined;
    this.progress = undefined;
    this.game = undefined;
    state.puzzleSolving = false;
    state.mode = mode;
    // A clock chosen while in the mode (which starts the new game) is kept.
    state.control ??= control;
    this.changed();
    return `Puzzles left: Play ${MODE_WORDS[mode]}, Clock ${state.control?.name ?? 'none'}.`;
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
      let verdict = judgeLine(progress.puzzle, this.played());
      while ((verdict.kind === 'wrong' || verdict.kind === 'off-line') && game.moves.length > 0) {
        this.page.takeBack();
        verdict = judgeLine(progress.puzzle, this.played());
      }
      this.page.goToPly(game.moves.length);
      for (let i = game.moves.length; i < progress.puzzle.line.length; i++) {
        if (!this.playLineMove(progress.puzzle.line[i])) break;
      }
    } finally {
      this.playing = false;
    }
    if (progress.phase === 'solving') {
      this.progress = { ...progress, phase: 'shown' };
      this.missed(progress);
      this.page.state.puzzleSolving = false;
    }
    this.page.say(`Solution: ${progress.puzzle.line.join(' ')}.`, 'info');
    this.changed();
  }

  /** After every move added to the page's game: judge it against the line. */
  private moved(): void {
    const progress = this.current;
    if (progress === undefined || this.playing || progress.phase !== 'solving') return;
    const played = this.played();
    const verdict = judgeLine(progress.puzzle, played);
    switch (verdict.kind) {
      case 'reply': {
        this.playing = true;
        try {
          this.playLineMove(verdict.reply);
        } finally {
          this.playing = false;
        }
        const after = judgeLine(progress.puzzle, this.played());
        if (after.kind === 'solved') this.solved(progress);
        else this.page.say(`Right: ${played[played.length - 1]}. The answer is ${verdict.reply}. Find the next winning move.`, 'info'); // prettier-ignore
        break;
      }
      case 'solved':
        this.solved(progress);
        break;
      case 'wrong':
        this.progress = { ...progress, mistakes: progress.mistakes + 1 };
        this.missed(progress);
        this.page.takeBack();
        this.page.say(`${verdict.played} is not the move: it does not win. Try again, or show the solution.`, 'error'); // prettier-ignore
        break;
      default:
        break;
    }
    this.changed();
  }

  private solved(progress: PuzzleProgress): void {
    const now = this.progress ?? progress;
    this.progress = { ...now, phase: 'solved' };
    this.page.state.puzzleSolving = false;
    const clean = now.mistakes === 0 && now.hints === 0;
    if (clean && !this.scored.has(now.puzzle.id)) {
      this.scored.add(now.puzzle.id);
      const { solved, tried, streak } = this.tally;
      this.tally = { solved: solved + 1, tried: tried + 1, streak: streak + 1 };
    }
    const how: string[] = [];
    if (now.mistakes > 0) how.push(`${now.mistakes} wrong ${now.mistakes === 1 ? 'move' : 'moves'}`); // prettier-ignore
    if (now.hints > 0) how.push(`${now.hints} ${now.hints === 1 ? 'hint' : 'hints'}`);
    const tries = clean ? 'first try' : `with ${how.join(' and ')}`;
    // The score has its own line in the panel; the message keeps to the verdict and the line.
    this.page.say(`Solved, ${tries}! The line: ${now.puzzle.line.join(' ')}.`, 'info');
  }

  /** A wrong move, a hint or the solution shown: the puzzle counts as missed, once. */
  private missed(progress: PuzzleProgress): void {
    if (this.scored.has(progress.puzzle.id)) return;
    this.scored.add(progress.puzzle.id);
    this.tally = { ...this.tally, tried: this.tally.tried + 1, streak: 0 };
  }

  /** The moves played from the puzzle's position, in full move text. */
  private played(): string[] {
    return this.page.state.game.moves.map((move) => move.text);
  }

  /** Plays one move of the line on the page's game; false when it is not legal there. */
  private playLineMove(text: string): boolean {
    const move = parseMove(this.page.state.game.position, text);
    if (!move.ok) return false;
    this.page.playMove(move.value);
    return true;
  }
}
