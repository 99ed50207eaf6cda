#!/bin/sh
# Fills corpus/<target>/ with seed inputs: the committed seeds/ plus lines of tests/data
# and the files of config/. Run from anywhere; existing corpus files are kept.
set -eu
cd "$(dirname "$0")"
root=..
for t in transcript obf ggf search_ron levels eval_ron pattern_ron nboard book; do
    mkdir -p "corpus/$t"
    if [ -d "seeds/$t" ]; then cp seeds/"$t"/* "corpus/$t/"; fi
done
# One file per line (comments skipped).
lines() { # <file> <target> <prefix>
    n=0
    grep -v '^#' "$1" | while IFS= read -r line; do
        n=$((n + 1))
        printf '%s' "$line" > "corpus/$2/$3-$n"
    done
}
lines "$root/tests/data/openings-8ply.txt" transcript opening
for f in "$root"/tests/data/*.obf; do
    lines "$f" obf "$(basename "$f" .obf)"
done
cp "$root/config/search.ron" corpus/search_ron/
cp "$root/config/levels.ron" corpus/levels/
cp "$root/config/eval.ron" corpus/eval_ron/
echo "corpus/: $(for t in corpus/*; do printf '%s %s  ' "${t#corpus/}" "$(ls "$t" | wc -l)"; done)"
