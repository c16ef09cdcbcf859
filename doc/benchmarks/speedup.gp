# speedup.gp: flat time over best time against the message size, one line
# per algorithm (the layout of the thesis's Figs 3.10, 3.12 and 3.18).
#
#   gnuplot -e "out='x.svg'; heading='...'; dat='speedup.dat'" speedup.gp
#
# dat holds "algorithm size speedup" lines, grouped by algorithm.
set terminal svg size 720,420 dynamic font 'Helvetica,12' background '#ffffff'
set output out
set title heading
set logscale x 2
set format x '%.0b%BB'
set xlabel 'message size'
set ylabel 'flat time / time at the best g'
set grid
set key outside right top
algs = system(sprintf("awk '{print $1}' %s | uniq", dat))
plot for [a in algs] sprintf("< awk '$1 == \"%s\"' %s", a, dat) using 2:3 with linespoints lw 2 pt 7 ps 0.5 title a
