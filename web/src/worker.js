/* worker.js - the engine (morphos.wasm) in a Web Worker, speaking GTP.
 *
 * The page posts command lines (strings) and receives the engine's output
 * text exactly as ./morphos writes it to stdout: `= ...` / `? ...` answers
 * ending in an empty line. Other messages: {file, data} stores a file in
 * the engine's in-memory file system (for loadsgf FILE); the worker posts
 * {ready, loadMs} once the engine runs and {stderr: line} for the
 * engine's diagnostics (the search statistics under `set_param verbose on`).
 *
 * analyze streams until the next command line arrives, as natively. A
 * worker cannot see a message while the wasm code runs, so the search is
 * cut into slices: each slice is one `analyze` call that reports once and
 * returns (the engine keeps its tree between calls on the same position),
 * and between slices the worker yields to its event loop; a waiting line
 * ends the answer (the empty line) and runs. */
'use strict';
importScripts('morphos.js');

const t0 = performance.now();
const queue = [];
let engine = null;
let analysis = null; /* {args, first}: a running analyze */
let scheduled = false;

function exec(line) {
  return engine.ccall('web_exec', 'string', ['string', 'number'], [line, engine.lengthBytesUTF8(line)]);
}

/* `[ID] analyze ARGS...` -> {id, args}, else null (as the engine splits). */
function parseAnalyze(line) {
  const w = line.replace(/#.*/, '').trim().split(/\s+/);
  let i = 0, id = '';
  if (/^\d+$/.test(w[0] || '')) id = w[i++];
  return w[i] === 'analyze' ? { id, args: w.slice(i + 1).join(' ') } : null;
}

function schedule() {
  if (scheduled || !engine) return;
  scheduled = true;
  setTimeout(pump, 0);
}

function pump() {
  scheduled = false;
  if (analysis) {
    if (queue.length) {
      postMessage('\n');         /* the end of the analyze answer */
      analysis = null;
    } else {
      slice();
      schedule();
      return;
    }
  }
  while (queue.length) {
    const line = queue.shift();
    const a = parseAnalyze(line);
    if (a) {
      analysis = a;
      a.first = true;
      slice();
      schedule();
      return;
    }
    const out = exec(line);
    if (out) postMessage(out);
  }
}

/* One slice of analyze: the first one starts the answer (or is the whole
 * answer when the command fails), later ones add their info lines. */
function slice() {
  const a = analysis;
  const out = exec(a.args ? 'analyze ' + a.args : 'analyze');
  if (a.first) {
    a.first = false;
    if (out[0] !== '=') {       /* an error: the whole answer */
      analysis = null;
      postMessage(out.replace(/^\?/, '?' + a.id));
      return;
    }
    postMessage('=' + a.id + '\n');
  }
  /* "= info ...\ninfo ...\n\n": the last line is the freshest report. */
  const lines = out.replace(/^= ?/, '').split('\n').filter(l => l.startsWith('info '));
  if (lines.length) postMessage(lines[lines.length - 1] + '\n');
}

onmessage = (e) => {
  const d = e.data;
  if (typeof d === 'string') {
    for (const l of d.split('\n')) if (l.trim() !== '') queue.push(l);
    schedule();
  } else if (d && d.file) {
    const ok = engine ? (engine.FS.writeFile(d.file, d.data), true) : false;
    postMessage({ fileStored: d.file, ok });
  }
};

createMorphos({
  print: (s) => postMessage({ stderr: s }),
  printErr: (s) => postMessage({ stderr: s }),
}).then((m) => {
  engine = m;
  postMessage({ ready: true, loadMs: performance.now() - t0 });
  schedule();
}, (err) => postMessage({ fatal: String(err) }));
