/* gtp.js - the page's GTP controller for the engine in worker.js.
 *
 *   const gtp = new Gtp('worker.js');
 *   await gtp.ready;                  // the engine runs (resolves to its load time, ms)
 *   gtp.build, gtp.threads, gtp.shared
 *                                     // 'threads' | 'single' build, the
 *                                     // threads it may use (1 or 2), and
 *                                     // whether the page shares a flag with
 *                                     // the engine (a cross-origin isolated
 *                                     // page)
 *   const r = await gtp.send('genmove b');      // {ok, text, stopped}
 *   const t = await gtp.ask('side_to_move');    // text, or throws
 *   gtp.send('analyze b 40', (line) => ...);    // info lines as they come
 *   await gtp.stop();     // abandon every search sent (Stop)
 *   await gtp.moveNow();  // the running genmove plays now (Move now)
 *
 * send(line) writes one command and resolves with {ok, text} when its
 * answer (ended by the empty line) has arrived; answers come in command
 * order, as GTP promises. A streaming answer (analyze) hands each line to
 * onLine as it arrives (at most one info line per report interval);
 * sending any other command ends the stream, at once in an isolated page.
 *
 * stop(): every search sent and not answered yet (genmove, reg_genmove,
 * ap_genmove, solve, search_gfx, analyze) ends: each answers
 * {ok: false, text: 'stopped', stopped: true} and leaves the game as it
 * was (a genmove plays nothing), except analyze, whose stream ends as
 * usual ({ok: true}). Commands that are not searches still run, in order.
 * Resolves once those searches have answered.
 *
 * moveNow(): the search running now ends with what it has: a genmove
 * plays its best move so far and answers it as usual, solve answers what
 * it proved (else `unknown`), analyze ends. Resolves with that answer
 * (undefined when no search runs).
 *
 * How: the engine polls an interrupt about every 10 ms of a search
 * (worker.js, web/wasm_main.c), as the native engine reads GoGui's
 * `# interrupt`. In a cross-origin isolated page (gtp.shared) the page
 * and the worker share a flag that the poll reads; elsewhere the
 * single-threaded build yields to the worker's event loop during a search
 * (Asyncify), so that a {stop} message reaches the poll. Either way the
 * answer comes within a few tens of ms, the worker and the game stay. */

const MOVE_NOW = 1, STOP = 2;
const SEARCHES = new Set(['genmove', 'reg_genmove', 'ap_genmove', 'solve', 'search_gfx', 'analyze']);

export class Gtp {
  constructor(url) {
    this.url = url;
    this.pending = [];   /* {id, line, name, resolve, onLine, lines} in send order */
    this.nextId = 1;
    this.onStderr = () => {};
    this.onFatal = () => {};
    this.build = '';
    this.threads = 1;
    this.flag = null;
    this.shared = false;
    this.worker = null;
    this.outbox = [];    /* messages sent before the worker exists */
    /* The engine starts once the page stays (isolate.js). */
    const settled = (typeof window !== 'undefined' && window.morphosIsolation) || Promise.resolve();
    this.ready = settled.then(() => {
      if (typeof SharedArrayBuffer === 'function' && self.crossOriginIsolated) this.flag = new Int32Array(new SharedArrayBuffer(12));
      this.shared = !!this.flag;
      return this.spawn();
    });
  }

  post(msg) {
    if (this.worker) this.worker.postMessage(msg); else this.outbox.push(msg);
  }

  spawn() {
    this.buf = '';
    const w = this.worker = new Worker(this.url);
    w.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => this.onFatal(e.message || 'worker error');
    if (this.flag) w.postMessage({ interrupt: this.flag.buffer });
    for (const m of this.outbox.splice(0)) w.postMessage(m);
    return new Promise((resolve) => { this.readyResolve = resolve; });
  }

  receive(d) {
    if (typeof d !== 'string') {
      if (d.ready) {
        this.build = d.build;
        this.threads = d.threads;
        this.readyResolve(d.loadMs);
      } else if (d.stderr !== undefined) this.onStderr(d.stderr);
      else if (d.fileStored && this.fileResolve) this.fileResolve(d.ok);
      else if (d.fatal) this.onFatal(d.fatal);
      return;
    }
    this.buf += d;
    let nl;
    while ((nl = this.buf.indexOf('\n')) >= 0) {
      const line = this.buf.slice(0, nl);
      this.buf = this.buf.slice(nl + 1);
      const p = this.pending[0];
      if (!p) continue;           /* nobody asked: not GTP, drop it */
      if (line === '') {
        if (!p.lines.length) continue;
        this.pending.shift();
        const m = /^([=?])(\d*) ?([\s\S]*)$/.exec(p.lines.join('\n'));
        const r = m ? { ok: m[1] === '=', text: m[3] } : { ok: false, text: p.lines.join('\n') };
        if (!r.ok && r.text === 'stopped') r.stopped = true;
        p.resolve(r);
      } else {
        p.lines.push(line);
        if (p.onLine && p.lines.length > 1) p.onLine(line);
      }
    }
  }

  /* One command (no id: the controller numbers them). */
  send(line, onLine) {
    const id = this.nextId++;
    const name = line.trim().split(/\s+/)[0] || '';
    /* A new command ends a running analyze: at once if shared (the
     * yielding build's worker sees the line itself). */
    const a = this.pending[0];
    if (this.flag && a && a.name === 'analyze') this.interrupt(a.id, MOVE_NOW);
    return new Promise((resolve) => {
      this.pending.push({ id, line, name, resolve, onLine, lines: [] });
      this.post(id + ' ' + line);
    });
  }

  /* The answer text, or an Error with the engine's message. */
  async ask(line) {
    const r = await this.send(line);
    if (!r.ok) throw new Error(line.split(' ')[0] + ': ' + r.text);
    return r.text;
  }

  /* Put a file into the engine's in-memory file system (loadsgf FILE). */
  storeFile(name, data) {
    return new Promise((resolve) => {
      this.fileResolve = resolve;
      this.post({ file: name, data });
    });
  }

  get busy() { return this.pending.length > 0; }

  /* The search the engine runs or will run next: its command name, or ''. */
  get searching() {
    const p = this.pending.find((x) => SEARCHES.has(x.name));
    return p ? p.name : '';
  }

  /* The flag holds one id: the command running (the oldest pending);
   * a message reaches the others before they start. */
  interrupt(id, mode) {
    if (this.flag && this.pending[0] && this.pending[0].id === id) {
      Atomics.store(this.flag, 1, mode);
      Atomics.store(this.flag, 0, id);
    }
    this.post({ stop: id, mode });
  }

  /* Stop: see the top of the file. */
  async stop() {
    const targets = this.pending.filter((p) => SEARCHES.has(p.name));
    if (!targets.length) return;
    const done = Promise.all(targets.map((p) => new Promise((r) => { const f = p.resolve; p.resolve = (x) => { f(x); r(); }; })));
    if (this.flag) {
      /* every search up to the last one sent stops, whenever it runs */
      const last = targets[targets.length - 1].id;
      if (last > Atomics.load(this.flag, 2)) Atomics.store(this.flag, 2, last);
    }
    for (const p of targets) this.interrupt(p.id, STOP);
    await done;
  }

  /* Move now: see the top of the file. */
  async moveNow() {
    const head = this.pending[0];
    if (!head || !SEARCHES.has(head.name)) return undefined;
    const done = new Promise((r) => { const f = head.resolve; head.resolve = (x) => { f(x); r(x); }; });
    this.interrupt(head.id, MOVE_NOW);
    return done;
  }
}
