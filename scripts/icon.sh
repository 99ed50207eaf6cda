#!/usr/bin/env bash
# Draws the game's icon (a corner of a green board, its four starting discs) with ImageMagick
# and writes assets/icon/: PNGs at 16-1024 pixels, reversi.ico (16, 32, 48, 64, 256) for
# Windows and reversi.icns (128-1024, PNG entries) for macOS. The icon is the project's own
# drawing; run this to change it.
set -euo pipefail
cd "$(dirname "$0")/.."
out=assets/icon
mkdir -p "$out"
big=$(mktemp --suffix=.png)
trap 'rm -f "$big"' EXIT
# 1024 x 1024: a rounded board with a wooden rim, grid lines, four discs with a soft shadow.
convert -size 1024x1024 xc:none \
    -fill '#6b4a2b' -draw 'roundrectangle 32,32 991,991 150,150' \
    -fill '#2e7d4f' -draw 'roundrectangle 96,96 927,927 100,100' \
    -stroke '#1f5c39' -strokewidth 14 \
    -draw 'line 304,110 304,913' -draw 'line 512,110 512,913' -draw 'line 720,110 720,913' \
    -draw 'line 110,304 913,304' -draw 'line 110,512 913,512' -draw 'line 110,720 913,720' \
    -stroke none \
    -fill '#00000055' -draw 'circle 420,432 420,352' -draw 'circle 628,640 628,560' \
    -draw 'circle 628,432 628,352' -draw 'circle 420,640 420,560' \
    -fill '#f4f1ea' -draw 'circle 408,408 408,323' -draw 'circle 616,616 616,531' \
    -fill '#1b1b1b' -draw 'circle 616,408 616,323' -draw 'circle 408,616 408,531' \
    -fill '#ffffff40' -draw 'circle 385,380 385,352' -draw 'circle 593,588 593,560' \
    -fill '#ffffff26' -draw 'circle 593,380 593,352' -draw 'circle 385,588 385,560' \
    "$big"
for size in 16 32 48 64 128 256 512 1024; do
    convert "$big" -resize "${size}x${size}" -strip "PNG32:$out/icon-$size.png"
done
convert "$out/icon-16.png" "$out/icon-32.png" "$out/icon-48.png" "$out/icon-64.png" \
    "$out/icon-256.png" "$out/reversi.ico"
# ICNS: "icns", the file's length, then (type, length with its 8-byte header, PNG) entries.
python3 - "$out" <<'PY'
import struct, sys
out = sys.argv[1]
entries = b""
for kind, size in [(b"ic07", 128), (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024)]:
    png = open(f"{out}/icon-{size}.png", "rb").read()
    entries += kind + struct.pack(">I", len(png) + 8) + png
open(f"{out}/reversi.icns", "wb").write(b"icns" + struct.pack(">I", len(entries) + 8) + entries)
PY
ls -l "$out"
