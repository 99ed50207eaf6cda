//! Build script: the Windows executables' icon and version information.
//!
//! For a Windows target, both `reversi.exe` and `reversi-engine.exe` get a resource with
//! `assets/icon/reversi.ico` (what Explorer, the taskbar and a shortcut show) and a version
//! block (the version and description from Cargo.toml, shown under Properties > Details).
//! It needs `rc.exe` from the Windows SDK (MSVC) or MinGW's `windres` (GNU, also when
//! cross-compiling from Linux: Debian's `binutils-mingw-w64-x86-64`). Other targets skip it.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/icon/reversi.ico");
    println!("cargo:rerun-if-env-changed=REVERSI_REQUIRE_WINDOWS_RESOURCE");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let mut resource = winresource::WindowsResource::new();
    resource
        .set_icon("assets/icon/reversi.ico")
        .set("ProductName", "Reversi")
        .set("FileDescription", "Reversi (Othello) game and engine")
        .set("LegalCopyright", "Licensed MIT OR Apache-2.0");
    if let Err(error) = resource.compile() {
        // A developer's build without the resource compiler still works, with no icon, and
        // says so; the release workflow sets REVERSI_REQUIRE_WINDOWS_RESOURCE so that a
        // release never ships without one.
        if std::env::var_os("REVERSI_REQUIRE_WINDOWS_RESOURCE").is_some() {
            panic!("the Windows icon and version resource: {error}");
        }
        println!("cargo:warning=no Windows icon or version resource: {error}");
    }
}
