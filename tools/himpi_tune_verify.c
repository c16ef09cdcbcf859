/* himpi_tune_verify.c: himpi-tune --verify and --fix. */
#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "himpi_tune_verify.h"

/* A verification confirms in one comparison what the tuning decided on
 * two, so it needs the power of more pairs: four times as many halve the
 * sign-test interval.  The pairs still spread over the same span, so on
 * small messages this costs next to no time (doc/significance.md). */
enum { VERIFY_PAIRS_FACTOR = 4 };

/* Rank 0 reads the table; every rank gets its rows.  0, or 1 after a
 * message. */
static int load(const char *path, HiMPI_Table *t)
{
    char err[4352];
    long long n = 0;
    if (cli_rank() == 0) {
        /* A missing file loads as an empty table, which is no table to
         * verify. */
        if (access(path, R_OK) != 0) {
            fprintf(stderr, "himpi-tune: %s: cannot read it\n", path);
            n = -1;
        } else if (HiMPI_Table_load(path, t, err, sizeof err) != 0) {
            fprintf(stderr, "himpi-tune: %s\n", err);
            n = -1;
        } else {
            n = (long long)t->nrows;
        }
    }
    MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
    if (n < 0)
        return 1;
    if (cli_rank() != 0 && n > 0 && (t->rows = malloc((size_t)n * sizeof *t->rows)) == NULL) {
        fprintf(stderr, "himpi-tune: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    t->nrows = (size_t)n;
    if (cli_rank() != 0)
        t->cap = t->nrows;
    for (size_t i = 0; i < t->nrows; i++)
        MPI_Bcast(&t->rows[i], (int)sizeof t->rows[i], MPI_BYTE, 0, MPI_COMM_WORLD);
    return 0;
}

/* Whether the plain calls run the row's plan: its verdict is FASTER, or
 * it has none (they then go by time). */
static int runs_plan(const HiMPI_Row *r)
{
    return r->verdict == HIMPI_VERDICT_FASTER || r->verdict == HIMPI_VERDICT_UNKNOWN;
}

static void report(const HiMPI_Row *was, const HiMPI_Row *now)
{
    char layout[HIMPI_LAYOUT_MAX], ratio[64] = "-";
    HiMPI_Row_layout(now, layout, sizeof layout);
    if (now->ratio >= 0 && now->ratio_lo >= 0 && now->ratio_hi >= 0)
        snprintf(ratio, sizeof ratio, "%.3f [%.3f, %.3f]", now->ratio, now->ratio_lo,
                 now->ratio_hi);
    else if (now->ratio >= 0)
        snprintf(ratio, sizeof ratio, "%.3f", now->ratio);
    printf("%-10s %6d %10lld %-22s %-22s %-12s %9d %-24s %-7s (was %s)\n",
           HiMPI_Op_name(now->op), now->procs, now->msg_size, HiMPI_Alg_name(now->alg_out),
           HiMPI_Alg_name(now->alg_in), layout, now->overlap, ratio,
           HiMPI_Verdict_name(now->verdict), HiMPI_Verdict_name(was->verdict));
}

int tune_verify(const options *o)
{
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    if (load(o->verify, &t) != 0)
        return 1;
    int p, rank = cli_rank();
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    HiMPI_Tuner tuner = {.precision = o->measure.precision,
                         .pairs = VERIFY_PAIRS_FACTOR * o->settings.pairs,
                         .min_effect = o->settings.min_effect,
                         .pair_span = o->settings.pair_span};
    if (rank == 0 && !o->quiet)
        printf("himpi-tune: each row against the MPI library's call in %d interleaved pairs "
               "(%d times --pairs)\n",
               tuner.pairs, VERIFY_PAIRS_FACTOR);
    if (rank == 0)
        printf("%-10s %6s %10s %-22s %-22s %-12s %9s %-24s %s\n", "operation", "procs", "size",
               "alg_out", "alg_in", "layout", "overlap", "plan / MPI's call", "verdict");
    int count[HIMPI_VERDICT_COUNT] = {0}, skipped = 0, lost = 0, rc = MPI_SUCCESS;
    for (size_t i = 0; i < t.nrows && rc == MPI_SUCCESS; i++) {
        HiMPI_Row now = t.rows[i];
        if (now.procs > p) {
            skipped++;
            continue;
        }
        MPI_Comm comm;
        MPI_Comm_split(MPI_COMM_WORLD, rank < now.procs ? 0 : MPI_UNDEFINED, rank, &comm);
        if (comm != MPI_COMM_NULL) {
            rc = HiMPI_Compare(comm, &tuner, &now);
            MPI_Comm_free(&comm);
        }
        /* Rank 0 is in every sub-communicator: the others learn from it. */
        MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Bcast(&now, (int)sizeof now, MPI_BYTE, 0, MPI_COMM_WORLD);
        if (rc != MPI_SUCCESS)
            break;
        count[now.verdict]++;
        lost += runs_plan(&t.rows[i]) && now.verdict != HIMPI_VERDICT_FASTER &&
                now.verdict != HIMPI_VERDICT_NATIVE;
        if (rank == 0 && !o->quiet)
            report(&t.rows[i], &now);
        if (o->fix)
            t.rows[i] = now;
    }
    int status = 0;
    if (rc != MPI_SUCCESS) {
        cli_mpi_error("verifying", rc);
        status = 1;
    } else if (rank == 0) {
        printf("himpi-tune: %d of %zu rows faster than the MPI library's call on this machine "
               "(%d n.s., %d small, %d slower, %d the call itself); %d the table runs are not",
               count[HIMPI_VERDICT_FASTER], t.nrows - (size_t)skipped, count[HIMPI_VERDICT_NS],
               count[HIMPI_VERDICT_SMALL], count[HIMPI_VERDICT_SLOWER],
               count[HIMPI_VERDICT_NATIVE], lost);
        if (skipped > 0)
            printf("; %d row%s skipped: %s more than %d processes", skipped,
                   skipped == 1 ? "" : "s", skipped == 1 ? "it needs" : "they need", p);
        printf("\n");
        if (o->fix) {
            char err[4352];
            if (HiMPI_Table_write(o->verify, &t, err, sizeof err) != 0) {
                fprintf(stderr, "himpi-tune: %s\n", err);
                status = 1;
            } else {
                printf("himpi-tune: wrote %s back: the plain calls run the MPI library's call "
                       "wherever a plan is no longer faster\n", o->verify);
            }
        } else if (lost > 0) {
            status = 3;
        }
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    HiMPI_Table_free(&t);
    return status;
}
