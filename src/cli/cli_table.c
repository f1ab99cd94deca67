/* cli_table.c - the one table of boardvm's command line: its commands and the options each takes.
 * The parser (cli.c), `boardvm --help`, `boardvm COMMAND --help` and the bash completion script
 * are all read from here, so a new option is one row and its command's case. An option whose
 * meaning differs by command (--depth) has one row per meaning. */
#include "cli.h"
#include <string.h>

#define RULES_CMDS                                                                                 \
    (ON(CMD_CHECK) | ON(CMD_DISASM) | ON(CMD_SHOW) | ON(CMD_MOVES) | ON(CMD_PERFT) |               \
     ON(CMD_BENCH) | ON(CMD_SELFPLAY) | ON(CMD_PLAY) | ON(CMD_XBOARD) | ON(CMD_SERVE) |            \
     ON(CMD_SVG) | ON(CMD_MATCH) | ON(CMD_TUNE))
#define POSITION_CMDS                                                                              \
    (ON(CMD_SHOW) | ON(CMD_MOVES) | ON(CMD_PERFT) | ON(CMD_BENCH) | ON(CMD_SELFPLAY) |             \
     ON(CMD_SERVE) | ON(CMD_SVG))
#define ALL_CMDS ((1u << NCOMMANDS) - 1)
#define BIG 100000                 /* "a positive number": large enough for any count asked of us */

const CliOption cli_options[] = {
    { OPT_HELP, "help", 'h', ARG_NONE, 0, 0, NULL, NULL, ALL_CMDS, "this help" },
    { OPT_VERSION, "version", 'V', ARG_NONE, 0, 0, NULL, NULL, ALL_CMDS,
      "the version and the licence" },
    { OPT_OPTION, "option", 'o', ARG_TEXT, 0, 0, "NAME[=VALUE]", "NAME[=VALUE]", RULES_CMDS,
      "set a game option (repeatable)" },
    { OPT_OPTION, "option", 'o', ARG_TEXT, 0, 0, "NAME[=VALUE]", "NAME[=VALUE]",
      ON(CMD_DIFF) | ON(CMD_BALANCE),
      "set an option of the rules file just before it" },
    { OPT_FEN, "fen", 'f', ARG_TEXT, 0, 0, "POSITION", "a position string",
      POSITION_CMDS | ON(CMD_PLAY) | ON(CMD_DIFF),
      "start from this position string (FEN for chess.rules)" },
    { OPT_MOVES, "moves", 'm', ARG_LIST, 0, 0, "MOVE...", "moves", POSITION_CMDS | ON(CMD_DIFF),
      "then play these moves (e2e4 e7e5 ..., or one quoted list)" },
    { OPT_GAME, "game", 0, ARG_FILE, 0, 0, "RECORD", "a game record",
      ON(CMD_SHOW) | ON(CMD_MOVES) | ON(CMD_PERFT) | ON(CMD_SVG),
      "start from the end of a game record (selfplay --record, play's save)" },
    { OPT_JSON, "json", 0, ARG_NONE, 0, 0, NULL, NULL, ON(CMD_SHOW) | ON(CMD_MOVES),
      "the game, position and legal moves as JSON" },
    { OPT_EVERY_PLY, "every-ply", 0, ARG_NONE, 0, 0, NULL, NULL, ON(CMD_MOVES),
      "the legal moves of every position along --moves, one line each" },
    { OPT_DIVIDE, "divide", 0, ARG_NONE, 0, 0, NULL, NULL, ON(CMD_PERFT),
      "the count below each move" },
    { OPT_CHECK_HASH, "check-hash", 0, ARG_NONE, 0, 0, NULL, NULL, ON(CMD_PERFT),
      "check the incremental hash against a recompute (slow)" },
    { OPT_CHECK_GEN, "check-gen", 0, ARG_NONE, 0, 0, NULL, NULL, ON(CMD_PERFT),
      "at every node above the last ply, generate the moves as the search does, and compare" },
    { OPT_PROFILE, "profile", 0, ARG_NONE, 0, 0, NULL, NULL, ON(CMD_PERFT) | ON(CMD_SELFPLAY),
      "count the instructions each program and rules line runs" },
    { OPT_LIST_OPCODES, "list-opcodes", 0, ARG_NONE, 0, 0, NULL, NULL, ON(CMD_DISASM),
      "list the instruction set" },
    { OPT_UPDATE, "update", 0, ARG_NONE, 0, 0, NULL, NULL, ON(CMD_TEST),
      "write each case's current moves: and perft: into the file (a guard against change, "
      "not a proof)" },
    { OPT_DEPTH, "depth", 'd', ARG_INT, 1, BIG, "N", "a number", ON(CMD_BENCH),
      "perft depth (default 5 for one game, else the first with 50000 leaves)" },
    { OPT_DEPTH, "depth", 'd', ARG_INT, 1, BIG, "N", "a number", ON(CMD_SELFPLAY) | ON(CMD_PLAY),
      "search depth" },
    { OPT_DEPTH, "depth", 'd', ARG_INT, 1, 30, "N", "a number", ON(CMD_DIFF),
      "perft depth (default 3)" },
    { OPT_RUNS, "runs", 0, ARG_INT, 1, BIG, "N", "a number", ON(CMD_BENCH),
      "number of runs (default 5)" },
    { OPT_LIST, "list", 0, ARG_FILE, 0, 0, "LIST", "a file", ON(CMD_BENCH),
      "the games, depths and positions listed in LIST" },
    { OPT_TIME, "time", 't', ARG_SECONDS, 0, 0, "S", "seconds", ON(CMD_SELFPLAY) | ON(CMD_PLAY),
      "seconds per move" },
    { OPT_NODES, "nodes", 'n', ARG_U64, 1, 0, "N", "a number", ON(CMD_SELFPLAY) | ON(CMD_PLAY),
      "at most N search nodes per move" },
    { OPT_MOVE_WORK, "move-work", 0, ARG_U64, 1, 0, "N", "a number of million steps",
      ON(CMD_SELFPLAY) | ON(CMD_PLAY),
      "at most N million steps of work per move (with no limit given: depth 3, deeper while "
      "cheap, and 1000)" },
    { OPT_THREADS, "threads", 0, ARG_INT, 1, 64, "N", "a number", ON(CMD_SELFPLAY) | ON(CMD_PLAY),
      "search with N threads (Lazy SMP; default 1, the only deterministic one)" },
    { OPT_OFF, "off", 0, ARG_TEXT, 0, 0, "LIST", "a value", ON(CMD_SELFPLAY),
      "search techniques to go without: null, lmr, futility, aspiration joined by +" },
    { OPT_SEARCH, "search", 0, ARG_TEXT, 0, 0, "METHOD", "a value",
      ON(CMD_SELFPLAY) | ON(CMD_PLAY) | ON(CMD_XBOARD),
      "the search: ab (alpha-beta, the default), or mcts (Monte-Carlo tree search; --nodes "
      "counts its playouts, default 2000; no --depth); mcts:K: K random plies a playout "
      "(mcts: 4), mcts:end: to the game's end" },
    { OPT_GAMES, "games", 0, ARG_INT, 1, BIG, "N", "a number", ON(CMD_SELFPLAY),
      "number of games (default 1)" },
    { OPT_SEED, "seed", 0, ARG_U64, 0, 0, "N", "a number", ON(CMD_SELFPLAY),
      "a seed that varies the play (0: none)" },
    { OPT_RECORD, "record", 'r', ARG_FILE, 0, 0, "FILE", "a file name", ON(CMD_SELFPLAY),
      "write the game records (PGN) to FILE" },
    { OPT_MAX_PLIES, "max-plies", 0, ARG_INT, 1, BIG, "N", "a number", ON(CMD_SELFPLAY),
      "stop a game after N plies (default 600)" },
    { OPT_OPPONENT, "opponent", 0, ARG_TEXT, 0, 0, "random|DEPTH", "'random' or a depth",
      ON(CMD_SELFPLAY), "play against a random mover or a fixed depth (sides alternate)" },
    { OPT_BOARD, "board", 'b', ARG_NONE, 0, 0, NULL, NULL, ON(CMD_SELFPLAY),
      "draw the board after each move" },
    { OPT_AS, "as", 0, ARG_TEXT, 0, 0, "SIDE", "a side", ON(CMD_PLAY),
      "the side you play (default the first)" },
    { OPT_LOAD, "load", 0, ARG_FILE, 0, 0, "RECORD", "a game record", ON(CMD_PLAY),
      "a game record to go on from" },
    { OPT_PORT, "port", 'p', ARG_INT, 0, 65535, "N", "a port number", ON(CMD_SERVE),
      "the port (default 8080; 0: any free one)" },
    { OPT_ADDRESS, "address", 0, ARG_TEXT, 0, 0, "A", "an address", ON(CMD_SERVE),
      "the IPv4 address to listen on (default 127.0.0.1: this machine only)" },
    { OPT_WORK, "work", 0, ARG_INT, 1, MAX_WORK_OPTION, "N", "a number of million steps",
      ON(CMD_SHOW) | ON(CMD_MOVES) | ON(CMD_PERFT) | ON(CMD_TEST) | ON(CMD_BENCH) | ON(CMD_SVG),
      "stop with an error after N million steps of work in all (default 10000)" },
    /* match: values as "A,B" (engine A's, engine B's) or one for both, checked by match.c */
    { OPT_GAMES, "games", 0, ARG_TEXT, 0, 0, "N", "a value", ON(CMD_MATCH),
      "number of games (default 10; an odd N leaves one pair half played)" },
    { OPT_JOBS, "jobs", 'j', ARG_TEXT, 0, 0, "J", "a value", ON(CMD_MATCH),
      "parallel worker processes (default: the online cores)" },
    { OPT_DEPTH, "depth", 'd', ARG_TEXT, 0, 0, "A,B", "a value", ON(CMD_MATCH),
      "each engine's search depth (one value: both; default 2,2)" },
    { OPT_TIME, "time", 't', ARG_TEXT, 0, 0, "A,B", "a value", ON(CMD_MATCH),
      "each engine's seconds per move, instead of a depth" },
    { OPT_NODES, "nodes", 'n', ARG_TEXT, 0, 0, "A,B", "a value", ON(CMD_MATCH),
      "each engine's nodes per move, instead of a depth" },
    { OPT_MOVE_WORK, "move-work", 0, ARG_TEXT, 0, 0, "A,B", "a value", ON(CMD_MATCH),
      "each engine's million steps of work per move, with the other limits or alone "
      "(default with no limit: 1000,1000)" },
    { OPT_THREADS, "threads", 0, ARG_TEXT, 0, 0, "A,B", "a value", ON(CMD_MATCH),
      "each engine's search threads (one value: both; default 1,1)" },
    { OPT_OFF, "off", 0, ARG_TEXT, 0, 0, "A,B", "a value", ON(CMD_MATCH),
      "search techniques each engine goes without: null, lmr, futility, aspiration joined "
      "by +, or - (none)" },
    { OPT_SEARCH, "search", 0, ARG_TEXT, 0, 0, "A,B", "a value", ON(CMD_MATCH),
      "each engine's search: ab (alpha-beta), or mcts, mcts:K, mcts:end (Monte-Carlo tree "
      "search, with --time, --nodes: playouts, or --move-work); one value: both; default ab,ab" },
    { OPT_OPENINGS, "openings", 0, ARG_FILE, 0, 0, "FILE", "a value", ON(CMD_MATCH),
      "start positions, one a line; pair i starts from line i (in turn)" },
    { OPT_RANDOM_PLIES, "random-plies", 0, ARG_TEXT, 0, 0, "K", "a value", ON(CMD_MATCH),
      "random legal plies before the engines play (default 4)" },
    { OPT_SEED, "seed", 0, ARG_TEXT, 0, 0, "S", "a value", ON(CMD_MATCH),
      "the seed of the openings (default 1)" },
    { OPT_MAX_PLIES, "max-plies", 0, ARG_TEXT, 0, 0, "N", "a value", ON(CMD_MATCH),
      "a game longer than N plies is a draw (default 600)" },
    { OPT_RECORD, "record", 'r', ARG_FILE, 0, 0, "FILE", "a value", ON(CMD_MATCH),
      "write every game's record to FILE, in game order" },
    { OPT_SPRT, "sprt", 0, ARG_TEXT, 0, 0, "ELO0,ELO1[,ALPHA,BETA]", "a value", ON(CMD_MATCH),
      "the SPRT of H1 (Elo = ELO1) against H0 (Elo = ELO0); alpha and beta default 0.05" },
    { OPT_STATS, "stats", 0, ARG_TEXT, 0, 0, "W,D,L", "a value", ON(CMD_MATCH),
      "only the statistics of these counts of games (no games played); P0,P1,P2,P3,P4: of "
      "pairs in which A scored 0, 1/2, 1, 3/2, 2" },
    /* tune */
    { OPT_RECORDS, "records", 0, ARG_FILE, 0, 0, "FILE", "a game record file", ON(CMD_TUNE),
      "learn from the games in FILE (PGN, as match --record writes) instead of playing "
      "(repeatable)" },
    { OPT_GAMES, "games", 0, ARG_INT, 1, 1000000, "N", "a number", ON(CMD_TUNE),
      "games to play (default 200)" },
    { OPT_DEPTH, "depth", 'd', ARG_INT, 1, 60, "N", "a number", ON(CMD_TUNE),
      "the engine's search depth in the games it plays (default 2)" },
    { OPT_SEED, "seed", 0, ARG_U64, 0, 0, "N", "a number", ON(CMD_TUNE),
      "the seed of the openings and of the evaluation noise (default 1)" },
    { OPT_RANDOM_PLIES, "random-plies", 0, ARG_INT, 0, 1000, "K", "a number", ON(CMD_TUNE),
      "each game starts with K random plies, and positions before ply K are not used (default 8)" },
    { OPT_MAX_PLIES, "max-plies", 0, ARG_INT, 1, 100000, "N", "a number", ON(CMD_TUNE),
      "a game longer than N plies is unfinished and not used (default 600)" },
    { OPT_JOBS, "jobs", 'j', ARG_INT, 1, 64, "J", "a number", ON(CMD_TUNE),
      "worker processes that play the games (default 1)" },
    { OPT_LAST_PLY, "last-ply", 0, ARG_INT, 1, 100000, "N", "a number", ON(CMD_TUNE),
      "use only the positions before ply N (the middle game; default: all)" },
    { OPT_RECORD, "record", 'r', ARG_FILE, 0, 0, "FILE", "a file name", ON(CMD_TUNE),
      "write the games played to FILE (PGN)" },
    { OPT_WRITE, "write", 'w', ARG_FILE, 0, 0, "FILE", "a file name", ON(CMD_TUNE),
      "write the values to FILE, a weights file (NAME.weights next to NAME.rules is read by "
      "the engine)" },
    { OPT_UNIT, "unit", 0, ARG_TEXT, 0, 0, "TYPE", "a piece type", ON(CMD_TUNE),
      "the type worth 100 (default: the one declared 100, else the most numerous)" },
    { OPT_FIT_DATA, "fit-data", 0, ARG_FILE, 0, 0, "FILE", "a file", ON(CMD_TUNE),
      "only fit rows 'GAME RESULT X1 X2 ...' of FILE and print the weights (for tests)" },
    /* balance */
    { OPT_GAMES, "games", 0, ARG_INT, 1, 1000000, "N", "a number", ON(CMD_BALANCE),
      "games per variant (default 100)" },
    { OPT_JOBS, "jobs", 'j', ARG_INT, 1, 64, "J", "a number", ON(CMD_BALANCE),
      "parallel worker processes (default: the online cores)" },
    { OPT_DEPTH, "depth", 'd', ARG_INT, 1, 60, "N", "a number", ON(CMD_BALANCE),
      "the engine's search depth (default 2)" },
    { OPT_TIME, "time", 't', ARG_SECONDS, 0, 0, "S", "seconds", ON(CMD_BALANCE),
      "seconds per move, instead of a depth" },
    { OPT_NODES, "nodes", 'n', ARG_U64, 1, 0, "N", "a number", ON(CMD_BALANCE),
      "nodes per move, instead of a depth" },
    { OPT_RANDOM_PLIES, "random-plies", 0, ARG_INT, 0, 1000, "K", "a number", ON(CMD_BALANCE),
      "random legal plies at the start of each game (default 0: only the evaluation noise "
      "varies the games)" },
    { OPT_SEED, "seed", 0, ARG_U64, 0, 0, "N", "a number", ON(CMD_BALANCE),
      "the seed of the noise and the random plies (default 1)" },
    { OPT_MAX_PLIES, "max-plies", 0, ARG_INT, 1, 100000, "N", "a number", ON(CMD_BALANCE),
      "a game longer than N plies is a draw (default 600)" },
    { OPT_VARIANT, "variant", 0, ARG_TEXT, 0, 0, "N|NAME", "a variant", ON(CMD_DUMP),
      "the variant of the .zrf file: its number or its title (boardvm variants; default: the "
      "first game)" },
    { OPT_UCI, "uci", 0, ARG_TEXT, 0, 0, "'COMMAND'", "an engine command", ON(CMD_DIFF),
      "a side that is a UCI engine answering 'go perft N'" },
    { OPT_VARIANT, "variant", 0, ARG_TEXT, 0, 0, "NAME", "a variant", ON(CMD_DIFF),
      "the engine's UCI_Variant" },
    { OPT_PIECE, "piece", 0, ARG_TEXT, 0, 0, "CODE=LETTER", "CODE=LETTER", ON(CMD_DIFF),
      "the engine's letter for a piece code (repeatable)" },
    { OPT_TURN, "turn", 0, ARG_TEXT, 0, 0, "LETTER=LETTER", "LETTER=LETTER", ON(CMD_DIFF),
      "the engine's letter for a side (repeatable)" },
    { OPT_RANKS_FROM, "ranks-from", 0, ARG_TEXT, 0, 0, "0|1", "0 or 1", ON(CMD_DIFF),
      "the engine's first rank number" },
    { OPT_ENGINE_FEN, "engine-fen", 0, ARG_TEXT, 0, 0, "FEN", "a FEN", ON(CMD_DIFF),
      "the start in the engine's notation (when it cannot be translated)" },
    { OPT_TIMEOUT, "timeout", 0, ARG_SECONDS, 0, 0, "S", "seconds", ON(CMD_DIFF),
      "seconds an engine has for each whole answer (default 60)" },
};
const int cli_noptions = (int)(sizeof cli_options / sizeof cli_options[0]);

static int run_help(Args *a);
static int run_completion(Args *a);

const CliCommand cli_commands[] = {
    { CMD_CHECK, "check", "FILE...", -1, ".rules", "compile rules files and report errors", NULL,
      cmd_check, NULL },
    { CMD_DISASM, "disasm", "FILE | --list-opcodes", 1, ".rules",
      "show the bytecode of a rules file",
      "Shows the compiled programs of FILE; --list-opcodes lists the instruction set instead.",
      cmd_disasm, NULL },
    { CMD_SHOW, "show", "FILE", 1, ".rules",
      "draw the position, its position string, its legal moves or result",
      "Draws the start of FILE (or --fen, --game, then --moves) with a key to the piece letters.",
      cmd_show, NULL },
    { CMD_MOVES, "moves", "FILE", 1, ".rules", "list the legal moves, one per line, sorted", NULL,
      cmd_moves, NULL },
    { CMD_PERFT, "perft", "FILE DEPTH", 2, ".rules",
      "count the leaves of the move tree (the total is the last line)",
      "Counts the leaves of the legal move tree DEPTH plies deep. On a terminal it shows\n"
      "its progress by root move with an estimate of the time left; Ctrl-C stops it and\n"
      "prints the count so far.",
      cmd_perft, NULL },
    { CMD_TEST, "test", "FILE.test...", -1, ".test",
      "run test files (TAP output, then 'N passed, N failed')", NULL, cmd_test, NULL },
    { CMD_DIFF, "diff", "SIDE SIDE", -1, ".rules", "compare two move generators by perft divide",
      "A SIDE is a rules file with its options (FILE.rules -o NAME=VALUE...) or a UCI\n"
      "engine that answers 'go perft N' (--uci 'COMMAND' --variant NAME --piece\n"
      "CODE=LETTER...). Compares the perft divide of the two sides and follows the first\n"
      "move whose counts differ down to a position whose move lists differ; prints that\n"
      "line, the moves of one side only and a .test case. --fen and --moves are in the\n"
      "(first) rules file's notation. Exit status 0 when the sides agree, 1 when they\n"
      "differ, 2 on an error.",
      NULL, cmd_diff },
    { CMD_BENCH, "bench", "[FILE...]", -1, ".rules",
      "perft and search speed, medians of several runs",
      "One game, or several side by side (no FILE: chess, xiangqi, shogi); --list LIST:\n"
      "the games, depths and positions listed in LIST.",
      cmd_bench, NULL },
    { CMD_SELFPLAY, "selfplay", "FILE", 1, ".rules",
      "the engine plays itself; prints each move and the result", NULL, cmd_selfplay, NULL },
    { CMD_PLAY, "play", "FILE", 1, ".rules", "play against the engine in the terminal", NULL,
      cmd_play, NULL },
    { CMD_MATCH, "match", "FILE", -1, ".rules",
      "engine A against engine B: score, Elo with a 95 % interval, SPRT",
      "Engine A against engine B: N games in parallel worker processes, each opening played twice\n"
      "with colours swapped; the score, the draw rate, Elo with a 95 % interval and an SPRT.",
      NULL, cmd_match },
    { CMD_TUNE, "tune", "FILE", -1, ".rules",
      "piece values learned from games, with their standard errors",
      "Plays N games of the engine against itself (or reads --records) and fits the piece\n"
      "values by a logistic regression of the result on the material (Texel's method).",
      NULL, cmd_tune },
    { CMD_BALANCE, "balance", "FILE [FILE...]", -1, ".rules",
      "the first player's score, draws, length and endings of N self-play games",
      "The engine plays itself N times on each variant: a rules file with the -o options\n"
      "written after it (the same file may come again with other options). For each: the\n"
      "first player's score with its 95 % interval, the draw rate, the average length and\n"
      "the share of each ending; then each variant's difference from the first.",
      NULL, cmd_balance },
    { CMD_XBOARD, "xboard", "FILE", 1, ".rules", "speak the XBoard/CECP protocol (for GUIs)", NULL,
      cmd_xboard, NULL },
    { CMD_SERVE, "serve", "FILE", 1, ".rules",
      "a local web server: see and play the game in a browser", NULL, cmd_serve, NULL },
    { CMD_SVG, "svg", "FILE", 1, ".rules",
      "the position as an SVG picture (as the web board draws it)", NULL, cmd_svg, NULL },
    { CMD_VARIANTS, "variants", "FILE.zrf", 1, ".zrf",
      "list the games and variants of a Zillions file, numbered", NULL, cmd_variants, NULL },
    { CMD_DUMP, "dump", "FILE.zrf", 1, ".zrf",
      "what the Zillions reader makes of a file: the variant's sections and its board",
      "Prints the variant's sections after macro expansion and inheritance from its game,\n"
      "then its board: the positions with their rectangles, the links per direction, the\n"
      "zones and the symmetries.",
      cmd_dump, NULL },
    { CMD_HELP, "help", "[COMMAND]", 1, NULL, "the list of commands, or a command's options", NULL,
      run_help, NULL },
    { CMD_COMPLETION, "completion", "[bash]", 1, NULL, "print the bash completion script", NULL,
      run_completion, NULL },
    { NCOMMANDS, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL }
};

static int run_help(Args *a)
{
    const CliCommand *c = a->npos > 1 ? cli_command(a->pos[1]) : NULL;
    if (a->npos > 1 && !c) return cli_usage_error(NULL, "unknown command '%s'", a->pos[1]);
    cli_help(c, stdout);
    return 0;
}

static int run_completion(Args *a)
{
    if (a->npos > 1 && strcmp(a->pos[1], "bash"))
        return cli_usage_error(cli_command("completion"), "no completion for '%s' (only bash)",
                               a->pos[1]);
    cli_completion_bash(stdout);
    return 0;
}
