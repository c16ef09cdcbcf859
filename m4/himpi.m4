# himpi.m4: configure checks for the MPI flavour, its launcher and its features.

# HIMPI_SMPI_PRECONFIGURE
# SimGrid's smpicc produces programs that only run under smpirun, so
# configure's own test programs need SMPI_PRETEND_CC; libtool cannot ask
# smpicc for its linker, so LD is set from PATH.
AC_DEFUN([HIMPI_SMPI_PRECONFIGURE], [
  AS_CASE([`basename "${MPICC:-${CC:-none}}"`],
    [smpicc*], [himpi_smpi=yes
                SMPI_PRETEND_CC=1
                export SMPI_PRETEND_CC
                AS_IF([test -z "$LD"], [LD=`command -v ld`])],
    [himpi_smpi=no])
])

# HIMPI_SMPI_CHECK_SHARED
# SMPI privatises the globals of each simulated rank only in the program
# itself, not in shared libraries it loads.
AC_DEFUN([HIMPI_SMPI_CHECK_SHARED], [
  AS_IF([test "$himpi_smpi" = yes && test "$enable_shared" = yes],
    [AC_MSG_ERROR([SimGrid (smpicc) builds need --disable-shared: the simulated ranks share the globals of a shared library])])
])

# _HIMPI_COMPUTE(VAR, EXPRESSION, [PROLOGUE = #include <mpi.h>])
m4_define([_HIMPI_COMPUTE],
  [AC_COMPUTE_INT([$1], [$2], [m4_default([$3], [[#include <mpi.h>]])], [$1=unknown])])
m4_define([_HIMPI_SIMGRID], [[#include <mpi.h>
#include <simgrid/version.h>]])

# HIMPI_CHECK_MPI_FLAVOUR
# Sets and substitutes HIMPI_MPI_FLAVOUR (openmpi, mpich, smpi, unknown) and
# HIMPI_MPI_VERSION (the library's own version), and MPI_STD_VERSION.
AC_DEFUN([HIMPI_CHECK_MPI_FLAVOUR], [
  AC_MSG_CHECKING([which MPI library CC uses])
  AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <mpi.h>]], [[
#ifndef SMPI_H
#error not SimGrid
#endif]])], [HIMPI_MPI_FLAVOUR=smpi],
    [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <mpi.h>]], [[
#ifndef OPEN_MPI
#error not Open MPI
#endif]])], [HIMPI_MPI_FLAVOUR=openmpi],
      [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <mpi.h>]], [[
#ifndef MPICH
#error not MPICH
#endif]])], [HIMPI_MPI_FLAVOUR=mpich], [HIMPI_MPI_FLAVOUR=unknown])])])
  AC_MSG_RESULT([$HIMPI_MPI_FLAVOUR])

  AS_CASE([$HIMPI_MPI_FLAVOUR],
    [openmpi], [_HIMPI_COMPUTE([himpi_v1], [OMPI_MAJOR_VERSION])
                _HIMPI_COMPUTE([himpi_v2], [OMPI_MINOR_VERSION])
                _HIMPI_COMPUTE([himpi_v3], [OMPI_RELEASE_VERSION])],
    [mpich],   [_HIMPI_COMPUTE([himpi_v1], [MPICH_NUMVERSION / 10000000])
                _HIMPI_COMPUTE([himpi_v2], [MPICH_NUMVERSION / 100000 % 100])
                _HIMPI_COMPUTE([himpi_v3], [MPICH_NUMVERSION / 1000 % 100])],
    [smpi],    [_HIMPI_COMPUTE([himpi_v1], [SIMGRID_VERSION_MAJOR], [_HIMPI_SIMGRID])
                _HIMPI_COMPUTE([himpi_v2], [SIMGRID_VERSION_MINOR], [_HIMPI_SIMGRID])
                _HIMPI_COMPUTE([himpi_v3], [SIMGRID_VERSION_PATCH], [_HIMPI_SIMGRID])],
    [himpi_v1=unknown himpi_v2=unknown himpi_v3=unknown])
  HIMPI_MPI_VERSION="$himpi_v1.$himpi_v2.$himpi_v3"
  _HIMPI_COMPUTE([himpi_std1], [MPI_VERSION])
  _HIMPI_COMPUTE([himpi_std2], [MPI_SUBVERSION])
  MPI_STD_VERSION="$himpi_std1.$himpi_std2"
  AS_IF([test "$himpi_std1" = unknown || test "$himpi_std1" -lt 3],
    [AC_MSG_ERROR([HiMPI needs MPI 3.0 or newer (nonblocking collectives); $CC provides MPI $MPI_STD_VERSION])])
  AC_SUBST([HIMPI_MPI_FLAVOUR])
  AC_SUBST([HIMPI_MPI_VERSION])
  AM_CONDITIONAL([HIMPI_SMPI], [test "$HIMPI_MPI_FLAVOUR" = smpi])
])

# HIMPI_CHECK_MPI_LAUNCHER
# Finds the launcher that matches CC (MPIEXEC) and the flags it needs on
# a small shared machine (MPIEXEC_FLAGS).
AC_DEFUN([HIMPI_CHECK_MPI_LAUNCHER], [
  AC_ARG_VAR([MPIEXEC], [MPI launcher matching the MPI C compiler])
  AC_ARG_VAR([MPIEXEC_FLAGS], [extra flags for MPIEXEC])
  AS_IF([test -z "$MPIEXEC"], [
    AS_CASE([$HIMPI_MPI_FLAVOUR],
      [openmpi], [AC_PATH_PROGS([MPIEXEC], [mpiexec.openmpi mpirun.openmpi mpiexec mpirun])],
      [mpich],   [AC_PATH_PROGS([MPIEXEC], [mpiexec.mpich mpiexec.hydra mpiexec mpirun])],
      [smpi],    [AC_PATH_PROGS([MPIEXEC], [smpirun])],
                 [AC_PATH_PROGS([MPIEXEC], [mpiexec mpirun])])])
  AS_IF([test -z "$MPIEXEC"], [AC_MSG_WARN([no MPI launcher found: MPI tests will fail; set MPIEXEC=])])
  dnl Open MPI refuses to start more ranks than cores without --oversubscribe;
  dnl smpirun needs a platform to simulate.
  himpi_abs_srcdir=`cd "$srcdir" && pwd`
  AS_IF([test -z "$MPIEXEC_FLAGS"], [
    AS_CASE([$HIMPI_MPI_FLAVOUR],
      [openmpi], [MPIEXEC_FLAGS="--oversubscribe"],
      [smpi],    [MPIEXEC_FLAGS="-platform $himpi_abs_srcdir/configs/platforms/cluster8x8.xml dnl
-hostfile $himpi_abs_srcdir/configs/platforms/cluster8x8.hosts dnl
--cfg=smpi/simulate-computation:no --log=root.thres:warning --log=xbt_cfg.thres:warning"])])
])

# HIMPI_CHECK_MPI_FEATURES
# Optional MPI features, probed by compiling and linking rather than by
# version macros (Open MPI's OMPI_COMM_TYPE_* are enum constants).
AC_DEFUN([HIMPI_CHECK_MPI_FEATURES], [
  AC_CHECK_DECLS([MPI_COMM_TYPE_HW_GUIDED, MPI_COMM_TYPE_HW_UNGUIDED, OMPI_COMM_TYPE_NUMA],
                 [], [], [[#include <mpi.h>]])
  AC_CHECK_FUNCS([MPI_Bcast_init MPIX_Bcast_init])
  AS_IF([test "$ac_cv_func_MPI_Bcast_init" = yes], [himpi_pcoll="yes (MPI-4)"],
        [test "$ac_cv_func_MPIX_Bcast_init" = yes], [himpi_pcoll="yes (MPIX extension)"],
        [himpi_pcoll=no])
])

# HIMPI_WARNINGS
# WARN_CFLAGS: the warnings every file is built with, -Werror on request;
# SAN_CFLAGS/SAN_LDFLAGS: AddressSanitizer and UndefinedBehaviorSanitizer,
# or ThreadSanitizer, on request (HIMPI_SANITIZERS: address, thread or no).
# Kept out of CFLAGS so configure's own tests stay unaffected.
AC_DEFUN([HIMPI_WARNINGS], [
  AC_ARG_ENABLE([werror],
    [AS_HELP_STRING([--enable-werror], [treat compiler warnings as errors])],
    [], [enable_werror=no])
  AC_ARG_ENABLE([sanitizers],
    [AS_HELP_STRING([--enable-sanitizers@<:@=address|thread@:>@],
      [build with AddressSanitizer and UndefinedBehaviorSanitizer (address, the default), or with ThreadSanitizer])],
    [], [enable_sanitizers=no])
  WARN_CFLAGS="-std=c11 -Wall -Wextra"
  AS_IF([test "$enable_werror" = yes], [WARN_CFLAGS="$WARN_CFLAGS -Werror"])
  SAN_CFLAGS=
  SAN_LDFLAGS=
  AS_CASE([$enable_sanitizers],
    [yes|address], [enable_sanitizers=address
      SAN_CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
      SAN_LDFLAGS="-fsanitize=address,undefined"],
    [thread], [SAN_CFLAGS="-fsanitize=thread -fno-omit-frame-pointer"
      SAN_LDFLAGS="-fsanitize=thread"],
    [no], [],
    [AC_MSG_ERROR([--enable-sanitizers=$enable_sanitizers: expected address or thread])])
  AC_SUBST([WARN_CFLAGS])
  AC_SUBST([SAN_CFLAGS])
  AC_SUBST([SAN_LDFLAGS])
  AC_SUBST([HIMPI_SANITIZERS], [$enable_sanitizers])
  AM_CONDITIONAL([HIMPI_SANITIZERS], [test "$enable_sanitizers" != no])
  AM_CONDITIONAL([HIMPI_TSAN], [test "$enable_sanitizers" = thread])
])

# HIMPI_SUMMARY
AC_DEFUN([HIMPI_SUMMARY], [
  AS_ECHO([])
  AS_ECHO(["HiMPI $PACKAGE_VERSION configured:"])
  AS_ECHO(["  MPI library         $HIMPI_MPI_FLAVOUR $HIMPI_MPI_VERSION (MPI standard $MPI_STD_VERSION)"])
  AS_ECHO(["  C compiler          $CC"])
  AS_ECHO(["  launcher            $MPIEXEC $MPIEXEC_FLAGS"])
  AS_ECHO(["  persistent colls    $himpi_pcoll"])
  AS_ECHO(["  MPI_COMM_TYPE_HW_GUIDED  $ac_cv_have_decl_MPI_COMM_TYPE_HW_GUIDED"])
  AS_ECHO(["  OMPI_COMM_TYPE_*    $ac_cv_have_decl_OMPI_COMM_TYPE_NUMA"])
  AS_ECHO(["  GSL, hwloc          `$PKG_CONFIG --modversion gsl`, `$PKG_CONFIG --modversion hwloc`"])
  AS_ECHO(["  CBLAS (himpi-summa) $himpi_cblas"])
  AS_ECHO(["  libraries           shared: $enable_shared, static: $enable_static"])
  AS_ECHO(["  -Werror             $enable_werror"])
  AS_ECHO(["  sanitizers          $enable_sanitizers"])
  AS_ECHO(["  defaults            HIMPI_CONF_FILE=$himpi_default_conf_file HIMPI_TUNE=$himpi_default_tune HIMPI_OPID=$himpi_default_opid"])
  AS_ECHO(["                      HIMPI_MIN_MSG=$himpi_default_min_msg HIMPI_MAX_MSG=$himpi_default_max_msg HIMPI_MSG_STRIDE=$himpi_default_msg_stride"])
])

# HIMPI_DEFAULTS
# The install-time defaults of the HIMPI_* variables that have a configure
# option (the thesis's --with-himpi-opid and friends).  They reach the
# library as strings in config.h and go through the same parser as the
# environment, which always overrides them.
AC_DEFUN([HIMPI_DEFAULT_OPTION], [
  AC_ARG_WITH([$1], [AS_HELP_STRING([--with-$1=VALUE], [$3 (default: $4)])],
    [himpi_default_$2="$withval"], [himpi_default_$2="$4"])
  AS_IF([test "x$himpi_default_$2" = xyes || test "x$himpi_default_$2" = xno],
        [AC_MSG_ERROR([--with-$1 needs a value])])
  AC_DEFINE_UNQUOTED([HIMPI_DEFAULT_]m4_toupper([$2]), ["$himpi_default_$2"], [$3])
])
AC_DEFUN([HIMPI_DEFAULTS], [
  HIMPI_DEFAULT_OPTION([himpi-conf-file], [conf_file], [default HIMPI_CONF_FILE, the configuration table], [himpi.conf])
  HIMPI_DEFAULT_OPTION([himpi-tune], [tune], [default HIMPI_TUNE: off, init or lazy], [off])
  HIMPI_DEFAULT_OPTION([himpi-opid], [opid], [default HIMPI_OPID, the operations tuned at init], [all])
  HIMPI_DEFAULT_OPTION([himpi-min-msg], [min_msg], [default HIMPI_MIN_MSG], [1K])
  HIMPI_DEFAULT_OPTION([himpi-max-msg], [max_msg], [default HIMPI_MAX_MSG], [16M])
  HIMPI_DEFAULT_OPTION([himpi-msg-stride], [msg_stride], [default HIMPI_MSG_STRIDE], [2])
])
