/*
 * Greedy search for rank multipliers: mult[0] = 1, then for each rank the
 * smallest value above the previous one such that every multiset of at most K
 * ranks (each rank at most four times) keeps a distinct sum.
 *
 *     cc -O2 tools/find_rank_keys.c -o /tmp/find_rank_keys && /tmp/find_rank_keys 7
 *
 * The output for K = 7 is hr_rank_mult in include/handrank/base/hr_core.h.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int K = argc > 1 ? atoi(argv[1]) : 7;
    size_t cap = (size_t)1 << 22, n = 1;
    uint64_t mult[13], *sum = malloc(cap * sizeof(uint64_t));
    int *size = malloc(cap * sizeof(int));
    if (!sum || !size) return 1;
    sum[0] = 0;
    size[0] = 0;
    for (int r = 0; r < 13; r++) {
        uint64_t m = r ? mult[r - 1] + 1 : 1, maxs = 0;
        for (size_t i = 0; i < n; i++)
            if (sum[i] > maxs) maxs = sum[i];
        /* size_of[s]: size of the multiset with sum s, or -1 */
        int8_t *size_of = malloc(maxs + 1);
        if (!size_of) return 1;
        memset(size_of, -1, maxs + 1);
        for (size_t i = 0; i < n; i++) size_of[sum[i]] = (int8_t)size[i];
        /* m collides when s1 + d*m == s2 for two multisets with room for d more */
        for (;; m++) {
            int bad = 0;
            for (size_t i = 0; i < n && !bad; i++)
                for (int d = 1; d <= 4 && size[i] + d <= K; d++) {
                    uint64_t t = sum[i] + d * m;
                    if (t > maxs) break;
                    if (size_of[t] >= 0) { bad = 1; break; }
                }
            if (!bad) break;
        }
        free(size_of);
        mult[r] = m;
        size_t n0 = n;
        for (size_t i = 0; i < n0; i++)
            for (int c = 1; c <= 4 && size[i] + c <= K; c++) {
                sum[n] = sum[i] + c * m;
                size[n] = size[i] + c;
                n++;
            }
    }
    printf("K = %d, %zu multisets:", K, n);
    for (int r = 0; r < 13; r++) printf(" %llu", (unsigned long long)mult[r]);
    printf("\n");
    return 0;
}
