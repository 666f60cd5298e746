/* bench.mjs - the engine's speed in the browser against ./morphos on the
 * same machine, its thread speed-up, the page's latency during analysis
 * and its load time (make web-bench).
 *
 * Speed: the same GTP commands go to the engine in headless Chromium and
 * to the native ./morphos: a fixed number of playouts from the start
 * position of five boards, book off, the same seed; the engine's own
 * statistics line (verbose) gives playouts per second. One thread: the
 * single-threaded build (a page without the service worker, hence not
 * cross-origin isolated) against ./morphos --threads 1. Threads: the
 * threaded build (the page with its service worker) with 1 and 2 threads,
 * against ./morphos with 2. Rounds alternate native and browser so that
 * load on the machine hits both alike; medians are printed.
 *
 * Latency: with analysis on (Morpharaoh 160), a click on a free cell until
 * the move is in the move list, and a GTP command sent during analysis
 * until its answer, in both pages.
 *
 * env: ROUNDS (3), PLAYOUTS (30000), BOARDS (a comma list of names'
 * first words to run, e.g. "Morpharaoh"), SKIP (threads,latency) */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, openBoard, ROOT, DIST } from './harness.mjs';

const ROUNDS = +(process.env.ROUNDS || 3);
const PLAYOUTS = +(process.env.PLAYOUTS || 30000);
const SKIP = (process.env.SKIP || '').split(',');
const SETUP = ['set_param memory 256', 'set_param book off', 'set_param movetime 0',
  `set_param playouts ${PLAYOUTS}`, 'set_param seed 1', 'set_param verbose on'];
const BOARDS = [
  { name: 'Morphos 9x9', cmds: ['rules none', 'boardsize 9'] },
  { name: 'Morphos 13x13', cmds: ['rules none', 'boardsize 13'] },
  { name: 'Morphos 19x19', cmds: ['rules none', 'boardsize 19'] },
  { name: 'Morpharaoh 48', cmds: ['rules morpharaoh board=48'] },
  { name: 'Morpharaoh 160', cmds: ['rules morpharaoh board=160'] },
].filter((bd) => !process.env.BOARDS || process.env.BOARDS.split(',').some((w) => bd.name.includes(w)));
const RATE = /(\d+) playouts in ([\d.]+)s \((\d+)\/s\)/;

function native(board, threads) {
  return new Promise((resolve, reject) => {
    const p = spawn(join(ROOT, 'morphos'), [], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => { err += d; });
    p.on('close', () => { const m = RATE.exec(err); m ? resolve(+m[3]) : reject(new Error('no statistics: ' + err)); });
    p.stdin.end([`set_param threads ${threads}`, ...SETUP, ...board.cmds, 'reg_genmove b', 'quit'].join('\n') + '\n');
  });
}

async function inBrowser(page, board, threads) {
  return page.evaluate(async ([setup, cmds]) => {
    const g = window.morphos;
    for (const c of [...setup, ...cmds]) await g.gtp(c);
    g.state.speed = 0;
    await g.gtp('reg_genmove b');
    return g.state.speed;
  }, [[`set_param threads ${threads}`, ...SETUP], board.cmds]);
}

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString('en');

async function quiet(page) {
  await page.selectOption('#engineside', 'none');
  await page.evaluate(() => window.morphos.idle());
}

/* Latency during analysis on Morpharaoh 160: clicks and GTP commands. */
async function latency(page) {
  await page.selectOption('#game', 'morpharaoh');
  await page.selectOption('#cells', '160');
  await page.click('#start');
  await page.evaluate(() => window.morphos.idle());
  await page.check('#analyze');
  const clicks = [], cmds = [];
  for (let i = 0; i < 5; i++) {
    await page.waitForFunction(() => window.morphos.state.candidates.length > 0, null, { timeout: 30000 });
    await page.waitForTimeout(700);
    const cell = await page.evaluate(() => {
      const s = window.morphos.state;
      const taken = new Set([...s.stones.black, ...s.stones.white]);
      const free = [...document.querySelectorAll('.cell.target')].map((e) => e.dataset.point).filter((p) => !taken.has(p));
      return free[Math.floor(free.length / 2)];
    });
    const armed = page.evaluate(() => new Promise((resolve) => {
      const ol = document.getElementById('moves');
      let t0 = 0;
      document.getElementById('board').addEventListener('pointerdown', () => { t0 = performance.now(); }, { capture: true, once: true });
      new MutationObserver((_, o) => { if (t0) { o.disconnect(); resolve(performance.now() - t0); } }).observe(ol, { childList: true, subtree: true, characterData: true });
    }));
    await page.click(`.cell[data-point="${cell}"]`);
    clicks.push(await armed);
    await page.waitForFunction(() => window.morphos.state.candidates.length > 0, null, { timeout: 30000 });
    await page.waitForTimeout(700);
    cmds.push(await page.evaluate(async () => {
      const t = performance.now();
      await window.morphos.gtp('side_to_move');
      return performance.now() - t;
    }));
  }
  await page.uncheck('#analyze');
  await page.evaluate(() => window.morphos.idle());
  return { clicks, cmds };
}

const srv = await serve();
const plain = await browser({ serviceWorkers: 'block' });
const iso = await browser();
try {
  const loads = [], engineLoads = [];
  let page;
  for (let i = 0; i < 3; i++) {
    if (page) await page.close();
    const r = await openBoard(plain.ctx, srv.url, []);
    page = r.page;
    loads.push(r.loadMs);
    engineLoads.push(await page.evaluate(() => window.morphos.workerMs));
  }
  await quiet(page);
  const { page: ipage } = await openBoard(iso.ctx, srv.url, []);
  const ibuild = await ipage.evaluate(() => ({ build: window.morphos.controller.build, iso: self.crossOriginIsolated }));
  if (ibuild.build !== 'threads') throw new Error('the service worker page did not get the threaded build: ' + JSON.stringify(ibuild));
  await quiet(ipage);
  const threads = !SKIP.includes('threads');
  const res = BOARDS.map(() => ({ nat: [], web: [], nat2: [], mt1: [], mt2: [] }));
  for (let r = 0; r < ROUNDS; r++)
    for (let i = 0; i < BOARDS.length; i++) {
      res[i].nat.push(await native(BOARDS[i], 1));
      res[i].web.push(await inBrowser(page, BOARDS[i], 1));
      if (!threads) continue;
      res[i].mt1.push(await inBrowser(ipage, BOARDS[i], 1));
      res[i].nat2.push(await native(BOARDS[i], 2));
      res[i].mt2.push(await inBrowser(ipage, BOARDS[i], 2));
    }
  const size = (f) => (statSync(join(DIST, f)).size / 1024).toFixed(0);
  console.log(`playouts/s, ${PLAYOUTS} playouts from the start position, median of ${ROUNDS} alternating rounds`);
  console.log('\nOne thread: the single-threaded build (no isolation) against ./morphos --threads 1');
  console.log('| board | native ./morphos | browser (wasm) | browser / native |');
  console.log('|---|---:|---:|---:|');
  BOARDS.forEach((bd, i) => {
    const n = median(res[i].nat), w = median(res[i].web);
    console.log(`| ${bd.name} | ${fmt(n)} | ${fmt(w)} | ${(w / n).toFixed(2)} |`);
  });
  if (threads) {
    console.log('\nThreads: the threaded build (isolated by the service worker), 1 and 2 threads, against ./morphos --threads 2');
    console.log('| board | browser, 1 thread | browser, 2 threads | speed-up | native, 2 threads | browser / native, 2 threads |');
    console.log('|---|---:|---:|---:|---:|---:|');
    BOARDS.forEach((bd, i) => {
      const a = median(res[i].mt1), b = median(res[i].mt2), n = median(res[i].nat2);
      console.log(`| ${bd.name} | ${fmt(a)} | ${fmt(b)} | ${(b / a).toFixed(2)} | ${fmt(n)} | ${(b / n).toFixed(2)} |`);
    });
  }
  if (!SKIP.includes('latency')) {
    for (const [name, p] of [['isolated (threads, shared stop flag)', ipage], ['not isolated (single-threaded, slices)', page]]) {
      const l = await latency(p);
      const f = (a) => `median ${median(a).toFixed(0)} ms, max ${Math.max(...a).toFixed(0)} ms`;
      console.log(`latency during analysis, Morpharaoh 160, ${name}: click to move listed ${f(l.clicks)}; GTP command answered ${f(l.cmds)} (5 each)`);
    }
  }
  console.log(`load (not isolated): ${median(loads)} ms from navigation to a playable board (median of 3, local server), ` +
    `engine ready ${Math.round(median(engineLoads))} ms after the worker started; morphos.wasm ${size('morphos.wasm')} KiB, ` +
    `morphos.js ${size('morphos.js')} KiB; morphos-mt.wasm ${size('morphos-mt.wasm')} KiB, morphos-mt.js ${size('morphos-mt.js')} KiB`);
} finally {
  await plain.close();
  await iso.close();
  srv.close();
}
