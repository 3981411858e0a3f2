//! Target cost models: what a program costs on a target with a GEMM-like
//! intrinsic.
//!
//! The objective is Rieber et al.'s candidate selection (§4.4): a weighted
//! sum `w_mac * MACs + w_move * moved`, where
//!
//! - **MACs** counts every multiply-accumulate the target executes,
//!   *including padding waste*: padded channels are real MACs because the
//!   padded operands are real tensors. A contraction the intrinsic cannot
//!   run (unaligned dimensions, wrong element types, a layout it does not
//!   read) falls back to scalar code and is charged
//!   [`Target::fallback`] times its MACs, so aligned forms win whenever
//!   the e-graph found one.
//! - **moved** counts tensor elements (not bytes, as in the paper) read and
//!   written by every operator that materialises a tensor. Reshapes are
//!   views and move nothing; operators on constants (weights) are folded
//!   at compile time and move nothing. When a contraction's weights exceed
//!   the weight buffer, its input is re-read once per weight chunk.
//!
//! [`CostModel`] is the one trait extraction needs; [`Target`] implements
//! it for the three intrinsics of the design (VTA GEMM, x86 VNNI, AMX).

use crate::analysis::{infer, is_invalid, Data, TensorGraph};
use crate::lang::{DType, Op, TNode, WeightLayout};
use std::cmp::Ordering;

/// The two terms of the objective, and their weighted sum.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Cost {
    pub macs: f64,
    pub moved: f64,
    pub total: f64,
}

impl Cost {
    pub const INFINITE: Cost = Cost {
        macs: f64::INFINITY,
        moved: f64::INFINITY,
        total: f64::INFINITY,
    };
}

impl std::ops::Add for Cost {
    type Output = Cost;
    fn add(self, o: Cost) -> Cost {
        Cost {
            macs: self.macs + o.macs,
            moved: self.moved + o.moved,
            total: self.total + o.total,
        }
    }
}

impl std::ops::AddAssign for Cost {
    fn add_assign(&mut self, o: Cost) {
        *self = *self + o;
    }
}

impl PartialOrd for Cost {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.total.partial_cmp(&other.total)
    }
}

/// What extraction asks of a target.
pub trait CostModel: Send + Sync {
    fn name(&self) -> &str;
    /// The cost of one node alone (children excluded), given its result's
    /// data and its children's.
    fn node_cost(&self, node: &TNode, out: &Data, kids: &[&Data]) -> Cost;
}

/// A matrix intrinsic `C[x][y] += A[x][z] * B[z][y]` (Rieber's `(x, y, z)`):
/// `x` maps to batch / rows, `y` to output channels, `z` to the reduction
/// (input channels).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Intrinsic {
    pub x: i64,
    pub y: i64,
    pub z: i64,
    pub a: DType,
    pub b: DType,
    pub acc: DType,
}

/// On-chip buffer capacities in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Buffers {
    pub input: i64,
    pub weight: i64,
    pub acc: i64,
}

/// A target: intrinsic, buffers, layouts and objective weights.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    pub name: &'static str,
    pub intrinsic: Intrinsic,
    pub buffers: Buffers,
    /// Convolutions must read blocked operands (NCHW[i]c and one of
    /// `layouts`) to use the intrinsic.
    pub needs_blocked_conv: bool,
    /// Weight layouts the target's kernels read.
    pub layouts: Vec<WeightLayout>,
    /// Cost factor of a contraction that falls back to scalar code.
    pub fallback: f64,
    /// The intrinsic's address generation handles dilation. When false (VTA,
    /// as TVM's template), a dilated kernel runs as its zero-dilated dense
    /// kernel: `(d*(K-1)+1)` taps per axis instead of `K`.
    pub native_dilation: bool,
    /// `w = [w_mac, w_move]` of the objective `||o . w||`.
    pub weights: [f64; 2],
}

/// The default objective weights (the paper's `w = [1, 1]`).
pub const DEFAULT_WEIGHTS: [f64; 2] = [1.0, 1.0];

impl Target {
    /// VTA's default configuration: GEMM `1x16x16` on `i8`, 32 KiB input,
    /// 256 KiB weight and 128 KiB accumulator buffers (specs/vta-isa.md §1).
    pub fn vta() -> Target {
        Target {
            name: "vta",
            intrinsic: Intrinsic {
                x: 1,
                y: 16,
                z: 16,
                a: DType::I8,
                b: DType::I8,
                acc: DType::I32,
            },
            buffers: Buffers {
                input: 32 << 10,
                weight: 256 << 10,
                acc: 128 << 10,
            },
            needs_blocked_conv: true,
            layouts: vec![WeightLayout::OIHWoi { o: 16, i: 16 }],
            fallback: 256.0,
            native_dilation: false,
            weights: DEFAULT_WEIGHTS,
        }
    }
    /// x86 AVX-512 VNNI `vpdpbusd`: 16 lanes of 4 `u8 x s8` products
    /// (`1x16x4`); kernels read `OhwI64o4i` or `Ohw4i16o4i` weights. Signed
    /// `i8` activations are accepted too: they run as `u8` after adding 128,
    /// with a per-output compensation term (as oneDNN does). The
    /// "buffers" are L1 (input), L2 (weights) and the register file.
    pub fn vnni() -> Target {
        Target {
            name: "vnni",
            intrinsic: Intrinsic {
                x: 1,
                y: 16,
                z: 4,
                a: DType::U8,
                b: DType::I8,
                acc: DType::I32,
            },
            buffers: Buffers {
                input: 48 << 10,
                weight: 2 << 20,
                acc: 2 << 10,
            },
            needs_blocked_conv: true,
            layouts: vec![
                WeightLayout::OhwIoi { o: 64, i: 4 },
                WeightLayout::OhwAiOoBi { a: 4, o: 16, b: 4 },
            ],
            fallback: 64.0,
            native_dilation: true,
            weights: DEFAULT_WEIGHTS,
        }
    }
    /// Intel AMX `tdpbssd`: `16x16x64` on `i8`; weights `Ohw16i16o4i`
    /// (B tiles are K/4 x N x 4). Eight 1 KiB tiles.
    pub fn amx() -> Target {
        Target {
            name: "amx",
            intrinsic: Intrinsic {
                x: 16,
                y: 16,
                z: 64,
                a: DType::I8,
                b: DType::I8,
                acc: DType::I32,
            },
            buffers: Buffers {
                input: 48 << 10,
                weight: 2 << 20,
                acc: 4 << 10,
            },
            needs_blocked_conv: true,
            layouts: vec![WeightLayout::OhwAiOoBi { a: 16, o: 16, b: 4 }],
            fallback: 1024.0,
            native_dilation: true,
            weights: DEFAULT_WEIGHTS,
        }
    }
    /// The target named `name` (`vta`, `vnni`, `amx`).
    pub fn by_name(name: &str) -> Option<Target> {
        match name {
            "vta" => Some(Self::vta()),
            "vnni" | "x86-vnni" => Some(Self::vnni()),
            "amx" | "x86-amx" => Some(Self::amx()),
            _ => None,
        }
    }

    fn types_ok(&self, a: DType, b: DType) -> bool {
        let a_ok = a == self.intrinsic.a || (self.intrinsic.a == DType::U8 && a == DType::I8);
        a_ok && b == self.intrinsic.b
    }

    fn weighted(&self, macs: f64, moved: f64) -> Cost {
        Cost {
            macs,
            moved,
            total: self.weights[0] * macs + self.weights[1] * moved,
        }
    }

    /// Input re-reads when weights of `bytes` exceed the weight buffer.
    fn reloads(&self, weight_bytes: i64) -> f64 {
        ((weight_bytes + self.buffers.weight - 1) / self.buffers.weight).max(1) as f64
    }

    /// MACs of the plain layout that pads batch, input and output channels
    /// to the intrinsic (the baseline the remark compares against).
    pub fn padded_conv_macs(&self, n: i64, c: i64, f: i64, out_hw: i64, khw: i64) -> i64 {
        let up = |v: i64, m: i64| (v + m - 1) / m * m;
        let i = &self.intrinsic;
        up(n, i.x) * up(c, i.z) * up(f, i.y) * out_hw * khw
    }
}

/// Kernel height and width of a convolution node.
pub fn kernel_hw(node: &TNode, kids: &[&Data]) -> (i64, i64) {
    let w = &kids[1].shape;
    match &node.op {
        Op::BlockedConv {
            layout: WeightLayout::OIHWoi { .. },
            ..
        }
        | Op::Conv2d { .. } => (w[2], w[3]),
        _ => (w[1], w[2]),
    }
}

/// MACs of a contraction node, with its mapped dimensions `(x, y, z)`.
pub fn contraction_macs(node: &TNode, out: &Data, kids: &[&Data]) -> Option<(f64, [i64; 3])> {
    let o = &out.shape;
    match &node.op {
        Op::Conv2d { .. } => {
            let (x, w) = (&kids[0].shape, &kids[1].shape);
            let macs = (o.iter().product::<i64>() * w[1] * w[2] * w[3]) as f64;
            Some((macs, [x[0], w[0], x[1]]))
        }
        Op::BlockedConv { layout, .. } => {
            let x = &kids[0].shape;
            let c = x[1] * x[4];
            let w = &kids[1].shape;
            let khw = match layout {
                WeightLayout::OIHWoi { .. } => w[2] * w[3],
                _ => w[1] * w[2],
            };
            let f = o[1] * o[4];
            let macs = (o.iter().product::<i64>() * c * khw) as f64;
            Some((macs, [x[0], f, c]))
        }
        Op::Matmul { .. } => {
            let (a, b) = (&kids[0].shape, &kids[1].shape);
            Some(((a[0] * a[1] * b[1]) as f64, [a[0], b[1], a[1]]))
        }
        _ => None,
    }
}

impl CostModel for Target {
    fn name(&self) -> &str {
        self.name
    }

    fn node_cost(&self, node: &TNode, out: &Data, kids: &[&Data]) -> Cost {
        if is_invalid(out) || kids.iter().any(|k| is_invalid(k)) {
            return Cost::INFINITE;
        }
        let elems = |d: &Data| d.elems() as f64;
        let io = || kids.iter().map(|k| elems(k)).sum::<f64>() + elems(out);
        if out.konst {
            return Cost::default();
        }
        if let Some((macs, [x, y, z])) = contraction_macs(node, out, kids) {
            let i = &self.intrinsic;
            let aligned = x % i.x == 0 && y % i.y == 0 && z % i.z == 0;
            let layout_ok = match &node.op {
                Op::Conv2d { .. } => !self.needs_blocked_conv,
                Op::BlockedConv { layout, .. } => self.layouts.contains(layout),
                _ => true,
            };
            let mapped = aligned && layout_ok && self.types_ok(kids[0].dtype, kids[1].dtype);
            let mut macs = if mapped { macs } else { macs * self.fallback };
            if let (Op::Conv2d { dil, .. } | Op::BlockedConv { dil, .. }, false) =
                (&node.op, self.native_dilation)
            {
                if *dil != [1, 1] {
                    let (kh, kw) = kernel_hw(node, kids);
                    let blown = ((dil[0] * (kh - 1) + 1) * (dil[1] * (kw - 1) + 1)) as f64;
                    macs *= blown / (kh * kw) as f64;
                }
            }
            let wbytes = kids[1].elems() * kids[1].dtype.bytes();
            let moved = elems(kids[0]) * self.reloads(wbytes) + elems(kids[1]) + elems(out);
            return self.weighted(macs, moved);
        }
        match &node.op {
            Op::Input(_) => Cost::default(),
            // Row-major reshapes are views.
            Op::Reshape(_) => Cost::default(),
            _ => self.weighted(0.0, io()),
        }
    }
}

/// The cost of `node` alone in `egraph`.
pub fn local_cost(egraph: &TensorGraph, model: &dyn CostModel, node: &TNode) -> Cost {
    let kids: Vec<&Data> = node.children.iter().map(|&c| &egraph[c].data).collect();
    match infer(&node.op, &kids, &egraph.analysis.inputs) {
        Ok(out) => model.node_cost(node, &out, &kids),
        Err(_) => Cost::INFINITE,
    }
}
