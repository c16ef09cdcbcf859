# lib/config: the environment, run-time settings and configuration tables.
libhimpi_internal_la_SOURCES += \
	%D%/decimal.c \
	%D%/decimal.h \
	%D%/env.c \
	%D%/env.h \
	%D%/env_messages.c \
	%D%/env_parser.h \
	%D%/fingerprint.c \
	%D%/runtime.c \
	%D%/runtime.h \
	%D%/table.c \
	%D%/table.h \
	%D%/table_file.c \
	%D%/table_file.h \
	%D%/table_format.c \
	%D%/table_index.c \
	%D%/table_legacy.c \
	%D%/table_lock.c \
	%D%/table_lock.h \
	%D%/table_parse.c \
	%D%/table_parse.h \
	%D%/table_parse_row.c \
	%D%/table_private.h \
	%D%/table_target.c \
	%D%/table_target.h \
	%D%/verdict.c
