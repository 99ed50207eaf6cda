#!/usr/bin/env bash
# Builds the Windows zip (in Git Bash on Windows): reversi.exe (no console window) and
# reversi-engine.exe, each with its icon and version resource (build.rs), their builds for
# x86-64-v3 CPUs beside them (reversi-x86-64-v3.exe, reversi-engine-x86-64-v3.exe: the
# portable programs run these in their place on a CPU with AVX2 and BMI2), the icon file and
# the crate licences, as target/package/reversi-<version>-windows-x86_64.zip with its
# SHA-256 sum.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/package-lib.sh
version=$(package_version)
# A release never ships without its icon: build.rs fails rather than warns.
export REVERSI_REQUIRE_WINDOWS_RESOURCE=1
cargo build --release --locked --bin reversi --bin reversi-engine
build_fast
name="reversi-$version-windows-x86_64"
out=target/package
rm -rf "${out:?}/$name"
mkdir -p "$out/$name"
cp target/release/reversi.exe target/release/reversi-engine.exe "$out/$name/"
for bin in reversi reversi-engine; do
    cp "target/x86-64-v3/release/$bin.exe" "$out/$name/$bin-x86-64-v3.exe"
done
cp assets/icon/reversi.ico "$out/$name/"
cp assets/licenses.txt "$out/$name/crates-and-licences.txt"
(cd "$out" && 7z a -tzip -bd "$name.zip" "$name" >/dev/null)
(cd "$out" && sha256sum "$name.zip" > "$name.zip.sha256")
ls -l "$out/$name.zip"
