/**
 * Score-based adjudication, as in cutechess:
 * - draw (`--draw movenumber=N movecount=C score=S`): once N full moves have been played,
 *   the game is drawn when both engines reported |score| <= S cp for their last C moves each;
 * - resign (`--resign movecount=C score=S [twosided=true]`): a side whose engine reported a
 *   score <= -S cp for its last C moves loses (with twosided, only if the opponent's engine
 *   also reported >= S for its last C moves).
 * A move without a score breaks that side's run. Mate scores count as very large scores.
 */
import type { Color } from '../core/variant.js';
import type { EngineScore } from '../engine-client/info.js';

export interface DrawAdjudication {
  readonly moveNumber: number;
  readonly moveCount: number;
  readonly scoreCp: number;
}

export interface ResignAdjudication {
  readonly moveCount: number;
  readonly scoreCp: number;
  readonly twoSided: boolean;
}

export type Verdict =
  | { readonly kind: 'draw'; readonly reason: string }
  | { readonly kind: 'resign'; readonly loser: Color; readonly reason: string };

/** Centipawns a mate score stands for, less the moves to mate. */
export const MATE_CP = 100_000;

/** A reported score in centipawns from the reporting side's point of view. */
export function scoreCp(score: EngineScore): number {
  if (score.unit === 'cp') return score.value;
  return score.value > 0 ? MATE_CP - score.value : -MATE_CP - score.value;
}

/** Follows the scores of one game and says when the game should be adjudicated. */
export class Adjudicator {
  // Per colour: how many of its last moves in a row were drawish, lost, won.
  private readonly drawRun = [0, 0];
  private readonly loseRun = [0, 0];
  private readonly winRun = [0, 0];

  constructor(
    private readonly draw: DrawAdjudication | undefined,
    private readonly resign: ResignAdjudication | undefined,
  ) {}

  /**
   * Records the score the mover's engine gave with its move (undefined: no score), after
   * `plies` plies of the game; returns the verdict the game now deserves, if any.
   */
  record(mover: Color, score: EngineScore | undefined, plies: number): Verdict | undefined {
    if (score === undefined) {
      this.drawRun[mover] = this.loseRun[mover] = this.winRun[mover] = 0;
      return undefined;
    }
    const cp = scoreCp(score);
    const bump = (runs: number[], yes: boolean) => (runs[mover] = yes ? runs[mover] + 1 : 0);
    if (this.draw) bump(this.drawRun, Math.abs(cp) <= this.draw.scoreCp);
    if (this.resign) {
      bump(this.loseRun, cp <= -this.resign.scoreCp);
      bump(this.winRun, cp >= this.resign.scoreCp);
    }
    if (this.resign) {
      const { moveCount, twoSided } = this.resign;
      for (const loser of [mover, (mover ^ 1) as Color]) {
        const winner = loser ^ 1;
        if (this.loseRun[loser] >= moveCount && (!twoSided || this.winRun[winner] >= moveCount)) {
          return {
            kind: 'resign',
            loser,
            reason: `score <= -${this.resign.scoreCp} cp for ${moveCount} moves`,
          };
        }
      }
    }
    if (this.draw && plies >= 2 * this.draw.moveNumber) {
      const { moveCount, scoreCp: limit } = this.draw;
      if (this.drawRun[0] >= moveCount && this.drawRun[1] >= moveCount) {
        return { kind: 'draw', reason: `both scores within ${limit} cp for ${moveCount} moves` };
      }
    }
    return undefined;
  }
}
