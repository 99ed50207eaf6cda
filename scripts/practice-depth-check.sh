#!/usr/bin/env bash
# How deep a search must value a practice position for its range to hold (issue 75: at least
# 9 in 10 keep their range when valued deeper). Searches the shipped positions at EMPTIES,
# whose values must be exact (24 or fewer empties), to DEPTH, and prints for each of the
# Positions tab's ranges (even -2..+2, convert the win +6..+12, save the game -12..-6) how many
# the search put in it and how many of those are in it exactly, then the mean error.
#
#   scripts/practice-depth-check.sh [DEPTH (14)] [EMPTIES (24)] [JOBS (2)]
#
# Full-width searches (`reversi-engine search --obf P --depth D`), JOBS at once; at 24 empties
# depth 16 takes about 5 s a position here, 18 about 19 s, 20 about 57 s.
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
# Each exact position at EMPTIES: "board side<TAB>exact value".
awk -v n="$empties" '
    /^# / && !/;/ { comment = $0; next }
    !/^#/ && /;/ {
        b = substr($0, 1, 64)
        if (gsub(/-/, "-", b) == n && comment ~ /, exact$/) {
            v = comment; sub(/^.*: /, "", v); sub(/, exact$/, "", v)
            print substr($0, 1, 66) "\t" v
        }
    }' data/practice/positions.txt > "$work/exact.tsv"
count=$(wc -l < "$work/exact.tsv")
if [ "$count" -eq 0 ]; then
    echo "practice-depth-check: no exact position at $empties empties" >&2
    exit 1
fi
echo "practice-depth-check: $count positions at $empties empties, depth $depth, $jobs at once" >&2
cut -f1 "$work/exact.tsv" | nl -ba -w1 -s"$(printf '\t')" > "$work/numbered.tsv"
# One search a line: "number<TAB>score".
export engine depth
xargs -P "$jobs" -L 1 -d '\n' bash -c '
    n=${0%%	*}; pos=${0#*	}
    score=$("$engine" search --obf "$pos" --depth "$depth" | awk "/^bestmove/ { print \$4 }")
    printf "%s\t%s\n" "$n" "$score"
' < "$work/numbered.tsv" | sort -n > "$work/searched.tsv"
paste "$work/exact.tsv" "$work/searched.tsv" | awk -F'\t' -v d="$depth" '
    function range(v) { return v >= -2 && v <= 2 ? "even" : v >= 6 && v <= 12 ? "win" : v <= -6 && v >= -12 ? "lose" : "" }
    {
        exact = $2 + 0; searched = $4 + 0
        err += (exact > searched ? exact - searched : searched - exact); n++
        r = range(searched)
        if (r != "") { called[r]++; if (range(exact) == r) kept[r]++ }
    }
    END {
        split("even win lose", names, " ")
        for (i = 1; i <= 3; i++) {
            r = names[i]
            printf "depth %d, %-4s: %3d called, %3d of them in range exactly (%.0f%%)\n", d, r, called[r], kept[r], called[r] ? 100 * kept[r] / called[r] : 0
        }
        printf "depth %d: mean error %.2f discs over %d positions\n", d, err / n, n
    }'
