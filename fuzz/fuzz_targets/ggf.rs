//! GGF never panics the reader, and a game it accepts writes back (`Display`) as text that
//! reads as the same game: start position, plies and kept properties. The reader of a game
//! with its variations never panics either, and the tree it reads writes back as text that
//! reads as the same tree.

#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::engine::GgfGame;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(tree) = GgfGame::read_with_variations(text) {
        let written = GgfGame::write_with_variations(&tree.game, "A", "B", "P");
        match GgfGame::read_with_variations(&written) {
            Ok(back) => assert_eq!(back.game.lines(), tree.game.lines(), "{text:?}"),
            Err(e) => panic!("{text:?} -> {written:?} does not read back: {e}"),
        }
    }
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
