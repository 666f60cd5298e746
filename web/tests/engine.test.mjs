/* engine.test.mjs - the engine side of the web board in headless Chromium:
 * Stop and Move now (gtp.js stop(), moveNow()) in both ways they work -
 * the flag shared with the engine in a cross-origin isolated page, and the
 * single-threaded build's yields to the worker's event loop elsewhere,
 * the worker kept either way -, commands during
 * analysis, the pace of analysis reports, the threaded build, and the
 * service worker: isolation from a plain static server, reload offline,
 * installable as an app. No test depends on the machine's speed: a search
 * that is not stopped would run for minutes and fail by the time limit.
 *
 * usage: node web/tests/engine.test.mjs   (after make web; prints "N passed, N failed") */
import { serve, browser, openBoard } from './harness.mjs';

let passed = 0, failed = 0;
const errors = [];

function check(name, cond, detail = '') {
  if (cond) { passed++; console.log('ok   ' + name); } else { failed++; console.log('FAIL ' + name + (detail ? ': ' + detail : '')); }
}

/* Runs fn(controller, arg) in the page (gtp.js's Gtp of the board); a
 * search that is not stopped runs for minutes: failed after 90 s. */
const inPage = (page, fn, arg) => Promise.race([page.evaluate(`(${fn})(window.morphos.controller, ${JSON.stringify(arg)})`),
  new Promise((resolve, reject) => setTimeout(() => reject(new Error('no answer within 90 s: ' + String(fn).slice(0, 200))), 90000))]);

/* A long genmove, stopped (or moved now) once it runs: the answer, the
 * history before and after, the settings after. */
async function stopSearch(page, how, line) {
  return inPage(page, async (g, [how, line]) => {
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    const hist = async () => (await g.send('move_history')).text;
    const before = await hist();
    const p = g.send(line);
    const after1 = g.send('move_history');   /* waits behind the search */
    await sleep(300);
    const t = performance.now();
    const r = await (how === 'stop' ? g.stop() : g.moveNow());
    const ms = performance.now() - t;
    const answer = await p;
    return { answer, r: r || null, ms, before, queued: (await after1).text, after: await hist(),
      movetime: (await g.send('get_param movetime')).text, rules: (await g.send('rules')).text };
  }, [how, line]);
}

async function setup(page, rules, moves) {
  await page.evaluate(() => window.morphos.idle());
  await page.selectOption('#engineside', 'none');
  await page.evaluate(async ([rules, moves]) => {
    const g = window.morphos.controller;
    await g.ask('rules ' + rules);
    await g.ask('set_param book off');
    await g.ask('set_param movetime 600');
    await g.ask('set_param playouts 0');
    for (const m of moves) await g.ask(`play ${(await g.ask('side_to_move'))} ${m}`);
  }, [rules, moves]);
}

async function testStop(page, mode) {
  const tag = mode;
  await setup(page, 'morpharaoh board=48', ['20', '27', '21']);
  let s = await stopSearch(page, 'stop', 'genmove w');
  check(`${tag}: stop ends a 600 s genmove, no move played`, s.answer.stopped && !s.answer.ok && s.after === s.before,
    JSON.stringify(s));
  check(`${tag}: after a stop the game and settings are kept`, s.queued === s.before && /morpharaoh/.test(s.rules) && /^600/.test(s.movetime), JSON.stringify(s));
  console.log(`  ${tag}: stop answered in ${s.ms.toFixed(0)} ms`);
  s = await stopSearch(page, 'moveNow', 'genmove w');
  const played = s.after.split('\n');
  check(`${tag}: move now plays the best move so far`, s.answer.ok && s.r && s.r.ok && played.length === s.before.split('\n').length + 1 &&
    played[played.length - 1] === 'white ' + s.answer.text && s.queued === s.after, JSON.stringify(s));
  console.log(`  ${tag}: move now answered in ${s.ms.toFixed(0)} ms`);
  await page.evaluate(() => window.morphos.controller.ask('undo'));
  s = await stopSearch(page, 'stop', 'solve 600');
  check(`${tag}: stop ends a 600 s solve`, s.answer.stopped && s.after === s.before, JSON.stringify(s));
  /* every search waiting ends too; other commands still run */
  const q = await inPage(page, async (g) => {
    const a = g.send('genmove w'), b = g.send('side_to_move'), c = g.send('reg_genmove w'), d = g.send('move_history');
    await new Promise((r) => setTimeout(r, 200));
    await g.stop();
    return [await a, await b, await c, await d, g.searching, await g.moveNow()];
  });
  check(`${tag}: stop ends the searches waiting, other commands answer in order`, q[0].stopped && q[1].ok && q[1].text === 'white' &&
    q[2].stopped && q[3].ok && q[4] === '' && q[5] === undefined, JSON.stringify(q));
  /* analyze: stop ends the stream (ok); a command during an hour-long
   * report interval is answered, which only the interrupt allows */
  const an = await inPage(page, async (g) => {
    const lines = [];
    const side0 = await g.ask('side_to_move');
    const a = g.send('analyze 360000', (l) => lines.push(l));
    await new Promise((r) => setTimeout(r, 300));
    const side = await g.send('side_to_move');
    const r = await a;
    const b = g.send('analyze 360000');
    await new Promise((r) => setTimeout(r, 300));
    await g.stop();
    return { side, side0, r, r2: await b };
  });
  check(`${tag}: a command during analysis is answered`, an.side.ok && an.side.text === an.side0 && an.r.ok, JSON.stringify(an));
  check(`${tag}: stop ends analysis`, an.r2.ok, JSON.stringify(an));
  /* analysis reports come at most once per interval */
  const pace = await inPage(page, async (g) => {
    let n = 0;
    const t = performance.now();
    const a = g.send('analyze 50', (l) => { if (l.startsWith('info ')) n++; });
    await new Promise((r) => setTimeout(r, 2000));
    await g.send('side_to_move');
    await a;
    return { n, ms: performance.now() - t };
  });
  check(`${tag}: analysis reports at most one line per interval`, pace.n >= 1 && pace.n <= Math.ceil(pace.ms / 500) + 1, JSON.stringify(pace));
}

/* The isolated page: threads, the shared flag, the service worker. */
async function testIsolated(ctx, url) {
  const { page } = await openBoard(ctx, url, errors);
  const info = await page.evaluate(async () => {
    const g = window.morphos.controller;
    return { iso: self.crossOriginIsolated, build: g.build, threads: g.threads, shared: g.shared,
      engine: (await g.send('get_param threads')).text, how: await window.morphosIsolation };
  });
  check('isolated: a plain static server + the service worker give cross-origin isolation', info.iso && info.how === 'isolated', JSON.stringify(info));
  check('isolated: the threaded build with 2 threads', info.build === 'threads' && info.threads === 2 && /^2/.test(info.engine), JSON.stringify(info));
  await testStop(page, 'isolated');
  /* two threads search: more playouts than one in the same time is not
   * asserted (a shared machine); that both threads ran is */
  const st = await page.evaluate(async () => {
    const g = window.morphos.controller;
    const lines = [];
    g.onStderr = (l) => lines.push(l);
    await g.ask('set_param verbose on');
    await g.ask('set_param movetime 0');
    await g.ask('set_param playouts 3000');
    const r = await g.send('reg_genmove ' + (await g.ask('side_to_move')));
    return { r, lines };
  });
  check('isolated: a search on 2 threads', st.r.ok && st.lines.some((l) => /playouts/.test(l)), JSON.stringify(st).slice(0, 400));
  /* offline: the service worker serves the app from its cache */
  await ctx.setOffline(true);
  await page.reload();
  await page.evaluate(() => window.morphos.ready);
  const off = await page.evaluate(async () => ({ iso: self.crossOriginIsolated, m: (await window.morphos.controller.send('genmove b')).ok }));
  check('offline: the page reloads and the engine plays', off.iso && off.m, JSON.stringify(off));
  await ctx.setOffline(false);
  /* installable: Chromium's own check of the manifest and service worker */
  const cdp = await ctx.newCDPSession(page);
  const inst = await cdp.send('Page.getInstallabilityErrors');
  check('install: installable as an app', inst.installabilityErrors.length === 0, JSON.stringify(inst.installabilityErrors));
  const man = await cdp.send('Page.getAppManifest');
  check('install: the manifest is read without errors', man.errors.length === 0 && /Morphos/.test(man.data), JSON.stringify(man.errors));
  await page.close();
}

/* Without a service worker: no isolation, the single-threaded build,
 * Stop through its yields (the same worker: a restart would show as
 * another Worker object). */
async function testPlain(url) {
  const b = await browser({ serviceWorkers: 'block' });
  try {
    const { page } = await openBoard(b.ctx, url, errors);
    const info = await page.evaluate(() => {
      const g = window.morphos.controller;
      window.firstWorker = g.worker;
      return { iso: self.crossOriginIsolated, build: g.build, threads: g.threads, shared: g.shared };
    });
    check('plain: not isolated, the single-threaded build', !info.iso && info.build === 'single' && !info.shared && info.threads === 1, JSON.stringify(info));
    /* A blocked registration resolves to no registration: the page goes on
     * at once, not after isolate.js's 8 s wait for a service worker. */
    const how = await page.evaluate(() => window.morphosIsolation);
    check('plain: a blocked service worker is seen at once (no 8 s wait)', how === 'no service worker', how);
    await testStop(page, 'plain');
    const same = await page.evaluate(() => window.morphos.controller.worker === window.firstWorker);
    check('plain: stop and move now kept the worker (no restart)', same);
    /* a loaded record stays through a stop */
    const sgf = await page.evaluate(async () => {
      const g = window.morphos.controller;
      await g.ask('rules none');
      await g.ask('boardsize 7');
      await g.storeFile('/t.sgf', '(;FF[4]GM[1]SZ[7];B[cc];W[dd];B[ee])');
      await g.ask('loadsgf /t.sgf');
      const before = await g.ask('move_history');
      const p = g.send('genmove w');
      await new Promise((r) => setTimeout(r, 200));
      await g.stop();
      await p;
      return { before, after: await g.ask('move_history'), size: await g.ask('board_geometry') };
    });
    check('plain: a loaded SGF stays through a stop', sgf.before === sgf.after && sgf.before.split('\n').length === 3, JSON.stringify(sgf).slice(0, 300));
    await page.close();
  } finally {
    await b.close();
  }
}

const srv = await serve();
const b = await browser();
try {
  await testIsolated(b.ctx, srv.url);
  await testPlain(srv.url);
} catch (e) {
  check('no exception', false, e.stack || String(e));
} finally {
  await b.close();
  srv.close();
}
check('no console errors', errors.length === 0, errors.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
