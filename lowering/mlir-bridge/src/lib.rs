//! The bridge between Strata and upstream MLIR 22, in process, through
//! melior (MLIR's C API, linked statically).
//!
//! What crosses is *text*: Strata prints its IR in MLIR's generic form with
//! locations, MLIR parses it in a context holding every upstream dialect,
//! verifies it, optionally runs an upstream pass pipeline, and prints its
//! result; the way back parses MLIR's printed IR with Strata's parser. Why
//! text and not op-by-op construction through the C API:
//!
//! - Strata's textual format is MLIR's, byte for byte, for the upstream
//!   dialects: the printed form is the contract both sides already test
//!   (lit, `%mlir-accepts`). Building ops through the C API would be a
//!   second, untested encoding of every type and attribute (affine maps,
//!   dense elements, vector/memref layouts, properties) that must agree
//!   with the first.
//! - The generic form needs no knowledge of any op's custom syntax, so any
//!   op Strata knows crosses, and MLIR's own verifier (not Strata's) judges
//!   it. The way back uses MLIR's custom form, the form Strata's parser is
//!   tested against.
//! - Locations ride along (`loc(...)` in the printed form), so MLIR's
//!   diagnostics point at the user's file, and ops imported back keep the
//!   locations of the ops they came from.
//!
//! The cost is one print and one parse per crossing, which is small next to
//! MLIR's context creation and any pass pipeline.
//!
//! MLIR's diagnostics are captured by a handler attached to the context for
//! the duration of one call and returned as Strata [`Diagnostic`]s (with
//! their notes), so tools render them as `file:line:col: error: ...`;
//! nothing MLIR reports is printed behind the caller's back or lost.
//!
//! The crate is empty without its `mlir` feature: it is a workspace member,
//! and `cargo build --workspace` must not build melior (a slow build, large
//! binaries). `strata-tools --features mlir` turns it on.

#[cfg(feature = "mlir")]
mod bridge;
#[cfg(feature = "mlir")]
pub use bridge::*;
