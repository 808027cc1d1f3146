/*
 * A test driver for the C core alone: no Python, only the headers.
 *
 * It is what .ci/run compiles natively (gcc, clang, with and without OpenMP,
 * under AddressSanitizer), cross-compiles for aarch64 (run under qemu-user)
 * and for Windows with mingw-w64 (run under wine), so the core's results are
 * checked on every target the wheels are built for without a Python there.
 *
 *   cc -std=c11 -O2 -Iinclude tests/c_driver.c -o c_driver && ./c_driver
 *
 * Checks, for every rule set:
 *   - all 2,598,960 five-card hands: the category counts under high rules,
 *     the number of distinct strengths (7,462 / 6,175 / 56 qualifying /
 *     7,462 / 7,462), the hands that qualify for an eight-or-better low;
 *   - bitmasks give the same strengths as codes;
 *   - random 7-card hands equal the best of their 21 five-card subsets, with
 *     the POPCNT loop and the portable loop, on 1 and on 2 threads;
 *   - the row loop (hr_rows) visits every row once and reports the first bad
 *     row, for several block sizes, on 1 and on 3 threads.
 * Options: --hands N (random 7-card hands per rule set, default 100000),
 *          --expect-sanitized (fail unless built with AddressSanitizer).
 * Exit status 0 when every check passes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handrank/evaluation/hr_batch.h"
#include "handrank/base/hr_rows.h"
#include "handrank/rules/hr_tables.h"
/* not exercised here: compiled for every target */
#include "handrank/cards/hr_deal.h"
#include "handrank/equities/hr_equity.h"
#include "handrank/solver/hr_index.h"
#include "handrank/games/hr_showdown.h"

static int passed = 0, failed = 0;

static void check(int ok, const char *what)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAILED: %s\n", what);
    }
}

typedef struct {
    const char *name;
    int ace, straights, flushes, low, qualifier, five_kind, bug;
    int ncats;       /* the first ncats categories of HIGH_CARD..FIVE_OF_A_KIND exist */
    int distinct5;   /* distinct 5-card strengths (qualifying ones for a5-8) */
} rule_case_t;

/* As src/handrank/rules/_rules.py (standard deck, five cards): ace, straights,
 * flushes, low, qualifier (highest rank of a qualifying low, 0 for none),
 * five of a kind, bug (0: an ace, 1: wild), categories in the order. */
static const rule_case_t RULES[] = {
    {"high", HR_ACE_HIGH, 1, 1, 0, 0, 1, 0, 11, 7462},
    {"ace-to-five", HR_ACE_LOW, 0, 0, 1, 0, 0, 1, 11, 6175},
    {"ace-to-five-8", HR_ACE_LOW, 0, 0, 1, 8, 0, 1, 11, 56},
    {"deuce-to-seven", HR_ACE_HIGH_ONLY, 1, 1, 1, 0, 0, 1, 10, 7462},
    {"ace-to-six", HR_ACE_LOW, 1, 1, 1, 0, 0, 1, 9, 7462},
};
#define NRULES ((int)(sizeof(RULES) / sizeof(RULES[0])))

/* The hr_ruledef_t of a rule case, as RuleTables.__cinit__ fills it. */
static void ruledef_of(const rule_case_t *rc, hr_ruledef_t *d)
{
    memset(d, 0, sizeof(*d));
    d->kind = 0;                       /* poker */
    d->ranks = (1 << HR_NRANKS) - 1;   /* the standard deck */
    d->n = 5;
    d->ace = rc->ace;
    d->straights = rc->straights;
    d->flushes = rc->flushes;
    d->low = rc->low;
    d->qualifier = rc->qualifier ? rc->qualifier - 2 : -1;
    d->five_kind = rc->five_kind;
    d->bug = rc->bug;
    d->partial = 0;
    for (int c = 0; c < HR_NCATS; c++) d->order[c] = c < rc->ncats ? c : -1;
}

/* Published counts of the 2,598,960 five-card hands by high category. */
static const int64_t HIGH_CATEGORY_COUNTS[10] = {
    1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 36, 4,
};
/* Five-card hands with five different ranks of 8 or lower (ace low): C(8,5) rank
 * sets times 4^5 suitings. */
#define A5_8_QUALIFYING 57344

#define NFIVE 2598960

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rng_next(void)   /* xorshift64*: the same hands on every target */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dULL;
}

static uint64_t mask_of(const uint8_t *cards, int k)
{
    uint64_t m = 0;
    for (int i = 0; i < k; i++) m |= HR_BIT(cards[i]);
    return m;
}

static void all_five(uint8_t *cards)
{
    int64_t n = 0;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++)
                    for (int e = d + 1; e < 52; e++) {
                        uint8_t *row = cards + 5 * n++;
                        row[0] = (uint8_t)a;
                        row[1] = (uint8_t)b;
                        row[2] = (uint8_t)c;
                        row[3] = (uint8_t)d;
                        row[4] = (uint8_t)e;
                    }
}

static void random_hands(uint8_t *cards, int64_t n, int k)
{
    for (int64_t i = 0; i < n; i++) {
        uint8_t deck[52];
        for (int c = 0; c < 52; c++) deck[c] = (uint8_t)c;
        for (int j = 0; j < k; j++) {   /* partial Fisher-Yates */
            int r = j + (int)(rng_next() % (uint64_t)(52 - j));
            uint8_t t = deck[j];
            deck[j] = deck[r];
            deck[r] = t;
            cards[i * k + j] = deck[j];
        }
    }
}

static void check_five(const rule_case_t *rc, const hr_rule_t *R, const uint8_t *cards,
                       int16_t *out, int16_t *out2, uint64_t *masks, int nthreads)
{
    char what[160];
    int64_t bad = hr_eval_codes(R, NULL, cards, NFIVE, 5, out, nthreads);
    snprintf(what, sizeof what, "%s: every five-card hand is valid", rc->name);
    check(bad == -1, what);

    static int seen[HR_MAX_CLASSES];
    int64_t cats[11] = {0}, qualifying = 0;
    int distinct = 0, in_range = 1;
    memset(seen, 0, sizeof seen);
    for (int64_t i = 0; i < NFIVE; i++) {
        int v = out[i];
        if (v < 0) continue;
        if (v >= R->nclasses) {
            in_range = 0;
            continue;
        }
        qualifying++;
        if (!seen[v]++) distinct++;
        cats[R->cat[v]]++;
    }
    snprintf(what, sizeof what, "%s: strengths within 0..%d", rc->name, R->nclasses - 1);
    check(in_range, what);
    snprintf(what, sizeof what, "%s: %d distinct five-card strengths (got %d)", rc->name,
             rc->distinct5, distinct);
    check(distinct == rc->distinct5, what);
    /* dense: the distinct strengths are exactly 0..distinct-1, or the top ones for a5-8 */
    int lo = rc->qualifier ? R->qual : 0, dense = 1;
    for (int v = lo; v < lo + distinct && v < HR_MAX_CLASSES; v++) dense &= seen[v] > 0;
    snprintf(what, sizeof what, "%s: strengths are dense from %d", rc->name, lo);
    check(dense, what);
    if (strcmp(rc->name, "high") == 0) {
        int ok = 1;
        for (int c = 0; c < 10; c++) {
            if (cats[c] != HIGH_CATEGORY_COUNTS[c]) {
                printf("  high category %d: %lld hands, expected %lld\n", c,
                       (long long)cats[c], (long long)HIGH_CATEGORY_COUNTS[c]);
                ok = 0;
            }
        }
        check(ok, "high: five-card category counts");
    }
    if (rc->qualifier) {
        snprintf(what, sizeof what, "%s: %d qualifying five-card hands (got %lld)", rc->name,
                 A5_8_QUALIFYING, (long long)qualifying);
        check(qualifying == A5_8_QUALIFYING, what);
    }
    for (int64_t i = 0; i < NFIVE; i++) masks[i] = mask_of(cards + 5 * i, 5);
    bad = hr_eval_masks(R, NULL, masks, NFIVE, out2, nthreads);
    snprintf(what, sizeof what, "%s: masks give the strengths of codes", rc->name);
    check(bad == -1 && memcmp(out, out2, NFIVE * sizeof(int16_t)) == 0, what);
}

/* The best of the 21 five-card subsets of each 7-card hand, one subset at a time. */
static void best_of_fives(const hr_rule_t *R, const uint8_t *hands, int64_t n, int16_t *best)
{
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *h = hands + 7 * i;
        int b = -2;
        for (int x = 0; x < 7; x++)
            for (int y = x + 1; y < 7; y++) {
                uint8_t five[5];
                int m = 0;
                int16_t v;
                for (int j = 0; j < 7; j++)
                    if (j != x && j != y) five[m++] = h[j];
                hr_eval_codes(R, NULL, five, 1, 5, &v, 1);
                if (v > b) b = v;
            }
        best[i] = (int16_t)b;
    }
}

static void check_seven(const rule_case_t *rc, const hr_rule_t *R, const uint8_t *hands,
                        int64_t n, int16_t *expect, int16_t *out, uint64_t *masks)
{
    char what[160];
    best_of_fives(R, hands, n, expect);
    const int saved = hr_use_popcnt;
    for (int popcnt = 0; popcnt <= saved; popcnt++) {
        hr_use_popcnt = popcnt;
        for (int t = 1; t <= 2; t++) {
            memset(out, 0x55, (size_t)n * sizeof(int16_t));
            int64_t bad = hr_eval_codes(R, NULL, hands, n, 7, out, t);
            snprintf(what, sizeof what,
                     "%s: %lld seven-card hands = best of 21 fives (popcnt loop %d, %d threads)",
                     rc->name, (long long)n, popcnt, t);
            check(bad == -1 && memcmp(out, expect, (size_t)n * sizeof(int16_t)) == 0, what);
            memset(out, 0x55, (size_t)n * sizeof(int16_t));
            bad = hr_eval_masks(R, NULL, masks, n, out, t);
            snprintf(what, sizeof what, "%s: seven-card masks (popcnt loop %d, %d threads)",
                     rc->name, popcnt, t);
            check(bad == -1 && memcmp(out, expect, (size_t)n * sizeof(int16_t)) == 0, what);
        }
    }
    hr_use_popcnt = saved;
}

static void check_bad_rows(const hr_rule_t *R)
{
    /* a repeated card, a joker without wild cards and a code out of range are
     * reported as the first bad row, never looked up */
    uint8_t rows[4][7] = {
        {0, 1, 2, 3, 4, 5, 6}, {8, 9, 10, 11, 12, 12, 13}, {52, 1, 2, 3, 4, 5, 6},
        {200, 1, 2, 3, 4, 5, 6},
    };
    int16_t out[4];
    check(hr_eval_codes(R, NULL, &rows[0][0], 4, 7, out, 1) == 1 && out[1] == -1 &&
              out[2] == -1 && out[3] == -1 && out[0] >= 0,
          "bad rows: the first bad row is reported, bad rows get -1");
}

/* hr_rows: a part marks its rows (each must be visited once) and reports
 * its first row that is a multiple of `every`, if any. */
typedef struct {
    int64_t every;
    uint8_t *seen;
} rows_probe_t;

static int64_t rows_probe(const void *arg, int64_t lo, int64_t hi)
{
    const rows_probe_t *a = (const rows_probe_t *)arg;
    int64_t bad = -1;
    for (int64_t i = lo; i < hi; i++) {
        a->seen[i]++;
        if (bad < 0 && a->every && i % a->every == 0) bad = i;
    }
    return bad;
}

static void check_rows(void)
{
    enum { N = 50000 };
    static uint8_t seen[N];
    const int64_t blocks[] = {1, 7, 4096, N, 2 * N};
    const int64_t every[] = {0, 999, 31337};
    int ok = 1;
    for (int b = 0; b < 5; b++)
        for (int e = 0; e < 3; e++)
            for (int team = 1; team <= 3; team += 2) {
                const int64_t lo = 5, hi = blocks[b] == 1 ? 400 : N;
                const rows_probe_t a = {every[e], seen};
                memset(seen, 0, sizeof seen);
                const int64_t bad = hr_rows(rows_probe, &a, lo, hi, blocks[b], team);
                int64_t want = -1;
                for (int64_t i = lo; i < hi && every[e]; i++)
                    if (i % every[e] == 0) { want = i; break; }
                for (int64_t i = 0; i < N; i++) ok &= seen[i] == (i >= lo && i < hi);
                ok &= bad == want;
            }
    check(ok, "hr_rows: every row once, the first bad row, any block size and team");
}

static const char *compiler_name(void)
{
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__MINGW64__)
    return "gcc (mingw-w64) " __VERSION__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#elif defined(_MSC_VER)
    return "MSVC";
#else
    return "unknown compiler";
#endif
}

int main(int argc, char **argv)
{
    int64_t nseven = 100000;
    int expect_sanitized = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--hands") == 0 && i + 1 < argc)
            nseven = atoll(argv[++i]);
        else if (strcmp(argv[i], "--expect-sanitized") == 0)
            expect_sanitized = 1;
        else {
            fprintf(stderr, "usage: %s [--hands N] [--expect-sanitized]\n", argv[0]);
            return 2;
        }
    }
    const uint16_t one = 1;
    printf("c_driver: %s, %d-bit, %s-endian, OpenMP %s, POPCNT dispatch %s, sanitized %d\n",
           compiler_name(), (int)(8 * sizeof(void *)),
           *(const uint8_t *)&one ? "little" : "big", hr_has_openmp() ? "yes" : "no",
#ifdef HR_MULTIVERSION
           "yes",
#else
           "no",
#endif
           HR_SANITIZED);
    if (!hr_init()) {
        printf("FAILED: hr_init\n");
        return 1;
    }
    printf("c_driver: POPCNT loop in use: %d\n", hr_use_popcnt);
    if (expect_sanitized) check(HR_SANITIZED == 1, "HR_SANITIZED under AddressSanitizer");
    check_rows();

    uint8_t *five = malloc((size_t)NFIVE * 5);
    int16_t *out = malloc((size_t)NFIVE * sizeof(int16_t));
    int16_t *out2 = malloc((size_t)NFIVE * sizeof(int16_t));
    uint64_t *masks = malloc((size_t)NFIVE * sizeof(uint64_t));
    uint8_t *seven = malloc((size_t)nseven * 7 + 1);
    uint64_t *seven_masks = malloc((size_t)nseven * sizeof(uint64_t) + 1);
    if (!five || !out || !out2 || !masks || !seven || !seven_masks) {
        printf("FAILED: out of memory\n");
        return 1;
    }
    all_five(five);
    random_hands(seven, nseven, 7);
    for (int64_t i = 0; i < nseven; i++) seven_masks[i] = mask_of(seven + 7 * i, 7);
    if (nseven > NFIVE) nseven = NFIVE;   /* out and out2 hold NFIVE strengths */

    for (int r = 0; r < NRULES; r++) {
        hr_rule_t R;
        hr_ruledef_t def;
        memset(&R, 0, sizeof R);
        ruledef_of(&RULES[r], &def);
        if (!hr_build_rule(&R, &def)) {
            printf("FAILED: building %s\n", RULES[r].name);
            failed++;
            continue;
        }
        check_five(&RULES[r], &R, five, out, out2, masks, 2);
        check_seven(&RULES[r], &R, seven, nseven, out2, out, seven_masks);
        if (r == 0) check_bad_rows(&R);
        hr_free_rule(&R);
    }
    free(five);
    free(out);
    free(out2);
    free(masks);
    free(seven);
    free(seven_masks);
    printf("c_driver: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
