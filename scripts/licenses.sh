#!/usr/bin/env bash
# Writes assets/licenses.txt: every crate the game and the engine may be built from (the
# packages of Cargo.lock, all platforms and features), with its version, licence and home, as
# `cargo metadata` reports them. The About window shows the file; a test checks that it names
# exactly the packages of Cargo.lock, so run this after changing the dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
{
    echo "# The crates Reversi is built from, with their licences (scripts/licenses.sh)."
    echo "# name version: licence; home"
    cargo metadata --format-version 1 --locked --all-features |
        jq -r '.packages[] | select(.name != "reversi")
            | "\(.name) \(.version): \(.license // "see its home"); \(.repository // .homepage // "crates.io")"' |
        LC_ALL=C sort
} > assets/licenses.txt.tmp
mv assets/licenses.txt.tmp assets/licenses.txt
echo "assets/licenses.txt: $(grep -vc '^#' assets/licenses.txt) crates"
