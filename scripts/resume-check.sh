#!/usr/bin/env bash
# Nothing is lost (issue 74): the release game in a real window (Xvfb), a fresh settings
# folder with a 5 min + 3 s clock, two moves played with the keyboard, the game killed with
# `kill -9`, then started again: the same moves must come back (copied with Ctrl+C before
# and after), with game.ron and the games folder in place.
#
# Needs xvfb-run, xdotool, xclip and ImageMagick's import (the screenshots); builds the
# release game first unless --no-build (about 15 minutes on two cores from a clean clone).
#
# Usage: scripts/resume-check.sh [--no-build]
# Output: target/resume-check/ (before.png, after.png, the logs and the settings folder).
# Exits 1 when the moves differ or nothing was kept, saying what it saw.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/target/resume-check
bin=${REVERSI_BIN:-$root/target/release/reversi}

if [ "${1:-}" != "--no-build" ]; then
    cargo build --release --bin reversi
fi
[ -x "$bin" ] || { echo "resume-check: no game at $bin (build it, or drop --no-build)" >&2; exit 1; }
for tool in xvfb-run xdotool xclip import; do
    command -v "$tool" >/dev/null || { echo "resume-check: $tool is missing" >&2; exit 1; }
done

# Under Xvfb already: run the check itself.
if [ -z "${RESUME_CHECK_INNER:-}" ]; then
    RESUME_CHECK_INNER=1 REVERSI_BIN=$bin exec xvfb-run -a -s "-screen 0 1280x900x24" "$0" --no-build
fi

dir=$out/settings
rm -rf "$out"
mkdir -p "$dir"
echo '(time_control: (minutes: 5, increment_s: 3), sound: (on: false))' >"$dir/settings.ron"

start() {
    "$bin" --settings-dir "$dir" >"$out/$1.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 120); do
        grep -q "graphics: drawing with" "$out/$1.log" && break
        sleep 1
    done
    sleep 4
    wid=$(xdotool search --name "^Reversi" | head -1)
    xdotool windowfocus --sync "$wid" || true
    xdotool mousemove 1100 700 click 1 || true
}
copy() {
    xdotool keydown ctrl; sleep 0.2; xdotool key c; sleep 0.2; xdotool keyup ctrl; sleep 0.5
    timeout 5 xclip -o -selection clipboard 2>/dev/null | tr -d ' \r\n' || true
}

echo "resume-check: two moves, then kill -9"
start first
for _ in 1 2; do
    xdotool key Tab; sleep 0.3; xdotool key Return; sleep 4
done
import -window root "$out/before.png"
before=$(copy)
sleep 1
before=$(copy)
kill -9 "$pid"
sleep 1
echo "resume-check: started again"
start second
import -window root "$out/after.png"
after=$(copy)
kill "$pid" || true
sleep 2

echo "resume-check: before: $before"
echo "resume-check: after:  $after"
if grep -h "panicked" "$out"/*.log; then
    echo "resume-check: FAILED: a panic (above)" >&2
    exit 1
fi
if [ -z "$before" ] || [ "$before" != "$after" ]; then
    echo "resume-check: FAILED: the moves did not come back" >&2
    exit 1
fi
if ! find "$dir" -name game.ron | grep -q .; then
    echo "resume-check: FAILED: no game.ron in $dir" >&2
    exit 1
fi
echo "resume-check: passed (screenshots in $out)"
