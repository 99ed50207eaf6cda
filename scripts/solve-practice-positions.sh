#!/usr/bin/env bash
# Solves the shipped practice positions at N empties exactly and writes their values into
# data/practice/positions.txt (issue 75: every value at 24 and 28 empties the solver's).
#
#   scripts/solve-practice-positions.sh [EMPTIES (28)] [JOBS (2)]
#
# The positions are solved in chunks of 5 by JOBS one-thread `reversi-engine solve` runs side
# by side; each finished chunk is kept in target/practice-solve-N/, so a run stopped (Ctrl+C,
# a machine switched off) continues where it was when started again. A line after each chunk
# gives the chunks done and the time left. When every chunk is solved, each position's comment
# and OBF line at N empties are rewritten with the solver's best move and value ("exact"); the
# other positions are left as they are. 28 empties: 1.1 G nodes a position on average (0 to
# 4.2 G in the first 19), about 80 s on one core here: the 300 take about 3.5 hours with two
# jobs on an idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
empties=${1:-28}
jobs=${2:-2}
case "$empties" in '' | *[!0-9]*) echo "solve-practice-positions: EMPTIES must be a number, not '$empties'" >&2; exit 2 ;; esac
case "$jobs" in '' | *[!0-9]* | 0) echo "solve-practice-positions: JOBS must be a number above 0, not '$jobs'" >&2; exit 2 ;; esac
file=data/practice/positions.txt
work=target/practice-solve-$empties
mkdir -p "$work"
cargo build --release --no-default-features --bin reversi-engine >&2
engine=target/release/reversi-engine

# The positions at N empties, in the file's order: their board and side only.
awk -v n="$empties" '!/^#/ && /;/ { b = substr($0, 1, 64); if (gsub(/-/, "-", b) == n) print substr($0, 1, 66) }' \
    "$file" > "$work/all.obf"
count=$(wc -l < "$work/all.obf")
if [ "$count" -eq 0 ]; then
    echo "solve-practice-positions: no position at $empties empties in $file" >&2
    exit 1
fi
chunks=$(((count + 4) / 5))
start=$(date +%s)
done_before=$(find "$work" -name 'chunk-*.txt' | wc -l)

# One job: the chunks k with k % jobs == j not yet solved.
solve_job() {
    local j=$1 k first last
    for ((k = j; k < chunks; k += jobs)); do
        [ -f "$work/chunk-$k.txt" ] && continue
        first=$((k * 5 + 1))
        last=$((first + 4 > count ? count : first + 4))
        "$engine" solve "$work/all.obf" --range "$first..$last" --threads 1 > "$work/chunk-$k.tmp"
        mv "$work/chunk-$k.tmp" "$work/chunk-$k.txt"
        local solved now left
        solved=$(find "$work" -name 'chunk-*.txt' | wc -l)
        now=$(date +%s)
        left=$(((now - start) * (chunks - solved) / (solved - done_before > 0 ? solved - done_before : 1)))
        printf 'solve-practice-positions: %d/%d chunks of 5 solved, about %dm%02ds left\n' \
            "$solved" "$chunks" $((left / 60)) $((left % 60)) >&2
    done
}
pids=()
for ((j = 0; j < jobs; j++)); do
    solve_job "$j" &
    pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done

# Every position solved: "#N E empties MOVE SCORE nodes ..." lines, by number.
cat "$work"/chunk-*.txt | awk '/^#[0-9]+ / { sub(/^#/, "", $1); print $1, $4, $5 }' | sort -n > "$work/solved.txt"
if [ "$(wc -l < "$work/solved.txt")" -ne "$count" ]; then
    echo "solve-practice-positions: $(wc -l < "$work/solved.txt") of $count solved; run again" >&2
    exit 1
fi
# The file again, the positions at N empties with the solver's values.
awk -v n="$empties" -v solved="$work/solved.txt" '
    BEGIN { while ((getline line < solved) > 0) { split(line, f, " "); move[f[1]] = toupper(f[2]); score[f[1]] = f[3] } }
    /^# / && !/;/ { if (comment != "") print comment; comment = $0; next }
    !/^#/ && /;/ {
        b = substr($0, 1, 64)
        if (gsub(/-/, "-", b) == n) {
            i++
            sub(/: [-+]?[0-9]+, .*$/, ": " score[i] ", exact", comment)
            print comment
            print substr($0, 1, 66) "; " move[i] ":" score[i] ";"
        } else {
            print comment
            print
        }
        comment = ""
        next
    }
    { if (comment != "") { print comment; comment = "" } print }
' "$file" > "$file.tmp"
mv "$file.tmp" "$file"
echo "solve-practice-positions: $count positions at $empties empties exact in $file" >&2
