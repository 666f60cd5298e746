/* help.js - the rules help shown where each rule is chosen: one short
 * explanation per mutator, reading, preset and option of the New game
 * form (docs/rules.md is the full text, served as rules.html). The page
 * shows the lines for what is chosen, and every control carries its line
 * as a tooltip. */

export const HELP = {
  game: {
    morphos: 'Morphos: a square board. Black joins top and bottom, White left and right. Place a stone on an empty point, or flip a weak enemy stone to your colour.',
    morpharaoh: 'Morpharaoh: Morphos on a Cairo board of pentagons. Place on an empty cell, or capture an enemy stone on a cell you control.',
  },
  mut: {
    a: 'a: smaller weakness patterns (each loses its corner cell), so stones are weak more easily; the board edges stop counting as stones (edges=off) unless edges=on.',
    b: 'b: the stone your opponent just flipped counts as yours when you look for weak stones; a win counts at the start of the winner\'s turn; a flip is illegal if the stone could be flipped straight back.',
    c: 'c: two stones a turn: two placements, or one flip.',
    d: 'd: after you flip, your opponent first places one stone of theirs on an empty point (the "returned" stone), then moves.',
    e: 'e: the game starts on a full board in a checkered pattern; the first moves are flips.',
  },
  'r-edges': {
    '': 'edges default: the lines just outside the board count as stones of the side\'s owner in weakness patterns, except under a.',
    on: 'edges=on: the lines just outside the board count as stones of that side\'s owner in weakness patterns.',
    off: 'edges=off: the board edges count as nothing; only real stones make a stone weak.',
  },
  'r-c': {
    '': 'c=exact: every turn two placements (Black\'s first turn one) or one flip; no pie rule.',
    upto: 'c=upto: one or two placements or one flip, every turn; the pie rule stays.',
    adjacent: 'c=adjacent (AbstractPlay\'s Duomorph): two placements on orthogonally adjacent points, or one flip, or one placement when it has no empty neighbour.',
  },
  'r-d': {
    '': 'd=return: after a flip the opponent must first place the returned stone.',
    extra: 'd=extra: after a flip the opponent may place one extra stone first, or not.',
  },
  'r-e': {
    '': 'e=a1black: the checkered start has a black stone on A1.',
    a1white: 'e=a1white: the checkered start has a white stone on A1.',
  },
  'r-p3': {
    '': 'p3 off: two weakness patterns (P1, P2).',
    on: 'p3=on: a third pattern, the ring of eight cells around a 2x2 block holding the stone (AbstractPlay\'s rules since 2025-05-27).',
  },
  'r-tiebreak': {
    '': 'tiebreak default: off (a full board with no weak stone is passed to a draw).',
    on: 'tiebreak=on: a full board with no weak stone ends the game: Black wins if two vertically adjacent points hold stones of one colour, else White.',
    off: 'tiebreak=off: a full board with no weak stone is passed to a draw.',
  },
  'r-preset': {
    '': 'AbstractPlay preset: none; the rules are the boxes above.',
    default: 'AbstractPlay default: no mutator, p3=on, edges=off, tiebreak=on, pie=on (the preset overrides the boxes above).',
    minimorph: 'AbstractPlay Minimorph: a, edges=off, tiebreak=on, pie=on (the preset overrides the boxes above).',
    duomorph: 'AbstractPlay Duomorph: a, c=adjacent, edges=off, tiebreak=on, pie=on (the preset overrides the boxes above).',
    remorph: 'AbstractPlay Remorph: a, d, edges=off, tiebreak=on, pie=on (the preset overrides the boxes above).',
  },
  'r-edge': {
    '': 'edge=pair: a side cell is controlled by two of your stones next to it that are orthogonal to each other.',
    majority: 'edge=majority: a side cell is controlled by at least 2 of its 3 neighbours.',
  },
  'r-center': {
    '': 'centre=embrace: an inner cell is controlled when one of your neighbours has both an orthogonal and a diagonal partner of yours around it.',
    majority: 'centre=majority: an inner cell is controlled by at least 3 of its 5 neighbours.',
  },
  'r-pie': {
    '': 'pie default: on for Morphos (off under c exact), off for Morpharaoh.',
    on: 'pie=on: on White\'s first turn White may swap: take Black\'s opening stone (mirrored, see Swap) instead of answering it.',
    off: 'pie=off: no swap.',
  },
  engineside: {
    white: 'The engine plays White; you play Black and move first.',
    black: 'The engine plays Black and moves first; you play White.',
    both: 'The engine plays both sides; Undo or a click in the move list pauses it.',
    none: 'The engine plays neither side: a board for two players, or for study with analysis.',
  },
  level: 'Strength: the engine stops after that many playouts a move, or at the time per move if sooner; full strength uses the whole time.',
  movetime: 's/move: the most the engine thinks for one move (0.1 to 600 s); Stop makes it move at once.',
};

/* The explanation lines for the form as it is set now. */
export function formHelp(form) {
  const out = [HELP.game[form.game]];
  if (form.game === 'morphos') {
    out.push(HELP['r-preset'][form.preset]);
    for (const m of form.mut) out.push(HELP.mut[m]);
    out.push(HELP['r-edges'][form.edges]);
    if (form.mut.includes('c')) out.push(HELP['r-c'][form.c]);
    if (form.mut.includes('d')) out.push(HELP['r-d'][form.d]);
    if (form.mut.includes('e')) out.push(HELP['r-e'][form.e]);
    out.push(HELP['r-p3'][form.p3], HELP['r-tiebreak'][form.tiebreak]);
  } else {
    out.push(HELP['r-edge'][form.edge], HELP['r-center'][form.center]);
  }
  out.push(HELP['r-pie'][form.pie], HELP.engineside[form.engineside], HELP.level);
  return out;
}
