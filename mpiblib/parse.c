/* parse.c: byte counts with K/M/G suffixes, for options and environment. */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "mpib.h"

int MPIB_parse_size(const char *text, long long max, long long *bytes)
{
    if (text == NULL || !isdigit((unsigned char)text[0]))
        return MPI_ERR_ARG; /* also refuses signs and leading blanks */
    errno = 0;
    char *end;
    long long value = strtoll(text, &end, 10);
    if (errno == ERANGE)
        return MPI_ERR_ARG;
    int shift = 0;
    switch (*end) {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    default: break;
    }
    if (*end != '\0' || value > (max >> shift))
        return MPI_ERR_ARG;
    *bytes = value << shift;
    return MPI_SUCCESS;
}
