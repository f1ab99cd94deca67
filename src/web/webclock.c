/* webclock.c - the web board's clocks (see webclock.h): arithmetic on times passed in. */
#include "webclock.h"

void webclock_set(WebClock *c, double base, double inc, int nplayers)
{
    c->base = base > 0 ? base : 0;
    c->inc = base > 0 && inc > 0 ? inc : 0;
    c->nplayers = nplayers < 1 ? 1 : nplayers > WEBCLOCK_PLAYERS ? WEBCLOCK_PLAYERS : nplayers;
    webclock_reset(c);
}

void webclock_reset(WebClock *c)
{
    for (int i = 0; i < WEBCLOCK_PLAYERS; i++) c->left[i] = c->base;
    c->running = -1;
    c->since = 0;
    c->flagged = -1;
}

/* The running player's time charged up to now (it keeps running from now). */
static void charge(WebClock *c, double now)
{
    if (c->running < 0) return;
    c->left[c->running] -= now - c->since;
    if (c->left[c->running] < 0) c->left[c->running] = 0;
    c->since = now;
}

static int valid(const WebClock *c, int player) { return player >= 0 && player < c->nplayers; }

void webclock_moved(WebClock *c, int mover, int next, double now)
{
    if (!c->base || c->flagged >= 0) return;
    charge(c, now);
    if (valid(c, mover)) c->left[mover] += c->inc;
    c->running = valid(c, next) ? next : -1;
    c->since = now;
}

void webclock_switch(WebClock *c, int next, double now)
{
    if (!c->base || c->flagged >= 0 || c->running < 0) return;
    charge(c, now);
    c->running = valid(c, next) ? next : -1;
}

void webclock_stop(WebClock *c, double now)
{
    charge(c, now);
    c->running = -1;
}

double webclock_left(const WebClock *c, int player, double now)
{
    if (!valid(c, player)) return 0;
    double t = c->left[player];
    if (player == c->running) t -= now - c->since;
    return t > 0 ? t : 0;
}

int webclock_check(WebClock *c, double now)
{
    if (!c->base || c->running < 0 || c->flagged >= 0) return 0;
    if (webclock_left(c, c->running, now) > 0) return 0;
    c->flagged = c->running;
    webclock_stop(c, now);
    return 1;
}

double webclock_budget(const WebClock *c, int player, double now)
{
    double left = webclock_left(c, player, now);
    double t = left / 30 + c->inc * 0.75;
    if (t > left / 2) t = left / 2;
    return t;
}
