/** The review's defaults, apart so that the command line reads them without loading the review. */

/** The node budget of a position when none is given (docs/analyse.md has its cost). */
export const DEFAULT_REVIEW_NODES = 200_000;
