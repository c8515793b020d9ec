/** Turning engine events into protocol lines. */
import type { OptionDefinition } from '../engine/options.js';
import type { EngineInfo, SearchProgress } from '../engine/engine.js';

/** `info depth ... pv ...` for one iteration (or one MultiPV line). */
export function formatInfo(info: EngineInfo): string {
  const score = `score ${info.score.kind} ${info.score.value}`;
  const pv = info.pv.length > 0 ? ` pv ${info.pv.join(' ')}` : '';
  return `info depth ${info.depth} seldepth ${info.seldepth} multipv ${info.multipv} ${score} nodes ${info.nodes} nps ${info.nps} hashfull ${info.hashfull}${info.tbhits > 0 ? ` tbhits ${info.tbhits}` : ''} time ${info.time}${pv}`; // prettier-ignore
}

/**
 * `info depth ... nodes ... nps ... time ...` while a search runs (with the root move being
 * searched, `currmove ... currmovenumber ...`), and once more when it is cut short.
 */
export function formatProgress(progress: SearchProgress): string {
  const current = progress.currmove === undefined ? '' : ` currmove ${progress.currmove} currmovenumber ${progress.currmovenumber}`; // prettier-ignore
  return `info depth ${progress.depth} nodes ${progress.nodes} nps ${progress.nps} time ${progress.time}${current}`; // prettier-ignore
}

/** `bestmove <move> [ponder <move>]`, or `bestmove 0000` when there is no legal move. */
export function formatBestMove(move: string | undefined, ponder: string | undefined): string {
  if (move === undefined) return 'bestmove 0000';
  return ponder === undefined ? `bestmove ${move}` : `bestmove ${move} ponder ${ponder}`;
}

/** The `option ...` line `uci` prints for an option. */
export function formatOption(option: OptionDefinition): string {
  switch (option.type) {
    case 'spin':
      return `option name ${option.name} type spin default ${option.default} min ${option.min} max ${option.max}`; // prettier-ignore
    case 'check':
      return `option name ${option.name} type check default ${option.default}`;
    case 'combo':
      return `option name ${option.name} type combo default ${option.default} ${option.choices.map((c) => `var ${c}`).join(' ')}`; // prettier-ignore
    case 'string':
      return `option name ${option.name} type string default ${option.default}`;
    case 'button':
      return `option name ${option.name} type button`;
  }
}

/**
 * The most characters of a message an error or warning line carries: the messages quote
 * input through core/quote.ts and stay far below it; this bounds any that does not.
 */
export const MAX_MESSAGE_CHARS = 1000;

/** One line, at most MAX_MESSAGE_CHARS of it. */
function oneLine(message: string): string {
  const flat = message.replace(/[\r\n]+/g, ' ');
  return flat.length <= MAX_MESSAGE_CHARS ? flat : `${flat.slice(0, MAX_MESSAGE_CHARS)}... (cut)`;
}

/** An error as the protocol reports it: one line, never more. */
export function formatError(message: string): string {
  return `info string error: ${oneLine(message)}`;
}

/** A warning: the line was carried out, but not exactly as given. One line, never more. */
export function formatWarning(message: string): string {
  return `info string warning: ${oneLine(message)}`;
}
