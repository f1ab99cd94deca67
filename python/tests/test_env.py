"""The reinforcement-learning environment: a random game of every shipped game to its end,
the action mask and the legal action ids against the legal moves at every ply."""
import os
import subprocess

import pytest

import boardvm
from boardvm.env import Env
from conftest import SHIPPED


def run(env):
    """A random game of env to its end (or its max_plies): its last step's results."""
    obs, info = env.reset(seed=1)
    assert len(obs["board"]) == len(env.game.squares)
    terminated = truncated = False
    plies = 0
    while not (terminated or truncated):
        ids = env.legal_action_ids()
        mask = obs["action_mask"]
        assert len(mask) == env.num_actions and sum(mask) == len(ids)
        assert all(mask[a] for a in ids)
        # every legal move has an action (the shared ones are counted)
        n = env.pos.legal_move_count()
        assert len(ids) + info["shared_actions"] == n
        if env.actions == "index":
            assert ids == list(range(n))
        mover = env.pos.turn
        obs, reward, terminated, truncated, info = env.step(env.sample())
        plies += 1
        assert obs["to_move"] == env.pos.turn
        assert plies < 5000, "no end after 5000 plies"
    return plies, mover, reward, terminated, truncated, info


# Every shipped game to its end, with the squares' actions; in Nemoroth two moves share their
# squares once (two pieces of a stack, H and W, from a1 to a2), so it is played again with the
# actions by index, as is Four Towers (moves written by a program, 20 of them sharing squares in
# a position) for 30 plies: a whole random game of it meets positions of 39000 moves (0.1 s a
# generation: a minute), too long for `make check`.
@pytest.mark.parametrize("path", SHIPPED, ids=os.path.basename)
def test_random_game_to_its_end(path, cli):
    env = Env(path)
    plies, mover, reward, terminated, truncated, info = run(env)
    outcome = env.pos.outcome()
    assert terminated and outcome is not None
    assert outcome.result in ("1-0", "0-1", "1/2-1/2")
    # the command line, given the game's moves, sees the same end
    shown = subprocess.run([cli, "show", path, "--moves"] + env.pos.move_stack, check=True,
                           capture_output=True, text=True).stdout
    turn = env.pos.turn
    if "result: " not in shown:          # no move, and the end block said nothing: a loss
        assert "legal moves (0):" in shown and outcome.termination == "no legal move"
    else:
        word = "draw" if outcome.winner is None else "wins" if outcome.winner == turn else "loses"
        assert "result: %s %s: %s\n" % (env.game.players[turn], word, outcome.termination) \
            in shown
    if outcome.winner is not None:
        assert reward == (1.0 if outcome.winner == mover else -1.0)
        assert info["rewards"][outcome.winner] == 1.0
    else:
        assert reward == 0.0


@pytest.mark.parametrize("name,plies", [("nemoroth", None), ("four-towers", 30)])
def test_actions_by_index(name, plies):
    env = Env(name, actions="index", max_actions=65536, max_plies=plies)
    played, mover, reward, terminated, truncated, info = run(env)
    assert terminated or (truncated and played == plies)


def test_actions_decode_to_their_moves():
    env = Env("chess")
    env.reset()
    assert env.num_actions == (64 + 6) * 64 * 7
    for a in env.legal_action_ids():
        assert env.encode(env.decode(a)) == a       # the Python formula and the extension's
    # e2e4 by the formula: (source * squares + to) * (types + 1) + 0 (no promotion)
    e2, e4 = env.game.square("e2"), env.game.square("e4")
    assert env.decode((e2 * 64 + e4) * 7).text == "e2e4"
    assert env.decode(0) is None
    with pytest.raises(ValueError):
        env.step(0)


def test_truncation():
    env = Env("chess", max_plies=4)
    env.reset(seed=3)
    done = [env.step(env.sample())[3] for _ in range(4)]
    assert done == [False, False, False, True]
