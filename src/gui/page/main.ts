/**
 * The page: one state (the game, the view, the clock, the engine's search), events that
 * change it, and render() that draws everything from it. The engine is reached through the
 * server's WebSocket (messages.ts); the rules come from the core, in the browser.
 */
import { moveFrom } from '../../core/movegen.js';
import { parseMove } from '../../core/notation.js';
import { BLACK, WHITE, type Color, type VariantName } from '../../core/variant.js';
import type { ClientMessage, GoLimits, ServerMessage } from '../messages.js';
import { boardMarkup, squareAt, SQUARE, type BoardState, type Piece } from './board.js';
import { Clock, formatClock, TIME_CONTROLS, type TimeControl } from './clock.js';
import { COLOR_NAMES, flagOutcome, Game, moveNumberOf, type GameMove } from './game.js';
import {
  barShare,
  formatCount,
  formatScore,
  parseInfoLine,
  resultBar,
  whiteScore,
  type InfoLine,
} from './info.js';
import { MoveInput } from './input.js';
import { gameToPdn, pdnToGame } from './pdn.js';

type Mode = 'white' | 'black' | 'human' | 'engines';
type Purpose = 'move' | 'hint' | 'analysis';

const DEFAULT_LEVEL = 5;
const MAX_LEVEL = 10;
/** Thinking time per move without a clock, and for a hint. */
const FREE_MOVE_MS = 1000;

/** The clock a new page offers: 5+3. */
function defaultControl(): TimeControl | undefined {
  return TIME_CONTROLS.find((c) => c.name === '5+3');
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const state = {
  mode: 'white' as Mode,
  level: DEFAULT_LEVEL,
  control: defaultControl(),
  variant: 'armenian' as VariantName,
  multiPV: 1,
  analyse: false,
  flipped: false,
  game: Game.fresh('armenian'),
  /** The ply shown: game.moves.length is the live position. */
  viewPly: 0,
  input: undefined as MoveInput | undefined,
  clock: undefined as Clock | undefined,
  engineName: 'engine',
  engineReady: false,
  search: undefined as { id: number; purpose: Purpose; ply: number; sideToMove: Color } | undefined, // prettier-ignore
  nextId: 1,
  lines: new Map<number, InfoLine>(),
  hint: undefined as { from: number; path: number[] } | undefined,
  message: '',
  cursor: 27,
  showCursor: false,
  dragging: undefined as { square: number; x: number; y: number; moved: boolean; wasSelected: boolean } | undefined, // prettier-ignore
  fatal: false,
};

// ---------------------------------------------------------------------------------------
// The connection to the server

let socket: WebSocket | undefined;

function connect(): void {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.addEventListener('message', (event) =>
    receive(JSON.parse(String(event.data)) as ServerMessage),
  );
  socket.addEventListener('close', () => {
    state.engineReady = false;
    state.search = undefined;
    if (!state.fatal) setEngineStatus('disconnected from the server: reload the page', true);
  });
}

function send(message: ClientMessage): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function setEngineStatus(text: string, bad = false): void {
  const element = $('engine-status');
  element.textContent = text;
  element.classList.toggle('bad', bad);
}

function receive(message: ServerMessage): void {
  switch (message.type) {
    case 'ready':
      state.engineReady = true;
      state.engineName = message.engine;
      setEngineStatus(`${message.engine} ready`);
      document.body.dataset.engine = 'ready';
      if (!message.options.some((o) => o.toLowerCase() === 'skill level')) {
        $('level').setAttribute('disabled', '');
      }
      afterChange();
      break;
    case 'info': {
      if (message.id !== state.search?.id) return;
      const info = parseInfoLine(message.line);
      if (info === undefined) return;
      state.lines.set(info.multipv, info);
      renderAnalysis();
      break;
    }
    case 'bestmove':
      bestMove(message.id, message.move);
      break;
    case 'engine-error':
      state.message = `engine: ${message.message}`;
      render();
      break;
    case 'engine-failed':
      state.engineReady = false;
      state.search = undefined;
      setEngineStatus(`${message.message}; restarting it`, true);
      document.body.dataset.engine = 'failed';
      break;
    case 'error':
      if (message.fatal) {
        state.fatal = true;
        setEngineStatus(message.message, true);
      } else state.message = `server: ${message.message}`;
      render();
      break;
  }
}

// ---------------------------------------------------------------------------------------
// The engine's searches

function isEngineTurn(): boolean {
  if (state.game.outcome() !== undefined) return false;
  const side = state.game.sideToMove;
  return (
    state.mode === 'engines' ||
    (state.mode === 'white' && side === BLACK) ||
    (state.mode === 'black' && side === WHITE)
  );
}

function startSearch(purpose: Purpose): void {
  const game = state.game;
  const ply = purpose === 'analysis' ? state.viewPly : game.moves.length;
  const id = state.nextId++;
  state.search = { id, purpose, ply, sideToMove: game.positions[ply].sideToMove };
  state.lines.clear();
  let limits: GoLimits;
  if (purpose === 'analysis') limits = { infinite: true };
  else if (purpose === 'move' && state.clock !== undefined) {
    const now = performance.now();
    limits = {
      wtime: Math.floor(state.clock.remaining(WHITE, now)),
      btime: Math.floor(state.clock.remaining(BLACK, now)),
      winc: state.clock.control.incrementMs,
      binc: state.clock.control.incrementMs,
    };
  } else limits = { movetime: FREE_MOVE_MS };
  send({
    type: 'go',
    id,
    variant: game.variant,
    fen: game.startFen,
    moves: game.moves.slice(0, ply).map((m) => m.text),
    limits,
    skillLevel: purpose === 'move' ? state.level : MAX_LEVEL,
    multiPV: purpose === 'move' ? 1 : state.multiPV,
  });
  render();
}

function stopSearch(): void {
  if (state.search !== undefined) send({ type: 'stop' });
  state.search = undefined;
}

function bestMove(id: number, move: string): void {
  const search = state.search;
  if (search === undefined || id !== search.id) return;
  state.search = undefined;
  if (search.purpose === 'hint') {
    const parsed = parseMove(state.game.position, move);
    if (parsed.ok) {
      state.hint = { from: moveFrom(parsed.value.move), path: [...parsed.value.path] };
      state.message = `hint: ${parsed.value.text}`;
    }
  } else if (search.purpose === 'move' && search.ply === state.game.moves.length) {
    const played = state.game.playText(move);
    if (!played.ok) {
      state.message = `the engine played '${move}', which is not legal here: ${played.error.message}`;
      state.mode = 'human';
      $<HTMLSelectElement>('mode').value = 'human';
    } else {
      moveMade();
      return;
    }
  }
  afterChange();
}

/** Starts what the engine should do now: its move, or analysis of the shown position. */
function afterChange(): void {
  if (state.engineReady && !state.fatal) {
    if (isEngineTurn()) {
      if (state.search?.purpose !== 'move') {
        if (state.search) stopSearch();
        startSearch('move');
        return;
      }
    } else if (state.analyse && state.game.positions[state.viewPly] !== undefined) {
      const over = state.viewPly === state.game.moves.length && state.game.outcome() !== undefined;
      if (!over && (state.search?.purpose !== 'analysis' || state.search.ply !== state.viewPly)) {
        if (state.search) stopSearch();
        startSearch('analysis');
        return;
      }
    } else if (state.search?.purpose === 'analysis') stopSearch();
  }
  render();
}

// ---------------------------------------------------------------------------------------
// Moves

/** A move was added to the game (by a person or the engine). */
function moveMade(): void {
  const now = performance.now();
  const mover = state.game.moves[state.game.moves.length - 1].color;
  if (state.clock !== undefined && !state.clock.press(mover, now)) {
    // The flag fell before the move: it does not count.
    state.game.truncate(state.game.moves.length - 1);
    state.game.end(flagOutcome(mover));
  }
  state.viewPly = state.game.moves.length;
  state.hint = undefined;
  state.input = undefined;
  if (state.game.outcome() !== undefined) {
    state.clock?.stop(now);
    stopSearch();
  }
  afterChange();
}

function liveInput(): MoveInput | undefined {
  if (state.viewPly !== state.game.moves.length || isEngineTurn()) return undefined;
  if (state.game.outcome() !== undefined) return undefined;
  if (state.input === undefined) {
    state.input = new MoveInput(state.game.position, state.game.legalMoves());
  }
  return state.input;
}

function clickSquare(square: number): void {
  const input = liveInput();
  if (input === undefined) {
    state.message =
      state.game.outcome() !== undefined
        ? 'the game is over: start a new game or take back'
        : state.viewPly !== state.game.moves.length
          ? 'you are looking at an earlier position: go to the last move to play'
          : `it is ${state.engineName}'s turn`;
    render();
    return;
  }
  const result = input.click(square);
  if (result.kind === 'move') {
    state.message = '';
    if (state.search?.purpose === 'analysis' || state.search?.purpose === 'hint') stopSearch();
    state.game.play(result.move);
    moveMade();
    return;
  }
  if (result.kind === 'illegal') state.message = result.message;
  else if (result.kind !== 'none') state.message = '';
  render();
}

function takeBack(): void {
  const game = state.game;
  if (game.moves.length === 0) return;
  stopSearch();
  let plies = game.moves.length - 1;
  const human = state.mode === 'white' ? WHITE : state.mode === 'black' ? BLACK : undefined;
  if (human !== undefined) {
    // Back to the last position where the person was to move.
    while (plies > 0 && game.positions[plies].sideToMove !== human) plies--;
    if (game.positions[plies].sideToMove !== human) plies = 0;
  }
  game.truncate(plies);
  state.viewPly = plies;
  state.input = undefined;
  state.hint = undefined;
  state.message = '';
  if (state.clock?.runningFor !== undefined) state.clock.start(game.sideToMove, performance.now());
  afterChange();
}

function newGame(game?: Game): void {
  stopSearch();
  send({ type: 'newgame' });
  const created = game ?? Game.fresh(state.variant);
  state.game = created;
  state.variant = created.variant;
  $<HTMLSelectElement>('variant').value = created.variant;
  state.viewPly = created.moves.length;
  state.input = undefined;
  state.hint = undefined;
  state.lines.clear();
  state.message = '';
  setBar({ share: 0.5, label: 'evaluation' });
  // The clocks start with the first move.
  state.clock = state.control === undefined ? undefined : new Clock(state.control);
  if (state.mode === 'black' && !state.flipped) state.flipped = true;
  if (state.mode === 'white' && state.flipped) state.flipped = false;
  afterChange();
}

// ---------------------------------------------------------------------------------------
// Drawing

function boardState(): BoardState {
  const game = state.game;
  const position = game.positions[state.viewPly];
  const before = state.viewPly > 0 ? game.positions[state.viewPly - 1] : undefined;
  const move: GameMove | undefined = game.moves[state.viewPly - 1];
  const pieces: Piece[] = [];
  for (let square = 0; square < 64; square++) pieces.push(position.pieceAt(square));
  const input = liveInput();
  const forced = input !== undefined && input.maxCapture > 0 ? input.movable() : [];
  return {
    pieces,
    flipped: state.flipped,
    selected: input?.selected,
    targets: input?.selected !== undefined ? input.targets() : [],
    hops: input?.hops ?? [],
    lastMove:
      move && before
        ? {
            from: move.from,
            path: move.path,
            captured: move.captured.map((square) => ({ square, piece: before.pieceAt(square) })),
          }
        : undefined,
    forced,
    hint: state.viewPly === game.moves.length ? state.hint : undefined,
    cursor: state.showCursor ? state.cursor : undefined,
    dragging: state.dragging?.moved ? state.dragging : undefined,
  };
}

function render(): void {
  const game = state.game;
  $('board').innerHTML = boardMarkup(boardState());
  const outcome = game.outcome();
  const side = game.positions[state.viewPly].sideToMove;
  let status: string;
  if (state.viewPly < game.moves.length) {
    status = `Position after ${state.viewPly} of ${game.moves.length} plies; ${COLOR_NAMES[side]} to move`;
  } else if (outcome !== undefined) {
    const winner =
      outcome.result === 'draw' ? 'Draw' : `${outcome.result === 'white' ? 'White' : 'Black'} wins`;
    status = `${winner}: ${outcome.reason}`;
  } else if (isEngineTurn()) {
    status = `${COLOR_NAMES[side]} to move: ${state.engineName} is thinking…`;
  } else {
    const must = liveInput()?.maxCapture ?? 0;
    status = `${COLOR_NAMES[side]} to move${must > 0 ? `: a capture is compulsory${must > 1 ? ` (the maximum takes ${must})` : ''}` : ''}`; // prettier-ignore
  }
  $('status').textContent = status;
  document.body.dataset.over = outcome !== undefined ? outcome.result : '';
  $('message').textContent = state.message;
  $('result').textContent =
    outcome === undefined
      ? ''
      : `${outcome.result === 'white' ? '2-0' : outcome.result === 'black' ? '0-2' : '1-1'} · ${outcome.reason}`;
  renderMoves();
  renderClocks();
  renderAnalysis();
}

function renderMoves(): void {
  const list = $('moves');
  const game = state.game;
  const first = game.start.sideToMove;
  const items: string[] = [];
  game.moves.forEach((move, i) => {
    const number = moveNumberOf(i, first);
    const label = move.color === WHITE ? `${number}.` : i === 0 ? `${number}…` : '';
    const current = i + 1 === state.viewPly ? ' current' : '';
    items.push(
      `<li class="ply ${move.color === WHITE ? 'w' : 'b'}${current}"><span class="number">${label}</span><button data-ply="${i + 1}">${move.text}</button></li>`,
    );
  });
  list.innerHTML = items.join('');
  list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

function renderClocks(): void {
  const now = performance.now();
  const bottom: Color = state.flipped ? BLACK : WHITE;
  for (const [id, color] of [
    ['clock-bottom', bottom],
    ['clock-top', (bottom ^ 1) as Color],
  ] as const) {
    const element = $(id);
    const who =
      state.mode === 'engines' ||
      (state.mode === 'white' && color === BLACK) ||
      (state.mode === 'black' && color === WHITE)
        ? state.engineName
        : 'You';
    element.querySelector('.who')!.textContent = `${COLOR_NAMES[color]} · ${state.mode === 'human' ? 'Player' : who}`; // prettier-ignore
    const clock = state.clock;
    element.querySelector('.time')!.textContent =
      clock === undefined ? '' : formatClock(clock.remaining(color, now));
    element.classList.toggle('running', clock?.runningFor === color);
    element.classList.toggle('to-move', state.game.sideToMove === color);
    element.classList.toggle('low', clock !== undefined && clock.remaining(color, now) < 20_000);
  }
}

function renderAnalysis(): void {
  const search = state.search;
  const lines = [...state.lines.values()].sort((a, b) => a.multipv - b.multipv);
  const top = lines[0];
  const summary = $('search-summary');
  if (top === undefined) {
    summary.textContent = search
      ? 'searching…'
      : state.analyse
        ? ''
        : 'tick "analyse" for live lines';
  } else {
    summary.textContent = `depth ${top.depth}${top.seldepth ? `/${top.seldepth}` : ''} · ${formatCount(top.nodes ?? 0)} nodes · ${formatCount(top.nps ?? 0)}/s`; // prettier-ignore
  }
  const side = state.search?.sideToMove ?? state.game.positions[state.viewPly].sideToMove;
  $('lines').innerHTML = lines
    .map((line) => {
      const score = line.score ? formatScore(whiteScore(line.score, side)) : '?';
      return `<li><span class="score">${score}</span> <span class="pv">${line.pv.slice(0, 10).join(' ')}</span></li>`; // prettier-ignore
    })
    .join('');
  // At the end of the game the bar shows the result, not the last value analysed.
  const outcome = state.viewPly === state.game.moves.length ? state.game.outcome() : undefined;
  if (outcome !== undefined) setBar(resultBar(outcome.result));
  else if (top?.score) {
    const score = whiteScore(top.score, side);
    setBar({ share: barShare(score), label: formatScore(score) });
  }
  $('eval-bar').classList.toggle('flipped', state.flipped);
}

/** The evaluation bar: White's share (0..1) and its tooltip. */
function setBar(bar: { share: number; label: string }): void {
  const element = $('eval-bar');
  (element.querySelector('.fill') as HTMLElement).style.height = `${(bar.share * 100).toFixed(1)}%`; // prettier-ignore
  element.title = bar.label;
  element.dataset.share = bar.share.toFixed(3);
}

// ---------------------------------------------------------------------------------------
// Events

function boardPoint(event: PointerEvent): [number, number] {
  const svg = $('board') as unknown as SVGSVGElement;
  const rect = svg.getBoundingClientRect();
  return [
    ((event.clientX - rect.left) / rect.width) * 8 * SQUARE,
    ((event.clientY - rect.top) / rect.height) * 8 * SQUARE,
  ];
}

function setUpBoardEvents(): void {
  const svg = $('board');
  svg.addEventListener('pointerdown', (event) => {
    const [x, y] = boardPoint(event);
    const square = squareAt(x, y, state.flipped);
    if (square === undefined) return;
    state.showCursor = false;
    const input = liveInput();
    const wasSelected = input?.selected === square;
    const piece = state.game.positions[state.viewPly].pieceAt(square);
    const own =
      piece !== '.' && (piece.toLowerCase() === 'w') === (state.game.sideToMove === WHITE);
    if (input !== undefined && own && input.hops.length === 0) {
      if (!wasSelected) clickSquare(square);
      if (input.selected === square) {
        state.dragging = { square, x, y, moved: false, wasSelected };
        svg.setPointerCapture(event.pointerId);
      }
      return;
    }
    clickSquare(square);
  });
  svg.addEventListener('pointermove', (event) => {
    const drag = state.dragging;
    if (drag === undefined) return;
    const [x, y] = boardPoint(event);
    if (!drag.moved && Math.hypot(x - drag.x, y - drag.y) < 12) return;
    state.dragging = { ...drag, x, y, moved: true };
    $('board').innerHTML = boardMarkup(boardState());
  });
  const drop = (event: PointerEvent) => {
    const drag = state.dragging;
    if (drag === undefined) return;
    state.dragging = undefined;
    const [x, y] = boardPoint(event);
    const square = squareAt(x, y, state.flipped);
    if (square !== undefined && square !== drag.square) clickSquare(square);
    else if (square === drag.square && drag.wasSelected && !drag.moved) clickSquare(square);
    else render();
  };
  svg.addEventListener('pointerup', drop);
  svg.addEventListener('pointercancel', () => {
    state.dragging = undefined;
    render();
  });
  svg.addEventListener('keydown', (event) => {
    const step: Record<string, [number, number]> = {
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    };
    const delta = step[event.key];
    if (delta) {
      const sign = state.flipped ? -1 : 1;
      const file = Math.min(7, Math.max(0, (state.cursor & 7) + sign * delta[0]));
      const rank = Math.min(7, Math.max(0, (state.cursor >> 3) + sign * delta[1]));
      state.cursor = rank * 8 + file;
      state.showCursor = true;
      event.preventDefault();
      render();
    } else if (event.key === 'Enter' || event.key === ' ') {
      state.showCursor = true;
      event.preventDefault();
      clickSquare(state.cursor);
    } else if (event.key === 'Escape') {
      state.input?.clear();
      render();
    }
  });
  svg.addEventListener('focus', () => {
    state.showCursor = true;
    render();
  });
  svg.addEventListener('blur', () => {
    state.showCursor = false;
    render();
  });
}

function goToPly(ply: number): void {
  state.viewPly = Math.max(0, Math.min(state.game.moves.length, ply));
  state.input = undefined;
  afterChange();
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function currentPdn(): string {
  const engine = state.engineName;
  const white = state.mode === 'engines' || state.mode === 'black' ? engine : 'Player';
  const black = state.mode === 'engines' || state.mode === 'white' ? engine : 'Player';
  return gameToPdn(state.game, { white, black, control: state.control }, new Date());
}

function loadPdn(text: string): void {
  const loaded = pdnToGame(text, state.variant);
  if (!loaded.ok) {
    state.message = loaded.error.message;
    render();
    return;
  }
  state.mode = 'human';
  $<HTMLSelectElement>('mode').value = 'human';
  state.message = `loaded a game of ${loaded.value.moves.length} plies`;
  const message = state.message;
  newGame(loaded.value);
  state.message = message;
  render();
}

async function openPdnFile(): Promise<void> {
  const file = $<HTMLInputElement>('pdn-file').files?.[0];
  if (file === undefined) return;
  if (file.size > 1_000_000) {
    state.message = 'that file is too large for a PDN game (over 1 MB)';
    render();
    return;
  }
  loadPdn(await file.text());
}

/** The game's settings and buttons: level, clock, mode, variant, new game, take back, flip, hint. */
function setUpGameControls(): void {
  const level = $<HTMLSelectElement>('level');
  for (let i = 0; i <= MAX_LEVEL; i++) {
    level.add(new Option(i === MAX_LEVEL ? `${i} (full strength)` : String(i), String(i)));
  }
  level.value = String(state.level);
  level.addEventListener('change', () => (state.level = Number(level.value)));
  const control = $<HTMLSelectElement>('clock-control');
  control.add(new Option('no clock', ''));
  for (const c of TIME_CONTROLS) control.add(new Option(c.name, c.name));
  control.value = state.control?.name ?? '';
  control.addEventListener('change', () => {
    state.control = TIME_CONTROLS.find((c) => c.name === control.value);
    newGame();
  });
  const mode = $<HTMLSelectElement>('mode');
  mode.addEventListener('change', () => {
    state.mode = mode.value as Mode;
    state.input = undefined;
    state.flipped = state.mode === 'black';
    afterChange();
  });
  const variant = $<HTMLSelectElement>('variant');
  variant.addEventListener('change', () => {
    state.variant = variant.value as VariantName;
    newGame();
  });
  $('new-game').addEventListener('click', () => newGame());
  $('take-back').addEventListener('click', takeBack);
  $('flip').addEventListener('click', () => {
    state.flipped = !state.flipped;
    render();
  });
  $('hint').addEventListener('click', () => {
    if (liveInput() === undefined || !state.engineReady) return;
    if (state.search) stopSearch();
    state.message = 'thinking of a hint…';
    startSearch('hint');
  });
}

/** Moving through the game: the arrows, a click on the move list, the arrow keys. */
function setUpNavigation(): void {
  $('nav-first').addEventListener('click', () => goToPly(0));
  $('nav-prev').addEventListener('click', () => goToPly(state.viewPly - 1));
  $('nav-next').addEventListener('click', () => goToPly(state.viewPly + 1));
  $('nav-last').addEventListener('click', () => goToPly(state.game.moves.length));
  $('moves').addEventListener('click', (event) => {
    const ply = (event.target as HTMLElement).dataset.ply;
    if (ply !== undefined) goToPly(Number(ply));
  });
  document.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement)
      return;
    if (event.target === $('board')) return;
    if (event.key === 'ArrowLeft') goToPly(state.viewPly - 1);
    else if (event.key === 'ArrowRight') goToPly(state.viewPly + 1);
  });
}

/** The analysis switch and its number of lines. */
function setUpAnalysis(): void {
  const analyse = $<HTMLInputElement>('analyse');
  analyse.addEventListener('change', () => {
    state.analyse = analyse.checked;
    afterChange();
  });
  const multipv = $<HTMLSelectElement>('multipv');
  multipv.addEventListener('change', () => {
    state.multiPV = Number(multipv.value);
    if (state.search?.purpose === 'analysis') stopSearch();
    afterChange();
  });
}

/** A move typed in the move field, played when legal (else the reason is shown). */
function setUpMoveEntry(): void {
  $('move-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const field = $<HTMLInputElement>('move-text');
    const input = liveInput();
    if (input === undefined) {
      clickSquare(-1);
      return;
    }
    const parsed = parseMove(state.game.position, field.value);
    if (!parsed.ok) {
      state.message = parsed.error.message;
      render();
      return;
    }
    field.value = '';
    state.message = '';
    if (state.search?.purpose !== 'move') stopSearch();
    state.game.play(parsed.value);
    moveMade();
  });
}

/** Games in and out: PDN export, import and file, and a position set up from its text. */
function setUpGameFiles(): void {
  $('pdn-export').addEventListener('click', () => {
    const text = currentPdn();
    $<HTMLTextAreaElement>('pdn-text').value = text;
    download(`tama-${new Date().toISOString().slice(0, 10)}.pdn`, text);
  });
  $('pdn-import').addEventListener('click', () =>
    loadPdn($<HTMLTextAreaElement>('pdn-text').value),
  );
  $('pdn-file').addEventListener('change', () => void openPdnFile());
  $('fen-setup').addEventListener('click', () => {
    const text = $<HTMLInputElement>('fen-text').value;
    const created = Game.from(state.variant, text);
    if (!created.ok) {
      state.message = created.error.message;
      render();
      return;
    }
    newGame(created.value);
  });
}

/** The clock's tick: the display, and the flag. */
function tick(): void {
  const clock = state.clock;
  if (clock === undefined || clock.runningFor === undefined) return;
  const now = performance.now();
  const flagged = clock.flagged(now);
  if (flagged !== undefined && state.game.outcome() === undefined) {
    clock.stop(now);
    state.game.end(flagOutcome(flagged));
    stopSearch();
    state.input = undefined;
    render();
    return;
  }
  renderClocks();
}

setUpGameControls();
setUpNavigation();
setUpAnalysis();
setUpMoveEntry();
setUpGameFiles();
setUpBoardEvents();
newGame();
connect();
setInterval(tick, 100);
