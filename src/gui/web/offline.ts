/**
 * The static build's page registers its service worker (service-worker.ts, built as sw.js
 * beside it), which keeps the build for plays without a network. A browser without service
 * workers, or a page not served over HTTPS or from localhost, plays online only.
 */
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register(new URL('./sw.js', import.meta.url)).catch(() => {});
}
