# curves.gp: the time of a hierarchical collective against its number of
# groups g, simulated and as Hockney's model predicts, at a few message
# sizes side by side (the layout of the thesis's Figs 3.7-3.9), with the
# flat algorithm (g = 1) as a level line.
#
#   gnuplot -e "out='x.svg'; heading='...'; sim='sim.dat'; model='model.dat';
#               sizes='16384 16777216'; labels='16 KiB|16 MiB'; p=128" curves.gp
#
# labels names the sizes in order, separated by '|'.  sim and model hold
# "size g time_us" lines; model is '' when there is none (the MPI
# library's own algorithm has no formula).
n = words(sizes)
set terminal svg size 480 * n,420 dynamic font 'Helvetica,12' background '#ffffff'
set output out
set multiplot layout 1,n title heading
set logscale xy
set xrange [1:p]
set xlabel 'number of groups g'
set ylabel 'time (µs)'
set grid
set key outside bottom center horizontal
set style line 1 lc rgb '#1f77b4' lw 2 pt 7 ps 0.4
set style line 2 lc rgb '#d62728' lw 2 dt 2
set style line 3 lc rgb '#7f7f7f' lw 1 dt 3
rest = labels
do for [i=1:n] {
    m = word(sizes, i)
    bar = strstrt(rest, '|')
    set title (bar > 0 ? rest[1:bar - 1] : rest)
    rest = (bar > 0 ? rest[bar + 1:] : '')
    flat = sprintf("< awk '$1 == %s && $2 == 1 {print 1, $3; print %d, $3}' %s", m, p, sim)
    curve = sprintf("< awk '$1 == %s' %s", m, sim)
    if (model ne '') {
        plot curve using 2:3 with linespoints ls 1 title 'simulated', \
             sprintf("< awk '$1 == %s' %s", m, model) using 2:3 with lines ls 2 \
                 title 'Hockney model', \
             flat using 1:2 with lines ls 3 title 'flat (g = 1)'
    } else {
        plot curve using 2:3 with linespoints ls 1 title 'simulated', \
             flat using 1:2 with lines ls 3 title 'flat (g = 1)'
    }
}
unset multiplot
