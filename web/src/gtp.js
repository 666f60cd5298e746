/* gtp.js - the page's GTP controller for the engine in worker.js.
 *
 * send(line) writes one command and resolves with {ok, text} when its
 * answer (ended by the empty line) has arrived; answers come in command
 * order, as GTP promises. A streaming answer (analyze) hands each line to
 * onLine as it arrives; sending any other command ends the stream. */
export class Gtp {
  constructor(url) {
    this.worker = new Worker(url);
    this.pending = [];   /* {id, resolve, onLine, lines} in send order */
    this.buf = '';
    this.nextId = 1;
    this.onStderr = () => {};
    this.onFatal = () => {};
    this.ready = new Promise((resolve) => { this.readyResolve = resolve; });
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => this.onFatal(e.message || 'worker error');
  }

  receive(d) {
    if (typeof d !== 'string') {
      if (d.ready) this.readyResolve(d.loadMs);
      else if (d.stderr !== undefined) this.onStderr(d.stderr);
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
        p.resolve(m ? { ok: m[1] === '=', text: m[3] } : { ok: false, text: p.lines.join('\n') });
      } else {
        p.lines.push(line);
        if (p.onLine && p.lines.length > 1) p.onLine(line);
      }
    }
  }

  /* One command (no id: the controller numbers them). */
  send(line, onLine) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.push({ id, resolve, onLine, lines: [] });
      this.worker.postMessage(id + ' ' + line);
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
      this.worker.postMessage({ file: name, data });
    });
  }

  get busy() { return this.pending.length > 0; }
}
