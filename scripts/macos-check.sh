#!/usr/bin/env bash
# The macOS builds, type-checked and linted here: `cargo clippy` (a check with lints, no
# linking: Apple's SDK and linker are not on Linux) of the engine alone and of the game, for
# aarch64-apple-darwin and x86_64-apple-darwin. Catches every `cfg(target_os = "macos")`
# error and warning of ours and every dependency whose Rust does not build there. What it
# cannot show is listed in the README (Download): linking, signing, `lipo`, the app bundle.
#
# One C dependency stands in the way: blake3 (through bevy_asset) compiles its NEON code with
# the C compiler, and Debian's cannot build for Apple. Its `pure` feature, which its build
# script reads as CARGO_FEATURE_PURE, leaves the C out; it is set for these checks only (the
# release build on a Mac compiles the C as usual).
#
# Usage: scripts/macos-check.sh   (about 15 minutes on two cores the first time)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_FEATURE_PURE=1
for target in aarch64-apple-darwin x86_64-apple-darwin; do
    rustup target list --installed | grep -qx "$target" || rustup target add "$target"
    echo "macos-check: the engine alone, $target"
    cargo clippy --locked --quiet --target "$target" --no-default-features --all-targets \
        -- -D warnings
    echo "macos-check: the game, $target"
    cargo clippy --locked --quiet --target "$target" --all-targets -- -D warnings
done
echo "macos-check: clean"
