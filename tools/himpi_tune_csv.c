/* himpi_tune_csv.c: himpi-tune's measurements as CSV. */
#include <config.h>

#include <string.h>

#include "himpi_tune_csv.h"

/* Names and layouts hold no separator today; quoting keeps the file
 * valid should one ever do. */
static void text(FILE *f, const char *s, char end)
{
    if (s[strcspn(s, ",\"\r\n")] == '\0') {
        fputs(s, f);
    } else {
        fputc('"', f);
        for (; *s != '\0'; s++) {
            if (*s == '"')
                fputc('"', f);
            fputc(*s, f);
        }
        fputc('"', f);
    }
    fputc(end, f);
}

void tune_csv_header(FILE *f)
{
    fputs("operation,procs,bytes,alg_out,alg_in,layout,groups,time_us,ci_us,reps,seconds,"
          "overlap\n",
          f);
}

void tune_csv_line(FILE *f, const tune_record *r)
{
    text(f, HiMPI_Op_name(r->op), ',');
    fprintf(f, "%d,%d,", r->procs, r->msg_size);
    text(f, HiMPI_Alg_name(r->alg_out), ',');
    text(f, HiMPI_Alg_name(r->alg_in), ',');
    text(f, r->layout, ',');
    if (r->groups > 0)
        fprintf(f, "%d", r->groups);
    fprintf(f, ",%.3f,%.3f,%d,%.6f,%d\n", r->time * 1e6, r->ci * 1e6, r->reps, r->seconds,
            r->overlap);
}
