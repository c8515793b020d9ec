/**
 * The page's entry: one state (state.ts), the controller that changes it (controller.ts),
 * the view that draws it (dom/view.ts, dom/board-view.ts), the input events
 * (dom/board-events.ts, dom/controls.ts), the game review (dom/review-panel.ts) and the
 * transport to the engine (transport.ts): the `tama gui` server's WebSocket
 * (dom/websocket.ts), or, in the static build (dist/web, whose page says
 * `data-transport="worker"`), the engine in this browser's Web Workers (dom/worker-transport.ts),
 * whose threads, hash and endgame tables the settings panel (dom/settings-panel.ts) sets;
 * the server's page keeps a copy of that engine for when the server is gone (dom/kept-engine.ts).
 * The Puzzles panel (dom/puzzle-panel.ts) plays the shipped puzzles on the same board;
 * moves sound when the person switched sounds on (dom/move-sounds.ts).
 * The rules come from the core, in the browser.
 */
import { setUpBoardEvents } from './dom/board-events.js';
import { PageController } from './controller.js';
import { setUpControls } from './dom/controls.js';
import { createState } from './state.js';
import { ReplaceableTransport } from './transport.js';
import { webSocketTransport } from './dom/websocket.js';
import { workerEngine } from './dom/worker-transport.js';
import { browserEngineKept, keepBrowserEngine } from './dom/kept-engine.js';
import { setUpSettingsPanel } from './dom/settings-panel.js';
import { PageView } from './dom/view.js';
import { ReviewPanel } from './dom/review-panel.js';
import { PuzzlePanel } from './dom/puzzle-panel.js';
import { MoveSounds } from './dom/move-sounds.js';

/** How often the clocks are redrawn and the flag looked at. */
const TICK_MS = 100;

const state = createState();
const view = new PageView();
const reviewPanel = new ReviewPanel();
const sounds = new MoveSounds();
sounds.bindSwitch(document.getElementById('move-sounds') as HTMLInputElement);
const redraw = () => {
  view.render(state);
  sounds.follow(state.game);
  reviewPanel.render(state);
  puzzlePanel.render();
};
/** The engine in this browser's Web Workers (the static build's, or the server's copy). */
const startBrowserEngine = () => workerEngine(new URL('./engine-worker.js', import.meta.url));
const inBrowser = document.documentElement.dataset.transport === 'worker' ? startBrowserEngine() : undefined; // prettier-ignore
state.engine.inBrowser = inBrowser !== undefined;
const transport = new ReplaceableTransport(inBrowser?.transport ?? webSocketTransport(`ws://${location.host}/ws`, browserEngineKept)); // prettier-ignore
// The server's page keeps the engine in this browser for when the server is gone.
if (!inBrowser) keepBrowserEngine();
const controller = new PageController(state, transport, redraw);
const puzzlePanel = new PuzzlePanel(controller);
if (inBrowser) void setUpSettingsPanel(inBrowser.engine, (name) => controller.renameEngine(name));
// When the server's engine is gone (the tab refused, the server gone, the engine failed to
// start), the page offers the engine in this browser, so that a game can always be played.
document.getElementById('use-browser-engine')!.addEventListener('click', () => {
  const engine = startBrowserEngine();
  transport.replace(engine.transport);
  controller.engineReplaced();
  void setUpSettingsPanel(engine.engine, (name) => controller.renameEngine(name));
});

setUpControls(controller, redraw);
reviewPanel.listen(controller);
puzzlePanel.render();
setUpBoardEvents(controller, view.board, redraw);
controller.start();
setInterval(() => {
  if (!controller.tick()) view.renderClocks(state);
}, TICK_MS);
