/* bench.mjs - the engine's speed in the browser against ./morphos on the
 * same machine, and the page's load time (make web-bench).
 *
 * The same GTP commands go to the engine in headless Chromium (WebAssembly,
 * one thread, in the page's worker) and to the native ./morphos (one
 * thread): a fixed number of playouts from the start position of four
 * boards, book off, the same seed; the engine's own statistics line
 * (verbose) gives playouts per second. Rounds alternate native and browser
 * so that load on the machine hits both alike; medians are printed. */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, openBoard, ROOT, DIST } from './harness.mjs';

const ROUNDS = +(process.env.ROUNDS || 3);
const PLAYOUTS = +(process.env.PLAYOUTS || 30000);
const SETUP = ['set_param threads 1', 'set_param memory 256', 'set_param book off', 'set_param movetime 0',
  `set_param playouts ${PLAYOUTS}`, 'set_param seed 1', 'set_param verbose on'];
const BOARDS = [
  { name: 'Morphos 9x9', cmds: ['rules none', 'boardsize 9'] },
  { name: 'Morphos 13x13 a,b', cmds: ['rules a b', 'boardsize 13'] },
  { name: 'Morpharaoh 48', cmds: ['rules morpharaoh board=48'] },
  { name: 'Morpharaoh 160', cmds: ['rules morpharaoh board=160'] },
];
const RATE = /(\d+) playouts in ([\d.]+)s \((\d+)\/s\)/;

function native(board) {
  return new Promise((resolve, reject) => {
    const p = spawn(join(ROOT, 'morphos'), [], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => { err += d; });
    p.on('close', () => { const m = RATE.exec(err); m ? resolve(+m[3]) : reject(new Error('no statistics: ' + err)); });
    p.stdin.end([...SETUP, ...board.cmds, 'reg_genmove b', 'quit'].join('\n') + '\n');
  });
}

async function inBrowser(page, board) {
  return page.evaluate(async ([setup, cmds]) => {
    let line = '';
    const g = window.morphos;
    for (const c of [...setup, ...cmds]) await g.gtp(c);
    g.state.speed = 0;
    await g.gtp('reg_genmove b');
    line = g.state.speed;
    return line;
  }, [SETUP, board.cmds]);
}

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

const srv = await serve();
const b = await browser();
try {
  const loads = [], engineLoads = [];
  let page;
  for (let i = 0; i < 3; i++) {
    if (page) await page.close();
    const errors = [];
    const r = await openBoard(b.ctx, srv.url, errors);
    page = r.page;
    loads.push(r.loadMs);
    engineLoads.push(await page.evaluate(() => window.morphos.workerMs));
  }
  await page.selectOption('#engineside', 'none');
  await page.evaluate(() => window.morphos.idle());
  const res = BOARDS.map(() => ({ nat: [], web: [] }));
  for (let r = 0; r < ROUNDS; r++)
    for (let i = 0; i < BOARDS.length; i++) {
      res[i].nat.push(await native(BOARDS[i]));
      res[i].web.push(await inBrowser(page, BOARDS[i]));
    }
  const wasm = statSync(join(DIST, 'morphos.wasm')).size, js = statSync(join(DIST, 'morphos.js')).size;
  console.log(`playouts/s, one thread, ${PLAYOUTS} playouts from the start position, median of ${ROUNDS} alternating rounds`);
  console.log('| board | native ./morphos | browser (wasm) | browser / native |');
  console.log('|---|---:|---:|---:|');
  BOARDS.forEach((bd, i) => {
    const n = median(res[i].nat), w = median(res[i].web);
    console.log(`| ${bd.name} | ${n.toLocaleString('en')} | ${w.toLocaleString('en')} | ${(w / n).toFixed(2)} |`);
  });
  console.log(`load: ${median(loads)} ms from navigation to a playable board (median of 3, local server), ` +
    `engine ready ${Math.round(median(engineLoads))} ms after the worker started; morphos.wasm ${(wasm / 1024).toFixed(0)} KiB, morphos.js ${(js / 1024).toFixed(0)} KiB`);
} finally {
  await b.close();
  srv.close();
}
