# shellcheck shell=bash
# Shared by the packaging scripts (sourced, not run).

# The package's version, from Cargo.toml.
package_version() {
    sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1
}

# Both programs built for x86-64-v3 CPUs into target/x86-64-v3/ (extra cargo arguments, such
# as --target, pass through). The portable programs find these by name (src/cpu_build.rs).
build_fast() {
    RUSTFLAGS="-C target-cpu=x86-64-v3" cargo build --release --locked \
        --target-dir target/x86-64-v3 --bin reversi --bin reversi-engine "$@"
}
