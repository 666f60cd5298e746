/* bench.mjs - the engine's speed in the browser against ./morphos on the
 * same machine, its thread speed-up, the page's latency during analysis
 * and its load time (make web-bench).
 *
 * Speed: the same GTP commands go to the engine in headless Chromium and
 * to the native ./morphos: a fixed number of playouts from the start
 * position of five boards, book off, the same seed; the engine's own
 * statistics line (verbose) gives the playouts and the wall time. One
 * thread: the single-threaded build (a page without the service worker,
 * hence not cross-origin isolated) against ./morphos --threads 1, per CPU
 * second of the searching thread (Linux) and per wall second. Threads:
 * the threaded build (the page with its service worker) with 1 and 2
 * threads, beside ./morphos with 1 and 2, wall time (a speed-up needs a
 * free core).
 *
 * A shared machine's rate swings from one search to the next (other
 * processes' cache and memory traffic, the host's other guests), by tens
 * of per cent even per CPU second; so the speed is many short rounds,
 * each a native and a browser search close in time, in alternating order,
 * and a ratio is the median of the rounds' ratios, given with their
 * interquartile range. Both sides stay warm across rounds: one page, and
 * one ./morphos per board and thread count (its tree's memory touched
 * once, as the page's is), each searched once before the rounds.
 *
 * Latency (Morpharaoh 160, both pages): with analysis on, a click on a
 * free cell until the stone is on the board and in the move list, and a
 * GTP command until its answer; while the engine thinks, Move now until
 * its move is on the board. Median, 95th percentile and maximum.
 *
 * env: ROUNDS (15), PLAYOUTS (10000), BOARDS (a comma list of names'
 * first words to run, e.g. "Morpharaoh"), SKIP (threads,latency),
 * LATENCY (samples of each latency, 20) */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, openBoard, ROOT, DIST } from './harness.mjs';

const ROUNDS = +(process.env.ROUNDS || 15);
const PLAYOUTS = +(process.env.PLAYOUTS || 10000);
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

/* CPU time (Linux): the search runs on one thread (one thread: the
 * engine's main thread natively, the worker in the browser), so its rate
 * per CPU second of that thread does not depend on what else the machine
 * runs, as a wall-clock rate does on a shared machine. The thread is found
 * as the one of this process tree (Chromium's processes, ./morphos) whose
 * CPU time grew the most during the search; /proc/PID/task/TID/schedstat
 * gives it in nanoseconds. Elsewhere only wall-clock rates are shown. */
const PROC = existsSync('/proc/self/task');
function threadTimes() {
  const t = new Map();
  if (!PROC) return t;
  const kids = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = +st.slice(st.lastIndexOf(')') + 2).split(' ')[1];
      if (!kids.has(ppid)) kids.set(ppid, []);
      kids.get(ppid).push(+d);
    } catch { /* gone */ }
  }
  for (const stack = [process.pid]; stack.length;) {
    for (const pid of kids.get(stack.pop()) || []) {
      stack.push(pid);
      try {
        for (const tid of readdirSync(`/proc/${pid}/task`))
          t.set(`${pid}/${tid}`, +readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0] / 1e9);
      } catch { /* gone */ }
    }
  }
  return t;
}
const busiest = (before, after) => Math.max(0, ...[...after].map(([k, v]) => v - (before.get(k) || 0)));

/* A ./morphos kept for the rounds of one board and thread count:
 * search() sends the set-up and a search, and resolves {wall, cpu}:
 * playouts per second of wall time (the engine's statistics) and per CPU
 * second of the searching thread (null without /proc). */
function native(board, threads) {
  const p = spawn(join(ROOT, 'morphos'), [], { stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '', out = '', id = 0, waiting = null, dead = null;
  p.stderr.on('data', (d) => { err += d; });
  p.stdout.on('data', (d) => {
    out += d;
    if (waiting && new RegExp(`^=${waiting.id}\\b`, 'm').test(out)) { const w = waiting; waiting = null; w.resolve(); }
  });
  p.on('close', (code) => { dead = new Error(`./morphos ended (${code}): ${err.slice(-500)}`); if (waiting) waiting.reject(dead); });
  /* Sends the lines, the last one numbered; resolves on its answer. */
  const send = (lines) => new Promise((resolve, reject) => {
    if (dead) return reject(dead);
    waiting = { id: ++id, resolve, reject };
    out = '';
    p.stdin.write(lines.slice(0, -1).concat(`${id} ${lines[lines.length - 1]}`).join('\n') + '\n');
  });
  return {
    async search() {
      await send([`set_param threads ${threads}`, ...SETUP, ...board.cmds, 'name']);
      err = '';
      const before = threadTimes();
      await send(['reg_genmove b']);
      const cpu = busiest(before, threadTimes());
      /* the statistics come on stderr, which may be read after the answer */
      for (let t = 0; !RATE.test(err) && !dead && t < 100; t++) await new Promise((r) => setTimeout(r, 50));
      const m = RATE.exec(err);
      if (!m) throw new Error('no statistics: ' + err);
      return { wall: +m[3], cpu: PROC && cpu ? +m[1] / cpu : null };
    },
    close() { p.stdin.end('quit\n'); },
  };
}

async function inBrowser(page, board, threads) {
  await page.evaluate(async ([setup, cmds]) => {
    const g = window.morphos;
    for (const c of [...setup, ...cmds]) await g.gtp(c);
  }, [[`set_param threads ${threads}`, ...SETUP], board.cmds]);
  const before = threadTimes();
  const line = await page.evaluate(async () => {
    const c = window.morphos.controller, prev = c.onStderr;
    let stats = '';
    c.onStderr = (l) => { if (/ playouts in /.test(l)) stats = l; prev(l); };
    try { await window.morphos.gtp('reg_genmove b'); } finally { c.onStderr = prev; }
    return stats;
  });
  const cpu = busiest(before, threadTimes());
  const m = RATE.exec(line);
  if (!m) throw new Error('no statistics from the browser: ' + line);
  return { wall: +m[3], cpu: PROC && cpu ? +m[1] / cpu : null };
}

const quantile = (a, q) => {
  const s = [...a].sort((x, y) => x - y), i = q * (s.length - 1), j = Math.floor(i);
  return j + 1 < s.length ? s[j] + (i - j) * (s[j + 1] - s[j]) : s[j];
};
const median = (a) => quantile(a, 0.5);
const fmt = (n) => Math.round(n).toLocaleString('en');

async function quiet(page) {
  await page.selectOption('#engineside', 'none');
  await page.evaluate(() => window.morphos.idle());
}

/* Latency on Morpharaoh 160 (LATENCY samples of each, default 20):
 * during analysis, a click on a free cell until the stone is on the board
 * and listed, and a GTP command until its answer; while the engine thinks
 * (600 s a move), a click on Move now until its move is on the board. */
const LATENCY = +(process.env.LATENCY || 20);
async function latency(page) {
  await page.selectOption('#engineside', 'none');
  await page.selectOption('#game', 'morpharaoh');
  await page.selectOption('#cells', '160');
  await page.click('#start');
  await page.evaluate(() => window.morphos.idle());
  await page.check('#analyze');
  const clicks = [], cmds = [], moves = [];
  for (let i = 0; i < LATENCY; i++) {
    await page.waitForFunction(() => window.morphos.state.candidates.length > 0, null, { timeout: 30000 });
    await page.waitForTimeout(300);
    const cell = await page.evaluate((i) => {
      const s = window.morphos.state;
      const taken = new Set([...s.stones.black, ...s.stones.white]);
      const free = [...document.querySelectorAll('.cell.target')].map((e) => e.dataset.point).filter((p) => !taken.has(p));
      return free[(i * 37) % free.length];
    }, i);
    clicks.push(await page.evaluate((cell) => new Promise((resolve) => {
      const n = window.morphos.state.history.length;
      const t0 = performance.now();
      document.querySelector(`.cell[data-point="${cell}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const poll = () => (window.morphos.state.history.length > n && document.querySelector(`.stone[data-point="${cell}"]`) &&
        document.getElementById('moves').children.length > n ? resolve(performance.now() - t0) : requestAnimationFrame(poll));
      poll();
    }), cell));
    await page.waitForFunction(() => window.morphos.state.candidates.length > 0, null, { timeout: 30000 });
    await page.waitForTimeout(300);
    cmds.push(await page.evaluate(async () => {
      const t = performance.now();
      await window.morphos.gtp('side_to_move');
      return performance.now() - t;
    }));
    if (i % 8 === 7) { /* room on the board */
      await page.uncheck('#analyze');
      await page.click('#start');
      await page.evaluate(() => window.morphos.idle());
      await page.check('#analyze');
    }
  }
  await page.uncheck('#analyze');
  await page.evaluate(() => window.morphos.idle());
  await page.fill('#movetime', '600');
  await page.dispatchEvent('#movetime', 'change');
  for (let i = 0; i < LATENCY; i++) {
    if (i % 8 === 0) {
      await page.click('#start');
      await page.evaluate(() => window.morphos.idle());
    }
    await page.click('#enginemove');
    await page.waitForFunction(() => window.morphos.state.thinking === 'thinking', null, { timeout: 30000 });
    await page.waitForTimeout(300);
    moves.push(await page.evaluate(() => new Promise((resolve) => {
      const n = window.morphos.state.history.length;
      const t0 = performance.now();
      document.getElementById('stop').dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const poll = () => (window.morphos.state.history.length > n && !window.morphos.state.thinking ? resolve(performance.now() - t0) : requestAnimationFrame(poll));
      poll();
    })));
    await page.evaluate(() => window.morphos.idle());
  }
  await page.fill('#movetime', '2');
  await page.dispatchEvent('#movetime', 'change');
  await page.evaluate(() => window.morphos.idle());
  return { clicks, cmds, moves };
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
  /* WebAssembly starts in the baseline compiler and hot functions move
   * up to the optimising one as they run: a first search per board and
   * page, not counted, so that the rounds compare optimised code; the
   * native engines' first search touches their trees' memory. */
  const nat = BOARDS.map((bd) => ({ one: native(bd, 1), two: threads ? native(bd, 2) : null }));
  for (let i = 0; i < BOARDS.length; i++) {
    for (const pg of threads ? [page, ipage] : [page]) await inBrowser(pg, BOARDS[i], 1);
    await nat[i].one.search();
    if (threads) await nat[i].two.search();
  }
  const res = BOARDS.map(() => ({ nat: [], web: [], nat2: [], mt1: [], mt2: [] }));
  for (let r = 0; r < ROUNDS; r++)
    for (let i = 0; i < BOARDS.length; i++) {
      /* native first in even rounds, the browser first in odd ones */
      const runs = [async () => res[i].nat.push(await nat[i].one.search()), async () => res[i].web.push(await inBrowser(page, BOARDS[i], 1))];
      for (const run of r % 2 ? runs.reverse() : runs) await run();
      if (!threads) continue;
      res[i].mt1.push(await inBrowser(ipage, BOARDS[i], 1));
      res[i].nat2.push(await nat[i].two.search());
      res[i].mt2.push(await inBrowser(ipage, BOARDS[i], 2));
    }
  for (const n of nat) { n.one.close(); if (n.two) n.two.close(); }
  const size = (f) => (statSync(join(DIST, f)).size / 1024).toFixed(0);
  /* A ratio per round (its two runs close in time), then their median;
   * spread: the rounds' interquartile range. */
  const ratios = (a, b, k) => a.map((x, r) => b[r][k] / x[k]);
  const ratio = (a, b, k) => median(ratios(a, b, k));
  const spread = (a, b, k) => { const v = ratios(a, b, k); return `${quantile(v, 0.25).toFixed(2)}-${quantile(v, 0.75).toFixed(2)}`; };
  const cpu = PROC && res.every((x) => x.nat.concat(x.web).every((y) => y.cpu));
  console.log(`playouts/s, ${PLAYOUTS} playouts from the start position, median of ${ROUNDS} alternating rounds`);
  console.log('\nOne thread: the single-threaded build (no isolation) against ./morphos --threads 1' +
    (cpu ? '; per CPU second of the searching thread, and per wall second (the engine\'s statistics)' : ', per wall second'));
  const k = cpu ? 'cpu' : 'wall';
  console.log(`| board | native ./morphos | browser (wasm) | browser / native${cpu ? ' (CPU) | middle half of the rounds (CPU) | browser / native (wall)' : ' | middle half of the rounds'} |`);
  console.log(`|---|---:|---:|---:|---:|${cpu ? '---:|' : ''}`);
  BOARDS.forEach((bd, i) => {
    const n = median(res[i].nat.map((x) => x[k])), w = median(res[i].web.map((x) => x[k]));
    console.log(`| ${bd.name} | ${fmt(n)} | ${fmt(w)} | ${ratio(res[i].nat, res[i].web, k).toFixed(2)} | ${spread(res[i].nat, res[i].web, k)} |` +
      (cpu ? ` ${ratio(res[i].nat, res[i].web, 'wall').toFixed(2)} |` : ''));
  });
  if (threads) {
    console.log('\nThreads (wall time): the threaded build (isolated by the service worker), 1 and 2 threads, beside ./morphos with 1 and 2');
    console.log('| board | browser, 1 thread | browser, 2 threads | browser speed-up | native, 1 thread | native, 2 threads | native speed-up |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    BOARDS.forEach((bd, i) => {
      const a = median(res[i].mt1.map((x) => x.wall)), b = median(res[i].mt2.map((x) => x.wall));
      const n1 = median(res[i].nat.map((x) => x.wall)), n2 = median(res[i].nat2.map((x) => x.wall));
      console.log(`| ${bd.name} | ${fmt(a)} | ${fmt(b)} | ${ratio(res[i].mt1, res[i].mt2, 'wall').toFixed(2)} | ${fmt(n1)} | ${fmt(n2)} | ` +
        `${ratio(res[i].nat, res[i].nat2, 'wall').toFixed(2)} |`);
    });
  }
  if (!SKIP.includes('latency')) {
    const pct = (a, q) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.ceil(q * a.length) - 1)];
    const f = (a) => `median ${median(a).toFixed(0)}, 95th percentile ${pct(a, 0.95).toFixed(0)}, max ${Math.max(...a).toFixed(0)} ms`;
    for (const [name, p] of [['isolated (threads, shared stop flag)', ipage], ['not isolated (single-threaded, yields)', page]]) {
      const l = await latency(p);
      console.log(`\nlatency on Morpharaoh 160, ${name}, ${LATENCY} of each:`);
      console.log(`- analysing, a click until its stone is on the board and listed: ${f(l.clicks)}`);
      console.log(`- analysing, a GTP command until its answer: ${f(l.cmds)}`);
      console.log(`- thinking (600 s a move), Move now until the move is on the board: ${f(l.moves)}`);
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
