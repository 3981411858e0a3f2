//! A TileFlow-style model of fusion dataflows (tile trees) on spatial
//! accelerators: see `docs/tileflow.md` and
//! `../shared/papers/tileflow-fusion-dataflow-modeling.txt`.
//!
//! [`tree`] holds tile trees, [`arch`] architecture descriptions,
//! [`analysis`] the data-movement/resource/latency/energy analysis and
//! [`sim`] a brute-force simulator that executes the loop nest and tracks
//! every buffer's contents, against which the analysis is tested.

pub mod analysis;
pub mod arch;
pub mod notation;
pub mod sim;
pub mod slice;
pub mod tree;

pub use analysis::{analyze, Report};
pub use arch::Arch;
pub use tree::{Access, Leaf, Loop, LoopKind, Node, Scope, Tensor, Tile, Tree};
