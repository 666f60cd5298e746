/* board.test.mjs - the web board in headless Chromium, against the engine
 * in WebAssembly: whole games by clicks (Morphos with a swap, a flip and an
 * undo; Morpharaoh 48 to its end), every click target checked against the
 * engine's legal_moves, compound moves, records (SGF, move lists), the
 * analysis overlay, solve, keyboard, touch on a phone, dark mode, a fixed
 * layout, offline play; any console error fails. Takes the screenshots of
 * docs/web.md (SHOTS=dir, default build/web/shots).
 *
 * usage: node web/tests/board.test.mjs   (after make web; prints "N passed, N failed") */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, openBoard, ROOT, idle, gtp, ask, state, targets, openRecords, words } from './harness.mjs';
import { playerSections } from './player.test.mjs';

const SHOTS = process.env.SHOTS || join(ROOT, 'build', 'web', 'shots');
mkdirSync(SHOTS, { recursive: true });
let passed = 0, failed = 0;
const errors = [];

function check(name, cond, detail = '') {
  if (cond) { passed++; console.log('ok   ' + name); } else { failed++; console.log('FAIL ' + name + (detail ? ': ' + detail : '')); }
}

/* a fixed random sequence, so that a failure can be replayed */
let seed = 12345;
function rand(n) {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
}


async function newGame(page, opt) {
  await page.selectOption('#game', opt.game || 'morphos');
  if (opt.size) await page.selectOption('#size', String(opt.size));
  if (opt.cells) await page.selectOption('#cells', String(opt.cells));
  for (const m of ['a', 'b', 'c', 'd', 'e']) {
    const box = page.locator(`input[name=mut][value=${m}]`);
    if ((opt.mut || []).includes(m)) await box.check(); else if (await box.isVisible()) await box.uncheck();
  }
  if (opt.c) await page.selectOption('#r-c', opt.c);
  await page.selectOption('#engineside', opt.engine || 'none');
  await page.fill('#movetime', String(opt.movetime || 0.2));
  await page.click('#start');
  await idle(page);
}

/* Every point the page offers to click is the start of a legal move, and
 * every legal move can be started by a click. */
async function checkTargets(page, label) {
  const legal = words(await ask(page, 'legal_moves'));
  const want = new Set();
  for (const m of legal) if (m !== 'pass' && m !== 'swap') for (const p of m.split(',')) want.add(p);
  const got = await targets(page);
  const same = got.length === want.size && got.every((p) => want.has(p));
  if (!same) check(`${label}: click targets = legal_moves`, false, `page ${got.join(' ')} / engine ${[...want].sort().join(' ')}`);
  return { legal, same };
}

/* One human move by clicks: a flip when wanted and possible, else any
 * legal point. Also clicks a point that is not legal and checks that
 * nothing changes. */
async function humanMove(page, me, opt = {}) {
  const { legal, same } = await checkTargets(page, opt.label || 'move');
  if (!same) return { ok: false };
  const singles = legal.filter((m) => m !== 'pass' && m !== 'swap' && !m.includes(','));
  const enemy = new Set(words(await ask(page, 'stones ' + (me === 'black' ? 'white' : 'black'))));
  const flips = singles.filter((m) => enemy.has(m));
  const before = (await state(page)).history.length;
  const mine = words(await ask(page, 'stones ' + me));
  if (mine.length) {
    await page.click(`.cell[data-point="${mine[0]}"]`);
    const after = await state(page);
    opt.badClicks = (opt.badClicks || 0) + (after.history.length === before ? 0 : 1);
  }
  let move, choice = singles;
  if (opt.flip && !flips.length) {
    /* aim for a flip: a point after which the engine has a weak stone */
    const them = me === 'black' ? 'white' : 'black';
    const good = await page.evaluate(async ([ms, me, them]) => {
      const g = window.morphos.gtp, out = [];
      for (const m of ms) {
        await g(`play ${me} ${m}`);
        if ((await g('weak_stones ' + them)).text.trim()) out.push(m);
        await g('undo');
      }
      return out;
    }, [singles, me, them]);
    if (good.length) choice = good;
  }
  if (legal.length === 1 && legal[0] === 'pass') {
    await page.click('#pass');
    move = 'pass';
  } else {
    move = opt.flip && flips.length ? flips[0] : choice[rand(choice.length)];
    await page.click(`.cell[data-point="${move}"]`);
  }
  await idle(page);
  return { ok: true, move, flip: flips.includes(move), badClickMoved: opt.badClicks > 0 };
}

/* A whole game against the engine (black, a weak player: 10 playouts a
 * move) by clicks: the swap, an undo and a redo, flips whenever one can be
 * had; again (at most 4 games) until a game had a flip. */
async function testMorphosGame(page) {
  let game, flips = 0, tries = 0;
  /* a level weaker than the page offers, so that flips come */
  await page.evaluate(() => document.getElementById('level').add(new Option('test (10 playouts)', '10')));
  await page.selectOption('#level', '10');
  while (!flips && tries++ < 4) {
    seed = 1000 + tries;
    await gtp(page, 'set_param seed ' + tries);
    ({ game, flips } = await morphosGame(page, tries === 1));
  }
  await page.selectOption('#level', '0');
  await page.evaluate(() => document.querySelector('#level option[value="10"]').remove());
  await gtp(page, 'set_param seed 0');
  check('morphos: a flip was played by click', flips > 0, `${tries} games`);
  return game;
}

async function morphosGame(page, report) {
  const ck = (name, cond, detail) => { if (report || !cond) check(name, cond, detail); };
  await newGame(page, { size: 7, engine: 'black', movetime: 1 });
  let s = await state(page);
  ck('morphos: the engine (black) opened', s.history.length === 1 && s.toMove === 'white', JSON.stringify(s));
  ck('morphos: swap offered on white\'s first turn', await page.isEnabled('#swap'));
  await page.click('#swap');
  await idle(page);
  s = await state(page);
  ck('morphos: swap played, the engine answered', s.history[1] === 'swap' && s.history.length === 3 && s.toMove === 'white', JSON.stringify(s));
  ck('morphos: no swap later', !(await page.isEnabled('#swap')));
  let flips = 0, undone = false, moves = 0, allSame = true, badMoved = false;
  const mine = [];
  while ((s = await state(page)).winner === 'none' && moves < 100) {
    const ply = s.history.length;
    const r = await humanMove(page, 'white', { flip: true, label: 'morphos' });
    if (!r.ok) { allSame = false; break; }
    mine.push({ ply, flip: r.flip, move: r.move });
    if (r.badClickMoved) badMoved = true;
    moves++;
    if (r.flip) flips++;
    const after = await state(page);
    if (!undone && moves === 2 && after.winner === 'none') {
      const n = after.history.length;
      await page.click('#undo');
      await idle(page);
      const u = await state(page);
      ck('morphos: undo takes back the engine\'s move and mine', u.history.length === n - 2 && u.toMove === 'white', `${n} -> ${u.history.length}`);
      const undoneBoard = words(await ask(page, 'stones w')).length;
      await page.click('#redo');
      await idle(page);
      const rd = await state(page);
      ck('morphos: redo replays them', rd.history.length === n && rd.history.join() === after.history.join(), rd.history.join(' '));
      await page.click('#undo');
      await idle(page);
      ck('morphos: undo again, white to move', (await state(page)).toMove === 'white' && words(await ask(page, 'stones w')).length === undoneBoard);
      undone = true;
    }
  }
  ck('morphos: every click target matched legal_moves', allSame);
  ck('morphos: a click on an illegal point changed nothing', !badMoved);
  ck('morphos: the game ended', s.winner === 'black' || s.winner === 'white', JSON.stringify(s));
  ck('morphos: undo used', undone);
  const status = await page.textContent('#status');
  ck('morphos: result shown', status.toLowerCase().includes(s.winner + ' wins'), status);
  const chain = words(await ask(page, 'winning_chain'));
  const drawn = await page.$$eval('.stone.chain', (e) => e.map((x) => x.dataset.point).sort());
  ck('morphos: winning chain drawn', chain.length > 0 && drawn.join() === chain.sort().join(), `${drawn} / ${chain}`);
  const listed = await page.$$eval('#moves li', (e) => e.map((x) => x.textContent.replace(/ [×?]/g, '')));
  ck('morphos: move list shows every move', listed.join() === s.history.join(), listed.join(' '));
  if (report || flips) {
    /* my moves that survived the undo: the list marks exactly the flips among them */
    const hist = s.history;
    const kept = mine.filter((m) => hist[m.ply] === m.move);
    const marks = await page.$$eval('#moves li', (e) => e.map((x) => x.classList.contains('flip')));
    const wrong = kept.filter((m) => marks[m.ply] !== m.flip);
    ck('result: flips marked as flips in the move list', kept.length > 3 && !wrong.length, JSON.stringify(wrong));
    const banner = await page.isVisible('#banner') ? await page.textContent('#banner') : '';
    ck('result: a game-over banner with the reason', banner.toLowerCase().includes(s.winner + ' wins') && /chain joins/.test(banner), banner);
  }
  return { game: s, flips };
}

async function testRecords(page, game) {
  await openRecords(page);
  const sgf = await ask(page, 'printsgf');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#savesgf')]);
  const saved = readFileSync(await download.path(), 'utf8');
  check('records: Save SGF writes printsgf', saved.trim() === sgf.trim(), saved.slice(0, 200));
  await newGame(page, { size: 7, engine: 'none' });
  await page.setInputFiles('#loadsgf', { name: 'game.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(saved) });
  await idle(page);
  let s = await state(page);
  check('records: Load SGF replays the game', s.history.join() === game.history.join() && s.winner === game.winner, s.history.join(' '));
  const stones = await page.$$eval('.stone', (e) => e.length);
  const engineStones = words(await ask(page, 'stones b')).length + words(await ask(page, 'stones w')).length;
  check('records: loaded stones drawn', stones === engineStones && stones > 0, `${stones} / ${engineStones}`);
  await page.setInputFiles('#loadsgf', { name: 'bad.sgf', mimeType: 'text/plain', buffer: Buffer.from('(;FF[4]GM[1]SZ[5];B[cc];W[zz])') });
  await idle(page);
  const err = await page.textContent('#error');
  s = await state(page);
  check('records: a bad SGF is refused with the reason, the game kept', /loadsgf: .*move 2/.test(err) && s.history.join() === game.history.join(), err + ' / ' + s.history.join(' ') + ' / ' + game.history.join(' '));

  await page.click('#copymoves');
  const text = await page.inputValue('#movetext');
  check('records: copy move list', text.split('\n').length === game.history.length && text.startsWith('1. '), text.slice(0, 80));
  await newGame(page, { size: 7, engine: 'none' });
  await page.fill('#movetext', text);
  await page.click('#pastemoves');
  await idle(page);
  s = await state(page);
  check('records: paste move list replays it', s.history.join() === game.history.join(), s.history.join(' '));
  await page.fill('#movetext', '1. C3\n2. Z9');
  await page.click('#pastemoves');
  await idle(page);
  const s2 = await state(page);
  const e2 = await page.textContent('#error');
  check('records: a bad move list is refused, the game kept', s2.history.join() === game.history.join() && /move 2 \(Z9\)/.test(e2), e2);
}

/* New games with every rule token the form offers: the engine takes them
 * (no error) and says so in its rules text. */
async function testRuleTokens(page) {
  const cases = [
    [{ mut: ['a'], 'r-edges': 'on' }, /^a,edges=on,/],
    [{ mut: ['b'] }, /^b,/],
    [{ mut: ['c'], 'r-c': 'upto' }, /c=upto/],
    [{ mut: ['c'], 'r-c': 'adjacent' }, /c=adjacent/],
    [{ mut: ['d'], 'r-d': 'extra' }, /d=extra/],
    [{ mut: ['e'], 'r-e': 'a1white' }, /e=a1white/],
    [{ mut: ['a', 'b', 'c', 'd', 'e'] }, /^a,b,c,d,e,/],
    [{ 'r-p3': 'on' }, /p3=on/],
    [{ 'r-tiebreak': 'on' }, /tiebreak=on/],
    [{ 'r-preset': 'duomorph' }, /^a,c,.*c=adjacent,tiebreak=on/],
    [{ 'r-pie': 'off' }, /pie=off$/],
    [{ game: 'morpharaoh', cells: '160', 'r-edge': 'majority', 'r-center': 'majority', 'r-pie': 'on' }, /^morpharaoh,board=160,edge=majority,center=majority,pie=on$/],
  ];
  const selects = ['r-edges', 'r-c', 'r-d', 'r-e', 'r-p3', 'r-tiebreak', 'r-preset', 'r-pie', 'r-edge', 'r-center'];
  let bad = [];
  for (const [opt, want] of cases) {
    await page.selectOption('#game', opt.game || 'morphos');
    for (const m of ['a', 'b', 'c', 'd', 'e']) {
      const box = page.locator(`input[name=mut][value=${m}]`);
      if (!(await box.isVisible())) continue;
      if ((opt.mut || []).includes(m)) await box.check(); else await box.uncheck();
    }
    for (const id of selects) if (await page.locator('#' + id).isVisible() && await page.locator('#' + id).isEnabled()) await page.selectOption('#' + id, opt[id] || '');
    if (opt.cells) await page.selectOption('#cells', opt.cells);
    await page.selectOption('#engineside', 'none');
    await page.click('#start');
    await idle(page);
    const rules = await page.textContent('#rulestext'), err = await page.textContent('#error');
    if (err || !want.test(rules)) bad.push(`${JSON.stringify(opt)} -> ${rules} ${err}`);
  }
  check('new game: every rule token of the form reaches the engine', !bad.length, bad.join('; '));
  for (const id of selects) if (await page.locator('#' + id).isVisible() && await page.locator('#' + id).isEnabled()) await page.selectOption('#' + id, '');
  bad = [];
  for (const n of [2, 25]) {
    await newGame(page, { size: n, engine: 'none' });
    const cells = await page.$$eval('.cell', (e) => e.length);
    const coords = await page.$$eval('.coord', (e) => e.length);
    if (cells !== n * n || coords !== 4 * n) bad.push(`${n}: ${cells} cells, ${coords} labels`);
  }
  check('new game: square boards 2 and 25 with coordinates', !bad.length, bad.join('; '));
}

/* A forced pass: mutator e without edges on 2x2 starts with no flip. */
async function testPass(page) {
  await newGame(page, { size: 2, engine: 'none', mut: ['e'] });
  await page.selectOption('#r-edges', 'off');
  await page.click('#start');
  await idle(page);
  check('pass: offered only when forced', await page.isEnabled('#pass') && (await targets(page)).length === 0, await page.textContent('#rulestext'));
  await page.click('#pass');
  await idle(page);
  const s = await state(page);
  check('pass: played', s.history[0] === 'pass', s.history.join(' '));
  if (await page.isEnabled('#pass')) {
    await page.click('#pass');
    await idle(page);
    check('pass: two passes end the game in a draw', /draw/i.test(await page.textContent('#status')) && (await state(page)).winner === 'draw');
  }
  await page.selectOption('#r-edges', '');
}

async function testCompound(page) {
  await newGame(page, { size: 5, engine: 'none', mut: ['c'], c: 'upto' });
  await checkTargets(page, 'compound');
  check('pass: not offered while another move is legal', !(await page.isEnabled('#pass')));
  await page.click('.cell[data-point="C3"]');
  check('compound: one point waits for a confirm', (await state(page)).history.length === 0 && await page.isEnabled('#confirm'));
  const t = await targets(page);
  check('compound: the second points offered', t.length === 24 && !t.includes('C3'), t.join(' '));
  await page.click('.cell[data-point="D4"]');
  check('compound: confirm names the move', (await page.textContent('#confirm')).includes('C3,D4'));
  await page.click('#confirm');
  await idle(page);
  check('compound: C3,D4 played', (await state(page)).history.join() === 'C3,D4');
}

async function testMorpharaoh48(page) {
  await newGame(page, { game: 'morpharaoh', cells: 48, engine: 'white', movetime: 0.15 });
  const cells = await page.$$eval('.cell', (e) => e.map((x) => x.getAttribute('points').split(' ').length));
  check('morpharaoh 48: 48 pentagons', cells.length === 48 && cells.every((n) => n === 5), String(cells.length));
  const nums = await page.$$eval('.cellno', (e) => e.map((x) => x.textContent));
  check('morpharaoh 48: cells numbered 0..47', nums.length === 48 && nums.every((t, i) => t === String(i)));
  check('morpharaoh 48: four coloured sides', await page.$$eval('.side.black', (e) => e.length) > 0 && await page.$$eval('.side.white', (e) => e.length) > 0);
  let s, moves = 0, allSame = true;
  while ((s = await state(page)).winner === 'none' && moves < 40) {
    const r = await humanMove(page, 'black', { label: 'morpharaoh 48' });
    if (!r.ok) { allSame = false; break; }
    moves++;
  }
  check('morpharaoh 48: every click target matched legal_moves', allSame);
  check('morpharaoh 48: played to the end', s.winner === 'black' || s.winner === 'white', JSON.stringify(s));
  const chain = words(await ask(page, 'winning_chain'));
  const drawn = await page.$$eval('.stone.chain', (e) => e.length);
  check('morpharaoh 48: winning chain drawn', chain.length > 0 && drawn === chain.length, `${drawn} / ${chain.length}`);
}

async function testWeakShot(page) {
  await newGame(page, { size: 7, engine: 'none' });
  await openRecords(page);
  await page.fill('#movetext', 'A3 G3 C3 D7 F1 B3 D2 G6 G2 G1 C4 E1 E2');
  await page.click('#pastemoves');
  await idle(page);
  const weak = words(await ask(page, 'weak_stones b')).concat(words(await ask(page, 'weak_stones w')));
  const rings = await page.$$eval('.weak-ring', (e) => e.map((x) => x.dataset.weak).sort());
  check('weak stones: highlighted as the engine says', weak.length >= 3 && rings.join() === weak.sort().join(), `${rings} / ${weak}`);
  await page.evaluate(() => { document.getElementById('records').open = false; window.scrollTo(0, 0); });
  await page.screenshot({ path: join(SHOTS, 'web-morphos-weak.png') });
  await page.uncheck('#showweak');
  check('weak stones: highlight off', (await page.$$eval('.weak-ring', (e) => e.length)) === 0);
  await page.check('#showweak');
}

async function testAnalysisShot(page) {
  await newGame(page, { game: 'morpharaoh', cells: 160, engine: 'none' });
  const n = await page.$$eval('.cell', (e) => e.length);
  check('morpharaoh 160: 160 cells', n === 160);
  await openRecords(page);
  await page.fill('#movetext', '1. 64\n2. 77\n3. 59\n4. 83\n5. 95');
  await page.click('#pastemoves');
  await idle(page);
  await page.evaluate(() => { document.getElementById('records').open = false; });
  await page.check('#analyze');
  await page.waitForFunction(() => document.querySelectorAll('.cand').length >= 3 && window.morphos.state.candidates[0].visits > 2000, null, { timeout: 30000 });
  const box1 = await page.locator('#board').boundingBox();
  const cands = await page.$$eval('.cand', (e) => e.map((x) => x.dataset.move));
  check('analysis: candidates drawn on the board', cands.length >= 3, cands.join(' '));
  check('analysis: win-rate graph', (await page.$$eval('#graph .wr-dot', (e) => e.length)) >= 1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, 'web-morpharaoh160-analysis.png') });
  await page.check('#showpv');
  const pv = await page.$$eval('.pv-no', (e) => e.map((x) => x.textContent));
  check('analysis: the variation on demand', pv.length > 1 && pv[0] === '1', pv.join(' '));
  await page.uncheck('#showpv');
  /* a move while analysing: the analysis stops, the move is played, it starts again */
  const before = (await state(page)).history.length;
  const t = await targets(page);
  await page.click(`.cell[data-point="${t[0]}"]`);
  await page.waitForFunction((n) => window.morphos.state.history.length === n + 1, before, { timeout: 10000 });
  check('analysis: a click during analysis plays at once', true);
  await page.uncheck('#analyze');
  await idle(page);
  check('analysis: stops when turned off', (await page.$$eval('.cand', (e) => e.length)) === 0);
  const box2 = await page.locator('#board').boundingBox();
  check('layout: the board does not move with analysis', JSON.stringify(box1) === JSON.stringify(box2));
}

async function testSolveKeyboardLayout(page) {
  await newGame(page, { size: 3, engine: 'none' });
  await page.click('#solve');
  await idle(page);
  const info = await page.textContent('#info');
  check('solve: a small position is solved', /solve: (black|white) wins with [A-C][1-3]/.test(info), info);
  /* keyboard: focus the board, move the cursor, play with Enter, undo with u */
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await idle(page);
  let s = await state(page);
  check('keyboard: Enter plays the cursor point', s.history.length === 1, s.history.join(' '));
  await page.locator('#board').blur();
  await page.keyboard.press('u');
  await idle(page);
  check('keyboard: u undoes', (await state(page)).history.length === 0);
  /* no layout jump while the engine thinks */
  await newGame(page, { size: 9, engine: 'none', movetime: 1 });
  const boxes = () => page.evaluate(() => ['#board', '#panel', '#info', '#status', '#moves', '#graph'].map((q) => { const r = document.querySelector(q).getBoundingClientRect(), sticky = q === '#status'; /* in page coordinates: a click may scroll */
    return [r.left + scrollX, r.top + (sticky ? 0 : scrollY), r.width, r.height].map((v) => v.toFixed(1)).join(' '); }).join());
  const b1 = await boxes();
  await page.click('#enginemove');
  await page.waitForFunction(() => window.morphos.state.thinking !== '');
  const b2 = await boxes();
  await idle(page);
  const b3 = await boxes();
  check('layout: nothing moves while the engine thinks', b1 === b2 && b2 === b3, [b1, b2, b3].join('\n'));
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  check('dark mode follows the system', dark !== light, `${dark} / ${light}`);
  await page.click('#theme');
  check('theme button switches', (await page.evaluate(() => getComputedStyle(document.body).backgroundColor)) === dark);
  await page.click('#theme');
}

async function testPhone(ctx, url) {
  const { page } = await openBoard(ctx, url, errors, { width: 390, height: 844 });
  await idle(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check('phone: no horizontal scrolling', overflow <= 0, String(overflow));
  const box = await page.locator('#board').boundingBox();
  check('phone: the board fills the width', box.width > 330, JSON.stringify(box));
  await newGame(page, { size: 9, engine: 'none' });
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  await page.locator('.cell[data-point="E5"]').scrollIntoViewIfNeeded();
  const c = await page.locator('.cell[data-point="E5"]').boundingBox();
  const x = c.x + c.width / 2, y = c.y + c.height / 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForFunction(() => window.morphos.state.history.length === 1, null, { timeout: 5000 }).catch(() => {});
  check('phone: a tap plays', (await state(page)).history.join() === 'E5');
  await page.close();
}

async function testOffline(ctx, page) {
  await ctx.setOffline(true);
  await newGame(page, { size: 5, engine: 'white', movetime: 0.1 });
  await page.click('.cell[data-point="C3"]');
  await idle(page);
  const s = await state(page);
  check('offline: new game and play once loaded', s.history.length === 2, s.history.join(' '));
  await ctx.setOffline(false);
}

const T = { check, errors, shots: SHOTS, latency: [] };
const times = [];
const srv = await serve();
const b = await browser();
try {
  const { page, loadMs } = await openBoard(b.ctx, srv.url, errors);
  const workerMs = await page.evaluate(() => window.morphos.workerMs);
  check('load: the engine runs in a worker', workerMs > 0, `${loadMs} ms to a playable board, engine ready after ${Math.round(workerMs)} ms`);
  console.log(`load time: ${loadMs} ms to a playable board (engine ${Math.round(workerMs)} ms)`);
  await idle(page);
  let game;
  const sections = [
    ['offline', () => testOffline(b.ctx, page)],
    ['morphos game', async () => { game = await testMorphosGame(page); }],
    ['records', () => testRecords(page, game)],
    ['rule tokens', () => testRuleTokens(page)],
    ['compound', () => testCompound(page)],
    ['pass', () => testPass(page)],
    ['morpharaoh 48', () => testMorpharaoh48(page)],
    ['weak stones', () => testWeakShot(page)],
    ['analysis', () => testAnalysisShot(page)],
    ['solve, keyboard, layout', () => testSolveKeyboardLayout(page)],
    ['phone', () => testPhone(b.ctx, srv.url)],
    ...playerSections(b.ctx, srv.url, page, T),
  ];
  const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;   /* ONLY=regex: some sections (debugging) */
  for (const [name, fn] of sections) {
    if (only && !only.test(name)) continue;
    const t = Date.now();
    try { await fn(); } finally { times.push(`${name} ${((Date.now() - t) / 1000).toFixed(1)} s`); }
  }
} catch (e) {
  check('no exception', false, e.stack || String(e));
} finally {
  console.log('time: ' + times.join(', '));
  for (const l of T.latency) console.log('latency: ' + l);
  await b.close();
  srv.close();
}
check('no console errors', errors.length === 0, errors.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
