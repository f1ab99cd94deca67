/* python/_boardvm.c - the CPython extension boardvm._boardvm: libboardvm's C API
 * (src/api/boardvm.h) as three types, Game, Position and Engine, whose methods are the API's
 * functions one for one; boardvm/__init__.py builds the python-chess-like classes on them.
 * Errors raise boardvm._boardvm.Error (code, message). perft and search release the GIL, so
 * that another thread can stop a search (Engine.stop). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include <boardvm.h>

static PyObject *Error;

static PyObject *raise(const bvm_error *err)
{
    PyObject *args = Py_BuildValue("(is)", err->code, err->message);
    if (args) { PyErr_SetObject(Error, args); Py_DECREF(args); }
    return NULL;
}

/* ---- Game ------------------------------------------------------------------------------ */

typedef struct { PyObject_HEAD bvm_game *g; } GameObject;
static PyTypeObject GameType;

static void game_dealloc(GameObject *self)
{
    bvm_game_free(self->g);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* options: a sequence of str ("name" or "name=value") into a C array (freed by the caller) */
static const char **options_of(PyObject *seq, int *n)
{
    *n = 0;
    if (!seq || seq == Py_None) return PyMem_Calloc(1, sizeof(char *));
    PyObject *fast = PySequence_Fast(seq, "options must be a sequence of strings");
    if (!fast) return NULL;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    const char **opts = PyMem_Calloc((size_t)len + 1, sizeof *opts);
    for (Py_ssize_t i = 0; opts && i < len; i++) {
        opts[i] = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(fast, i));
        if (!opts[i]) { PyMem_Free(opts); opts = NULL; }
    }
    *n = (int)len;
    Py_DECREF(fast);               /* (the strings live in the caller's sequence) */
    return opts;
}

static PyObject *wrap_game(bvm_game *g, const bvm_error *err)
{
    if (!g) return raise(err);
    GameObject *o = PyObject_New(GameObject, &GameType);
    if (!o) { bvm_game_free(g); return NULL; }
    o->g = g;
    return (PyObject *)o;
}

static PyObject *game_load(PyObject *cls, PyObject *args)
{
    (void)cls;
    const char *name; PyObject *options = NULL;
    if (!PyArg_ParseTuple(args, "s|O", &name, &options)) return NULL;
    int n; const char **opts = options_of(options, &n);
    if (!opts) return NULL;
    bvm_error err;
    bvm_game *g = bvm_game_load(name, opts, n, &err);
    PyMem_Free(opts);
    return wrap_game(g, &err);
}

static PyObject *game_from_string(PyObject *cls, PyObject *args)
{
    (void)cls;
    const char *text, *name; Py_ssize_t len; PyObject *options = NULL;
    if (!PyArg_ParseTuple(args, "s#s|O", &text, &len, &name, &options)) return NULL;
    int n; const char **opts = options_of(options, &n);
    if (!opts) return NULL;
    bvm_error err;
    bvm_game *g = bvm_game_from_string(text, (size_t)len, name, opts, n, &err);
    PyMem_Free(opts);
    return wrap_game(g, &err);
}

static PyObject *game_info(GameObject *self, PyObject *unused)
{
    (void)unused;
    bvm_game *g = self->g;
    int np = bvm_game_players(g), ns = bvm_game_squares(g), nt = bvm_game_piece_types(g);
    PyObject *players = PyList_New(np), *squares = PyList_New(ns), *types = PyList_New(nt);
    if (!players || !squares || !types) goto fail;
    for (int i = 0; i < np; i++)
        PyList_SET_ITEM(players, i, PyUnicode_FromString(bvm_game_player_name(g, i)));
    for (int i = 0; i < ns; i++)
        PyList_SET_ITEM(squares, i, PyUnicode_FromString(bvm_game_square_name(g, i)));
    for (int i = 0; i < nt; i++)
        PyList_SET_ITEM(types, i, Py_BuildValue("(ss)", bvm_game_piece_name(g, i + 1),
                                                bvm_game_piece_code(g, i + 1)));
    return Py_BuildValue("{s:s,s:s,s:s,s:s,s:N,s:N,s:N}", "title", bvm_game_title(g),
                         "warnings", bvm_game_warnings(g),
                         "file", bvm_game_file(g), "start", bvm_game_start(g),
                         "players", players, "squares", squares, "piece_types", types);
fail:
    Py_XDECREF(players); Py_XDECREF(squares); Py_XDECREF(types);
    return NULL;
}

static PyMethodDef game_methods[] = {
    {"load", game_load, METH_VARARGS | METH_CLASS, "load(name, options=()): a game by name or path"},
    {"from_string", game_from_string, METH_VARARGS | METH_CLASS,
     "from_string(text, name, options=()): a game from a rules file's text"},
    {"info", (PyCFunction)game_info, METH_NOARGS, "title, file, start, players, squares, types"},
    {NULL, NULL, 0, NULL}
};

static PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "boardvm._boardvm.Game",
    .tp_basicsize = sizeof(GameObject),
    .tp_dealloc = (destructor)game_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "a compiled game (libboardvm's bvm_game)",
    .tp_methods = game_methods,
};

/* ---- Position -------------------------------------------------------------------------- */

typedef struct { PyObject_HEAD bvm_pos *p; GameObject *game; } PosObject;
static PyTypeObject PosType;

static void pos_dealloc(PosObject *self)
{
    bvm_pos_free(self->p);
    Py_XDECREF(self->game);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *wrap_pos(bvm_pos *p, GameObject *game, const bvm_error *err)
{
    if (!p) return raise(err);
    PosObject *o = PyObject_New(PosObject, &PosType);
    if (!o) { bvm_pos_free(p); return NULL; }
    o->p = p;
    Py_INCREF(game);
    o->game = game;
    return (PyObject *)o;
}

static PyObject *pos_new(PyObject *cls, PyObject *args)
{
    (void)cls;
    PyObject *game; const char *s = NULL;
    if (!PyArg_ParseTuple(args, "O!|z", &GameType, &game, &s)) return NULL;
    bvm_error err;
    bvm_pos *p = bvm_pos_new(((GameObject *)game)->g, s, &err);
    return wrap_pos(p, (GameObject *)game, &err);
}

static PyObject *pos_copy(PosObject *self, PyObject *unused)
{
    (void)unused;
    bvm_error err;
    return wrap_pos(bvm_pos_copy(self->p, &err), self->game, &err);
}

static PyObject *status(int st, const bvm_error *err)
{
    if (st) return raise(err);
    Py_RETURN_NONE;
}

static PyObject *pos_set(PosObject *self, PyObject *args)
{
    const char *s = NULL;
    if (!PyArg_ParseTuple(args, "|z", &s)) return NULL;
    bvm_error err;
    return status(bvm_pos_set(self->p, s, &err), &err);
}

static PyObject *pos_string(PosObject *self, PyObject *unused)
{
    (void)unused;
    char buf[1024];
    size_t n = bvm_pos_string(self->p, buf, sizeof buf);
    if (n < sizeof buf) return PyUnicode_FromString(buf);
    char *big = PyMem_Malloc(n + 1);
    if (!big) return PyErr_NoMemory();
    bvm_pos_string(self->p, big, n + 1);
    PyObject *s = PyUnicode_FromString(big);
    PyMem_Free(big);
    return s;
}

static PyObject *pos_turn(PosObject *self, PyObject *unused)
{
    (void)unused;
    return PyLong_FromLong(bvm_pos_turn(self->p));
}

static PyObject *pos_ply(PosObject *self, PyObject *unused)
{
    (void)unused;
    return PyLong_FromLong(bvm_pos_ply(self->p));
}

/* [(text, from, to, kind, piece, becomes, captured, multi), ...] in the library's order */
static PyObject *pos_moves(PosObject *self, PyObject *unused)
{
    (void)unused;
    bvm_error err;
    int n = bvm_pos_moves(self->p, NULL, 0, &err);
    if (n < 0) return raise(&err);
    bvm_move *mv = PyMem_Calloc((size_t)n + 1, sizeof *mv);
    if (!mv) return PyErr_NoMemory();
    bvm_pos_moves(self->p, mv, n, &err);
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *t = Py_BuildValue("(siiiiiii)", mv[i].text, mv[i].from, mv[i].to, mv[i].kind,
                                    mv[i].piece, mv[i].becomes, mv[i].captured, mv[i].multi);
        if (!t) { Py_CLEAR(list); break; }
        PyList_SET_ITEM(list, i, t);
    }
    PyMem_Free(mv);
    return list;
}

static PyObject *pos_find(PosObject *self, PyObject *args)
{
    const char *m;
    if (!PyArg_ParseTuple(args, "s", &m)) return NULL;
    bvm_error err; bvm_move mv;
    if (bvm_pos_find(self->p, m, &mv, &err)) return raise(&err);
    return Py_BuildValue("(siiiiiii)", mv.text, mv.from, mv.to, mv.kind, mv.piece, mv.becomes,
                         mv.captured, mv.multi);
}

static PyObject *pos_count(PosObject *self, PyObject *unused)
{
    (void)unused;
    bvm_error err;
    int n = bvm_pos_moves(self->p, NULL, 0, &err);
    if (n < 0) return raise(&err);
    return PyLong_FromLong(n);
}

static PyObject *pos_move(PosObject *self, PyObject *args)
{
    int i;
    if (!PyArg_ParseTuple(args, "i", &i)) return NULL;
    bvm_error err; bvm_move mv;
    if (bvm_pos_move(self->p, i, &mv, &err)) return raise(&err);
    return Py_BuildValue("(siiiiiii)", mv.text, mv.from, mv.to, mv.kind, mv.piece, mv.becomes,
                         mv.captured, mv.multi);
}

/* The environment's actions (boardvm/env.py says the encodings), done here because a position
 * may have 20000 moves: actions(squares, types, num_actions, by_index) -> (ids, indexes,
 * shared, mask): the distinct action ids in the moves' order, the move index of each, how many
 * moves share an earlier one's id, and the mask (a bytearray of num_actions). */
static PyObject *pos_actions(PosObject *self, PyObject *args)
{
    int S, T, by_index; Py_ssize_t num;
    if (!PyArg_ParseTuple(args, "iinp", &S, &T, &num, &by_index)) return NULL;
    bvm_error err;
    int n = bvm_pos_moves(self->p, NULL, 0, &err);
    if (n < 0) return raise(&err);
    if (by_index && n > num)
        return PyErr_Format(PyExc_ValueError, "%d legal moves, more than max_actions (%zd)",
                            n, num);
    bvm_move *mv = by_index ? NULL : PyMem_Calloc((size_t)n + 1, sizeof *mv);
    if (!by_index && !mv) return PyErr_NoMemory();
    if (mv) bvm_pos_moves(self->p, mv, n, &err);
    PyObject *mask = PyByteArray_FromStringAndSize(NULL, num);
    PyObject *ids = PyList_New(0), *idx = PyList_New(0);
    int shared = 0;
    if (!mask || !ids || !idx) goto fail;
    char *m = PyByteArray_AS_STRING(mask);
    memset(m, 0, (size_t)num);
    for (int i = 0; i < n; i++) {
        long a = i;
        if (!by_index) {
            long from = mv[i].from >= 0 ? mv[i].from : mv[i].to >= 0 ? mv[i].to : 0;
            long to = mv[i].to >= 0 ? mv[i].to : from;
            long source = mv[i].kind == BVM_DROP ? S + mv[i].piece - 1 : from;
            a = (source * S + to) * (T + 1) + mv[i].becomes;
        }
        if (a < 0 || a >= num) {
            PyErr_Format(PyExc_ValueError, "move %s: action %ld out of range", mv[i].text, a);
            goto fail;
        }
        if (m[a]) { shared++; continue; }
        m[a] = 1;
        PyObject *pa = PyLong_FromLong(a), *pi = PyLong_FromLong(i);
        int bad = !pa || !pi || PyList_Append(ids, pa) || PyList_Append(idx, pi);
        Py_XDECREF(pa); Py_XDECREF(pi);
        if (bad) goto fail;
    }
    PyMem_Free(mv);
    return Py_BuildValue("(NNiN)", ids, idx, shared, mask);
fail:
    PyMem_Free(mv);
    Py_XDECREF(mask); Py_XDECREF(ids); Py_XDECREF(idx);
    return NULL;
}

static PyObject *pos_make(PosObject *self, PyObject *args)
{
    const char *m;
    if (!PyArg_ParseTuple(args, "s", &m)) return NULL;
    bvm_error err;
    return status(bvm_pos_make(self->p, m, &err), &err);
}

static PyObject *pos_make_index(PosObject *self, PyObject *args)
{
    int i;
    if (!PyArg_ParseTuple(args, "i", &i)) return NULL;
    bvm_error err;
    return status(bvm_pos_make_index(self->p, i, &err), &err);
}

static PyObject *pos_unmake(PosObject *self, PyObject *unused)
{
    (void)unused;
    bvm_error err;
    return status(bvm_pos_unmake(self->p, &err), &err);
}

static PyObject *pos_san(PosObject *self, PyObject *args)
{
    const char *m;
    if (!PyArg_ParseTuple(args, "s", &m)) return NULL;
    bvm_error err; char buf[BVM_MOVE_TEXT_MAX];
    if (bvm_pos_san(self->p, m, buf, sizeof buf, &err)) return raise(&err);
    return PyUnicode_FromString(buf);
}

/* (state, winner, text, reason) */
static PyObject *pos_result(PosObject *self, PyObject *unused)
{
    (void)unused;
    bvm_error err; bvm_result r;
    if (bvm_pos_result(self->p, &r, &err)) return raise(&err);
    return Py_BuildValue("(iiss)", r.state, r.winner, r.text, r.reason);
}

static PyObject *pos_piece(PosObject *self, PyObject *args)
{
    int sq, owner;
    if (!PyArg_ParseTuple(args, "i", &sq)) return NULL;
    int t = bvm_pos_piece(self->p, sq, &owner);
    return Py_BuildValue("(ii)", t, owner);
}

static PyObject *pos_perft(PosObject *self, PyObject *args)
{
    int depth;
    if (!PyArg_ParseTuple(args, "i", &depth)) return NULL;
    bvm_error err; uint64_t n = 0; int st;
    Py_BEGIN_ALLOW_THREADS
    st = bvm_pos_perft(self->p, depth, &n, &err);
    Py_END_ALLOW_THREADS
    if (st) return raise(&err);
    return PyLong_FromUnsignedLongLong(n);
}

static PyMethodDef pos_methods[] = {
    {"new", pos_new, METH_VARARGS | METH_CLASS, "new(game, string=None)"},
    {"copy", (PyCFunction)pos_copy, METH_NOARGS, "a copy (its history, no moves to take back)"},
    {"set", (PyCFunction)pos_set, METH_VARARGS, "set(string=None)"},
    {"string", (PyCFunction)pos_string, METH_NOARGS, "the position string"},
    {"turn", (PyCFunction)pos_turn, METH_NOARGS, "the player to move"},
    {"ply", (PyCFunction)pos_ply, METH_NOARGS, "moves that can be taken back"},
    {"moves", (PyCFunction)pos_moves, METH_NOARGS, "the legal moves as tuples"},
    {"count", (PyCFunction)pos_count, METH_NOARGS, "the number of legal moves"},
    {"move", (PyCFunction)pos_move, METH_VARARGS, "move(i): legal move i as a tuple"},
    {"actions", (PyCFunction)pos_actions, METH_VARARGS,
     "actions(squares, types, num_actions, by_index): (ids, indexes, shared, mask)"},
    {"find", (PyCFunction)pos_find, METH_VARARGS, "find(text or SAN): the move as a tuple"},
    {"make", (PyCFunction)pos_make, METH_VARARGS, "make(text or SAN)"},
    {"make_index", (PyCFunction)pos_make_index, METH_VARARGS, "make_index(i)"},
    {"unmake", (PyCFunction)pos_unmake, METH_NOARGS, "take back the last move"},
    {"san", (PyCFunction)pos_san, METH_VARARGS, "san(move): its SAN"},
    {"result", (PyCFunction)pos_result, METH_NOARGS, "(state, winner, text, reason)"},
    {"piece", (PyCFunction)pos_piece, METH_VARARGS, "piece(square): (type, owner)"},
    {"perft", (PyCFunction)pos_perft, METH_VARARGS, "perft(depth)"},
    {NULL, NULL, 0, NULL}
};

static PyTypeObject PosType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "boardvm._boardvm.Position",
    .tp_basicsize = sizeof(PosObject),
    .tp_dealloc = (destructor)pos_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "a position (libboardvm's bvm_pos)",
    .tp_methods = pos_methods,
};

/* ---- Engine ---------------------------------------------------------------------------- */

typedef struct { PyObject_HEAD bvm_engine *e; GameObject *game; } EngineObject;
static PyTypeObject EngineType;

static void engine_dealloc(EngineObject *self)
{
    bvm_engine_free(self->e);
    Py_XDECREF(self->game);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *engine_new(PyObject *cls, PyObject *args)
{
    (void)cls;
    PyObject *game; int mb = 0;
    if (!PyArg_ParseTuple(args, "O!|i", &GameType, &game, &mb)) return NULL;
    bvm_error err;
    bvm_engine *e = bvm_engine_new(((GameObject *)game)->g, mb, &err);
    if (!e) return raise(&err);
    EngineObject *o = PyObject_New(EngineObject, &EngineType);
    if (!o) { bvm_engine_free(e); return NULL; }
    o->e = e;
    Py_INCREF(game);
    o->game = (GameObject *)game;
    return (PyObject *)o;
}

/* search(pos, depth, nodes, seconds, threads) -> (best, score, depth, nodes, seconds, stopped, pv) */
static PyObject *engine_search(EngineObject *self, PyObject *args)
{
    PyObject *pos; bvm_limits lim = {0}; unsigned long long nodes = 0;
    if (!PyArg_ParseTuple(args, "O!iKdi", &PosType, &pos, &lim.depth, &nodes, &lim.seconds,
                          &lim.threads)) return NULL;
    lim.nodes = nodes;
    bvm_error err; bvm_search_result r; int st;
    Py_BEGIN_ALLOW_THREADS
    st = bvm_engine_search(self->e, ((PosObject *)pos)->p, &lim, &r, &err);
    Py_END_ALLOW_THREADS
    if (st) return raise(&err);
    return Py_BuildValue("(siiKdis)", r.best, r.score, r.depth, (unsigned long long)r.nodes,
                         r.seconds, r.stopped, r.pv);
}

static PyObject *engine_stop(EngineObject *self, PyObject *unused)
{
    (void)unused;
    bvm_engine_stop(self->e);
    Py_RETURN_NONE;
}

static PyObject *engine_clear(EngineObject *self, PyObject *unused)
{
    (void)unused;
    bvm_engine_clear(self->e);
    Py_RETURN_NONE;
}

static PyMethodDef engine_methods[] = {
    {"new", engine_new, METH_VARARGS | METH_CLASS, "new(game, hash_mb=0)"},
    {"search", (PyCFunction)engine_search, METH_VARARGS,
     "search(pos, depth, nodes, seconds, threads)"},
    {"stop", (PyCFunction)engine_stop, METH_NOARGS, "stop a search running in another thread"},
    {"clear", (PyCFunction)engine_clear, METH_NOARGS, "forget earlier searches"},
    {NULL, NULL, 0, NULL}
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "boardvm._boardvm.Engine",
    .tp_basicsize = sizeof(EngineObject),
    .tp_dealloc = (destructor)engine_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "a search's tables (libboardvm's bvm_engine)",
    .tp_methods = engine_methods,
};

/* ---- the module ------------------------------------------------------------------------ */

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_boardvm", "libboardvm's C API (use the boardvm package)", -1,
    NULL, NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC PyInit__boardvm(void)
{
    if (PyType_Ready(&GameType) < 0 || PyType_Ready(&PosType) < 0 ||
        PyType_Ready(&EngineType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Error = PyErr_NewException("boardvm._boardvm.Error", NULL, NULL);
    Py_INCREF(&GameType); Py_INCREF(&PosType); Py_INCREF(&EngineType);
    if (PyModule_AddObject(m, "Error", Error) || PyModule_AddObject(m, "Game", (PyObject *)&GameType)
        || PyModule_AddObject(m, "Position", (PyObject *)&PosType)
        || PyModule_AddObject(m, "Engine", (PyObject *)&EngineType)
        || PyModule_AddStringConstant(m, "library_version", bvm_version())
        || PyModule_AddIntConstant(m, "SCORE_MATE", BVM_SCORE_MATE)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
