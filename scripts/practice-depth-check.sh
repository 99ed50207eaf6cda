#!/usr/bin/env bash
# How deep a search must value a practice position for its range to hold (issue 75: at least
# 9 in 10 keep their range when valued deeper). For each of the Positions tab's ranges (even
# -2..+2, convert the win +6..+12, save the game -12..-6) it prints how many positions one value
# puts in it and how many of those the other value keeps there, then the mean difference.
#
#   scripts/practice-depth-check.sh [DEPTH (14) | sCONFIDENCE] [EMPTIES (24)] [JOBS (2)] [EVERY (1)]
#
# Where the shipped positions at EMPTIES are exact (24 or fewer empties): each is searched full
# width to DEPTH (`reversi-engine search --obf P --depth D`), and the search's value is checked
# against the exact one; at 24 empties depth 16 takes about 5 s a position here, 18 about 19 s,
# 20 about 57 s. Where they are valued by a search ("depth 24", at 32 and 36 empties): those
# whose value lies in a range are valued deeper, to DEPTH with ProbCut 1.5 as the shipped ones
# were (`search --depth D --probcut 1.5`), and the shipped value is checked against the deeper
# one; at 36 empties depth 28 takes 20 to 70 s a position. Where they are valued by a selective
# solve ("selective 2.5", at 32 empties), DEPTH is a higher confidence such as s3.5: those in a
# range are solved again at it (`solve --selective 3.5`), and the shipped value is checked
# against that one. JOBS searches at once; with EVERY (1) only every EVERY-th of those
# positions is valued, a sample for a check that would take too long whole.
#
# ENGINE=path uses that release build of reversi-engine instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-14}
empties=${2:-24}
jobs=${3:-2}
every=${4:-1}
confidence=
case "$depth" in
    s[0-9].[0-9])
        confidence=${depth#s}
        depth=0
        ;;
esac
for v in "$depth" "$empties" "$jobs" "$every"; do
    case "$v" in '' | *[!0-9]*) echo "practice-depth-check: '$v' is not a number (DEPTH may be a confidence like s3.5)" >&2; exit 2 ;; esac
done
if [ "$every" -eq 0 ] || [ "$jobs" -eq 0 ]; then
    echo "practice-depth-check: JOBS and EVERY must be above 0" >&2
    exit 2
fi
if [ -n "${ENGINE:-}" ]; then
    # A release build made elsewhere.
    engine=$ENGINE
else
    cargo build --release --no-default-features --bin reversi-engine >&2
    engine=target/release/reversi-engine
fi
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
in_range='{ v = $2 + 0 } (v >= -2 && v <= 2) || (v >= 6 && v <= 12) || (v <= -6 && v >= -12)'
if [ -n "$confidence" ]; then
    if ! shallow=$(awk -F'\t' '$3 !~ /^selective [0-9.]+$/ { bad = 1 } { d[$3] = 1 } END { n = 0; for (k in d) { n++; v = k } if (bad || n != 1) exit 1; sub(/^selective /, "", v); print v }' "$work/all.tsv"); then
        echo "practice-depth-check: the positions at $empties empties are not all valued by one selective solve" >&2
        exit 1
    fi
    if ! awk -v a="$confidence" -v b="$shallow" 'BEGIN { exit !(a > b) }'; then
        echo "practice-depth-check: the positions at $empties empties are valued at confidence $shallow; the check's must be higher, not $confidence" >&2
        exit 2
    fi
    mode=selective
    awk -F'\t' "$in_range" "$work/all.tsv" > "$work/candidates.tsv"
    probcut=
elif awk -F'\t' '$3 != "exact" { bad = 1 } END { exit bad }' "$work/all.tsv"; then
    mode=exact
    cp "$work/all.tsv" "$work/candidates.tsv"
    probcut=
elif shallow=$(awk -F'\t' '$3 !~ /^depth [0-9]+$/ { bad = 1 } { d[$3] = 1 } END { n = 0; for (k in d) { n++; v = k } if (bad || n != 1) exit 1; sub(/^depth /, "", v); print v }' "$work/all.tsv"); then
    if [ "$depth" -le "$shallow" ]; then
        echo "practice-depth-check: the positions at $empties empties are valued at depth $shallow; DEPTH must be deeper, not $depth" >&2
        exit 2
    fi
    mode=deeper
    # Only the values in a range are valued again.
    awk -F'\t' "$in_range" "$work/all.tsv" > "$work/candidates.tsv"
    probcut=1.5
else
    echo "practice-depth-check: the positions at $empties empties are neither all exact nor all valued at one depth" >&2
    exit 1
fi
# EVERY's sample: the first position, then every EVERY-th after it.
awk -v k="$every" '(NR - 1) % k == 0' "$work/candidates.tsv" > "$work/shipped.tsv"
count=$(wc -l < "$work/shipped.tsv")
if [ "$mode" = exact ]; then
    echo "practice-depth-check: $count exact positions at $empties empties, searched to depth $depth, $jobs at once" >&2
elif [ "$mode" = selective ]; then
    echo "practice-depth-check: $count positions at $empties empties in a range by a selective solve at $shallow, solved again at $confidence, $jobs at once" >&2
else
    echo "practice-depth-check: $count positions at $empties empties in a range at depth $shallow, valued again at depth $depth (ProbCut 1.5), $jobs at once" >&2
fi
cut -f1 "$work/shipped.tsv" | nl -ba -w1 -s"$(printf '\t')" > "$work/numbered.tsv"
# One search a line: "number<TAB>score".
export engine depth probcut confidence work
started=$(date +%s)
export started count
xargs -P "$jobs" -L 1 -d '\n' bash -c '
    n=${0%%	*}; pos=${0#*	}
    if [ -n "$confidence" ]; then
        printf "%s\n" "$pos" > "$work/p$n.obf"
        score=$("$engine" solve "$work/p$n.obf" --threads 1 --selective "$confidence" | awk "/^#1 / { print \$5 }")
    else
        score=$("$engine" search --obf "$pos" --depth "$depth" ${probcut:+--probcut "$probcut"} | awk "/^bestmove/ { print \$4 }")
    fi
    if [ -z "$score" ]; then
        # 255 stops xargs: a failed run must not count as a score of 0.
        echo "practice-depth-check: $engine gave no score for position $n ($pos)" >&2
        exit 255
    fi
    printf "%s\t%s\n" "$n" "$score" >> "$work/done.tsv"
    done=$(wc -l < "$work/done.tsv"); now=$(date +%s); left=$(((now - started) * (count - done) / done))
    printf "practice-depth-check: %d/%d valued again, about %dm%02ds left\n" "$done" "$count" $((left / 60)) $((left % 60)) >&2
' < "$work/numbered.tsv"
sort -n "$work/done.tsv" > "$work/searched.tsv"
# In exact mode the search is judged by the exact value; in the other modes the shipped value
# by the deeper valuation's.
if [ "$mode" = selective ]; then label="selective $confidence"; else label="depth $depth"; fi
paste "$work/shipped.tsv" "$work/searched.tsv" | awk -F'\t' -v d="$label" -v mode="$mode" '
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
                printf "%s, %-4s: %3d called, %3d of them in range exactly (%.0f%%)\n", d, r, calls[r], kept[r], calls[r] ? 100 * kept[r] / calls[r] : 0
            else
                printf "%-4s: %3d shipped values in range, %3d of them in range at %s (%.0f%%)\n", r, calls[r], kept[r], d, calls[r] ? 100 * kept[r] / calls[r] : 0
        }
        if (mode == "exact")
            printf "%s: mean error %.2f discs over %d positions\n", d, err / n, n
        else
            printf "%s: the shipped values %.2f discs from it on average over %d positions\n", d, err / n, n
    }'
