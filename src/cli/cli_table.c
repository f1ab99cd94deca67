/* cli_table.c - the one table of boardvm's command line: its options, each declared once, and
 * its commands, each with its operands and the options it takes. The parser (cli.c),
 * `boardvm --help`, `boardvm COMMAND --help` and the bash completion script are all read from
 * here, so a new option is one row here, its id in commands.h and where it is stored (main.c);
 * a new command is its list of options and its row. An option whose value or help differs by
 * command (--depth: a perft depth, a search depth, match's "A,B") says so in that command's
 * list, and is still one option to getopt_long. */
#include "cli.h"
#include <string.h>

#define BIG 100000                 /* "a positive number": large enough for any count asked of us */

/* ---- the options ----------------------------------------------------------------------------- */

#define FLAG(ID, NAME, SHORT, HELP) [ID] = { ID, NAME, SHORT, ARG_NONE, 0, 0, NULL, NULL, HELP }
#define VALUE(ID, NAME, SHORT, KIND, MIN, MAX, ARG, WHAT, HELP)                                    \
    [ID] = { ID, NAME, SHORT, KIND, MIN, MAX, ARG, WHAT, HELP, NULL }
/* a text value of a few words the completion offers */
#define CHOICE(ID, NAME, ARG, WHAT, HELP, WORDS)                                                   \
    [ID] = { ID, NAME, 0, ARG_TEXT, 0, 0, ARG, WHAT, HELP, WORDS }

/* In the order of the completion script's lists; the value and help are those of most commands
 * that take the option (the commands' lists below give the others). */
const CliOption cli_options[] = {    /* cli.h: [NOPTIONS], so none can be missing */
    FLAG(OPT_HELP, "help", 'h', "this help"),
    FLAG(OPT_VERSION, "version", 'V', "the version and the licence"),
    VALUE(OPT_OPTION, "option", 'o', ARG_TEXT, 0, 0, "NAME[=VALUE]", "NAME[=VALUE]",
          "set a game option (repeatable)"),
    VALUE(OPT_FEN, "fen", 'f', ARG_TEXT, 0, 0, "POSITION", "a position string",
          "start from this position string (FEN for chess.rules)"),
    VALUE(OPT_MOVES, "moves", 'm', ARG_LIST, 0, 0, "MOVE...", "moves",
          "then play these moves (e2e4 e7e5 ..., or one quoted list)"),
    VALUE(OPT_GAME, "game", 0, ARG_FILE, 0, 0, "RECORD", "a game record",
          "start from the end of a game record (selfplay --record, play's save)"),
    FLAG(OPT_JSON, "json", 0, "the game, position and legal moves as JSON"),
    FLAG(OPT_EVERY_PLY, "every-ply", 0,
         "the legal moves of every position along --moves, one line each"),
    FLAG(OPT_DIVIDE, "divide", 0, "the count below each move"),
    FLAG(OPT_CHECK_HASH, "check-hash", 0, "check the incremental hash against a recompute (slow)"),
    FLAG(OPT_CHECK_GEN, "check-gen", 0,
         "at every node above the last ply, generate the moves as the search does, and compare; "
         "at the last ply, compare the count with the listed moves"),
    FLAG(OPT_PROFILE, "profile", 0, "count the instructions each program and rules line runs"),
    FLAG(OPT_LIST_OPCODES, "list-opcodes", 0, "list the instruction set"),
    FLAG(OPT_UPDATE, "update", 0,
         "write each case's current moves: and perft: into the file (a guard against change, "
         "not a proof)"),
    VALUE(OPT_DEPTH, "depth", 'd', ARG_INT, 1, BIG, "N", "a number", "search depth"),
    VALUE(OPT_RUNS, "runs", 0, ARG_INT, 1, BIG, "N", "a number", "number of runs (default 5)"),
    VALUE(OPT_LIST, "list", 0, ARG_FILE, 0, 0, "LIST", "a file",
          "the games, depths and positions listed in LIST"),
    VALUE(OPT_TIME, "time", 't', ARG_SECONDS, 0, 0, "S", "seconds", "seconds per move"),
    VALUE(OPT_NODES, "nodes", 'n', ARG_U64, 1, 0, "N", "a number",
          "at most N search nodes per move"),
    VALUE(OPT_MOVE_WORK, "move-work", 0, ARG_U64, 1, 0, "N", "a number of million steps",
          "at most N million steps of work per move (with no limit given: depth 3, deeper while "
          "cheap, and 1000)"),
    VALUE(OPT_THREADS, "threads", 0, ARG_INT, 1, 64, "N", "a number",
          "search with N threads (Lazy SMP; default 1, the only deterministic one)"),
    CHOICE(OPT_OFF, "off", "LIST", "a value",
           "search techniques to go without: null, lmr, futility, aspiration, expectimax, "
           "rfp, qprune, extcap joined by +",
           "null lmr futility aspiration expectimax rfp qprune extcap"),
    CHOICE(OPT_SEARCH, "search", "METHOD", "a value",
           "the search: ab (alpha-beta, the default), or mcts (Monte-Carlo tree search; --nodes "
           "counts its playouts, default 2000; no --depth); mcts:K: K random plies a playout "
           "(mcts: 4), mcts:end: to the game's end", "ab mcts mcts:end"),
    VALUE(OPT_GAMES, "games", 0, ARG_INT, 1, BIG, "N", "a number", "number of games (default 1)"),
    VALUE(OPT_SEED, "seed", 0, ARG_U64, 0, 0, "N", "a number",
          "a seed that varies the play (0: none)"),
    VALUE(OPT_RECORD, "record", 'r', ARG_FILE, 0, 0, "FILE", "a file name",
          "write the game records (PGN) to FILE"),
    VALUE(OPT_MAX_PLIES, "max-plies", 0, ARG_INT, 1, BIG, "N", "a number",
          "stop a game after N plies (default 600)"),
    CHOICE(OPT_OPPONENT, "opponent", "random|DEPTH", "'random' or a depth",
           "play against a random mover or a fixed depth (sides alternate)", "random 1 2 3 4"),
    FLAG(OPT_BOARD, "board", 'b', "draw the board after each move"),
    CHOICE(OPT_AS, "as", "SIDE", "a side", "the side you play (default the first)", "@players"),
    VALUE(OPT_LOAD, "load", 0, ARG_FILE, 0, 0, "RECORD", "a game record",
          "a game record to go on from"),
    VALUE(OPT_PORT, "port", 'p', ARG_INT, 0, 65535, "N", "a port number",
          "the port (default 8080; 0: any free one)"),
    VALUE(OPT_ADDRESS, "address", 0, ARG_TEXT, 0, 0, "A", "an address",
          "the IPv4 address to listen on (default 127.0.0.1: this machine only)"),
    VALUE(OPT_WORK, "work", 0, ARG_INT, 1, MAX_WORK_OPTION, "N", "a number of million steps",
          "stop with an error after N million steps of work in all (default 10000000, some 7 "
          "hours of CPU)"),
    VALUE(OPT_JOBS, "jobs", 'j', ARG_INT, 1, 64, "J", "a number",
          "parallel worker processes (default: the online cores)"),
    VALUE(OPT_OPENINGS, "openings", 0, ARG_FILE, 0, 0, "FILE", "a value",
          "start positions, one a line; pair i starts from line i (in turn)"),
    VALUE(OPT_RANDOM_PLIES, "random-plies", 0, ARG_INT, 0, 1000, "K", "a number",
          "random legal plies at the start of each game"),
    VALUE(OPT_SPRT, "sprt", 0, ARG_TEXT, 0, 0, "ELO0,ELO1[,ALPHA,BETA]", "a value",
          "the SPRT of H1 (Elo = ELO1) against H0 (Elo = ELO0); alpha and beta default 0.05"),
    VALUE(OPT_STATS, "stats", 0, ARG_TEXT, 0, 0, "W,D,L", "a value",
          "only the statistics of these counts of games (no games played); P0,P1,P2,P3,P4: of "
          "pairs in which A scored 0, 1/2, 1, 3/2, 2"),
    VALUE(OPT_RECORDS, "records", 0, ARG_FILE, 0, 0, "FILE", "a game record file",
          "learn from the games in FILE (PGN, as match --record writes) instead of playing "
          "(repeatable)"),
    VALUE(OPT_LAST_PLY, "last-ply", 0, ARG_INT, 1, 100000, "N", "a number",
          "use only the positions before ply N (the middle game; default: all)"),
    VALUE(OPT_WRITE, "write", 'w', ARG_FILE, 0, 0, "FILE", "a file name",
          "write the values to FILE: a weights file (NAME.weights next to NAME.rules is read by "
          "the engine), or, when FILE ends in .rules, a copy of the rules file with the values "
          "in its piece declarations"),
    VALUE(OPT_VALUES_B, "values-b", 0, ARG_FILE, 0, 0, "FILE", "a rules file",
          "engine B evaluates with the piece values FILE declares (a copy of the rules file with "
          "other values: tune --write FILE.rules)"),
    FLAG(OPT_OVERWRITE, "overwrite", 0,
         "let --write FILE.rules replace the rules file the values were learned for"),
    VALUE(OPT_UNIT, "unit", 0, ARG_TEXT, 0, 0, "TYPE", "a piece type",
          "the type worth 100 (default: the one declared 100, else the most numerous)"),
    VALUE(OPT_FIT_DATA, "fit-data", 0, ARG_FILE, 0, 0, "FILE", "a file",
          "only fit rows 'GAME RESULT X1 X2 ...' of FILE and print the weights (for tests)"),
    VALUE(OPT_UCI, "uci", 0, ARG_TEXT, 0, 0, "'COMMAND'", "an engine command",
          "a side that is a UCI engine answering 'go perft N'"),
    VALUE(OPT_VARIANT, "variant", 0, ARG_TEXT, 0, 0, "NAME", "a variant",
          "the engine's UCI_Variant"),
    VALUE(OPT_PIECE, "piece", 0, ARG_TEXT, 0, 0, "CODE=LETTER", "CODE=LETTER",
          "the engine's letter for a piece code (repeatable)"),
    VALUE(OPT_TURN, "turn", 0, ARG_TEXT, 0, 0, "LETTER=LETTER", "LETTER=LETTER",
          "the engine's letter for a side (repeatable)"),
    CHOICE(OPT_RANKS_FROM, "ranks-from", "0|1", "0 or 1", "the engine's first rank number", "0 1"),
    VALUE(OPT_ENGINE_FEN, "engine-fen", 0, ARG_TEXT, 0, 0, "FEN", "a FEN",
          "the start in the engine's notation (when it cannot be translated)"),
    VALUE(OPT_TIMEOUT, "timeout", 0, ARG_SECONDS, 0, 0, "S", "seconds",
          "seconds an engine has for each whole answer (default 60)"),
    VALUE(OPT_SETOPTION, "setoption", 0, ARG_TEXT, 0, 0, "NAME=VALUE", "NAME=VALUE",
          "send 'setoption name NAME value VALUE' to the engine before the variant (repeatable)"),
    VALUE(OPT_RANDOM_GAMES, "random-games", 0, ARG_INT, 1, BIG, "N", "a number",
          "also play N random games and compare at every ply (default 0)"),
    VALUE(OPT_PLIES, "plies", 0, ARG_INT, 1, BIG, "N", "a number",
          "plies of each random game at most (default 40)"),
    FLAG(OPT_NAMES, "names", 0, "only the games' names, one a line (what the completion offers)"),
    VALUE(OPT_ENGINE, "engine", 0, ARG_TEXT, 0, 0, "'COMMAND'", "an engine command",
          "engine B is this external engine (run by sh -c), not boardvm's"),
    CHOICE(OPT_PROTOCOL, "protocol", "uci|xboard", "uci or xboard",
           "the protocol --engine speaks (default uci; xboard: CECP, as Fairy-Max)", "uci xboard"),
    VALUE(OPT_ENGINE_VARIANT, "engine-variant", 0, ARG_TEXT, 0, 0, "NAME", "a variant",
          "the variant --engine is told (UCI_Variant, CECP's variant; default: from the game's "
          "name)"),
    VALUE(OPT_ENGINE_OPTION, "engine-option", 0, ARG_TEXT, 0, 0, "NAME=VALUE", "NAME=VALUE",
          "an option of --engine: UCI's setoption, CECP's option (repeatable)"),
    VALUE(OPT_ENGINE_A, "engine-a", 0, ARG_TEXT, 0, 0, "'COMMAND'", "an engine command",
          "engine A is this external engine too (run by sh -c): two engines refereed by boardvm"),
    CHOICE(OPT_PROTOCOL_A, "protocol-a", "uci|xboard", "uci or xboard",
           "the protocol --engine-a speaks (default uci)", "uci xboard"),
    VALUE(OPT_ENGINE_A_OPTION, "engine-a-option", 0, ARG_TEXT, 0, 0, "NAME=VALUE", "NAME=VALUE",
          "an option of --engine-a (repeatable)"),
    VALUE(OPT_TC, "tc", 0, ARG_TEXT, 0, 0, "A,B", "a time control",
          "each side's clock, BASE+INC in seconds (10+0.1, 1:30+1; one value: both), instead of "
          "a depth"),
    VALUE(OPT_TC_MARGIN, "tc-margin", 0, ARG_SECONDS, 0, 0, "S", "seconds",
          "a move may take S seconds more than its clock has before it loses on time (default "
          "0; for a loaded machine)"),
    VALUE(OPT_SHARD, "shard", 0, ARG_TEXT, 0, 0, "K/N", "K/N",
          "play only shard K of N (games, or pairs, u with u % N = K - 1; boardvm merge joins "
          "them)"),
    VALUE(OPT_JSONL, "jsonl", 0, ARG_FILE, 0, 0, "FILE", "a file name",
          "write the results to FILE as JSON lines, one a game, for boardvm merge"),
};

/* ---- what each command takes: an option as declared, with the command's own help, or with
 * its own value (kind, range, the value's name in the help and in a message) ------------------ */

#define TAKE(ID) { ID, NULL, ARG_SAME, 0, 0, NULL, NULL, 0 }
#define TAKE_ALONE(ID) { ID, NULL, ARG_SAME, 0, 0, NULL, NULL, CLI_ALONE }
#define TAKE_HELP(ID, HELP) { ID, HELP, ARG_SAME, 0, 0, NULL, NULL, 0 }
#define TAKE_VALUE(ID, HELP, KIND, MIN, MAX, ARG, WHAT) { ID, HELP, KIND, MIN, MAX, ARG, WHAT, 0 }

#define IN_ORDER "set an option of the rules file just before it"
/* --variant N|NAME: a (variant ...) of a .zrf file, for every command that loads a game */
#define ZRF_VARIANT TAKE_VALUE(OPT_VARIANT, "the variant of a .zrf file: its number or its title " \
                               "(boardvm variants; default: the first game)", ARG_TEXT, 0, 0, \
                               "N|NAME", "a variant")

/* match's values, mostly "A,B" (engine A's, engine B's) or one for both, checked by match.c */
#define PAIR(ID, ARG, HELP) TAKE_VALUE(ID, HELP, ARG_OWN, 0, 0, ARG, "a value")

static const CliTake check_takes[] = { TAKE(OPT_OPTION), ZRF_VARIANT };
static const CliTake disasm_takes[] = {
    TAKE(OPT_OPTION), ZRF_VARIANT, TAKE_ALONE(OPT_LIST_OPCODES),
};
static const CliTake show_takes[] = {
    TAKE(OPT_OPTION), ZRF_VARIANT, TAKE(OPT_FEN), TAKE(OPT_MOVES), TAKE(OPT_GAME), TAKE(OPT_JSON),
    TAKE(OPT_WORK),
};
static const CliTake moves_takes[] = {
    TAKE(OPT_OPTION), ZRF_VARIANT, TAKE(OPT_FEN), TAKE(OPT_MOVES), TAKE(OPT_GAME), TAKE(OPT_JSON),
    TAKE(OPT_EVERY_PLY), TAKE(OPT_WORK),
};
static const CliTake perft_takes[] = {
    TAKE(OPT_OPTION), ZRF_VARIANT, TAKE(OPT_FEN), TAKE(OPT_MOVES), TAKE(OPT_GAME), TAKE(OPT_DIVIDE),
    TAKE(OPT_CHECK_HASH), TAKE(OPT_CHECK_GEN), TAKE(OPT_PROFILE), TAKE(OPT_WORK),
    TAKE_HELP(OPT_SHARD, "count only the root moves i (sorted, from 0) with i % N = K - 1"),
    TAKE_HELP(OPT_JSONL, "write the count of each root move to FILE as JSON lines, for boardvm "
              "merge"),
};
#define UNATTENDED_WORK "stop a case with an error after N million steps of work (default 10000)"
static const CliTake test_takes[] = { TAKE(OPT_UPDATE), TAKE_HELP(OPT_WORK, UNATTENDED_WORK) };
static const CliTake diff_takes[] = {
    TAKE_HELP(OPT_OPTION, IN_ORDER), TAKE(OPT_FEN), TAKE(OPT_MOVES),
    TAKE_VALUE(OPT_DEPTH, "perft depth (default 3)", ARG_INT, 1, 30, "N", "a number"),
    TAKE(OPT_UCI), TAKE(OPT_VARIANT), TAKE(OPT_PIECE), TAKE(OPT_TURN), TAKE(OPT_RANKS_FROM),
    TAKE(OPT_ENGINE_FEN), TAKE(OPT_TIMEOUT), TAKE(OPT_SETOPTION), TAKE(OPT_RANDOM_GAMES),
    TAKE(OPT_PLIES), TAKE_HELP(OPT_SEED, "the seed of the random games (default 1)"),
    TAKE_HELP(OPT_WORK, "stop with an error after N million steps of work on boardvm's side "
              "(default 10000)"),
};
static const CliTake bench_takes[] = {
    TAKE(OPT_OPTION), ZRF_VARIANT, TAKE(OPT_FEN), TAKE(OPT_MOVES),
    TAKE_HELP(OPT_DEPTH, "perft depth (default 5 for one game, else the first with 50000 leaves)"),
    TAKE(OPT_RUNS), TAKE(OPT_LIST), TAKE(OPT_WORK),
};
static const CliTake selfplay_takes[] = {
    TAKE(OPT_OPTION), ZRF_VARIANT, TAKE(OPT_FEN), TAKE(OPT_MOVES), TAKE(OPT_PROFILE),
    TAKE(OPT_DEPTH),
    TAKE(OPT_TIME), TAKE(OPT_NODES), TAKE(OPT_MOVE_WORK), TAKE(OPT_THREADS), TAKE(OPT_OFF),
    TAKE(OPT_SEARCH), TAKE(OPT_GAMES),
    TAKE_HELP(OPT_SEED, "the first game's seed (default 0: no noise); the next games count up "
              "from it, and --seed with a game's seed plays it again"),
    TAKE(OPT_RECORD), TAKE(OPT_MAX_PLIES),
    TAKE_HELP(OPT_OPPONENT, "play against a random mover or a fixed depth (the engine has the "
              "first side at an even seed: sides alternate)"),
    TAKE(OPT_BOARD), TAKE_HELP(OPT_SHARD, "play only the games i (from 0) with i % N = K - 1"),
    TAKE(OPT_JSONL),
};
static const CliTake play_takes[] = {
    TAKE(OPT_OPTION), ZRF_VARIANT, TAKE(OPT_FEN), TAKE(OPT_DEPTH), TAKE(OPT_TIME), TAKE(OPT_NODES),
    TAKE(OPT_MOVE_WORK), TAKE(OPT_THREADS), TAKE(OPT_SEARCH), TAKE(OPT_AS), TAKE(OPT_LOAD),
};
static const CliTake match_takes[] = {
    TAKE(OPT_OPTION),
    PAIR(OPT_GAMES, "N", "number of games (default 10; an odd N leaves one pair half played)"),
    PAIR(OPT_JOBS, "J", "parallel worker processes (default: the online cores)"),
    PAIR(OPT_DEPTH, "A,B", "each engine's search depth (one value: both; default 2,2)"),
    PAIR(OPT_TIME, "A,B", "each engine's seconds per move, instead of a depth"),
    PAIR(OPT_NODES, "A,B", "each engine's nodes per move, instead of a depth"),
    PAIR(OPT_MOVE_WORK, "A,B", "each engine's million steps of work per move, with the other "
         "limits or alone (default with no limit: 1000,1000)"),
    PAIR(OPT_THREADS, "A,B", "each engine's search threads (one value: both; default 1,1)"),
    PAIR(OPT_OFF, "A,B", "search techniques each engine goes without: null, lmr, futility, "
         "aspiration, rfp, qprune, extcap joined by +, or - (none)"),
    PAIR(OPT_SEARCH, "A,B", "each engine's search: ab (alpha-beta), or mcts, mcts:K, mcts:end "
         "(Monte-Carlo tree search, with --time, --nodes: playouts, or --move-work); one value: "
         "both; default ab,ab"),
    TAKE(OPT_OPENINGS),
    PAIR(OPT_RANDOM_PLIES, "K", "random legal plies before the engines play (default 4)"),
    PAIR(OPT_SEED, "S", "the seed of the openings (default 1)"),
    PAIR(OPT_MAX_PLIES, "N", "a game longer than N plies is a draw (default 600)"),
    TAKE_VALUE(OPT_RECORD, "write every game's record to FILE, in game order", ARG_FILE, 0, 0,
               "FILE", "a value"),
    TAKE(OPT_SPRT), TAKE_ALONE(OPT_STATS),
    TAKE(OPT_TC), TAKE(OPT_TC_MARGIN), TAKE(OPT_ENGINE), TAKE(OPT_PROTOCOL),
    TAKE(OPT_ENGINE_VARIANT), TAKE(OPT_ENGINE_OPTION), TAKE(OPT_ENGINE_A), TAKE(OPT_PROTOCOL_A),
    TAKE(OPT_ENGINE_A_OPTION),
    TAKE_HELP(OPT_TIMEOUT, "seconds --engine has to start, and for a move with no clock beyond "
              "its limit (default 10)"),
    TAKE_HELP(OPT_SHARD, "play only the pairs i (games 2i+1 and 2i+2) with i % N = K - 1"),
    TAKE(OPT_JSONL), TAKE(OPT_VALUES_B),
};
static const CliTake tune_takes[] = {
    TAKE(OPT_OPTION), TAKE(OPT_RECORDS),
    TAKE_VALUE(OPT_GAMES, "games to play (default 200)", ARG_INT, 1, 1000000, "N", "a number"),
    TAKE_VALUE(OPT_DEPTH, "the engine's search depth in the games it plays (default 2)", ARG_INT,
               1, 60, "N", "a number"),
    TAKE_HELP(OPT_SEED, "the seed of the openings and of the evaluation noise (default 1)"),
    TAKE_HELP(OPT_RANDOM_PLIES, "each game starts with K random plies, and positions before ply K "
              "are not used (default 8)"),
    TAKE_HELP(OPT_MAX_PLIES, "a game longer than N plies is unfinished and not used (default 600)"),
    TAKE_HELP(OPT_JOBS, "worker processes that play the games (default 1)"),
    TAKE(OPT_LAST_PLY), TAKE_HELP(OPT_RECORD, "write the games played to FILE (PGN)"),
    TAKE(OPT_WRITE), TAKE(OPT_OVERWRITE), TAKE(OPT_UNIT), TAKE_ALONE(OPT_FIT_DATA),
    TAKE_HELP(OPT_SHARD, "play only the games i (from 0) with i % N = K - 1, and fit nothing: "
              "boardvm merge fits the games of every shard"),
    TAKE_HELP(OPT_JSONL, "write the games' records to FILE as JSON lines, for boardvm merge"),
};
static const CliTake balance_takes[] = {
    TAKE_HELP(OPT_OPTION, IN_ORDER),
    TAKE_VALUE(OPT_GAMES, "games per variant (default 100)", ARG_INT, 1, 1000000, "N", "a number"),
    TAKE(OPT_JOBS),
    TAKE_VALUE(OPT_DEPTH, "the engine's search depth (default 2)", ARG_INT, 1, 60, "N",
               "a number"),
    TAKE_HELP(OPT_TIME, "seconds per move, instead of a depth"),
    TAKE_HELP(OPT_NODES, "nodes per move, instead of a depth"),
    TAKE_HELP(OPT_RANDOM_PLIES, "random legal plies at the start of each game (default 0: only "
              "the evaluation noise varies the games)"),
    TAKE_HELP(OPT_SEED, "the seed of the noise and the random plies (default 1)"),
    TAKE_HELP(OPT_MAX_PLIES, "a game longer than N plies is a draw (default 600)"),
    TAKE_HELP(OPT_SHARD, "play only the games i (from 0) with i % N = K - 1, of each variant"),
    TAKE(OPT_JSONL),
};
static const CliTake merge_takes[] = {
    TAKE_HELP(OPT_RECORD, "also write the games' records (PGN) to FILE, in game order"),
};
static const CliTake xboard_takes[] = { TAKE(OPT_OPTION), ZRF_VARIANT, TAKE(OPT_SEARCH) };
static const CliTake uci_takes[] = { TAKE(OPT_OPTION), ZRF_VARIANT };
static const CliTake serve_takes[] = {
    TAKE(OPT_OPTION), ZRF_VARIANT, TAKE(OPT_FEN), TAKE(OPT_MOVES), TAKE(OPT_PORT),
    TAKE(OPT_ADDRESS),
};
static const CliTake svg_takes[] = {
    TAKE(OPT_OPTION), ZRF_VARIANT, TAKE(OPT_FEN), TAKE(OPT_MOVES), TAKE(OPT_GAME), TAKE(OPT_WORK),
};
static const CliTake list_takes[] = { TAKE(OPT_NAMES) };
static const CliTake dump_takes[] = {
    TAKE_VALUE(OPT_VARIANT, "the variant of the .zrf file: its number or its title (boardvm "
               "variants; default: the first game)", ARG_TEXT, 0, 0, "N|NAME", "a variant"),
};

/* ---- the commands ---------------------------------------------------------------------------- */

static int run_help(Args *a);
static int run_completion(Args *a);

#define RULES ".rules"
#define A_RULES_FILE "a rules file"

const CliCommand cli_commands[] = {
    { .name = "check", .operands = "FILE...", .min_operands = 1, .max_operands = -1,
      .needs = A_RULES_FILE, .operand_ext = RULES, .run = cmd_check, CLI_TAKES(check_takes),
      .summary = "compile rules files and report errors" },
    { .name = "disasm", .operands = "FILE | --list-opcodes", .min_operands = 1,
      .max_operands = 1, .needs = A_RULES_FILE, .operand_ext = RULES, .run = cmd_disasm,
      CLI_TAKES(disasm_takes), .summary = "show the bytecode of a rules file",
      .about = "Shows the compiled programs of FILE; --list-opcodes lists the instruction set "
               "instead." },
    { .name = "show", .operands = "FILE", .min_operands = 1, .max_operands = 1,
      .needs = A_RULES_FILE, .operand_ext = RULES, .run = cmd_show, CLI_TAKES(show_takes),
      .summary = "draw the position, its position string, its legal moves or result",
      .about = "Draws the start of FILE (or --fen, --game, then --moves) with a key to the piece "
               "letters." },
    { .name = "moves", .operands = "FILE", .min_operands = 1, .max_operands = 1,
      .needs = A_RULES_FILE, .operand_ext = RULES, .run = cmd_moves, CLI_TAKES(moves_takes),
      .summary = "list the legal moves, one per line, sorted" },
    { .name = "perft", .operands = "FILE DEPTH", .min_operands = 2, .max_operands = 2,
      .needs = "a rules file and a depth", .operand_ext = RULES, .run = cmd_perft,
      CLI_TAKES(perft_takes),
      .summary = "count the leaves of the move tree (the total is the last line)",
      .about = "Counts the leaves of the legal move tree DEPTH plies deep. On a terminal it shows\n"
               "its progress by root move with an estimate of the time left; Ctrl-C stops it and\n"
               "prints the count so far." },
    { .name = "test", .operands = "FILE.test...", .min_operands = 1, .max_operands = -1,
      .needs = ".test files", .operand_ext = ".test", .run = cmd_test, CLI_TAKES(test_takes),
      .unattended = 1,
      .summary = "run test files (TAP output, then 'N passed, N failed')" },
    /* diff's sides are its operands and its --uci engines: diff counts the sides itself */
    { .name = "diff", .operands = "SIDE SIDE", .min_operands = 0, .max_operands = 2,
      .operand_ext = RULES, .run = cmd_diff, CLI_TAKES(diff_takes), .unattended = 1,
      .summary = "compare two move generators by perft divide",
      .about = "A SIDE is a rules file with its options (FILE.rules -o NAME=VALUE...) or a UCI\n"
               "engine that answers 'go perft N' (--uci 'COMMAND' --variant NAME --piece\n"
               "CODE=LETTER...). Compares the perft divide of the two sides and follows the first\n"
               "move whose counts differ down to a position whose move lists differ; prints that\n"
               "line, the moves of one side only and a .test case. --fen and --moves are in the\n"
               "(first) rules file's notation. Exit status 0 when the sides agree, 1 when they\n"
               "differ, 2 on an error." },
    { .name = "bench", .operands = "[FILE...]", .min_operands = 0, .max_operands = -1,
      .operand_ext = RULES, .run = cmd_bench, CLI_TAKES(bench_takes),
      .summary = "perft and search speed, medians of several runs",
      .about = "One game, or several side by side (no FILE: chess, xiangqi, shogi); --list LIST:\n"
               "the games, depths and positions listed in LIST." },
    { .name = "selfplay", .operands = "FILE", .min_operands = 1, .max_operands = 1,
      .needs = A_RULES_FILE, .operand_ext = RULES, .run = cmd_selfplay,
      CLI_TAKES(selfplay_takes),
      .summary = "the engine plays itself; prints each move and the result" },
    { .name = "play", .operands = "FILE", .min_operands = 1, .max_operands = 1,
      .needs = A_RULES_FILE, .operand_ext = RULES, .run = cmd_play, CLI_TAKES(play_takes),
      .summary = "play against the engine in the terminal" },
    { .name = "match", .operands = "FILE", .min_operands = 1, .max_operands = 1,
      .needs = A_RULES_FILE, .operand_ext = RULES, .run = cmd_match, CLI_TAKES(match_takes),
      .summary = "engine A against engine B: score, Elo with a 95 % interval, SPRT",
      .about = "Engine A against engine B: N games in parallel worker processes, each opening "
               "played twice\n"
               "with colours swapped; the score, the draw rate, Elo with a 95 % interval and an "
               "SPRT." },
    { .name = "tune", .operands = "FILE", .min_operands = 1, .max_operands = 1,
      .needs = A_RULES_FILE, .operand_ext = RULES, .run = cmd_tune, CLI_TAKES(tune_takes),
      .summary = "piece values learned from games, with their standard errors",
      .about = "Plays N games of the engine against itself (or reads --records) and fits the "
               "piece\n"
               "values by a logistic regression of the result on the material (Texel's method)." },
    { .name = "balance", .operands = "FILE [FILE...]", .min_operands = 1,
      .max_operands = BALANCE_MAX_VARIANTS, .needs = A_RULES_FILE, .operand_ext = RULES,
      .run = cmd_balance, CLI_TAKES(balance_takes),
      .summary = "the first player's score, draws, length and endings of N self-play games",
      .about = "The engine plays itself N times on each variant: a rules file with the -o options\n"
               "written after it (the same file may come again with other options). For each: the\n"
               "first player's score with its 95 % interval, the draw rate, the average length "
               "and\n"
               "the share of each ending; then each variant's difference from the first." },
    { .name = "merge", .operands = "FILE...", .min_operands = 1, .max_operands = -1,
      .needs = "results files (of --jsonl)", .operand_ext = ".jsonl", .run = cmd_merge,
      CLI_TAKES(merge_takes),
      .summary = "join the results of the shards of a run (--shard K/N --jsonl FILE)",
      .about = "Reads the JSON lines that match, selfplay, balance, tune or perft wrote with\n"
               "--jsonl, one file a shard (--shard K/N), and prints the statistics of the whole\n"
               "run, as the run without --shard prints them: match's score, Elo and SPRT,\n"
               "selfplay's score, balance's report, tune's fit of all the games, perft's count." },
    { .name = "xboard", .operands = "FILE", .min_operands = 1, .max_operands = 1,
      .needs = A_RULES_FILE, .operand_ext = RULES, .run = cmd_xboard, CLI_TAKES(xboard_takes),
      .summary = "speak the XBoard/CECP protocol (for GUIs)" },
    { .name = "uci", .operands = "FILE", .min_operands = 1, .max_operands = 1,
      .needs = A_RULES_FILE, .operand_ext = RULES, .run = cmd_uci, CLI_TAKES(uci_takes),
      .summary = "speak the UCI protocol (GUIs, match runners, python-chess)" },
    { .name = "serve", .operands = "FILE", .min_operands = 1, .max_operands = 1,
      .needs = A_RULES_FILE, .operand_ext = RULES, .run = cmd_serve, CLI_TAKES(serve_takes),
      .summary = "a local web server: see and play the game in a browser" },
    { .name = "svg", .operands = "FILE", .min_operands = 1, .max_operands = 1,
      .needs = A_RULES_FILE, .operand_ext = RULES, .run = cmd_svg, CLI_TAKES(svg_takes),
      .summary = "the position as an SVG picture (as the web board draws it)" },
    { .name = "variants", .operands = "FILE.zrf", .min_operands = 1, .max_operands = 1,
      .needs = "a .zrf file", .operand_ext = ".zrf", .run = cmd_variants,
      .summary = "list the games and variants of a Zillions file, numbered" },
    { .name = "dump", .operands = "FILE.zrf", .min_operands = 1, .max_operands = 1,
      .needs = "a .zrf file", .operand_ext = ".zrf", .run = cmd_dump, CLI_TAKES(dump_takes),
      .summary = "what the Zillions reader makes of a file: the variant's sections and its board",
      .about = "Prints the variant's sections after macro expansion and inheritance from its\n"
               "game, then its board: the positions with their rectangles, the links per\n"
               "direction, the zones and the symmetries." },
    { .name = "list", .operands = "", .min_operands = 0, .max_operands = 0, .run = cmd_list,
      CLI_TAKES(list_takes), .summary = "the games found by name, with their titles and options",
      .about = "Lists the games boardvm finds by name (boardvm show NAME): the directories it\n"
               "looks in, in order, and in each its rules files with their titles and options." },
    { .name = "help", .operands = "[COMMAND]", .min_operands = 0, .max_operands = 1,
      .run = run_help, .summary = "the list of commands, or a command's options" },
    { .name = "completion", .operands = "[bash]", .min_operands = 0, .max_operands = 1,
      .run = run_completion, .summary = "print the bash completion script" },
    { .name = NULL }
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
