/* fuzz_table: libFuzzer target for the table parser (table.h).  Whatever
 * the bytes, parsing must not crash; a table that parses must format to
 * text that parses again and formats to the same text, every row's plan
 * must be its layout and overlap, and the index must answer lookups with
 * plans within range, overlapped only where they can be. */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/table.h"
#include "core/validate.h"

/* A plan's levels from nlevels on must be zero, and the used ones valid:
 * a group count 1..max_groups, or 0 with a hardware level (and hw 0 with a
 * group count); alg_out at every level. */
static void check_levels(HiMPI_Op op, const HiMPI_Plan *plan, int max_groups)
{
    if (plan->nlevels < 1 || plan->nlevels > HIMPI_MAX_LEVELS ||
        !HiMPI_Alg_supported(op, plan->alg_in) || plan->segment_size < 0 || plan->overlap < 0)
        abort();
    for (int k = 0; k < HIMPI_MAX_LEVELS; k++) {
        const HiMPI_Level *l = &plan->level[k];
        if (k >= plan->nlevels) {
            if (l->groups != 0 || l->hw != 0 || l->alg != 0)
                abort();
            continue;
        }
        if (l->groups < 0 || l->groups > max_groups || l->alg != plan->level[0].alg ||
            !HiMPI_Alg_supported(op, l->alg) ||
            (l->groups == 0 && HiMPI_Hwlevel_name(l->hw) == NULL) ||
            (l->groups > 0 && l->hw != 0))
            abort();
    }
}

/* Every row's plan is its layout, and its layout's text is what the
 * formatted table holds. */
static void check_rows(const HiMPI_Table *t, const char *text)
{
    for (size_t i = 0; i < t->nrows; i++) {
        const HiMPI_Row *r = &t->rows[i];
        HiMPI_Plan plan;
        memset(&plan, 0xa5, sizeof plan);
        HiMPI_Row_plan(r, &plan);
        check_levels(r->op, &plan, r->procs);
        if (plan.nlevels != r->levels || plan.level[0].alg != r->alg_out ||
            plan.alg_in != r->alg_in || plan.segment_size != r->segment_size ||
            plan.overlap != r->overlap)
            abort();
        for (int k = 0; k < HIMPI_MAX_LEVELS; k++)
            if (plan.level[k].groups != r->groups[k] || plan.level[k].hw != r->hw[k])
                abort();
        char layout[128], needle[160];
        int n = HiMPI_Row_layout(r, layout, sizeof layout);
        if (n < 1 || (size_t)n >= sizeof layout || strlen(layout) != (size_t)n)
            abort();
        snprintf(needle, sizeof needle, "  %s  %d  %d  %d  ", layout, r->levels, r->segment_size,
                 r->overlap);
        if (strstr(text, needle) == NULL)
            abort();
    }
}

/* Looks up every operation at a few process counts and sizes around the
 * table's own, checking what every plan must satisfy. */
static void check_lookups(const HiMPI_Table *t)
{
    himpi_index *ix = himpi_index_build(t);
    if (ix == NULL)
        abort();
    const int procs[] = {1, 2, 7, 64, 1000, 2147483647};
    const long long sizes[] = {-1, 0, 1, 1024, 65536, 2147483647LL, 1LL << 40};
    for (int op = 0; op <= HIMPI_OP_COUNT; op++)
        for (size_t i = 0; i < sizeof procs / sizeof procs[0]; i++)
            for (size_t j = 0; j < sizeof sizes / sizeof sizes[0]; j++) {
                himpi_plan plan;
                int p = procs[i];
                if (!himpi_index_lookup(ix, (HiMPI_Op)op, p, sizes[j], &plan))
                    continue;
                if (op == HIMPI_OP_COUNT || plan.table_procs < 1 || plan.table_msg_size < 0)
                    abort();
                /* A one-level rank-block layout is scaled to 1..p; the
                 * others are the row's, within 0..table_procs. */
                int scaled = plan.plan.nlevels == 1 && plan.plan.level[0].groups >= 1;
                check_levels((HiMPI_Op)op, &plan.plan, scaled ? p : plan.table_procs);
                /* An overlap only where the operation and the plan can
                 * take one, and then the row's. */
                if (plan.plan.overlap != 0 &&
                    (!HiMPI_Op_overlaps((HiMPI_Op)op) || himpi_plan_flat(&plan.plan, p) ||
                     plan.plan.overlap != plan.row.overlap))
                    abort();
            }
    himpi_index_free(ix);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    HiMPI_Table t, back;
    char err[512];
    HiMPI_Table_init(&t);
    HiMPI_Table_init(&back);
    if (himpi_table_parse((const char *)data, size, "fuzz", &t, err, sizeof err) != 0) {
        if (strncmp(err, "fuzz:", 5) != 0)
            abort();
        return 0;
    }
    char *once = HiMPI_Table_format(&t);
    if (once == NULL || himpi_table_parse(once, strlen(once), "formatted", &back, err,
                                          sizeof err) != 0)
        abort();
    char *twice = HiMPI_Table_format(&back);
    if (twice == NULL || strcmp(once, twice) != 0 || back.nrows != t.nrows)
        abort();
    check_rows(&t, once);
    check_rows(&back, once);
    check_lookups(&t);
    free(once);
    free(twice);
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&t);
    return 0;
}
