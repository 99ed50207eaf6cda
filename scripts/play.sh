#!/usr/bin/env bash
# Sets up and starts the game: on Debian/Ubuntu installs the system packages the build and
# the window need (only those missing, with sudo when not root), then builds in release mode
# and runs. Extra arguments go to the game, e.g. `scripts/play.sh --settings-dir /tmp/r`.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
    echo "play: Rust is not installed; get it from https://rustup.rs (1.95 or newer)" >&2
    exit 1
fi

# Build: pkg-config, the X11 and ALSA headers. Run: the X11/XKB libraries winit opens at
# run time and a Vulkan driver (Mesa's covers Intel, AMD and software rendering).
packages=(pkg-config libx11-dev libasound2-dev libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0 libvulkan1
    mesa-vulkan-drivers)
if command -v apt-get >/dev/null 2>&1 && command -v dpkg >/dev/null 2>&1; then
    missing=()
    for p in "${packages[@]}"; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        echo "play: installing ${missing[*]}"
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            "${missing[@]}" >/dev/null
    fi
fi

exec cargo run --release --bin reversi -- "$@"
