//! Fuzzes the VTA program file reader behind `strata-run FILE.vta` and
//! `strata-translate --vta-to-mlir`: any bytes give a program or an error,
//! never a panic or an allocation the bytes do not account for; a program
//! that reads writes back to the same bytes; and running it on the
//! simulator (with a micro-op budget) ends in a result or an error naming
//! the instruction, never a panic or a hang.

#![no_main]

use libfuzzer_sys::fuzz_target;
use strata_vta::{run_program, Program, SimOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(program) = Program::from_bytes(data) else { return };
    if let Ok(bytes) = program.to_bytes() {
        let again = Program::from_bytes(&bytes).expect("a written program reads");
        assert_eq!(again.to_bytes().expect("and writes"), bytes);
    }
    let options = SimOptions {
        max_uop_executions: 100_000,
        ..SimOptions::default()
    };
    let _ = run_program(&program, &options);
});
