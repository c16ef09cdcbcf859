# lib/tune: tuning: the tuner, searches, candidates, containers, the model.
libhimpi_la_SOURCES += \
	%D%/candidates.c \
	%D%/container.c \
	%D%/container.h \
	%D%/model.c \
	%D%/model.h \
	%D%/search.c \
	%D%/tune.c \
	%D%/tune.h \
	%D%/tune_init.c \
	%D%/tune_lazily.c \
	%D%/tune_memory.c \
	%D%/tune_runtime.h
