/* app.js - the web board: a GTP controller for the engine in worker.js.
 *
 * Every fact about the game comes from the engine: the board's geometry
 * (board_geometry), stones, weak stones, legal moves, the side to move,
 * the result and the winning chain, the move history, the record
 * (printsgf), AbstractPlay's notation (ap_printgame). The page keeps only
 * what a controller keeps: the moves ahead of the position shown (redo,
 * review), the points of a compound move being chosen, the analysis it
 * was shown, the win rates it has seen, a resignation, and the game saved
 * in localStorage. */
import { Gtp } from './gtp.js';
import { Board, parseGeometry } from './board.js';
import { HELP, formHelp } from './help.js';

const $ = (id) => document.getElementById(id);
const gtp = new Gtp('worker.js');
const ANALYZE_CS = 5;      /* analysis slice and report interval, centiseconds: a click waits at most one */
const MISTAKE = 0.2;       /* a drop of the mover's win rate that marks a move as a mistake */
const STORE = 'morphos.game';

const S = {
  geom: null,
  stones: { black: new Set(), white: new Set() },
  weak: { black: new Set(), white: new Set() },
  toMove: 'black', winner: 'none', chain: new Set(),
  legal: [],            /* [{text, points}] */
  history: [],          /* [{color, move}] from the engine */
  redo: [],             /* groups of moves ahead of the position shown */
  line: [],             /* history and the moves ahead: the whole game */
  boards: [],           /* stones before each move of line (ply -> {black, white}) */
  wr: [],               /* Black's win rate seen at each ply of line */
  sel: [],              /* points of the move being chosen */
  candidates: [], pv: [],
  thinking: '',         /* what the engine is doing for us ('' = waiting for us) */
  hold: 0,              /* operations that keep the engine from starting on its own */
  reading: 0,           /* files being read (Load SGF) */
  analysing: false, paused: false,
  hintPly: -1,          /* the ply whose evaluation was asked for */
  resigned: '',         /* the colour that resigned */
  bannerClosed: false,
  swapText: '', swapKey: '',
  ap: null,             /* AbstractPlay notation of history, when shown */
  rules: '', sgf: '', stats: '',
  wrSink: null,         /* where a search's win rate goes during a review */
};
const board = new Board($('board'), (name) => click(name));

const points = (text) => (text.trim() ? text.trim().split(/\s+/) : []);
const movePoints = (m) => (m === 'pass' || m === 'swap' ? [] : m.split(','));
const other = (c) => (c === 'black' ? 'white' : 'black');
const cap = (s) => s[0].toUpperCase() + s.slice(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/* ---- engine state ---- */

function future() { return [].concat(...[...S.redo].reverse()); }

/* The page's queries about the game, sent at once (answers in order). */
function queries() {
  const cmds = ['stones b', 'stones w', 'weak_stones b', 'weak_stones w', 'side_to_move', 'winner',
    'winning_chain', 'legal_moves', 'move_history', 'rules', 'printsgf'];
  if ($('apnotation').checked && S.geom.kind === 'square') cmds.push('ap_printgame');
  return Promise.all(cmds.map((c) => gtp.send(c)));
}

/* asked: queries() already sent after the change (play sends them with
 * the move). */
async function refresh(newGeometry, asked) {
  if (newGeometry) {
    S.geom = parseGeometry(await gtp.ask('board_geometry'));
    board.cursor = null;
    board.setGeometry(S.geom);
  }
  const r = await (asked || queries());
  /* Only legal_moves can fail (a list past the engine's answer limit). */
  if (!r[7].ok) showError('legal_moves: ' + r[7].text);
  const a = r.map((x) => (x.ok ? x.text : ''));
  S.stones = { black: new Set(points(a[0])), white: new Set(points(a[1])) };
  S.weak = { black: new Set(points(a[2])), white: new Set(points(a[3])) };
  S.toMove = a[4];
  S.winner = a[5];
  S.chain = new Set(points(a[6]));
  S.legal = points(a[7]).map((t) => ({ text: t, points: movePoints(t) }));
  S.history = a[8].trim() ? a[8].trim().split('\n').map((l) => { const [color, move] = l.split(' '); return { color, move }; }) : [];
  S.rules = a[9];
  S.sgf = a[10];
  S.ap = r[11] ? (r[11].ok ? points(a[11]) : null) : null;
  if (r[11] && !r[11].ok) showError('AbstractPlay notation: ' + r[11].text);
  const line = S.history.map((h) => h.move).concat(future().map((h) => h.move));
  let k = 0;
  while (k < line.length && k < S.line.length && line[k] === S.line[k]) k++;
  if (k < S.line.length || line.length < S.line.length) { S.wr.length = Math.min(S.wr.length, k + 1); S.boards.length = Math.min(S.boards.length, k + 1); }
  S.line = line;
  S.boards[S.history.length] = { black: new Set(S.stones.black), white: new Set(S.stones.white) };
  S.sel = [];
  S.candidates = [];
  S.pv = [];
  await swapHelp();
  render();
  save();
  next();
}

/* The swap explained with the stone it makes: played, looked at, taken back. */
async function swapHelp() {
  const key = S.sgf;
  if (!S.legal.some((m) => m.text === 'swap')) { S.swapText = ''; return; }
  if (S.swapKey === key) return;
  const b = [...S.stones.black];
  const r = await gtp.send('play white swap');
  if (!r.ok) return;
  const w = points(await gtp.ask('stones w'));
  await gtp.ask('undo');
  S.swapKey = key;
  const from = b.length === 1 ? b[0] : b.join(' '), to = w.join(' ');
  const how = S.geom.kind === 'square' ? 'mirrored in the diagonal from A1 (column and row exchange)' : 'turned a quarter round the board';
  S.swapText = `Swap: White takes Black's opening instead of answering it. So that Black still moves next, the position is ${how} and the colours exchange: Black's ${from} becomes White's ${to}. Then Black moves.`;
}

function over() { return !!S.resigned || S.winner !== 'none'; }

/* What happens after every change: the engine's move, or analysis. */
function next() {
  if (over() || S.thinking || S.hold) return;
  if (engineSides().has(S.toMove) && !S.paused) engineMove();
  else if (wantAnalysis()) startAnalysis();
}

function engineSides() {
  const v = $('engineside').value;
  return new Set(v === 'both' ? ['black', 'white'] : v === 'none' ? [] : [v]);
}

function humanSide() {
  const e = engineSides();
  return e.size === 1 ? other([...e][0]) : '';
}

function humanTurn() {
  return !S.thinking && !over() && (S.paused || !engineSides().has(S.toMove));
}

/* The evaluation stays hidden while a player plays the engine, until asked. */
function evalShown() {
  return !humanSide() || over() || S.paused || $('analyze').checked || S.hintPly === S.history.length;
}

function wantAnalysis() { return $('analyze').checked || S.hintPly === S.history.length; }

async function engineMove() {
  if (S.thinking || over()) return;
  stopAnalysis();
  S.thinking = 'thinking';
  S.sel = [];
  render();
  const r = await gtp.send('genmove ' + S.toMove);
  if (r.stopped) return;    /* stopped (nothing played): whoever stopped it carries on */
  S.thinking = '';
  if (!r.ok) { render(); return showError('genmove: ' + r.text); }
  if (r.text === 'resign') { S.resigned = S.toMove; }
  dropRedo(r.text);
  await refresh();
}

/* A move played: the moves ahead stay when it is the next of them. */
function dropRedo(move) {
  const f = future();
  if (f.length && f[0].move === move) {
    const rest = f.slice(1);
    S.redo = rest.reverse().map((m) => [m]);
  } else S.redo = [];
}

async function play(text) {
  if (!humanTurn()) return;
  /* The queries go out with the move, not after its answer: one trip to
   * the worker fewer per click. A refused move leaves the game as it was,
   * and their answers are dropped. */
  const sent = gtp.send(`play ${S.toMove} ${text}`), asked = queries();
  const r = await sent;
  if (!r.ok) { S.sel = []; render(); return showError(r.text); }
  showError('');
  dropRedo(text);
  if (!S.redo.length && engineSides().size === 1) S.paused = false;
  await refresh(false, asked);
}

/* Whatever the engine is searching for the page ends now, the game as it
 * was (Undo, Solve, New game, ... never wait for it: gtp.js stop()). The
 * caller holds S.hold while it works. */
async function halt() {
  if (S.analysing) stopAnalysis();
  if (S.reviewing) {          /* the review walks back to the position shown first */
    S.cancel = true;
    gtp.stop();
    await S.reviewing;
  }
  if (S.thinking) {
    S.thinking = '';
    S.cancel = true;
    await gtp.stop();
  }
}

/* ---- clicks: a move is built point by point from the legal moves ---- */

function targets() {
  const t = new Set();
  if (!humanTurn()) return t;
  for (const m of S.legal)
    if (S.sel.every((p) => m.points.includes(p))) for (const p of m.points) if (!S.sel.includes(p)) t.add(p);
  return t;
}

/* The legal move made of exactly the chosen points, if any. */
function chosenMove() {
  return S.legal.find((m) => m.points.length === S.sel.length && S.sel.every((p) => m.points.includes(p)));
}

function click(name) {
  if (!humanTurn()) return;
  if (S.sel.includes(name)) {
    S.sel = S.sel.filter((p) => p !== name);
    return render();
  }
  let sel = [...S.sel, name];
  let fits = S.legal.filter((m) => sel.every((p) => m.points.includes(p)));
  if (!fits.length && S.sel.length) { /* start over from this point */
    sel = [name];
    fits = S.legal.filter((m) => m.points.includes(name));
  }
  if (!fits.length) return showError(`${name}: not a legal point now`);
  showError('');
  S.sel = sel;
  render();   /* the point is marked at once, before the engine answers */
  /* A single point that completes no longer move is played at once; a
   * compound move waits for Confirm. */
  if (sel.length === 1 && fits.length === 1 && fits[0].points.length === 1) play(fits[0].text);
}

function confirmMove() {
  const m = chosenMove();
  if (m) play(m.text);
}

/* ---- undo / redo / review: walking the game ---- */

async function undo() {
  S.hold++;
  try {
    await halt();
    const hist = (await gtp.ask('move_history')).trim();
    const h = hist ? hist.split('\n').map((l) => { const [color, move] = l.split(' '); return { color, move }; }) : [];
    if (!h.length) return await refresh();
    /* Take back to a turn of the player at the board. */
    const engine = engineSides();
    const group = [];
    let k = h.length;
    do {
      group.unshift(h[--k]);
    } while (k > 0 && engine.has(h[k].color) && engine.size === 1 && !S.paused);
    for (let i = 0; i < group.length; i++) {
      const r = await gtp.send('undo');
      if (!r.ok) return showError('undo: ' + r.text);
    }
    if (engine.size === 2) S.paused = true;
    S.resigned = '';
    S.redo.push(group);
    await refresh();
  } finally { S.hold--; }
  next();
}

async function redo() {
  if (S.thinking || !S.redo.length) return;
  S.hold++;
  try {
    stopAnalysis();
    const group = S.redo.pop();
    for (const m of group) {
      const r = await gtp.send(`play ${m.color} ${m.move}`);
      if (!r.ok) { S.redo = []; showError('redo: ' + r.text); break; }
    }
    if (!S.redo.length) S.paused = false;
    await refresh();
  } finally { S.hold--; }
  next();
}

/* Go to the position after `ply` moves of the whole game (the move list,
 * the graph, Home/End); the engine waits there until Engine move or the
 * game's end is reached again. */
async function goTo(ply) {
  S.hold++;
  try {
    await halt();
    const line = S.history.concat(future());
    ply = Math.max(0, Math.min(ply, line.length));
    for (let k = S.history.length; k > ply; k--) {
      const r = await gtp.send('undo');
      if (!r.ok) { showError('undo: ' + r.text); break; }
    }
    const start = Math.min(S.history.length, ply);
    for (let k = start; k < ply; k++) {
      const r = await gtp.send(`play ${line[k].color} ${line[k].move}`);
      if (!r.ok) { showError(`move ${k + 1}: ${r.text}`); ply = k; break; }
    }
    S.redo = line.slice(ply).reverse().map((m) => [m]);
    S.paused = S.redo.length > 0;
    S.resigned = '';
    await refresh();
  } finally { S.hold--; }
  next();
}

/* Every position of the game, from the first to the last, then back to
 * the one shown: each(ply, color) runs at each. */
async function walk(each) {
  const line = S.history.concat(future());
  const at = S.history.length;
  for (let k = 0; k < at; k++) await gtp.ask('undo');
  for (let k = 0; k <= line.length; k++) {
    if (k) await gtp.ask(`play ${line[k - 1].color} ${line[k - 1].move}`);
    const stones = await Promise.all([gtp.ask('stones b'), gtp.ask('stones w')]);
    S.boards[k] = { black: new Set(points(stones[0])), white: new Set(points(stones[1])) };
    if (each && k < line.length && !S.cancel) await each(k, line[k].color);
  }
  for (let k = line.length; k > at; k--) await gtp.ask('undo');
}

/* The stones before each move of a game that arrived whole (a record, a
 * link, an import): the flips in the move list. */
async function annotate() {
  S.hold++;
  try { await walk(null); await refresh(); } finally { S.hold--; }
  next();
}

/* Review: a search of every position (the engine's win rate for the
 * side to move), the graph over the whole game, mistakes marked. */
function review() {
  if (!S.reviewing) S.reviewing = reviewGame().finally(() => { S.reviewing = null; });
  return S.reviewing;
}

async function reviewGame() {
  S.hold++;
  try {
    await halt();
    S.thinking = 'reviewing';
    S.cancel = false;
    render();
    const n = S.history.length + future().length;
    await gtp.ask('set_param playouts ' + window.morphos.reviewPlayouts);
    await gtp.ask('set_param movetime ' + Math.max(1, moveTime()));
    try {
      await walk(async (k, color) => {
        let w;
        S.wrSink = (x) => { w = x; };
        const r = await gtp.send('reg_genmove ' + color);
        S.wrSink = null;
        if (r.ok && w !== undefined) S.wr[k] = color === 'black' ? w : 1 - w;
        S.stats = `review: move ${k + 1} of ${n}`;
        drawGraph();
        $('info').textContent = S.stats;
      });
      S.stats = `review: ${mistakes().size} mistake(s) marked (a drop of ${MISTAKE * 100}% or more)`;
      await applyLevel();
      if (S.cancel) S.stats = 'review: stopped';
    } catch (e) {
      if (!S.cancel) throw e;
      S.stats = 'review: stopped';
    }
    S.thinking = '';
    S.paused = true;
    await refresh();
  } finally { S.hold--; S.thinking = ''; S.wrSink = null; }
}

/* Plies whose move lost the mover MISTAKE or more of its win rate. */
function mistakes() {
  const out = new Set();
  const line = S.history.concat(future());
  for (let k = 0; k < line.length; k++) {
    const a = S.wr[k], b = S.wr[k + 1];
    if (a === undefined || b === undefined || line[k].move === 'swap') continue;
    const drop = line[k].color === 'black' ? a - b : b - a;
    if (drop >= MISTAKE) out.add(k);
  }
  return out;
}

/* The points of move k that were flips: enemy stones before it. */
function flipsOf(k, m) {
  const before = S.boards[k];
  if (!before) return [];
  return movePoints(m.move).filter((p) => before[other(m.color)].has(p));
}

/* ---- analysis ---- */

function startAnalysis() {
  if (S.analysing || over()) return;
  S.analysing = true;
  const ply = S.history.length, color = S.toMove;
  gtp.send(`analyze ${color} ${ANALYZE_CS}`, (line) => onInfo(line, ply, color)).then((r) => {
    S.analysing = false;
    if (!r.ok && !r.stopped) showError('analyze: ' + r.text);
  });
}

/* Any command ends a running analyze; this one asks nothing. */
function stopAnalysis() {
  if (S.analysing) gtp.send('side_to_move');
  S.candidates = [];
  S.pv = [];
  render();
}

function onInfo(line, ply, color) {
  if (ply !== S.history.length || !line.startsWith('info ')) return;
  const c = [];
  for (const part of line.split(/\binfo move /).slice(1)) {
    const m = /^(\S+) visits (\d+) winrate (\d+) order (\d+) pv (.*)$/.exec(part.trim());
    if (!m) continue;
    c.push({ move: m[1], points: movePoints(m[1]), visits: +m[2], winrate: +m[3], order: +m[4], pv: m[5].split(' ') });
  }
  if (!c.length) return;
  S.candidates = c.slice(0, 8);
  const best = c.find((x) => x.order === 0) || c[0];
  S.wr[ply] = color === 'black' ? best.winrate / 10000 : 1 - best.winrate / 10000;
  let who = color;
  S.pv = best.pv.map((mv) => {
    const e = { points: movePoints(mv), color: who };
    who = mv === 'swap' ? 'black' : other(who);   /* after a swap Black moves */
    return e;
  });
  S.stats = `analysis: ${best.move} ${(best.winrate / 100).toFixed(1)}% for ${color}, ${best.visits} visits`;
  render();
}

/* The engine's search statistics (verbose): win rate and speed. */
gtp.onStderr = (line) => {
  const m = /^(\w+): (\S+) winrate ([\d.]+) \| (\d+) playouts in ([\d.]+)s \((\d+)\/s\)/.exec(line);
  if (!m) return;
  if (S.wrSink) return S.wrSink(+m[3]);
  const ply = S.history.length;
  S.wr[ply] = S.toMove === 'black' ? +m[3] : 1 - +m[3];
  S.stats = `engine: ${m[2]}, ${(+m[3] * 100).toFixed(1)}% for ${S.toMove}, ${m[4]} playouts in ${m[5]} s (${(+m[6]).toLocaleString('en')}/s)`;
  S.speed = +m[6];
};
gtp.onFatal = (msg) => showError('engine: ' + msg);

async function solve() {
  if (over()) return;
  S.hold++;
  try {
    await halt();
    S.paused = engineSides().size > 0;
    S.thinking = 'solving';
    render();
    const r = await gtp.send('solve 10');
    if (r.stopped) { S.stats = 'solve: stopped'; return; }
    S.thinking = '';
    S.stats = r.ok ? (r.text === 'unknown' ? 'solve: not proven within 10 s' : `solve: ${r.text.replace(' ', ' wins with ')}`) : 'solve: ' + r.text;
    render();
  } finally { S.hold--; }
  next();
}

/* Stop: the engine moves now, or stops analysing, solving or reviewing. */
async function stop() {
  if (S.thinking === 'thinking') return gtp.moveNow();   /* genmove answers its best move so far */
  if (S.reviewing) { S.cancel = true; return gtp.stop(); }   /* the review walks back itself */
  if (S.thinking) {
    S.hold++;
    try { await halt(); await refresh(); } finally { S.hold--; }
    return;
  }
  if ($('analyze').checked) { $('analyze').checked = false; }
  S.hintPly = -1;
  stopAnalysis();
}

function resign() {
  const me = humanSide() || S.toMove;
  if (over()) return;
  S.hold++;
  halt().then(async () => {
    S.resigned = me;
    S.resignWhy = '';
    S.bannerClosed = false;
    await refresh();
  }).finally(() => { S.hold--; });
}

function hint() {
  S.hintPly = S.history.length;
  if (!S.thinking && !over()) startAnalysis();
  render();
}

/* ---- drawing ---- */

function render() {
  if (!S.geom) return;
  const t = targets();
  const last = S.history.length ? S.history[S.history.length - 1] : null;
  const lastPts = last ? movePoints(last.move) : [];
  const analysis = wantAnalysis() && humanTurn();
  const cairo = S.geom.kind === 'cairo';
  board.showNumbers = !cairo || $('cellnos').checked;
  board.render({
    stones: S.stones,
    weak: $('showweak').checked ? S.weak : null,
    last: lastPts,
    chain: S.chain,
    sel: S.sel,
    targets: t,
    toMove: S.toMove,
    candidates: analysis ? S.candidates : [],
    pv: analysis && $('showpv').checked ? S.pv : [],
  });
  document.body.dataset.game = cairo ? 'morpharaoh' : 'morphos';
  $('title').textContent = cairo ? 'Morpharaoh' : 'Morphos';
  document.title = (cairo ? 'Morpharaoh' : 'Morphos') + ' board';
  const human = humanSide();
  const who = (c) => (human ? (c === human ? ' (you)' : ' (engine)') : engineSides().has(c) ? ' (engine)' : '');
  let st;
  if (over()) st = resultText().title;
  else if (S.thinking === 'thinking') st = `${cap(S.toMove)} to move: engine thinking…`;
  else if (S.thinking) st = `engine ${S.thinking}…`;
  else st = `${cap(S.toMove)} to move${who(S.toMove)}` + (S.paused && engineSides().size ? ', engine waits' : '');
  $('status').textContent = st;
  $('status').dataset.state = over() ? 'over' : S.thinking ? 'thinking' : 'ready';
  $('turnstone').className = 'stone-icon ' + (over() ? 'none' : S.toMove);
  $('you').textContent = human ? `you: ${human}` : engineSides().size === 2 ? 'engine vs engine' : 'two players';
  $('you').dataset.color = human;
  const ev = evalShown();
  $('info').textContent = (ev ? S.stats : S.stats.startsWith('engine:') || S.stats.startsWith('analysis:') ? 'evaluation hidden while you play: Hint shows it' : S.stats) || '\u00a0';
  const free = humanTurn();
  const busy = S.thinking && S.thinking !== 'thinking';
  $('undo').disabled = !!busy || (!S.history.length && !S.thinking);
  $('redo').disabled = !!S.thinking || !S.redo.length;
  const m = chosenMove();
  $('confirm').disabled = !free || !m;
  $('confirm').textContent = m ? 'Confirm ' + m.text : 'Confirm';
  $('clearsel').disabled = !S.sel.length;
  $('swap').disabled = !free || !S.legal.some((x) => x.text === 'swap');
  $('swaphelp').hidden = !S.swapText || !free;
  $('swaphelp').textContent = S.swapText;
  $('pass').disabled = !free || !(S.legal.length === 1 && S.legal[0].text === 'pass');
  $('enginemove').disabled = !!S.thinking || over();
  $('stop').disabled = !S.thinking && !S.analysing && !$('analyze').checked && S.hintPly !== S.history.length;
  $('stop').textContent = S.thinking === 'thinking' ? 'Move now' : 'Stop';
  $('hint').disabled = over() || !!S.thinking;
  $('resign').disabled = over() || !human;
  $('solve').disabled = over() || busy;
  $('review').disabled = !!busy || !S.line.length;
  $('apnotation').disabled = cairo;
  $('rulestext').textContent = S.rules;
  banner();
  drawMoves();
  drawGraph();
}

/* The result: who won and why. */
function resultText() {
  const human = humanSide();
  const you = (c) => (human ? (c === human ? ' (you)' : ' (the engine)') : '');
  if (S.resigned) {
    const w = other(S.resigned);
    return { title: `${cap(w)} wins${you(w)}`, why: `${cap(S.resigned)} ${S.resignWhy || 'resigned'}.` };
  }
  if (S.winner === 'draw') return { title: 'Draw', why: 'Both players passed in a row.' };
  const w = S.winner;
  const sides = w === 'black' ? 'top and bottom' : 'left and right';
  const why = S.chain.size ? `A ${w} chain joins ${sides} (marked on the board).`
    : `Tie-break: the board is full and no stone is weak; ${w === 'black' ? 'two vertically adjacent points hold stones of one colour' : 'no two vertically adjacent points hold stones of one colour'}.`;
  return { title: `${cap(w)} wins${you(w)}`, why };
}

function banner() {
  const show = over() && !S.bannerClosed;
  $('banner').hidden = !show;
  if (!show) return;
  const r = resultText();
  $('bannertext').textContent = r.title;
  $('bannerwhy').textContent = r.why;
  $('banner').dataset.winner = S.resigned ? other(S.resigned) : S.winner;
}

function drawMoves() {
  const ol = $('moves');
  const line = S.history.concat(future());
  const bad = mistakes();
  while (ol.children.length > line.length) ol.removeChild(ol.lastChild);
  for (let i = 0; i < line.length; i++) {
    const h = line[i];
    let li = ol.children[i];
    if (!li) {
      li = document.createElement('li');
      li.tabIndex = 0;
      li.addEventListener('click', () => goTo(+li.dataset.ply));
      li.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); goTo(+li.dataset.ply); } });
      ol.appendChild(li);
    }
    const flips = flipsOf(i, h);
    const text = (S.ap && i < S.ap.length ? S.ap[i] : h.move) + (flips.length ? ' ×' : '') + (bad.has(i) ? ' ?' : '');
    if (li.textContent !== text) li.textContent = text;
    li.dataset.ply = i + 1;
    li.dataset.color = h.color;
    li.dataset.flip = flips.length ? flips.join(',') : '';
    li.title = `${i + 1}. ${h.color} ${h.move}` + (flips.length ? ` (flips ${flips.join(', ')})` : '') + (bad.has(i) ? ' - a mistake: the win rate dropped' : '');
    li.classList.toggle('ahead', i >= S.history.length);
    li.classList.toggle('current', i === S.history.length - 1);
    li.classList.toggle('flip', flips.length > 0);
    li.classList.toggle('mistake', bad.has(i));
  }
  const cur = ol.children[S.history.length - 1];
  if (cur) {
    const top = cur.offsetTop - ol.offsetTop, h = cur.offsetHeight;
    if (top < ol.scrollTop || top + h > ol.scrollTop + ol.clientHeight) ol.scrollTop = top + h - ol.clientHeight + 4;
  } else ol.scrollTop = 0;
}

function drawGraph() {
  const svg = $('graph');
  const n = Math.max(S.line.length, S.history.length, 1);
  const shown = evalShown();
  const bad = mistakes();
  const x = (i) => (i / n * 296 + 2).toFixed(1), y = (v) => ((1 - v) * 56 + 2).toFixed(1);
  const pts = [];
  if (shown) S.wr.forEach((v, i) => { if (v !== undefined) pts.push([i, v]); });
  svg.innerHTML = '<line x1="0" y1="30" x2="300" y2="30" class="mid"/>' +
    `<line x1="${x(S.history.length)}" y1="0" x2="${x(S.history.length)}" y2="60" class="now"/>` +
    (pts.length ? `<polyline points="${pts.map(([i, v]) => x(i) + ',' + y(v)).join(' ')}" class="wr"/>` : '') +
    pts.map(([i, v]) => `<circle cx="${x(i)}" cy="${y(v)}" r="2.5" class="wr-dot${bad.has(i - 1) ? ' mistake' : ''}" data-ply="${i}"/>`).join('');
}

function showError(text) {
  $('error').textContent = text;
}

/* ---- new game, levels, records ---- */

function readForm() {
  const v = (id) => $(id).value;
  return {
    game: v('game'), size: v('size'), cells: v('cells'),
    mut: [...document.querySelectorAll('input[name=mut]:checked')].map((x) => x.value),
    edges: v('r-edges'), c: v('r-c'), d: v('r-d'), e: v('r-e'), p3: v('r-p3'), tiebreak: v('r-tiebreak'),
    preset: v('r-preset'), edge: v('r-edge'), center: v('r-center'), pie: v('r-pie'),
    engineside: v('engineside'), level: v('level'), movetime: v('movetime'),
  };
}

function writeForm(f) {
  const set = (id, val) => { if (val !== undefined && [...$(id).options].some((o) => o.value === String(val))) $(id).value = String(val); };
  set('game', f.game); set('size', f.size); set('cells', f.cells);
  for (const x of document.querySelectorAll('input[name=mut]')) x.checked = (f.mut || []).includes(x.value);
  for (const [id, k] of [['r-edges', 'edges'], ['r-c', 'c'], ['r-d', 'd'], ['r-e', 'e'], ['r-p3', 'p3'], ['r-tiebreak', 'tiebreak'],
    ['r-preset', 'preset'], ['r-edge', 'edge'], ['r-center', 'center'], ['r-pie', 'pie'], ['engineside', 'engineside'], ['level', 'level']]) set(id, f[k]);
  if (f.movetime) $('movetime').value = f.movetime;
  syncForm();
}

/* The form set to the engine's canonical rules text (a link, a record). */
function formFromRules(rules, size) {
  const f = readForm();
  const tok = rules.split(',');
  const val = (k, d) => { const t = tok.find((x) => x.startsWith(k + '=')); return t ? t.slice(k.length + 1) : d; };
  f.preset = '';
  if (tok[0] === 'morpharaoh') {
    Object.assign(f, { game: 'morpharaoh', cells: val('board', '48'), edge: val('edge', 'pair') === 'pair' ? '' : 'majority',
      center: val('center', 'embrace') === 'embrace' ? '' : 'majority', pie: val('pie', '') });
  } else {
    const mut = tok.filter((x) => /^[a-e]$/.test(x));
    Object.assign(f, { game: 'morphos', size: String(size || f.size), mut, edges: val('edges', ''), p3: val('p3', 'off') === 'on' ? 'on' : '',
      tiebreak: val('tiebreak', ''), pie: val('pie', ''), c: val('c', 'exact') === 'exact' ? '' : val('c'),
      d: val('d', 'return') === 'return' ? '' : val('d'), e: val('e', 'a1black') === 'a1black' ? '' : val('e') });
  }
  writeForm(f);
}

function rulesTokens() {
  const pie = $('r-pie').value ? ' pie=' + $('r-pie').value : '';
  if ($('game').value === 'morpharaoh') {
    let t = 'morpharaoh board=' + $('cells').value;
    if ($('r-edge').value) t += ' edge=' + $('r-edge').value;
    if ($('r-center').value) t += ' center=' + $('r-center').value;
    return t + pie;
  }
  const muts = [...document.querySelectorAll('input[name=mut]:checked')].map((x) => x.value);
  let t = muts.length ? muts.join(' ') : 'none';
  if ($('r-preset').value) t += ' abstractplay=' + $('r-preset').value;
  if ($('r-edges').value) t += ' edges=' + $('r-edges').value;
  if ($('r-p3').value) t += ' p3=' + $('r-p3').value;
  if ($('r-tiebreak').value) t += ' tiebreak=' + $('r-tiebreak').value;
  for (const k of ['c', 'd', 'e']) if (muts.includes(k) && $('r-' + k).value) t += ` ${k}=` + $('r-' + k).value;
  return t + pie;
}

const levelPlayouts = () => +$('level').value || 0;
const moveTime = () => Math.min(600, Math.max(0.1, +$('movetime').value || 1));

function applyLevel() {
  return Promise.all([gtp.send('set_param playouts ' + levelPlayouts()), gtp.send('set_param movetime ' + moveTime())]);
}

function resetGame() {
  S.redo = []; S.wr = []; S.boards = []; S.line = []; S.paused = false; S.stats = ''; S.resigned = ''; S.resignWhy = '';
  S.hintPly = -1; S.bannerClosed = false; S.sel = [];
}

/* Set up the game of the form (plus `then`, commands run before the first
 * refresh, e.g. a move list); the engine's move in progress is stopped. */
async function newGame(then) {
  S.hold++;
  try {
    await halt();
    const cmds = ['rules ' + rulesTokens()];
    if ($('game').value === 'morphos') cmds.push('boardsize ' + $('size').value);
    for (const c of cmds) {
      const r = await gtp.send(c);
      if (!r.ok) return showError(c + ': ' + r.text);
    }
    await applyLevel();
    showError('');
    resetGame();
    if (then) await then();
    await refresh(true);
  } finally { S.hold--; }
  next();
}

function syncForm() {
  const morph = $('game').value === 'morphos';
  for (const e of document.querySelectorAll('.morphos')) e.hidden = !morph;
  for (const e of document.querySelectorAll('.morpharaoh')) e.hidden = morph;
  for (const k of ['c', 'd', 'e']) $('r-' + k).disabled = !document.querySelector(`input[name=mut][value=${k}]`).checked;
  const f = readForm();
  const ul = $('formhelp');
  ul.replaceChildren(...formHelp(f).map((t) => { const p = document.createElement('p'); p.textContent = t; return p; }));
  for (const id of Object.keys(HELP)) {
    const e = $(id);
    if (e && typeof HELP[id] === 'object') e.title = HELP[id][e.value] || '';
    else if (e) e.title = HELP[id];
  }
  for (const x of document.querySelectorAll('input[name=mut]')) x.parentElement.title = HELP.mut[x.value];
}

async function saveSgf() {
  const r = await gtp.send('printsgf');
  if (!r.ok) return showError('printsgf: ' + r.text);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([r.text + '\n'], { type: 'application/x-go-sgf' }));
  a.download = (S.geom.kind === 'cairo' ? 'morpharaoh' : 'morphos') + '.sgf';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/* A whole game arrives (a record, a link, the saved game): loaded, the
 * form set to its rules, annotated. */
async function loadSgfText(text, quiet, after) {
  S.hold++;
  try {
    await halt();
    await gtp.storeFile('/game.sgf', text);
    const r = await gtp.send('loadsgf /game.sgf');
    if (!r.ok) { if (!quiet) showError('loadsgf: ' + r.text); return false; }
    showError('');
    resetGame();
    await refresh(true);
    formFromRules(S.rules, S.geom.kind === 'square' ? S.geom.n : 0);
    if (after) after();
    await walk(null);
    await refresh();
  } finally { S.hold--; }
  next();
  return true;
}

function moveListText() {
  return S.history.map((h, i) => `${i + 1}. ${h.move}`).join('\n');
}

async function copyMoves() {
  const t = moveListText();
  $('movetext').value = t;
  try { await navigator.clipboard.writeText(t); S.stats = 'move list copied'; } catch (e) { $('movetext').select(); S.stats = 'move list in the box (select and copy)'; }
  render();
}

/* Replay moves from the start of the current rules; on an illegal one the
 * game goes back to what it was. */
async function playMoves(moves, label) {
  const saved = await gtp.ask('printsgf');
  await gtp.ask('clear_board');
  for (let i = 0; i < moves.length; i++) {
    const color = await gtp.ask('side_to_move');
    const r = await gtp.send(`play ${color} ${moves[i]}`);
    if (!r.ok) {
      await gtp.storeFile('/saved.sgf', saved);
      await gtp.send('loadsgf /saved.sgf');
      showError(`${label}move ${i + 1} (${moves[i]}): ${r.text}; the game is unchanged`);
      return false;
    }
  }
  return true;
}

async function pasteMoves() {
  const moves = $('movetext').value.split('\n').map((l) => l.replace(/^\s*\d+\.\s*/, ''))
    .join(' ').split(/[\s;]+/).filter((t) => t && !/^(b|w|black|white)$/i.test(t));
  S.hold++;
  try {
    await halt();
    if (await playMoves(moves, '')) {
      showError('');
      resetGame();
      S.paused = true;
      await walk(null);
    }
    await refresh();
  } finally { S.hold--; }
}

/* AbstractPlay: its exported record (JSON) through the engine's record
 * command, or its move list through ap_loadgame on the rules and size of
 * the New game form. */
async function apImport(text) {
  text = text.trim();
  if (!text) return showError('Import AbstractPlay: paste a move list or an exported game into the box');
  S.hold++;
  let about = '', ended = null;
  try {
    await halt();
    if (text.startsWith('{')) {
      const r = await apRecord(text);
      if (!r.ok) return showError('AbstractPlay game file: ' + r.text);
      /* "N" then size, rules, pie, players (final seats: player1 is Black), result */
      const lines = r.text.split('\n').slice(1);
      const seat = (n) => (lines.find((l) => l.startsWith(`player${n} `)) || '').slice(8);
      const result = (lines.find((l) => l.startsWith('result ')) || '').slice(7);
      /* seat 1 moves first; after the pie it is the engine's White (the swap keeps colours, AbstractPlay swaps seats) */
      const c1 = lines.includes('pie yes') ? 'white' : 'black';
      about = `: ${seat(1) || 'player 1'} (${c1}) - ${seat(2) || 'player 2'} (${other(c1)}); ${result}`;
      const end = /player(\d) (resigned|ran out of time)/.exec(result);
      if (end) ended = [end[0], end[1] === '1' ? c1 : other(c1), end[2]];
    } else {
      const cmds = ['rules ' + rulesTokens()];
      if ($('game').value === 'morphos') cmds.push('boardsize ' + $('size').value);
      const saved = await gtp.ask('printsgf');
      for (const c of cmds) {
        const r = await gtp.send(c);
        if (!r.ok) return showError(c + ': ' + r.text);
      }
      const r = await gtp.send('ap_loadgame ' + text.replace(/\s*\n\s*/g, ' '));
      if (!r.ok) {
        await gtp.storeFile('/saved.sgf', saved);
        await gtp.send('loadsgf /saved.sgf');
        await refresh(true);
        return showError('ap_loadgame: ' + r.text + '; the game is unchanged');
      }
    }
    showError('');
    resetGame();
    if (ended) { S.resigned = ended[1]; S.resignWhy = ended[2]; }
    $('engineside').value = 'none';
    S.paused = true;
    $('apnotation').checked = true;
    await refresh(true);
    formFromRules(S.rules, S.geom.n);
    await walk(null);
    await refresh();
    S.stats = `AbstractPlay game imported, ${S.history.length} moves${about}`;
    render();
  } finally { S.hold--; }
}

/* The engine's command for AbstractPlay's exported record, when it has one. */
async function apRecord(json) {
  const known = await gtp.send('known_command ap_loadrecord');
  if (!(known.ok && known.text === 'true')) return { ok: false, text: 'this engine reads AbstractPlay move lists only (paste the list: c3 xd4 pie ...)' };
  await gtp.storeFile('/ap.json', json);
  return gtp.send('ap_loadrecord /ap.json');
}

/* ---- saved game and links ---- */

function save() {
  if (S.hold && S.thinking === 'reviewing') return;
  try {
    localStorage.setItem(STORE, JSON.stringify({ sgf: S.sgf, form: readForm(), resigned: S.resigned, resignWhy: S.resignWhy, paused: S.paused,
      redo: S.redo, wr: S.wr, apnotation: $('apnotation').checked }));
  } catch (e) { /* storage full or off: the game just is not kept */ }
}

function shareLink() {
  const p = new URLSearchParams();
  if (/\bA[BWE]\[/.test(S.sgf)) p.set('sgf', S.sgf);
  else {
    p.set('rules', S.rules);
    if (S.geom.kind === 'square') p.set('size', S.geom.n);
    p.set('moves', S.history.concat(future()).map((h) => h.move).join(' '));
    if (S.redo.length) p.set('at', S.history.length);
  }
  p.set('engine', $('engineside').value);
  return location.origin + location.pathname + '#' + p.toString();
}

async function share() {
  const url = shareLink();
  $('movetext').value = url;
  try { await navigator.clipboard.writeText(url); S.stats = 'link copied: it opens this game'; } catch (e) { S.stats = 'link in the Records box'; $('records').open = true; }
  render();
}

/* Open the game of a link: rules, size and moves (or a record). */
async function openLink(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  history.replaceState(null, '', location.pathname + location.search);
  if (p.get('engine')) $('engineside').value = p.get('engine');
  if (p.get('sgf')) return loadSgfText(p.get('sgf'));
  const rules = p.get('rules') || 'none';
  formFromRules(rules, p.get('size'));
  const moves = (p.get('moves') || '').split(' ').filter(Boolean);
  let ok = true;
  await newGame(async () => { ok = await playMoves(moves, 'link: '); S.paused = true; });
  if (!ok) return;
  await annotate();
  const at = p.get('at');
  if (at !== null && +at < moves.length) await goTo(+at);
}

/* The game kept from the last visit. */
async function restore() {
  let g;
  try { g = JSON.parse(localStorage.getItem(STORE) || 'null'); } catch (e) { g = null; }
  if (!g || !g.sgf) return false;
  if (g.form) writeForm(g.form);
  $('apnotation').checked = !!g.apnotation;
  await applyLevel();
  return loadSgfText(g.sgf, true, () => {
    S.redo = g.redo || [];
    S.wr = g.wr || [];
    S.resigned = g.resigned || '';
    S.resignWhy = g.resignWhy || '';
    S.paused = !!g.paused;
  });
}

/* ---- wiring ---- */

function toggleTheme() {
  const root = document.documentElement;
  const dark = root.dataset.theme ? root.dataset.theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  root.dataset.theme = dark ? 'light' : 'dark';
}

function wire() {
  const size = $('size');
  for (let n = 2; n <= 25; n++) size.add(new Option(`${n}×${n}`, n, false, n === 9));
  $('gameform').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
  $('gameform').addEventListener('change', syncForm);
  $('undo').onclick = undo;
  $('redo').onclick = redo;
  $('confirm').onclick = confirmMove;
  $('clearsel').onclick = () => { S.sel = []; render(); };
  $('swap').onclick = () => play('swap');
  $('pass').onclick = () => play('pass');
  $('enginemove').onclick = () => { S.paused = false; if (!S.thinking) { stopAnalysis(); engineMove(); } };
  $('stop').onclick = stop;
  $('hint').onclick = hint;
  $('resign').onclick = resign;
  $('rematch').onclick = () => {
    const e = $('engineside');
    if (e.value === 'white' || e.value === 'black') e.value = other(e.value);
    syncForm();
    newGame();
  };
  $('bannerclose').onclick = () => { S.bannerClosed = true; render(); };
  $('solve').onclick = solve;
  $('review').onclick = review;
  $('share').onclick = share;
  $('showweak').onchange = render;
  $('showpv').onchange = render;
  $('cellnos').onchange = render;
  $('apnotation').onchange = () => { S.hold++; refresh().finally(() => { S.hold--; }); };
  $('analyze').onchange = () => ($('analyze').checked ? next() : stopAnalysis());
  $('engineside').onchange = () => { S.paused = false; render(); next(); };
  $('level').onchange = applyLevel;
  $('movetime').onchange = applyLevel;
  $('theme').onclick = toggleTheme;
  $('savesgf').onclick = saveSgf;
  $('loadsgf').onchange = async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    S.reading++;        /* reading the file: not idle yet */
    try { await loadSgfText(await f.text()); } finally { S.reading--; e.target.value = ''; }
  };
  $('copymoves').onclick = copyMoves;
  $('pastemoves').onclick = pasteMoves;
  $('apimport').onclick = () => apImport($('movetext').value);
  $('loadap').onchange = async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    S.reading++;
    try { await apImport(await f.text()); } finally { S.reading--; e.target.value = ''; }
  };
  $('graph').addEventListener('click', (e) => {
    const r = $('graph').getBoundingClientRect();
    const n = Math.max(S.line.length, 1);
    goTo(Math.round(((e.clientX - r.left) / r.width * 300 - 2) / 296 * n));
  });
  const svg = $('board');
  svg.addEventListener('keydown', (e) => {
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    if (d) { board.moveCursor(d[0], d[1]); render(); e.preventDefault(); e.stopPropagation(); }
    else if ((e.key === 'Enter' || e.key === ' ') && board.cursor) {
      e.preventDefault(); e.stopPropagation();
      if (chosenMove() && S.sel.includes(board.cursor) && e.key === 'Enter') confirmMove(); else click(board.cursor);
    }
  });
  svg.addEventListener('blur', () => { board.cursor = null; render(); });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select, textarea') || e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (k === 'u' || k === 'ArrowLeft') undo();
    else if (k === 'r' || k === 'ArrowRight') redo();
    else if (k === 'Home') goTo(0);
    else if (k === 'End') goTo(S.line.length);
    else if (k === 'Enter' && e.target === document.body) confirmMove();
    else if (k === 'Escape') { S.sel = []; render(); }
    else if (k === 'a') { $('analyze').checked = !$('analyze').checked; $('analyze').onchange(); }
    else if (k === 'w') { $('showweak').checked = !$('showweak').checked; render(); }
    else if (k === 'v') { $('showpv').checked = !$('showpv').checked; render(); }
    else if (k === 'g') $('enginemove').onclick();
    else if (k === 's') stop();
    else if (k === 'h') hint();
    else if (k === 'n') newGame();
    else if (k === 't') toggleTheme();
    else return;
    e.preventDefault();
  });
  syncForm();
}

/* For tests and scripts: the controller and its state. */
window.morphos = {
  gtp: (line) => gtp.send(line),
  controller: gtp,      /* stop(), moveNow(), build, threads: gtp.js */
  state: S,
  reviewPlayouts: 1500,
  shareLink: () => shareLink(),
  render: () => render(),
  /* resolves once nothing is pending: no command, no engine move */
  idle: async () => {
    for (;;) {
      await sleep(20);
      if (!gtp.busy && !S.thinking && !S.hold && !S.reading) return;
    }
  },
};

wire();
window.morphos.ready = gtp.ready.then(async (loadMs) => {
  window.morphos.workerMs = loadMs;
  await gtp.ask('set_param memory 128');
  await gtp.ask('set_param verbose on');
  if (location.hash.length > 1) await openLink(location.hash);
  else if (!(await restore())) await newGame();
  window.morphos.loadMs = performance.now();
  return window.morphos.loadMs;
});
