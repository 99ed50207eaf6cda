//! `parse_levels` never panics, and levels it accepts, written by `ron`, read back equal.

#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::engine::parse_levels;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(levels) = parse_levels("f", text) else {
        return;
    };
    let written = ron::to_string(&levels).expect("levels serialize");
    match parse_levels("f", &written) {
        Ok(back) => assert_eq!(back, levels, "{text:?} -> {written:?}"),
        Err(e) => panic!("{text:?} -> {written:?} does not read back: {e}"),
    }
});
