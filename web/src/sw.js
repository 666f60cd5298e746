/* sw.js - the web board's service worker: cross-origin isolation and
 * offline use, from any static file server.
 *
 * Isolation: SharedArrayBuffer (the engine's threads, and the flag that
 * stops a search at once: gtp.js) exists only in a cross-origin isolated
 * page, which needs the headers Cross-Origin-Opener-Policy: same-origin
 * and Cross-Origin-Embedder-Policy: require-corp on the page and its
 * workers. A plain static server (python3 -m http.server) sends neither,
 * so this worker adds them to every same-origin response it hands to the
 * page. It controls the page only from the second load on; isolate.js
 * reloads the page once when it first takes control.
 *
 * Offline: every same-origin GET goes to the network first (a new build
 * is seen at once) and its answer is kept in the cache; when the network
 * fails the cached copy is served, so the page reloads and plays offline
 * once it was loaded (activation puts the whole app in the cache). */
'use strict';

const CACHE = 'morphos-web';
const APP = ['./', 'index.html', 'style.css', 'app.js', 'board.js', 'gtp.js', 'worker.js', 'isolate.js', 'help.js',
  'rules.html', 'rules.md',
  'morphos.js', 'morphos.wasm', 'morphos-mt.js', 'morphos-mt.wasm', 'morphos-mt.worker.js',
  'manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png'];

/* Control at once (isolate.js waits for it to reload the page); the app
 * goes into the cache meanwhile. Files missing from a build are skipped. */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(Promise.all([self.clients.claim(),
  caches.open(CACHE).then((c) => Promise.all(APP.map((f) => c.match(f).then((hit) => hit || c.add(f)).catch(() => {}))))])));

/* The same response with the isolation headers. */
function isolated(r) {
  if (r.status === 0 || r.type === 'opaque' || r.type === 'opaqueredirect') return r;
  const h = new Headers(r.headers);
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  h.set('Cross-Origin-Embedder-Policy', 'require-corp');
  h.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(r.body, { status: r.status, statusText: r.statusText, headers: h });
}

async function answer(req) {
  const cache = await caches.open(CACHE);
  try {
    const r = await fetch(req);
    if (r.ok) await cache.put(req, r.clone());
    return isolated(r);
  } catch (err) {
    /* Offline: the cached copy (the page also under its own name). */
    const r = await cache.match(req, { ignoreSearch: true }) ||
      (req.mode === 'navigate' ? await cache.match('index.html') : undefined);
    if (r) return isolated(r);
    throw err;
  }
}

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  /* Chromium refuses only-if-cached requests outside same-origin mode. */
  if (req.cache === 'only-if-cached' && req.mode !== 'same-origin') return;
  e.respondWith(answer(req));
});
