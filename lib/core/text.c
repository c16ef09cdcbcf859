/* text.c: text built piece by piece into a fixed buffer. */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>

#include "core/text.h"

void himpi_vappend(char *s, size_t len, size_t *n, const char *fmt, va_list ap)
{
    if (*n >= len)
        return;
    int m = vsnprintf(s + *n, len - *n, fmt, ap);
    *n = m < 0 ? len : *n + (size_t)m;
}

void himpi_append(char *s, size_t len, size_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    himpi_vappend(s, len, n, fmt, ap);
    va_end(ap);
}
