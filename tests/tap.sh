# Sourced by the shell tests (tests/e2e/*.sh, tests/smpi/*.sh): a
# temporary directory $tmp, removed when the test exits, and result, which
# prints the test's next TAP line.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/himpi-test-XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
result() { # result STATUS DESCRIPTION
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
