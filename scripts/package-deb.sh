#!/usr/bin/env bash
# Builds the Linux packages: target/package/reversi_<version>_<arch>.deb with the game and
# reversi-engine, a desktop entry and the icon at the usual sizes, and
# reversi-<version>-linux-<arch>.tar.gz with the same files for any distribution, each with
# its SHA-256 sum.
# On amd64 each program comes twice: the portable build in /usr/bin and one for x86-64-v3
# CPUs (AVX2, BMI2; Haswell and later) in /usr/lib/reversi/, which the portable one runs in
# its place on a CPU that has them (src/cpu_build.rs).
# Needs only dpkg-deb (Debian and Ubuntu have it). `--no-build` packages the release
# binaries already in target/release and target/x86-64-v3/release.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/package-lib.sh
arch=$(dpkg --print-architecture)
if [ "${1:-}" != "--no-build" ]; then
    cargo build --release --locked --bin reversi --bin reversi-engine
    if [ "$arch" = amd64 ]; then
        build_fast
    fi
fi
version=$(package_version)
root=target/package/deb
rm -rf "$root"
mkdir -p "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/applications" \
    "$root/usr/share/doc/reversi"
install -m 755 target/release/reversi target/release/reversi-engine "$root/usr/bin/"
if [ "$arch" = amd64 ]; then
    mkdir -p "$root/usr/lib/reversi"
    for bin in reversi reversi-engine; do
        fast="target/x86-64-v3/release/$bin"
        if [ ! -x "$fast" ]; then
            echo "$fast is missing: build it with build_fast (scripts/package-lib.sh), or run without --no-build" >&2
            exit 1
        fi
        install -m 755 "$fast" "$root/usr/lib/reversi/$bin-x86-64-v3"
    done
fi
find "$root/usr" -type f -perm -u+x -exec strip {} + 2>/dev/null || true
for size in 16 32 48 64 128 256 512; do
    dir="$root/usr/share/icons/hicolor/${size}x${size}/apps"
    mkdir -p "$dir"
    install -m 644 "assets/icon/icon-$size.png" "$dir/reversi.png"
done
install -m 644 packaging/linux/reversi.desktop "$root/usr/share/applications/"
install -m 644 assets/licenses.txt "$root/usr/share/doc/reversi/crates-and-licences.txt"
{
    echo "Upstream-Name: reversi"
    echo "License: MIT OR Apache-2.0"
} > "$root/usr/share/doc/reversi/copyright"
size_kib=$(du -sk "$root/usr" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: reversi
Version: $version
Architecture: $arch
Maintainer: The Reversi developers <reversi@localhost>
Installed-Size: $size_kib
Depends: libc6, libgcc-s1, libasound2 | libasound2t64, libx11-6, libxcursor1, libxrandr2, libxi6, libxkbcommon-x11-0, libvulkan1, mesa-vulkan-drivers | vulkan-icd
Recommends: zenity | xdg-desktop-portal
Section: games
Priority: optional
Description: Reversi/Othello game with a strong engine
 Play Reversi against an engine that solves endgames exactly, study your games
 with a review and an evaluation graph, and tune the engine's tables as a
 designer. Includes reversi-engine, the command-line engine (NBoard protocol).
CONTROL
out="target/package/reversi_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$root" "$out" >/dev/null
(cd target/package && sha256sum "$(basename "$out")" > "$(basename "$out").sha256")
echo "$out: $(du -h "$out" | cut -f1) ($(cut -c1-16 "$out.sha256")...)"
# The same files in a tarball: bin/, lib/reversi/ (the x86-64-v3 builds), share/ (desktop
# entry, icons, licences).
tar_dir="reversi-$version-linux-$arch"
rm -rf "target/package/$tar_dir"
mkdir -p "target/package/$tar_dir"
cp -r "$root/usr/"* "target/package/$tar_dir/"
tarball="target/package/$tar_dir.tar.gz"
tar -C target/package -czf "$tarball" "$tar_dir"
(cd target/package && sha256sum "$tar_dir.tar.gz" > "$tar_dir.tar.gz.sha256")
echo "$tarball: $(du -h "$tarball" | cut -f1)"
