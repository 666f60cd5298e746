/* isolate.js - registers the service worker (sw.js: cross-origin isolation
 * and offline use) and, the first time it takes control of a page that
 * is not yet isolated, reloads that page once so that the engine gets
 * shared memory (threads, an immediate stop). A classic script in the
 * page's head, before the page's modules.
 *
 * window.morphosIsolation resolves once the page will stay as it is
 * ('isolated', or why not: 'no service worker', 'refused', 'timeout');
 * gtp.js starts the engine only then, so no engine starts in a page about
 * to reload. Without a service worker (an insecure origin other than
 * localhost, a browser that refuses them) or without isolation after the
 * reload, the page works single-threaded; sessionStorage keeps it from
 * reloading twice, and a service worker that takes longer than 8 s to
 * start makes the next visit isolated instead of reloading this one; a
 * registration that resolves to no registration goes on at once. */
'use strict';
window.morphosIsolation = new Promise((resolve) => {
  const TRIED = 'morphos-isolate-reload';
  let settled = false;
  const done = (how) => { settled = true; resolve(how); };
  const reload = () => {
    if (settled) return;
    sessionStorage.setItem(TRIED, '1');
    window.location.reload();
  };
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return done('no service worker');
  /* A registration that resolves to nothing (a browser or automation
   * layer that blocks service workers answers so) will never take
   * control: go on at once rather than wait out the 8 s. */
  navigator.serviceWorker.register('sw.js').then((reg) => {
    if (!reg && !settled) done('no service worker');
  }, (e) => {
    console.warn('service worker: ' + e.message);
    if (!settled) done('no service worker');
  });
  if (window.crossOriginIsolated) return done('isolated');
  if (sessionStorage.getItem(TRIED)) return done('refused');
  if (navigator.serviceWorker.controller) return reload();  /* controlled, yet the headers did not apply */
  navigator.serviceWorker.addEventListener('controllerchange', reload);
  setTimeout(() => done('timeout'), 8000);
});
