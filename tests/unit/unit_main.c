/* unit_main.c: runs the program's suite with TAP output on stdout. */
#include <config.h>

#include <stdlib.h>

#include "unit.h"

int main(void)
{
    SRunner *runner = srunner_create(unit_suite());
    srunner_set_tap(runner, "-");
    srunner_run_all(runner, CK_SILENT);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
