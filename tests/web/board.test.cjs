// board.test.cjs - the web board in a real browser (Debian's chromium driven by playwright-core),
// run by `make check-web` through tests/web/run.sh. Each check is compared with what the command
// line says (boardvm check, moves, show) or with the rules file itself, not with the page's own
// data. Prints TAP-like lines and 'N passed, N failed'; exits 1 on a failure.
//
// Environment: BOARDVM (the binary), SRCDIR (the source tree), SHOTS (where screenshots go),
// CHROMIUM (the browser); WEB_ONLY=games,special,clock,editor runs only those parts (all by
// default).
'use strict';
const { chromium } = require('playwright-core');
const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const BOARDVM = process.env.BOARDVM;
const SRCDIR = process.env.SRCDIR;
const SHOTS = process.env.SHOTS;
let passed = 0, failed = 0;

function check(ok, what, detail) {
  if (ok) { passed++; console.log(`ok - ${what}`); }
  else { failed++; console.log(`not ok - ${what}${detail ? ': ' + detail : ''}`); }
}

function cli(...args) {
  return execFileSync(BOARDVM, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

// Start `boardvm serve FILE ARGS --port 0`; resolves with {url, proc} once it says where.
function serve(file, args = []) {
  return new Promise((resolve, reject) => {
    const proc = spawn(BOARDVM, ['serve', file, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${file}: the server did not start`)), 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) { clearTimeout(timer); resolve({ url: m[0], proc }); }
    });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`${file}: serve exited (${code})`)); });
  });
}

function stop(srv) {
  srv.proc.removeAllListeners('exit');
  srv.proc.kill('SIGTERM');
}

// The number of arrows a rules file's `arrows { sq: dir dir; ... }` block lists.
function arrowsInRules(text) {
  const m = /^arrows\s*\{([^}]*)\}/m.exec(text);
  if (!m) return 0;
  let n = 0;
  for (const entry of m[1].replace(/#.*$/gm, '').split(';')) {
    const colon = entry.indexOf(':');
    if (colon >= 0) n += entry.slice(colon + 1).trim().split(/\s+/).filter(Boolean).length;
  }
  return n;
}

async function ready(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready]', { timeout: 60000 });
}

async function stateOf(page) {
  return page.evaluate(async () => (await fetch('/api/state')).json());
}

async function targets(page) {
  return (await page.$$eval('#targets circle.target', (cs) => cs.map((c) => c.dataset.sq))).sort();
}

// After a click that makes a move, wait until the page has drawn the new state.
async function waitHistory(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('#movelist li:not(.redo)').length === k, n, { timeout: 60000 });
}

async function clickSq(page, name) {
  await page.click(`#hits rect[data-sq="${name}"]`);
}

// Every game: squares, pieces, arrows, legend, a click's targets against `boardvm moves`,
// an illegal click and a typed illegal move, a legal move against `boardvm show --moves`.
async function gameChecks(browser, file) {
  const name = path.basename(file, '.rules');
  const rules = fs.readFileSync(file, 'utf8');
  const info = /(\d+) squares, (\d+) piece types/.exec(cli('check', file));
  const srv = await serve(file);
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await ready(page, srv.url);
    const nsq = await page.$$eval('#squares rect.sq', (r) => r.length);
    check(nsq === +info[1], `${name}: ${info[1]} squares drawn`, `${nsq}`);
    const legend = await page.$$eval('#legend tr', (r) => r.length);
    check(legend === +info[2], `${name}: ${info[2]} piece types in the legend`, `${legend}`);
    const narrows = await page.$$eval('#arrows path.arrow', (a) => a.length);
    const want = arrowsInRules(rules);
    check(narrows === want, `${name}: ${want} arrows drawn (the rules file's arrows block)`, `${narrows}`);
    const st = await stateOf(page);
    const layers = st.board.reduce((n, s) => n + s.length, 0);
    const npieces = await page.$$eval('#pieces g.piece', (p) => p.length);
    // a game of drops may start on an empty board (tic-tac-toe, connect-four): nothing to draw
    // yet, and its pieces are counted after its first move, below
    if (layers > 0) check(npieces === layers, `${name}: ${layers} pieces drawn, every layer`, `${npieces}`);
    else check(npieces === 0, `${name}: an empty start, no piece drawn`, `${npieces}`);
    // boardvm svg draws the same picture
    const svg = cli('svg', file);
    const cnt = (re) => (svg.match(re) || []).length;
    const same = [cnt(/class="sq /g), cnt(/class="arrow"/g), cnt(/class="piece /g)];
    check(JSON.stringify(same) === JSON.stringify([nsq, narrows, npieces]),
      `${name}: boardvm svg draws as many squares, arrows and pieces as the page`, same.join(' '));
    const position = /^position: (.*)$/m.exec(cli('show', file))[1];
    check(st.position === position, `${name}: the page's position is boardvm show's`, st.position);

    // a square whose moves are all plain "FROMTO": its targets must be exactly those
    const moves = cli('moves', file).split('\n').filter(Boolean);
    const plain = /^([a-z]+\d+)([a-z]+\d+)$/;
    let from = null;
    for (const m of moves) {
      const p = plain.exec(m);
      if (!p) continue;
      const mine = moves.filter((x) => x.startsWith(p[1]) || x.includes(':' + p[1]));
      if (mine.every((x) => plain.test(x) && plain.exec(x)[1] === p[1])) { from = p[1]; break; }
    }
    // a game whose every move has more than a from and a to (Othello's drops, duck chess's
    // second part) has none to click: its first legal move is typed instead
    const anyPlain = moves.some((m) => plain.test(m));
    check(from !== null || !anyPlain, `${name}: a piece with plain moves to click`);
    if (!anyPlain) {
      const first = moves[0];
      await page.fill('#typed-move', first);
      await page.click('#typed button');
      await waitHistory(page, 1);
      const s2 = await stateOf(page);
      const pos2 = /^position: (.*)$/m.exec(cli('show', file, '--moves', first))[1];
      check(s2.history.length === 1 && s2.position === pos2,
        `${name}: its first legal move, ${first}, typed, is played`, `${JSON.stringify(s2.history)} ${s2.position}`);
      if (layers === 0) {
        const l2 = s2.board.reduce((n, s) => n + s.length, 0);
        const n2 = await page.$$eval('#pieces g.piece', (p) => p.length);
        check(l2 > 0 && n2 === l2, `${name}: after it, ${l2} pieces drawn, every layer`, `${n2}`);
      }
    }
    if (from) {
      const expect = moves.filter((x) => plain.test(x) && plain.exec(x)[1] === from).map((x) => plain.exec(x)[2]).sort();
      await clickSq(page, from);
      const got = await targets(page);
      check(JSON.stringify(got) === JSON.stringify(expect), `${name}: clicking ${from} lights ${expect.join(' ')}`, got.join(' '));
      // an illegal click: a square that is no target deselects and moves nothing
      const other = (await page.$$eval('#hits rect', (r) => r.map((x) => x.dataset.sq)))
        .find((s) => s !== from && !expect.includes(s) && !moves.some((m) => m.startsWith(s)));
      if (other) {
        await clickSq(page, other);
        const after = await stateOf(page);
        check(after.history.length === 0 && (await targets(page)).length === 0, `${name}: clicking ${other} (no target) moves nothing`);
        await clickSq(page, from);
      }
      const to = expect[0];
      await clickSq(page, to);
      await waitHistory(page, 1);
      const s2 = await stateOf(page);
      const pos2 = /^position: (.*)$/m.exec(cli('show', file, '--moves', from + to))[1];
      check(s2.history.length === 1 && s2.history[0].s === from + to && s2.position === pos2,
        `${name}: clicking ${from} then ${to} plays ${from + to}`, `${JSON.stringify(s2.history)} ${s2.position}`);
    }
    await page.fill('#typed-move', 'z0z0');
    await page.click('#typed button');
    await page.waitForFunction(() => document.getElementById('error').textContent !== '');
    const err = await page.textContent('#error');
    check(/not a legal move/.test(err), `${name}: a typed illegal move is refused with a reason`, err);
    await page.click('#undo');
    await waitHistory(page, 0);
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    // the board alone, as docs/images/ has it (cp tests/web/screenshots/board-*.png there)
    await (await page.$('#board')).screenshot({ path: path.join(SHOTS, `board-${name}.png`) });
    check(errors.length === 0, `${name}: no script error in the page`, errors.join('; '));
  } finally {
    await page.close();
    stop(srv);
  }
}

// A game set up with `serve ... ARGS`; fn gets the page.
async function withGame(browser, file, args, fn) {
  const srv = await serve(file, args);
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  try {
    await ready(page, srv.url);
    await fn(page);
  } finally {
    await page.close();
    stop(srv);
  }
}

async function chooserChoose(page, move) {
  await page.waitForSelector('#chooser:not([hidden])');
  const offered = await page.$$eval('#chooser-moves button', (b) => b.map((x) => x.dataset.move));
  await page.click(`#chooser-moves button[data-move="${move}"]`);
  return offered.sort();
}

async function special(browser) {
  const R = (f) => path.join(SRCDIR, f);
  // a promotion: four moves share a7 -> a8
  await withGame(browser, R('rules/chess.rules'), ['--fen', '4k3/P7/8/8/8/8/8/4K3 w - - 0 1'], async (page) => {
    await clickSq(page, 'a7');
    await clickSq(page, 'a8');
    const offered = await chooserChoose(page, 'a7a8=N');
    check(JSON.stringify(offered) === JSON.stringify(['a7a8=B', 'a7a8=N', 'a7a8=Q', 'a7a8=R']),
      'chess: a promotion offers the four pieces in the chooser', offered.join(' '));
    await waitHistory(page, 1);
    const st = await stateOf(page);
    check(/^N3k3\//.test(st.position), 'chess: choosing a7a8=N puts a Knight on a8', st.position);
    await page.screenshot({ path: path.join(SHOTS, 'chess-promotion.png') });
    // the engine answers, searching to the depth chosen
    await page.selectOption('#engine-depth', '2');
    await page.click('#engine');
    await waitHistory(page, 2);
    await page.waitForSelector('#stop', { state: 'hidden' });
    const e = await page.textContent('#engine-info');
    check(/^engine: \S+ +score -?\d+ +depth 2 /.test(e), 'chess: the engine plays a move at depth 2 and says what it found', e);
    await page.selectOption('#engine-depth', '');
    // a long search, stopped from the page: it plays the best move so far at once
    await page.fill('#engine-time', '30');
    const t0 = Date.now();
    await page.click('#engine');
    await page.waitForSelector('#stop:not([hidden])');
    await page.waitForTimeout(500);
    await page.click('#stop');
    await waitHistory(page, 3);
    check(Date.now() - t0 < 10000, 'chess: Stop ends a 30-second search at once', `${Date.now() - t0} ms`);
    // save the record, start again, load it: the same position
    const before = (await stateOf(page)).position;
    await page.click('#records summary');
    await page.click('#save');
    await page.waitForFunction(() => document.getElementById('record-text').value !== '');
    // (a POST must say its body is JSON: the server refuses a text/plain one, as a form sends)
    await page.evaluate(async () => fetch('/api/new', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }));
    check((await stateOf(page)).history.length === 0, 'chess: a new game has no moves');
    await page.click('#load');
    await page.waitForFunction((p) => document.getElementById('position').textContent === p, before, { timeout: 20000 });
    check((await stateOf(page)).position === before, 'chess: a saved record loads back to the same position');
  });
  // a drop from the hand (shogi): click the Lance in hand, then a square
  await withGame(browser, R('examples/shogi.rules'), ['--fen', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN1 b L 1'], async (page) => {
    await page.click('#hands .hand[data-player="0"] svg[data-type="L"]');
    const got = await targets(page);
    const expect = cli('moves', R('examples/shogi.rules'), '--fen', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN1 b L 1')
      .split('\n').filter((m) => m.startsWith('L@')).map((m) => m.slice(2)).sort();
    check(JSON.stringify(got) === JSON.stringify(expect), `shogi: the Lance in hand lights its ${expect.length} drop squares`, `${got.length}`);
    await clickSq(page, 'e5');
    await waitHistory(page, 1);
    const st = await stateOf(page);
    check(st.history[0].s === 'L@e5', 'shogi: clicking e5 drops the Lance there', st.history[0].s);
    await page.screenshot({ path: path.join(SHOTS, 'shogi-drop.png') });
  });
  // Four Towers: e2 -> f4 is both the Knight alone and the tower's move: a chooser
  await withGame(browser, R('rules/four-towers.rules'), [], async (page) => {
    await clickSq(page, 'e2');
    await clickSq(page, 'f4');
    const offered = await chooserChoose(page, 'N:e2f4');
    check(JSON.stringify(offered) === JSON.stringify(['N:e2f4', 'e2f4']), 'four-towers: e2-f4 offers N:e2f4 and e2f4', offered.join(' '));
    await waitHistory(page, 1);
    check((await stateOf(page)).history[0].s === 'N:e2f4', 'four-towers: the chosen multi-piece move is played');
  });
  // Nemoroth: a scream is a move that stays: the piece's own square gets a mark in its corner
  // (not over the piece), which plays it; the piece clicked again, or Escape, deselects
  await withGame(browser, R('rules/nemoroth.rules'), [], async (page) => {
    await clickSq(page, 'b1');
    check((await targets(page)).includes('b1'), 'nemoroth: b1 lights itself (its scream)');
    const mark = await page.$eval('#targets circle.target.stay', (c) => [c.dataset.sq, +c.getAttribute('cx'), +c.getAttribute('cy')]);
    const r = await page.$eval('#squares rect[data-sq="b1"]', (c) => [+c.getAttribute('x'), +c.getAttribute('y')]);
    check(mark[0] === 'b1' && mark[1] > r[0] + 44 && mark[2] < r[1] + 20, 'nemoroth: the scream\'s mark is in b1\'s corner, clear of the piece', mark.join(' '));
    await clickSq(page, 'b1');
    check((await targets(page)).length === 0 && (await stateOf(page)).history.length === 0,
      'nemoroth: clicking b1 again deselects it (no scream)');
    await clickSq(page, 'b1');
    await page.keyboard.press('Escape');
    check((await targets(page)).length === 0, 'nemoroth: Escape deselects');
    await clickSq(page, 'b1');
    await page.click('#hits circle.confirm[data-sq="b1"]');
    await waitHistory(page, 1);
    check((await stateOf(page)).history[0].s === 'b1!', 'nemoroth: the mark in b1\'s corner screams (b1!)');
  });
  // Nemoroth's stacks, piece variables and ichor: every layer, a badge per marked piece, the
  // timer on its square (as boardvm show lists them: "d5: h{statue} Z{mo}", "ichor: c4 5")
  const nfen = '8/8/2Mla{statue=1}g2/2H[Zh{statue=1}]4/2h5/8/8/8 a ichor=c4:5';
  await withGame(browser, R('rules/nemoroth.rules'), ['--fen', nfen], async (page) => {
    const shown = cli('show', R('rules/nemoroth.rules'), '--fen', nfen);
    const n = await page.$$eval('#pieces g.piece', (p) => p.length);
    check(n === 8, 'nemoroth: 8 pieces drawn, both of the stack on d5', `${n}`);
    const d5 = await page.$$eval('#pieces g.piece', (ps) => ps.filter((p) => p.querySelector('rect.body')).map((p) => p.dataset.type + (p.classList.contains('top') ? '^' : '')));
    check(/d5: h\{statue\} Z\{mo\}/.test(shown) && JSON.stringify(d5) === JSON.stringify(['H', 'Z^']),
      'nemoroth: the stack on d5 drawn bottom first, the Zombie on top', d5.join(' '));
    const badges = await page.$$eval('#pieces text.badge', (b) => b.map((x) => x.textContent).sort());
    check(JSON.stringify(badges) === JSON.stringify(['s', 's']), 'nemoroth: a badge on each marked piece, none for the bookkeeping variables (mo: display { hide mo; })', badges.join(' '));
    const marked = await page.textContent('#shown');
    check(/statue/.test(marked) && !/\bmo\b/.test(marked), 'nemoroth: "marked pieces" lists the statues, not mo', marked);
    const timers = await page.$$eval('#targets text.sqvar', (t) => t.map((x) => x.textContent));
    check(/ichor: c4 5/.test(shown) && JSON.stringify(timers) === JSON.stringify(['ichor 5']), 'nemoroth: the ichor timer on c4', timers.join(' '));
    await (await page.$('#board')).screenshot({ path: path.join(SHOTS, 'nemoroth-stacks.png') });
  });
  // a new game with options from the page's form; flipping the board
  await withGame(browser, R('rules/ivory-tower.rules'), [], async (page) => {
    await page.click('#newgame summary');
    await page.selectOption('#options select[data-option="repetition"]', 'zillions');
    await page.check('#options input[data-option="korean"]');
    await page.click('#newgame-form button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('#options select[data-option="repetition"]').value === 'zillions'
      && document.querySelector('#options input[data-option="korean"]').checked);
    // the form's controls are as chosen at once; the new game is the server's answer to the
    // page's POST, which the server (a thread a connection) may answer after this GET
    let st = await stateOf(page);
    for (let i = 0; i < 100 && st.options.length === 0; i++) {
      await page.waitForTimeout(100);
      st = await stateOf(page);
    }
    check(JSON.stringify(st.options) === JSON.stringify(['korean', 'repetition=zillions']),
      'ivory-tower: a new game with the options chosen on the page', JSON.stringify(st.options));
    const y = async (sq) => +(await page.getAttribute(`#squares rect[data-sq="${sq}"]`, 'y'));
    const before = [await y('a1'), await y('a10')];
    await page.click('#flip');
    const after = [await y('a1'), await y('a10')];
    check(before[0] > before[1] && after[0] < after[1], 'ivory-tower: Flip puts rank 1 at the top', `${before} -> ${after}`);
  });
  // Spinal Tap's battle moves, entered part by part on the board: a2, a3 (a2a3 alone is a move:
  // its result previewed, a mark to play it), then b2, b3, then the mark; the move played is
  // drawn part by part
  await withGame(browser, R('rules/spinal-tap.rules'), ['-o', 'battle-move'], async (page) => {
    const n = await page.$$eval('#others-select option', (o) => o.length);
    const all = cli('moves', R('rules/spinal-tap.rules'), '-o', 'battle-move').split('\n').filter(Boolean);
    const want = all.filter((m) => m.includes('+')).length;
    check(n === 0, `spinal-tap: no list of ${want} battle moves: every one is reached on the board`, `${n}`);
    await clickSq(page, 'a2');
    await clickSq(page, 'a3');
    await page.waitForSelector('#pieces g.preview', { state: 'attached' });
    await (await page.$('#board')).screenshot({ path: path.join(SHOTS, 'spinal-tap-preview.png') });
    const pv = await page.$$eval('#pieces g.preview', (g) => g.map((x) => x.dataset.sq).sort());
    check(JSON.stringify(pv) === JSON.stringify(['a2', 'a3']), 'spinal-tap: after a2 a3, the result of a2a3 is previewed', pv.join(' '));
    const next = await targets(page);
    const expect = [...new Set(all.filter((m) => m.startsWith('a2a3+')).map((m) => m.slice(5, 7)))];
    check(expect.every((sq) => next.includes(sq)) && next.includes('a3'), `spinal-tap: the battle's next parts are lit (${expect.join(' ')})`, next.join(' '));
    const rings = await page.$$eval('#targets circle.target.capture', (c) => c.length);
    check(rings === 0, 'spinal-tap: the next parts\' own pieces get no capture ring', `${rings}`);
    await clickSq(page, 'b2');
    await clickSq(page, 'b3');
    check((await stateOf(page)).history.length === 0, 'spinal-tap: a2 a3 b2 b3 entered, nothing played yet (longer battles go on)');
    await page.click('#hits circle.confirm[data-sq="b3"]');
    await waitHistory(page, 1);
    check((await stateOf(page)).history[0].s === 'a2a3+b2b3', 'spinal-tap: the mark plays the battle move a2a3+b2b3');
    const arrows = await page.$$eval('#played path.move-arrow.played', (a) => a.map((x) => x.dataset.from + x.dataset.to));
    check(JSON.stringify(arrows) === JSON.stringify(['a2a3', 'b2b3']), 'spinal-tap: the move played is drawn part by part', arrows.join(' '));
    await (await page.$('#board')).screenshot({ path: path.join(SHOTS, 'spinal-tap-battle.png') });
  });
  // chess: drag and drop; a capture's ring
  await withGame(browser, R('rules/chess.rules'), [], async (page) => {
    await page.dragAndDrop('#hits rect[data-sq="e2"]', '#hits rect[data-sq="e4"]');
    await waitHistory(page, 1);
    check((await stateOf(page)).history[0].s === 'e2e4', 'chess: e2 dragged to e4 plays e2e4');
    await page.dragAndDrop('#hits rect[data-sq="d7"]', '#hits rect[data-sq="d3"]');
    check((await stateOf(page)).history.length === 1 && (await targets(page)).length === 0,
      'chess: a drag to a square that is no target plays nothing and deselects');
    await page.dragAndDrop('#hits rect[data-sq="d7"]', '#hits rect[data-sq="d5"]');
    await waitHistory(page, 2);
    await clickSq(page, 'e4');
    const ring = await page.$$eval('#targets circle.target.capture', (c) => c.map((x) => x.dataset.sq));
    check(JSON.stringify(ring) === JSON.stringify(['d5']), 'chess: e4 takes on d5: a ring round d5', ring.join(' '));
  });
  // against the engine: Undo takes back a pair; play as Black turns the board and the engine
  // plays White; the settings stay over a reload
  await withGame(browser, R('rules/chess.rules'), [], async (page) => {
    await page.selectOption('#engine-depth', '1');
    await page.check('#engine-replies');
    await clickSq(page, 'e2');
    await clickSq(page, 'e4');
    await waitHistory(page, 2);
    await page.waitForSelector('#stop', { state: 'hidden' });
    await page.click('#undo');
    await waitHistory(page, 0);
    const st = await stateOf(page);
    check(st.history.length === 0 && st.turn === 0, 'chess: with engine replies, Undo takes back the pair (White to move again)', `${st.history.length}`);
    const y = async (sq) => +(await page.getAttribute(`#squares rect[data-sq="${sq}"]`, 'y'));
    await page.selectOption('#play-as', '1');
    await waitHistory(page, 1);
    check((await y('a1')) < (await y('a8')), 'chess: playing Black turns the board (rank 1 at the top)');
    check((await stateOf(page)).turn === 1, 'chess: playing Black, the engine plays White\'s first move');
    await page.fill('#engine-time', '7');
    await page.dispatchEvent('#engine-time', 'change');
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    check(await page.inputValue('#engine-time') === '7' && await page.inputValue('#play-as') === '1' &&
      await page.isChecked('#engine-replies') && (await y('a1')) < (await y('a8')),
      'chess: the engine settings, the side and the board\'s way round stay over a reload');
  });
  // a reload during a search: the page follows it (Stop shown); a second tab follows the game
  {
    const srv = await serve(R('rules/chess.rules'));
    const a = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const b = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    try {
      await ready(a, srv.url);
      await ready(b, srv.url);
      await clickSq(a, 'g1');
      await clickSq(a, 'f3');
      await waitHistory(a, 1);
      await waitHistory(b, 1);
      check((await b.$$eval('#movelist li', (l) => l.map((x) => x.title))).join() === 'g1f3', 'chess: a second tab shows the move played in the first');
      await a.fill('#engine-time', '30');
      await a.click('#engine');
      await a.waitForSelector('#stop:not([hidden])');
      await a.reload();
      await a.waitForSelector('body[data-ready]');
      await a.waitForSelector('#stop:not([hidden])', { timeout: 5000 });
      check(await a.getAttribute('body', 'data-thinking') === '1', 'chess: after a reload during a search, the page shows it thinking, with Stop');
      await a.click('#stop');
      await waitHistory(a, 2);
      await waitHistory(b, 2);
      check(true, 'chess: Stop after the reload plays the engine\'s move, seen by both tabs');
    } finally {
      await a.close();
      await b.close();
      stop(srv);
    }
  }
  // the piece set: FIDE shapes in chess, characters in xiangqi and shogi (shogi's pointing at
  // the opponent, turned with the board); the letter discs elsewhere (Smegi)
  await withGame(browser, R('rules/chess.rules'), [], async (page) => {
    const n = await page.$$eval('#pieces g.piece .glyph.fide', (g) => g.length);
    check(await page.getAttribute('body', 'data-pieces') === 'fide' && n === 32, 'chess: its 32 pieces drawn as pictures, not letters', `${n}`);
  });
  await withGame(browser, R('examples/xiangqi.rules'), [], async (page) => {
    const k = await page.$$eval('#pieces g.piece[data-type="K"] text.char', (t) => t.map((x) => x.textContent).sort());
    check(await page.getAttribute('body', 'data-pieces') === 'xiangqi' && JSON.stringify(k) === JSON.stringify(['將', '帥']),
      'xiangqi: the generals drawn as 帥 (Red) and 將 (Black)', k.join(' '));
  });
  await withGame(browser, R('examples/shogi.rules'), [], async (page) => {
    const turned = async (sq) => /rotate\(180/.test(await page.$eval(`#pieces g.piece[data-sq="${sq}"] .glyph`, (g) => g.getAttribute('transform')));
    const chars = await page.$$eval('#pieces g.piece[data-type="R"] text.char', (t) => t.map((x) => x.textContent));
    check(await page.getAttribute('body', 'data-pieces') === 'shogi' && chars.join('') === '飛飛', 'shogi: the rooks drawn as 飛', chars.join(''));
    check(!(await turned('e1')) && (await turned('e9')), 'shogi: the second player\'s pieces point the other way');
    await page.click('#flip');
    check((await turned('e1')) && !(await turned('e9')), 'shogi: turned with the board');
  });
  await withGame(browser, R('rules/smegi.rules'), [], async (page) => {
    check(await page.getAttribute('body', 'data-pieces') === 'letters', 'smegi: letter discs (no piece set for its types)');
  });
  // Storm the Ivory Tower: both towers framed; its hands are pools of captured pieces, which
  // no drop takes: not offered as a hand to drop from
  await withGame(browser, R('rules/ivory-tower.rules'), ['--fen', 'uydtbtdyu/9/1c5c1/n1n1n1n1n/9/9/N1N1N1N1N/1C5C1/9/UYDTBTDYU r YU'], async (page) => {
    const marked = await page.$$eval('#squares rect.sq.mark', (r) => r.map((x) => x.dataset.sq).sort());
    check(marked.length === 18 && marked.includes('e2') && marked.includes('e9'), 'ivory-tower: both towers framed (18 squares)', marked.join(' '));
    const pool = await page.$eval('#hands .hand', (h) => [h.className, h.textContent]);
    check(/pool/.test(pool[0]) && /captured/.test(pool[1]) && !/in hand/.test(pool[1]), 'ivory-tower: Red\'s pool of captured pieces is shown as a pool', pool.join(' | '));
    await page.click('#hands .hand svg[data-type="Y"]');
    check((await page.$$('#hands svg.selected')).length === 0 && (await targets(page)).length === 0, 'ivory-tower: a piece of the pool is not chosen by a click');
  });
  // Othello: the legal squares are lit before any click; the discs counted
  await withGame(browser, R('examples/othello.rules'), [], async (page) => {
    const want = cli('moves', R('examples/othello.rules')).split('\n').filter(Boolean).sort();
    const got = await targets(page);
    check(JSON.stringify(got) === JSON.stringify(want), `othello: its ${want.length} legal squares are lit at once`, got.join(' '));
    const count = await page.textContent('#counts');
    check(/Black 2, White 2|White 2, Black 2/.test(count), 'othello: the discs counted', count);
    await clickSq(page, want[0]);
    await waitHistory(page, 1);
    check((await stateOf(page)).history[0].s === want[0], `othello: clicking ${want[0]} plays there`);
  });
  // SAN typed in the move box (issue 37 point 4), and the move list in SAN: python-chess and
  // every chess book write 1.Nf3 e5; the move's own string stays its tooltip
  await withGame(browser, R('rules/chess.rules'), [], async (page) => {
    for (const [i, san] of [[1, 'Nf3'], [2, 'e5']]) {
      await page.fill('#typed-move', san);
      await page.click('#typed button');
      await waitHistory(page, i);
    }
    const hist = (await stateOf(page)).history.map((h) => h.s).join(' ');
    check(hist === 'g1f3 e7e5', 'chess: Nf3 and e5 typed in SAN are g1f3 and e7e5', hist);
    const list = await page.$$eval('#movelist li', (l) => l.map((x) => `${x.textContent}/${x.title}`).join(' '));
    check(list === 'Nf3/g1f3 e5/e7e5', 'chess: the move list in SAN, the string as its tooltip', list);
  });
  // A Zillions graph board (Pong Hau K'i: five named points, seven lines): each point drawn at
  // its rectangle in the file (60 pixels drawn 64: tl's corner at the margin 24, c's at
  // 24 + 150*64/60 - 32 = 152), the lines drawn, and a move played by two clicks
  const phk = R('tests/zrf/games/pong-hau-ki.zrf');
  await withGame(browser, phk, [], async (page) => {
    const at = await page.$$eval('#squares rect.sq', (r) => r.map((x) => `${x.dataset.sq}@${x.getAttribute('x')},${x.getAttribute('y')}`).sort());
    check(JSON.stringify(at) === JSON.stringify(['bl@24,280', 'br@280,280', 'c@152,152', 'tl@24,24', 'tr@280,24']),
          'pong-hau-ki: the five points at their rectangles', at.join(' '));
    const lines = await page.$$eval('#links line.link', (l) => l.length);
    check(lines === 7, 'pong-hau-ki: its seven lines drawn', `${lines}`);
    await clickSq(page, 'tl');
    const lit = await targets(page);
    check(JSON.stringify(lit) === '["c"]', 'pong-hau-ki: tl\'s one target is c (boardvm moves: tl-c tr-c)', lit.join(' '));
    await clickSq(page, 'c');
    await waitHistory(page, 1);
    const after = cli('show', phk, '--moves', 'tl-c').match(/^legal moves \(\d+\): (.*)$/m)[1];
    check((await stateOf(page)).history[0].s === 'tl-c', 'pong-hau-ki: two clicks play tl-c');
    await page.screenshot({ path: path.join(SHOTS, 'pong-hau-ki.png') });
    check(after === 'bl-tl', 'pong-hau-ki: Blue\'s answer as the command line has it', after);
  });
  // A move in parts (issue 35: a Zillions add-partial chain, English checkers): White's man a1
  // must jump b2 to c3, then either b4 to a5 (the end) or d4 to e5 and f6 to g7. Worked out by
  // hand from the rules of checkers: two moves, a1a5 and a1g7, each chosen by clicking its
  // landing squares, the targets narrowing at each step.
  const ck = R('tests/zrf/games/checkers.zrf');
  const ckFen = '8/8/5M2/8/1M1M4/8/1M6/m7 w';
  await withGame(browser, ck, ['--fen', ckFen], async (page) => {
    const legal = cli('moves', ck, '--fen', ckFen).split('\n').filter(Boolean).sort().join(' ');
    check(legal === 'a1a5 a1g7', 'checkers.zrf: the two chains are the legal moves (boardvm moves)', legal);
    await clickSq(page, 'a1');
    let lit = await targets(page);
    check(JSON.stringify(lit) === '["c3"]', 'checkers.zrf: a1\'s first step lands on c3 only', lit.join(' '));
    await clickSq(page, 'c3');
    lit = await targets(page);
    check(JSON.stringify(lit) === '["a5","e5"]', 'checkers.zrf: from c3 the chain goes on to a5 or e5', lit.join(' '));
    await clickSq(page, 'e5');
    lit = await targets(page);
    check(JSON.stringify(lit) === '["g7"]', 'checkers.zrf: after e5, only g7 is left (a1a5 is gone)', lit.join(' '));
    check((await stateOf(page)).history.length === 0, 'checkers.zrf: no move played before the chain\'s last step');
    await (await page.$('#board')).screenshot({ path: path.join(SHOTS, 'checkers-zrf-chain.png') });
    await clickSq(page, 'g7');
    await waitHistory(page, 1);
    const st = await stateOf(page);
    check(st.history[0].s === 'a1g7', 'checkers.zrf: four clicks play the chain a1g7 as one move', st.history[0].s);
    // by hand: b2, d4 and f6 taken, the man on g7, Black's b4 left, Black to move
    check(st.position === '8/6m1/8/8/1M6/8/8/8 b', 'checkers.zrf: b2, d4 and f6 taken by the one move', st.position);
  });
}

// A chance player (examples/dice-race.rules): the server throws the dice itself, at once, and
// the page shows the throw beside the board (the status line). The first throw is one of the
// outcomes `boardvm moves` lists at the start; White's and Black's moves typed, the server
// throws again, and the page shows that throw.
async function diceChecks(browser) {
  const file = path.join(SRCDIR, 'examples/dice-race.rules');
  const outcomes = cli('moves', file).split('\n').filter(Boolean);
  await withGame(browser, file, [], async (page) => {
    const st = await stateOf(page);
    const first = st.history.length ? st.history[0].s : '';
    check(st.history.length === 1 && st.history[0].thrower === 2 && outcomes.includes(first),
          `dice-race: the server throws first, one of ${outcomes.join(' ')}`, JSON.stringify(st.history));
    check(st.turn === 0, 'dice-race: White to move after the throw', `${st.turn}`);
    const shown = await page.textContent('#throw');
    check(shown === ` — Dice threw ${first}`, 'dice-race: the throw shown beside the board', shown);
    const white = cli('moves', file, '--moves', first).split('\n').filter(Boolean)[0];
    await page.fill('#typed-move', white);
    await page.click('#typed button');
    await waitHistory(page, 2);
    const black = cli('moves', file, '--moves', `${first} ${white}`).split('\n').filter(Boolean)[0];
    await page.fill('#typed-move', black);
    await page.click('#typed button');
    await waitHistory(page, 4);
    const s2 = await stateOf(page);
    const again = s2.history[3];
    check(again.thrower === 2 && outcomes.includes(again.s) && s2.throw.outcome === again.s,
          `dice-race: after ${white} and ${black} the server throws again`, JSON.stringify(s2.history));
    const shown2 = await page.textContent('#throw');
    check(shown2 === ` — Dice threw ${again.s}`, 'dice-race: the new throw shown', shown2);
    await page.screenshot({ path: path.join(SHOTS, 'dice-race.png') });
  });
}

// Three players (tests/lang/three-kings.rules: Red, Green, Blue in turn): each player's pieces
// in a colour of its own (the owner each piece is drawn for is the one `boardvm show`'s
// position string gives its square: capitals Red, lower case Green, <b> Blue), the legend's
// rows in all three colours, the side to move shown at each turn, every player's move entered
// by clicks (the targets those `boardvm moves` lists), and an elimination: Red's King taken,
// Red's only move `out` typed, the players out shown and the position `boardvm show`'s.
async function playersChecks(browser) {
  const file = path.join(SRCDIR, 'tests/lang/three-kings.rules');
  const showAfter = (moves) => cli('show', file, '--moves', moves);
  const field = (out, f) => (new RegExp(`^${f}: (.*)$`, 'm').exec(out) || [])[1];
  await withGame(browser, file, [], async (page) => {
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // the start: Red K a1, M a2; Green K c1; Blue K b3 (show's position string)
    check(field(cli('show', file), 'position') === '1<b>K1/M2/K1k r', 'three-kings: the start position (show)');
    const drawn = await page.$$eval('#pieces g.piece', (ps) => ps.map((p) => ({
      sq: p.dataset.sq, owner: p.dataset.owner, fill: getComputedStyle(p.querySelector('.body')).fill })));
    const at = (sq) => drawn.find((d) => d.sq === sq) || {};
    check(at('a1').owner === '0' && at('a2').owner === '0' && at('c1').owner === '1' && at('b3').owner === '2',
      'three-kings: each piece drawn for its owner (a1 a2 Red, c1 Green, b3 Blue)', JSON.stringify(drawn));
    const fills = new Set([at('a1').fill, at('c1').fill, at('b3').fill]);
    check(fills.size === 3 && at('a1').fill === at('a2').fill,
      'three-kings: three players, three colours (Red\'s two pieces alike)', JSON.stringify(drawn));
    const legend = await page.$$eval('#legend tr', (rs) => rs.map((r) => [...r.querySelectorAll('svg g.piece, svg .piece')]
      .map((g) => getComputedStyle(g.querySelector('.body')).fill)));
    check(legend.length === 2 && legend.every((row) => row.length === 3 && new Set(row).size === 3 &&
      row[2] === at('b3').fill), 'three-kings: the legend shows each type in all three players\' colours', JSON.stringify(legend));
    // a move of each player by clicks, the side to move shown before each
    const played = [];
    for (const [who, from, to] of [['Red', 'a1', 'b1'], ['Green', 'c1', 'b1'], ['Blue', 'b3', 'c3']]) {
      const st = await page.textContent('#status');
      const cliTurn = field(showAfter(played.join(' ')), 'to move');
      check(st === `${who} to move` && cliTurn === who, `three-kings: "${who} to move" shown (show: ${cliTurn})`, st);
      const expect = cli('moves', file, '--moves', played.join(' ')).split('\n').filter((m) => m.startsWith(from))
        .map((m) => m.slice(from.length)).sort();
      await clickSq(page, from);
      const lit = await targets(page);
      check(JSON.stringify(lit) === JSON.stringify(expect), `three-kings: ${who} clicks ${from}: ${expect.join(' ')} lit`, lit.join(' '));
      await clickSq(page, to);
      played.push(from + to);
      await waitHistory(page, played.length);
      const s = await stateOf(page);
      check(s.position === field(showAfter(played.join(' ')), 'position'),
        `three-kings: ${from}${to} played, the position show's`, s.position);
    }
    // (docs/images/three-kings.png is this picture: three colours, Red to move)
    await (await page.$('main')).screenshot({ path: path.join(SHOTS, 'three-kings.png') });
    // Red's King is gone: Red's only move is `out` (boardvm moves), typed
    const legal = cli('moves', file, '--moves', played.join(' ')).split('\n').filter(Boolean);
    check(JSON.stringify(legal) === '["out"]' && await page.textContent('#status') === 'Red to move',
      'three-kings: Red, to move without a King, has only `out`', legal.join(' '));
    await page.fill('#typed-move', 'out');
    await page.click('#typed button');
    played.push('out');
    await waitHistory(page, played.length);
    const s = await stateOf(page);
    const after = showAfter(played.join(' '));
    check(s.position === field(after, 'position') && s.position === '2<b>K/3/1k1 g out=r',
      'three-kings: after `out`, Red\'s Man is gone and the position says Red is out', s.position);
    const status = await page.textContent('#status');
    check(status === 'Green to move — out: Red', 'three-kings: the status shows Green to move and Red out', status);
    const owners = await page.$$eval('#pieces g.piece', (ps) => ps.map((p) => p.dataset.owner).sort());
    check(JSON.stringify(owners) === '["1","2"]', 'three-kings: Green\'s and Blue\'s Kings left on the board', owners.join(' '));
    await (await page.$('main')).screenshot({ path: path.join(SHOTS, 'three-kings-out.png') });
    check(errors.length === 0, 'three-kings: no script error in the page', errors.join('; '));
  });
}

// Clocks (issue 37): a time control set from the page; both clocks shown; the one of the side
// to move counts down; at zero the game ends on time, said in the status, and no move is
// offered. 2 s and no increment: White plays e4 (no clock runs before the first move), Black's
// two seconds run out.
async function clockChecks(browser) {
  await withGame(browser, path.join(SRCDIR, 'rules/chess.rules'), [], async (page) => {
    check(await page.isHidden('#clock-top') && await page.isHidden('#clock-bottom'), 'clock: no clocks before a control is set');
    await page.fill('#clock-control', '2s+0');
    await page.click('#clock-set');
    await page.waitForSelector('#clock-bottom:not([hidden])');
    const shown = [await page.textContent('#clock-top'), await page.textContent('#clock-bottom')];
    check(shown[0] === 'Black 2.0' && shown[1] === 'White 2.0', 'clock: 2s+0 shows Black 2.0 above the board and White 2.0 below', shown.join(' | '));
    await clickSq(page, 'e2');
    await clickSq(page, 'e4');
    await waitHistory(page, 1);
    await page.waitForTimeout(700);
    const running = await page.$eval('#clock-top .time', (e) => [e.classList.contains('running'), e.textContent]);
    const t = parseFloat(running[1].replace('Black ', ''));
    check(running[0] && t < 1.6 && t > 0, 'clock: Black\'s clock runs after e4, counting down', running.join(' '));
    // a second tab sees the same clocks: the server holds them
    const other = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await ready(other, page.url());
    const t2 = parseFloat((await other.textContent('#clock-top')).replace('Black ', ''));
    check(t2 < 1.6, 'clock: a second tab shows Black\'s time running too', `${t2}`);
    const t0 = Date.now();
    await page.waitForFunction(() => /on time/.test(document.getElementById('status').textContent), null, { timeout: 10000 });
    const status = await page.textContent('#status');
    check(status === 'Game over: 1-0 — White wins on time (Black\'s time ran out)', 'clock: Black\'s flag falls: "White wins on time"', status);
    check(Date.now() - t0 < 3000, 'clock: the flag seen within a second or so of zero', `${Date.now() - t0} ms after 0.7 s`);
    const st = await stateOf(page);
    check(st.result && st.result.on_time && st.moves.length === 0, 'clock: the server\'s state: over on time, no move offered', JSON.stringify(st.result));
    await other.waitForFunction(() => /on time/.test(document.getElementById('status').textContent), null, { timeout: 5000 });
    check(true, 'clock: the second tab shows the result too');
    await other.close();
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    check(/White wins on time/.test(await page.textContent('#status')) && await page.inputValue('#clock-control') === '2s+0',
      'clock: after a reload, the result and the control stay');
    await (await page.$('#left')).screenshot({ path: path.join(SHOTS, 'clock-flag.png') });
  });
}

// The rules editor (/edit, issue 37): chess's text beside its board; the Knight made a wazir
// (`leap knight;` -> `leap orth;`), the board's moves and perft follow within a second; an error
// shown at its line and column; a shipped game opened; the text saved as a download. Expected
// values: chess's perft 20, 400, 8902 (published: the Chess Programming Wiki); with wazirs, 16
// and 256 (worked out: at the start a wazir on b1 or g1 has all four neighbours taken or off the
// board, so only the 8 pawns move, 2 moves each, and Black the same); after b3 b6 the wazir on
// b1 has one step, to b2 (a1, c1 taken; a knight would have a3 and c3).
async function editorChecks(browser) {
  const srv = await serve(path.join(SRCDIR, 'rules/chess.rules'));
  const page = await browser.newPage({ viewport: { width: 1500, height: 1000 }, acceptDownloads: true });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(srv.url + 'edit');
    await page.waitForSelector('body[data-ready][data-compiled]', { timeout: 30000 });
    const perft = async () => page.$$eval('#perft tr[data-depth]', (r) => r.map((x) => x.children[1].textContent));
    const text = await page.inputValue('#source');
    check(text === fs.readFileSync(path.join(SRCDIR, 'rules/chess.rules'), 'utf8'), 'editor: opens with the text of the game being played');
    check(JSON.stringify(await perft()) === '["20","400","8902"]', 'editor: chess perft 1-3 = 20 400 8902', (await perft()).join(' '));
    const compiled = await page.getAttribute('body', 'data-compiled');
    // (timed from when the edited text is in the page: playwright's fill of 10 KB takes half a
    // second of its own on a loaded machine)
    await page.fill('#source', text.replace('leap knight;', 'leap orth;'));
    const t0 = Date.now();
    await page.waitForFunction((c) => document.body.dataset.compiled !== c, compiled, { timeout: 5000 });
    await page.waitForFunction(() => document.getElementById('nlegal').textContent === '16', null, { timeout: 5000 });
    const took = Date.now() - t0;
    check(took < 1000, 'editor: the Knight made a wazir, the board\'s moves follow within a second (300 ms of it waiting for the typing to end)', `${took} ms`);
    check((await perft()).slice(0, 2).join() === '16,256', 'editor: with wazirs, perft 1-2 = 16 256', (await perft()).join(' '));
    await clickSq(page, 'b1');
    check((await targets(page)).length === 0, 'editor: the wazir on b1 has no move at the start');
    await clickSq(page, 'b2');
    await clickSq(page, 'b3');
    await page.waitForFunction(() => document.querySelectorAll('#movelist li').length === 1);
    await clickSq(page, 'b7');
    await clickSq(page, 'b6');
    await page.waitForFunction(() => document.querySelectorAll('#movelist li').length === 2);
    await clickSq(page, 'b1');
    const t = await targets(page);
    check(JSON.stringify(t) === '["b2"]', 'editor: after b3 b6 the wazir on b1 steps to b2 alone (a knight: a3 c3)', t.join(' '));
    await page.keyboard.press('Escape');
    await (await page.$('main')).screenshot({ path: path.join(SHOTS, 'editor-wazir.png') });
    const nlegal = await page.textContent('#nlegal');
    // an error: its line and column as the text has them
    const bad = text.replace('leap knight;', 'leap orht;');
    const lines = bad.split('\n');
    const line = lines.findIndex((l) => l.includes('leap orht;')) + 1, col = lines[line - 1].indexOf('orht') + 1;
    await page.fill('#source', bad);
    await page.waitForSelector('#errors li.bad', { timeout: 5000 });
    const li = await page.$eval('#errors li.bad', (e) => [e.dataset.line, e.dataset.col, e.textContent]);
    check(+li[0] === line && +li[1] === col && /unknown direction 'orht'/.test(li[2]),
      `editor: "leap orht;" is an error at line ${line}, column ${col}`, li.join(' | '));
    const inline = await page.$eval('#inline-errors .inline-error', (e) => [e.dataset.line, e.textContent]);
    const gutter = await page.$$eval('#gutter span.bad', (s) => s.map((x) => x.textContent.trim()));
    const at = await page.$eval('#marks .mline.bad .at', (e) => e.textContent);
    check(+inline[0] === line && gutter.includes(String(line)) && at === 'o',
      'editor: the error drawn at its line (its number marked, the message on the line, its column underlined)', `${inline.join(' ')} | ${gutter} | ${at}`);
    check(await page.getAttribute('body', 'data-ok') === '0' && await page.textContent('#nlegal') === nlegal &&
      (await page.$$eval('#movelist li', (l) => l.length)) === 2,
      'editor: while the text has errors the board keeps the last game that compiled');
    await page.click(`#errors li.bad`);
    await page.screenshot({ path: path.join(SHOTS, 'editor-error.png') });
    // save: a download of the text as it is (the server writes nothing)
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
    const saved = fs.readFileSync(await download.path(), 'utf8');
    check(saved === bad && download.suggestedFilename() === 'chess.rules', 'editor: Save downloads the text as chess.rules', download.suggestedFilename());
    // a shipped game, and the blank template
    await page.selectOption('#start-from', 'game:xiangqi');
    await page.click('#start');
    await page.waitForFunction(() => document.querySelectorAll('#squares rect.sq').length === 90, null, { timeout: 10000 });
    const info = /(\d+) squares/.exec(cli('check', path.join(SRCDIR, 'examples/xiangqi.rules')));
    check(+info[1] === 90 && await page.inputValue('#source') === fs.readFileSync(path.join(SRCDIR, 'examples/xiangqi.rules'), 'utf8'),
      'editor: xiangqi opened from the shipped games: its text, its 90 points');
    await page.selectOption('#start-from', 'blank');
    await page.click('#start');
    await page.waitForFunction(() => document.querySelectorAll('#squares rect.sq').length === 25, null, { timeout: 10000 });
    check(await page.getAttribute('body', 'data-ok') === '1', 'editor: the blank template compiles (a 5x5 board)');
    check(errors.length === 0, 'editor: no script error in the page', errors.join('; '));
  } finally {
    await page.close();
    stop(srv);
  }
}

(async () => {
  const only = new Set((process.env.WEB_ONLY || 'games,special,dice,players,clock,editor').split(','));
  const games = [];
  for (const dir of ['rules', 'examples'])
    for (const f of fs.readdirSync(path.join(SRCDIR, dir)).sort())
      // (dice-race: the server throws before the page has a move to play; diceChecks)
      if (f.endsWith('.rules') && f !== 'dice-race.rules') games.push(path.join(SRCDIR, dir, f));
  fs.mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
           '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    if (only.has('games'))
      for (const g of games) {
        try { await gameChecks(browser, g); } catch (e) { check(false, `${path.basename(g)}: ${e.message}`); }
      }
    if (only.has('special')) try { await special(browser); } catch (e) { check(false, `special cases: ${e.message}`); }
    if (only.has('dice')) try { await diceChecks(browser); } catch (e) { check(false, `dice: ${e.message}`); }
    if (only.has('players')) try { await playersChecks(browser); } catch (e) { check(false, `players: ${e.message}`); }
    if (only.has('clock')) try { await clockChecks(browser); } catch (e) { check(false, `clock: ${e.message}`); }
    if (only.has('editor')) try { await editorChecks(browser); } catch (e) { check(false, `editor: ${e.message}`); }
  } finally {
    await browser.close();
  }
  console.log(`screenshots: ${SHOTS}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})();
