/* app.js - the web board: a GTP controller for the engine in worker.js.
 *
 * Every fact about the game comes from the engine: the board's geometry
 * (board_geometry), stones, weak stones, legal moves, the side to move,
 * the result and the winning chain, the move history. The page keeps only
 * what a controller keeps: the redo list, the points of a compound move
 * being chosen, the analysis it was shown, the win rates it has seen. */
import { Gtp } from './gtp.js';
import { Board, parseGeometry } from './board.js';

const $ = (id) => document.getElementById(id);
const gtp = new Gtp('worker.js');
const ANALYZE_CS = 40; /* analysis report interval, centiseconds */

const S = {
  geom: null,
  stones: { black: new Set(), white: new Set() },
  weak: { black: new Set(), white: new Set() },
  toMove: 'black', winner: 'none', chain: new Set(),
  legal: [],            /* [{text, points}] */
  history: [],          /* [{color, move}] from the engine */
  redo: [],             /* groups of moves taken back */
  sel: [],              /* points of the move being chosen */
  candidates: [], pv: [],
  thinking: '',         /* what the engine is doing ('' = waiting for us) */
  starting: false,      /* a new game waits for the engine's move to end */
  reading: 0,           /* files being read (Load SGF) */
  analysing: false, paused: false,
  wr: [],               /* Black's win rate seen at each ply */
  rules: '', stats: '',
};
const board = new Board($('board'), (name) => click(name));

/* ---- engine state ---- */

const points = (text) => (text.trim() ? text.trim().split(/\s+/) : []);

async function refresh(newGeometry) {
  if (newGeometry) {
    S.geom = parseGeometry(await gtp.ask('board_geometry'));
    board.cursor = null;
    board.setGeometry(S.geom);
  }
  const r = await Promise.all(['stones b', 'stones w', 'weak_stones b', 'weak_stones w', 'side_to_move', 'winner',
    'winning_chain', 'legal_moves', 'move_history', 'rules'].map((c) => gtp.send(c)));
  /* Only legal_moves can fail (a list past the engine's answer limit). */
  if (!r[7].ok) showError('legal_moves: ' + r[7].text);
  const a = r.map((x) => (x.ok ? x.text : ''));
  S.stones = { black: new Set(points(a[0])), white: new Set(points(a[1])) };
  S.weak = { black: new Set(points(a[2])), white: new Set(points(a[3])) };
  S.toMove = a[4];
  S.winner = a[5];
  S.chain = new Set(points(a[6]));
  S.legal = points(a[7]).map((t) => ({ text: t, points: t === 'pass' || t === 'swap' ? [] : t.split(',') }));
  S.history = a[8].trim() ? a[8].trim().split('\n').map((l) => { const [color, move] = l.split(' '); return { color, move }; }) : [];
  S.rules = a[9];
  S.sel = [];
  S.candidates = [];
  S.pv = [];
  S.wr.length = Math.min(S.wr.length, S.history.length + 1);
  render();
  next();
}

/* What happens after every change: the engine's move, or analysis. */
function next() {
  if (S.winner !== 'none' || S.thinking || S.starting) return;
  if (engineSides().has(S.toMove) && !S.paused) engineMove();
  else if ($('analyze').checked) startAnalysis();
}

function engineSides() {
  const v = $('engineside').value;
  return new Set(v === 'both' ? ['black', 'white'] : v === 'none' ? [] : [v]);
}

function humanTurn() {
  return !S.thinking && S.winner === 'none' && (S.paused || !engineSides().has(S.toMove));
}

async function engineMove() {
  if (S.thinking || S.winner !== 'none') return;
  S.thinking = 'thinking';
  S.sel = [];
  render();
  const r = await gtp.send('genmove ' + S.toMove);
  S.thinking = '';
  if (!r.ok) return showError('genmove: ' + r.text);
  S.redo = [];
  await refresh();
}

async function play(text) {
  if (!humanTurn()) return;
  const r = await gtp.send(`play ${S.toMove} ${text}`);
  if (!r.ok) return showError(r.text);
  showError('');
  S.redo = [];
  await refresh();
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
  /* A single point that completes no longer move is played at once; a
   * compound move waits for Confirm. */
  if (sel.length === 1 && fits.length === 1 && fits[0].points.length === 1) return play(fits[0].text);
  render();
}

function confirmMove() {
  const m = chosenMove();
  if (m) play(m.text);
}

/* ---- undo / redo ---- */

async function undo() {
  if (S.thinking || !S.history.length) return;
  /* Take back to a turn of the player at the board. */
  const engine = engineSides();
  const group = [];
  let k = S.history.length;
  do {
    group.unshift(S.history[--k]);
  } while (k > 0 && engine.has(S.history[k].color) && engine.size === 1 && !S.paused);
  for (let i = 0; i < group.length; i++) {
    const r = await gtp.send('undo');
    if (!r.ok) return showError('undo: ' + r.text);
  }
  if (engine.size === 2) S.paused = true;
  S.redo.push(group);
  await refresh();
}

async function redo() {
  if (S.thinking || !S.redo.length) return;
  const group = S.redo.pop();
  for (const m of group) {
    const r = await gtp.send(`play ${m.color} ${m.move}`);
    if (!r.ok) { S.redo = []; showError('redo: ' + r.text); break; }
  }
  const keep = S.redo;
  await refresh();
  S.redo = keep;
  render();
}

/* ---- analysis ---- */

function startAnalysis() {
  if (S.analysing || S.winner !== 'none') return;
  S.analysing = true;
  const ply = S.history.length, color = S.toMove;
  gtp.send(`analyze ${color} ${ANALYZE_CS}`, (line) => onInfo(line, ply, color)).then((r) => {
    S.analysing = false;
    if (!r.ok) showError('analyze: ' + r.text);
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
    c.push({ move: m[1], points: m[1] === 'pass' || m[1] === 'swap' ? [] : m[1].split(','), visits: +m[2], winrate: +m[3], order: +m[4], pv: m[5].split(' ') });
  }
  if (!c.length) return;
  S.candidates = c.slice(0, 8);
  const best = c.find((x) => x.order === 0) || c[0];
  S.wr[ply] = color === 'black' ? best.winrate / 10000 : 1 - best.winrate / 10000;
  let who = color;
  S.pv = best.pv.map((mv) => {
    const e = { points: mv === 'pass' || mv === 'swap' ? [] : mv.split(','), color: who };
    who = mv === 'swap' ? 'black' : who === 'black' ? 'white' : 'black';
    return e;
  });
  S.stats = `analysis: ${best.move} ${(best.winrate / 100).toFixed(1)}% for ${color}, ${best.visits} visits`;
  render();
}

/* The engine's search statistics (verbose): win rate and speed. */
gtp.onStderr = (line) => {
  const m = /^(\w+): (\S+) winrate ([\d.]+) \| (\d+) playouts in ([\d.]+)s \((\d+)\/s\)/.exec(line);
  if (!m) return;
  const ply = S.history.length;
  S.wr[ply] = S.toMove === 'black' ? +m[3] : 1 - +m[3];
  S.stats = `engine: ${m[2]}, ${(+m[3] * 100).toFixed(1)}% for ${S.toMove}, ${m[4]} playouts in ${m[5]} s (${(+m[6]).toLocaleString('en')}/s)`;
  S.speed = +m[6];
};
gtp.onFatal = (msg) => showError('engine: ' + msg);

async function solve() {
  if (S.thinking || S.winner !== 'none') return;
  S.thinking = 'solving';
  render();
  const r = await gtp.send('solve 10');
  S.thinking = '';
  S.stats = r.ok ? (r.text === 'unknown' ? 'solve: not proven within 10 s' : `solve: ${r.text.replace(' ', ' wins with ')}`) : 'solve: ' + r.text;
  render();
  next();
}

/* ---- drawing ---- */

function render() {
  if (!S.geom) return;
  const t = targets();
  const last = S.history.length ? S.history[S.history.length - 1] : null;
  const lastPts = last && last.move !== 'pass' && last.move !== 'swap' ? last.move.split(',') : [];
  const analysis = $('analyze').checked && humanTurn();
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
  const st = S.winner === 'black' || S.winner === 'white' ? `${S.winner} wins` : S.winner === 'draw' ? 'draw: both passed'
    : S.thinking ? `engine ${S.thinking} (${S.toMove})…` : `${S.toMove} to move` + (S.paused && engineSides().size ? ' (engine paused)' : '');
  $('status').textContent = st;
  $('status').dataset.state = S.winner !== 'none' ? 'over' : S.thinking ? 'thinking' : 'ready';
  $('info').textContent = S.stats || '\u00a0';
  const free = humanTurn();
  $('undo').disabled = !!S.thinking || !S.history.length;
  $('redo').disabled = !!S.thinking || !S.redo.length;
  const m = chosenMove();
  $('confirm').disabled = !free || !m;
  $('confirm').textContent = m ? 'Confirm ' + m.text : 'Confirm';
  $('clearsel').disabled = !S.sel.length;
  $('swap').disabled = !free || !S.legal.some((x) => x.text === 'swap');
  $('pass').disabled = !free || !(S.legal.length === 1 && S.legal[0].text === 'pass');
  $('enginemove').disabled = !!S.thinking || S.winner !== 'none';
  $('solve').disabled = !!S.thinking || S.winner !== 'none';
  $('rulestext').textContent = S.rules;
  drawMoves();
  drawGraph();
}

function drawMoves() {
  const ol = $('moves');
  if (ol.children.length > S.history.length) while (ol.children.length > S.history.length) ol.removeChild(ol.lastChild);
  for (let i = 0; i < S.history.length; i++) {
    const h = S.history[i];
    let li = ol.children[i];
    if (!li) { li = document.createElement('li'); ol.appendChild(li); }
    const text = h.move;
    if (li.textContent !== text || li.dataset.color !== h.color) { li.textContent = text; li.dataset.color = h.color; }
  }
  if (ol.lastChild) ol.scrollTop = ol.scrollHeight;
}

function drawGraph() {
  const svg = $('graph');
  const n = Math.max(S.history.length, 1);
  const pts = [];
  S.wr.forEach((v, i) => { if (v !== undefined) pts.push(`${(i / n * 300).toFixed(1)},${((1 - v) * 60).toFixed(1)}`); });
  svg.innerHTML = '<line x1="0" y1="30" x2="300" y2="30" class="mid"/>' +
    (pts.length ? `<polyline points="${pts.join(' ')}" class="wr"/>` : '') +
    pts.map((p) => `<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="2.5" class="wr-dot"/>`).join('');
}

function showError(text) {
  $('error').textContent = text;
}

/* ---- new game, records ---- */

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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function newGame() {
  if (S.starting) return;
  S.starting = true;      /* no engine move, no analysis until it is set up */
  while (S.thinking) await sleep(20); /* the engine's move in progress ends first */
  const cmds = ['rules ' + rulesTokens()];
  if ($('game').value === 'morphos') cmds.push('boardsize ' + $('size').value);
  cmds.push('set_param movetime ' + (+$('movetime').value || 1));
  for (const c of cmds) {
    const r = await gtp.send(c);
    if (!r.ok) {
      S.starting = false;
      return showError(c + ': ' + r.text);
    }
  }
  showError('');
  S.redo = []; S.wr = []; S.paused = false; S.stats = '';
  await refresh(true);
  S.starting = false;
  next();
}

function syncForm() {
  const morph = $('game').value === 'morphos';
  for (const e of document.querySelectorAll('.morphos')) e.hidden = !morph;
  for (const e of document.querySelectorAll('.morpharaoh')) e.hidden = morph;
  for (const k of ['c', 'd', 'e']) $('r-' + k).disabled = !document.querySelector(`input[name=mut][value=${k}]`).checked;
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

async function loadSgfText(text) {
  while (S.thinking) await sleep(20);
  await gtp.storeFile('/game.sgf', text);
  const r = await gtp.send('loadsgf /game.sgf');
  if (!r.ok) return showError('loadsgf: ' + r.text);
  showError('');
  S.redo = []; S.wr = []; S.paused = false; S.stats = '';
  await refresh(true);
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

/* Replay the moves in the box from the start; on an illegal one the game
 * goes back to what it was. */
async function pasteMoves() {
  while (S.thinking) await sleep(20);
  const moves = $('movetext').value.split('\n').map((l) => l.replace(/^\s*\d+\.\s*/, ''))
    .join(' ').split(/[\s;]+/).filter((t) => t && !/^(b|w|black|white)$/i.test(t));
  const saved = await gtp.ask('printsgf');
  await gtp.ask('clear_board');
  for (let i = 0; i < moves.length; i++) {
    const color = await gtp.ask('side_to_move');
    const r = await gtp.send(`play ${color} ${moves[i]}`);
    if (!r.ok) {
      await gtp.storeFile('/saved.sgf', saved);
      await gtp.send('loadsgf /saved.sgf');
      showError(`move ${i + 1} (${moves[i]}): ${r.text}; the game is unchanged`);
      return refresh();
    }
  }
  showError('');
  S.redo = []; S.wr = []; S.paused = true;
  await refresh();
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
  $('game').addEventListener('change', syncForm);
  for (const x of document.querySelectorAll('input[name=mut]')) x.addEventListener('change', syncForm);
  $('undo').onclick = undo;
  $('redo').onclick = redo;
  $('confirm').onclick = confirmMove;
  $('clearsel').onclick = () => { S.sel = []; render(); };
  $('swap').onclick = () => play('swap');
  $('pass').onclick = () => play('pass');
  $('enginemove').onclick = () => { S.paused = false; if (!S.thinking) { stopAnalysis(); engineMove(); } };
  $('solve').onclick = solve;
  $('showweak').onchange = render;
  $('showpv').onchange = render;
  $('analyze').onchange = () => ($('analyze').checked ? next() : stopAnalysis());
  $('engineside').onchange = () => { S.paused = false; render(); next(); };
  $('movetime').onchange = () => gtp.send('set_param movetime ' + (+$('movetime').value || 1));
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
    else if (k === 'Enter' && e.target === document.body) confirmMove();
    else if (k === 'Escape') { S.sel = []; render(); }
    else if (k === 'a') { $('analyze').checked = !$('analyze').checked; $('analyze').onchange(); }
    else if (k === 'w') { $('showweak').checked = !$('showweak').checked; render(); }
    else if (k === 'v') { $('showpv').checked = !$('showpv').checked; render(); }
    else if (k === 'g') $('enginemove').onclick();
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
  /* resolves once nothing is pending: no command, no engine move */
  idle: async () => {
    for (;;) {
      await new Promise((r) => setTimeout(r, 20));
      if (!gtp.busy && !S.thinking && !S.starting && !S.reading) return;
    }
  },
};

wire();
window.morphos.ready = gtp.ready.then(async (loadMs) => {
  window.morphos.workerMs = loadMs;
  await gtp.ask('set_param memory 128');
  await gtp.ask('set_param verbose on');
  await newGame();
  window.morphos.loadMs = performance.now();
  return window.morphos.loadMs;
});
