#!/usr/bin/env node
// bench/dagaz-perft.js PAGE.htm DEPTH [--divide] [--list-scripts] [--core-only] [--selector N] [--moves 'M1 M2']
//
// A second move generator for boardvm's Zillions reader: Dagaz's JavaScript model (Valentin
// Chelnokov's DagazProject, MIT licence), loaded from the Dagaz tree the page lives in, never
// copied here. The page's <script> list gives the order: underscore, common-scripts/dagaz.js,
// zrf-model.js, the game's design (scripts/NAME.js, z2j's transcription of the .zrf) and its
// hand-written rule scripts; the view, AI, sound and session scripts are skipped (they need a
// browser and do not make moves). Set-up scripts are kept: they read design options (a design
// fails on an option no script takes) and, with no set-up in the URL, leave the start alone. The scripts run in one vm context whose `window` and
// `document` are just enough for them to load.
//
// Then perft: the initial board, its moves (board.generate), each applied (board.apply) and
// counted DEPTH plies down. Dagaz does not end a game in its generator (goals are judged by its
// controller after a move), so neither does this perft: boardvm's does, which shows only where a
// goal is met within DEPTH plies.
//
// Output: "perft D N" for D = 1..DEPTH; with --divide, "MOVE N" per root move (DEPTH below it),
// MOVE written as boardvm writes a move: the squares of each part's piece moves run together
// (a2a3, a3c5e7), a drop as "Type@a3"... (see key() below), sorted. --list-scripts prints
// "script PATH" for each rule script beyond the core (extensions), for the cross-check's table.
// --moves 'M1 M2 ...' plays these moves (written as --divide writes them) before counting.
// --selector N picks the page's set-up N where its design has several (design.setupSelector(K):
// the page draws one at random; its URL's ?selector=N names one). --core-only leaves the game's extension scripts out (only underscore, dagaz.js, zrf-model.js,
// zobrist.js and the design).
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const args = process.argv.slice(2);
const page = args.find(a => !a.startsWith('--') && a.endsWith('.htm'));
const depth = +(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--selector' && args[i - 1] !== '--moves') || 1);
const divide = args.includes('--divide');
const listScripts = args.includes('--list-scripts');
const coreOnly = args.includes('--core-only');
const movesIx = args.indexOf('--moves');
const playFirst = movesIx >= 0 ? args[movesIx + 1].split(/[ ,]+/).filter(Boolean) : [];
const selIx = args.indexOf('--selector');
const selector = selIx >= 0 ? +args[selIx + 1] : 0;
if (!page) {
    process.stderr.write('usage: dagaz-perft.js PAGE.htm DEPTH [--divide] [--list-scripts] [--core-only] [--selector N] [--moves "M1 M2"]\n');
    process.exit(2);
}

// Scripts that draw, think, play sounds or read the URL's set-up: none of them makes moves.
const skip = /(^|\/)(autofit|session-manager[^/]*|sound-manager[^/]*|move-list[^/]*|[^/]*view[^/]*|3d[^/]*|[^/]*-3d|app[^/]*|[^/]*-ai[^/]*|[^/]*ai-v?\d*|analytics|jquery[^/]*|three(\.\d+)?\.min|orbit[^/]*|obj-loader|GLTFLoader|seedrandom[^/]*|[^/]*editor[^/]*|[^/]*worker[^/]*|[^/]*-fen|fen-[^/]*|timer|hint[^/]*|[^/]*-sync)\.js$/;
const core = /(^|\/)(underscore-min|dagaz|zrf-model|zobrist)\.js$/;

const html = fs.readFileSync(page, 'utf8');
const dir = path.dirname(page);
const srcs = [...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map(m => m[1]);
const design = path.basename(page).replace(/(-board)?\.htm$/, '');
const used = [];
for (const s of srcs) {
    const isDesign = s === 'scripts/' + design + '.js';
    if (skip.test(s) && !core.test(s) && !isDesign) continue;
    if (!core.test(s) && !isDesign) {
        if (coreOnly) continue;
        if (listScripts) console.log('script ' + s);
    }
    used.push(path.join(dir, s));
}

const noop = () => {};
const element = new Proxy(function () {}, { get: (t, k) => k === Symbol.toPrimitive ? () => '' : element, apply: () => element, set: () => true });
const ctx = {
    console: { log: noop, warn: noop, error: noop, info: noop, debug: noop },
    setTimeout: noop, clearTimeout: noop, setInterval: noop, clearInterval: noop,
    localStorage: { getItem: () => null, setItem: noop, removeItem: noop },
    navigator: { userAgent: 'node' },
    document: element, Image: function () {}, Audio: function () { return element; },
};
ctx.window = ctx;
ctx.self = ctx;
ctx.window.location = { search: selector ? '?selector=' + selector : '', pathname: '/' + path.basename(page), href: 'file:///' + page, toString: () => '' };
vm.createContext(ctx);
for (const f of used) {
    try {
        vm.runInContext(fs.readFileSync(f, 'utf8'), ctx, { filename: f });
    } catch (e) {
        // a set-up script that wants more of a browser than the stand-ins give is left out
        // (its options are then unknown, and the design fails if it names any)
        if (!/setup/.test(path.basename(f))) throw e;
    }
}

// The design's options for the scripts left out (a view's "mancala-view") would fail the
// design (an unknown option does): they are dropped before the chain of checkVersion sees them.
vm.runInContext(`(function() { var cv = Dagaz.Model.checkVersion;
    Dagaz.Model.checkVersion = function(design, name) {
        if (/view|sound|-ai$/.test(name)) return;
        return cv.apply(this, arguments);
    }; })();`, ctx);

// Random draws (zobrist keys, random set-ups, a card game's deal: seedrandom's seed is not
// used) from a fixed seed, so a run repeats.
vm.runInContext(`(function() { var s = 12345; Math.random = function() {
    s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
    Math.seedrandom = function() { s = 12345; }; })();`, ctx);

const Dagaz = vm.runInContext('Dagaz', ctx);
Dagaz.Model.InitGame();
const dsg = Dagaz.Model.getDesign();
if (dsg.failed) {
    console.error('dagaz-perft: the design failed to build (an unknown player or piece)');
    process.exit(1);
}
let root = Dagaz.Model.getInitBoard();
if (Dagaz.Model.setup) Dagaz.Model.setup(root);

function movesOf(board) {
    board.generate(dsg);
    return board.moves || [];
}

// A move as boardvm writes it: each part's piece moves as squares run together, then drops.
function key(move) {
    if (move.actions.length === 0) return 'pass';
    const name = p => Dagaz.Model.posToString(p, dsg);
    let r = '', last = null;
    for (const a of move.actions) {
        if (a[0] !== null && a[1] !== null && a[0][0] !== a[1][0]) {
            if (last !== a[0][0]) r += (r ? ' ' : '') + name(a[0][0]);
            r += name(a[1][0]);
            last = a[1][0];
        }
    }
    for (const a of move.actions) {
        if (a[0] === null && a[1] !== null && a[2] !== null) {
            r += (r ? ' ' : '') + dsg.pieceNames[a[2][0].type] + '@' + name(a[1][0]);
        }
    }
    return r || move.toString();
}

for (const want of playFirst) {
    const m = movesOf(root).find(m => key(m).replace(/ /g, '') === want.replace(/^[^@ ]*@/, '') ||
                                      key(m).replace(/ /g, '') === want);
    if (!m) {
        console.error('dagaz-perft: no move ' + want + ' here');
        process.exit(1);
    }
    root = root.apply(m);
}

function perft(board, d) {
    const ms = movesOf(board);
    if (d <= 1) return ms.length;
    let n = 0;
    for (const m of ms) n += perft(board.apply(m), d - 1);
    return n;
}

if (divide) {
    const rows = movesOf(root).map(m => [key(m), depth > 1 ? perft(root.apply(m), depth - 1) : 1]);
    rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    for (const [k, n] of rows) console.log(k + ' ' + n);
} else {
    for (let d = 1; d <= depth; d++) console.log('perft ' + d + ' ' + perft(root, d));
}
