#!/usr/bin/env bash
# Solves the shipped practice positions at N empties exactly (or values them selectively, or
# by a search to a depth) and writes their values into
# data/practice/positions.txt (issue 75: every value at 24 and 28 empties the solver's).
#
#   scripts/solve-practice-positions.sh [EMPTIES (28)] [JOBS (2)] [SELECTIVE | dDEPTH]
#
# ENGINE=path uses that release build of reversi-engine instead of building one.
#
# With SELECTIVE (a confidence such as 2.5) the values come from `solve --selective`, not
# exact: ProbCut cuts what it is sure of to that many standard deviations. At 24 empties
# 2.5 gave the exact value for 273 of the 300 shipped positions (22 were 2 discs off, 4 were
# 4 and one 8) in a quarter of the exact solve's nodes, and 10 of 10 at 28 empties in a
# seventh; at 32 empties it takes about 1 G nodes a position (70 s on one idle core). Such a
# value's comment says "selective 2.5". With dDEPTH (such as d24) they come from a search to
# that depth with ProbCut 1.5 (`search --depth 24 --probcut 1.5`, as `practice --depth`
# values them), and the comment says "depth 24": at 36 empties a few seconds a position. An
# exact value is left alone either way.
#
# The file itself is the state: a position whose comment says "exact" is done, and each chunk
# of 5 is written into the file as soon as it is solved, so a run stopped (Ctrl+C, a machine
# switched off, a fresh checkout of a commit made midway) continues where it was when started
# again. JOBS one-thread `reversi-engine solve` runs work side by side; a line after each chunk
# gives the positions exact and the time left. Each solved position's comment and OBF line get
# the solver's best move and value ("exact"); every other line is left as it is. 28 empties:
# 1.1 G nodes a position on average (0 to 4.2 G in the first 19), about 80 s on one core here:
# the 300 take about 3.5 hours with two jobs on an idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
empties=${1:-28}
jobs=${2:-2}
selective=${3:-}
case "$empties" in '' | *[!0-9]*) echo "solve-practice-positions: EMPTIES must be a number, not '$empties'" >&2; exit 2 ;; esac
case "$jobs" in '' | *[!0-9]* | 0) echo "solve-practice-positions: JOBS must be a number above 0, not '$jobs'" >&2; exit 2 ;; esac
how=exact
done_as=exact
solve_flags=()
depth=
if [ -n "$selective" ]; then
    case "$selective" in
        [0-9].[0-9])
            how="selective $selective"
            solve_flags=(--selective "$selective")
            ;;
        d[1-9] | d[1-5][0-9] | d60)
            depth=${selective#d}
            how="depth $depth"
            ;;
        *) echo "solve-practice-positions: the third argument must be a confidence like 2.5 (0.1 to 9.9, one decimal) or a depth like d24 (d1 to d60), not '$selective'" >&2; exit 2 ;;
    esac
    done_as="exact or $how"
fi
file=data/practice/positions.txt
work=target/practice-solve-$empties
# One lock for every run, so that runs at different empties may write the file side by side.
lock=target/practice-solve.lock
rm -rf "$work"
mkdir -p "$work"
if [ -n "${ENGINE:-}" ]; then
    # A release build made elsewhere (a lent machine without cargo, say).
    engine=$ENGINE
else
    cargo build --release --no-default-features --bin reversi-engine >&2
    engine=target/release/reversi-engine
fi

# The positions at N empties not yet exact (nor valued as asked): "ordinal" (their place among
# the positions at N empties) in todo.idx, their board and side in todo.obf. Those whose value
# lies in one of the Positions tab's ranges (even -2..+2, winning +6..+12, losing -12..-6) come
# first, then the others by how far their value is from one, each group in the file's order:
# a run stopped midway has valued first the positions a player is offered.
awk -v n="$empties" -v how="$how" '
    /^# / && !/;/ {
        exact = ($0 ~ /, exact$/ || substr($0, length($0) - length(how) - 1) == ", " how)
        v = $0; sub(/,[^,]*$/, "", v); sub(/.*: /, "", v); v += 0
        far = 99
        split("-2 2 6 12 -12 -6", r, " ")
        for (k = 1; k <= 6; k += 2) {
            d = v < r[k] ? r[k] - v : (v > r[k + 1] ? v - r[k + 1] : 0)
            if (d < far) far = d
        }
        next
    }
    !/^#/ && /;/ {
        b = substr($0, 1, 64)
        if (gsub(/-/, "-", b) == n) { i++; if (!exact) print far "\t" i "\t" substr($0, 1, 66) }
    }' "$file" | sort -s -n -k1,1 > "$work/todo.tsv"
cut -f2 "$work/todo.tsv" > "$work/todo.idx"
cut -f3 "$work/todo.tsv" > "$work/todo.obf"
total=$(awk -v n="$empties" '!/^#/ && /;/ { b = substr($0, 1, 64); if (gsub(/-/, "-", b) == n) c++ } END { print c + 0 }' "$file")
count=$(wc -l < "$work/todo.obf")
if [ "$total" -eq 0 ]; then
    echo "solve-practice-positions: no position at $empties empties in $file" >&2
    exit 1
fi
if [ "$count" -eq 0 ]; then
    echo "solve-practice-positions: all $total positions at $empties empties are $done_as in $file" >&2
    exit 0
fi
echo "solve-practice-positions: $((total - count)) of $total positions at $empties empties $done_as; solving $count" >&2
chunks=$(((count + 4) / 5))
start=$(date +%s)

# Writes the solved positions in SOLVED ("ordinal MOVE SCORE" lines) into the file.
apply() {
    awk -v n="$empties" -v solved="$1" -v how="$how" '
        BEGIN { while ((getline line < solved) > 0) { split(line, f, " "); move[f[1]] = toupper(f[2]); score[f[1]] = f[3] } }
        /^# / && !/;/ { if (comment != "") print comment; comment = $0; next }
        !/^#/ && /;/ {
            b = substr($0, 1, 64)
            if (gsub(/-/, "-", b) == n && (++i in score)) {
                sub(/: [-+]?[0-9]+, .*$/, ": " score[i] ", " how, comment)
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
}

# One job: the chunks k with k % jobs == j.
solve_job() {
    local j=$1 k first last
    for ((k = j; k < chunks; k += jobs)); do
        first=$((k * 5 + 1))
        last=$((first + 4 > count ? count : first + 4))
        if [ -n "$depth" ]; then
            # "bestmove MOVE score SCORE depth ...", one search a position, as "#N E empties MOVE
            # SCORE"; every iteration's line is kept in chunk-K.log (how the value moved with
            # the depth).
            local n
            for ((n = first; n <= last; n++)); do
                "$engine" search --obf "$(sed -n "${n}p" "$work/todo.obf")" --depth "$depth" --probcut 1.5 |
                    awk -v n="$n" -v keep="$work/chunk-$k.log" '
                        { print "#" n, $0 >> keep }
                        /^bestmove / { print "#" n, "-", "empties", $2, $4 }'
            done > "$work/chunk-$k.tmp"
        else
            "$engine" solve "$work/todo.obf" --range "$first..$last" --threads 1 "${solve_flags[@]}" > "$work/chunk-$k.tmp"
        fi
        # "#N E empties MOVE SCORE nodes ...": N is the line in todo.obf, the ordinal its line in todo.idx.
        awk -v idx="$work/todo.idx" '
            BEGIN { while ((getline line < idx) > 0) ord[++m] = line }
            /^#[0-9]+ / { sub(/^#/, "", $1); print ord[$1], $4, $5 }' "$work/chunk-$k.tmp" > "$work/chunk-$k.txt"
        if [ "$(wc -l < "$work/chunk-$k.txt")" -ne $((last - first + 1)) ]; then
            echo "solve-practice-positions: chunk $k ($first..$last) gave $(wc -l < "$work/chunk-$k.txt") values; see $work/chunk-$k.tmp" >&2
            exit 1
        fi
        local solved now left
        {
            flock 9
            apply "$work/chunk-$k.txt"
            solved=$(cat "$work"/chunk-*.txt | wc -l)
        } 9> "$lock"
        now=$(date +%s)
        left=$(((now - start) * (count - solved) / solved))
        printf 'solve-practice-positions: %d/%d positions at %d empties %s, about %dm%02ds left\n' \
            $((total - count + solved)) "$total" "$empties" "$done_as" $((left / 60)) $((left % 60)) >&2
    done
}
pids=()
for ((j = 0; j < jobs; j++)); do
    solve_job "$j" &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
if [ "$status" -ne 0 ]; then
    echo "solve-practice-positions: a job failed; what was solved is in $file, run again to go on" >&2
    exit 1
fi
echo "solve-practice-positions: all $total positions at $empties empties $done_as in $file" >&2
