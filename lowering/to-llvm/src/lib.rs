//! The LLVM back end: a module of `func`, `arith`, `math`, `cf`, `vector`
//! and `memref` ops translated into an LLVM module with inkwell
//! (`strata-translate --mlir-to-llvmir`), and the in-process JIT behind
//! `strata-run --target jit` ([`jit`]).
//!
//! # Why it looks like the C back end
//! The LLVM path shares the C back end's decisions (`strata_native_abi`)
//! instead of inventing a second set: the same value representation
//! ([`CType`]/[`CScalar`]: integers of width 1..=64 and `index`, `f32`,
//! `f64`, strided memrefs), the same function ABI (a translated function is
//! callable from C with the prototype `strata-translate --mlir-to-c` prints
//! for it, under the same mangled name), the same harness byte format (so
//! `strata-run` draws, feeds and decodes arguments with one piece of code
//! for both targets), and the same run-time errors. What differs is control
//! flow: C keeps `scf` structured, LLVM wants a CFG, so only `cf` branches
//! reach the translator. As `mlir-translate`, it translates and nothing else:
//! `lower-affine` and `convert-scf-to-cf` are the pipeline's to run
//! (`strata-opt`, or `strata-run`, which runs them before the JIT), and an
//! op they would have lowered is rejected with that advice.
//!
//! # Values
//! * An integer or index of width `w` is an LLVM `iw` value: LLVM's
//!   arithmetic on `iw` wraps modulo 2^w exactly as MLIR's signless
//!   integers (and the reference interpreter). In memory and across the
//!   function ABI it lives zero-extended in its C container (`i8`, `i16`,
//!   `i32`, `i64`), so `i3` loads and stores never touch undefined bits.
//! * `f32` is `float`, `f64` is `double`; `+ - * / rem` run in the type
//!   itself (correctly rounded, as the interpreter's compute-in-f64-and-round),
//!   elementary functions are computed in `double` and rounded once, as the
//!   interpreter does, so results agree bit for bit.
//! * A memref is its components: data pointer, `i64` offset, one `i64` size
//!   per dimension, one `i64` stride per dimension.
//!
//! # Poison and undefined behaviour
//! Every op whose LLVM counterpart can produce poison or undefined
//! behaviour gets the interpreter's defined result instead: shifts by the
//! width or more give 0 (the sign for `shrsi`), `fptosi`/`fptoui` saturate
//! (`llvm.fpto[su]i.sat`), `remsi` by -1 gives 0, and division by zero or
//! signed overflow calls `strata_fail` (below).
//!
//! # Run-time errors
//! `declare void @strata_fail(i32 site, ptr format, ptr values)`
//! (noreturn): `format` is `FILE:LINE:COL: error: TEXT` as the C back end
//! prints it, a printf format whose `%lld`/`%llu` take the `i64`s of
//! `values` in order (out-of-bounds indices, `ipowi` operands); `site`
//! indexes [`Translation::fail_sites`], which the JIT uses to print the
//! interpreter's rendered diagnostic. With [`Options::bounds_checks`] every
//! `memref.load`/`store` index is checked as the interpreter checks it.
//!
//! The crate is empty without its `llvm` feature: it is a workspace member,
//! and `cargo build --workspace` must build with no system libraries, so
//! inkwell (and libLLVM-22) come in only through `strata-tools --features
//! llvm`.

#[cfg(feature = "llvm")]
pub mod jit;
#[cfg(feature = "llvm")]
mod translate;
#[cfg(feature = "llvm")]
pub use translate::*;
