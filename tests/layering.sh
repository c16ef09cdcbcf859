#!/bin/sh
# layering.sh: checks that every #include under lib/, mpiblib/ and tools/
# points the way doc/architecture.md says: down the layers of lib/, never up
# or sideways; mpiblib/ knows nothing of HiMPI; the tools use only the
# installed public headers and their own.  One TAP test point per file; a
# failure names the file, the line and the rule it breaks.
#   layering.sh [TOP]   (TOP: the source tree, by default this script's ../)
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top" || exit 1

find lib mpiblib tools -name '*.[ch]' | LC_ALL=C sort | awk '
BEGIN {
    layers = " core coll topo hier config select tune api "
    # What each layer of lib/ may include besides itself: the layers below
    # it, however far down (doc/architecture.md draws the arrows).
    below["core"] = ""
    below["coll"] = "core"
    below["topo"] = "core"
    below["config"] = "core"
    below["hier"] = "coll topo core"
    below["select"] = "config core"
    below["tune"] = "hier coll topo config core"
    below["api"] = "tune select hier coll topo config core"
    public = "himpi.h himpi_tune.h mpib.h"
}

function exists(path,    line, found) {
    found = (getline line < path) >= 0
    close(path)
    return found
}

function has(list, word) {
    return index(" " list " ", " " word " ") > 0
}

# Why the include of header h breaks the rule for a file of layer in dir,
# or "" if it does not.
function rule(layer, dir, h,    to, allowed) {
    if (layer == "public")
        return has(public, h) ? "" : "a public header includes only public headers"
    if (layer == "mpiblib") {
        if (h ~ /\// || h ~ /^himpi/)
            return "mpiblib knows nothing of HiMPI"
        return exists("mpiblib/" h) ? "" : "no such header in mpiblib/"
    }
    if (layer == "tools") {
        if (h ~ /\//)
            return "the tools use only the installed public headers (" public ")"
        if (has(public, h) || exists("tools/" h))
            return ""
        return "the tools use only the installed public headers (" public ") and their own"
    }
    if (h ~ /\//) {
        to = h
        sub(/\/.*/, "", to)
        if (to == layer)
            return exists("lib/" h) ? "" : "no such header"
        if (!has(layers, to))
            return to " is not a layer"
        allowed = below[layer]
        if (has(allowed, to))
            return ""
        return layer " may not include " to " (it may include: " \
            (allowed == "" ? "nothing but itself" : allowed) ")"
    }
    if (has(public, h) || exists(dir "/" h))
        return ""
    return "name it as layer/header (\"" layer "/" h "\" or another layer\x27s)"
}

function check(n, f,    parts, layer, dir, text, line, opener, h, why, problems) {
    split(f, parts, "/")
    layer = parts[1] != "lib" ? parts[1] : parts[3] == "" ? "public" : parts[2]
    dir = f
    sub(/\/[^\/]*$/, "", dir)
    if (layer != "public" && layer != "mpiblib" && layer != "tools" && !has(layers, layer)) {
        print "not ok " n " - " f ": lib/" layer " is not a layer (doc/architecture.md lists them:" \
            substr(layers, 1, length(layers) - 1) ")"
        return 1
    }
    problems = ""
    line = 0
    while ((getline text < f) > 0) {
        line++
        if (text !~ /^[ \t]*#[ \t]*include[ \t]*["<]/)
            continue
        sub(/^[ \t]*#[ \t]*include[ \t]*/, "", text)
        opener = substr(text, 1, 1)
        h = substr(text, 2)
        sub(/[">].*/, "", h)
        if (opener == "<") {
            if (h !~ /^himpi.*\.h$/ && h != "mpib.h")
                continue
            why = layer == "tools" ? rule(layer, dir, h) : "a project header in <>: use \"" h "\""
        } else if (h == "config.h")
            continue
        else
            why = rule(layer, dir, h)
        if (why != "")
            problems = problems "# " f ":" line ": #include " opener h \
                (opener == "<" ? ">" : "\"") ": " why "\n"
    }
    close(f)
    if (problems == "") {
        print "ok " n " - " f
        return 0
    }
    print "not ok " n " - " f
    printf "%s", problems
    return 1
}

{ files[++count] = $0 }

END {
    print "1.." count
    for (i = 1; i <= count; i++)
        failed += check(i, files[i])
    exit failed > 0 ? 1 : 0
}'
