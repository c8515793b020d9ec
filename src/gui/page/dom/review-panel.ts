/**
 * The game review on the page: the Review button (offered after a game, or on a game
 * between two people such as a loaded PDN), the review panel (review-view.ts) drawn from
 * the state's review, its graph and list turned into navigation and its Cancel into the
 * controller's, and the reviewed game's download as annotated PDN.
 */
import type { PageController } from '../controller.js';
import { reviewOffered, type PageState } from '../state.js';
import type { PageReview } from '../review.js';
import { download } from './download.js';
import { ReviewView } from './review-view.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The review's part of the page. */
export class ReviewPanel {
  private readonly view: ReviewView;
  private readonly panel = $('review-panel');
  private readonly button = $<HTMLButtonElement>('review');
  private readonly exportButton = $<HTMLButtonElement>('review-export');
  /** What the view shows: which review, how many of its steps, in which phase, at which ply. */
  private shown: PageReview | undefined;
  private shownSteps = 0;
  private shownPhase = '';
  private shownPly = -1;
  private controller: PageController | undefined;

  constructor() {
    this.view = new ReviewView($('review-view'), {
      onSelectPly: (ply) => this.controller?.goToPly(ply),
      onCancel: () => this.controller?.cancelReview(),
    });
  }

  /** Turns the review's buttons into `controller`'s actions. */
  listen(controller: PageController): void {
    this.controller = controller;
    this.button.addEventListener('click', () => controller.startReview());
    this.exportButton.addEventListener('click', () => {
      const text = controller.reviewedPdnText(new Date());
      if (!text.ok) {
        controller.say(text.error.message, 'error');
        return;
      }
      $<HTMLTextAreaElement>('pdn-text').value = text.value;
      download(`tama-reviewed-${new Date().toISOString().slice(0, 10)}.pdn`, text.value);
    });
  }

  /** Draws the state's review: only what changed since the last time. */
  render(state: PageState): void {
    this.button.hidden = !reviewOffered(state);
    const review = state.review;
    if (review !== this.shown) {
      this.shown = review;
      this.shownSteps = 0;
      this.shownPhase = '';
      this.shownPly = -1;
      if (review === undefined) this.view.clear();
      else this.view.start(review.total, review.variant);
    }
    this.panel.hidden = review === undefined;
    this.exportButton.hidden = review?.phase !== 'done';
    if (review === undefined) return;
    while (this.shownSteps < review.progress.length) {
      this.view.progress(review.progress[this.shownSteps++]);
    }
    if (review.phase !== this.shownPhase) {
      this.shownPhase = review.phase;
      if (review.phase === 'done' && review.result !== undefined) this.view.finish(review.result);
      else if (review.phase === 'stopped') this.view.stopped(review.stopReason ?? 'stopped');
    }
    if (state.viewPly !== this.shownPly) {
      this.shownPly = state.viewPly;
      this.view.setCurrentPly(state.viewPly);
    }
  }
}
