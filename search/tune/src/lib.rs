//! `strata-tune`: Heron's constrained schedule search (search/constraints,
//! search/explore) applied to x86-vectorize's GEMM and convolution kernels
//! on the CPU it runs on.
//!
//! | module | what |
//! |---|---|
//! | [`cpu`] | the CPU: instruction sets, vector registers, cache sizes, read at run time |
//! | [`problem`] | the op being tuned, as the GEMM x86-vectorize makes of it |
//! | [`space`] | the schedule space: the pass's options as key variables, the hardware's rules as constraints |
//! | [`measure`] | the native measurer: pass, C back end, compile, time, check against the interpreter |
//!
//! Why its own crate: the search crates know nothing of the IR (they are
//! reused for VTA and analytical spaces); this one ties them to the pass,
//! the C back end and the interpreter, as `strata-run` does for one run.

pub mod cpu;
pub mod measure;
pub mod problem;
pub mod space;
