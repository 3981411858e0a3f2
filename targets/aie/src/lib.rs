//! The AI Engine target. No AIE hardware is reachable, so, as with VTA,
//! the target is an exact emulation plus a cycle model:
//!
//! - [`emit`]: aievec to C calling the AIE1 intrinsics, whose portable
//!   semantics `include/strata_aie.h` implements bit-exactly (48/80-bit
//!   accumulators, the shuffle network's lane selection, aligned loads);
//! - [`run`]: `strata-run --target aie`: `linalg-to-aie` on the entry
//!   function, the C kernel compiled with the system compiler and run;
//! - [`cycles`]: the VLIW cycle model behind `--stats`.

pub mod cycles;
pub mod emit;
pub mod run;

/// `strata_aie.h`.
pub const HEADER: &str = include_str!("../include/strata_aie.h");
