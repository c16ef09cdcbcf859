#!/bin/sh
# layering.sh: checks that every #include under lib/, mpiblib/ and tools/
# points the way doc/architecture.md says: down the layers of lib/, never up
# or sideways; mpiblib/ knows nothing of HiMPI; the tools use only the
# installed public headers and their own.  One TAP test point per file; a
# failure names the file, the line and the rule it breaks.
#   layering.sh [TOP]   (TOP: the source tree, by default this script's ../)
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top" || exit 1

# The layers of lib/ and what each may include besides itself: the layers
# below it, however far down (doc/architecture.md draws the arrows).
below() {
  case $1 in
  core) echo "" ;;
  coll | topo | config) echo "core" ;;
  hier) echo "coll topo core" ;;
  select) echo "config core" ;;
  tune) echo "hier coll topo config core" ;;
  api) echo "tune select hier coll topo config core" ;;
  esac
}
layers="core coll topo hier config select tune api"
public="himpi.h himpi_tune.h mpib.h"

files=$(find lib mpiblib tools -name '*.[ch]' | LC_ALL=C sort)
n=0
failed=0
echo "1..$(echo "$files" | wc -l)"
for f in $files; do
  n=$((n + 1))
  dir=$(dirname "$f")
  case $f in
  lib/*/*) layer=$(echo "$f" | cut -d/ -f2) ;;
  lib/*) layer=public ;;
  mpiblib/*) layer=mpiblib ;;
  tools/*) layer=tools ;;
  esac
  if [ "$layer" != public ] && [ "$layer" != mpiblib ] && [ "$layer" != tools ] &&
    ! echo " $layers " | grep -q " $layer "; then
    echo "not ok $n - $f: lib/$layer is not a layer (doc/architecture.md lists them: $layers)"
    failed=$((failed + 1))
    continue
  fi
  allowed=$(below "$layer")
  # Every include of a project header: "x.h", "layer/x.h", <himpi*.h>, <mpib.h>.
  problems=$(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]' "$f" |
    sed 's/^\([0-9]*\):[[:space:]]*#[[:space:]]*include[[:space:]]*\(["<]\)\([^">]*\)[">].*/\1 \2 \3/' |
    while read -r line quote header; do
      why=
      case $quote$header in
      '<'himpi*.h | '<'mpib.h) [ "$layer" = tools ] || why="a project header in <>: use \"$header\"" ;;
      '<'*) continue ;;
      '"'config.h) continue ;;
      esac
      if [ -z "$why" ]; then
        case $layer:$header in
        public:himpi.h | public:mpib.h | public:himpi_tune.h) ;;
        public:*) why="a public header includes only public headers" ;;
        mpiblib:*/* | mpiblib:himpi*) why="mpiblib knows nothing of HiMPI" ;;
        mpiblib:*) [ -f "mpiblib/$header" ] || why="no such header in mpiblib/" ;;
        tools:*/*) why="the tools use only the installed public headers ($public)" ;;
        tools:*)
          echo " $public " | grep -q " $header " || [ -f "tools/$header" ] ||
            why="the tools use only the installed public headers ($public) and their own"
          ;;
        *:*/*)
          to=${header%%/*}
          if [ "$to" = "$layer" ]; then
            [ -f "lib/$header" ] || why="no such header"
          elif echo " $layers " | grep -q " $to "; then
            echo " $allowed " | grep -q " $to " ||
              why="$layer may not include $to (it may include: ${allowed:-nothing but itself})"
          else
            why="$to is not a layer"
          fi
          ;;
        *:himpi.h | *:himpi_tune.h | *:mpib.h) ;;
        *:*) [ -f "$dir/$header" ] || why="name it as layer/header (\"$layer/$header\" or another layer's)" ;;
        esac
      fi
      close='"'
      [ "$quote" = '<' ] && close='>'
      [ -n "$why" ] && echo "$f:$line: #include $quote$header$close: $why"
    done)
  if [ -z "$problems" ]; then
    echo "ok $n - $f"
  else
    echo "not ok $n - $f"
    echo "$problems" | sed 's/^/# /'
    failed=$((failed + 1))
  fi
done
[ "$failed" = 0 ]
