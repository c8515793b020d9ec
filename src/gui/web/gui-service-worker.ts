/**
 * The service worker of `tama gui`'s page (built by scripts/build-web.mjs as gui-sw.js, which
 * the server serves at /sw.js). On install it keeps a copy of the page and of the engine in
 * the browser (the static build's worker scripts and weights, which the same server serves),
 * so that when the server is gone the page can still start that engine and the game goes
 * on. Every request for those files goes to the server first, and a good answer renews the
 * copy, so a running server's page is always its own; the copy answers only when the server
 * does not. The copy's store is named for the version of the build whose files it keeps
 * (written in by the build): a new build is a new worker, installed again with the new
 * files, and the old store is deleted.
 */
import { serviceWorkerScope } from './service-worker-scope.js';

declare const KEPT_FILES: readonly string[];
declare const KEPT_VERSION: string;

const scope = serviceWorkerScope;

const STORE_PREFIX = 'tama-gui-kept-';
const STORE = `${STORE_PREFIX}${KEPT_VERSION}`;
const keptUrls = new Set(KEPT_FILES.map((file) => new URL(file, scope.registration.scope).href)); // prettier-ignore

scope.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(STORE)
      .then((store) => store.addAll([...keptUrls]))
      .then(() => scope.skipWaiting()),
  );
});

// The page that registered the worker is served by it from now on, not only after a reload.
scope.addEventListener('activate', (event) => {
  const old = (name: string) => name.startsWith(STORE_PREFIX) && name !== STORE;
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
      .then(() => scope.clients.claim()),
  );
});

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  const { origin, pathname } = new URL(request.url);
  const key = origin + pathname;
  if (request.method !== 'GET' || !keptUrls.has(key)) return;
  event.respondWith(
    fetch(request).then(
      async (response) => {
        if (response.ok) await (await caches.open(STORE)).put(key, response.clone());
        return response;
      },
      async () => (await (await caches.open(STORE)).match(key)) ?? Response.error(),
    ),
  );
});
