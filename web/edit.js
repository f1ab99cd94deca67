// edit.js - the live rules editor (/edit) of `boardvm serve`: the rules text beside the board
// it makes. As the text changes (300 ms after the last key) the server compiles it (POST
// /api/edit/compile, under the bounds of docs/web.md) and answers with its errors, the game,
// the position after the moves played here, the legal moves and perft; the board is drawn by
// board.js's functions (its globals `game`, `state`, `flipped`...; its clicks come to playHook).
// Save downloads the text: the server writes no file for the editor.
'use strict';

const BLANK = `# A new game: edit this text, and the board beside it follows as you type.
game "New game";
players White "w", Black "b";
board 5 x 5;

direction n = (0,1), s = (0,-1), e = (1,0), w = (-1,0),
          ne = (1,1), nw = (-1,1), se = (1,-1), sw = (-1,-1);
symmetry Black: n s, ne se, nw sw;
dirs orth = n e s w;
dirs diag = ne nw se sw;

piece King "K" royal { leap orth diag; }
piece Rook "R" value 500 { ride orth; }

legal { require not in-check; }
end { if no-moves { if in-check { lose "checkmate"; } else { draw "stalemate"; } } }

start "k4/5/5/5/R3K w";
position board turn;
`;

let played = [];          // the moves played on the editor's board: {s, from, to}
let asked = 0;            // the number of the last compile asked for; older answers are dropped
let timer = null;
let fileName = 'game.rules';
let lastAnswer = null;

// ---- the text: line numbers, the marks of errors at their line and column ----------------

function lineHeight() { return parseFloat(getComputedStyle($('source')).lineHeight) || 17; }

function drawGutter() {
  const n = $('source').value.split('\n').length;
  const bad = new Set((lastAnswer ? lastAnswer.errors : []).filter((e) => e.line > 0).map((e) => e.line));
  const g = $('gutter');
  g.textContent = '';
  for (let i = 1; i <= n; i++) {
    const s = document.createElement('span');
    s.textContent = i + '\n';
    if (bad.has(i)) s.className = 'bad';
    g.append(s);
  }
}

// The marks layer under the textarea (same font, transparent text): the line of each error
// tinted and its column underlined; the message written at the end of its line.
function drawMarks() {
  const text = $('source').value, lines = text.split('\n');
  const errs = lastAnswer ? lastAnswer.errors.filter((e) => e.line > 0 && e.line <= lines.length) : [];
  const byLine = new Map();
  for (const e of errs) if (!byLine.has(e.line)) byLine.set(e.line, e);
  const marks = $('marks');
  marks.textContent = '';
  lines.forEach((line, i) => {
    const e = byLine.get(i + 1);
    const div = document.createElement('div');
    div.className = 'mline' + (e ? ' ' + (e.severity === 'warning' ? 'warn' : 'bad') : '');
    if (e && e.col > 0) {
      const c = Math.min(e.col - 1, line.length);
      div.append(line.slice(0, c));
      const u = document.createElement('span');
      u.className = 'at';
      u.textContent = line.slice(c, c + 1) || ' ';
      div.append(u, line.slice(c + 1));
    } else div.textContent = line || ' ';
    marks.append(div);
  });
  const inl = $('inline-errors');
  inl.textContent = '';
  const h = lineHeight();
  for (const [line, e] of byLine) {
    const d = document.createElement('div');
    d.className = 'inline-error ' + (e.severity === 'warning' ? 'warn' : 'bad');
    d.dataset.line = line;
    d.dataset.col = e.col;
    d.style.top = `${(line - 1) * h + 4 - $('source').scrollTop}px`;
    d.textContent = `${line}:${e.col}: ${e.message}`;
    inl.append(d);
  }
  syncScroll();
}

function syncScroll() {
  const t = $('source');
  $('marks').style.transform = `translate(${-t.scrollLeft}px, ${-t.scrollTop}px)`;
  $('gutter').scrollTop = t.scrollTop;
  const h = lineHeight();
  for (const d of document.querySelectorAll('#inline-errors .inline-error'))
    d.style.top = `${(+d.dataset.line - 1) * h + 4 - t.scrollTop}px`;
}

function drawErrors() {
  const ol = $('errors');
  ol.textContent = '';
  for (const e of lastAnswer ? lastAnswer.errors : []) {
    const li = document.createElement('li');
    li.className = e.severity === 'warning' ? 'warn' : e.severity === 'note' ? 'note' : 'bad';
    li.textContent = e.line > 0 ? `line ${e.line}${e.col ? ', column ' + e.col : ''}: ${e.message}` : e.message;
    li.dataset.line = e.line;
    li.dataset.col = e.col;
    if (e.line > 0) li.addEventListener('click', () => goTo(e.line, e.col));
    ol.append(li);
  }
}

function goTo(line, col) {
  const t = $('source'), lines = t.value.split('\n');
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  at += Math.max(0, (col || 1) - 1);
  t.focus();
  t.setSelectionRange(at, at + 1);
  t.scrollTop = Math.max(0, (line - 5) * lineHeight());
  syncScroll();
}

// ---- the compile --------------------------------------------------------------------------

function changed() {
  drawGutter();
  drawMarks();                // (the old messages' lines, kept in step with the text meanwhile)
  clearTimeout(timer);
  timer = setTimeout(compile, 300);
  $('compile-status').textContent = 'editing...';
}

async function compile() {
  const n = ++asked;
  $('compile-status').textContent = 'compiling...';
  const body = {text: $('source').value, moves: played.map((m) => m.s), depth: +$('depth').value};
  let j;
  try {
    j = await api('/api/edit/compile', body);
  } catch (e) {
    if (n === asked) $('compile-status').textContent = 'not compiled: ' + e.message;
    return;
  }
  if (n !== asked) return;              // a newer text was sent meanwhile
  lastAnswer = j;
  document.body.dataset.compiled = n;
  const nerr = j.errors.filter((e) => e.severity !== 'warning' && e.severity !== 'note').length;
  $('compile-status').textContent = j.ok ? `compiled in ${(j.seconds || 0).toFixed(2)} s` +
    (j.errors.length ? ` (${j.errors.length} message${j.errors.length > 1 ? 's' : ''})` : '')
    : `${nerr || 1} error${nerr > 1 ? 's' : ''}: the board shows the last text that compiled`;
  document.body.dataset.ok = j.ok ? '1' : '0';
  drawGutter();
  drawMarks();
  drawErrors();
  if (!j.ok) return;
  if (j.played < played.length) played = played.slice(0, j.played);
  game = j.game;
  squareByName = new Map(game.squares.map((s, i) => [s.name, i]));
  const st = j.state;
  st.history = played;
  st.redo = [];
  setState(st);
  playerColours();            // (the text may have renamed the players or the types)
  choosePieceSet();
  sel = null;
  preview = null;
  hideChooser();
  drawLegend();
  redrawEditor();
  drawPerft(j);
}

function drawPerft(j) {
  const t = $('perft');
  t.textContent = '';
  for (const r of j.perft) {
    const tr = document.createElement('tr');
    tr.dataset.depth = r.depth;
    tr.innerHTML = '<td></td><td class="num"></td><td class="num"></td>';
    tr.children[0].textContent = `depth ${r.depth}`;
    tr.children[1].textContent = r.nodes;
    tr.children[2].textContent = `${r.seconds.toFixed(3)} s`;
    t.append(tr);
  }
  if (j.perft_stopped) {
    const tr = document.createElement('tr');
    const td = document.createElement('td');
    td.colSpan = 3;
    td.className = 'stopped';
    td.textContent = j.perft_stopped;
    tr.append(td);
    t.append(tr);
  }
}

function redrawEditor() {
  drawBoard();
  drawHands();
  drawStatus();
  drawMoveList();
  drawLists();
}

// ---- the board: moves played here, sent with each compile ----------------------------------

playHook = async (s) => {
  const m = state.moves.find((x) => x.s === s);
  played.push({s: s, from: m ? m.from : -1, to: m ? m.to : -1});
  await compile();
};

// ---- starting points and saving ----------------------------------------------------------

async function fillStarts() {
  const s = $('start-from');
  const add = (value, text) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    s.append(o);
  };
  add('current', 'the game being played');
  add('blank', 'a blank template');
  try {
    const j = await api('/api/edit/games');
    for (const g of j.games) add('game:' + g, g);
  } catch (e) { showError(e.message); }
}

async function startFrom(what) {
  let text = BLANK, name = 'new-game.rules';
  try {
    if (what === 'current') {
      const j = await api('/api/edit/current');
      text = j.text;
      name = j.name;
    } else if (what.startsWith('game:')) {
      const j = await api('/api/edit/source/' + encodeURIComponent(what.slice(5)));
      text = j.text;
      name = j.name + '.rules';
    }
  } catch (e) { showError(e.message); return; }
  fileName = name;
  $('file').textContent = name;
  $('source').value = text;
  played = [];
  game = null;
  $('source').scrollTop = 0;
  drawGutter();
  compile();
}

function save() {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([$('source').value], {type: 'text/plain'}));
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

function wireEditor() {
  const t = $('source');
  t.addEventListener('input', changed);
  t.addEventListener('scroll', syncScroll);
  t.addEventListener('keydown', (ev) => {     // Tab indents rather than leaving the text
    if (ev.key !== 'Tab') return;
    ev.preventDefault();
    t.setRangeText('  ', t.selectionStart, t.selectionEnd, 'end');
    changed();
  });
  $('start').addEventListener('click', () => startFrom($('start-from').value));
  $('save').addEventListener('click', save);
  $('depth').addEventListener('change', compile);
  $('undo').addEventListener('click', () => { played.pop(); compile(); });
  $('restart').addEventListener('click', () => { played = []; compile(); });
  $('flip').addEventListener('click', () => { flipped = !flipped; if (state) redrawEditor(); });
  const board = $('board');
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('pointermove', onPointerMove);
  board.addEventListener('pointerup', onPointerUp);
  board.addEventListener('pointercancel', () => { if (drag && drag.ghost) drag.ghost.remove(); drag = null; drawBoard(); });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && (sel || !$('chooser').hidden)) deselect();
  });
  $('chooser-cancel').addEventListener('click', () => deselect());
}

(async () => {
  wireEditor();
  await fillStarts();
  await startFrom('current');
  document.body.dataset.ready = '1';
})();
