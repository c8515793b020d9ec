/**
 * The part of a service worker's global scope that the two service workers use (the static
 * build's, service-worker.ts, and `tama gui`'s page's, gui-service-worker.ts), typed here
 * once because their TypeScript is checked with the DOM's types, not the worker's.
 */
interface ExtendableEvent {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

/** The service worker's global scope. */
export const serviceWorkerScope = globalThis as unknown as {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void; // prettier-ignore
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  registration: { scope: string };
};
