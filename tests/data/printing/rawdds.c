/* tests/data/printing/rawdds.c - libdds straight, as the reference for printing/'s tests and
 * `make bench`. Reads lines "DEALER VUL DEAL" ("E NS E:AK..."; PBN Dealer, Vulnerable and Deal
 * values, up to 40), solves all tables in one CalcAllTablesPBN call on all cores, and prints the
 * milliseconds of that call, then per deal the PBN DoubleDummyTricks string (declarers N, S, E,
 * W over NT, S, H, D, C) and the DealerPar score from North-South's side. */
#include <dds/dll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int vul_code(const char *v) /* DealerPar: 0 none, 1 both, 2 NS, 3 EW */
{
    return strcmp(v, "All") == 0 ? 1 : strcmp(v, "NS") == 0 ? 2 : strcmp(v, "EW") == 0 ? 3 : 0;
}

int main(void)
{
    static struct ddTableDealsPBN deals;
    static struct ddTablesRes res;
    int filter[DDS_STRAINS] = {0, 0, 0, 0, 0}, dealer[MAXNOOFTABLES], vul[MAXNOOFTABLES];
    char line[160], d[4], v[8];
    struct timespec a, b;
    int n = 0;

    while (n < MAXNOOFTABLES && fgets(line, sizeof line, stdin)) {
        int off = 0;

        if (sscanf(line, "%3s %7s %n", d, v, &off) != 2 || !off)
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        snprintf(deals.deals[n].cards, 80, "%s", line + off);
        dealer[n] = (int)(strchr("NESW", d[0]) - "NESW");
        vul[n] = vul_code(v);
        n++;
    }
    deals.noOfTables = n;
    clock_gettime(CLOCK_MONOTONIC, &a);
    SetMaxThreads(0);
    int rc = CalcAllTablesPBN(&deals, -1, filter, &res, NULL);
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (rc != RETURN_NO_FAULT) {
        fprintf(stderr, "rawdds: CalcAllTablesPBN failed: %d\n", rc);
        return 1;
    }
    printf("%.0f\n", (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6);
    for (int i = 0; i < n; i++) {
        static const int seats[4] = {0, 2, 1, 3}, strains[5] = {4, 0, 1, 2, 3};
        struct parResultsDealer par;

        for (int s = 0; s < 4; s++)
            for (int t = 0; t < 5; t++)
                printf("%x", res.results[i].resTable[strains[t]][seats[s]]);
        if (DealerPar(&res.results[i], &par, dealer[i], vul[i]) != RETURN_NO_FAULT)
            return 1;
        printf(" %d\n", par.score);
    }
    return 0;
}
