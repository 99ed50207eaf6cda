//! `SearchConfig::from_ron` never panics, and a config it accepts, written by `ron`, reads
//! back equal.

#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::engine::SearchConfig;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(config) = SearchConfig::from_ron("f", text) else {
        return;
    };
    let written = ron::to_string(&config).expect("a SearchConfig serializes");
    match SearchConfig::from_ron("f", &written) {
        Ok(back) => assert_eq!(back, config, "{text:?} -> {written:?}"),
        Err(e) => panic!("{text:?} -> {written:?} does not read back: {e}"),
    }
});
