//! Fuzzes the MLIR text parser, the verifier and the printer.
//!
//! The property lives in `ir/tests/fuzz/oracle.rs`, shared with the
//! regression tests (`ir/tests/fuzz_regressions.rs`) that keep every input
//! this target has found. See docs/fuzzing.md.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../ir/tests/fuzz/oracle.rs"]
mod oracle;

fuzz_target!(|data: &[u8]| {
    // The parser takes `&str`; other bytes are the caller's problem.
    if let Ok(text) = std::str::from_utf8(data) {
        oracle::check(text);
    }
});
