//! Bufferization: from tensors (values) to memrefs (buffers).
//!
//! | argument | pass |
//! |---|---|
//! | `one-shot-bufferize` | every tensor op of a function (and, with `bufferize-function-boundaries`, its signature) to memref ops, writing in place where the program allows ([`one_shot`]) |

mod calls;
mod constants;
pub mod one_shot;
mod scf;
mod tensor_ops;

pub use one_shot::OneShotBufferize;
