/* harness.mjs - what the browser tests and the bench share: a static
 * server for web/dist (python3 -m http.server, as a user would run it) and
 * Debian's headless Chromium driven by playwright-core (never a browser of
 * its own: executablePath is the system one). */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { chromium } from 'playwright-core';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = process.env.WEB_DIST || join(ROOT, 'web', 'dist');
const BROWSER = process.env.CHROMIUM || '/usr/bin/chromium';

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
    s.on('error', reject);
  });
}

export async function serve() {
  const port = await freePort();
  const proc = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', DIST], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  /* a minute: on a loaded machine python3 alone takes seconds to start */
  for (let i = 0; i < 600; i++) {
    try { const r = await fetch(url); if (r.ok) return { url, close: () => proc.kill() }; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill();
  throw new Error('the static server did not start');
}

/* opts.serviceWorkers 'block': no service worker, so no cross-origin
 * isolation (the single-threaded build, the fallbacks). */
export async function browser(opts = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'morphos-chromium-'));
  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  const ctx = await chromium.launchPersistentContext(profile, { executablePath: BROWSER, headless: true, args, acceptDownloads: true, ...opts });
  return { ctx, close: async () => { await ctx.close(); rmSync(profile, { recursive: true, force: true }); } };
}

/* A page of the board that records every console error and page error. */
export async function openBoard(ctx, url, errors, viewport = { width: 1280, height: 900 }) {
  const page = await ctx.newPage();
  await page.setViewportSize(viewport);
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console: ' + m.text()); });
  page.on('pageerror', (e) => errors.push('page error: ' + e.message));
  page.on('requestfailed', (r) => errors.push('request failed: ' + r.url()));
  const t = Date.now();
  await page.goto(url);
  await ready(page);
  return { page, loadMs: Date.now() - t };
}

/* The first visit reloads once when the service worker takes over
 * (isolate.js): wait through it for the board. */
export async function ready(page) {
  for (let i = 0; ; i++) {
    try {
      await page.waitForFunction(() => window.morphos && window.morphos.ready, null, { timeout: 60000 });
      await page.evaluate(() => window.morphos.ready);
      return;
    } catch (e) {
      if (i >= 3 || !/destroyed|navigat/i.test(e.message)) throw e;
      await page.waitForLoadState('load');
    }
  }
}

/* What the tests ask of the page: its controller (window.morphos) and
 * the engine behind it. */
export const idle = (page) => page.evaluate(() => window.morphos.idle());
export const gtp = (page, line) => page.evaluate((l) => window.morphos.gtp(l), line);
export const ask = async (page, line) => (await gtp(page, line)).text;
export const state = (page) => page.evaluate(() => {
  const s = window.morphos.state;
  return { toMove: s.toMove, winner: s.winner, history: s.history.map((h) => h.move), thinking: s.thinking };
});
export const targets = (page) => page.$$eval('.cell.target', (els) => els.map((e) => e.dataset.point).sort());
export const openRecords = (page) => page.evaluate(() => { document.getElementById('records').open = true; });
export const words = (t) => (t.trim() ? t.trim().split(/\s+/) : []);
