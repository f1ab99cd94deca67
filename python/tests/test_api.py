"""The python-chess-like API over libboardvm. Expected values: perft from the Chess Programming
Wiki's "Perft Results" page (start: 197281 at depth 4; Kiwipete: 97862 at depth 3); the mates,
their SAN and their results worked out by hand."""
import os
import threading
import time

import pytest

import boardvm
from conftest import SOURCE

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.fixture(scope="module")
def chess():
    return boardvm.Game.load("chess")


def test_perft_from_the_start(chess):
    assert boardvm.Game.load("chess").start().perft(4) == 197281


def test_perft_kiwipete(chess):
    assert chess.position(KIWIPETE).perft(3) == 97862


def test_game_description(chess):
    assert chess.title == "FIDE Chess"
    assert chess.players == ["White", "Black"]
    assert len(chess.squares) == 64 and chess.squares[chess.square("e4")] == "e4"
    assert chess.piece_codes[1:] and "N" in chess.piece_codes


def test_legal_moves_and_push_pop(chess):
    pos = chess.start()
    moves = pos.legal_moves
    assert len(moves) == 20 and moves[0].uci() == "a2a3" and str(moves[-1]) == "h2h4"
    e2e4 = next(m for m in moves if m.text == "e2e4")
    assert (chess.squares[e2e4.from_square], chess.squares[e2e4.to_square]) == ("e2", "e4")
    assert chess.piece_codes[e2e4.piece] == "P" and e2e4.kind == boardvm.MOVE
    assert pos.push_san("e4") == "e2e4"
    pos.push("e7e5")
    assert pos.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
    assert str(pos) == pos.fen() and pos.turn == 0
    assert pos.move_stack == ["e2e4", "e7e5"]
    assert pos.pop() == "e7e5" and pos.pop() == "e2e4"
    assert pos.fen() == chess.start_string
    with pytest.raises(IndexError):
        pos.pop()


def test_scholars_mate(chess):
    pos = chess.start()
    for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"]:
        pos.push_san(san)
    assert pos.san("h5f7") == "Qxf7#"
    assert pos.parse_san("Qxf7").text == "h5f7"
    assert pos.result() == "*" and not pos.is_game_over()
    pos.push_san("Qxf7#")
    assert pos.is_game_over() and pos.legal_moves == []
    assert pos.result() == "1-0"
    assert pos.outcome() == boardvm.Outcome("1-0", 0, "checkmate")


def test_fools_mate(chess):
    pos = chess.start()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        pos.push_san(san)
    assert pos.result() == "0-1" and pos.outcome().winner == 1


def test_errors_are_exceptions(chess):
    pos = chess.start()
    with pytest.raises(boardvm.Error) as e:
        pos.push("e2e5")
    assert "e2e5" in str(e.value) and e.value.code == 6        # BVM_ERR_MOVE
    with pytest.raises(boardvm.Error):
        chess.position("not a position")
    with pytest.raises(boardvm.Error) as e:
        boardvm.Game.load("no-such-game-anywhere")
    assert "no-such-game-anywhere" in str(e.value)
    with pytest.raises(boardvm.Error) as e:
        boardvm.Game.from_string('game "x";\nplayers A "a", B "b";\nboard 2 x 2;\n'
                                 'piece K "K" { leap nowhere; }\n', "x.rules")
    assert str(e.value).startswith("x.rules:4:")


def test_copy_keeps_the_position(chess):
    pos = chess.start()
    pos.push("d2d4")
    other = pos.copy()
    assert other.fen() == pos.fen() and other.move_stack == []
    other.push("d7d5")
    assert pos.fen() != other.fen()


def test_search_finds_the_mate(chess):
    pos = chess.start()
    for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"]:
        pos.push_san(san)
    r = pos.search(depth=3)
    assert r.best.text == "h5f7" and r.score == boardvm.SCORE_MATE - 1
    assert r.pv[0] == "h5f7" and pos.move_stack[-1] == "g8f6"


def test_search_stopped_from_another_thread(chess):
    pos = chess.start()
    engine = chess.engine()
    threading.Timer(0.3, engine.stop).start()
    t0 = time.monotonic()
    r = engine.search(pos, time=60)
    assert r.stopped and r.best is not None and time.monotonic() - t0 < 30


def test_positions_of_one_game_in_threads_at_once(chess):
    # perft releases the GIL: four counts of one game run in four threads together
    results = []
    threads = [threading.Thread(target=lambda: results.append(chess.start().perft(4)))
               for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [197281] * 4


def test_a_zrf_variant():
    # tests/zrf/games/chess.zrf's variant 2 is Kiwipete (CPW: 48 2039), chosen as --variant 2
    path = os.path.join(SOURCE, "tests", "zrf", "games", "chess.zrf")
    game = boardvm.Game.load(path, variant=2)
    assert game.title == "Chess: Kiwipete"
    assert game.start().perft(2) == 2039
    assert boardvm.Game.load(path, variant="Chess: Kiwipete").title == "Chess: Kiwipete"


def test_warnings_of_a_good_file():
    # examples/traps/no-royal.rules: `in-check` with no royal piece compiles, with a warning
    game = boardvm.Game.load(os.path.join(SOURCE, "examples", "traps", "no-royal.rules"))
    assert ": warning: `in-check` asks whether a royal piece is attacked" in game.warnings
    assert boardvm.Game.load("chess").warnings == ""
