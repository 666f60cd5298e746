/* same.test.mjs - the engine in the browser plays the same searches as
 * ./morphos: a 10,000-playout search (seed 1, one thread, book off) from
 * the start of 17 boards and rule sets, in both WebAssembly builds (the
 * threaded one in the page isolated by its service worker, the
 * single-threaded one in a page without service workers), each compared
 * with ./morphos's: the move and the statistics lines (win rate, nodes,
 * principal variation; times left out). A compiler flag or a miscompile
 * must not change how the engine plays (docs/results.md: LLVM 19 once
 * drew every placement under mutators b, c and d off the board).
 *
 * usage: node web/tests/same.test.mjs   (after make web and make morphos;
 * prints "N passed, N failed") */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, openBoard, ROOT } from './harness.mjs';

const SETUP = ['set_param memory 256', 'set_param book off', 'set_param movetime 0', 'set_param playouts 10000',
  'set_param seed 1', 'set_param verbose on', 'set_param threads 1'];
const BOARDS = {
  '9x9': ['rules none', 'boardsize 9'], '13x13': ['rules none', 'boardsize 13'], '15x15': ['rules none', 'boardsize 15'],
  '19x19': ['rules none', 'boardsize 19'], '19x19 p3': ['rules none p3=on', 'boardsize 19'], 'Morpharaoh 48': ['rules morpharaoh board=48'],
  '19x19 a': ['rules a', 'boardsize 19'], '19x19 d': ['rules d', 'boardsize 19'], '15x15 e': ['rules e', 'boardsize 15'],
  '19x19 tiebreak': ['rules none tiebreak=on', 'boardsize 19'], '19x19 nopie': ['rules none pie=off', 'boardsize 19'],
  '19x19 a,d': ['rules a d', 'boardsize 19'], '15x15 b': ['rules b', 'boardsize 15'], '19x19 c': ['rules c', 'boardsize 19'],
  '11x11': ['rules none', 'boardsize 11'], '7x7': ['rules none', 'boardsize 7'], 'Morpharaoh 160': ['rules morpharaoh board=160'],
};
/* A search's answer and statistics without its times. */
const strip = (s) => s.replace(/\d+ playouts in [\d.]+s \(\d+\/s\)/, '').replace(/[\d.]+ ?s\b/g, '').trim();
const played = (answer, stderr) => answer.replace(/^=\s*/, '').trim() + ' | ' + stderr.filter((l) => /playouts/.test(l)).map(strip).join(' ');

let passed = 0, failed = 0;
function check(name, cond, detail = '') {
  if (cond) { passed++; console.log('ok   ' + name); } else { failed++; console.log('FAIL ' + name + (detail ? ': ' + detail : '')); }
}

const NATIVE = join(ROOT, 'morphos');
if (!existsSync(NATIVE)) {
  console.log(`FAIL ${NATIVE} not found (make morphos)`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const native = {};
for (const [name, cmds] of Object.entries(BOARDS)) {
  const r = spawnSync(NATIVE, [], { input: [...SETUP, ...cmds, 'reg_genmove b', 'quit'].join('\n') + '\n', encoding: 'utf8' });
  const answer = r.stdout.split('\n').filter((l) => l.startsWith('=') && l.trim() !== '=').pop() || '';
  native[name] = played(answer, r.stderr.split('\n'));
}

const server = await serve();
try {
  for (const [build, opts] of [['threaded build', {}], ['single-threaded build', { serviceWorkers: 'block' }]]) {
    const b = await browser(opts);
    try {
      const errors = [];
      const { page } = await openBoard(b.ctx, server.url, errors);
      await page.evaluate(() => window.morphos.idle());
      await page.selectOption('#engineside', 'none');
      for (const [name, cmds] of Object.entries(BOARDS)) {
        const got = await page.evaluate(async (lines) => {
          const g = window.morphos, c = g.controller, prev = c.onStderr, err = [];
          for (const l of lines) await g.gtp(l);
          c.onStderr = (l) => { err.push(l); prev(l); };
          let answer;
          try { answer = (await g.gtp('reg_genmove b')).text; } finally { c.onStderr = prev; }
          return { answer, err };
        }, [...SETUP, ...cmds]);
        const w = played(got.answer, got.err);
        check(`${build}, ${name}: the search of ./morphos`, w === native[name], `\n  browser ${w.slice(0, 200)}\n  native  ${native[name].slice(0, 200)}`);
      }
      check(`${build}: no page errors`, errors.length === 0, errors.join('; '));
    } finally {
      await b.close();
    }
  }
} finally {
  server.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
