/**
 * The page drawn from the state: the board (board-view.ts), the status and message lines,
 * the live region that speaks each move, the move list as a table (one row per full move),
 * the clocks, the analysis lines with the evaluation bar, and the controls' values. Each
 * part writes the DOM only where its content changed.
 */
import { BLACK, WHITE, type Color } from '../../../core/variant.js';
import { formatTimeLeft } from '../clock.js';
import { COLOR_NAMES } from '../game.js';
import { barShare, formatCount, formatScore, resultBar, whiteScore } from '../info.js';
import { moveRows } from '../move-rows.js';
import { CLASS_WORDS, judgedMoves, reviewedPositions } from '../review.js';
import { CLASS_MARKS } from '../../../analyse/classify.js';
import { expectedScore, formatWhiteScore } from '../../../analyse/score.js';
import { BoardView } from './board-view.js';
import {
  atLivePosition,
  browserEngineOffered,
  levelUnavailable,
  playerName,
  resultText,
  statusText,
  type PageState,
} from '../state.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Sets an element's text when it differs (so a live region is not re-read for nothing). */
function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Everything on the page that is drawn from the state. */
export class PageView {
  readonly board = new BoardView($('board'));
  private movesHtml = '';
  private shownPly = -1;

  /** Draws the whole page for the state. */
  render(state: PageState): void {
    this.board.render(state);
    setText($('status'), statusText(state));
    // The game-over style belongs to the last position only, not to an earlier one shown.
    const over = atLivePosition(state) ? state.game.outcome() : undefined;
    document.body.dataset.over = over?.result ?? '';
    const title = `Tama: ${state.game.variant === 'turkish' ? 'Turkish' : 'Armenian'} draughts`;
    if (document.title !== title) document.title = title;
    const message = $('message');
    setText(message, state.message?.text ?? '');
    message.dataset.kind = state.message?.kind ?? '';
    setText($('announce'), state.announcement);
    setText($('result'), resultText(state));
    const engineStatus = $('engine-status');
    setText(engineStatus, state.engine.status.text);
    engineStatus.classList.toggle('bad', state.engine.status.kind === 'error');
    setText($('engine-about'), state.engine.ready ? `${state.engine.name}.` : '');
    $('use-browser-engine').hidden = !browserEngineOffered(state);
    document.body.dataset.engine = state.engine.ready ? 'ready' : state.engine.fatal ? 'failed' : 'waiting'; // prettier-ignore
    this.renderControls(state);
    this.renderMoves(state);
    this.renderClocks(state);
    this.renderAnalysis(state);
  }

  /** The controls show the state's settings (the controller may change them itself). */
  private renderControls(state: PageState): void {
    const values: [string, string][] = [
      ['mode', state.mode],
      ['variant', state.variant],
      ['level', String(state.level)],
      ['clock-control', state.control?.name ?? ''],
      ['multipv', String(state.multiPV)],
    ];
    for (const [id, value] of values) {
      const select = $<HTMLSelectElement>(id);
      if (select.value !== value) select.value = value;
    }
    $<HTMLInputElement>('analyse').checked = state.analyse;
    const why = levelUnavailable(state);
    const level = $<HTMLSelectElement>('level');
    level.disabled = why !== undefined;
    setText($('level-note'), why ?? '');
  }

  /**
   * The move list: a row per full move, each move with the review's mark when it has one;
   * the shown move marked and scrolled into view.
   */
  private renderMoves(state: PageState): void {
    const rows = moveRows(state.game.moves, state.game.start.sideToMove);
    const judged = state.review === undefined ? [] : judgedMoves(state.review);
    const cell = (ply: { text: string; ply: number } | undefined) => {
      if (ply === undefined) return '<td class="ply empty"></td>';
      const move = escapeHtml(ply.text);
      // A long capture wraps between its squares, never inside one.
      const shown = move.replace(/[x-]/g, '$&<wbr>');
      const verdict = judged[ply.ply - 1]?.classification ?? 'good';
      if (verdict === 'good') return `<td class="ply"><button type="button" data-ply="${ply.ply}">${shown}</button></td>`; // prettier-ignore
      const mark = `<span class="mark ${verdict}">${CLASS_MARKS[verdict]}</span>`;
      return `<td class="ply"><button type="button" data-ply="${ply.ply}" aria-label="${move}${CLASS_MARKS[verdict]}, ${CLASS_WORDS[verdict]}">${shown}${mark}</button></td>`; // prettier-ignore
    };
    const html = rows
      .map(
        (row) => `<tr><th scope="row">${row.number}.</th>${cell(row.white)}${cell(row.black)}</tr>`,
      ) // prettier-ignore
      .join('');
    const body = $('moves');
    if (html !== this.movesHtml) {
      body.innerHTML = html;
      this.movesHtml = html;
      this.shownPly = -1;
    }
    if (this.shownPly === state.viewPly) return;
    this.shownPly = state.viewPly;
    body.querySelector('[aria-current]')?.removeAttribute('aria-current');
    const current = body.querySelector<HTMLElement>(`button[data-ply="${state.viewPly}"]`);
    current?.setAttribute('aria-current', 'step');
    // Scrolls the list alone (not the page) so the shown move is inside its visible box.
    const box = $('moves-scroll');
    if (current === null) {
      if (state.viewPly === 0) box.scrollTop = 0;
      return;
    }
    // Measured in the list's own scrolled coordinates, under its sticky header; a row
    // taller than the room under the header shows its end (a wrapped capture's last square).
    const row = current.closest('tr')!.getBoundingClientRect();
    const header = box.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const origin = box.getBoundingClientRect().top + box.clientTop - box.scrollTop;
    const top = row.top - origin - header;
    const bottom = row.bottom - origin;
    const room = box.clientHeight;
    if (bottom - top > room || bottom > box.scrollTop + room)
      box.scrollTop = Math.ceil(bottom - room);
    else if (top < box.scrollTop) box.scrollTop = Math.floor(top);
  }

  /** Both clocks, with who plays each side. */
  renderClocks(state: PageState): void {
    const now = performance.now();
    const bottom: Color = state.flipped ? BLACK : WHITE;
    const over = state.game.outcome();
    for (const [id, color] of [
      ['clock-bottom', bottom],
      ['clock-top', (bottom ^ 1) as Color],
    ] as const) {
      const element = $(id);
      setText(element.querySelector<HTMLElement>('.who')!, `${COLOR_NAMES[color]} · ${playerName(state, color)}`); // prettier-ignore
      const clock = state.clock;
      const left = clock?.remaining(color, now);
      setText(element.querySelector<HTMLElement>('.time')!, left === undefined ? '' : formatTimeLeft(left)); // prettier-ignore
      element.classList.toggle('running', clock?.runningFor === color);
      element.classList.toggle('to-move', over === undefined && state.game.sideToMove === color);
      element.classList.toggle('low', left !== undefined && left < 20_000);
    }
  }

  /** The analysis lines (only while analysing), the search summary and the evaluation bar. */
  private renderAnalysis(state: PageState): void {
    const search = state.search;
    const lines = state.analyse ? [...state.lines.values()].filter((l) => l.multipv <= state.multiPV).sort((a, b) => a.multipv - b.multipv) : []; // prettier-ignore
    const top = lines[0];
    const outcome = atLivePosition(state) ? state.game.outcome() : undefined;
    let summary: string;
    if (!state.analyse) summary = 'tick "analyse" for live lines';
    else if (outcome !== undefined) summary = 'the game is over';
    else if (top !== undefined)
      summary = `depth ${top.depth}${top.seldepth ? `/${top.seldepth}` : ''} · ${formatCount(top.nodes ?? 0)} nodes · ${formatCount(top.nps ?? 0)}/s${top.tbhits ? ` · ${formatCount(top.tbhits)} table hits` : ''}`; // prettier-ignore
    else if (state.review?.phase === 'running') summary = 'waiting: the review is using the engine';
    else summary = search !== undefined ? 'searching…' : '';
    setText($('search-summary'), summary);
    const side = search?.sideToMove ?? state.game.positions[state.viewPly].sideToMove;
    const html = lines
      .map((line) => {
        const score = line.score ? formatScore(whiteScore(line.score, side)) : '?';
        return `<li><span class="score">${score}</span> <span class="pv">${escapeHtml(line.pv.slice(0, 10).join(' '))}</span></li>`; // prettier-ignore
      })
      .join('');
    const list = $('lines');
    if (list.innerHTML !== html) list.innerHTML = html;
    const reviewed = state.review === undefined ? undefined : reviewedPositions(state.review)[state.viewPly]; // prettier-ignore
    // At the end of the game the bar shows the result; without analysis it shows nothing.
    if (outcome !== undefined) this.setBar(resultBar(outcome.result), false);
    else if (top?.score) {
      const score = whiteScore(top.score, side);
      this.setBar({ share: barShare(score, state.game.variant), label: `evaluation ${formatScore(score)}` }, false);
    } else if (reviewed !== undefined) {
      // Without live lines, the review's score of the shown position.
      const share = expectedScore(reviewed.whiteScore, state.game.variant);
      this.setBar({ share, label: `review: ${formatWhiteScore(reviewed.whiteScore)}` }, false);
    } else if (!state.analyse) this.setBar({ share: 0.5, label: 'no evaluation: analysis is off' }, true); // prettier-ignore
    $('eval-bar').classList.toggle('flipped', state.flipped);
  }

  /** The evaluation bar: White's share (0..1) and its label. */
  private setBar(bar: { share: number; label: string }, off: boolean): void {
    const element = $('eval-bar');
    element.querySelector<HTMLElement>('.fill')!.style.height = `${(bar.share * 100).toFixed(1)}%`;
    element.title = bar.label;
    element.setAttribute('aria-label', bar.label);
    element.dataset.share = bar.share.toFixed(3);
    element.classList.toggle('off', off);
  }
}
