//! OBF lines never panic the reader, and what it accepts writes back: a position through
//! `Display`, a record through the FFO form `<board> <side>; MOVE:SCORE; ...`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::engine::{ObfRecord, Position};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let position = text.parse::<Position>();
    let record = text.parse::<ObfRecord>();
    assert_eq!(
        position.clone().ok(),
        record.as_ref().ok().map(|r| r.position),
        "Position and ObfRecord agree on {text:?}"
    );
    let Ok(record) = record else {
        return;
    };
    let written = record.position.to_string();
    assert_eq!(
        written.parse::<Position>(),
        Ok(record.position),
        "{text:?} -> {written:?}"
    );
    let mut line = format!("{};", record.position);
    for (sq, score) in &record.move_scores {
        line.push_str(&format!(" {}:{score:+};", sq.to_string().to_uppercase()));
    }
    assert_eq!(
        line.parse::<ObfRecord>().as_ref(),
        Ok(&record),
        "{text:?} -> {line:?}"
    );
});
