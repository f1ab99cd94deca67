"""boardvm: games described by rules files (or Zillions .zrf files), from Python.

The classes follow python-chess where the ideas are the same::

    import boardvm
    game = boardvm.Game.load("chess")          # found by name, as `boardvm show chess` finds it
    pos = game.start()
    pos.push_san("e4"); pos.push("e7e5")
    pos.legal_moves                            # [Move('a2a3'), ...], sorted by text
    pos.perft(4)                               # 197281
    pos.search(depth=6)                        # SearchResult(best=Move('...'), score=..., ...)
    pos.pop(); pos.result()                    # '*', '1-0', '0-1' or '1/2-1/2'

Everything runs in libboardvm (the C library, through boardvm._boardvm): the same compiler,
move generator and search as the `boardvm` command. docs/library.md is the guide; the
reinforcement-learning environment is boardvm.env.Env.
"""
from collections import namedtuple

from . import _boardvm

__all__ = ["Game", "Position", "Move", "SearchResult", "Outcome", "Engine", "Error",
           "MOVE", "STAY", "DROP", "SCORE_MATE"]

Error = _boardvm.Error
"""Raised for every error of the library: args are (code, message); str() is the message."""

MOVE, STAY, DROP = 0, 1, 2
SCORE_MATE = _boardvm.SCORE_MATE
_STATES = {0: None, 1: "win", 2: "loss", 3: "draw"}


def _error_str(self):
    return self.args[1] if len(self.args) == 2 else Exception.__str__(self)


Error.__str__ = _error_str
Error.code = property(lambda self: self.args[0] if self.args else 0)


class Move(namedtuple("Move", "text from_square to_square kind piece promotion captured multi")):
    """A legal move: its text as boardvm writes it ("e2e4", "e7e8=Q", "P@e4"), its squares
    (indexes into Game.squares; -1: none), its kind (MOVE, STAY or DROP), the piece type that
    moves (index into Game.piece_types, from 1), the type it becomes (0: none), the type it
    captures on its to-square (0: none), and whether it moves several pieces (multi)."""
    __slots__ = ()

    def uci(self):
        return self.text

    def __str__(self):
        return self.text

    def __repr__(self):
        return "Move(%r)" % self.text


SearchResult = namedtuple("SearchResult", "best score depth nodes seconds stopped pv")
SearchResult.__doc__ = """A search's answer: the best Move (None when there is no move), the
score in centipawns for the side to move (SCORE_MATE - n: a win in n plies), the depth
finished, the nodes, the seconds, whether Engine.stop ended it, and the principal variation
(a list of move texts)."""

Outcome = namedtuple("Outcome", "result winner termination")
Outcome.__doc__ = """The end of a game: result "1-0", "0-1" or "1/2-1/2", the winning player
(index; None for a draw or when the rules name no winner), and the rules file's reason."""


class Game:
    """A compiled game. Game.load("chess") finds it by name ($BOARDVM_PATH, then the installed
    games and examples) or by path; options are "NAME" or "NAME=VALUE" as `boardvm -o` takes
    them, and variant= chooses a .zrf file's variant (a number or a name)."""

    def __init__(self, handle):
        self._g = handle
        info = handle.info()
        self.title = info["title"]
        self.file = info["file"]
        self.start_string = info["start"]
        self.warnings = info["warnings"]      # the compiler's, as `boardvm check` prints them
        self.players = info["players"]
        self.squares = info["squares"]
        self.piece_types = [None] + [name for name, code in info["piece_types"]]
        self.piece_codes = [None] + [code for name, code in info["piece_types"]]
        self._engine = None

    @classmethod
    def load(cls, name, options=(), variant=None):
        opts = list(options) + (["variant=%s" % variant] if variant is not None else [])
        return cls(_boardvm.Game.load(str(name), opts))

    @classmethod
    def from_string(cls, text, name="(string)", options=()):
        return cls(_boardvm.Game.from_string(text, name, list(options)))

    def start(self):
        """The start position."""
        return Position(self, _boardvm.Position.new(self._g, None))

    def position(self, string):
        """A position from its string (FEN for chess)."""
        return Position(self, _boardvm.Position.new(self._g, string))

    def square(self, name):
        return self.squares.index(name)

    def engine(self, hash_mb=0):
        """A new Engine for this game (Position.search keeps one of its own per game)."""
        return Engine(self, hash_mb)

    def __repr__(self):
        return "Game(%r)" % self.title


class Engine:
    """A search's tables. stop() may be called from another thread while search() runs."""

    def __init__(self, game, hash_mb=0):
        self.game = game
        self._e = _boardvm.Engine.new(game._g, hash_mb)

    def search(self, pos, depth=None, nodes=None, time=None, threads=1):
        if pos.game is not self.game:
            raise ValueError("the position is of another game")
        r = self._e.search(pos._p, int(depth or 0), int(nodes or 0), float(time or 0),
                           int(threads or 1))
        best = next((m for m in pos.legal_moves if m.text == r[0]), None) if r[0] else None
        return SearchResult(best, r[1], r[2], r[3], r[4], bool(r[5]), r[6].split())

    def stop(self):
        self._e.stop()

    def clear(self):
        self._e.clear()


class Position:
    """A position of a game, with the moves pushed on it (python-chess's Board)."""

    def __init__(self, game, handle):
        self.game = game
        self._p = handle
        self.move_stack = []
        self._moves = None

    # -- strings
    def fen(self):
        """The position string (FEN for chess; every game's own format)."""
        return self._p.string()

    def __str__(self):
        return self._p.string()

    def __repr__(self):
        return "Position(%r, %r)" % (self.game.title, self._p.string())

    def set(self, string=None):
        """Set the position from a string (None: the start); the move stack is emptied."""
        self._p.set(string)
        self.move_stack = []
        self._moves = None

    def copy(self):
        """A copy with the same position and history (repetitions count), no move stack."""
        return Position(self.game, self._p.copy())

    @property
    def turn(self):
        """The player to move (0: the first player)."""
        return self._p.turn()

    def piece_at(self, square):
        """(type, owner) of what stands on a square (an index or a name), or None."""
        if isinstance(square, str):
            square = self.game.square(square)
        t, owner = self._p.piece(square)
        return (t, owner) if t else None

    # -- moves
    @property
    def legal_moves(self):
        """The legal moves, sorted by their text (the order of `boardvm moves`)."""
        if self._moves is None:
            self._moves = [Move(*t) for t in self._p.moves()]
        return self._moves

    def legal_move_count(self):
        """len(legal_moves), without making the list."""
        return len(self._moves) if self._moves is not None else self._p.count()

    def push(self, move):
        """Make a move, given as a Move or its text ("e2e4"; SAN is read as well)."""
        text = move.text if isinstance(move, Move) else str(move)
        self._p.make(text)
        self.move_stack.append(text)
        self._moves = None

    push_uci = push

    def push_san(self, san):
        """Make a move given in SAN ("Nf3", "O-O", "exd5", "P@e4"); returns its text."""
        text = self._text_of(san)
        self.push(text)
        return text

    def push_index(self, index):
        """Make legal_moves[index] (no text to look up); returns its Move."""
        move = Move(*self._p.move(index))
        self._p.make_index(index)
        self.move_stack.append(move.text)
        self._moves = None
        return move

    def pop(self):
        """Take back the last move; returns its text."""
        if not self.move_stack:
            raise IndexError("pop from an empty move stack")
        self._p.unmake()
        self._moves = None
        return self.move_stack.pop()

    def san(self, move):
        """The SAN of a legal move (a Move or its text)."""
        return self._p.san(move.text if isinstance(move, Move) else str(move))

    def parse_san(self, san):
        """The legal Move that a SAN names."""
        return Move(*self._p.find(san))

    def _text_of(self, san):
        return self._p.find(san)[0]

    # -- the end of the game
    def outcome(self):
        """The Outcome when the game is over, else None."""
        state, winner, text, reason = self._p.result()
        if state == 0:
            return None
        return Outcome(text, winner if winner >= 0 else None, reason)

    def result(self):
        """"1-0", "0-1", "1/2-1/2" or "*" (still going, or more than two players)."""
        return self._p.result()[2]

    def is_game_over(self):
        return self._p.result()[0] != 0

    # -- counting and searching
    def perft(self, depth):
        """The leaves of the legal move tree depth plies deep."""
        return self._p.perft(int(depth))

    def search(self, depth=None, nodes=None, time=None, threads=1):
        """Search this position (left as it was) with the game's own engine: a SearchResult.
        No limit given: depth 3 and deeper while cheap, as `boardvm selfplay` plays."""
        if self.game._engine is None:
            self.game._engine = Engine(self.game)
        return self.game._engine.search(self, depth, nodes, time, threads)
