/**
 * Everything that changes the page's state: a person's move, a take-back, a new game, the
 * settings, the game's review, and the engine's messages, which start and end its searches
 * (its move, a hint, analysis of the shown position, the review's positions). It talks to
 * the engine through a transport only and asks the view to redraw after each change; it
 * touches no DOM, so tests run it in Node with a fake transport.
 */
import type { Result } from '../../core/result.js';
import { moveFrom } from '../../core/movegen.js';
import { parseMove, type LegalMove } from '../../core/notation.js';
import { BLACK, WHITE, type Color, type VariantName } from '../../core/variant.js';
import type { GoLimits, ServerMessage } from '../messages.js';
import { Clock, TIME_CONTROLS } from './clock.js';
import { flagOutcome, Game } from './game.js';
import { parseInfoLine } from './info.js';
import { gameToPdn, pdnToGame } from './pdn.js';
import { judgedMoves, markInWords } from './review.js';
import { Reviewer } from './reviewer.js';
import {
  atLivePosition,
  enginePlays,
  engineShortName,
  FREE_MOVE_MS,
  isEngineTurn,
  liveInput,
  MAX_LEVEL,
  personColor,
  plural,
  reviewRunning,
  whyNoMove,
  whyNoReview,
  type MessageKind,
  type Mode,
  type PageState,
  type Purpose,
} from './state.js';
import type { EngineTransport, TransportReceiver } from './transport.js';
import { moveInWords, outcomeInWords } from './words.js';

/**
 * A mode that plays its own game on the page (the Puzzles mode): it seats the person, gives
 * its own hints, hears of take-backs, and hands the settings back when another game starts.
 */
export interface Referee {
  /** The side the person plays where the Play setting does not say (a puzzle's solver). */
  person(): Color | undefined;
  /** Gives a hint of its own; false leaves the hint to the engine. */
  hint(): boolean;
  /** After moves were taken back. */
  tookBack(): void;
  /** Before another game replaces the referee's: what to say of the settings it restored. */
  leaving(): string | undefined;
}

/** The page's state changes; `redraw` draws the state after each. */
export class PageController implements TransportReceiver {
  /** The game's review: it runs over the same transport. */
  private readonly reviewer: Reviewer;
  /** Who hears of each move added to the game (the Puzzles mode's referee). */
  private readonly moveListeners: (() => void)[] = [];
  private referee: Referee | undefined;

  constructor(
    readonly state: PageState,
    private readonly transport: EngineTransport,
    private readonly redraw: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.reviewer = new Reviewer(state, transport, {
      progressed: () => this.redraw(),
      ended: () => this.afterChange(),
    });
  }

  /** Starts listening to the engine and sets up the first game. */
  start(): void {
    this.transport.listen(this);
    this.newGame();
  }

  // -------------------------------------------------------------------------------------
  // The engine's messages

  /** A message from the engine's side of the transport. */
  message(message: ServerMessage): void {
    const state = this.state;
    this.reviewer.message(message);
    switch (message.type) {
      case 'ready':
        state.engine.ready = true;
        state.engine.name = message.engine;
        state.engine.hasSkillLevel = message.options.some((o) => o.toLowerCase() === 'skill level'); // prettier-ignore
        state.engine.status = { text: `${engineShortName(state)} ready`, kind: 'info' };
        state.search = undefined;
        this.afterChange();
        break;
      case 'info': {
        if (message.id !== state.search?.id) return;
        const info = parseInfoLine(message.line);
        if (info === undefined) return;
        state.lines.set(info.multipv, info);
        this.redraw();
        break;
      }
      case 'bestmove':
        this.bestMove(message.id, message.move);
        break;
      case 'engine-error':
        this.say(`engine: ${message.message}`, 'error');
        break;
      case 'engine-failed':
        state.engine.ready = false;
        state.search = undefined;
        state.engine.status = { text: `${message.message}; restarting it`, kind: 'error' };
        this.redraw();
        break;
      case 'error':
        if (message.fatal) {
          state.engine.fatal = true;
          state.engine.ready = false;
          state.search = undefined;
          state.engine.status = { text: message.message, kind: 'error' };
          this.setMessage(message.message, 'error');
          this.redraw();
        } else if (message.id !== undefined) {
          // A refused search: the page's own, or else the review's (which reports it) or one
          // already given up.
          if (message.id === state.search?.id) this.searchRefused(message.message);
        } else this.say(`server: ${message.message}`, 'error');
        break;
    }
  }

  /** The engine's name changed (its threads or hash, in the browser's settings panel). */
  renameEngine(name: string): void {
    const engine = this.state.engine;
    engine.name = name;
    if (engine.ready)
      engine.status = { text: `${engineShortName(this.state)} ready`, kind: 'info' };
    this.redraw();
  }

  /**
   * The engine was replaced by one in this browser (the transport now speaks to it): the
   * page waits for its `ready`, then goes on with the game as it stands.
   */
  engineReplaced(): void {
    const engine = this.state.engine;
    engine.fatal = false;
    engine.ready = false;
    engine.inBrowser = true;
    engine.status = { text: 'starting the engine in this browser…', kind: 'info' };
    this.state.search = undefined;
    this.say('playing with the engine in this browser', 'info');
  }

  /**
   * The transport ended: said in the message line, unless the server had already refused
   * the tab (its refusal says more); the engine in this browser is offered where it can start.
   */
  closed(reason: string, browserEngine = true): void {
    const engine = this.state.engine;
    engine.ready = false;
    this.state.search = undefined;
    this.reviewer.stop(reason);
    if (!engine.fatal) {
      engine.status = { text: reason, kind: 'error' };
      engine.browserEngineLost = !browserEngine;
      this.setMessage(reason, 'error');
    }
    engine.fatal = true;
    this.redraw();
  }

  // -------------------------------------------------------------------------------------
  // The engine's searches

  private startSearch(purpose: Purpose): void {
    const { state } = this;
    const game = state.game;
    const ply = purpose === 'analysis' ? state.viewPly : game.moves.length;
    const id = state.nextSearchId++;
    state.search = { id, purpose, ply, sideToMove: game.positions[ply].sideToMove };
    state.lines.clear();
    let limits: GoLimits;
    if (purpose === 'analysis') limits = { infinite: true };
    else if (purpose === 'move' && state.clock !== undefined) {
      const now = this.now();
      limits = {
        wtime: Math.floor(state.clock.remaining(WHITE, now)),
        btime: Math.floor(state.clock.remaining(BLACK, now)),
        winc: state.clock.control.incrementMs,
        binc: state.clock.control.incrementMs,
      };
    } else limits = { movetime: FREE_MOVE_MS };
    this.transport.send({
      type: 'go',
      id,
      variant: game.variant,
      fen: game.startFen,
      moves: game.moves.slice(0, ply).map((m) => m.text),
      limits,
      skillLevel: purpose === 'move' ? state.level : MAX_LEVEL,
      multiPV: purpose === 'move' ? 1 : state.multiPV,
    });
  }

  private stopSearch(): void {
    if (this.state.search !== undefined) this.transport.send({ type: 'stop' });
    this.state.search = undefined;
  }

  private bestMove(id: number, move: string): void {
    const { state } = this;
    const search = state.search;
    if (search === undefined || id !== search.id) return;
    state.search = undefined;
    if (search.purpose === 'hint') {
      const parsed = parseMove(state.game.position, move);
      if (parsed.ok && atLivePosition(state)) {
        state.hint = { from: moveFrom(parsed.value.move), path: [...parsed.value.path] };
        this.setMessage(`hint: ${parsed.value.text}`, 'info');
      }
    } else if (search.purpose === 'move' && search.ply === state.game.moves.length) {
      const parsed = state.game.outcome() === undefined ? parseMove(state.game.position, move) : undefined; // prettier-ignore
      if (parsed?.ok) {
        this.keepPlayedLine(move);
        state.game.play(parsed.value);
        this.moveMade();
        return;
      }
      this.setMessage(
        `${engineShortName(state)} played '${move}', which is not legal here${parsed ? `: ${parsed.error.message}` : ''}; switched to human vs human`, // prettier-ignore
        'error',
      );
      state.mode = 'human';
    }
    this.afterChange();
  }

  /**
   * The server refused the page's search (it could not replay the game): the search is
   * over, the person is told, and what asked for it is switched off so that it is not sent
   * again (the engine's moves hand the game to two people, as an illegal move of its does).
   */
  private searchRefused(why: string): void {
    const { state } = this;
    const search = state.search!;
    state.search = undefined;
    state.lines.clear();
    if (search.purpose === 'move') {
      state.mode = 'human';
      this.setMessage(`the server refused ${engineShortName(state)}'s search: ${why}; switched to human vs human`, 'error'); // prettier-ignore
    } else if (search.purpose === 'analysis') {
      state.analyse = false;
      this.setMessage(`the server refused the analysis: ${why}; analysis switched off`, 'error');
    } else this.setMessage(`no hint: the server refused the search: ${why}`, 'error');
    this.afterChange();
  }

  /**
   * The lines shown agree with the move the engine played: a weakened engine may choose
   * another than its best, so only the played move's line stays (none if it was not shown).
   */
  private keepPlayedLine(move: string): void {
    const played = [...this.state.lines.values()].find((line) => line.pv[0] === move);
    this.state.lines.clear();
    if (played !== undefined) this.state.lines.set(1, { ...played, multipv: 1 });
  }

  /** Starts what the engine should do now (its move, or analysis of the shown position), then redraws. */
  afterChange(): void {
    const { state } = this;
    // The engine's own move comes first: a review still running stops (setMode can do this).
    if (reviewRunning(state) && isEngineTurn(state)) this.reviewer.stop(`${engineShortName(state)} is to move`); // prettier-ignore
    // While a review runs the engine searches for it alone: analysis waits.
    if (state.engine.ready && !state.engine.fatal && !reviewRunning(state)) {
      if (isEngineTurn(state)) {
        if (state.search?.purpose !== 'move') {
          this.stopSearch();
          this.startSearch('move');
        }
      } else if (state.analyse && !this.shownGameOver()) {
        const search = state.search;
        if (search?.purpose !== 'analysis' || search.ply !== state.viewPly) {
          if (search?.purpose !== 'hint') {
            this.stopSearch();
            this.startSearch('analysis');
          }
        }
      } else if (state.search?.purpose === 'analysis') this.stopSearch();
    }
    // No lines stay from a search that is over when nothing analyses the position.
    if (state.search === undefined && (!state.analyse || this.shownGameOver())) state.lines.clear(); // prettier-ignore
    this.redraw();
  }

  private shownGameOver(): boolean {
    return atLivePosition(this.state) && this.state.game.outcome() !== undefined;
  }

  // -------------------------------------------------------------------------------------
  // Moves

  /** A move was added to the game (by a person or the engine). */
  private moveMade(): void {
    const { state } = this;
    const game = state.game;
    const now = this.now();
    const last = game.moves[game.moves.length - 1];
    const ply = game.moves.length;
    const before = game.positions[ply - 1].pieceAt(last.from);
    const after = game.positions[ply].pieceAt(last.path[last.path.length - 1]);
    const crowned = (before === 'w' || before === 'b') && (after === 'W' || after === 'B');
    let words = moveInWords(last, crowned);
    if (state.clock !== undefined && !state.clock.press(last.color, now)) {
      // The flag fell before the move: it does not count.
      game.truncate(game.moves.length - 1);
      game.end(flagOutcome(last.color));
      words = '';
    }
    state.viewPly = game.moves.length;
    state.hint = undefined;
    state.input = undefined;
    state.message = undefined;
    if (this.reviewer.discard()) this.setMessage('the review was discarded: the game has a new move', 'info'); // prettier-ignore
    const outcome = game.outcome();
    if (outcome !== undefined) {
      state.clock?.stop(now);
      this.stopSearch();
      state.lines.clear();
      words = words === '' ? outcomeInWords(outcome) : `${words}. ${outcomeInWords(outcome)}`;
    }
    state.announcement = words;
    this.afterChange();
    for (const listener of this.moveListeners) listener();
  }

  /** Calls `listener` after every move added to the game, once the page has taken it in. */
  onMove(listener: () => void): void {
    this.moveListeners.push(listener);
  }

  /** Hands the person's side, hints, take-backs and the next game's settings to `referee`. */
  setReferee(referee: Referee): void {
    this.referee = referee;
  }

  /** A person plays a legal move of the live position. */
  playMove(move: LegalMove): void {
    const purpose = this.state.search?.purpose;
    if (purpose === 'analysis' || purpose === 'hint') this.stopSearch();
    this.state.game.play(move);
    this.moveMade();
  }

  /** A click (or a drag's start or drop, or Enter on the cursor) on `square`. */
  clickSquare(square: number): void {
    const { state } = this;
    const input = liveInput(state);
    if (input === undefined) {
      this.say(whyNoMove(state) ?? 'no move can be made now', 'error');
      return;
    }
    const result = input.click(square);
    if (result.kind === 'move') {
      this.playMove(result.move);
      return;
    }
    if (result.kind === 'illegal') state.message = { text: result.message, kind: 'error' };
    else if (result.kind !== 'none' && state.message?.kind === 'error') state.message = undefined;
    this.redraw();
  }

  /** Drops the selection (Escape). */
  clearSelection(): void {
    this.state.input?.clear();
    this.redraw();
  }

  /** A move typed as text; false (with the reason shown) when it cannot be played. */
  typedMove(text: string): boolean {
    const { state } = this;
    const why = whyNoMove(state);
    if (why !== undefined) {
      this.say(why, 'error');
      return false;
    }
    const parsed = parseMove(state.game.position, text);
    if (!parsed.ok) {
      this.say(parsed.error.message, 'error');
      return false;
    }
    this.playMove(parsed.value);
    return true;
  }

  /**
   * Takes back the last move, or against the engine back to the person's last turn; says
   * why when there is nothing to take back.
   */
  takeBack(): void {
    const { state } = this;
    const game = state.game;
    const person = personColor(state.mode) ?? this.referee?.person();
    let plies = game.moves.length - 1;
    if (person !== undefined) {
      while (plies >= 0 && game.positions[plies].sideToMove !== person) plies--;
    }
    if (plies < 0) {
      const why = game.moves.length === 0 ? 'no move has been played' : 'you have not moved yet';
      this.say(`nothing to take back: ${why}`, 'error');
      return;
    }
    this.stopSearch();
    const taken = game.moves.length - plies;
    game.truncate(plies);
    state.viewPly = plies;
    state.input = undefined;
    state.hint = undefined;
    state.message = undefined;
    state.lines.clear();
    state.announcement = `took back ${plural(taken, 'ply', 'plies')}`;
    if (this.reviewer.discard()) this.setMessage('the review was discarded: moves were taken back', 'info'); // prettier-ignore
    if (state.clock?.runningFor !== undefined) state.clock.start(game.sideToMove, this.now());
    this.referee?.tookBack();
    this.afterChange();
  }

  /** A new game: a fresh one of the chosen rules, or `game` (loaded or set up). */
  newGame(game?: Game): void {
    const { state } = this;
    const restored = this.referee?.leaving();
    this.stopSearch();
    this.transport.send({ type: 'newgame' });
    const created = game ?? Game.fresh(state.variant);
    state.game = created;
    state.variant = created.variant;
    state.viewPly = created.moves.length;
    state.input = undefined;
    state.hint = undefined;
    state.lines.clear();
    state.message = undefined;
    if (restored !== undefined) this.setMessage(restored, 'info');
    if (this.reviewer.discard()) this.setMessage('the review of the last game was discarded', 'info'); // prettier-ignore
    state.announcement = game === undefined ? 'new game' : '';
    // The clocks start with the first move.
    state.clock = state.control === undefined ? undefined : new Clock(state.control);
    state.flipped = state.mode === 'black';
    this.afterChange();
  }

  /** Shows ply `ply` of the game (0: the start). */
  goToPly(ply: number): void {
    const { state } = this;
    const target = Math.max(0, Math.min(state.game.moves.length, ply));
    if (target === state.viewPly) return;
    state.viewPly = target;
    state.input = undefined;
    const move = state.game.moves[target - 1];
    const words = move === undefined ? 'start position' : `after ply ${target}: ${moveInWords(move, false)}`; // prettier-ignore
    // Where the review marked the move played here, the better move is said too.
    const marked = state.review === undefined ? undefined : judgedMoves(state.review)[target];
    state.announcement = marked === undefined || marked.classification === 'good' ? words : `${words}. Review: ${markInWords(marked)}`; // prettier-ignore
    this.afterChange();
  }

  /** Asks the engine for the best move of the person's turn; says why not when it cannot. */
  hint(): void {
    const { state } = this;
    if (this.referee?.hint() === true) return;
    const why =
      whyNoMove(state) ??
      (reviewRunning(state) ? 'the review is using the engine (cancel it first)' : undefined) ??
      (state.engine.ready ? undefined : 'the engine is not ready');
    if (why !== undefined) {
      this.say(`no hint: ${why}`, 'error');
      return;
    }
    this.stopSearch();
    this.setMessage('thinking of a hint…', 'info');
    this.startSearch('hint');
    this.redraw();
  }

  // -------------------------------------------------------------------------------------
  // Settings

  setMode(mode: Mode): void {
    this.state.mode = mode;
    this.state.input = undefined;
    this.state.flipped = mode === 'black';
    this.afterChange();
  }

  setLevel(level: number): void {
    this.state.level = Math.max(0, Math.min(MAX_LEVEL, level));
    this.redraw(); // the clocks name the opponent with its level
  }

  /** A clock by name ('' for none); it starts a new game. */
  setControl(name: string): void {
    this.state.control = TIME_CONTROLS.find((c) => c.name === name);
    this.newGame();
  }

  /** Other rules; they start a new game. */
  setVariant(variant: VariantName): void {
    this.state.variant = variant;
    this.newGame();
  }

  setAnalyse(on: boolean): void {
    this.state.analyse = on;
    this.afterChange();
  }

  setMultiPV(lines: number): void {
    this.state.multiPV = lines;
    if (this.state.search?.purpose === 'analysis') this.stopSearch();
    this.afterChange();
  }

  flip(): void {
    this.state.flipped = !this.state.flipped;
    this.redraw();
  }

  // -------------------------------------------------------------------------------------
  // The review

  /**
   * Reviews the game in the background: every position searched at the review's budget,
   * over the page's transport, the page's own searches waiting meanwhile; says why not when
   * it cannot.
   */
  startReview(): void {
    const { state } = this;
    const why = whyNoReview(state);
    if (why !== undefined) {
      this.say(`no review: ${why}`, 'error');
      return;
    }
    this.stopSearch();
    state.lines.clear();
    state.hint = undefined;
    state.message = undefined;
    this.reviewer.start();
    this.redraw();
  }

  /** The person cancels the review under way; what it found so far stays on the graph. */
  cancelReview(): void {
    if (!reviewRunning(this.state)) return;
    this.reviewer.stop('cancelled');
    this.afterChange();
  }

  /** The game as annotated PDN text (scores, marks, better moves), once its review is done. */
  reviewedPdnText(date: Date): Result<string> {
    return this.reviewer.annotated(this.pdnText(date));
  }

  // -------------------------------------------------------------------------------------
  // Games in and out

  /** The game as PDN text, with the players' names. */
  pdnText(date: Date): string {
    const { state } = this;
    const name = (color: 0 | 1) => (enginePlays(state.mode, color) ? state.engine.name : 'Player');
    const players = { white: name(WHITE), black: name(BLACK), control: state.control };
    return gameToPdn(state.game, players, date);
  }

  /** Loads a PDN game to look at and play on between two people; says what it did. */
  loadPdn(text: string): void {
    const { state } = this;
    const loaded = pdnToGame(text, state.variant);
    if (!loaded.ok) {
      this.say(loaded.error.message, 'error');
      return;
    }
    // The Puzzles mode hands its settings back first, so that the note below is true.
    this.referee?.leaving();
    const switched = state.mode !== 'human';
    const reviewed = state.review !== undefined;
    state.mode = 'human';
    this.newGame(loaded.value);
    const plies = plural(loaded.value.moves.length, 'ply', 'plies');
    const notes = [
      switched ? '; switched to human vs human (choose under Play to face the engine)' : '',
      reviewed ? '; the review of the last game was discarded' : '',
    ];
    this.say(`loaded a game of ${plies}${notes.join('')}`, 'info');
  }

  /** Starts a game from position text. */
  setUpPosition(text: string): void {
    const created = Game.from(this.state.variant, text);
    if (!created.ok) {
      this.say(created.error.message, 'error');
      return;
    }
    this.newGame(created.value);
  }

  /** The clock's tick: the flag. Returns whether the state changed beyond the clocks. */
  tick(): boolean {
    const { state } = this;
    const clock = state.clock;
    if (clock === undefined || clock.runningFor === undefined) return false;
    const now = this.now();
    const flagged = clock.flagged(now);
    if (flagged === undefined || state.game.outcome() !== undefined) return false;
    clock.stop(now);
    const outcome = flagOutcome(flagged);
    state.game.end(outcome);
    this.stopSearch();
    state.input = undefined;
    state.lines.clear();
    state.announcement = outcomeInWords(outcome);
    this.redraw();
    return true;
  }

  /** Shows a message. */
  say(text: string, kind: MessageKind): void {
    this.setMessage(text, kind);
    this.redraw();
  }

  private setMessage(text: string, kind: MessageKind): void {
    this.state.message = { text, kind };
  }
}
