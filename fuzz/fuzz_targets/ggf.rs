//! GGF never panics the reader, and a game it accepts writes back (`Display`) as text that
//! reads as the same game: start position, plies and kept properties.

#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::engine::GgfGame;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = text.parse::<GgfGame>() else {
        return;
    };
    let written = game.to_string();
    match written.parse::<GgfGame>() {
        Ok(back) => {
            assert_eq!(back.game, game.game, "{text:?} -> {written:?}");
            assert_eq!(back.properties, game.properties, "{text:?} -> {written:?}");
        }
        Err(e) => panic!("{text:?} -> {written:?} does not read back: {e}"),
    }
});
