/**
 * Tama as a library: `import { Position, Game, Engine, perft } from 'tama'` (docs/api.md).
 * The entry points are few and stable: the rules (positions, games, moves, perft) and the
 * engine facade with its options and events. Everything else is internal.
 */
export { Position } from './core/position.js';
export { Game, type GameEnd, type GameEndReason } from './core/game.js';
export { perft } from './core/perft.js';
export { formatLine, legalMoves, parseMove, type LegalMove } from './core/notation.js';
export { VARIANT_NAMES, type VariantName } from './core/variant.js';
export type { Result } from './core/result.js';
export {
  Engine,
  type BestMove,
  type EngineEvents,
  type EngineInfo,
  type GoLimits,
  type SearchProgress,
} from './engine/engine.js';
