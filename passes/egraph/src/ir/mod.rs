//! The bridge between tensor/linalg IR and the e-graph (feature `ir`).
//!
//! - [`import`]: a `func.func` whose body is a dataflow of
//!   `linalg.conv_2d_nchw_fchw`, `linalg.matmul`, elementwise
//!   `linalg.generic`/`linalg.map`, `linalg.transpose`, `linalg.pack`/`unpack`
//!   and `tensor.pad`/`extract_slice`/`collapse_shape`/`expand_shape` becomes
//!   one term (function arguments become inputs; arguments used as filters
//!   are weights, i.e. constants).
//! - [`export`]: a term becomes the function's new body, built with the
//!   ops' typed builders: named ops where they exist and `linalg.generic`
//!   with the right indexing maps for the rewritten forms (windows, image
//!   packs, blocked convolutions). The pass manager verifies the result.
//! - [`exec`]: runs a function body on concrete integer tensors (linalg's
//!   reference executor for structured ops, the term evaluator's gathers
//!   for tensor ops): `verify=true` checks before against after.
//! - [`pass`]: the `egraph-layout` pass; [`dump`]: the `eqsat` dump.

pub mod dump;
pub mod exec;
pub mod export;
pub mod import;
pub mod pass;

pub use pass::EGraphLayout;
