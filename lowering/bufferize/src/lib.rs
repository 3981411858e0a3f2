//! Bufferization: from tensors (values) to memrefs (buffers).
//!
//! | argument | pass |
//! |---|---|
//! | `one-shot-bufferize` | every tensor op of a function, in nested regions too (and, with `bufferize-function-boundaries`, its signature and calls) to memref ops, writing in place where the program allows ([`one_shot`]; see docs/bufferization.md) |
//! | `buffer-deallocation-pipeline` | a `memref.dealloc` at the end of the allocating block for every allocation that dies in its function ([`deallocation`]) |

mod calls;
mod constants;
pub mod deallocation;
mod forall;
pub mod one_shot;
mod scf;
mod tensor_ops;

pub use deallocation::BufferDeallocationPipeline;
pub use one_shot::OneShotBufferize;
