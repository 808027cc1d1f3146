/*
 * handrank rule sets as data: the definition a rule set is built from
 * (hr_ruledef_t, filled from handrank.rules._rules.RuleSet) and the tables built
 * from it (hr_rule_t), with the enums both use and hr_free_rule.  Nothing
 * here builds or reads a table: hr_tables.h builds them (hr_badugi.h the
 * badugi ones), hr_value.h values hands with them.
 */
#ifndef HANDRANK_HR_RULE_H
#define HANDRANK_HR_RULE_H

#include <stdlib.h>
#include <string.h>

#include "../base/hr_core.h"

/* ------------------------------------------------------------------ */
/* Rule definitions                                                    */

enum { HR_ACE_HIGH = 0, HR_ACE_HIGH_ONLY = 1, HR_ACE_LOW = 2 };
enum { HR_FLUSH_BEST = 0, HR_FLUSH_IGNORE = 1, HR_FLUSH_AVOID = 2 };
enum { HR_BUG_ACE = 0, HR_BUG_WILD = 1 };
enum { HR_KIND_POKER = 0, HR_KIND_BADUGI = 1 };

/* Category numbers, as handrank.Category. */
enum {
    HR_HIGH_CARD = 0, HR_ONE_PAIR, HR_TWO_PAIR, HR_THREE_OF_A_KIND, HR_STRAIGHT,
    HR_FLUSH, HR_FULL_HOUSE, HR_FOUR_OF_A_KIND, HR_STRAIGHT_FLUSH, HR_ROYAL_FLUSH,
    HR_FIVE_OF_A_KIND, HR_NCATS
};

/*
 * A rule set, as data (filled from handrank.rules._rules.RuleSet, its one source):
 *   kind       HR_KIND_POKER: the best n-card poker hand; HR_KIND_BADUGI: the
 *              best set of cards of different ranks and different suits;
 *   ranks      the deck's ranks, bit r for rank r (0 = deuce .. 12 = ace);
 *   n          cards in a hand that plays (5; 3 for three-card poker);
 *   ace        HR_ACE_HIGH (high, and low in the lowest straight: A-2-3-4-5,
 *              or A-6-7-8-9 in a deck from six up), HR_ACE_HIGH_ONLY,
 *              HR_ACE_LOW (the lowest card; A-2-3-4-5 is then a plain sequence);
 *   straights, flushes   whether they are hand patterns (straights are n
 *              consecutive deck ranks in the rule's order of ranks);
 *   low        lower hands win: strengths number the classes from the worst
 *              low up, so higher is still better;
 *   qualifier  rank of the highest card a qualifying low may hold, or -1;
 *   five_kind  five of a kind is a pattern (wild cards make it);
 *   bug        how a joker that is a bug plays: HR_BUG_ACE (an ace, or any
 *              card that completes a straight or flush) or HR_BUG_WILD;
 *   order      each category's place among the patterns, the worst first, as
 *              a high hand would read them (a low rule set inverts the
 *              whole order afterwards); -1 for a category that cannot occur;
 *   partial    hands of 1..n-1 cards are ranked too, on one dense scale with
 *              the full ones: a missing card is the worst kicker (below the
 *              deuce for a high hand, above the king for a low one).
 */
typedef struct {
    int kind;
    int ranks;
    int n;
    int ace;
    int straights, flushes;
    int low;
    int qualifier;
    int five_kind;
    int bug;
    int order[HR_NCATS];
    int partial;
} hr_ruledef_t;

/* Rank as the rule orders it: ace-low rules put the ace below the deuce.
 * This and hr_rank_of are the only place the ace-low order is written
 * (hr_tables.h's classes and hr_badugi.h's sets read ranks through them). */
HR_INLINE int hr_order_of(const hr_ruledef_t *d, int rank)
{
    return d->ace == HR_ACE_LOW ? (rank == 12 ? 0 : rank + 1) : rank;
}

HR_INLINE int hr_rank_of(const hr_ruledef_t *d, int order)
{
    return d->ace == HR_ACE_LOW ? (order == 0 ? 12 : order - 1) : order;
}

/* The cards an evaluated hand may hold under a definition (the kmin, kmax
 * of the hr_rule_t built from it): five-card poker 5..HR_MAX_CARDS, 1.. when
 * partial; three-card 3 (1..3 partial); badugi 4..HR_MAX_CARDS (the best
 * four).  Read without building a table (handrank's RuleSet.hand_sizes). */
HR_INLINE void hr_hand_sizes(const hr_ruledef_t *d, int *kmin, int *kmax)
{
    if (d->kind == HR_KIND_BADUGI) {
        *kmin = 4;
        *kmax = HR_MAX_CARDS;
        return;
    }
    *kmin = d->partial ? 1 : d->n;
    *kmax = d->n == 5 ? HR_MAX_CARDS : d->n;
}

#define HR_MAX_CLASSES 10000
#define HR_MAX_FLUSH_WILD 4   /* with five wild cards a flush is never the best hand */
#define HR_MAX_STRAIGHTS 14
#define HR_BADUGI_KEYS (4 << 13)
#define HR_BADUGI_HANDS 521855     /* C(61, 4): masks of four cards, bits 0..60 */

typedef struct {
    hr_ruledef_t def;
    int flush_mode;              /* HR_FLUSH_*: how the evaluator treats a flush */
    int nclasses;                /* distinct n-card values, five of a kind included */
    int kmin, kmax;              /* cards an evaluated hand may hold */
    uint64_t fadj;               /* added to a key's suit counters: bit 3 of a
                                    counter is then set by n cards of one suit */
    int16_t qual;                /* lows below this strength do not qualify (INT16_MIN: none) */
    int16_t *value[HR_MAX_HASHED + 1];  /* value[k][slot], k = n..7 */
    int16_t *flush;              /* [8192] or NULL */
    int16_t *badugi;             /* [HR_BADUGI_KEYS] badugi strength by (size - 1) << 13 | ranks */
    int16_t *badugi4;            /* [HR_BADUGI_HANDS] strength of every four-card hand, by the
                                    colex rank of its mask bits (hr_badugi_index) */
    int8_t *cat;                 /* [nclasses] category of each strength */
    uint8_t *ranks;              /* [5*nclasses] real ranks in order of significance */
    uint16_t *rankset;           /* [nclasses] bit r per rank r; HR_PAIRED if ranks repeat */
    int nstraights;              /* the straights' rank sets, as masks */
    uint32_t straight[HR_MAX_STRAIGHTS];
    int pos[HR_NRANKS];          /* each deck rank's place in the rule's order, -1 off the deck */
    /* wild-card tables, built on first use by hr_build_wild() */
    int wild_built;
    int16_t *nw[HR_MAX_HASHED + 1][HR_MAX_HASHED + 1];  /* nw[w][n][slot of n naturals] */
    int16_t *fw[HR_MAX_FLUSH_WILD + 1];                 /* fw[w][lane], w = 1..4 */
    int16_t *bw[3][HR_MAX_HASHED + 1];                  /* bw[b][n]: as nw, for bugs */
    int16_t five_kind[HR_NRANKS];                       /* five of a kind by rank, or -1 */
    /* Omaha rank tables, built on first use by hr_build_omaha() (hr_games.h) */
    int32_t *omaha_row;          /* [hr_hashes[5].size] board rank multiset -> row of omaha_best */
    int16_t *omaha_best;         /* [rows * HR_HOLE_PAIRS] best of a hole pair rank class + 3 board */
} hr_rule_t;

#define HR_PAIRED 0x8000

/* Free every table of R (built or half built) and zero it. */
static void hr_free_rule(hr_rule_t *R)
{
    for (int k = 0; k <= HR_MAX_HASHED; k++) free(R->value[k]);
    free(R->flush);
    free(R->badugi);
    free(R->badugi4);
    free(R->cat);
    free(R->ranks);
    free(R->rankset);
    for (int w = 0; w <= HR_MAX_HASHED; w++)
        for (int n = 0; n <= HR_MAX_HASHED; n++) free(R->nw[w][n]);
    for (int w = 0; w <= HR_MAX_FLUSH_WILD; w++) free(R->fw[w]);
    for (int b = 0; b < 3; b++)
        for (int n = 0; n <= HR_MAX_HASHED; n++) free(R->bw[b][n]);
    free(R->omaha_row);
    free(R->omaha_best);
    memset(R, 0, sizeof(*R));
}

#endif /* HANDRANK_HR_RULE_H */
