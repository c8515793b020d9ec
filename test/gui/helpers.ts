/** Small helpers for the page's tests. */
import { Position } from '../../src/core/position.js';
import type { VariantName } from '../../src/core/variant.js';
import { fileURLToPath } from 'node:url';
import { Game } from '../../src/gui/page/game.js';
import { startGuiServer, type GuiServer } from '../../src/gui/server.js';

/** A position from good position text (a test's own). */
export function positionOf(fen: string): Position {
  const parsed = Position.parse(fen);
  if (!parsed.ok) throw new Error(`bad test position ${fen}: ${parsed.error.message}`);
  return parsed.value;
}

/** A game from good position text. */
export function gameOf(variant: VariantName, fen: string): Game {
  const created = Game.from(variant, fen);
  if (!created.ok) throw new Error(`bad test game ${fen}: ${created.error.message}`);
  return created.value;
}

/** `tama gui` for a browser test: a free loopback port, this tama, the built page. */
export function startTestGuiServer(maxTabs: number): Promise<GuiServer> {
  return startGuiServer({
    port: 0,
    host: '127.0.0.1',
    engine: { program: process.execPath, args: [fileURLToPath(new URL('../../bin/tama.js', import.meta.url))] }, // prettier-ignore
    maxTabs,
    stallMs: 10_000,
    pageDir: fileURLToPath(new URL('../../dist/gui/', import.meta.url)),
  });
}
