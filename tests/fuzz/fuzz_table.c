/* fuzz_table: libFuzzer target for the table parser (table.h).  Whatever
 * the bytes, parsing must not crash; a table that parses must format to
 * text that parses again and formats to the same text, and its index must
 * answer lookups with plans within range. */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

/* Looks up every operation at a few process counts and sizes around the
 * table's own, checking what every plan must satisfy. */
static void check_lookups(const himpi_table *t)
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
                if (op == HIMPI_OP_COUNT || plan.params.groups < 1 || plan.params.groups > p ||
                    plan.levels != 1 || plan.table_procs < 1 || plan.table_msg_size < 0 ||
                    !HiMPI_Alg_supported((HiMPI_Op)op, plan.params.alg_out) ||
                    !HiMPI_Alg_supported((HiMPI_Op)op, plan.params.alg_in))
                    abort();
            }
    himpi_index_free(ix);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    himpi_table t, back;
    char err[512];
    himpi_table_init(&t);
    himpi_table_init(&back);
    if (himpi_table_parse((const char *)data, size, "fuzz", &t, err, sizeof err) != 0) {
        if (strncmp(err, "fuzz:", 5) != 0)
            abort();
        return 0;
    }
    char *once = himpi_table_format(&t);
    if (once == NULL || himpi_table_parse(once, strlen(once), "formatted", &back, err,
                                          sizeof err) != 0)
        abort();
    char *twice = himpi_table_format(&back);
    if (twice == NULL || strcmp(once, twice) != 0 || back.nrows != t.nrows)
        abort();
    check_lookups(&t);
    free(once);
    free(twice);
    himpi_table_free(&back);
    himpi_table_free(&t);
    return 0;
}
