#!/usr/bin/env bash
# Where a match's games were lost after the solve could decide them (issue 72): every game of
# a `reversi-engine match` log (its `game` lines) reviewed with the exact solver from EMPTIES
# empties (default 20), two games at once, then for side A:
#
#   - the points it held by the exact score of the first position with EMPTIES empties or
#     fewer, and the points it ended with (a win 1, a draw 1/2);
#   - for each side, the games in which it lost discs from there on and how many.
#
# Against an opponent that solves perfectly from there, A's points at EMPTIES less its final
# points are what A's own endgame cost.
#
#   scripts/match-endgame.sh LOG [EMPTIES (20)] [ENGINE (target/release/reversi-engine)]
#
# The reviews go to target/match-endgame/<log's name>/ (a run that was stopped goes on where
# it stopped). Each takes a fraction of a second to a few seconds at 20 empties.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
log=$1
empties=${2:-20}
engine=${3:-target/release/reversi-engine}
case "$empties" in '' | *[!0-9]*) echo "match-endgame: EMPTIES must be a number, not '$empties'" >&2; exit 2 ;; esac
[ -r "$log" ] || { echo "match-endgame: cannot read the log '$log'" >&2; exit 2; }
[ -x "$engine" ] || { echo "match-endgame: '$engine' is not a program (build it: cargo build --release --no-default-features --bin reversi-engine)" >&2; exit 2; }
dir=target/match-endgame/$(basename "$log")-$empties
mkdir -p "$dir"
# "game N a-black|a-white RESULT MOVES ...": A's colour and the transcript.
games=$(grep -c '^game ' "$log" || true)
[ "$games" -gt 0 ] || { echo "match-endgame: no 'game' lines in $log" >&2; exit 2; }
echo "match-endgame: $games games of $log, exact from $empties empties ($dir)" >&2
review() {
    while read -r _ n side result moves _; do
        [ -s "$dir/$n.txt" ] && continue
        "$engine" review "$moves" --depth 2 --exact-empties "$empties" > "$dir/$n.tmp"
        mv "$dir/$n.tmp" "$dir/$n.txt"
        echo "$n $side $result" > "$dir/$n.side"
    done
}
grep '^game ' "$log" | awk 'NR % 2 == 1' | review &
grep '^game ' "$log" | awk 'NR % 2 == 0' | review &
wait
for side_file in "$dir"/*.side; do
    read -r n side result < "$side_file"
    a=Black
    [ "$side" = a-white ] && a=White
    # Review lines: "<ply> <move> <Black|White> loss <discs> best <move> <score> [exact]".
    awk -v a="$a" -v n="$n" -v result="$result" '
        $NF == "exact" {
            mine = ($3 == a)
            if (!seen) { seen = 1; held = mine ? $8 + 0 : -($8 + 0) }
            if ($5 > 0) { if (mine) { la += $5; ga = 1 } else { lb += $5; gb = 1 } }
        }
        END { printf "%s %d %d %d %d %d %d %d\n", n, seen, held, la, ga, lb, gb, result }
    ' "$dir/$n.txt"
done | awk '
    function points(d) { return d > 0 ? 1 : (d == 0 ? 0.5 : 0) }
    {
        if (!$2) next
        n++; held += points($3)
        # A ends with the score held, less its own losses, plus those of B: the result in
        # the log, unless the review and the match disagree.
        end += points($3 - $4 + $6)
        if ($3 - $4 + $6 != $8) { odd++; printf "game %s: the review ends at %+d, the log at %+d\n", $1, $3 - $4 + $6, $8 }
        la += $4; ga += $5; lb += $6; gb += $7
    }
    END {
        printf "games %d: A held %.1f points by the exact scores, ended with %.1f\n", n, held, end
        printf "A lost %d discs in %d games, B %d discs in %d games\n", la, ga, lb, gb
        if (odd) { printf "%d games disagree with the log\n", odd; exit 1 }
    }'
