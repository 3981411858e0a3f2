//! The discardable attributes through which a lowered module tells the host
//! runtime how to bind data: which function argument a `vta.dram_buffer`
//! holds and how that tensor is packed into it.
//!
//! `linalg-to-vta` writes them and the host runtime (`strata-vta-host`)
//! reads them; both name them through these constants, so the two sides
//! cannot drift apart.
//!
//! ```mlir
//! vta.dram_buffer @x : tensor<1x4x14x14x1x16xi8> {vta.arg = 0 : i64, vta.logical = array<i64: 1, 64, 14, 14>, vta.pack = array<i64: 1>}
//! ```

/// On a buffer: the index of the function argument it holds (an input).
pub const ARG_ATTR: &str = "vta.arg";
/// On a buffer: it holds the function's result.
pub const RESULT_ATTR: &str = "vta.result";
/// On a buffer: the logical (unpacked) shape of its tensor.
pub const LOGICAL_ATTR: &str = "vta.logical";
/// On a buffer: the logical dimensions packed into 16-element blocks, `[d]`
/// for an activation, `[o, i]` for a weight.
pub const PACK_ATTR: &str = "vta.pack";
/// On an input buffer: per logical dimension, keep every `s`-th index.
pub const SUBSAMPLE_ATTR: &str = "vta.subsample";
/// On the module: the name of the function it was lowered from.
pub const ENTRY_ATTR: &str = "vta.entry";
