// tests/uci-client.cjs - `boardvm uci` driven by a real UCI client (node-uci), its moves and
// perft checked by an independent chess library (chess.js), and boardvm's SAN compared with
// chess.js's over the positions of random games, both ways (tests/uci-client.sh runs it).
//
// Usage: node uci-client.cjs BOARDVM RULES WORKDIR [POSITIONS]
'use strict';
const { Chess } = require('chess.js');
const { Engine } = require('node-uci');
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const [boardvm, rules, work, npos] = process.argv.slice(2);
const POSITIONS = Number(npos || 5000);
let failures = 0, checks = 0;
function ok(cond, what) {
  checks++;
  if (!cond) { failures++; console.log(`not ok - ${what}`); }
}

// A fixed-seed generator: the same random games every run.
function mulberry32(a) {
  return function () {
    a |= 0; a = a + 0x6D2B79F5 | 0;
    let t = Math.imul(a ^ a >>> 15, 1 | a);
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}

const uciOf = (m) => m.from + m.to + (m.promotion || '');

// 1. A full game through node-uci: boardvm (White, depth 2) against a random mover, every move
//    boardvm sends checked legal by chess.js, to checkmate or stalemate, then bestmove (none).
async function fullGame() {
  const wrapper = path.join(work, 'boardvm-uci-chess.sh');
  fs.writeFileSync(wrapper, `#!/bin/sh\nexec "${boardvm}" uci "${rules}"\n`, { mode: 0o755 });
  const engine = new Engine(wrapper);
  await engine.init();
  ok(/boardvm/.test(engine.id.name), `id name names boardvm (${engine.id.name})`);
  ok(engine.options.has('Hash') && engine.options.has('Threads'), 'options Hash and Threads');
  await engine.setoption('Hash', '16');
  await engine.isready();
  await engine.ucinewgame();
  const chess = new Chess();
  const rnd = mulberry32(7);
  const moves = [];
  let plies = 0, illegal = 0, sawInfo = false;
  while (!chess.isCheckmate() && !chess.isStalemate() && plies < 400) {
    let uci;
    if (chess.turn() === 'w') {
      await engine.position('startpos', moves);
      const r = await engine.go({ depth: 2 });
      uci = r.bestmove;
      sawInfo = sawInfo || r.info.some((i) => i.pv && i.score && typeof i.nps === 'number');
    } else {
      const legal = chess.moves({ verbose: true });
      uci = uciOf(legal[Math.floor(rnd() * legal.length)]);
    }
    let m = null;
    try {
      m = chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    } catch (e) { m = null; }
    if (!m) { illegal++; ok(false, `ply ${plies + 1}: boardvm's ${uci} is legal`); break; }
    moves.push(uci);
    plies++;
  }
  ok(illegal === 0, `a full game (${plies} plies) with no illegal move`);
  ok(chess.isCheckmate(), `the game ended in checkmate (${chess.fen()})`);
  ok(sawInfo, 'info lines with score, pv and nps');
  await engine.position('startpos', moves);
  const end = await engine.go({ depth: 2 });
  ok(end.bestmove === '(none)', `bestmove (none) at the end (${end.bestmove})`);
  await engine.quit();
  console.log(`# full game: ${plies} plies, ${moves.length} moves sent, the last ${moves.slice(-3)}`);
}

// A plain process for the rest: commands in, lines out (each wait takes the lines so far).
function session() {
  const proc = spawn(boardvm, ['uci', rules], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buf = '';
  const waiters = [];
  const lines = [];
  proc.stdout.setEncoding('utf8');
  proc.stdout.on('data', (d) => {
    buf += d;
    let k;
    while ((k = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, k);
      buf = buf.slice(k + 1);
      lines.push({ line, t: Date.now() });
      for (let i = 0; i < waiters.length; i++)
        if (waiters[i].test(line)) { waiters[i].resolve(lines.splice(0)); waiters.splice(i--, 1); }
    }
  });
  return {
    send: (s) => proc.stdin.write(s + '\n'),
    until: (re) => new Promise((resolve) => waiters.push({ test: (l) => re.test(l), resolve })),
    lines,
    close: () => { proc.stdin.end(); return new Promise((r) => proc.on('close', r)); },
  };
}

// 2. go perft: every root move's count equals chess.js's.
async function perftDivide() {
  const s = session();
  const fens = [
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1',
  ];
  for (const fen of fens) {
    s.send(`position fen ${fen}`);
    s.send('go perft 3');
    const all = await s.until(/^Nodes searched: /);
    const mine = {};
    let total = 0;
    for (const { line } of all) {
      const m = /^(\S+): (\d+)$/.exec(line);
      if (m) mine[m[1]] = Number(m[2]);
      const t = /^Nodes searched: (\d+)/.exec(line);
      if (t) total = Number(t[1]);
    }
    const c = new Chess(fen);
    let want = 0, same = true;
    const legal = c.moves({ verbose: true });
    for (const mv of legal) {
      c.move(mv);
      const n = c.perft(2);
      c.undo();
      want += n;
      if (mine[uciOf(mv)] !== n) same = false;
    }
    ok(same && Object.keys(mine).length === legal.length,
       `go perft 3 divide equals chess.js's: ${fen}`);
    ok(total === want, `go perft 3 total ${total} = ${want}`);
  }
  // stop answers promptly; isready during a search
  s.send('position startpos');
  s.send('go infinite');
  await new Promise((r) => setTimeout(r, 300));
  const t0 = Date.now();
  s.send('isready');
  await s.until(/^readyok/);
  // 2 s, not less: CI machines are shared, and a load of 11 once took this past 0.5 s; a
  // search that did not read its input while it thinks would answer only when it ends (never,
  // under `go infinite`), so the bound still fails that.
  ok(Date.now() - t0 < 2000, `readyok during a search within 2 s (${Date.now() - t0} ms)`);
  const t1 = Date.now();
  s.send('stop');
  const after = await s.until(/^bestmove /);
  const best = after[after.length - 1];
  ok(best.t - t1 < 2000, `bestmove within 2 s of stop (${best.t - t1} ms)`);
  await s.close();
}

// 3. SAN: over the positions of random games, boardvm's SAN of every legal move equals
//    chess.js's (so each is read by the other), and the move played, written in chess.js's
//    SAN, is read by boardvm to the position chess.js reaches.
async function sanCrossCheck() {
  const s = session();
  const rnd = mulberry32(36);
  let positions = 0, moves = 0, diffs = 0, readDiffs = 0;
  const boardFields = (fen) => fen.split(' ').filter((_, i) => i !== 3).join(' ');
  while (positions < POSITIONS) {
    const c = new Chess();
    const batch = [];
    for (let ply = 0; ply < 200 && !c.isGameOver() && positions < POSITIONS; ply++) {
      const legal = c.moves({ verbose: true });
      const pick = legal[Math.floor(rnd() * legal.length)];
      const fen = c.fen();
      c.move(pick);
      batch.push({ fen, legal, played: pick.san, after: c.fen() });
      positions++;
    }
    for (const b of batch) {
      s.send(`position fen ${b.fen}`);
      s.send('moves');
      s.send(`position fen ${b.fen} moves ${b.played}`);
      s.send('d');
    }
    s.send('isready');
    const all = await s.until(/^readyok/);
    const got = all.map((x) => x.line);
    const lists = got.filter((l) => l.startsWith('info string moves'));
    const poss = got.filter((l) => l.startsWith('info string position '));
    for (let i = 0; i < batch.length; i++) {
      const mine = new Map();
      for (const pair of (lists[i] || '').split(' ').slice(3)) {
        const k = pair.indexOf(':');
        mine.set(pair.slice(0, k), pair.slice(k + 1));
      }
      let same = mine.size === batch[i].legal.length;
      for (const mv of batch[i].legal) {
        moves++;
        if (mine.get(uciOf(mv)) !== mv.san) {
          same = false;
          if (diffs < 5) console.log(`# ${batch[i].fen}: ${uciOf(mv)} chess.js ${mv.san}, boardvm ${mine.get(uciOf(mv))}`);
        }
      }
      if (!same) diffs++;
      const pos = (poss[i] || '').slice('info string position '.length);
      if (boardFields(pos) !== boardFields(batch[i].after)) {
        if (readDiffs < 5) console.log(`# read ${batch[i].played} in ${batch[i].fen}: ${pos}, want ${batch[i].after}`);
        readDiffs++;
      }
    }
  }
  ok(diffs === 0, `SAN of every legal move equals chess.js's in ${positions} positions (${moves} moves; ${diffs} positions differ)`);
  ok(readDiffs === 0, `chess.js's SAN of the move played read by boardvm in ${positions} positions (${readDiffs} differ)`);
  await s.close();
}

(async () => {
  await fullGame();
  await perftDivide();
  await sanCrossCheck();
  console.log(`uci-client: ${checks - failures} passed, ${failures} failed`);
  process.exit(failures ? 1 : 0);
})().catch((e) => { console.log(`not ok - ${e.stack}`); process.exit(1); });
