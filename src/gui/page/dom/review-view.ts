/**
 * The page's game review panel: progress with a Cancel button while the review runs, then
 * the evaluation graph over the plies (SVG: White's expected score from the bottom, 0 %,
 * to the top, 100 %; a click picks the nearest ply, a click on a mark the position its move
 * was played from, where the board shows the better move), the marked moves as dots on it
 * and as a list of buttons, and a summary per side. The graph has a text alternative and
 * every point that matters is a button in the list, so it all works by keyboard and screen
 * reader; the view has no animation. It owns nothing of the page's state: review-panel.ts
 * draws the state's review into it and turns its callbacks into the controller's actions.
 */
import { classCounts, formatCounts } from '../../../analyse/annotated-pdn.js';
import type { MoveClass } from '../../../analyse/classify.js';
import type { GameReview, MoveReview, PositionReview, ReviewProgress } from '../../../analyse/review.js'; // prettier-ignore
import { expectedScore, formatWhiteScore } from '../../../analyse/score.js';
import type { VariantName } from '../../../core/variant.js';
import { CLASS_WORDS, moveLabel } from '../review.js';

/** What the view calls back: the page's navigation and the review's cancel. */
export interface ReviewViewOptions {
  /** Show the position after `ply` moves (0: the first position). */
  readonly onSelectPly: (ply: number) => void;
  /** The person asked to stop the review under way. */
  readonly onCancel: () => void;
}

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 360;
const HEIGHT = 120;
/** Room at the sides, top and bottom so that marks at the graph's edges are drawn whole. */
const PAD = 6;
/** Colours of the marks: each has a contrast of at least 3:1 on the panel's background. */
const MARK_COLOURS: Readonly<Record<Exclude<MoveClass, 'good'>, string>> = {
  inaccuracy: '#8a6d00',
  mistake: '#b35900',
  blunder: '#b3261e',
};

/** The sentence a screen reader hears for the graph. */
export function graphDescription(review: GameReview): string {
  const [white, black] = classCounts(review);
  const last = review.positions[review.positions.length - 1];
  const end = last === undefined ? '' : ` The evaluation at the end: ${formatWhiteScore(last.whiteScore)}.`; // prettier-ignore
  return `Evaluation graph over ${review.moves.length} plies, White's chances from the bottom to the top.${end} White: ${formatCounts(white)}. Black: ${formatCounts(black)}.`; // prettier-ignore
}

/** The review's part of the page, drawn into the container it is given. */
export class ReviewView {
  private readonly root: HTMLElement;
  private readonly status: HTMLElement;
  private readonly progressRow: HTMLElement;
  private readonly progressBar: HTMLProgressElement;
  private readonly progressText: HTMLElement;
  private readonly graph: SVGSVGElement;
  private readonly summary: HTMLElement;
  private readonly list: HTMLOListElement;
  private positions: PositionReview[] = [];
  private moves: MoveReview[] = [];
  private total = 0;
  private variant: VariantName = 'armenian';
  private currentPly = 0;

  constructor(
    container: HTMLElement,
    private readonly options: ReviewViewOptions,
  ) {
    const doc = container.ownerDocument;
    this.root = doc.createElement('section');
    this.root.className = 'review';
    this.root.setAttribute('aria-label', 'Game review');
    this.status = doc.createElement('p');
    this.status.className = 'review-status';
    this.status.setAttribute('role', 'status');
    this.progressRow = doc.createElement('div');
    this.progressRow.className = 'review-progress';
    this.progressRow.hidden = true;
    const label = doc.createElement('label');
    label.textContent = 'Reviewing ';
    this.progressBar = doc.createElement('progress');
    label.append(this.progressBar);
    this.progressText = doc.createElement('span');
    const cancel = doc.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel review';
    cancel.addEventListener('click', () => this.options.onCancel());
    this.progressRow.append(label, ' ', this.progressText, ' ', cancel);
    this.graph = doc.createElementNS(SVG, 'svg');
    this.graph.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
    this.graph.setAttribute('role', 'img');
    this.graph.setAttribute('class', 'review-graph');
    this.graph.style.width = '100%';
    this.graph.style.height = 'auto';
    this.graph.style.cursor = 'pointer';
    this.graph.style.display = 'block';
    this.graph.addEventListener('click', (event) => this.clickGraph(event));
    this.summary = doc.createElement('p');
    this.summary.className = 'review-summary';
    this.list = doc.createElement('ol');
    this.list.className = 'review-marks';
    this.list.setAttribute('aria-label', 'Marked moves');
    this.list.style.listStyle = 'none';
    this.list.style.padding = '0';
    this.root.append(this.status, this.progressRow, this.graph, this.summary, this.list);
    this.root.hidden = true;
    container.append(this.root);
  }

  /** A review of `total` positions begins: progress at 0, the old graph gone. */
  start(total: number, variant: VariantName): void {
    this.clearData();
    this.total = total;
    this.variant = variant;
    this.root.hidden = false;
    this.progressRow.hidden = false;
    this.progressBar.max = total;
    this.progressBar.value = 0;
    this.progressText.textContent = `0 of ${total} positions`;
    this.status.textContent = `Reviewing ${total} positions.`;
    this.draw();
  }

  /** One more position done: the bar moves and the graph grows. */
  progress(progress: ReviewProgress): void {
    this.positions[progress.position.ply] = progress.position;
    if (progress.move !== undefined) this.moves[progress.move.index] = progress.move;
    this.total = progress.total;
    this.progressBar.max = progress.total;
    this.progressBar.value = progress.done;
    this.progressText.textContent = `${progress.done} of ${progress.total} positions`;
    this.draw();
  }

  /** The review is done: the whole graph, the summary and the list of marked moves. */
  finish(review: GameReview): void {
    this.positions = [...review.positions];
    this.moves = [...review.moves];
    this.total = review.positions.length;
    this.variant = review.variant;
    this.root.hidden = false;
    this.progressRow.hidden = true;
    this.summary.textContent = summaryText(review);
    const [white, black] = classCounts(review);
    this.status.textContent = `Review done. White: ${formatCounts(white)}. Black: ${formatCounts(black)}.`; // prettier-ignore
    this.graph.setAttribute('aria-label', graphDescription(review));
    this.drawList(review);
    this.draw();
  }

  /** The review stopped before its end (cancelled, or the engine failed): says why. */
  stopped(message: string): void {
    this.progressRow.hidden = true;
    this.status.textContent = `Review stopped: ${message}`;
  }

  /** The position the page shows: a line on the graph, and the list's button marked current. */
  setCurrentPly(ply: number): void {
    this.currentPly = ply;
    this.draw();
    this.markCurrent();
  }

  private markCurrent(): void {
    const ply = this.currentPly;
    for (const button of this.list.querySelectorAll('button')) {
      if (Number(button.dataset.ply) === ply) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
  }

  /** The review no longer matches the game: everything goes. */
  clear(): void {
    this.clearData();
    this.root.hidden = true;
  }

  private clearData(): void {
    this.positions = [];
    this.moves = [];
    this.total = 0;
    this.status.textContent = '';
    this.summary.textContent = '';
    this.list.replaceChildren();
    this.graph.replaceChildren();
    this.graph.setAttribute('aria-label', 'Evaluation graph: no review yet');
  }

  private x(ply: number): number {
    return PAD + (this.total <= 1 ? 0 : (ply / (this.total - 1)) * (WIDTH - 2 * PAD));
  }

  private y(position: PositionReview): number {
    return PAD + (1 - expectedScore(position.whiteScore, this.variant)) * (HEIGHT - 2 * PAD);
  }

  private draw(): void {
    const doc = this.graph.ownerDocument;
    const element = (name: string, attributes: Record<string, string | number>) => {
      const node = doc.createElementNS(SVG, name);
      for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value)); // prettier-ignore
      return node;
    };
    const parts: SVGElement[] = [
      element('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: '#3b2a1a' }),
    ];
    const done = this.positions.filter((p): p is PositionReview => p !== undefined);
    if (done.length > 0) {
      const points = done.map((p) => `${this.x(p.ply).toFixed(1)},${this.y(p).toFixed(1)}`);
      const first = this.x(done[0].ply).toFixed(1);
      const last = this.x(done[done.length - 1].ply).toFixed(1);
      // White's share of the graph: the area under the curve.
      parts.push(element('polygon', { points: `${first},${HEIGHT} ${points.join(' ')} ${last},${HEIGHT}`, fill: '#f6ead2' })); // prettier-ignore
      parts.push(element('polyline', { points: points.join(' '), fill: 'none', stroke: '#7a6f62', 'stroke-width': 1 })); // prettier-ignore
    }
    parts.push(element('line', { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2, stroke: '#7a6f62', 'stroke-dasharray': '3 3' })); // prettier-ignore
    if (this.total > 0) {
      const x = this.x(Math.min(this.currentPly, this.total - 1));
      parts.push(element('line', { x1: x, y1: 0, x2: x, y2: HEIGHT, stroke: '#2f7d5b', 'stroke-width': 2, class: 'review-current' })); // prettier-ignore
    }
    for (const move of this.moves) {
      if (move === undefined || move.classification === 'good') continue;
      const after = this.positions[move.index + 1];
      if (after === undefined) continue;
      const dot = element('circle', {
        cx: this.x(after.ply),
        cy: this.y(after),
        r: move.classification === 'blunder' ? 5 : 4,
        fill: MARK_COLOURS[move.classification],
        stroke: '#fffdf8',
        'stroke-width': 1.5,
        class: `review-mark ${move.classification}`,
        'data-ply': move.index,
      });
      parts.push(dot);
    }
    this.graph.replaceChildren(...parts);
  }

  private drawList(review: GameReview): void {
    const doc = this.list.ownerDocument;
    const items = review.moves
      .filter((move) => move.classification !== 'good')
      .map((move) => {
        const item = doc.createElement('li');
        const button = doc.createElement('button');
        button.type = 'button';
        button.dataset.ply = String(move.index);
        button.style.textAlign = 'left';
        button.style.width = '100%';
        button.style.borderLeft = `4px solid ${MARK_COLOURS[move.classification as Exclude<MoveClass, 'good'>]}`; // prettier-ignore
        const after = formatWhiteScore(review.positions[move.index + 1].whiteScore);
        const better = move.better === undefined ? '' : `, better ${move.better.move} (${formatWhiteScore(move.better.whiteScore)})`; // prettier-ignore
        button.textContent = `${moveLabel(review, move)} ${CLASS_WORDS[move.classification]} (${after})${better}`; // prettier-ignore
        button.addEventListener('click', () => this.options.onSelectPly(move.index));
        item.append(button);
        return item;
      });
    this.list.replaceChildren(...items);
    this.list.hidden = items.length === 0;
    this.markCurrent();
  }

  /**
   * A click on a mark picks the position its move was played from (where the board shows
   * the better move); elsewhere on the graph, the nearest ply that has been reviewed.
   */
  private clickGraph(event: MouseEvent): void {
    if (this.total === 0) return;
    const mark = (event.target as Element | null)?.closest?.('.review-mark');
    const marked = mark?.getAttribute('data-ply');
    if (marked !== null && marked !== undefined) {
      this.options.onSelectPly(Number(marked));
      return;
    }
    const box = this.graph.getBoundingClientRect();
    if (box.width === 0) return;
    const x = ((event.clientX - box.left) / box.width) * WIDTH;
    const fraction = Math.min(1, Math.max(0, (x - PAD) / (WIDTH - 2 * PAD)));
    const ply = Math.round(fraction * (this.total - 1));
    if (this.positions[ply] !== undefined) this.options.onSelectPly(ply);
  }
}

/** The review's budget (its counts are in the status line above). */
function summaryText(review: GameReview): string {
  return `Each position searched to ${review.nodes.toLocaleString('en-US')} nodes. Scores are from White's side, in men: +1.00 is White a man ahead, -1.00 Black.`; // prettier-ignore
}
