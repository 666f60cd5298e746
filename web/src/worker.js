/* worker.js - the engine (morphos.wasm) in a Web Worker, speaking GTP.
 *
 * The page posts command lines (strings) and receives the engine's output
 * text exactly as ./morphos writes it to stdout: `= ...` / `? ...` answers
 * ending in an empty line. Other messages from the page:
 *   {file, data}      store a file in the engine's in-memory file system
 *                     (for loadsgf FILE); answered {fileStored, ok}
 *   {interrupt: sab}  an Int32Array(3) on a SharedArrayBuffer (only in a
 *                     cross-origin isolated page): [1] = mode, [0] = the
 *                     id of the command to interrupt; [2]: every search
 *                     with an id up to it stops (Stop); the engine polls
 *                     it about every 10 ms of a search (gtp_set_interrupt)
 *   {stop: id, mode}  the same, seen when the single-threaded build
 *                     yields, between analyze slices and before a queued
 *                     command starts (any page)
 * Modes: 1 = move now (genmove plays its best move so far, solve answers
 * what it proved, analyze ends), 2 = stop (also: genmove plays nothing and
 * every interrupted search answers `? stopped`).
 * The worker posts {ready, loadMs, threads, build} once the engine runs,
 * {stderr: line} for the engine's diagnostics (the search statistics under
 * `set_param verbose on`), {fatal} if the engine cannot start.
 *
 * Two builds (web/web.mk): morphos-mt.js (pthreads, needs shared memory:
 * a cross-origin isolated page) and morphos.js (one thread, any page).
 * morphos.js yields: every YIELD_MS of a search the engine's poll sets its
 * stack aside (Asyncify) while the worker's event loop runs once, so the
 * page's {stop} messages and command lines arrive during a search, and a
 * Stop or Move now answers within tens of ms without shared memory. The
 * worker then runs one command at a time (busy), the others wait in the
 * queue.
 *
 * analyze streams until the next command line arrives, as natively. A
 * worker cannot see a message while the wasm code runs, so the search is
 * cut into slices: each slice is one `analyze` call that reports once and
 * returns (the engine keeps its tree between calls on the same position),
 * and between slices the worker yields to its event loop; a waiting line
 * ends the answer (the empty line) and runs. A slice lasts the page's
 * report interval, and a line that arrives ends it at once (the shared
 * flag, or the single-threaded build's yields). Info lines go to the page
 * at most once per report interval. */
'use strict';

const MOVE_NOW = 1, STOP = 2;
const YIELD_MS = 25;         /* the single-threaded build's yields */
const t0 = performance.now();
const queue = [];            /* {line} | {file, data} */
const stops = new Map();     /* id -> mode, from {stop} messages */
let engine = null;
let flag = null;             /* Int32Array on the page's SharedArrayBuffer */
let current = -1;            /* id of the command running */
let fired = 0;               /* the mode that interrupted it, 0 if none */
let analysis = null;         /* {id, args, first, interval, lastPost, info} */
let scheduled = false;
let yields = false;          /* the build yields during a search (morphos.js) */
let busy = false, again = false;
let lastYield = 0;

/* The answer to one line (a promise: the yielding build may set the
 * call aside). */
async function exec(line) {
  return engine.ccall('web_exec', 'string', ['string', 'number'], [line, engine.lengthBytesUTF8(line)], { async: true });
}

/* The engine's poll: -1 when it is time to yield (then webYield, and the
 * poll again). */
function poll() {
  if (yields && performance.now() - lastYield >= YIELD_MS) return -1;
  return interrupted();
}

/* One turn of the event loop (a message, not a timer: no clamping). */
const channel = new MessageChannel();
let resume = null;
channel.port1.onmessage = () => { const r = resume; resume = null; lastYield = performance.now(); r(); };
function webYield() {
  return new Promise((r) => { resume = r; channel.port2.postMessage(0); });
}

/* The engine's poll (web_interrupt in wasm_main.c): the mode aimed at the
 * command running, 0 if none. */
function interrupted() {
  let mode = stopped(current) ? STOP : stops.get(current) || 0;
  if (!mode && analysis && queue.length) mode = MOVE_NOW;   /* a line came during a slice (yields) */
  if (!mode && flag && Atomics.load(flag, 0) === current) mode = Atomics.load(flag, 1);
  if (mode > fired) fired = mode;
  return mode;
}

/* Whether Stop reached the command with this id (a search). */
function stopped(id) {
  return id >= 0 && (stops.get(id) === STOP || (flag !== null && id <= Atomics.load(flag, 2)));
}

/* `[ID] NAME ARGS...` -> {id, name, args}, as the engine splits. */
function parse(line) {
  const w = line.replace(/#.*/, '').trim().split(/\s+/);
  let i = 0, id = '';
  if (/^\d+$/.test(w[0] || '')) id = w[i++];
  return { id, num: id === '' ? -1 : +id, name: w[i] || '', args: w.slice(i + 1).join(' ') };
}

function schedule() {
  if (scheduled || !engine) return;
  scheduled = true;
  setTimeout(pump, 0);
}

/* One command at a time: a message that arrives while the engine is set
 * aside schedules a pump that only notes it. */
async function pump() {
  scheduled = false;
  if (busy) { again = true; return; }
  busy = true;
  try {
    await pumpQueue();
  } catch (e) {
    postMessage({ fatal: String(e) });   /* the engine trapped: nothing more will answer */
  } finally {
    busy = false;
    if (again) { again = false; schedule(); }
  }
}

async function pumpQueue() {
  if (analysis) {
    if (queue.length || stops.has(analysis.num) || interrupted()) {  /* (interrupted: also Stop) */
      endAnalysis();
    } else {
      await slice();
      schedule();
      return;
    }
  }
  while (queue.length) {
    const item = queue.shift();
    if (item.file !== undefined) {
      let ok = true;
      try { engine.FS.writeFile(item.file, item.data); } catch (e) { ok = false; }
      postMessage({ fileStored: item.file, ok });
      continue;
    }
    const c = parse(item.line);
    current = c.num;
    fired = 0;
    for (const id of stops.keys()) if (id < c.num) stops.delete(id); /* came too late */
    if ((c.name === 'analyze' || SEARCHES.has(c.name)) && stopped(c.num)) { /* stopped before it started */
      stops.delete(c.num);
      postMessage(`?${c.id} stopped\n\n`);
      continue;
    }
    /* A search waits for the messages already sent (a stop aimed at it
     * reaches it only so): once around the event loop first. */
    if ((c.name === 'analyze' || SEARCHES.has(c.name)) && !item.yielded) {
      item.yielded = true;
      queue.unshift(item);
      current = -1;
      schedule();
      return;
    }
    if (c.name === 'analyze') {
      await startAnalysis(c);
      schedule();
      return;
    }
    postMessage(await run(c, item));
    stops.delete(c.num);
    current = -1;
  }
}

const SEARCHES = new Set(['genmove', 'reg_genmove', 'ap_genmove', 'solve', 'search_gfx']);

/* One command; a search stopped (mode STOP) answers `? stopped` and a
 * genmove stopped takes its move back. */
async function run(c, item) {
  if (!SEARCHES.has(c.name)) return exec(item.line);
  const plays = c.name === 'genmove' || c.name === 'ap_genmove';
  const before = plays ? await historyLength() : 0;
  const out = await exec(item.line);
  if (fired !== STOP && !stopped(c.num)) return out;
  if (plays && out[0] === '=' && await historyLength() > before) await exec('undo');
  return `?${c.id} stopped\n\n`;
}

async function historyLength() {
  const t = (await exec('move_history')).replace(/^= ?/, '').trim();
  return t ? t.split('\n').length : 0;
}

/* analyze [COLOR] [INTERVAL]: the page's interval (centiseconds, 100 by
 * default as natively) paces the info lines; slices may be shorter. Bad
 * arguments go to the engine as they are, for its error answer. */
async function startAnalysis(c) {
  const w = c.args ? c.args.split(' ') : [];
  const n = w.length && /^\d+$/.test(w[w.length - 1]) ? +w[w.length - 1] : 0;
  const color = n ? w.slice(0, -1) : w;
  const ok = color.length <= 1 && (n === 0 ? !w.length || !/^\d/.test(w[w.length - 1]) : n <= 360000);
  const interval = n || 100;
  analysis = { id: c.id, num: c.num, first: true, interval, lastPost: 0, info: '',
    line: ok ? ['analyze', ...color, interval].join(' ') : 'analyze ' + c.args };
  await slice();
}

function endAnalysis() {
  const a = analysis;
  if (a.info) postMessage(a.info + '\n');   /* the freshest report not yet shown */
  postMessage('\n');                          /* the end of the analyze answer */
  stops.delete(a.num);
  analysis = null;
  current = -1;
}

/* One slice of analyze: the first one checks the arguments and starts the
 * answer (or is the whole answer when the command fails); each reports at
 * most one info line. */
async function slice() {
  const a = analysis;
  const out = await exec(a.line);
  if (a.first) {
    a.first = false;
    if (out[0] !== '=') {       /* an error: the whole answer */
      analysis = null;
      current = -1;
      postMessage(out.replace(/^\?/, '?' + a.id));
      return;
    }
    postMessage('=' + a.id + '\n');
  }
  /* "= info ...\ninfo ...\n\n": the last line is the freshest report. */
  const lines = out.replace(/^= ?/, '').split('\n').filter(l => l.startsWith('info '));
  if (lines.length) a.info = lines[lines.length - 1];
  const now = performance.now();
  if (a.info && now - a.lastPost >= a.interval * 10 - 5) {
    postMessage(a.info + '\n');
    a.info = '';
    a.lastPost = now;
  }
}

onmessage = (e) => {
  const d = e.data;
  if (typeof d === 'string') {
    for (const l of d.split('\n')) if (l.trim() !== '') queue.push({ line: l });
  } else if (d.file !== undefined) {
    queue.push({ file: d.file, data: d.data });
  } else if (d.interrupt) {
    flag = new Int32Array(d.interrupt);
    return;
  } else if (d.stop !== undefined) {
    stops.set(d.stop, Math.max(stops.get(d.stop) || 0, d.mode));
  }
  schedule();
};

/* The threaded build where shared memory is allowed; the single-threaded
 * one elsewhere, or when the threaded one fails to start. */
function start(threaded) {
  const name = threaded ? 'morphos-mt' : 'morphos';
  importScripts(name + '.js');
  const create = threaded ? self.createMorphosMt : self.createMorphos;
  return create({
    mainScriptUrlOrBlob: name + '.js',
    print: (s) => postMessage({ stderr: s }),
    printErr: (s) => postMessage({ stderr: s }),
  }).then((m) => ({ m, threaded }));
}

const wantThreads = self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function' &&
  !/[?&]threads=1\b/.test(self.location.search);
(wantThreads ? start(true).catch(() => start(false)) : start(false)).then(({ m, threaded }) => {
  engine = m;
  yields = !threaded;
  engine.webInterrupted = poll;
  engine.webYield = webYield;
  /* Two threads where the build and the machine allow (the default of
   * the engine is one; the page may set another number). */
  const threads = threaded ? Math.min(2, self.navigator.hardwareConcurrency || 1) : 1;
  if (threads > 1) exec('set_param threads ' + threads);
  postMessage({ ready: true, loadMs: performance.now() - t0, build: threaded ? 'threads' : 'single', threads, yields });
  schedule();
}, (err) => postMessage({ fatal: String(err) }));
