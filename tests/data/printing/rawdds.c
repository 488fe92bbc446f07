/* tests/data/printing/rawdds.c - the peer for `make bench`: the same deals' tables straight
 * through libdds (CalcAllTablesPBN, all cores), timed from the first call, read from stdin as one
 * PBN deal string per line. Prints the milliseconds and the trick string of each deal. */
#include <dds/dll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

int main(void)
{
    static struct ddTableDealsPBN deals;
    static struct ddTablesRes res;
    static struct allParResults par;
    int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};
    char line[128];
    struct timespec a, b;

    while (deals.noOfTables < MAXNOOFTABLES && fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        snprintf(deals.deals[deals.noOfTables++].cards, 80, "%s", line);
    }
    clock_gettime(CLOCK_MONOTONIC, &a);
    SetMaxThreads(0);
    int rc = CalcAllTablesPBN(&deals, -1, filter, &res, &par);
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (rc != RETURN_NO_FAULT) {
        fprintf(stderr, "rawdds: CalcAllTablesPBN failed: %d\n", rc);
        return 1;
    }
    printf("%.0f\n", (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6);
    return 0;
}
