/**
 * The static build's service worker: on install it stores every file of the build (the
 * list and the build's version are written in by scripts/build-web.mjs), and it answers the
 * page's and its workers' requests for them from that store, so that after the first visit
 * the page plays with the network off. A new build is a new store; the old one is deleted
 * once the new worker takes over. The endgame tables are not among the build's files: the
 * page stores them when asked (endgame-store.ts), and a store of the build's tables is
 * kept, one of other tables deleted.
 */
import { TABLE_STORE_PREFIX } from './endgame-store.js';
import { serviceWorkerScope } from './service-worker-scope.js';

declare const BUILD_FILES: readonly string[];
declare const BUILD_VERSION: string;
declare const TABLES_VERSION: string;

const scope = serviceWorkerScope;

const STORE = `tama-${BUILD_VERSION}`;
const KEPT = [STORE, `${TABLE_STORE_PREFIX}${TABLES_VERSION}`];

scope.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(STORE)
      .then((store) =>
        store.addAll(BUILD_FILES.map((file) => new URL(file, scope.registration.scope).href)),
      ) // prettier-ignore
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('tama-') && !KEPT.includes(name))
            .map((name) => caches.delete(name)),
        ),
      ) // prettier-ignore
      .then(() => scope.clients.claim()),
  );
});

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== new URL(scope.registration.scope).origin) return; // prettier-ignore
  event.respondWith(
    caches
      .open(STORE)
      .then((store) => store.match(request, { ignoreSearch: true }))
      .then((stored) => stored ?? fetch(request)),
  );
});
