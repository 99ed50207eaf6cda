#!/usr/bin/env bash
# The Windows programs, built here and run under Wine before a player tries them.
#
# Cross-builds reversi.exe and reversi-engine.exe (x86_64-pc-windows-gnu) and their
# x86-64-v3 builds, laid out as package-windows.sh lays out the zip, and runs them under
# Wine 8 (headless: Xvfb where a window is needed):
#   - the engine: perft 9, FFO #1-#5 solved exactly, a scripted NBoard exchange, --version;
#   - the portable programs hand over to their x86-64-v3 builds (the child's output,
#     arguments and exit code; REVERSI_CPU=portable keeps the portable build);
#   - the game: --paths (the player's files under Wine's profile, %APPDATA%\reversi),
#     --screenshot of a position (wgpu's DX12 loses its device under Wine: the game must
#     pass over to Vulkan by itself), the message when no backend works, and a whole game
#     played in the window with the keyboard (xdotool) against Casual, after which the
#     settings and the learned book are in %APPDATA%\reversi and the transcript copied
#     with Ctrl+C is a legal finished game; killed and started again, the game comes back
#     (the same transcript) and is kept in %APPDATA%\reversi\data\games; no panic in any log.
# Exits non-zero at the first step that fails, saying which and why. Takes about 25
# minutes on two cores from a clean clone (the four release builds), 2 when built.
#
# Test-only: Wine 8 lacks ProcessPrng (bcryptprimitives.dll), which programs built by Rust
# 1.78 and later import; scripts/wine/bcryptprimitives.c, a stand-in built with MinGW, is
# put beside the programs here and never in the package. Wine runs in a virtual desktop:
# without one, winit's monitor code asserts on the display modes Wine reports under Xvfb.
#
# Usage: scripts/windows-smoke.sh [--no-build]   (--no-build: test the programs built last)
# Output: target/windows-smoke/ (logs/, game.png, shot.png, and the Wine prefix).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/target/windows-smoke
target=x86_64-pc-windows-gnu

fail() {
    echo "windows-smoke: FAILED: $*" >&2
    exit 1
}
step() {
    printf 'windows-smoke: %-58s' "$1"
    step_start=$SECONDS
}
passed() {
    echo "ok ($((SECONDS - step_start)) s)${1:+: $1}"
}

# --- Wine and the display (the second half runs inside xvfb-run, below) ---------------------
wine_env() {
    export WINEPREFIX=$work/prefix
    export WINEDEBUG=-all
    # Our stand-in before Wine's own; no Mono or Gecko installer prompts.
    export WINEDLLOVERRIDES="bcryptprimitives=n,b;mscoree,mshtml="
    unset WGPU_BACKEND
}

# The windowed checks, run by xvfb-run in a display of their own.
in_display() {
    wine_env
    cd "$work/app"
    local logs=$work/logs

    step "game: --screenshot (DX12 lost, so Vulkan)"
    rm -f "$work/shot.png"
    timeout 300 wine explorer /desktop=reversi-shot,1280x900 reversi.exe \
        --screenshot "$(winepath -w "$work/shot.png")" --moves f5d6c3d3c4f4 \
        >"$logs/screenshot.log" 2>&1 || true
    [ -s "$work/shot.png" ] || fail "no screenshot; see $logs/screenshot.log"
    local size
    size=$(identify -format '%wx%h' "$work/shot.png")
    [ "$size" = 1180x800 ] || fail "the screenshot is $size, not the window's 1180x800"
    no_panic screenshot
    grep -q "graphics: drawing with .*(Vulkan" "$logs/screenshot.log" ||
        fail "the game did not draw with Vulkan; see $logs/screenshot.log"
    passed "$(grep -o 'graphics: Dx12 gave no device ([^)]*)' "$logs/screenshot.log" | head -1 || true)"

    step "game: a whole game in the window (keyboard)"
    rm -rf "$appdata/reversi"
    wine explorer /desktop=reversi,1280x900 reversi.exe >"$logs/game.log" 2>&1 &
    wait_for_window "$logs/game.log"
    sleep 5
    # The first start's welcome window: Esc closes it (Casual, you play Black).
    xdotool key Escape
    sleep 1
    # Tab puts the board's cursor on the next legal move, Enter plays it; Casual answers.
    # The game is over when the transcript stops growing (Enter then presses the game over
    # window's button) and the finished game has been learned.
    local transcript="" longest="" still=0 moves=0 waited
    while [ "$moves" -lt 90 ]; do
        xdotool key Tab
        sleep 0.3
        xdotool key Return
        sleep 1.5
        transcript=$(copy_transcript)
        if [ "${#transcript}" -gt "${#longest}" ]; then
            longest=$transcript
            still=0
        else
            still=$((still + 1))
        fi
        moves=$((moves + 1))
        if [ "$still" -ge 5 ] || { [ "$still" -ge 1 ] && [ -s "$appdata/reversi/data/book.txt" ]; }; then
            break
        fi
    done
    # The finished game is learned into the player's book in the background.
    waited=0
    until [ -s "$appdata/reversi/data/book.txt" ]; do
        sleep 1
        waited=$((waited + 1))
        [ "$waited" -lt 90 ] || break
    done
    import -window root "$work/game.png"
    wineserver -k || true
    sleep 1
    no_panic game
    echo "$longest" >"$logs/transcript.txt"
    [[ "$longest" =~ ^([a-h][1-8])+$ ]] || fail "the copied transcript is not one: '$longest'"
    local moves_played=$((${#longest} / 2))
    [ "$moves_played" -ge 40 ] || fail "only $moves_played moves were played: $longest"
    [ -s "$appdata/reversi/data/book.txt" ] ||
        fail "the finished game was not learned into $appdata/reversi/data/book.txt"
    local learned
    learned=$(wine reversi-engine.exe book stats "$(winepath -w "$appdata/reversi/data/book.txt")" 2>&1 | tr -d '\r') ||
        fail "the learned book does not read: $learned"
    wine reversi-engine.exe review "$longest" --depth 1 >"$logs/review.log" 2>&1 ||
        fail "the transcript is not a legal game; see $logs/review.log"
    [ -s "$appdata/reversi/config/settings.ron" ] ||
        fail "no settings.ron in $appdata/reversi/config"
    echo "$learned" >"$logs/book-stats.log"
    grep -qx "line-ends 1" <<<"$learned" || fail "the book did not learn one line: $learned"
    passed "$moves_played moves; settings.ron and book.txt in %APPDATA%\\reversi"

    # `wineserver -k` above killed the game as `kill -9` would: started again, it brings the
    # game back from %APPDATA%\reversi\data\game.ron, and the transcript copied is the same.
    step "game: killed, the game comes back"
    wine explorer /desktop=reversi,1280x900 reversi.exe >"$logs/resume.log" 2>&1 &
    wait_for_window "$logs/resume.log"
    sleep 5
    # Esc dismisses the notice that no audio device was found, then closes the finished
    # game's window, which both hold the keyboard.
    xdotool key Escape
    sleep 1
    xdotool key Escape
    sleep 1
    transcript=$(copy_transcript)
    import -window root "$work/resume.png"
    wineserver -k || true
    sleep 1
    no_panic resume
    [ "$transcript" = "$longest" ] ||
        fail "the game did not come back: '$transcript', played '$longest'"
    [ -s "$appdata/reversi/data/game.ron" ] || fail "no game.ron in $appdata/reversi/data"
    local kept
    kept=$(find "$appdata/reversi/data/games" -name '*.ggf' | wc -l)
    [ "$kept" = 1 ] || fail "$kept games in $appdata/reversi/data/games, not 1"
    passed "the same $moves_played moves; game.ron and one game in games\\"
}

# Waits (at most 120 s) until the game's log says its window draws.
wait_for_window() {
    local waited=0
    until grep -q "graphics: drawing with" "$1"; do
        sleep 1
        waited=$((waited + 1))
        [ "$waited" -lt 120 ] || fail "the game's window did not come up; see $1"
    done
}

# Ctrl+C in the game, then the clipboard's text without spaces: the transcript. Wine misses
# a Ctrl that xdotool sends with the key at once, so it is held.
copy_transcript() {
    xdotool keydown ctrl
    sleep 0.2
    xdotool key c
    sleep 0.2
    xdotool keyup ctrl
    sleep 0.5
    timeout 5 xclip -o -selection clipboard 2>/dev/null | tr -d " \r\n" || true
}

no_panic() {
    if grep -q "panicked" "$work/logs/$1.log"; then
        fail "a panic in $work/logs/$1.log: $(grep -m1 -A1 panicked "$work/logs/$1.log")"
    fi
}

if [ "${1:-}" = --in-display ]; then
    appdata=$2
    in_display
    exit 0
fi

# --- Tools and builds ------------------------------------------------------------------------
packages=(gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 wine wine64 xvfb xauth
    mesa-vulkan-drivers xdotool xclip imagemagick)
sudo=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
fi
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "windows-smoke: installing ${missing[*]}"
    "${sudo[@]}" apt-get update -qq >/dev/null
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
rustup target list --installed | grep -qx "$target" || rustup target add "$target"

if [ "${1:-}" != --no-build ]; then
    . scripts/package-lib.sh
    echo "windows-smoke: building the portable programs and their x86-64-v3 builds"
    cargo build --release --locked --target "$target" --bin reversi --bin reversi-engine
    build_fast --target "$target"
fi

rm -rf "$work"
mkdir -p "$work/app" "$work/logs"
for bin in reversi reversi-engine; do
    cp "target/$target/release/$bin.exe" "$work/app/" ||
        fail "no $bin.exe: build first (without --no-build)"
    cp "target/x86-64-v3/$target/release/$bin.exe" "$work/app/$bin-x86-64-v3.exe" ||
        fail "no x86-64-v3 $bin.exe: build first (without --no-build)"
done
x86_64-w64-mingw32-gcc -shared -O2 -o "$work/app/bcryptprimitives.dll" \
    scripts/wine/bcryptprimitives.c -ladvapi32

wine_env
step "wine: a new prefix"
wine wineboot --init >"$work/logs/wineboot.log" 2>&1
wineserver -w
appdata=$WINEPREFIX/drive_c/users/$(id -un)/AppData/Roaming
[ -d "$appdata" ] || appdata=$(echo "$WINEPREFIX"/drive_c/users/*/AppData/Roaming)
passed "$(wine --version)"
trap 'wineserver -k >/dev/null 2>&1 || true' EXIT

cd "$work/app"
engine=reversi-engine.exe
fast=reversi-engine-x86-64-v3.exe

step "engine: perft 9"
out=$(wine "$engine" perft 9)
[ "$(echo "$out" | awk '$1 == 9 { print $2 }')" = 3005288 ] ||
    fail "perft 9 is not 3005288: $out"
passed "3005288 leaves"

step "engine: solve FFO #1-#5"
out=$(wine "$engine" solve "$(winepath -w "$root/tests/data/fforum-1-19.obf")" --range 1..5) ||
    fail "solve failed: $out"
scores=$(echo "$out" | awk '/^#/ { printf "%s %s ", $1, $5 }')
[ "$scores" = "#1 +18 #2 +10 #3 +2 #4 +0 #5 +32 " ] || fail "wrong scores: $out"
passed "$scores"

step "engine: an NBoard exchange"
# `cargo test` (tests/integration/windows_smoke.rs) checks this exchange against the native
# build, so that it follows the engine: the lines sent (the printf below, with the position),
# the first two replies, and the move's line (the `status` and `nodestats` lines between them
# are not checked).
nboard_game='(;GM[Othello]PC[smoke]PB[b]PW[w]TY[8]BO[8 --*****--OOO**-O-OOO**O*-O*O*O**O***O***--*O*O**-***OOO--OOOOO-- *];)'
nboard_first='set myname Reversi'
nboard_second='pong 1'
nboard_move='=== G8/18.00/'
out=$(printf 'nboard 2\nset depth 20\nset game %s\nping 1\ngo\n' "$nboard_game" | wine "$engine" nboard | tr -d '\r')
if ! { [ "$(echo "$out" | sed -n 1p)" = "$nboard_first" ] &&
    [ "$(echo "$out" | sed -n 2p)" = "$nboard_second" ] &&
    [[ "$(echo "$out" | grep '^===' | tail -n 1)" == "$nboard_move"* ]]; }; then
    fail "unexpected NBoard replies: $out"
fi
passed "G8 +18"

# The hand-over to the x86-64-v3 build, where this CPU can run it.
if grep -qw avx2 /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; then
    runs=x86-64-v3
else
    runs=x86-64
fi
step "engine: --version, and the hand-over"
[ "$(wine "$fast" --version)" = "reversi-engine 0.1.0 (x86-64-v3)" ] ||
    fail "the fast build says: $(wine "$fast" --version)"
[ "$(REVERSI_CPU=portable wine "$engine" --version)" = "reversi-engine 0.1.0 (x86-64)" ] ||
    fail "REVERSI_CPU=portable: $(REVERSI_CPU=portable wine "$engine" --version)"
[ "$(wine "$engine" --version)" = "reversi-engine 0.1.0 ($runs)" ] ||
    fail "the portable build should run $runs here: $(wine "$engine" --version)"
passed "this CPU runs $runs"

step "engine: the child's arguments and exit code"
# An argument with a space comes back in the error, and clap's exit code is 2.
for how in handed-over fast portable; do
    case $how in
    handed-over) cmd=(wine "$engine") ;;
    fast) cmd=(wine "$fast") ;;
    portable) cmd=(env REVERSI_CPU=portable wine "$engine") ;;
    esac
    set +e
    err=$("${cmd[@]}" search --depth "1 2" 2>&1 >/dev/null)
    code=$?
    set -e
    [ "$code" = 2 ] || fail "$how: exit code $code, not 2"
    [[ "$err" == *"invalid value '1 2' for '--depth <DEPTH>'"* ]] ||
        fail "$how: the argument did not arrive whole: $err"
done
passed "exit code 2, '1 2' whole"

step "game: --version and --paths"
[ "$(wine reversi.exe --version)" = "reversi 0.1.0 ($runs)" ] ||
    fail "reversi.exe --version: $(wine reversi.exe --version)"
user=$(basename "$(dirname "$(dirname "$appdata")")")
user_dir="C:\\users\\$user\\AppData\\Roaming\\reversi"
# Each line of `--paths`: its name, the folder under %APPDATA%\reversi, the file. `cargo
# test` (src/app/files/paths.rs) checks this list against the game's own.
paths_lines=(
    "settings config settings.ron"
    "book data book.txt"
    "designer data designer"
    "practice data practice.ron"
    "strength data strength.ron"
    "game data game.ron"
    "games data games"
)
expected=$(for line in "${paths_lines[@]}"; do
    read -r name folder file <<<"$line"
    printf '%-9s%s\\%s\\%s\n' "$name" "$user_dir" "$folder" "$file"
done)
out=$(wine reversi.exe --paths | tr -d '\r')
[ "$out" = "$expected" ] || fail "--paths: $out (expected $expected)"
passed "$user_dir"

step "game: no graphics backend works (WGPU_BACKEND=dx12)"
set +e
out=$(WGPU_BACKEND=dx12 wine reversi.exe --screenshot "$(winepath -w "$work/none.png")" 2>&1)
code=$?
set -e
[ "$code" = 1 ] || fail "exit code $code, not 1: $out"
[[ "$out" == *"No graphics driver on this computer gave the game a device"* ]] ||
    fail "no message for the player: $out"
[[ "$out" != *panicked* ]] || fail "a panic: $out"
passed "exit code 1 and the message"

xvfb-run -a -s "-screen 0 1280x900x24" "$root/scripts/windows-smoke.sh" --in-display "$appdata"
echo "windows-smoke: all passed ($SECONDS s); the game's window: $work/game.png"
