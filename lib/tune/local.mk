# lib/tune: tuning: the tuner, searches, candidates, containers, the model.
libhimpi_internal_la_SOURCES += \
	%D%/candidates.c \
	%D%/compare.c \
	%D%/container.c \
	%D%/decide.c \
	%D%/header.c \
	%D%/model.c \
	%D%/search.c \
	%D%/search_overlap.c \
	%D%/settings.c \
	%D%/tune.c \
	%D%/tune.h \
	%D%/tune_init.c \
	%D%/tune_lazily.c \
	%D%/tune_memory.c \
	%D%/tune_runtime.h
