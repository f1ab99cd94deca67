/* examples/perft.c - libboardvm's smallest program: load a game by name, count perft.
 *   cc perft.c $(pkg-config --cflags --libs boardvm) -o perft && ./perft chess 3   # 8902 */
#include <boardvm.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 3) { fprintf(stderr, "usage: perft GAME DEPTH\n"); return 2; }
    bvm_error err;
    bvm_game *game = bvm_game_load(argv[1], NULL, 0, &err);
    bvm_pos *pos = game ? bvm_pos_new(game, NULL, &err) : NULL;
    uint64_t leaves;
    if (!pos || bvm_pos_perft(pos, atoi(argv[2]), &leaves, &err)) {
        fprintf(stderr, "perft: %s\n", err.message);
        return 1;
    }
    printf("%llu\n", (unsigned long long)leaves);
    bvm_pos_free(pos);
    bvm_game_free(game);
    return 0;
}
