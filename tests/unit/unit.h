/* unit.h: every unit test program defines its check suite; unit_main.c
 * runs it and reports in TAP for the automake harness. */
#ifndef UNIT_H
#define UNIT_H

#include <check.h>

Suite *unit_suite(void);

#endif /* UNIT_H */
