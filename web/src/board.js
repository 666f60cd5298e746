/* board.js - the board as SVG, drawn from the engine's board_geometry.
 *
 * parseGeometry() reads the engine's answer; Board draws the cells (square
 * or Cairo pentagon), the coloured sides of each player, coordinates or
 * cell numbers, and on top of them whatever the page shows: stones, weak
 * stones, the last move, the winning chain, the points of a compound move
 * being built, legal targets, the analysis overlay and a variation.
 * Nothing here knows the rules. */
const NS = 'http://www.w3.org/2000/svg';

export function parseGeometry(text) {
  const lines = text.trim().split('\n');
  const [kind, n] = lines[0].split(' ');
  const owner = {};
  for (const l of lines.slice(1, 3)) {
    const [color, ...letters] = l.split(' ');
    for (const s of letters) owner[s] = color;
  }
  const cells = lines.slice(3).map((l) => {
    const w = l.split(' ');
    const poly = [];
    for (let i = 4; i + 1 < w.length; i += 2) poly.push([+w[i], +w[i + 1]]);
    return { name: w[0], x: +w[1], y: +w[2], sides: w[3] === '-' ? '' : w[3], poly };
  });
  return { kind, n: +n, owner, cells, byName: new Map(cells.map((c) => [c.name, c])) };
}

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

export class Board {
  constructor(svg, onClick) {
    this.svg = svg;
    this.onClick = onClick;
    this.cursor = null;
  }

  setGeometry(g) {
    this.g = g;
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const xs = g.cells.flatMap((c) => c.poly.map((p) => p[0]));
    const ys = g.cells.flatMap((c) => c.poly.map((p) => p[1]));
    this.minX = Math.min(...xs); this.maxY = Math.max(...ys);
    const w = Math.max(...xs) - this.minX, h = this.maxY - Math.min(...ys);
    const m = g.kind === 'square' ? 1.0 : 0.45;
    svg.setAttribute('viewBox', `${-m} ${-m} ${w + 2 * m} ${h + 2 * m}`);
    svg.dataset.kind = g.kind;
    svg.dataset.points = g.n;
    /* stone radius: a bit less than the distance to the nearest centre */
    this.r = g.kind === 'square' ? 0.42 : 0.3;
    this.fontSize = g.kind === 'square' ? 0.36 : 0.3;
    this.layers = {};
    for (const name of ['cells', 'sides', 'labels', 'hints', 'stones', 'marks', 'overlay'])
      this.layers[name] = el('g', { class: name }, svg);
    this.cellEls = new Map();
    for (const c of g.cells) {
      const poly = el('polygon', {
        points: c.poly.map((p) => this.pt(p).join(',')).join(' '),
        class: 'cell', 'data-point': c.name,
      }, this.layers.cells);
      poly.addEventListener('click', () => this.onClick(c.name));
      this.cellEls.set(c.name, poly);
      if (g.kind === 'cairo') {
        const [x, y] = this.pt([c.x, c.y]);
        el('text', { x, y, class: 'cellno', 'font-size': this.fontSize * (g.n > 100 ? 1.1 : 0.9) }, this.layers.labels).textContent = c.name;
      }
    }
    this.drawSides();
    if (g.kind === 'square') this.drawCoordinates();
  }

  pt(p) { return [+(p[0] - this.minX).toFixed(4), +(this.maxY - p[1]).toFixed(4)]; }
  centre(name) { const c = this.g.byName.get(name); return this.pt([c.x, c.y]); }

  /* Each player's sides: the cell edges no other cell shares, coloured by
   * the side letter of their cell (on a corner, the letter of the edge's
   * direction: N/S for a horizontal edge). */
  drawSides() {
    const key = (p) => p[0].toFixed(3) + ',' + p[1].toFixed(3);
    const count = new Map();
    for (const c of this.g.cells)
      c.poly.forEach((p, i) => {
        const q = c.poly[(i + 1) % c.poly.length];
        const k = [key(p), key(q)].sort().join(' ');
        count.set(k, (count.get(k) || 0) + 1);
      });
    const halo = el('g', { class: 'halo' }, this.layers.sides);
    for (const c of this.g.cells) {
      if (!c.sides) continue;
      c.poly.forEach((p, i) => {
        const q = c.poly[(i + 1) % c.poly.length];
        if (count.get([key(p), key(q)].sort().join(' ')) !== 1) return;
        let letter = c.sides[0];
        if (c.sides.length > 1) {
          const horiz = Math.abs(q[1] - p[1]) < Math.abs(q[0] - p[0]);
          letter = [...c.sides].find((s) => ('NS'.includes(s)) === horiz) || letter;
        }
        const color = this.g.owner[letter];
        if (!color) return;
        const [x1, y1] = this.pt(p), [x2, y2] = this.pt(q);
        /* a neutral halo under each side, so that black shows on a dark
         * page and white on a light one */
        el('line', { x1, y1, x2, y2, class: 'side-halo' }, halo);
        el('line', { x1, y1, x2, y2, class: 'side ' + color }, this.layers.sides);
      });
    }
  }

  drawCoordinates() {
    const n = this.g.n;
    const f = this.fontSize;
    for (const c of this.g.cells) {
      const [x, y] = this.pt([c.x, c.y]);
      if (c.y === 0) {
        const col = c.name.replace(/\d+$/, '');
        el('text', { x, y: y + 0.5 + 0.55, class: 'coord', 'font-size': f }, this.layers.labels).textContent = col;
        el('text', { x, y: y - n + 0.5 - 0.3, class: 'coord', 'font-size': f }, this.layers.labels).textContent = col;
      }
      if (c.x === 0) {
        const row = c.name.replace(/^[A-Z]+/, '');
        el('text', { x: x - 0.5 - 0.45, y: y + f * 0.35, class: 'coord', 'font-size': f }, this.layers.labels).textContent = row;
        el('text', { x: x + n - 0.5 + 0.45, y: y + f * 0.35, class: 'coord', 'font-size': f }, this.layers.labels).textContent = row;
      }
    }
  }

  /* s: {stones: {black, white}: Set, weak: {black, white}: Set or null,
   * last: [points], chain: Set, sel: [points], targets: Set,
   * candidates: [{move, points, visits, winrate}], pv: [{points, color}],
   * toMove} */
  render(s) {
    const L = this.layers;
    for (const k of ['hints', 'stones', 'marks', 'overlay']) while (L[k].firstChild) L[k].removeChild(L[k].firstChild);
    for (const [name, poly] of this.cellEls) {
      poly.classList.toggle('target', s.targets.has(name));
      poly.classList.toggle('cursor', this.cursor === name);
    }
    /* the points that may follow, while a compound move is being built */
    if (s.sel.length) for (const name of s.targets) {
      const [x, y] = this.centre(name);
      el('circle', { cx: x, cy: y, r: this.r * 0.18, class: 'target-dot' }, L.hints);
    }
    for (const color of ['black', 'white'])
      for (const name of s.stones[color]) {
        const [x, y] = this.centre(name);
        const cls = ['stone', color];
        if (s.weak && s.weak[color].has(name)) cls.push('weak');
        if (s.chain.has(name)) cls.push('chain');
        el('circle', { cx: x, cy: y, r: this.r, class: cls.join(' '), 'data-point': name, 'data-color': color }, L.stones);
        if (s.weak && s.weak[color].has(name))
          el('circle', { cx: x, cy: y, r: this.r * 1.12, class: 'weak-ring ' + color, 'data-weak': name }, L.marks);
      }
    if (s.chain.size) {
      const pts = [...s.chain].map((n) => this.centre(n));
      for (const [x, y] of pts) el('circle', { cx: x, cy: y, r: this.r * 0.35, class: 'chain-dot' }, L.marks);
    }
    for (const name of s.last) {
      const [x, y] = this.centre(name);
      el('rect', { x: x - this.r * 0.22, y: y - this.r * 0.22, width: this.r * 0.44, height: this.r * 0.44, class: 'last-mark' }, L.marks);
    }
    s.sel.forEach((name, i) => {
      const [x, y] = this.centre(name);
      el('circle', { cx: x, cy: y, r: this.r * 0.9, class: 'sel ' + s.toMove }, L.marks);
      el('text', { x, y: y + this.fontSize * 0.35, class: 'sel-no', 'font-size': this.fontSize }, L.marks).textContent = i + 1;
    });
    /* The variation under the candidates: on a candidate's point its
     * number moves to a badge at the cell's corner, clear of the win rate. */
    const candAt = new Set(s.candidates.map((c) => c.points[c.points.length - 1]));
    s.pv.forEach((m, i) => {
      for (const name of m.points) {
        if (!this.g.byName.has(name)) continue;
        const [x, y] = this.centre(name);
        if (candAt.has(name)) {
          const bx = x - this.r * 1.12, by = y - this.r * 1.12;
          el('circle', { cx: bx, cy: by, r: this.r * 0.34, class: 'pv badge ' + m.color }, L.overlay);
          el('text', { x: bx, y: by + this.fontSize * 0.2, class: 'pv-no ' + m.color, 'font-size': this.fontSize * 0.55, 'data-point': name }, L.overlay).textContent = i + 1;
        } else {
          el('circle', { cx: x, cy: y, r: this.r * 0.9, class: 'pv ' + m.color }, L.overlay);
          el('text', { x, y: y + this.fontSize * 0.35, class: 'pv-no ' + m.color, 'font-size': this.fontSize, 'data-point': name }, L.overlay).textContent = i + 1;
        }
      }
    });
    for (const c of s.candidates) {
      const name = c.points[c.points.length - 1];
      if (!name || !this.g.byName.has(name)) continue;
      const [x, y] = this.centre(name);
      const g = el('g', { class: 'cand' + (c.order === 0 ? ' best' : ''), 'data-move': c.move }, L.overlay);
      el('circle', { cx: x, cy: y, r: this.r * 0.95 }, g);
      el('text', { x, y: y - this.fontSize * 0.1, 'font-size': this.fontSize * 0.8, class: 'wr' }, g).textContent = (c.winrate / 100).toFixed(0) + '%';
      el('text', { x, y: y + this.fontSize * 0.7, 'font-size': this.fontSize * 0.6, class: 'visits' }, g).textContent = kilo(c.visits);
    }
    if (this.g.kind === 'cairo') L.labels.style.display = this.showNumbers === false ? 'none' : '';
  }

  /* Keyboard cursor: the nearest cell in the direction of an arrow key. */
  moveCursor(dx, dy) {
    const cells = this.g.cells;
    const cur = this.g.byName.get(this.cursor) || cells[Math.floor(cells.length / 2)];
    if (!this.cursor) { this.cursor = cur.name; return; }
    let best = null, bd = Infinity;
    for (const c of cells) {
      const vx = c.x - cur.x, vy = c.y - cur.y;
      const along = vx * dx + vy * dy;
      if (along <= 1e-6) continue;
      const across = Math.abs(vx * dy - vy * dx);
      const d = along + 2 * across;
      if (d < bd) { bd = d; best = c; }
    }
    if (best) this.cursor = best.name;
  }
}

function kilo(v) { return v >= 10000 ? (v / 1000).toFixed(0) + 'k' : v >= 1000 ? (v / 1000).toFixed(1) + 'k' : String(v); }
