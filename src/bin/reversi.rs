//! `reversi`: the desktop game.

fn main() {
    eprintln!("The game window is not built yet; try `reversi-engine --help`.");
}
