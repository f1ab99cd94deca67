// board.js - the web board of `boardvm serve`: draws the game the server describes and plays
// the moves the server lists. No move logic lives here: a click only selects among the legal
// moves of /api/state (their "from", "to", "kind" and "drop" fields), and every move is made
// by the server, which finds it by its string as every boardvm command does.
'use strict';

const S = 64;             // one square, in SVG units
const M = 24;             // the margin for coordinates
const NS = 'http://www.w3.org/2000/svg';

let game = null;          // /api/game
let state = null;         // /api/state
let flipped = false;
let sel = null;           // {path: [squares], drop: type}: the parts of a move entered so far
let preview = null;       // {key, board}: the position after the one move sel completes
let drag = null;          // a press on the board: {sq, x, y, moved, ghost, pending}
let version = -1;         // the server's count of changes (GET /api/version): another tab's
let following = false;    // the page follows a search (its own, or one seen after a reload)
let squareByName = null;  // a square's name -> its number
let busy = false;         // a request is on its way: clicks wait
let selfplay = false;
// The rules editor (edit.js) draws with this file and plays on a board of its own: its moves go
// to playHook instead of the server's game, and no preview is asked for.
let playHook = null;
let clockAt = 0;          // when the state (and its clock times) came
let flagAsked = 0;        // when the page last asked whether a flag fell

const $ = (id) => document.getElementById(id);

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)};
  const r = await fetch(path, opts);
  let j;
  try { j = await r.json(); } catch (e) { throw new Error(`${path}: HTTP ${r.status}, not JSON`); }
  if (!r.ok || j.error) throw new Error(j.error || `${path}: HTTP ${r.status}`);
  return j;
}

function showError(msg) { $('error').textContent = msg || ''; }

// ---- geometry -------------------------------------------------------------------------
// Every position on screen comes from squareRect(): a square's rectangle in SVG units. A
// board whose squares come with rectangles in the game's JSON (a graph board of a Zillions
// file: game.graph) has each square drawn S wide at its rectangle's centre, scaled so that
// the first rectangle is S wide; a square without one (a dummy position) is not drawn.

function graphScale() {
  for (const s of game.squares) if (s.rect && s.rect[2] > s.rect[0]) return S / (s.rect[2] - s.rect[0]);
  return 1;
}

function graphExtent() {     // the centres' extent, for turning the board round
  const k = graphScale();
  let w = 0, h = 0;
  for (const s of game.squares)
    if (s.rect && s.rect[2] > s.rect[0]) { w = Math.max(w, s.rect[2] * k); h = Math.max(h, s.rect[3] * k); }
  return {w: w, h: h};
}

function squareRect(sq) {
  const s = game.squares[sq];
  if (game.graph) {
    if (!s.rect || s.rect[2] <= s.rect[0]) return {x: -10 * S, y: -10 * S, w: 0, h: 0};
    const k = graphScale(), e = graphExtent();
    let cx = (s.rect[0] + s.rect[2]) / 2 * k, cy = (s.rect[1] + s.rect[3]) / 2 * k;
    if (flipped) { cx = e.w - cx; cy = e.h - cy; }
    return {x: M + cx - S / 2, y: M + cy - S / 2, w: S, h: S};
  }
  const col = flipped ? game.files - 1 - s.x : s.x;
  const row = flipped ? s.y : game.ranks - 1 - s.y;
  return {x: M + col * S, y: row * S, w: S, h: S};
}

function boardBox() {        // the whole drawing: the squares and the margin of coordinates
  if (game.graph) {
    let w = 0, h = 0;
    game.squares.forEach((s, sq) => {
      const r = squareRect(sq);
      if (r.w) { w = Math.max(w, r.x + r.w + M); h = Math.max(h, r.y + r.h + M); }
    });
    return {w: w, h: h};
  }
  return {w: M + game.files * S + 4, h: game.ranks * S + M};
}

function squareAt(x, y) {    // the square under a point of the SVG, or -1
  for (let sq = 0; sq < game.squares.length; sq++) {
    const r = squareRect(sq);
    if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) return sq;
  }
  return -1;
}

function cellXY(sq) { const r = squareRect(sq); return [r.x, r.y]; }

// The names of the files and ranks, from the squares' names ("a1", "j10").
function coordNames() {
  const files = [], ranks = [];
  for (const s of game.squares) {
    const m = /^([a-z]+)(\d+)$/.exec(s.name);
    if (!m) continue;
    files[s.x] = m[1];
    ranks[s.y] = m[2];
  }
  return [files, ranks];
}

// ---- drawing --------------------------------------------------------------------------

function pieceText(p) {
  const t = game.types[p.type];
  return t ? t.code : '?';
}

function pieceClass(p) {
  const t = game.types[p.type];
  if (p.owner < 0 || (t && t.neutral)) return 'neutral';
  return 'owner' + p.owner;
}

function varsText(vars) {
  if (!vars) return '';
  return Object.entries(vars).map(([k, v]) => v === true ? k : `${k}=${v}`).join(', ');
}

// ---- pieces people recognise ------------------------------------------------------------
// A piece set drawn for this project (shapes in a 64-unit square, no copied artwork): the
// FIDE pieces by their type names, xiangqi's and shogi's by their characters (a CJK font:
// Debian's fonts-wqy-microhei or fonts-noto-cjk), shogi's as pentagons pointing at the
// opponent. A game whose types are none of these, a stack's band, and a character no font of
// the browser has, keep the letter disc.

const FIDE = {
  King: [['path', 'M19 51 L45 51 L47 31 Q32 22 17 31 Z'], ['path', 'M29.5 7 h5 v5 h5 v5 h-5 v9 h-5 v-9 h-5 v-5 h5 Z'],
         ['detail', 'M21 43 H43']],
  Queen: [['path', 'M20 51 L16 23 L23 35 L24 18 L29 34 L32 14 L35 34 L40 18 L41 35 L48 23 L44 51 Z'],
          ['circle', 16, 21, 3], ['circle', 24, 16, 3], ['circle', 32, 12, 3], ['circle', 40, 16, 3], ['circle', 48, 21, 3],
          ['detail', 'M21 44 H43']],
  Rook: [['path', 'M17 57 V51 H21 L23 27 H19 V14 H25 V19 H29.5 V14 H34.5 V19 H39 V14 H45 V27 H41 L43 51 H47 V57 Z'],
         ['detail', 'M23 27 H41 M22 45 H42']],
  Bishop: [['path', 'M18 57 V52 Q24 50 26 44 Q21 38 24 29 Q28 20 32 15 Q36 20 40 29 Q43 38 38 44 Q40 50 46 52 V57 Z'],
           ['circle', 32, 11, 3.2], ['detail', 'M30 24 L36 31 M26 44 H38']],
  Knight: [['path', 'M19 57 V51 Q19 42 26 36 Q29 33 28 30 Q24 32 20 33 Q15 34 13 30 Q12 26 17 22 Q22 16 25 12 L24 7 L29 11 Q31 9 33 9 L33 12 Q44 15 47 30 Q49 42 46 51 V57 Z'],
           ['circle', 24.5, 19, 1.8, 'eye'], ['detail', 'M19 51 H46']],
  Pawn: [['path', 'M19 57 V52 Q21 45 27 42 Q28 37 27 33 H37 Q36 37 37 42 Q43 45 45 52 V57 Z'],
         ['circle', 32, 24, 8.5], ['detail', 'M25 33 H39']],
};

const XIANGQI = {     // [the first player's (red) character, the second's (black)]
  General: ['帥', '將'], Advisor: ['仕', '士'], Elephant: ['相', '象'], Horse: ['傌', '馬'],
  Chariot: ['俥', '車'], Cannon: ['炮', '砲'], Soldier: ['兵', '卒'],
};
const SHOGI = {
  King: ['玉', '王'], Rook: '飛', Bishop: '角', Gold: '金', Silver: '銀', Knight: '桂', Lance: '香',
  Pawn: '歩', Tokin: 'と', PromotedLance: '杏', PromotedKnight: '圭', PromotedSilver: '全',
  Horse: '馬', Dragon: '龍',
};
const CJK = '"WenQuanYi Micro Hei", "Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Serif CJK SC", ' +
  '"AR PL UKai CN", "Droid Sans Fallback", sans-serif';

let pieceSet = null;       // 'fide', 'xiangqi', 'shogi' or null (letter discs), for this game

// Whether the browser has a glyph for each character (drawn on a canvas, compared with the
// picture of a character no font has).
function hasGlyphs(chars) {
  const c = document.createElement('canvas');
  c.width = c.height = 40;
  const x = c.getContext('2d', {willReadFrequently: true});
  const draw = (ch) => {
    x.clearRect(0, 0, 40, 40);
    x.font = `32px ${CJK}`;
    x.fillText(ch, 2, 34);
    return x.getImageData(0, 0, 40, 40).data.join(',');
  };
  const none = draw('\uE000');
  return chars.every((ch) => draw(ch) !== none);
}

function choosePieceSet() {
  const names = new Set(game.types.filter(Boolean).map((t) => t.name));
  const has = (...n) => n.every((x) => names.has(x));
  const chars = (table) => Object.values(table).flat().join('').split('');
  if (has('General', 'Chariot', 'Cannon')) pieceSet = hasGlyphs(chars(XIANGQI)) ? 'xiangqi' : null;
  else if (has('Gold', 'Silver', 'Lance')) pieceSet = hasGlyphs(chars(SHOGI)) ? 'shogi' : null;
  else pieceSet = [...names].some((n) => FIDE[n]) ? 'fide' : null;
  document.body.dataset.pieces = pieceSet || 'letters';
}

// The picture of p in its set at (x, y), a square of size w x h; false when it has none.
function drawGlyph(g, p, x, y, w, h) {
  const t = game.types[p.type];
  if (!t || !pieceSet || h < S * 0.6) return false;
  const k = Math.min(w, h) / S, ox = x + (w - S * k) / 2, oy = y + (h - S * k) / 2;
  if (pieceSet === 'fide') {
    const shape = FIDE[t.name];
    if (!shape) return false;
    const gg = el('g', {class: 'glyph fide', transform: `translate(${ox},${oy}) scale(${k})`}, g);
    for (const [kind, a, b, c, cls] of shape) {
      if (kind === 'path') el('path', {class: 'body', d: a}, gg);
      else if (kind === 'detail') el('path', {class: 'detail', d: a}, gg);
      else el('circle', {class: cls === 'eye' ? 'detail eye' : 'body', cx: a, cy: b, r: c}, gg);
    }
    return true;
  }
  const table = pieceSet === 'xiangqi' ? XIANGQI : SHOGI;
  const entry = table[t.name];
  if (!entry) return false;
  const ch = Array.isArray(entry) ? entry[p.owner === 1 ? 1 : 0] : entry;
  const cx = x + w / 2, cy = y + h / 2;
  if (pieceSet === 'xiangqi') {
    const gg = el('g', {class: 'glyph xiangqi'}, g);
    el('circle', {class: 'disc', cx: cx, cy: cy, r: Math.min(w, h) * 0.4}, gg);
    el('circle', {class: 'ring', cx: cx, cy: cy, r: Math.min(w, h) * 0.33}, gg);
    const tx = el('text', {class: 'char', x: cx, y: cy, 'font-size': (Math.min(w, h) * 0.42).toFixed(1), 'font-family': CJK}, gg);
    tx.textContent = ch;
    return true;
  }
  // shogi: a pentagon pointing away from its owner (the second player's turned round), as the
  // board is seen
  const up = (p.owner === 1) === flipped;
  const gg = el('g', {class: 'glyph shogi', transform: `translate(${ox},${oy}) scale(${k})${up ? '' : ' rotate(180 32 32)'}`}, g);
  el('path', {class: 'wood', d: 'M32 6 L46 12 L51 57 H13 L18 12 Z'}, gg);
  const promoted = t.code.startsWith('+');
  const tx = el('text', {class: `char${promoted ? ' promoted' : ''}`, x: 32, y: 36, 'font-size': 25, 'font-family': CJK}, gg);
  tx.textContent = ch;
  return true;
}

// A piece: a disc (alone on its square) or one band of a stack.
function drawPiece(parent, p, x, y, w, h, top) {
  const g = el('g', {class: `piece ${pieceClass(p)}${top ? ' top' : ''}`,
                     'data-type': game.types[p.type] ? game.types[p.type].code : '?',
                     'data-owner': p.owner}, parent);
  const text = pieceText(p);
  if (drawGlyph(g, p, x, y, w, h)) {
    // (the code stays for tests and for reading: invisible, in the tooltip)
  } else if (h >= S * 0.6) {
    // smaller on a board of arrows, so that the arrows around a piece stay visible
    const r = Math.min(w, h) * (game.arrows && parent.id === 'pieces' ? 0.32 : 0.36);
    el('circle', {class: 'body', cx: x + w / 2, cy: y + h / 2, r: r}, g);
  } else {
    el('rect', {class: 'body', x: x + 6, y: y + 1, width: w - 12, height: h - 2, rx: 4}, g);
  }
  if (!g.querySelector('.glyph')) {
    const size = Math.min(h * 0.55, (w * 0.62) / Math.max(1, text.length * 0.62), 26);
    const t = el('text', {x: x + w / 2, y: y + h / 2, 'font-size': size.toFixed(1)}, g);
    t.textContent = text;
  }
  const title = el('title', {}, g);
  const name = game.types[p.type] ? game.types[p.type].name : '?';
  const owner = p.owner >= 0 && game.players[p.owner] ? game.players[p.owner].name + ' ' : '';
  title.textContent = owner + name + (p.vars ? ` (${varsText(p.vars)})` : '');
  if (p.vars) {
    // a badge with the initials of the piece's variables that are set (s: statue...)
    const initials = Object.keys(p.vars).map((k) => k[0]).join('').slice(0, 3);
    const r = Math.min(9, h / 2 - 1);
    // as wide as its letters: a pill (a circle for one letter)
    const bw = Math.max(2 * r, r * 0.75 * initials.length + r);
    const bx = x + w - bw / 2 - 2, by = y + (h >= S * 0.6 ? r + 2 : h / 2);
    el('rect', {class: 'badge-bg', x: bx - bw / 2, y: by - r, width: bw, height: 2 * r, rx: r}, g);
    const b = el('text', {class: 'badge', x: bx, y: by, 'font-size': (r * 1.2).toFixed(1)}, g);
    b.textContent = initials;
  }
  return g;
}

function drawStack(parent, stack, x, y, name) {
  if (stack.length === 0) return;
  if (stack.length === 1) { drawPiece(parent, stack[0], x, y, S, S, true).dataset.sq = name || ''; return; }
  // every layer, bottom first from the bottom of the square up; the top one framed
  const h = (S - 4) / stack.length;
  stack.forEach((p, i) => { drawPiece(parent, p, x, y + S - 2 - (i + 1) * h, S, h, i === stack.length - 1).dataset.sq = name || ''; });
}

// An arrow from the middle of one square to the middle of another (a part of a move).
function drawMoveArrow(parent, a, b, cls) {
  const ra = squareRect(a), rb = squareRect(b);
  const x1 = ra.x + ra.w / 2, y1 = ra.y + ra.h / 2, x2 = rb.x + rb.w / 2, y2 = rb.y + rb.h / 2;
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (len < 1) return;
  const ux = (x2 - x1) / len, uy = (y2 - y1) / len, px = -uy * 7, py = ux * 7;
  const bx = x2 - ux * 16, by = y2 - uy * 16;
  el('path', {class: `move-arrow ${cls}`, 'data-from': game.squares[a].name, 'data-to': game.squares[b].name,
              d: `M${x1},${y1} L${bx},${by} M${bx + px},${by + py} L${x2},${y2} L${bx - px},${by - py} Z`}, parent);
}

// An arrowhead at the edge of a square, pointing (dx, dy) (board directions: y up).
function drawArrow(parent, x, y, dx, dy) {
  if (flipped) { dx = -dx; dy = -dy; }
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = -dy / len;            // screen: y down
  const cx = x + S / 2, cy = y + S / 2;
  // the tip near the edge (the corner for a diagonal), clear of the piece in the middle
  const reach = (Math.abs(ux) > 0.1 && Math.abs(uy) > 0.1) ? S * 0.58 : S * 0.47;
  const tipx = cx + ux * reach, tipy = cy + uy * reach;
  const bx = tipx - ux * 9, by = tipy - uy * 9;
  const px = -uy * 5.5, py = ux * 5.5;
  el('path', {class: 'arrow', d: `M${tipx},${tipy} L${bx + px},${by + py} L${bx - px},${by - py} Z`,
              'data-dx': dx, 'data-dy': dy}, parent);
}

const mapColour = (v) => `hsl(${(v * 67) % 360}, 55%, 50%)`;

function lastMove() {
  const h = state.history;
  return h.length ? h[h.length - 1] : null;
}

// ---- moves as paths of squares ---------------------------------------------------------
// A move is entered on the board as the squares it goes through, a click (or a drag) each: a
// piece's from and to; a stay's own square; a drop's square (after its piece in hand); a move
// of no one piece (Four Towers', Spinal Tap's battle moves "a2a3+b2b3") the squares its
// string names, in order. The moves still possible narrow with each square.

function namedSquares(s) {
  const out = [];
  for (const m of s.matchAll(/[a-z]+[0-9]+/g)) {
    const sq = squareByName.get(m[0]);
    if (sq !== undefined) out.push(sq);
  }
  return out;
}

function movePath(m) {
  if (m.steps) return m.steps;   // a move in parts (a checkers chain): the squares it lands on
  if (m.kind === 'drop') return m.to >= 0 ? [m.to] : [];
  if (m.named || (m.from < 0 && m.to < 0)) return namedSquares(m.s);
  if (m.from >= 0) return m.to >= 0 && m.to !== m.from ? [m.from, m.to] : [m.from];
  return m.to >= 0 ? [m.to] : [];
}

// With no piece chosen, a game whose every move is a square alone (Othello's discs, named by
// their square) or drops one type that no hand shows: its squares are lit at once, as if a
// piece were chosen.
function idleSel() {
  if (!state || state.result || !state.moves.length) return null;
  if (state.moves.every((m) => m.named && m.kind !== 'drop' && m.path.length === 1)) return {path: [], idle: true};
  const t = state.moves[0].drop;
  if (!state.moves.every((m) => m.kind === 'drop' && m.drop === t)) return null;
  if ((state.hands[state.turn] || []).some((h) => h.type === t)) return null;
  return {path: [], drop: t};
}

function current() { return sel || idleSel(); }

// The moves that go through the squares of selection so far: {complete, more}, more being
// those with parts to come.
function candidates(selection) {
  const out = {complete: [], more: []};
  if (!selection || !state) return out;
  const P = selection.path, drop = selection.drop !== undefined;
  for (const m of state.moves) {
    if (!selection.idle && (drop !== (m.kind === 'drop') || (drop && m.drop !== selection.drop))) continue;
    const p = m.path;
    if (p.length < P.length || P.some((sq, i) => p[i] !== sq)) continue;
    (p.length === P.length ? out.complete : out.more).push(m);
  }
  return out;
}

// The squares that come next: square -> capture? (a piece stands on a square a part ends on)
function nextTargets(selection) {
  const set = new Map(), n = selection ? selection.path.length : 0;
  for (const m of candidates(selection).more) {
    const sq = m.path[n];
    // a part's end: the odd squares of a path (from, to, from, to...); a move of one square
    // of no piece, and every step of a move in parts (its path), is all end; a drop takes nothing
    const ends = m.kind !== 'drop' && (m.steps || (m.from < 0 && m.to >= 0 && !m.named) ? true : n % 2 === 1);
    set.set(sq, (set.get(sq) || false) || (ends && state.board[sq].length > 0));
  }
  return set;
}

// The squares and parts of a move played (the last of the history): its string's squares when
// they are more than its from and to.
function playedPath(h) {
  const named = namedSquares(h.s);
  if (named.length > 2) return named;
  return [h.from, h.to].filter((x) => x >= 0);
}

function drawBoard() {
  const svg = $('board');
  svg.textContent = '';
  const {w: W, h: H} = boardBox();
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('width', W);
  svg.setAttribute('height', H);
  const last = lastMove();
  const lastSquares = new Set(last ? playedPath(last) : []);
  const check = new Set(state.check || []);
  const cur = current();
  const targets = nextTargets(cur);
  const chosen = new Set(cur ? cur.path : []);
  const pv = preview && sel && preview.key === selKey(sel) ? preview.board : null;
  const layerSq = el('g', {id: 'squares'}, svg);
  const layerUnder = el('g', {id: 'played'}, svg);      // the last move's arrows, under the pieces
  const layerPieces = el('g', {id: 'pieces'}, svg);
  const layerArrows = el('g', {id: 'arrows'}, svg);     // above the pieces: never hidden
  const layerMarks = el('g', {id: 'targets'}, svg);
  const layerHits = el('g', {id: 'hits'}, svg);
  const sqvars = state.square_vars || {};
  game.squares.forEach((s, sq) => {
    const [x, y] = cellXY(sq);
    let cls = 'sq ' + ((s.x + s.y) % 2 ? 'light' : 'dark');
    if (s.mark) cls += ' mark';
    if (lastSquares.has(sq)) cls += ' last';
    if (chosen.has(sq)) cls += ' sel';
    if (check.has(sq)) cls += ' check';
    el('rect', {class: cls, x: x, y: y, width: S, height: S, 'data-sq': s.name}, layerSq);
    if (game.map && s.map) {
      el('rect', {x: x, y: y, width: S, height: S, fill: mapColour(s.map), opacity: 0.22,
                  'pointer-events': 'none'}, layerSq);
      const t = el('text', {class: 'coord', x: x + 8, y: y + 9, 'font-size': 10}, layerSq);
      t.textContent = s.map;
    }
    for (const [dx, dy] of s.arrows || []) drawArrow(layerArrows, x, y, dx, dy);
    if (pv && JSON.stringify(pv[sq]) !== JSON.stringify(state.board[sq])) {
      // the preview of the move: the square as it will be, over what it is
      el('rect', {class: `preview-bg ${(s.x + s.y) % 2 ? 'light' : 'dark'}`, x: x, y: y, width: S, height: S}, layerPieces);
      const g = el('g', {class: 'preview', 'data-sq': s.name}, layerPieces);
      drawStack(g, pv[sq], x, y, s.name);
    } else drawStack(layerPieces, state.board[sq], x, y, s.name);
    let k = 0;
    for (const name in sqvars) {
      const v = sqvars[name][sq];
      if (v === undefined) continue;
      const label = `${name} ${v}`;
      const ty = y + 2 + 13 * k++;
      el('rect', {class: 'sqvar-bg', x: x + 1, y: ty, width: Math.min(S - 2, 6.5 * label.length + 4), height: 12, rx: 3}, layerMarks);
      const t = el('text', {class: 'sqvar', x: x + 3, y: ty + 6}, layerMarks);
      t.textContent = label;
    }
    if (targets.has(sq)) {
      // a capture: a ring round the piece; a square with a piece on it that is not taken (the
      // next part of a move starts there): a dot in its corner, not over the piece; else a dot
      if (targets.get(sq)) el('circle', {class: 'target capture', cx: x + S / 2, cy: y + S / 2, r: S * 0.44, 'data-sq': s.name}, layerMarks);
      else if (state.board[sq].length) el('circle', {class: 'target corner', cx: x + S * 0.82, cy: y + S * 0.82, r: S * 0.12, 'data-sq': s.name}, layerMarks);
      else el('circle', {class: 'target', cx: x + S / 2, cy: y + S / 2, r: S * 0.14, 'data-sq': s.name}, layerMarks);
    }
    el('rect', {class: 'hit', x: x, y: y, width: S, height: S, 'data-sq': s.name}, layerHits);
  });
  // the move played, part by part: an arrow from each part's square to the next
  if (last) {
    const p = playedPath(last);
    for (let i = 0; i + 1 < p.length; i += 2) drawMoveArrow(layerUnder, p[i], p[i + 1], 'played');
  }
  // a move whose squares are all entered while longer ones go on (a stay such as a scream, a
  // Four Towers move, a battle move's first parts): its parts drawn, and a mark in the corner
  // of its last square that plays it (a click on the piece itself deselects)
  if (sel && sel.path.length) {
    const c = candidates(sel);
    // (a move in parts, a checkers chain: an arrow for each step, from landing to landing)
    const stepwise = [...c.complete, ...c.more].some((m) => m.steps);
    for (let i = 0; i + 1 < sel.path.length; i += stepwise ? 1 : 2) drawMoveArrow(layerMarks, sel.path[i], sel.path[i + 1], 'entered');
    if (c.complete.length) {
      const end = sel.path[sel.path.length - 1], r = squareRect(end);
      const name = game.squares[end].name;
      el('circle', {class: 'target stay', cx: r.x + r.w * 0.8, cy: r.y + r.h * 0.2, r: S * 0.15, 'data-sq': name}, layerMarks);
      const t = el('text', {class: 'stay-label', x: r.x + r.w * 0.8, y: r.y + r.h * 0.2}, layerMarks);
      t.textContent = '✓';
      const hit = el('circle', {class: 'confirm', cx: r.x + r.w * 0.8, cy: r.y + r.h * 0.2, r: S * 0.17, 'data-sq': name}, layerHits);
      el('title', {}, hit).textContent = c.complete.map((m) => m.s).join(' or ');
    }
  }
  if (game.graph) {            // a graph board: its lines under the squares, names under them
    const layerLinks = el('g', {id: 'links'});
    svg.insertBefore(layerLinks, svg.firstChild);
    for (const [a, b] of game.links) {
      const ra = squareRect(a), rb = squareRect(b);
      if (!ra.w || !rb.w) continue;
      el('line', {class: 'link', x1: ra.x + S / 2, y1: ra.y + S / 2, x2: rb.x + S / 2, y2: rb.y + S / 2}, layerLinks);
    }
    game.squares.forEach((s, sq) => {
      const r = squareRect(sq);
      if (!r.w) return;
      const t = el('text', {class: 'coord', x: r.x + S / 2, y: r.y + S + 9}, svg);
      t.textContent = s.name;
    });
    return;
  }
  // coordinates: file names under the board, rank names on the left
  const [files, ranks] = coordNames();
  for (let fx = 0; fx < game.files; fx++) {
    const col = flipped ? game.files - 1 - fx : fx;
    const t = el('text', {class: 'coord', x: M + col * S + S / 2, y: game.ranks * S + M / 2}, svg);
    t.textContent = files[fx] || '';
  }
  for (let ry = 0; ry < game.ranks; ry++) {
    const row = flipped ? ry : game.ranks - 1 - ry;
    const t = el('text', {class: 'coord', x: M / 2, y: row * S + S / 2}, svg);
    t.textContent = ranks[ry] || '';
  }
}

function miniPiece(p, size) {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('width', size);
  svg.setAttribute('height', size);
  svg.setAttribute('viewBox', `0 0 ${S} ${S}`);
  drawPiece(svg, p, 0, 0, S, S, true);
  return svg;
}

function drawHands() {
  const div = $('hands');
  div.textContent = '';
  const drops = new Set(state.moves.filter((m) => m.kind === 'drop').map((m) => m.drop));
  state.hands.forEach((hand, pl) => {
    if (!hand.length && !state.hands.some((h) => h.length)) return;
    const row = document.createElement('div');
    // a game without drops keeps captured pieces in a pool (Ivory Tower): not to be clicked
    row.className = game.drops ? 'hand' : 'hand pool';
    row.dataset.player = pl;
    row.append(game.drops ? `${game.players[pl].name} in hand: ` : `${game.players[pl].name}'s pool (captured): `);
    for (const {type, count} of hand) {
      const svg = miniPiece({type: type, owner: pl}, 36);
      svg.dataset.type = game.types[type].code;
      if (sel && sel.drop === type && pl === state.turn) svg.classList.add('selected');
      if (game.drops) svg.addEventListener('click', () => clickHand(pl, type));
      row.append(svg, `×${count} `);
    }
    div.append(row);
  });
  // drops of types no hand shows (a game whose drops come from elsewhere)
  for (const t of drops)
    if (!(state.hands[state.turn] || []).some((h) => h.type === t)) {
      const b = document.createElement('button');
      b.textContent = `drop ${game.types[t].code}`;
      b.addEventListener('click', () => clickHand(state.turn, t));
      div.append(b);
    }
}

function drawLegend() {
  const tbl = $('legend');
  tbl.textContent = '';
  game.types.forEach((t, i) => {
    if (!t) return;
    const tr = document.createElement('tr');
    const td0 = document.createElement('td');
    // a neutral type once; any other in each player's colours (a third player's too)
    if (t.neutral) td0.append(miniPiece({type: i, owner: -1}, 26));
    else game.players.forEach((p, pl) => { if (!p.chance) td0.append(miniPiece({type: i, owner: pl}, 26)); });
    const td1 = document.createElement('td');
    td1.textContent = `${t.code}  ${t.name}${t.royal ? ' (royal)' : ''}`;
    tr.append(td0, td1);
    tbl.append(tr);
  });
}

function drawStatus() {
  const st = $('status');
  st.textContent = '';
  if (state.error) { st.textContent = 'rules error: ' + state.error; return; }
  if (state.result && state.result.on_time) {
    const r = state.result;        // a flag fell: "White wins on time"
    st.textContent = `Game over: ${r.code} — ${r.player} ${r.outcome} on time (${r.flag}'s time ran out)`;
    st.dataset.result = r.code;
    return;
  }
  if (state.result) {
    const r = state.result;
    st.textContent = `Game over: ${r.code} — ${r.player} ${r.outcome}${r.reason ? ': ' + r.reason : ''}`;
    st.dataset.result = r.code;
    return;
  }
  delete st.dataset.result;
  st.textContent = `${game.players[state.turn].name} to move`;
  if (state.out && state.out.length) {   // three or more players: those eliminated
    const o = document.createElement('span');
    o.className = 'out';
    o.id = 'out';
    o.textContent = ` — out: ${state.out.map((pl) => game.players[pl].name).join(', ')}`;
    st.append(o);
  }
  if (state.check && state.check.length) {
    const c = document.createElement('span');
    c.className = 'check';
    c.textContent = ' — check';
    st.append(c);
  }
  if (state.throw) {               // the last throw of the dice, which the server made
    const t = document.createElement('span');
    t.className = 'throw';
    t.id = 'throw';
    t.textContent = ` — ${state.throw.player} threw ${state.throw.outcome}`;
    st.append(t);
  }
}

function drawMoveList() {
  const ol = $('movelist');
  ol.textContent = '';
  for (const m of state.history) {      // in SAN, the move's own string as its tooltip
    const li = document.createElement('li');
    li.textContent = m.san || m.s;
    li.title = m.s;
    ol.append(li);
  }
  for (const m of state.redo) {
    const li = document.createElement('li');
    li.className = 'redo';
    li.textContent = m.san || m.s;
    li.title = m.s;
    ol.append(li);
  }
  ol.scrollTop = ol.scrollHeight;
}

function moveButton(m, parent) {
  const b = document.createElement('button');
  b.textContent = m.s;
  b.dataset.move = m.s;
  b.addEventListener('click', () => play(m.s));
  parent.append(b);
}

function drawLists() {
  // moves no square click reaches (a move of no one piece whose string names no square):
  // offered as buttons
  const others = $('others');
  others.textContent = '';
  const loose = state.moves.filter((m) => !m.path.length);
  if (loose.length && loose.length <= 30) {
    others.append('Other moves: ');
    loose.forEach((m) => moveButton(m, others));
  } else if (loose.length) {
    // many (Spinal Tap's battle moves): one list to choose from
    const s = document.createElement('select');
    s.id = 'others-select';
    for (const m of loose) {
      const o = document.createElement('option');
      o.value = o.textContent = m.s;
      s.append(o);
    }
    const b = document.createElement('button');
    b.id = 'others-play';
    b.textContent = 'Play';
    b.addEventListener('click', () => play(s.value));
    others.append(`Other moves (${loose.length}): `, s, ' ', b);
  }
  const legal = $('legal');
  legal.textContent = '';
  $('nlegal').textContent = state.moves.length;
  if (state.moves.length <= 2000) state.moves.forEach((m) => moveButton(m, legal));
  else legal.textContent = `${state.moves.length} moves: type one, or click a piece`;
  const shown = $('shown');
  shown.textContent = '';
  for (const v of state.shown || []) {
    const d = document.createElement('div');
    d.textContent = v.label + ': ' + (v.per_player
      ? v.values.map((x, i) => `${game.players[i].name} ${x}`).join(', ') : v.values[0]);
    shown.append(d);
  }
  // piece variables and stacks in words, for what the drawing can only hint at
  const notes = [];
  state.board.forEach((stack, sq) => {
    const marked = stack.filter((p) => p.vars);
    if (marked.length)
      notes.push(`${game.squares[sq].name}: ` + marked.map((p) => `${pieceText(p)} (${varsText(p.vars)})`).join(', '));
  });
  if (notes.length) {
    const d = document.createElement('div');
    d.textContent = 'marked pieces: ' + notes.join('; ');
    shown.append(d);
  }
  // the pieces of each player on the board (Othello's discs)
  const counts = game.players.map(() => 0);
  for (const stack of state.board) for (const p of stack) if (p.owner >= 0 && p.owner < counts.length) counts[p.owner]++;
  $('counts').textContent = 'on the board: ' + game.players.map((p, i) => `${p.name} ${counts[i]}`).join(', ');
  $('position').textContent = state.position;
  $('undo').disabled = !state.history.length;
  if ($('redo')) $('redo').disabled = !state.redo.length;       // (the editor has neither)
  if ($('engine')) $('engine').disabled = !!state.result || !state.moves.length;
}

function drawOptions() {
  const div = $('options');
  div.textContent = '';
  for (const o of game.options) {
    const label = document.createElement('label');
    if (!o.values.length) {
      const cb = document.createElement('input');
      cb.type = 'checkbox';
      cb.dataset.option = o.name;
      cb.checked = !!o.value;
      label.append(cb, ' ' + o.name);
    } else {
      label.append(o.name + ' ');
      const s = document.createElement('select');
      s.dataset.option = o.name;
      o.values.forEach((v, i) => {
        const opt = document.createElement('option');
        opt.value = v;
        opt.textContent = v;
        if (i === o.value) opt.selected = true;
        s.append(opt);
      });
      label.append(s);
    }
    div.append(label);
  }
}

function hideChooser() { $('chooser').hidden = true; }

function chooser(moves, title) {
  const box = $('chooser-moves');
  box.textContent = '';
  $('chooser-title').textContent = title;
  moves.forEach((m) => moveButton(m, box));
  $('chooser').hidden = false;
}

// ---- clocks -----------------------------------------------------------------------------
// The server keeps the clocks (a reload or another tab sees the same times); the page counts
// down from the times of the last state it got. When the running time reaches zero it asks
// for the state: the server decides that the flag fell, and the result says so.

function clockText(t) {
  if (t < 20) return t.toFixed(1);
  const s = Math.floor(t), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, ss = s % 60;
  return (h ? `${h}:${String(m).padStart(2, '0')}` : `${m}`) + `:${String(ss).padStart(2, '0')}`;
}

function clockLeft(pl) {
  const c = state.clock;
  let t = c.left[pl];
  if (c.running === pl && !state.result) t -= (performance.now() - clockAt) / 1000;
  return Math.max(0, t);
}

function drawClocks() {
  const top = $('clock-top'), bottom = $('clock-bottom');
  if (!top) return;
  const c = state && state.clock;
  top.hidden = bottom.hidden = !c;
  if (!c) return;
  const n = c.left.length;
  // two players: the one at the top of the board above it; more: all under it
  const rows = n === 2 ? [[top, [flipped ? 0 : 1]], [bottom, [flipped ? 1 : 0]]] : [[top, []], [bottom, [...Array(n).keys()]]];
  for (const [div, players] of rows) {
    div.textContent = '';
    div.hidden = !players.length;
    for (const pl of players) {
      const span = document.createElement('span');
      span.className = 'time' + (c.running === pl && !state.result ? ' running' : '') + (c.flagged === pl ? ' flagged' : '');
      span.dataset.player = pl;
      const t = clockLeft(pl);
      if (t < 10) span.classList.add('low');
      span.textContent = `${game.players[pl].name} ${clockText(t)}`;
      div.append(span);
    }
  }
}

function tickClocks() {
  if (!state || !state.clock || state.result) return;
  drawClocks();
  const c = state.clock;
  if (c.running >= 0 && clockLeft(c.running) <= 0 && !busy && !following &&
      performance.now() - flagAsked > 500) {
    flagAsked = performance.now();
    api('/api/state').then((st) => {
      if (busy || following) return;
      setState(st);
      if (st.result) { sel = null; preview = null; }
      redraw();
    }).catch(() => {});
  }
}

// "5+3": 5 minutes and 3 seconds a move; "30s+0": 30 seconds; "" or "0": no clocks.
function parseControl(text) {
  const t = text.trim();
  if (t === '' || t === '0' || t === 'off') return {base: 0, inc: 0};
  const m = /^(\d+(?:\.\d+)?)\s*(s|m|min)?\s*(?:\+\s*(\d+(?:\.\d+)?)\s*s?)?$/.exec(t);
  if (!m) return null;
  return {base: m[2] === 's' ? +m[1] : +m[1] * 60, inc: m[3] ? +m[3] : 0};
}

function redraw() {
  drawClocks();
  drawBoard();
  drawHands();
  drawStatus();
  drawMoveList();
  drawLists();
}

// ---- playing --------------------------------------------------------------------------

function setState(st) {
  state = st;
  clockAt = performance.now();
  for (const m of state.moves) m.path = movePath(m);
}

async function request(path, body) {
  if (busy) return null;
  busy = true;
  document.body.classList.add('busy');
  try {
    const j = await api(path, body);
    showError('');
    if (j.state) setState(j.state);
    return j;
  } catch (e) {
    showError(e.message);
    return null;
  } finally {
    busy = false;
    document.body.classList.remove('busy');
    sel = null;
    preview = null;
    hideChooser();
    if (state) redraw();
  }
}

// The side the user plays (its player number); the engine, when it replies, plays the others.
function human() { return parseInt($('play-as').value, 10) || 0; }

function engineToMove() {
  return $('engine-replies').checked && state && !state.result && state.moves.length > 0 &&
    state.turn !== human() && !state.thinking;
}

async function replyIfEngine() { if (engineToMove()) await engineMove(); }

async function play(move) {
  if (playHook) { await playHook(move); return; }
  const j = await request('/api/move', {move: move});
  if (j) await replyIfEngine();
}

// Against the engine, Undo takes back a pair: the engine's reply and one's own move, so that
// it is one's own turn again.
async function undo() {
  if (!await request('/api/undo', {})) return;
  if ($('engine-replies').checked && state.turn !== human() && state.history.length)
    await request('/api/undo', {});
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function engineText(e) {
  return `engine: ${e.move}  score ${e.score}  depth ${e.depth}  nodes ${e.nodes}  ` +
    `${e.seconds.toFixed(2)}s  pv ${e.pv}`;
}

// The engine thinks in the server's background: its progress is followed in /api/state until
// the state has no "thinking"; Stop asks it to play the best move found so far. A page opened
// (or reloaded) during a search follows it the same way.
async function followEngine() {
  following = true;
  busy = true;
  sel = null;
  preview = null;
  hideChooser();
  $('stop').hidden = false;
  document.body.dataset.thinking = '1';
  let ok = false;
  try {
    $('engine-info').textContent = 'engine: thinking...';
    for (;;) {
      const s = await api('/api/state');
      if (!s.thinking) { setState(s); break; }
      if (s.thinking.info) $('engine-info').textContent = 'thinking: ' + s.thinking.info;
      await sleep(200);
    }
    const e = state.engine;
    if (e && e.error) showError('engine: ' + e.error);
    else if (e) { $('engine-info').textContent = engineText(e); showError(''); ok = true; }
  } catch (e) {
    showError(e.message);
  } finally {
    busy = false;
    following = false;
    delete document.body.dataset.thinking;
    $('stop').hidden = true;
    redraw();
  }
  return ok;
}

async function engineMove() {
  if (busy) return false;
  try {
    const t = parseFloat($('engine-time').value), d = parseInt($('engine-depth').value, 10);
    const limits = {time: t > 0 && t <= 60 ? t : 1};
    if (d > 0) limits.depth = d;
    await api('/api/engine', limits);
  } catch (e) {
    showError(e.message);
    return false;
  }
  return followEngine();
}

function choose(moves, what) {
  if (moves.length === 1) play(moves[0].s);
  else if (moves.length > 1) chooser(moves, `${moves.length} moves ${what}: which one?`);
}

function selKey(x) { return x ? `${x.drop}:${x.path.join(',')}` : ''; }

function deselect() {
  sel = null;
  preview = null;
  hideChooser();
  drawBoard();
  drawHands();
}

// After a square of a move is entered: what the page shows of the move it completes, when
// longer moves go on from there (the position after it, from the server: POST /api/preview).
async function showPreview() {
  const c = candidates(sel);
  preview = null;
  if (!sel || c.complete.length !== 1 || playHook) return;
  const key = selKey(sel);
  try {
    const j = await api('/api/preview', {move: c.complete[0].s});
    if (selKey(sel) !== key) return;
    preview = {key: key, board: j.preview.board};
    drawBoard();
  } catch (e) { /* (the page shows the move without it) */ }
}

function entered() {
  drawBoard();
  drawHands();
  showPreview();
}

function clickSquare(sq) {
  if (busy || !state || state.result) return;
  hideChooser();
  const cur = current();
  const name = game.squares[sq].name;
  if (cur && nextTargets(cur).has(sq)) {
    // the next part of the move: played when no longer move goes on
    const next = {path: [...cur.path, sq], drop: cur.drop, idle: cur.idle};
    const c = candidates(next);
    if (!c.more.length) {
      sel = null;
      preview = null;
      drawBoard();
      drawHands();
      choose(c.complete, `to ${name}`);
      return;
    }
    sel = next;
    entered();
    return;
  }
  if (sel && sel.path.length && sel.path[sel.path.length - 1] === sq) { deselect(); return; }
  // a new move from this square
  const c = candidates({path: [sq]});
  if (!c.complete.length && !c.more.length) { deselect(); return; }
  // a move on this square alone, of no piece (not a stay): played at once
  if (!c.more.length && c.complete.every((m) => m.kind !== 'stay' && (m.from < 0 || m.named))) {
    sel = null;
    preview = null;
    drawBoard();
    choose(c.complete, `on ${name}`);
    return;
  }
  sel = {path: [sq]};
  entered();
}

function confirmSel() {
  if (busy || !sel) return;
  const c = candidates(sel);
  const where = game.squares[sel.path[sel.path.length - 1]].name;
  sel = null;
  preview = null;
  drawBoard();
  choose(c.complete, `ending on ${where}`);
}

function clickHand(pl, type) {
  if (busy || !state || state.result || pl !== state.turn) return;
  hideChooser();
  sel = sel && sel.drop === type ? null : {path: [], drop: type};
  preview = null;
  drawBoard();
  drawHands();
}

// ---- the mouse on the board: click-click and drag and drop ----------------------------

function svgPoint(ev) {
  const svg = $('board');
  const p = svg.createSVGPoint();
  p.x = ev.clientX;
  p.y = ev.clientY;
  return p.matrixTransform(svg.getScreenCTM().inverse());
}

function onPointerDown(ev) {
  if (ev.button !== 0 || !game || !state) return;
  if (ev.target.classList.contains('confirm')) { ev.preventDefault(); confirmSel(); return; }
  const pt = svgPoint(ev), sq = squareAt(pt.x, pt.y);
  if (sq < 0) return;
  ev.preventDefault();
  // a press selects at once (so that the piece can be dragged); a press on the piece already
  // chosen waits for the release: without a drag, that click deselects
  const again = sel && sel.path.length === 1 && sel.path[0] === sq && sel.drop === undefined;
  drag = {sq: sq, x: pt.x, y: pt.y, moved: false, ghost: null, pending: again};
  if (!again) clickSquare(sq);
}

function onPointerMove(ev) {
  if (!drag) return;
  const pt = svgPoint(ev);
  if (!drag.moved && Math.hypot(pt.x - drag.x, pt.y - drag.y) < 6) return;
  if (!sel || sel.path.length !== 1 || sel.path[0] !== drag.sq) return;
  if (!drag.moved) {
    drag.moved = true;
    const name = game.squares[drag.sq].name;
    const pieces = [...document.querySelectorAll(`#pieces g.piece[data-sq="${name}"]`)];
    if (pieces.length) {
      drag.ghost = el('g', {class: 'ghost', 'pointer-events': 'none'}, $('board'));
      for (const p of pieces) { drag.ghost.append(p.cloneNode(true)); p.classList.add('lifted'); }
    }
  }
  if (drag.ghost) drag.ghost.setAttribute('transform', `translate(${pt.x - drag.x},${pt.y - drag.y})`);
}

function onPointerUp(ev) {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (d.ghost) d.ghost.remove();
  const pt = svgPoint(ev), sq = squareAt(pt.x, pt.y);
  if (!d.moved) {
    if (d.pending) clickSquare(d.sq);          // the chosen piece clicked again: deselect
    return;
  }
  if (sq >= 0 && sq !== d.sq && sel && nextTargets(sel).has(sq)) clickSquare(sq);
  else if (sq !== d.sq) deselect();
  else drawBoard();                            // dropped where it was: still chosen
}

// ---- set-up ---------------------------------------------------------------------------

// A player named after a colour (White, Black, Red, Blue...) gets that colour; the others keep
// board.css's light, dark, red, blue by their number.
const NAMED = {white: ['#fffdf5', '#111'], black: ['#2b2b2b', '#fff'], red: ['#c8322d', '#fff'],
  blue: ['#2f5fc0', '#fff'], green: ['#2e8b3e', '#fff'], yellow: ['#f0c82a', '#111'],
  gold: ['#d9a520', '#111'], silver: ['#c0c0c8', '#111'], orange: ['#e07a1f', '#111'],
  purple: ['#7b3fa0', '#fff'], brown: ['#7a4b25', '#fff'], gray: ['#888', '#fff'], grey: ['#888', '#fff'],
  alabaster: ['#fffdf5', '#111'], obsidian: ['#2b2b2b', '#fff']};

function playerColours() {
  let css = '';
  game.players.forEach((p, i) => {
    const c = NAMED[p.name.toLowerCase()];
    if (c) css += `.owner${i} .body { fill: ${c[0]}; } .owner${i} text { fill: ${c[1]}; }\n`;
  });
  let st = document.getElementById('player-colours');
  if (!st) {
    st = document.createElement('style');
    st.id = 'player-colours';
    document.head.append(st);
  }
  st.textContent = css;
}

// The engine's settings, the side played and the board's way round, kept by the browser for
// each game (localStorage), so that a reload keeps them.
const SETTINGS = ['engine-time', 'engine-depth', 'engine-replies', 'play-as', 'clock-control'];
function settingsKey() { return 'boardvm:' + game.file; }

function saveSettings() {
  const o = {flipped: flipped};
  for (const id of SETTINGS) o[id] = $(id).type === 'checkbox' ? $(id).checked : $(id).value;
  try { localStorage.setItem(settingsKey(), JSON.stringify(o)); } catch (e) { /* (none kept) */ }
}

function restoreSettings() {
  let o = null;
  try { o = JSON.parse(localStorage.getItem(settingsKey()) || 'null'); } catch (e) { o = null; }
  if (!o) return;
  for (const id of SETTINGS) {
    if (o[id] === undefined) continue;
    if ($(id).type === 'checkbox') $(id).checked = !!o[id];
    else $(id).value = o[id];
  }
  flipped = !!o.flipped;
}

function fillPlayAs() {
  const s = $('play-as');
  const was = s.value;
  s.textContent = '';
  game.players.forEach((p, i) => {
    const o = document.createElement('option');
    o.value = i;
    o.textContent = p.name;
    s.append(o);
  });
  if (was && +was < game.players.length) s.value = was;
}

async function load() {
  let st;
  try {
    game = await api('/api/game');
    st = await api('/api/state');
    version = (await api('/api/version')).version;
  } catch (e) {
    showError(e.message);
    return;
  }
  squareByName = new Map(game.squares.map((s, i) => [s.name, i]));
  setState(st);
  document.title = `${game.name} — boardvm`;
  $('title').textContent = game.name;
  $('file').textContent = game.file;
  playerColours();
  choosePieceSet();
  drawLegend();
  drawOptions();
  fillPlayAs();
  restoreSettings();
  sel = null;
  preview = null;
  redraw();
  document.body.dataset.ready = '1';
  if (state.thinking && !following) followEngine();
}

// Another tab (or a script) may change the game: the page asks for the server's count of
// changes every second and, when it moved, draws the state again (a new game: the game too).
async function sync() {
  if (busy || following || !game || document.hidden) return;
  let v;
  try { v = await api('/api/version'); } catch (e) { return; }
  if (v.version === version && !v.thinking) return;
  version = v.version;
  if (busy || following) return;
  if (v.thinking) { followEngine(); return; }
  try {
    const st = await api('/api/state');
    if (busy || following) return;
    if (JSON.stringify(st.options) !== JSON.stringify(state.options) || st.start !== state.start) {
      await load();
      return;
    }
    if (st.position === state.position && st.history.length === state.history.length) return;
    setState(st);
    sel = null;
    preview = null;
    redraw();
  } catch (e) { /* (the next second tries again) */ }
}

function wire() {
  $('undo').addEventListener('click', () => undo());
  $('redo').addEventListener('click', () => request('/api/redo', {}));
  $('flip').addEventListener('click', () => { flipped = !flipped; saveSettings(); redraw(); });
  // playing the second player turns the board round (that player's side at the bottom)
  $('play-as').addEventListener('change', () => {
    flipped = human() === 1;
    saveSettings();
    redraw();
    replyIfEngine();
  });
  $('engine-replies').addEventListener('change', () => { saveSettings(); replyIfEngine(); });
  $('engine-time').addEventListener('change', saveSettings);
  $('engine-depth').addEventListener('change', saveSettings);
  const board = $('board');
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('pointermove', onPointerMove);
  board.addEventListener('pointerup', onPointerUp);
  board.addEventListener('pointercancel', () => { if (drag && drag.ghost) drag.ghost.remove(); drag = null; drawBoard(); });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && (sel || !$('chooser').hidden)) deselect();
  });
  setInterval(sync, 1000);
  setInterval(tickClocks, 100);
  $('clock-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const c = parseControl($('clock-control').value);
    if (!c) { showError('a time control is written 5+3 (minutes + seconds a move) or 30s+0'); return; }
    saveSettings();
    await request('/api/clock', c);
  });
  $('engine').addEventListener('click', () => engineMove());
  $('stop').addEventListener('click', () => {
    selfplay = false;
    api('/api/stop', {}).catch((e) => showError(e.message));
  });
  $('chooser-cancel').addEventListener('click', () => deselect());
  $('typed').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const m = $('typed-move').value.trim();
    if (m) play(m).then(() => { if (!$('error').textContent) $('typed-move').value = ''; });
  });
  $('selfplay').addEventListener('click', async () => {
    selfplay = !selfplay;
    $('selfplay').textContent = selfplay ? 'Stop' : 'Self-play';
    while (selfplay && state && !state.result && state.moves.length) {
      if (!await engineMove()) break;
    }
    selfplay = false;
    $('selfplay').textContent = 'Self-play';
  });
  $('newgame-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const options = [];
    for (const e of document.querySelectorAll('#options [data-option]')) {
      if (e.type === 'checkbox') { if (e.checked) options.push(e.dataset.option); }
      else options.push(`${e.dataset.option}=${e.value}`);
    }
    const fen = $('fen').value.trim();
    if (await request('/api/new', {options: options, fen: fen || null})) await load();
  });
  $('save').addEventListener('click', async () => {
    try {
      const j = await api('/api/record');
      $('record-text').value = j.record;
      const a = $('download');
      a.href = URL.createObjectURL(new Blob([j.record], {type: 'text/plain'}));
      a.hidden = false;
      showError('');
    } catch (e) { showError(e.message); }
  });
  $('load').addEventListener('click', async () => {
    if (await request('/api/load', {record: $('record-text').value})) await load();
  });
}

// (the rules editor, /edit, loads this file for its drawing and wires its own page)
if (!document.body.dataset.editor) {
  wire();
  load();
}
