//! `Game::from_transcript` never panics, and a game it accepts reads back from its own
//! transcript: with passes written, the same game; without, the same game up to a pass
//! written at the very end (a pass the reader can only infer before a later move).

#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::engine::{Game, Ply};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut game = Game::new();
    let whole = game.play_transcript(text);
    // Whatever the error, the moves before it stay and are legal: they replay.
    let replayed = Game::from_transcript(&game.transcript_with_passes())
        .expect("the moves kept after an error replay");
    assert_eq!(replayed, game, "kept moves: {text:?}");
    let Ok(()) = whole else {
        return;
    };
    assert_eq!(Game::from_transcript(text).as_ref(), Ok(&game));

    let with_passes = game.transcript_with_passes();
    let back = Game::from_transcript(&with_passes).expect("transcript_with_passes reads back");
    assert_eq!(back, game, "{text:?} -> {with_passes:?}");

    let without = game.transcript();
    let back = Game::from_transcript(&without).expect("transcript reads back");
    let mut expected: &[Ply] = game.plies();
    if let [rest @ .., Ply::Pass] = expected {
        expected = rest;
    }
    assert_eq!(back.plies(), expected, "{text:?} -> {without:?}");
    assert_eq!(
        back.position_at(back.cursor()),
        game.position_at(expected.len())
    );
});
