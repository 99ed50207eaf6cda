#!/usr/bin/env bash
# Two solver builds (or settings) timed against each other on FFO problems, run by run in turn,
# so that a host whose speed drifts by 10% within the hour (as the development machine's does)
# slows both alike (issue 76). Prints each build's nodes and its fastest, median and slowest
# run: on #40-#47, eight rounds separate about 2%.
#
#   scripts/solver-ab.sh A B [ROUNDS (8)] [RANGE (40..47)]
#
# The median of an even number of runs is the lower of the middle two.
#
# A and B are programs run as `A solve tests/data/fforum-40-59.obf --range RANGE`: two builds
# of reversi-engine, or a small script that adds options (`exec BUILD "$@" --table-mib 64`).
# A practice solve running beside it (scripts/solve-practice-positions.sh) is paused for the
# rounds and resumed after them.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
a=$1
b=$2
rounds=${3:-8}
range=${4:-40..47}
case "$rounds" in '' | *[!0-9]* | 0) echo "solver-ab: ROUNDS must be a number above 0, not '$rounds'" >&2; exit 2 ;; esac
case "$range" in *[0-9]..*[0-9]) ;; *) echo "solver-ab: RANGE must be like 40..47, not '$range'" >&2; exit 2 ;; esac
for bin in "$a" "$b"; do
    [ -x "$bin" ] || { echo "solver-ab: '$bin' is not a program" >&2; exit 2; }
done
runs=$(mktemp)
practice='reversi-engine solve target/practice-solve'
resume() { pkill -CONT -f "$practice" 2>/dev/null || true; rm -f "$runs"; }
trap resume EXIT
pkill -STOP -f "$practice" 2>/dev/null && sleep 0.3 || true
for ((i = 1; i <= rounds; i++)); do
    for side in A B; do
        if [ "$side" = A ]; then bin=$a; else bin=$b; fi
        # "total N positions NODES nodes SECONDSs ..."
        line=$("$bin" solve tests/data/fforum-40-59.obf --range "$range" | tail -n 1)
        echo "$side $(echo "$line" | awk '{ sub(/s$/, "", $6); print $4, $6 }')" | tee -a "$runs" >&2
    done
done
for side in A B; do
    awk -v side="$side" '$1 == side { print $3, $2 }' "$runs" | sort -n | awk -v side="$side" '
        { t[NR] = $1; nodes = $2 }
        END { printf "%s: %s nodes; fastest %.3f s, median %.3f s, slowest %.3f s (%d runs)\n",
              side, nodes, t[1], t[int((NR + 1) / 2)], t[NR], NR }'
done
