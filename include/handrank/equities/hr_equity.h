/*
 * handrank equity: each player's expected share of the pot over every
 * completion of the board and the unknown hole cards (exact), or over random
 * completions (Monte Carlo).
 *
 * A deal is completed by giving each ranged player a hand of their range,
 * then filling the missing board cards, then each player's missing hole
 * cards, from the cards left in the deck.  Every deal is valued by hr_value
 * and its pot split by hr_split (hr_games.h), exactly as a showdown is.
 *
 * Exact: the enumeration is cut into units of work.  A unit fixes every
 * ranged player's hand and the first `prefix` missing cards (a mixed-radix
 * number: range hands, then a combination index per group of cards); the
 * prefix is the shortest that makes the average unit at most
 * HR_UNIT_DEALS deals.  So every unit is short (Python regains control
 * between slices of units, for Ctrl-C and progress reports), units spread
 * over threads dynamically, and ranges of units run anywhere and merge.
 *
 * Monte Carlo: trials come in chunks of HR_EQ_CHUNK deals whose random
 * stream is seeded from (seed, chunk index) only, so a result depends on the
 * seed and the trial count, not on how chunks are spread over threads.
 *
 * Results are integer counts, so they merge exactly in any order: for each
 * player, how many deals ended with each award (into how many parts the pot
 * was cut, and how many players shared each half the player won);
 * everything the
 * Python layer reports (equity, scoops, ties, the standard error) follows
 * from them.  With ranges a second, floating table weighs each deal by the
 * product of its range weights.
 *
 * Where it lives: hr_eqcount.h (the question and its counts), hr_walk.h and
 * hr_exact.h (the exact enumeration), hr_holdem.h (the hold'em kernels),
 * hr_mc.h (Monte Carlo).  This header includes them all.
 *
 * Double-board games (game.boards == 2): a deal fills both boards (the first
 * board's missing cards, then the second's, then the hole cards), and each
 * board's award is counted, for half the pot; the deal's own outcome (the
 * whole pot, a part of it) and the cross term of its standard error are
 * counted per deal (hr_eq_count_double).  The exact board walk and the
 * hold'em kernels need one board (their preconditions say so); Monte
 * Carlo's loop without ranges keeps a second sum per player for the second
 * board.
 */
#ifndef HANDRANK_HR_EQUITY_H
#define HANDRANK_HR_EQUITY_H

#include "hr_eqcount.h"
#include "hr_exact.h"
#include "hr_holdem.h"
#include "hr_mc.h"

#endif /* HANDRANK_HR_EQUITY_H */
