/* tests/dds_memo.c - make check's libdds, so that a deal is solved once per run (issue 30,
 * item 9: cut what is repeated, not what is tested). Built as BUILD/dds-memo/libdds.so.0 and
 * found first by predup's dlopen("libdds.so.0") through LD_LIBRARY_PATH, which tests/cli.sh
 * sets when DDS_MEMO_DIR names a directory. Every entry point predup uses is passed to the real
 * libdds; CalcAllTables, predup's one call for whole tables, first looks each deal up in
 * DDS_MEMO_DIR, asks the real libdds for the others in one batch and keeps their tables there.
 * A table is a pure function of the 52 cards, and the test halves solve the same deals (the
 * same fixed keys, the plain half and the ASan half, a set dealt and then verified): every
 * line of predup's code still runs on every call, only libdds's repeated search is skipped.
 * An entry holds its deal and is used only when that deal matches exactly; it is written to a
 * temporary file and renamed, so that processes running side by side never read half of one.
 * Calls in another form (par asked of CalcAllTables, a strain filter) go to libdds unchanged. */
#define _GNU_SOURCE
#include <dds/dll.h>
#include <dlfcn.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef REAL_LIBDDS
#error "REAL_LIBDDS: the path of the real libdds.so.0 (the Makefile gives it)"
#endif

struct memo_entry {
    struct ddTableDeal deal;
    struct ddTableResults table;
};

static void *real_lib;

/* The real libdds is loaded with this one, as predup's dlopen would load it: predup's exit
 * handler (dealer/deal/dd.c) must be registered after libdds's own, to run before them. */
__attribute__((constructor)) static void load_real(void)
{
    if (!(real_lib = dlopen(REAL_LIBDDS, RTLD_NOW | RTLD_LOCAL))) {
        fprintf(stderr, "dds_memo: cannot load %s: %s\n", REAL_LIBDDS, dlerror());
        abort();
    }
}

/* The real libdds's NAME, or the process ends: a test must never run on half a library. */
static void *real(const char *name)
{
    void *f = dlsym(real_lib, name);

    if (!f) {
        fprintf(stderr, "dds_memo: %s has no %s\n", REAL_LIBDDS, name);
        abort();
    }
    return f;
}

/* FNV-1a over the cards: the entry's file name (its content is compared in full). */
static void entry_path(const struct ddTableDeal *d, const char *dir, char *path, size_t n)
{
    const unsigned char *p = (const unsigned char *)d->cards;
    uint64_t h = 14695981039346656037ULL;

    for (size_t i = 0; i < sizeof d->cards; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    snprintf(path, n, "%s/%016" PRIx64, dir, h);
}

static int memo_get(const char *dir, const struct ddTableDeal *d, struct ddTableResults *out)
{
    char path[4096];
    struct memo_entry e;
    FILE *f;
    int found = 0;

    entry_path(d, dir, path, sizeof path);
    if (!(f = fopen(path, "rb")))
        return 0;
    if (fread(&e, sizeof e, 1, f) == 1 && memcmp(&e.deal, d, sizeof e.deal) == 0) {
        *out = e.table;
        found = 1;
    }
    fclose(f);
    return found;
}

static void memo_put(const char *dir, const struct ddTableDeal *d, const struct ddTableResults *t)
{
    char path[4096], tmp[4200];
    struct memo_entry e = {*d, *t};
    FILE *f;

    entry_path(d, dir, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    if (!(f = fopen(tmp, "wb")))
        return; /* not kept: the next call solves it again */
    if (fwrite(&e, sizeof e, 1, f) == 1 && fclose(f) == 0)
        rename(tmp, path);
    else
        unlink(tmp);
}

int STDCALL CalcAllTables(struct ddTableDeals *deals, int mode, int filter[DDS_STRAINS],
                          struct ddTablesRes *res, struct allParResults *par)
{
    int (*calc)(struct ddTableDeals *, int, int[DDS_STRAINS], struct ddTablesRes *,
                struct allParResults *) = real("CalcAllTables");
    const char *dir = getenv("DDS_MEMO_DIR");
    struct ddTableDeals *missing;
    struct ddTablesRes *solved;
    int where[MAXNOOFTABLES], n = deals->noOfTables, rc;

    for (int s = 0; s < DDS_STRAINS; s++)
        if (filter[s])
            dir = NULL;
    if (!dir || !*dir || mode != -1 || par || n < 1 || n > MAXNOOFTABLES)
        return calc(deals, mode, filter, res, par);
    if (!(missing = calloc(1, sizeof *missing)) || !(solved = calloc(1, sizeof *solved))) {
        free(missing);
        return calc(deals, mode, filter, res, par);
    }
    for (int i = 0; i < n; i++)
        if (!memo_get(dir, &deals->deals[i], &res->results[i])) {
            where[missing->noOfTables] = i;
            missing->deals[missing->noOfTables++] = deals->deals[i];
        }
    res->noOfBoards = n * DDS_STRAINS;
    rc = missing->noOfTables ? calc(missing, mode, filter, solved, par) : RETURN_NO_FAULT;
    for (int k = 0; rc == RETURN_NO_FAULT && k < missing->noOfTables; k++) {
        res->results[where[k]] = solved->results[k];
        memo_put(dir, &missing->deals[k], &solved->results[k]);
    }
    free(missing);
    free(solved);
    return rc;
}

/* The other entry points predup uses, unchanged. */
void STDCALL SetMaxThreads(int threads)
{
    ((void (*)(int))real("SetMaxThreads"))(threads);
}

void STDCALL GetDDSInfo(struct DDSInfo *info)
{
    ((void (*)(struct DDSInfo *))real("GetDDSInfo"))(info);
}

void STDCALL ErrorMessage(int code, char line[80])
{
    ((void (*)(int, char[80]))real("ErrorMessage"))(code, line);
}

int STDCALL SolveBoard(struct deal dl, int target, int solutions, int mode,
                       struct futureTricks *fut, int thread)
{
    return ((int (*)(struct deal, int, int, int, struct futureTricks *, int))real("SolveBoard"))(
        dl, target, solutions, mode, fut, thread);
}

int STDCALL DealerPar(struct ddTableResults *table, struct parResultsDealer *pres, int dealer,
                      int vul)
{
    return ((int (*)(struct ddTableResults *, struct parResultsDealer *, int, int))real(
        "DealerPar"))(table, pres, dealer, vul);
}
