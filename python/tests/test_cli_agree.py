"""The Python perft of the shipped games equals `boardvm perft` (the command line, a second
path through the code: its own loading, position set-up and counting loop), from the start
and after a few moves."""
import os
import subprocess

import pytest

import boardvm
from conftest import SHIPPED

# (depth from the start, moves, depth after them): small enough for a few seconds in all
DEPTHS = {"chess": (3, ["e2e4", "d7d5"], 3), "four-towers": (2, None, 1),
          "ivory-tower": (2, None, 1), "nemoroth": (2, None, 1), "smegi": (3, None, 2),
          "spinal-tap": (3, None, 2)}


def cli_perft(cli, path, depth, moves=()):
    args = [cli, "perft", path, str(depth)] + (["--moves"] + list(moves) if moves else [])
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return int(out.split()[-1])


@pytest.mark.parametrize("path", SHIPPED, ids=os.path.basename)
def test_perft_as_the_cli(cli, path):
    name = os.path.basename(path)[:-len(".rules")]
    depth, moves, depth2 = DEPTHS.get(name, (2, None, 1))
    game = boardvm.Game.load(path)
    pos = game.start()
    assert pos.perft(depth) == cli_perft(cli, path, depth)
    # then along the first legal moves (or the given ones), as the CLI plays them
    moves = moves or [pos.legal_moves[0].text]
    for m in moves:
        pos.push(m)
        if pos.is_game_over():
            break
    assert pos.perft(depth2) == cli_perft(cli, path, depth2, pos.move_stack)
