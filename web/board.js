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
let sel = null;           // {from: square} or {drop: type}: the click that chose a piece
let busy = false;         // a request is on its way: clicks wait
let selfplay = false;

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

function cellXY(sq) {          // the top-left corner of a square on screen
  const s = game.squares[sq];
  const col = flipped ? game.files - 1 - s.x : s.x;
  const row = flipped ? s.y : game.ranks - 1 - s.y;
  return [M + col * S, row * S];
}

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

// A piece: a disc (alone on its square) or one band of a stack.
function drawPiece(parent, p, x, y, w, h, top) {
  const g = el('g', {class: `piece ${pieceClass(p)}${top ? ' top' : ''}`,
                     'data-type': game.types[p.type] ? game.types[p.type].code : '?',
                     'data-owner': p.owner}, parent);
  const text = pieceText(p);
  if (h >= S * 0.6) {
    // smaller on a board of arrows, so that the arrows around a piece stay visible
    const r = Math.min(w, h) * (game.arrows && parent.id === 'pieces' ? 0.32 : 0.36);
    el('circle', {class: 'body', cx: x + w / 2, cy: y + h / 2, r: r}, g);
  } else {
    el('rect', {class: 'body', x: x + 6, y: y + 1, width: w - 12, height: h - 2, rx: 4}, g);
  }
  const size = Math.min(h * 0.55, (w * 0.62) / Math.max(1, text.length * 0.62), 26);
  const t = el('text', {x: x + w / 2, y: y + h / 2, 'font-size': size.toFixed(1)}, g);
  t.textContent = text;
  const title = el('title', {}, g);
  const name = game.types[p.type] ? game.types[p.type].name : '?';
  const owner = p.owner >= 0 && game.players[p.owner] ? game.players[p.owner].name + ' ' : '';
  title.textContent = owner + name + (p.vars ? ` (${varsText(p.vars)})` : '');
  if (p.vars) {
    // a badge with the initials of the piece's variables that are set (s: statue...)
    const initials = Object.keys(p.vars).map((k) => k[0]).join('').slice(0, 3);
    const r = Math.min(9, h / 2 - 1);
    const bx = x + w - r - 2, by = y + (h >= S * 0.6 ? r + 2 : h / 2);
    el('circle', {class: 'badge-bg', cx: bx, cy: by, r: r}, g);
    const b = el('text', {class: 'badge', x: bx, y: by, 'font-size': (r * 1.2).toFixed(1)}, g);
    b.textContent = initials;
  }
  return g;
}

function drawStack(parent, stack, x, y) {
  if (stack.length === 0) return;
  if (stack.length === 1) { drawPiece(parent, stack[0], x, y, S, S, true); return; }
  // every layer, bottom first from the bottom of the square up; the top one framed
  const h = (S - 4) / stack.length;
  stack.forEach((p, i) => drawPiece(parent, p, x, y + S - 2 - (i + 1) * h, S, h, i === stack.length - 1));
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

function targetsOf(selection) {
  const set = new Map();        // square -> capture?
  for (const m of selMoves(selection)) {
    const to = m.to >= 0 ? m.to : m.from;
    if (to >= 0) set.set(to, state.board[to].length > 0 && m.kind !== 'stay');
  }
  return set;
}

function selMoves(selection) {
  if (!selection || !state) return [];
  if (selection.drop !== undefined)
    return state.moves.filter((m) => m.kind === 'drop' && m.drop === selection.drop);
  return state.moves.filter((m) => m.from === selection.from && m.kind !== 'drop');
}

function drawBoard() {
  const svg = $('board');
  svg.textContent = '';
  const W = M + game.files * S + 4, H = game.ranks * S + M;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('width', W);
  svg.setAttribute('height', H);
  const last = lastMove();
  const check = new Set(state.check || []);
  const targets = targetsOf(sel);
  const layerSq = el('g', {id: 'squares'}, svg);
  const layerPieces = el('g', {id: 'pieces'}, svg);
  const layerArrows = el('g', {id: 'arrows'}, svg);     // above the pieces: never hidden
  const layerMarks = el('g', {id: 'targets'}, svg);
  const layerHits = el('g', {id: 'hits'}, svg);
  const sqvars = state.square_vars || {};
  game.squares.forEach((s, sq) => {
    const [x, y] = cellXY(sq);
    let cls = 'sq ' + ((s.x + s.y) % 2 ? 'light' : 'dark');
    if (s.mark) cls += ' mark';
    if (last && (last.from === sq || last.to === sq)) cls += ' last';
    if (sel && sel.from === sq) cls += ' sel';
    if (check.has(sq)) cls += ' check';
    el('rect', {class: cls, x: x, y: y, width: S, height: S, 'data-sq': s.name}, layerSq);
    if (game.map && s.map) {
      el('rect', {x: x, y: y, width: S, height: S, fill: mapColour(s.map), opacity: 0.22,
                  'pointer-events': 'none'}, layerSq);
      const t = el('text', {class: 'coord', x: x + 8, y: y + 9, 'font-size': 10}, layerSq);
      t.textContent = s.map;
    }
    for (const [dx, dy] of s.arrows || []) drawArrow(layerArrows, x, y, dx, dy);
    drawStack(layerPieces, state.board[sq], x, y);
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
      if (targets.get(sq)) el('circle', {class: 'target capture', cx: x + S / 2, cy: y + S / 2, r: S * 0.44, 'data-sq': s.name}, layerMarks);
      else el('circle', {class: 'target', cx: x + S / 2, cy: y + S / 2, r: S * 0.14, 'data-sq': s.name}, layerMarks);
    }
    const hit = el('rect', {class: 'hit', x: x, y: y, width: S, height: S, 'data-sq': s.name}, layerHits);
    hit.addEventListener('click', () => clickSquare(sq));
  });
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
    row.className = 'hand';
    row.dataset.player = pl;
    row.append(`${game.players[pl].name} in hand: `);
    for (const {type, count} of hand) {
      const svg = miniPiece({type: type, owner: pl}, 36);
      svg.dataset.type = game.types[type].code;
      if (sel && sel.drop === type && pl === state.turn) svg.classList.add('selected');
      svg.addEventListener('click', () => clickHand(pl, type));
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
    td0.append(miniPiece({type: i, owner: t.neutral ? -1 : 0}, 26));
    if (!t.neutral && game.players.length > 1) td0.append(miniPiece({type: i, owner: 1}, 26));
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
  if (state.result) {
    const r = state.result;
    st.textContent = `Game over: ${r.code} — ${r.player} ${r.outcome}${r.reason ? ': ' + r.reason : ''}`;
    st.dataset.result = r.code;
    return;
  }
  delete st.dataset.result;
  st.textContent = `${game.players[state.turn].name} to move`;
  if (state.check && state.check.length) {
    const c = document.createElement('span');
    c.className = 'check';
    c.textContent = ' — check';
    st.append(c);
  }
}

function drawMoveList() {
  const ol = $('movelist');
  ol.textContent = '';
  for (const m of state.history) {
    const li = document.createElement('li');
    li.textContent = m.s;
    ol.append(li);
  }
  for (const m of state.redo) {
    const li = document.createElement('li');
    li.className = 'redo';
    li.textContent = m.s;
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
  // moves no square click reaches (a move of no one piece): always offered as buttons
  const others = $('others');
  others.textContent = '';
  const loose = state.moves.filter((m) => m.from < 0 && m.to < 0 && m.kind !== 'drop');
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
  $('position').textContent = state.position;
  $('undo').disabled = !state.history.length;
  $('redo').disabled = !state.redo.length;
  $('engine').disabled = !!state.result || !state.moves.length;
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

function redraw() {
  drawBoard();
  drawHands();
  drawStatus();
  drawMoveList();
  drawLists();
}

// ---- playing --------------------------------------------------------------------------

async function request(path, body) {
  if (busy) return null;
  busy = true;
  document.body.classList.add('busy');
  try {
    const j = await api(path, body);
    showError('');
    if (j.state) state = j.state;
    return j;
  } catch (e) {
    showError(e.message);
    return null;
  } finally {
    busy = false;
    document.body.classList.remove('busy');
    sel = null;
    hideChooser();
    if (state) redraw();
  }
}

async function play(move) {
  const j = await request('/api/move', {move: move});
  if (j && $('engine-replies').checked && !state.result && state.moves.length) await engineMove();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function engineText(e) {
  return `engine: ${e.move}  score ${e.score}  depth ${e.depth}  nodes ${e.nodes}  ` +
    `${e.seconds.toFixed(2)}s  pv ${e.pv}`;
}

// The engine thinks in the server's background: its progress is followed in /api/state until
// the state has no "thinking"; Stop asks it to play the best move found so far.
async function engineMove() {
  if (busy) return false;
  busy = true;
  sel = null;
  hideChooser();
  $('stop').hidden = false;
  let ok = false;
  try {
    const t = parseFloat($('engine-time').value), d = parseInt($('engine-depth').value, 10);
    const limits = {time: t > 0 && t <= 60 ? t : 1};
    if (d > 0) limits.depth = d;
    await api('/api/engine', limits);
    $('engine-info').textContent = 'engine: thinking...';
    for (;;) {
      await sleep(200);
      const s = await api('/api/state');
      if (!s.thinking) { state = s; break; }
      if (s.thinking.info) $('engine-info').textContent = 'thinking: ' + s.thinking.info;
    }
    const e = state.engine;
    if (e && e.error) showError('engine: ' + e.error);
    else if (e) { $('engine-info').textContent = engineText(e); showError(''); ok = true; }
  } catch (e) {
    showError(e.message);
  } finally {
    busy = false;
    $('stop').hidden = true;
    redraw();
  }
  return ok;
}

function choose(moves, what) {
  if (moves.length === 1) play(moves[0].s);
  else if (moves.length > 1) chooser(moves, `${moves.length} moves ${what}: which one?`);
}

function clickSquare(sq) {
  if (busy || !state || state.result) return;
  hideChooser();
  if (sel) {
    const here = selMoves(sel).filter((m) => (m.to >= 0 ? m.to : m.from) === sq);
    if (here.length) {
      choose(here, `to ${game.squares[sq].name}`);
      return;
    }
  }
  const from = state.moves.filter((m) => m.from === sq && m.kind !== 'drop');
  if (from.length && !(sel && sel.from === sq)) {
    sel = {from: sq};
  } else {
    sel = null;
    // a move that only names its destination (no piece moves from a square)
    const onto = state.moves.filter((m) => m.from < 0 && m.to === sq && m.kind !== 'drop');
    if (onto.length) choose(onto, `on ${game.squares[sq].name}`);
  }
  drawBoard();
  drawHands();
}

function clickHand(pl, type) {
  if (busy || !state || state.result || pl !== state.turn) return;
  hideChooser();
  sel = sel && sel.drop === type ? null : {drop: type};
  drawBoard();
  drawHands();
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

async function load() {
  try {
    game = await api('/api/game');
    state = await api('/api/state');
  } catch (e) {
    showError(e.message);
    return;
  }
  document.title = `${game.name} — boardvm`;
  $('title').textContent = game.name;
  $('file').textContent = game.file;
  playerColours();
  drawLegend();
  drawOptions();
  sel = null;
  redraw();
  document.body.dataset.ready = '1';
}

function wire() {
  $('undo').addEventListener('click', () => request('/api/undo', {}));
  $('redo').addEventListener('click', () => request('/api/redo', {}));
  $('flip').addEventListener('click', () => { flipped = !flipped; redraw(); });
  $('engine').addEventListener('click', () => engineMove());
  $('stop').addEventListener('click', () => {
    selfplay = false;
    api('/api/stop', {}).catch((e) => showError(e.message));
  });
  $('chooser-cancel').addEventListener('click', () => { hideChooser(); sel = null; drawBoard(); });
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

wire();
load();
