# lib/select: plan lookup and the HIMPI_* overrides: pure, never tunes.
libhimpi_internal_la_SOURCES += \
	%D%/explain.c \
	%D%/plan.c \
	%D%/plan.h
