#!/usr/bin/env bash
# Builds the Windows zip (in Git Bash on Windows): reversi.exe (no console window) and
# reversi-engine.exe with the icon files and the crate licences, as
# target/package/reversi-<version>-windows-x86_64.zip with its SHA-256 sum.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
cargo build --release --locked --bin reversi --bin reversi-engine
name="reversi-$version-windows-x86_64"
out=target/package
rm -rf "${out:?}/$name"
mkdir -p "$out/$name"
cp target/release/reversi.exe target/release/reversi-engine.exe "$out/$name/"
cp assets/icon/reversi.ico "$out/$name/"
cp assets/licenses.txt "$out/$name/crates-and-licences.txt"
(cd "$out" && 7z a -tzip -bd "$name.zip" "$name" >/dev/null)
(cd "$out" && sha256sum "$name.zip" > "$name.zip.sha256")
ls -l "$out/$name.zip"
