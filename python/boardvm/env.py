"""An environment for reinforcement learning over any boardvm game, in the shape Gymnasium and
PettingZoo users know (reset, step, an action mask, legal action ids), without depending on
either: duck-typed, plain lists.

Actions are fixed integers for a game, so that a policy's output layer has one size. Two
encodings (the `actions` argument):

"squares" (the default), the from-square, to-square and promotion of the move:
    action = (source * S + to) * (T + 1) + becomes
with S squares and T piece types; `source` is the from-square (0..S-1), or S + type - 1 for a
drop of that type; `becomes` is the type a promotion makes (0: none). num_actions is
(S + T) * S * (T + 1). A move without a from-square (written by a top-level program) counts
from its to-square, one without a to-square to its from-square, a pass as from and to
square 0. Two legal moves
of one position that share all three (moves that differ only in what else they do: a capture
elsewhere, a choice of path) share the action: the first in legal_moves' order is played, and
info["shared_actions"] counts such moves (0 in the usual games).

"index", the move's place in legal_moves' order (sorted by text): action i is legal_moves[i],
num_actions is max_actions (a position with more legal moves is an error). Every move has its
own action; the same action is a different move in another position. For games whose moves the
squares do not tell apart (a stacking game's moves of part of a stack, moves written by a
top-level program: Four Towers, Nemoroth).

Rewards are given when the game ends: +1 to the winner, -1 to the others, 0 to all for a draw
(or an end that names no winner). step() returns the reward of the player who moved, and
info["rewards"] has every player's.
"""
import random as _random

from . import Game, DROP  # noqa: F401  (Move.kind)

__all__ = ["Env"]


class Env:
    metadata = {"name": "boardvm", "render_modes": ["ansi"]}

    def __init__(self, game, max_plies=None, start=None, options=(), actions="squares",
                 max_actions=4096):
        """game: a Game or its name; max_plies: truncate after so many plies (None: never);
        start: a position string (None: the game's start); actions: "squares" or "index"
        (max_actions: their number)."""
        self.game = game if isinstance(game, Game) else Game.load(game, options)
        self.squares = len(self.game.squares)
        self.types = len(self.game.piece_types) - 1
        if actions not in ("squares", "index"):
            raise ValueError("actions must be 'squares' or 'index', not %r" % (actions,))
        self.actions = actions
        if actions == "index":
            self.num_actions = max_actions
        else:
            self.num_actions = (self.squares + self.types) * self.squares * (self.types + 1)
        self.possible_agents = ["player_%d" % i for i in range(len(self.game.players))]
        self.agents = list(self.possible_agents)
        self.max_plies = max_plies
        self.start = start
        self.pos = None
        self.plies = 0
        self.np_random = _random.Random()
        self._table = None

    # -- the action encoding
    def encode(self, move):
        """The action id of a legal Move."""
        if self.actions == "index":
            return self.pos.legal_moves.index(move)
        return self._encode(move)

    def _encode(self, move):
        # (the same formula as the extension's actions())
        s, t = self.squares, self.types
        frm = move.from_square if move.from_square >= 0 else max(move.to_square, 0)
        to = move.to_square if move.to_square >= 0 else frm
        source = s + move.piece - 1 if move.kind == DROP else frm
        return (source * s + to) * (t + 1) + move.promotion

    def _actions(self):
        """(action ids, the legal_moves index of each, moves sharing an action, the mask),
        computed in the extension (a position may have 20000 moves)."""
        if self._table is None:
            self._table = self.pos._p.actions(self.squares, self.types, self.num_actions,
                                              self.actions == "index")
        return self._table

    def legal_action_ids(self):
        """The action ids playable now, in legal_moves' order."""
        return list(self._actions()[0])

    def action_mask(self):
        """A bytearray of num_actions: 1 where the action is legal."""
        return bytearray(self._actions()[3])

    def _index(self, action):
        ids, indexes = self._actions()[:2]
        try:
            return indexes[ids.index(action)]
        except ValueError:
            return None

    def decode(self, action):
        """The Move an action plays now (None: not legal)."""
        i = self._index(action)
        return None if i is None else self.pos.legal_moves[i]

    # -- the loop
    @property
    def agent_selection(self):
        return self.possible_agents[self.pos.turn]

    def observe(self, agent=None):
        """The board as lists (the piece type and the owner of each square: 0 and -1 for
        none), the player to move and the action mask."""
        pieces = [self.pos.piece_at(sq) or (0, -1) for sq in range(self.squares)]
        return {"board": [t for t, o in pieces], "owner": [o for t, o in pieces],
                "to_move": self.pos.turn, "action_mask": self._actions()[3]}

    def reset(self, seed=None, options=None):
        """A new game: (observation, info)."""
        if seed is not None:
            self.np_random.seed(seed)
        self.pos = self.game.start() if self.start is None else self.game.position(self.start)
        self.plies = 0
        self._table = None
        return self.observe(), self._info()

    def _info(self):
        return {"legal_action_ids": self.legal_action_ids(), "shared_actions": self._actions()[2],
                "to_move": self.pos.turn}

    def step(self, action):
        """Play an action: (observation, reward of the mover, terminated, truncated, info)."""
        i = self._index(action)
        if i is None:
            raise ValueError("action %r is not legal here" % (action,))
        mover = self.pos.turn
        move = self.pos.push_index(i)
        self.plies += 1
        self._table = None
        outcome = self.pos.outcome()
        rewards = [0.0] * len(self.possible_agents)
        if outcome is not None and outcome.winner is not None:
            rewards = [1.0 if i == outcome.winner else -1.0 for i in range(len(rewards))]
        terminated = outcome is not None
        truncated = not terminated and self.max_plies is not None and self.plies >= self.max_plies
        info = self._info()
        info.update(rewards=rewards, outcome=outcome, move=move.text)
        return self.observe(), rewards[mover], terminated, truncated, info

    def sample(self):
        """A random legal action (the environment's own generator: reset(seed) fixes it)."""
        return self.np_random.choice(self.legal_action_ids())

    def render(self):
        return str(self.pos)

    def close(self):
        self.pos = None
