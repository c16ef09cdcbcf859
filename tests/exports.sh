#!/bin/sh
# exports.sh: the shared libraries export their public API and nothing
# else: libhimpi HiMPI_*, libmpib MPIB_*, and the interposition library
# the MPI_* collectives it replaces and HiMPI_*.  Everything internal
# (himpi_*) stays inside, so that no application can come to depend on it.
# One TAP test point per library, from `nm -D` of the build tree's .libs.
libs=${abs_top_builddir:?run me from make check}/.libs

# check N LIBRARY PATTERN: test point N, every dynamic symbol the library
# defines (but the loader's _init and _fini) matches the extended regex.
check() {
  n=$1 lib=$libs/$2 pattern=$3
  if [ ! -f "$lib" ]; then
    echo "not ok $n - $2: not built"
    return
  fi
  all=$(nm -D --defined-only "$lib" | awk '{print $NF}' | grep -v '^_init$\|^_fini$')
  stray=$(echo "$all" | grep -Ev "$pattern")
  if [ -z "$all" ]; then
    echo "not ok $n - $2 exports nothing"
  elif [ -n "$stray" ]; then
    echo "not ok $n - $2 exports symbols outside its API"
    echo "$stray" | sed 's/^/# /'
  else
    echo "ok $n - $2: $(echo "$all" | wc -l) symbols, all $pattern"
  fi
}

echo "1..3"
check 1 libhimpi.so '^HiMPI_'
check 2 libmpib.so '^MPIB_'
check 3 libhimpi-pmpi.so '^(MPI_|HiMPI_)'
