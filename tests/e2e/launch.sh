#!/bin/sh
# launch.sh: the build's launch script, which every test goes through.  A
# job's exit status and its stdin pass through it; a TERM sent to it (as
# tests/mpi-run's watchdog sends one) stops the whole job; ten launches
# started at once all run.  Under Open MPI each launch has a session
# directory base of its own, removed after the job: two Open MPI jobs
# starting together could otherwise race to create the shared one
# (open-mpi/ompi#8510).  TAP output; abs_top_builddir is the build tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
. "$(dirname "$0")/../tap.sh"
openmpi=0
grep -q '^HIMPI_MPI_FLAVOUR = openmpi$' "$b/Makefile" && openmpi=1
echo "1..$((4 + openmpi))"

timeout 300 "$b/launch" 1 sh -c 'exit 3' >"$tmp/status.out" 2>&1
status=$?
[ "$status" = 3 ] || sed 's/^/# /' "$tmp/status.out"
result "$([ "$status" = 3 ] && echo 0)" "the job's exit status passes through (3, got $status)"

echo "a line for rank 0" | timeout 300 "$b/launch" 1 cat >"$tmp/stdin.out" 2>&1
sed 's/^/# /' "$tmp/stdin.out"
grep -qx "a line for rank 0" "$tmp/stdin.out"
result $? "stdin reaches rank 0"

# The job's sleep has an argument no other process has, to be found after:
# the ranks are the processes whose whole command line is the sleep (the
# launch script's and mpiexec's hold it too, so an unanchored pattern
# would count them as ranks before any runs).
nap=600.$$
ranks="^sleep $nap\$"
"$b/launch" 2 sleep "$nap" >"$tmp/term.out" 2>&1 &
job=$!
# Until both ranks run (at most 60 s), then one TERM, as the watchdog does.
i=0
while [ "$(pgrep -f "$ranks" | wc -l)" -lt 2 ] && [ "$i" -lt 60 ]; do
  sleep 1
  i=$((i + 1))
done
started=$(pgrep -f "$ranks" | wc -l)
kill -TERM "$job"
start=$(date +%s)
wait "$job"
status=$?
took=$(($(date +%s) - start))
# Open MPI's daemon may take a moment to reap the ranks it was told to stop.
i=0
while pgrep -f "$ranks" >/dev/null && [ "$i" -lt 30 ]; do
  sleep 1
  i=$((i + 1))
done
left=$(pgrep -f "$ranks" | wc -l)
sed 's/^/# /' "$tmp/term.out"
pkill -KILL -f "$ranks" 2>/dev/null
# The status is reported, not checked: MPICH's mpiexec (Hydra) exits with
# 15 or, racing its ranks' deaths, 0 (3 of 9 tries here), and mpi-run's
# watchdog marks the hang itself, whatever the status.
result "$([ "$started" = 2 ] && [ "$left" = 0 ] && echo 0)" \
  "a TERM stops the job ($started ranks running, status $status after $took s, $left left)"

i=0
while [ "$i" -lt 10 ]; do
  i=$((i + 1))
  timeout 300 "$b/launch" 2 "$b/tools/himpi-tune" --help >"$tmp/many$i.out" 2>&1 &
done
wait
failed=0
for f in "$tmp"/many*.out; do
  if ! grep -q '^Usage' "$f"; then
    failed=$((failed + 1))
    sed "s|^|# ${f##*/}: |" "$f" | head -n 20
  fi
done
result "$([ "$failed" = 0 ] && echo 0)" "ten launches at once all run ($failed failed)"

if [ "$openmpi" = 1 ]; then
  for i in 1 2; do
    # shellcheck disable=SC2016 # the job's shell expands it
    timeout 300 "$b/launch" 1 sh -c 'echo "$OMPI_MCA_orte_tmpdir_base"' >"$tmp/base$i.out" 2>&1
  done
  one=$(cat "$tmp/base1.out")
  two=$(cat "$tmp/base2.out")
  # The watcher removes a base within a fraction of a second of the job.
  i=0
  while { [ -e "$one" ] || [ -e "$two" ]; } && [ "$i" -lt 10 ]; do
    sleep 1
    i=$((i + 1))
  done
  echo "# bases: $one and $two"
  result "$([ -n "$one" ] && [ -n "$two" ] && [ "$one" != "$two" ] && [ ! -e "$one" ] &&
    [ ! -e "$two" ] && echo 0)" "each Open MPI launch has its own session base, removed after it"
fi
