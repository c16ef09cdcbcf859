/* decimal.h: the one form of real numbers HiMPI's text reads, in the
 * environment (HIMPI_CL, HIMPI_EPS) and in tables (times, cl, eps). */
#ifndef HIMPI_CONFIG_DECIMAL_H
#define HIMPI_CONFIG_DECIMAL_H

/* Whether s is a decimal real as the documents write it: an optional '-',
 * digits with an optional fraction (a digit at least), an optional
 * exponent, nothing else.  strtod, which converts it, would also take
 * blanks, a '+', hexadecimal, inf and nan. */
int himpi_is_decimal_real(const char *s);

#endif /* HIMPI_CONFIG_DECIMAL_H */
