# algorithms.awk: turns the preprocessed doc/man/algorithms.c into the
# man page's list: an operation a paragraph, its algorithms in catalogue
# order.
{
    for (i = 1; i <= NF; i++) {
        if ($i == "alg") {
            name[$(i + 1)] = $(i + 2)
            gsub(/"/, "", name[$(i + 1)])
        } else if ($i == "row") {
            op = $(i + 1)
            if (op in list)
                list[op] = list[op] ", " name[$(i + 2)]
            else {
                order[n++] = op
                list[op] = name[$(i + 2)]
            }
        }
    }
}
END {
    for (k = 0; k < n; k++)
        printf ".TP\n.B %s\n%s\n", order[k], list[order[k]]
}
