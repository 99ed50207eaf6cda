#!/usr/bin/env bash
# How deep a search must value a practice position for its range to hold (issue 75: at least
# 9 in 10 keep their range when valued deeper). For each of the Positions tab's ranges (even
# -2..+2, convert the win +6..+12, save the game -12..-6) it prints how many positions one value
# puts in it and how many of those the other value keeps there, then the mean difference.
#
#   scripts/practice-depth-check.sh [DEPTH (14)] [EMPTIES (24)] [JOBS (2)]
#
# Where the shipped positions at EMPTIES are exact (24 or fewer empties): each is searched full
# width to DEPTH (`reversi-engine search --obf P --depth D`), and the search's value is checked
# against the exact one; at 24 empties depth 16 takes about 5 s a position here, 18 about 19 s,
# 20 about 57 s. Where they are valued by a search ("depth 24", at 32 and 36 empties): those
# whose value lies in a range are valued deeper, to DEPTH with ProbCut 1.5 as the shipped ones
# were (`search --depth D --probcut 1.5`), and the shipped value is checked against the deeper
# one; at 36 empties depth 28 takes 20 to 70 s a position. JOBS searches at once.
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-14}
empties=${2:-24}
jobs=${3:-2}
for v in "$depth" "$empties" "$jobs"; do
    case "$v" in '' | *[!0-9]*) echo "practice-depth-check: '$v' is not a number" >&2; exit 2 ;; esac
done
cargo build --release --no-default-features --bin reversi-engine >&2
engine=target/release/reversi-engine
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Each position at EMPTIES: "board side<TAB>value<TAB>precision" (`exact` or `depth D`).
awk -v n="$empties" '
    /^# / && !/;/ { comment = $0; next }
    !/^#/ && /;/ {
        b = substr($0, 1, 64)
        if (gsub(/-/, "-", b) == n) {
            v = comment; sub(/^.*: /, "", v); how = v; sub(/, .*$/, "", v); sub(/^[^,]*, /, "", how)
            print substr($0, 1, 66) "\t" v "\t" how
        }
    }' data/practice/positions.txt > "$work/all.tsv"
if [ ! -s "$work/all.tsv" ]; then
    echo "practice-depth-check: no position at $empties empties" >&2
    exit 1
fi
if awk -F'\t' '$3 != "exact" { bad = 1 } END { exit bad }' "$work/all.tsv"; then
    mode=exact
    cp "$work/all.tsv" "$work/shipped.tsv"
    probcut=
elif shallow=$(awk -F'\t' '$3 !~ /^depth [0-9]+$/ { bad = 1 } { d[$3] = 1 } END { n = 0; for (k in d) { n++; v = k } if (bad || n != 1) exit 1; sub(/^depth /, "", v); print v }' "$work/all.tsv"); then
    if [ "$depth" -le "$shallow" ]; then
        echo "practice-depth-check: the positions at $empties empties are valued at depth $shallow; DEPTH must be deeper, not $depth" >&2
        exit 2
    fi
    mode=deeper
    # Only the values in a range are valued again.
    awk -F'\t' '{ v = $2 + 0 } (v >= -2 && v <= 2) || (v >= 6 && v <= 12) || (v <= -6 && v >= -12)' "$work/all.tsv" > "$work/shipped.tsv"
    probcut=1.5
else
    echo "practice-depth-check: the positions at $empties empties are neither all exact nor all valued at one depth" >&2
    exit 1
fi
count=$(wc -l < "$work/shipped.tsv")
if [ "$mode" = exact ]; then
    echo "practice-depth-check: $count exact positions at $empties empties, searched to depth $depth, $jobs at once" >&2
else
    echo "practice-depth-check: $count positions at $empties empties in a range at depth $shallow, valued again at depth $depth (ProbCut 1.5), $jobs at once" >&2
fi
cut -f1 "$work/shipped.tsv" | nl -ba -w1 -s"$(printf '\t')" > "$work/numbered.tsv"
# One search a line: "number<TAB>score".
export engine depth probcut
xargs -P "$jobs" -L 1 -d '\n' bash -c '
    n=${0%%	*}; pos=${0#*	}
    score=$("$engine" search --obf "$pos" --depth "$depth" ${probcut:+--probcut "$probcut"} | awk "/^bestmove/ { print \$4 }")
    printf "%s\t%s\n" "$n" "$score"
' < "$work/numbered.tsv" | sort -n > "$work/searched.tsv"
# In exact mode the search is judged by the exact value; in deeper mode the shipped value by
# the deeper search's.
paste "$work/shipped.tsv" "$work/searched.tsv" | awk -F'\t' -v d="$depth" -v mode="$mode" '
    function range(v) { return v >= -2 && v <= 2 ? "even" : v >= 6 && v <= 12 ? "win" : v <= -6 && v >= -12 ? "lose" : "" }
    {
        if (mode == "exact") { truth = $2 + 0; called = $5 + 0 } else { truth = $5 + 0; called = $2 + 0 }
        err += (truth > called ? truth - called : called - truth); n++
        r = range(called)
        if (r != "") { calls[r]++; if (range(truth) == r) kept[r]++ }
    }
    END {
        split("even win lose", names, " ")
        for (i = 1; i <= 3; i++) {
            r = names[i]
            if (mode == "exact")
                printf "depth %d, %-4s: %3d called, %3d of them in range exactly (%.0f%%)\n", d, r, calls[r], kept[r], calls[r] ? 100 * kept[r] / calls[r] : 0
            else
                printf "%-4s: %3d shipped values in range, %3d of them in range at depth %d (%.0f%%)\n", r, calls[r], kept[r], d, calls[r] ? 100 * kept[r] / calls[r] : 0
        }
        if (mode == "exact")
            printf "depth %d: mean error %.2f discs over %d positions\n", d, err / n, n
        else
            printf "depth %d: the shipped values %.2f discs from it on average over %d positions\n", d, err / n, n
    }'
