/**
 * The engine in this browser, kept for when the `tama gui` server is gone: the server's page
 * registers the service worker that the server serves at /sw.js
 * (gui/web/gui-service-worker.ts), which keeps a copy of the page and of the engine's worker
 * scripts and weights. Service workers need HTTPS or localhost: a server reached by another
 * name keeps no copy, and once it is gone its page cannot start the engine itself.
 */

/** Registers the service worker that keeps the engine's files (where there are service workers). */
export function keepBrowserEngine(): void {
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => {});
}

/** Whether the kept copy serves this page now, so the engine in this browser starts without the server. */
export function browserEngineKept(): boolean {
  return 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null;
}
