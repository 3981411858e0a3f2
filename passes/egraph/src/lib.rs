//! E-graph layout engine: equality saturation over tensor programs.
//!
//! Why an e-graph: the layout of a convolution for a matrix intrinsic is a
//! choice among many equivalent programs (pad the channels, unroll the
//! stencil into channels, pack strided images into channels, go through
//! im2col, block the layout...), and the rewrites compose — image pack
//! then stencil unroll then pad is one candidate. Rather than fixing an
//! order (Rieber et al., Table 2, order the strategies by hand), the rules
//! are applied to saturation in an e-graph (egg) and a target cost model
//! picks the cheapest program afterwards.
//!
//! The crate is layered so the core never sees the IR:
//!
//! | module | what |
//! |---|---|
//! | [`lang`] | the language: tensor operators with static parameters |
//! | [`analysis`] | shape / type / constness analysis; the one shape rule per operator |
//! | [`rules`] | the rewrites, each with its legality condition |
//! | [`cost`] | target cost models behind [`cost::CostModel`] (VTA, VNNI, AMX) |
//! | [`extract`] | greedy and ILP extraction |
//! | [`engine`] | bounded runs: limits, stop reason, [`engine::optimize`] |
//! | [`eval`] | a reference evaluator, the oracle of the rule tests |
//! | [`problems`] | DeepBench and ResNet-18 layers as terms |
//! | `ir` (feature `ir`) | translation from and to tensor/linalg IR, the `egraph-layout` pass, the `eqsat` dump |
//!
//! # Rules
//!
//! Every rule only adds nodes whose shape rule holds; when its condition
//! fails it does nothing. `x`, `y`, `z` are the intrinsic's batch, output
//! channel and reduction sizes (VTA `1x16x16`).
//!
//! | rule | rewrite | legal when |
//! |---|---|---|
//! | `im2col` | `conv2d(x,w)` ⇔ `transpose(reshape(matmul(reshape(transpose(unfold_W(unfold_H(x)))), transpose(reshape(w)))))` | always (any stride, dilation) |
//! | `stencil-unroll-w`, `-h` | overlapping windows → new channel dim: `x'[n, c·K+k, ., .] = x[., ., o+k·d]`, kernel 1 on that axis | stride 1 on the axis; guard `C < z`, `C·K ≤ 512` |
//! | `image-pack` | stride `s` → stride 1 over `s0·s1` sub-images stacked as channels; weights zero-padded to multiples of `s` | dilation 1, stride > 1; guard `C < z` |
//! | `pad-to-intrinsic-conv` | `conv(x,w)` = `crop(conv(pad(x), pad(w)))` with N, C, F rounded up to `x`, `z`, `y` | always; applies when unaligned |
//! | `pad-to-intrinsic-matmul` | `matmul(a,b)` = `crop(matmul(pad(a), pad(b)))` with M, K, N rounded up | always; applies when unaligned |
//! | `blocked-layout` | `conv(x,w)` = `unpack(blocked_conv(pack_NCHWc(x), pack_layout(w)))` for each target layout (`OIHW16o16i`, `OhwI64o4i`, `Ohw4i16o4i`, `Ohw16i16o4i`) | `C % i == 0`, `F % o == 0` |
//! | `dilated-to-dense` | dilation `d` → `d0·d1` dense convs on `x[:, :, a::d0, b::d1]` + `interleave` | stride 1, `OH % d0 == 0`, `OW % d1 == 0` |
//! | `batch-from-image` | `s = x/N` bands of rows (with halo) stacked into the batch | `N < x`, `x % N == 0`, `OH % s == 0` |
//! | `fuse-elementwise` | `unary(conv/matmul)` = contraction with epilogue | no epilogue yet |
//! | `elementwise-through-layout` | `unary(L(y))` = `L(unary(y))` for reshape/transpose/slice/pad/pack/unpack | `u(0) = 0` (relu, neg) |
//! | `pack-unpack-cancel` | `pack(unpack(y))` = `y`; `unpack(pack(x))` = `x` | same dims/tiles; for pack∘unpack, no padding |
//! | `fuse-reshapes` | `reshape(reshape(x))` = `reshape(x)`; `reshape` to own shape = `x` | always |
//! | `compose-transposes` | `transpose(p, transpose(q, x))` = `transpose(q∘p, x)`; identity = `x` | always |
//! | `pack-as-split-reorder` | exact `pack` = `transpose(reshape(x))` (split, then reorder) | packed dims multiples of tiles |
//!
//! # Cost
//!
//! See [`cost`]: `w_mac · MACs + w_move · moved elements`, MACs including
//! padding waste, unmappable contractions charged a fallback factor,
//! layout work on constants free, weight-buffer overflow charged as input
//! re-reads. docs/egraph.md has the full description and the limits.

pub mod analysis;
pub mod cost;
pub mod engine;
pub mod eval;
pub mod extract;
pub mod lang;
pub mod problems;
pub mod rules;

#[cfg(feature = "ir")]
pub mod ir;

pub use analysis::{Data, TensorAnalysis, TensorGraph};
pub use cost::{Cost, CostModel, Target};
pub use engine::{optimize, Options, Outcome};
pub use extract::ExtractMode;
pub use lang::{DType, Op, TNode, TermBuilder};
