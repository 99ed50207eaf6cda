#!/usr/bin/env bash
# Builds the macOS app on a Mac: a universal (Apple silicon + Intel) Reversi.app with its
# icon and Info.plist, zipped as target/package/Reversi-<version>-macos.zip, and a universal
# reversi-engine beside it in reversi-engine-<version>-macos.zip, each with its SHA-256 sum.
# Intel Macs with AVX2 and BMI2 (2013 and later) run the x86-64-v3 builds that lie beside
# the universal programs (reversi-x86-64-v3, reversi-engine-x86-64-v3; src/cpu_build.rs);
# Apple silicon runs its native build.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/package-lib.sh
version=$(package_version)
targets=(aarch64-apple-darwin x86_64-apple-darwin)
for t in "${targets[@]}"; do
    rustup target add "$t"
    cargo build --release --locked --target "$t" --bin reversi --bin reversi-engine
done
build_fast --target x86_64-apple-darwin
fast=target/x86-64-v3/x86_64-apple-darwin/release
out=target/package
app="$out/Reversi.app"
rm -rf "$app"
mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
for bin in reversi reversi-engine; do
    lipo -create -output "$out/$bin" \
        "target/${targets[0]}/release/$bin" "target/${targets[1]}/release/$bin"
done
cp "$out/reversi" "$app/Contents/MacOS/reversi"
cp "$fast/reversi" "$app/Contents/MacOS/reversi-x86-64-v3"
cp "$fast/reversi-engine" "$out/reversi-engine-x86-64-v3"
cp assets/icon/reversi.icns "$app/Contents/Resources/reversi.icns"
cp assets/licenses.txt "$app/Contents/Resources/crates-and-licences.txt"
sed "s/@VERSION@/$version/g" packaging/macos/Info.plist > "$app/Contents/Info.plist"
(cd "$out" && ditto -c -k --keepParent Reversi.app "Reversi-$version-macos.zip")
(cd "$out" && zip -q "reversi-engine-$version-macos.zip" reversi-engine reversi-engine-x86-64-v3)
(cd "$out" && shasum -a 256 "Reversi-$version-macos.zip" "reversi-engine-$version-macos.zip" \
    > "macos-$version.sha256")
ls -l "$out"/*.zip
