/* decimal.c: the decimal form of reals (decimal.h). */
#include <config.h>

#include <string.h>

#include "config/decimal.h"

static const char digits[] = "0123456789";

int himpi_is_decimal_real(const char *s)
{
    s += *s == '-';
    size_t whole = strspn(s, digits), fraction = 0;
    s += whole;
    if (*s == '.') {
        fraction = strspn(++s, digits);
        s += fraction;
    }
    if (whole + fraction == 0)
        return 0;
    if (*s == 'e' || *s == 'E') {
        s += 1 + (s[1] == '+' || s[1] == '-');
        return *s != '\0' && strspn(s, digits) == strlen(s);
    }
    return *s == '\0';
}
