#!/usr/bin/env bash
# Writes data/practice/positions.txt: the practice positions the game ships (Game > Practice
# > Positions), 300 at each of 16, 20, 24, 28, 32 and 36 empties, every value, from the
# self-play corpus (`reversi-engine practice`: exact at 24 empties or fewer, else depth 14
# with ProbCut 1.5; the command's own default is exact to 26 empties). About 35 minutes on two
# cores, 25 of them solving the 24-empty positions. Then, in place and resumable:
# scripts/solve-practice-positions.sh 28 solves the 28-empty ones (about 3.5 hours with two
# jobs on an idle machine), and scripts/solve-practice-positions.sh 32 1 d24 and 36 1 d24
# value the 32- and 36-empty ones by a search to depth 24 with ProbCut 1.5 (about 30 minutes
# each on one core). The game reads the file at build time (src/engine/coach/positions.rs);
# its test checks the counts and each value's precision.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --no-default-features --bin reversi-engine
engine=target/release/reversi-engine
out=data/practice/positions.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for empties in 16 20 24 28 32 36; do
    echo "make-practice-positions: $empties empties" >&2
    exact=20
    if [ "$empties" -le 24 ]; then exact=24; fi
    "$engine" practice --score -64..64 --empties "$empties" --count 300 --seed "$empties" \
        --exact-empties "$exact" --threads 2 --out "$tmp/$empties.obf"
done
mkdir -p data/practice
{
    echo "# Practice positions shipped with the game: 300 at each of 16, 20, 24, 28, 32 and 36"
    echo "# empties, every value, from the self-play corpus. Made by"
    echo "# scripts/make-practice-positions.sh (reversi-engine practice --score -64..64"
    echo "# --empties N --count 300 --seed N): exact at 24 empties or fewer, else searched to"
    echo "# depth 14 with ProbCut 1.5; then scripts/solve-practice-positions.sh solves those at"
    echo "# 28 empties exactly and values those at 32 and 36 to depth 24 (\"depth 24\")."
    echo "# Each position: a comment with its game and value (and how sure it is), then an OBF"
    echo "# line with the best move and the value for the side to move."
    echo
    for empties in 16 20 24 28 32 36; do
        cat "$tmp/$empties.obf"
    done
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "make-practice-positions: $(grep -c ';' "$out") positions in $out" >&2
