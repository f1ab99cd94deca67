// fsf.js - Fairy-Stockfish (the fairy-stockfish-nnue.wasm npm package) as a perft oracle.
//   node fsf.js VARIANT POSITION DEPTH
// POSITION is a FEN, `startpos`, or either followed by ` moves m1 m2 ...`. Prints Fairy-
// Stockfish's `go perft DEPTH` output: one `move: count` line per legal move, then
// `Nodes searched: N`. Find the package with NODE_PATH (npm install fairy-stockfish-nnue.wasm
// somewhere, then NODE_PATH=that/node_modules).
delete globalThis.fetch;   // Node's fetch makes the Emscripten loader look for the .wasm by URL
const Stockfish = require("fairy-stockfish-nnue.wasm/stockfish.js");
(async () => {
  const [variant, pos, depth] = process.argv.slice(2);
  const sf = await Stockfish();
  sf.addMessageListener((line) => {
    console.log(line);
    if (line.startsWith("Nodes searched")) process.exit(0);
  });
  sf.postMessage("setoption name UCI_Variant value " + variant);
  sf.postMessage(pos.startsWith("startpos") ? "position " + pos : "position fen " + pos);
  sf.postMessage("go perft " + depth);
})();
