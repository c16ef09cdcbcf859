/* text.h: text built piece by piece into a fixed buffer, for messages. */
#ifndef HIMPI_CORE_TEXT_H
#define HIMPI_CORE_TEXT_H

#include <stdarg.h>
#include <stddef.h>

/* Appends printf-style text to s[0..*n) (len bytes in all), keeping s
 * terminated; once s is full, *n stays at len or more and later pieces
 * are dropped. */
void himpi_append(char *s, size_t len, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void himpi_vappend(char *s, size_t len, size_t *n, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));

#endif /* HIMPI_CORE_TEXT_H */
