#!/bin/sh
# exports.sh: the shared libraries export their public API and nothing
# else: libhimpi HiMPI_*, libmpib MPIB_*, and the interposition library
# the MPI_* collectives it replaces and HiMPI_*.  Everything internal
# (himpi_*) stays inside, so that no application can come to depend on it.
# One TAP test point per library, from `nm -D` of the build tree's .libs;
# and one more: the interposition library calls the MPI library through
# PMPI_* alone (api/pmpi_names.h), never through a name it or another tool
# may interpose.
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

echo "1..4"
check 1 libhimpi.so '^HiMPI_'
check 2 libmpib.so '^MPIB_'
check 3 libhimpi-pmpi.so '^(MPI_|HiMPI_)'
calls=$(nm -D --undefined-only "$libs/libhimpi-pmpi.so" 2>/dev/null | awk '$NF ~ /^MPIX?_/ {print $NF}')
if [ ! -f "$libs/libhimpi-pmpi.so" ]; then
  echo "not ok 4 - libhimpi-pmpi.so: not built"
elif [ -n "$calls" ]; then
  echo "not ok 4 - libhimpi-pmpi.so calls MPI functions by their MPI_ names"
  echo "$calls" | sed 's/^/# /'
else
  echo "ok 4 - libhimpi-pmpi.so calls the MPI library through PMPI_* alone"
fi
