//! The structured ops, by kind: their indexing maps, iterator types and
//! payloads (MLIR's OpDSL definitions, written as Rust data).
//!
//! Every OpDSL named op (contractions, convolutions, pooling, the
//! elementwise ops) is one [`OpSpec`] line in [`NAMED`]: its loops by name,
//! which of them reduce, each operand's indices as a list of loop names
//! (`oh+kh` is a window position, `oh * stride + kh * dilation`), and its
//! scalar payload. Maps, iterator types, the payload block, the verifier,
//! generalization, the loop lowerings and both executors read that one line,
//! so adding an op of an existing shape is adding a line here and its
//! one-line declaration in [`crate::ops`] (which gives it its typed handle,
//! named as MLIR's C++ class, and whose name the line uses). Payload ops are
//! named through arith's and math's handles.

use crate::ops;
use crate::structured::{dims, window, IteratorType, LinalgStructuredOp, StructuredInfo};
use strata_dialect_arith as arith;
use strata_dialect_math as math;
use strata_dialect_tensor::syntax::operand_segments;
use strata_ir::affine::{AffineExpr, AffineMap};
use strata_ir::attributes::AttrData;
use strata_ir::attributes::Location;
use strata_ir::{Attribute, BlockId, Context, InsertPoint, Ir, OpId, OperationState, Type, Value};

use IteratorType::{Parallel as P, Reduction as R};

/// Which structured op.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Kind {
    Generic,
    Fill,
    Copy,
    Transpose,
    Broadcast,
    Map,
    Reduce,
    /// An OpDSL named op described by its [`OpSpec`].
    Named(&'static OpSpec),
}

/// Where a named op's indexing maps come from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Maps {
    /// From the spec (and strides/dilations). MLIR memoizes them in the
    /// discardable attribute `linalg.memoized_indexing_maps`.
    Fixed,
    /// An optional `indexing_maps` property, the spec's maps by default
    /// (matmul, batch_matmul, batch_reduce_matmul).
    Explicit,
    /// A required `indexing_maps` property; the loops are those of the maps
    /// and a loop is parallel iff the output map uses it (linalg.contract).
    Required,
    /// Identity maps of the output's rank, all loops parallel.
    Elementwise,
}

/// A scalar function by element kind: the op on floats and on integers
/// (`""` where MLIR has none).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ScalarFn {
    pub float: &'static str,
    pub int: &'static str,
}

/// What the payload computes (OpDSL's region builders).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Payload {
    /// `out + cast(in0) * cast(in1)`.
    MulAdd,
    /// `out + (cast(in0) - cast(in2)) * (cast(in1) - cast(in3))`: the
    /// quantized contractions, zero points as scalar operands.
    MulAddZp,
    /// `f(out, cast(in0))`; the second input only gives the window's shape.
    /// `unsigned` casts with extui/uitofp (MLIR's `cast_unsigned`).
    Pool { f: ScalarFn, unsigned: bool },
    /// `f(in0)`; `reciprocal` is `1 / x` and `square` is `x * x`.
    Unary(ScalarFn),
    /// `f(in0, in1)`.
    Binary(ScalarFn),
    /// `in0 ? in1 : in2`.
    Select,
}

/// One OpDSL named op.
#[derive(PartialEq, Eq, Debug)]
pub struct OpSpec {
    /// Loop names in loop order (`"n oh ow f kh kw c"`).
    pub loops: &'static str,
    /// The loops that reduce.
    pub reductions: &'static str,
    /// Indices of each operand, inputs then the output: loop names,
    /// `a+b` for a window position; `""` for a scalar operand.
    pub operands: &'static [&'static str],
    pub payload: Payload,
    /// Whether the op takes `strides` and `dilations`.
    pub windowed: bool,
    pub maps: Maps,
}

const fn fixed(
    loops: &'static str,
    reductions: &'static str,
    operands: &'static [&'static str],
    payload: Payload,
    windowed: bool,
) -> OpSpec {
    OpSpec {
        loops,
        reductions,
        operands,
        payload,
        windowed,
        maps: Maps::Fixed,
    }
}

/// A contraction with fixed maps (matvec, dot, mmt4d, ...).
const fn contraction(
    loops: &'static str,
    reductions: &'static str,
    operands: &'static [&'static str],
) -> OpSpec {
    fixed(loops, reductions, operands, Payload::MulAdd, false)
}

/// A contraction whose maps the user may give (matmul, batch_matmul, ...).
const fn explicit(
    loops: &'static str,
    reductions: &'static str,
    operands: &'static [&'static str],
) -> OpSpec {
    OpSpec {
        maps: Maps::Explicit,
        ..contraction(loops, reductions, operands)
    }
}

/// A convolution with strides and dilations.
const fn conv(
    loops: &'static str,
    reductions: &'static str,
    operands: &'static [&'static str],
) -> OpSpec {
    fixed(loops, reductions, operands, Payload::MulAdd, true)
}

/// A quantized convolution (zero points as the third and fourth inputs).
const fn conv_q(
    loops: &'static str,
    reductions: &'static str,
    operands: &'static [&'static str],
) -> OpSpec {
    fixed(loops, reductions, operands, Payload::MulAddZp, true)
}

const fn pool(
    loops: &'static str,
    reductions: &'static str,
    operands: &'static [&'static str],
    f: ScalarFn,
    unsigned: bool,
) -> OpSpec {
    fixed(
        loops,
        reductions,
        operands,
        Payload::Pool { f, unsigned },
        true,
    )
}

const fn elementwise(payload: Payload) -> OpSpec {
    OpSpec {
        loops: "",
        reductions: "",
        operands: &[],
        payload,
        windowed: false,
        maps: Maps::Elementwise,
    }
}

const fn f(float: &'static str, int: &'static str) -> ScalarFn {
    ScalarFn { float, int }
}

const ADD: ScalarFn = f(arith::AddFOp::NAME, arith::AddIOp::NAME);
const MAX: ScalarFn = f(arith::MaximumFOp::NAME, arith::MaxSIOp::NAME);
const MIN: ScalarFn = f(arith::MinimumFOp::NAME, arith::MinSIOp::NAME);
const MAXU: ScalarFn = f(arith::MaximumFOp::NAME, arith::MaxUIOp::NAME);
const MINU: ScalarFn = f(arith::MinimumFOp::NAME, arith::MinUIOp::NAME);

const fn unary(float: &'static str, int: &'static str) -> OpSpec {
    elementwise(Payload::Unary(f(float, int)))
}
const fn binary(float: &'static str, int: &'static str) -> OpSpec {
    elementwise(Payload::Binary(f(float, int)))
}

// Operand index lists shared by several ops.
const NHWC_IN: &str = "n, oh+kh, ow+kw, c";
const NCHW_IN: &str = "n, c, oh+kh, ow+kw";
const NWC_IN: &str = "n, ow+kw, c";
const NCW_IN: &str = "n, c, ow+kw";
const NDHWC_IN: &str = "n, od+kd, oh+kh, ow+kw, c";
const POOL_NHWC: &[&str] = &[NHWC_IN, "kh, kw", "n, oh, ow, c"];
const POOL_NCHW: &[&str] = &[NCHW_IN, "kh, kw", "n, c, oh, ow"];
const POOL_NWC: &[&str] = &[NWC_IN, "kw", "n, ow, c"];
const POOL_NCW: &[&str] = &[NCW_IN, "kw", "n, c, ow"];
const POOL_NDHWC: &[&str] = &[NDHWC_IN, "kd, kh, kw", "n, od, oh, ow, c"];
const NHWC_LOOPS: &str = "n oh ow c kh kw";
const NCHW_LOOPS: &str = "n c oh ow kh kw";
const NWC_LOOPS: &str = "n ow c kw";
const NCW_LOOPS: &str = "n c ow kw";
const NDHWC_LOOPS: &str = "n od oh ow c kd kh kw";

/// Every named structured op with its kind (MLIR 22's OpDSL ops, with the
/// maps and payloads `mlir-opt --linalg-generalize-named-ops` prints).
pub const NAMED: &[(&str, Kind)] = &[
    (ops::FillOp::NAME, Kind::Fill),
    (ops::CopyOp::NAME, Kind::Copy),
    // Contractions.
    (
        ops::MatmulOp::NAME,
        Kind::Named(&explicit("m n k", "k", &["m, k", "k, n", "m, n"])),
    ),
    (
        ops::BatchMatmulOp::NAME,
        Kind::Named(&explicit(
            "b m n k",
            "k",
            &["b, m, k", "b, k, n", "b, m, n"],
        )),
    ),
    (
        ops::BatchReduceMatmulOp::NAME,
        Kind::Named(&explicit("b m n k", "b k", &["b, m, k", "b, k, n", "m, n"])),
    ),
    (
        ops::ContractOp::NAME,
        Kind::Named(&OpSpec {
            maps: Maps::Required,
            ..contraction("", "", &[])
        }),
    ),
    (
        ops::MatvecOp::NAME,
        Kind::Named(&contraction("m k", "k", &["m, k", "k", "m"])),
    ),
    (
        ops::VecmatOp::NAME,
        Kind::Named(&contraction("n k", "k", &["k", "k, n", "n"])),
    ),
    (
        ops::BatchMatvecOp::NAME,
        Kind::Named(&contraction("b m k", "k", &["b, m, k", "b, k", "b, m"])),
    ),
    (
        ops::BatchVecmatOp::NAME,
        Kind::Named(&contraction("b n k", "k", &["b, k", "b, k, n", "b, n"])),
    ),
    (
        ops::DotOp::NAME,
        Kind::Named(&contraction("k", "k", &["k", "k", ""])),
    ),
    (
        ops::Mmt4DOp::NAME,
        Kind::Named(&contraction(
            "m n k m0 n0 k0",
            "k k0",
            &["m, k, m0, k0", "n, k, n0, k0", "m, n, m0, n0"],
        )),
    ),
    (
        ops::BatchMmt4DOp::NAME,
        Kind::Named(&contraction(
            "b m n k m0 n0 k0",
            "k k0",
            &["b, m, k, m0, k0", "b, n, k, n0, k0", "b, m, n, m0, n0"],
        )),
    ),
    (
        ops::QuantizedMatmulOp::NAME,
        Kind::Named(&fixed(
            "m n k",
            "k",
            &["m, k", "k, n", "", "", "m, n"],
            Payload::MulAddZp,
            false,
        )),
    ),
    (
        ops::QuantizedBatchMatmulOp::NAME,
        Kind::Named(&fixed(
            "b m n k",
            "k",
            &["b, m, k", "b, k, n", "", "", "b, m, n"],
            Payload::MulAddZp,
            false,
        )),
    ),
    // Convolutions without batch or channels (no strides).
    (
        ops::Conv1DOp::NAME,
        Kind::Named(&fixed(
            "ow kw",
            "kw",
            &["ow+kw", "kw", "ow"],
            Payload::MulAdd,
            false,
        )),
    ),
    (
        ops::Conv2DOp::NAME,
        Kind::Named(&fixed(
            "oh ow kh kw",
            "kh kw",
            &["oh+kh, ow+kw", "kh, kw", "oh, ow"],
            Payload::MulAdd,
            false,
        )),
    ),
    (
        ops::Conv3DOp::NAME,
        Kind::Named(&fixed(
            "od oh ow kd kh kw",
            "kd kh kw",
            &["od+kd, oh+kh, ow+kw", "kd, kh, kw", "od, oh, ow"],
            Payload::MulAdd,
            false,
        )),
    ),
    // Convolutions.
    (
        ops::Conv1DNwcWcfOp::NAME,
        Kind::Named(&conv(
            "n ow f kw c",
            "kw c",
            &[NWC_IN, "kw, c, f", "n, ow, f"],
        )),
    ),
    (
        ops::Conv1DNcwFcwOp::NAME,
        Kind::Named(&conv(
            "n f ow c kw",
            "c kw",
            &[NCW_IN, "f, c, kw", "n, f, ow"],
        )),
    ),
    (
        ops::Conv2DNhwcHwcfOp::NAME,
        Kind::Named(&conv(
            "n oh ow f kh kw c",
            "kh kw c",
            &[NHWC_IN, "kh, kw, c, f", "n, oh, ow, f"],
        )),
    ),
    (
        ops::Conv2DNhwcFhwcOp::NAME,
        Kind::Named(&conv(
            "n oh ow f kh kw c",
            "kh kw c",
            &[NHWC_IN, "f, kh, kw, c", "n, oh, ow, f"],
        )),
    ),
    (
        ops::Conv2DNhwcHwcfQOp::NAME,
        Kind::Named(&conv_q(
            "n oh ow f kh kw c",
            "kh kw c",
            &[NHWC_IN, "kh, kw, c, f", "", "", "n, oh, ow, f"],
        )),
    ),
    (
        ops::Conv2DNhwcFhwcQOp::NAME,
        Kind::Named(&conv_q(
            "n oh ow f kh kw c",
            "kh kw c",
            &[NHWC_IN, "f, kh, kw, c", "", "", "n, oh, ow, f"],
        )),
    ),
    (
        ops::Conv2DNchwFchwOp::NAME,
        Kind::Named(&conv(
            "n f oh ow c kh kw",
            "c kh kw",
            &[NCHW_IN, "f, c, kh, kw", "n, f, oh, ow"],
        )),
    ),
    (
        ops::Conv2DNchwFchwQOp::NAME,
        Kind::Named(&conv_q(
            "n f oh ow c kh kw",
            "c kh kw",
            &[NCHW_IN, "f, c, kh, kw", "", "", "n, f, oh, ow"],
        )),
    ),
    (
        ops::Conv2DNgchwFgchwOp::NAME,
        Kind::Named(&conv(
            "n g f oh ow c kh kw",
            "c kh kw",
            &[
                "n, g, c, oh+kh, ow+kw",
                "f, g, c, kh, kw",
                "n, g, f, oh, ow",
            ],
        )),
    ),
    (
        ops::Conv2DNgchwGfchwOp::NAME,
        Kind::Named(&conv(
            "n g f oh ow c kh kw",
            "c kh kw",
            &[
                "n, g, c, oh+kh, ow+kw",
                "g, f, c, kh, kw",
                "n, g, f, oh, ow",
            ],
        )),
    ),
    (
        ops::Conv2DNgchwGfchwQOp::NAME,
        Kind::Named(&conv_q(
            "n g f oh ow c kh kw",
            "c kh kw",
            &[
                "n, g, c, oh+kh, ow+kw",
                "g, f, c, kh, kw",
                "",
                "",
                "n, g, f, oh, ow",
            ],
        )),
    ),
    (
        ops::Conv2DNhwgcGfhwcOp::NAME,
        Kind::Named(&conv(
            "n oh ow g f kh kw c",
            "kh kw c",
            &[
                "n, oh+kh, ow+kw, g, c",
                "g, f, kh, kw, c",
                "n, oh, ow, g, f",
            ],
        )),
    ),
    (
        ops::Conv2DNhwgcGfhwcQOp::NAME,
        Kind::Named(&conv_q(
            "n oh ow g f kh kw c",
            "kh kw c",
            &[
                "n, oh+kh, ow+kw, g, c",
                "g, f, kh, kw, c",
                "",
                "",
                "n, oh, ow, g, f",
            ],
        )),
    ),
    (
        ops::Conv3DNdhwcDhwcfOp::NAME,
        Kind::Named(&conv(
            "n od oh ow f kd kh kw c",
            "kd kh kw c",
            &[NDHWC_IN, "kd, kh, kw, c, f", "n, od, oh, ow, f"],
        )),
    ),
    (
        ops::Conv3DNdhwcDhwcfQOp::NAME,
        Kind::Named(&conv_q(
            "n od oh ow f kd kh kw c",
            "kd kh kw c",
            &[NDHWC_IN, "kd, kh, kw, c, f", "", "", "n, od, oh, ow, f"],
        )),
    ),
    (
        ops::Conv3DNcdhwFcdhwOp::NAME,
        Kind::Named(&conv(
            "n f od oh ow c kd kh kw",
            "c kd kh kw",
            &[
                "n, c, od+kd, oh+kh, ow+kw",
                "f, c, kd, kh, kw",
                "n, f, od, oh, ow",
            ],
        )),
    ),
    // Depthwise convolutions.
    (
        ops::DepthwiseConv1DNwcWcOp::NAME,
        Kind::Named(&conv("n ow c kw", "kw", &[NWC_IN, "kw, c", "n, ow, c"])),
    ),
    (
        ops::DepthwiseConv1DNcwCwOp::NAME,
        Kind::Named(&conv("n ow c kw", "kw", &[NCW_IN, "c, kw", "n, c, ow"])),
    ),
    (
        ops::DepthwiseConv1DNwcWcmOp::NAME,
        Kind::Named(&conv(
            "n ow c m kw",
            "kw",
            &[NWC_IN, "kw, c, m", "n, ow, c, m"],
        )),
    ),
    (
        ops::DepthwiseConv2DNhwcHwcOp::NAME,
        Kind::Named(&conv(
            NHWC_LOOPS,
            "kh kw",
            &[NHWC_IN, "kh, kw, c", "n, oh, ow, c"],
        )),
    ),
    (
        ops::DepthwiseConv2DNhwcHwcQOp::NAME,
        Kind::Named(&conv_q(
            NHWC_LOOPS,
            "kh kw",
            &[NHWC_IN, "kh, kw, c", "", "", "n, oh, ow, c"],
        )),
    ),
    (
        ops::DepthwiseConv2DNchwChwOp::NAME,
        Kind::Named(&conv(
            "n oh ow c kh kw",
            "kh kw",
            &[NCHW_IN, "c, kh, kw", "n, c, oh, ow"],
        )),
    ),
    (
        ops::DepthwiseConv2DNhwcHwcmOp::NAME,
        Kind::Named(&conv(
            "n oh ow c m kh kw",
            "kh kw",
            &[NHWC_IN, "kh, kw, c, m", "n, oh, ow, c, m"],
        )),
    ),
    (
        ops::DepthwiseConv2DNhwcHwcmQOp::NAME,
        Kind::Named(&conv_q(
            "n oh ow c m kh kw",
            "kh kw",
            &[NHWC_IN, "kh, kw, c, m", "", "", "n, oh, ow, c, m"],
        )),
    ),
    (
        ops::DepthwiseConv3DNdhwcDhwcOp::NAME,
        Kind::Named(&conv(
            "n od oh ow kd kh kw c",
            "kd kh kw",
            &[NDHWC_IN, "kd, kh, kw, c", "n, od, oh, ow, c"],
        )),
    ),
    (
        ops::DepthwiseConv3DNcdhwCdhwOp::NAME,
        Kind::Named(&conv(
            "n od oh ow kd kh kw c",
            "kd kh kw",
            &[
                "n, c, od+kd, oh+kh, ow+kw",
                "c, kd, kh, kw",
                "n, c, od, oh, ow",
            ],
        )),
    ),
    (
        ops::DepthwiseConv3DNdhwcDhwcmOp::NAME,
        Kind::Named(&conv(
            "n od oh ow m kd kh kw c",
            "kd kh kw",
            &[NDHWC_IN, "kd, kh, kw, c, m", "n, od, oh, ow, c, m"],
        )),
    ),
    // Pooling.
    (
        ops::PoolingNhwcSumOp::NAME,
        Kind::Named(&pool(NHWC_LOOPS, "kh kw", POOL_NHWC, ADD, false)),
    ),
    (
        ops::PoolingNhwcMaxOp::NAME,
        Kind::Named(&pool(NHWC_LOOPS, "kh kw", POOL_NHWC, MAX, false)),
    ),
    (
        ops::PoolingNhwcMinOp::NAME,
        Kind::Named(&pool(NHWC_LOOPS, "kh kw", POOL_NHWC, MIN, false)),
    ),
    (
        ops::PoolingNhwcMaxUnsignedOp::NAME,
        Kind::Named(&pool(NHWC_LOOPS, "kh kw", POOL_NHWC, MAXU, true)),
    ),
    (
        ops::PoolingNhwcMinUnsignedOp::NAME,
        Kind::Named(&pool(NHWC_LOOPS, "kh kw", POOL_NHWC, MINU, true)),
    ),
    (
        ops::PoolingNchwSumOp::NAME,
        Kind::Named(&pool(NCHW_LOOPS, "kh kw", POOL_NCHW, ADD, false)),
    ),
    (
        ops::PoolingNchwMaxOp::NAME,
        Kind::Named(&pool(NCHW_LOOPS, "kh kw", POOL_NCHW, MAX, false)),
    ),
    (
        ops::PoolingNwcSumOp::NAME,
        Kind::Named(&pool(NWC_LOOPS, "kw", POOL_NWC, ADD, false)),
    ),
    (
        ops::PoolingNwcMaxOp::NAME,
        Kind::Named(&pool(NWC_LOOPS, "kw", POOL_NWC, MAX, false)),
    ),
    (
        ops::PoolingNwcMinOp::NAME,
        Kind::Named(&pool(NWC_LOOPS, "kw", POOL_NWC, MIN, false)),
    ),
    (
        ops::PoolingNwcMaxUnsignedOp::NAME,
        Kind::Named(&pool(NWC_LOOPS, "kw", POOL_NWC, MAXU, true)),
    ),
    (
        ops::PoolingNwcMinUnsignedOp::NAME,
        Kind::Named(&pool(NWC_LOOPS, "kw", POOL_NWC, MINU, true)),
    ),
    (
        ops::PoolingNcwSumOp::NAME,
        Kind::Named(&pool(NCW_LOOPS, "kw", POOL_NCW, ADD, false)),
    ),
    (
        ops::PoolingNcwMaxOp::NAME,
        Kind::Named(&pool(NCW_LOOPS, "kw", POOL_NCW, MAX, false)),
    ),
    (
        ops::PoolingNdhwcSumOp::NAME,
        Kind::Named(&pool(NDHWC_LOOPS, "kd kh kw", POOL_NDHWC, ADD, false)),
    ),
    (
        ops::PoolingNdhwcMaxOp::NAME,
        Kind::Named(&pool(NDHWC_LOOPS, "kd kh kw", POOL_NDHWC, MAX, false)),
    ),
    (
        ops::PoolingNdhwcMinOp::NAME,
        Kind::Named(&pool(NDHWC_LOOPS, "kd kh kw", POOL_NDHWC, MIN, false)),
    ),
    // Elementwise.
    (ops::ExpOp::NAME, Kind::Named(&unary(math::ExpOp::NAME, ""))),
    (ops::LogOp::NAME, Kind::Named(&unary(math::LogOp::NAME, ""))),
    (
        ops::AbsOp::NAME,
        Kind::Named(&unary(math::AbsFOp::NAME, math::AbsIOp::NAME)),
    ),
    (
        ops::CeilOp::NAME,
        Kind::Named(&unary(math::CeilOp::NAME, "")),
    ),
    (
        ops::FloorOp::NAME,
        Kind::Named(&unary(math::FloorOp::NAME, "")),
    ),
    (
        ops::NegFOp::NAME,
        Kind::Named(&unary(arith::NegFOp::NAME, "")),
    ),
    (
        ops::ReciprocalOp::NAME,
        Kind::Named(&unary(arith::DivFOp::NAME, arith::DivSIOp::NAME)),
    ),
    (
        ops::RoundOp::NAME,
        Kind::Named(&unary(math::RoundOp::NAME, "")),
    ),
    (
        ops::SqrtOp::NAME,
        Kind::Named(&unary(math::SqrtOp::NAME, "")),
    ),
    (
        ops::RsqrtOp::NAME,
        Kind::Named(&unary(math::RsqrtOp::NAME, "")),
    ),
    (
        ops::SquareOp::NAME,
        Kind::Named(&unary(arith::MulFOp::NAME, arith::MulIOp::NAME)),
    ),
    (
        ops::TanhOp::NAME,
        Kind::Named(&unary(math::TanhOp::NAME, "")),
    ),
    (ops::ErfOp::NAME, Kind::Named(&unary(math::ErfOp::NAME, ""))),
    (
        ops::AddOp::NAME,
        Kind::Named(&binary(arith::AddFOp::NAME, arith::AddIOp::NAME)),
    ),
    (
        ops::SubOp::NAME,
        Kind::Named(&binary(arith::SubFOp::NAME, arith::SubIOp::NAME)),
    ),
    (
        ops::MulOp::NAME,
        Kind::Named(&binary(arith::MulFOp::NAME, arith::MulIOp::NAME)),
    ),
    (
        ops::DivOp::NAME,
        Kind::Named(&binary(arith::DivFOp::NAME, arith::DivSIOp::NAME)),
    ),
    (
        ops::DivUnsignedOp::NAME,
        Kind::Named(&binary("", arith::DivUIOp::NAME)),
    ),
    (
        ops::MaxOp::NAME,
        Kind::Named(&binary(arith::MaximumFOp::NAME, arith::MaxSIOp::NAME)),
    ),
    (
        ops::MinOp::NAME,
        Kind::Named(&binary(arith::MinimumFOp::NAME, arith::MinSIOp::NAME)),
    ),
    (
        ops::PowFOp::NAME,
        Kind::Named(&binary(math::PowFOp::NAME, "")),
    ),
    (
        ops::SelectOp::NAME,
        Kind::Named(&elementwise(Payload::Select)),
    ),
];

impl OpSpec {
    /// Number of inputs (for elementwise ops, the arity of the payload).
    pub fn num_inputs(&self) -> usize {
        match (self.maps, self.payload) {
            (Maps::Elementwise, Payload::Unary(_)) => 1,
            (Maps::Elementwise, Payload::Binary(_)) => 2,
            (Maps::Elementwise, _) => 3,
            (Maps::Required, _) => 2,
            _ => self.operands.len() - 1,
        }
    }

    /// Number of window (strided) dimensions.
    pub fn spatial_rank(&self) -> usize {
        self.operands.first().map_or(0, |o| o.matches('+').count())
    }

    /// The maps and iterator types given strides and dilations (missing
    /// entries are 1). Not for elementwise or `Required` ops.
    pub fn maps_with(&self, strides: &[i64], dil: &[i64]) -> (Vec<AffineMap>, Vec<IteratorType>) {
        let names: Vec<&str> = self.loops.split_whitespace().collect();
        let n = names.len();
        let d = dims(n);
        let dim = |name: &str| -> AffineExpr {
            let i = names
                .iter()
                .position(|x| *x == name.trim())
                .unwrap_or_else(|| panic!("loop `{name}` not declared in `{}`", self.loops));
            d[i].clone()
        };
        let maps = self
            .operands
            .iter()
            .map(|indices| {
                let mut spatial = 0;
                let results = indices
                    .split(',')
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .map(|term| match term.split_once('+') {
                        Some((a, b)) => {
                            let s = strides.get(spatial).copied().unwrap_or(1);
                            let k = dil.get(spatial).copied().unwrap_or(1);
                            spatial += 1;
                            window(&dim(a), s, &dim(b), k)
                        }
                        None => dim(term),
                    })
                    .collect();
                AffineMap::new(n, 0, results)
            })
            .collect();
        let reductions: Vec<&str> = self.reductions.split_whitespace().collect();
        let iterators = names
            .iter()
            .map(|l| if reductions.contains(l) { R } else { P })
            .collect();
        (maps, iterators)
    }
}

impl Kind {
    /// Whether strides and dilations apply.
    pub fn is_windowed(self) -> bool {
        matches!(self, Kind::Named(s) if s.windowed)
    }
    pub fn spatial_rank(self) -> usize {
        match self {
            Kind::Named(s) => s.spatial_rank(),
            _ => 0,
        }
    }
    /// Whether the op has an `indexing_maps` property in MLIR 22 (the
    /// contraction ops that accept user maps).
    pub fn has_explicit_maps(self) -> bool {
        matches!(self, Kind::Named(s) if matches!(s.maps, Maps::Explicit | Maps::Required))
    }
    /// Whether MLIR keeps the maps in `linalg.memoized_indexing_maps`
    /// (OpDSL ops whose maps do not depend on the operands' ranks).
    pub fn memoizes_maps(self) -> bool {
        matches!(self, Kind::Named(s) if s.maps == Maps::Fixed)
    }
    pub fn spec(self) -> Option<&'static OpSpec> {
        match self {
            Kind::Named(s) => Some(s),
            _ => None,
        }
    }
}

/// The attribute in which MLIR memoizes a named op's maps.
pub const MEMOIZED_MAPS: &str = "linalg.memoized_indexing_maps";

/// `strides` / `dilations` of a windowed op (default 1).
pub fn window_attr(ctx: &Context, ir: &Ir, op: OpId, name: &str, rank: usize) -> Vec<i64> {
    let Some(attr) = ir.attr(ctx, op, name) else {
        return vec![1; rank];
    };
    window_values(ctx, attr, rank)
}

/// The values of a `strides`/`dilations` attribute (dense array or
/// elements, splat or not).
pub fn window_values(ctx: &Context, attr: Attribute, rank: usize) -> Vec<i64> {
    if let Some(values) = ctx.dense_array_i64(attr) {
        return values;
    }
    match ctx.attr_data(attr) {
        AttrData::DenseElements { splat, raw, .. } if raw.len() >= 8 => {
            let read = |i: usize| {
                let mut b = [0u8; 8];
                b.copy_from_slice(&raw[i * 8..i * 8 + 8]);
                i64::from_le_bytes(b)
            };
            if *splat {
                vec![read(0); rank]
            } else {
                (0..raw.len() / 8).map(read).collect()
            }
        }
        _ => vec![1; rank],
    }
}

/// The default maps of a named op (without user `indexing_maps`).
pub fn default_maps(
    kind: Kind,
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> (Vec<AffineMap>, Vec<IteratorType>) {
    let s = kind.spatial_rank();
    let strides = window_attr(ctx, ir, op, "strides", s);
    let dilations = window_attr(ctx, ir, op, "dilations", s);
    default_maps_with(kind, &strides, &dilations)
}

/// The maps of a named op with fixed or default maps given its strides
/// and dilations.
pub fn default_maps_with(
    kind: Kind,
    strides: &[i64],
    dil: &[i64],
) -> (Vec<AffineMap>, Vec<IteratorType>) {
    match kind {
        Kind::Named(spec) if matches!(spec.maps, Maps::Fixed | Maps::Explicit) => {
            spec.maps_with(strides, dil)
        }
        _ => unreachable!("maps of {kind:?} depend on operands"),
    }
}

fn rank(ctx: &Context, ir: &Ir, v: Value) -> usize {
    ctx.shape(ir.value_type(v)).map_or(0, |s| s.len())
}

impl LinalgStructuredOp for Kind {
    fn structured_info(&self, ctx: &Context, ir: &Ir, op: OpId) -> Result<StructuredInfo, String> {
        let (inputs, outputs) = ins_outs(ctx, ir, op, *self);
        let (maps, iterators) = match *self {
            Kind::Generic => {
                let maps = affine_maps_attr(ctx, ir, op, "indexing_maps")
                    .ok_or("expected indexing_maps")?;
                let iterators =
                    iterator_types_attr(ctx, ir, op).ok_or("expected iterator_types")?;
                (maps, iterators)
            }
            Kind::Fill => {
                let r = rank(ctx, ir, outputs[0]);
                (
                    vec![
                        AffineMap::new(r, 0, vec![]),
                        AffineMap::multi_dim_identity(r),
                    ],
                    vec![P; r],
                )
            }
            Kind::Copy | Kind::Map => {
                let r = rank(ctx, ir, outputs[0]);
                let n = inputs.len() + outputs.len();
                (vec![AffineMap::multi_dim_identity(r); n], vec![P; r])
            }
            Kind::Transpose => {
                let perm =
                    strata_dialect_tensor::syntax::i64_array_prop(ctx, ir, op, "permutation");
                let r = perm.len();
                let d = dims(r);
                // input dim perm[i] is iterated by loop i
                let mut input = vec![AffineExpr::constant(0); r];
                for (i, &p) in perm.iter().enumerate() {
                    if (p as usize) < r {
                        input[p as usize] = d[i].clone();
                    }
                }
                (
                    vec![
                        AffineMap::new(r, 0, input),
                        AffineMap::multi_dim_identity(r),
                    ],
                    vec![P; r],
                )
            }
            Kind::Broadcast => {
                let added =
                    strata_dialect_tensor::syntax::i64_array_prop(ctx, ir, op, "dimensions");
                let r = rank(ctx, ir, outputs[0]);
                let input: Vec<AffineExpr> = (0..r)
                    .filter(|d| !added.contains(&(*d as i64)))
                    .map(AffineExpr::dim)
                    .collect();
                (
                    vec![
                        AffineMap::new(r, 0, input),
                        AffineMap::multi_dim_identity(r),
                    ],
                    vec![P; r],
                )
            }
            Kind::Reduce => {
                let reduced =
                    strata_dialect_tensor::syntax::i64_array_prop(ctx, ir, op, "dimensions");
                let r = rank(ctx, ir, inputs[0]);
                let out: Vec<AffineExpr> = (0..r)
                    .filter(|d| !reduced.contains(&(*d as i64)))
                    .map(AffineExpr::dim)
                    .collect();
                let mut maps = vec![AffineMap::multi_dim_identity(r); inputs.len()];
                maps.extend(vec![AffineMap::new(r, 0, out); outputs.len()]);
                let it = (0..r)
                    .map(|d| if reduced.contains(&(d as i64)) { R } else { P })
                    .collect();
                (maps, it)
            }
            Kind::Named(spec) => match spec.maps {
                Maps::Elementwise => {
                    let r = outputs.first().map_or(0, |&o| rank(ctx, ir, o));
                    let n = inputs.len() + outputs.len();
                    (vec![AffineMap::multi_dim_identity(r); n], vec![P; r])
                }
                Maps::Required => {
                    let maps = affine_maps_attr(ctx, ir, op, "indexing_maps")
                        .ok_or("expected indexing_maps")?;
                    let n = maps.first().map_or(0, |m| m.num_dims());
                    let out = maps
                        .last()
                        .cloned()
                        .unwrap_or_else(|| AffineMap::new(n, 0, vec![]));
                    let it = (0..n)
                        .map(|d| {
                            if out.results().iter().any(|e| e.as_dim() == Some(d)) {
                                P
                            } else {
                                R
                            }
                        })
                        .collect();
                    (maps, it)
                }
                Maps::Explicit => {
                    let (defaults, it) = default_maps(*self, ctx, ir, op);
                    let maps = affine_maps_attr(ctx, ir, op, "indexing_maps").unwrap_or(defaults);
                    (maps, it)
                }
                Maps::Fixed => {
                    let (defaults, it) = default_maps(*self, ctx, ir, op);
                    // MLIR reads the memoized maps when present.
                    let maps = affine_maps_attr(ctx, ir, op, MEMOIZED_MAPS)
                        .filter(|m| m.len() == defaults.len())
                        .unwrap_or(defaults);
                    (maps, it)
                }
            },
        };
        Ok(StructuredInfo {
            inputs,
            outputs,
            indexing_maps: maps,
            iterator_types: iterators,
        })
    }

    fn build_payload(&self, ctx: &Context, ir: &mut Ir, loc: Location, block: BlockId) {
        let args: Vec<Value> = ir.block_args(block).to_vec();
        let Some(&out) = args.last() else { return };
        let out_ty = ir.value_type(out);
        let mut b = PayloadBuilder {
            ctx,
            ir,
            loc,
            block,
        };
        let float = ctx.is_float(out_ty);
        let pick = |f: ScalarFn| if float { f.float } else { f.int };
        let result = match *self {
            Kind::Fill | Kind::Copy | Kind::Transpose | Kind::Broadcast => {
                b.cast(args[0], out_ty, false)
            }
            Kind::Generic | Kind::Map | Kind::Reduce => return,
            Kind::Named(spec) => match spec.payload {
                Payload::MulAdd => {
                    let x = b.cast(args[0], out_ty, false);
                    let y = b.cast(args[1], out_ty, false);
                    let m = b.op(
                        pick(f(arith::MulFOp::NAME, arith::MulIOp::NAME)),
                        &[x, y],
                        out_ty,
                    );
                    b.op(pick(ADD), &[out, m], out_ty)
                }
                Payload::MulAddZp => {
                    let sub = pick(f(arith::SubFOp::NAME, arith::SubIOp::NAME));
                    let x = b.cast(args[0], out_ty, false);
                    let zx = b.cast(args[2], out_ty, false);
                    let x = b.op(sub, &[x, zx], out_ty);
                    let y = b.cast(args[1], out_ty, false);
                    let zy = b.cast(args[3], out_ty, false);
                    let y = b.op(sub, &[y, zy], out_ty);
                    let m = b.op(
                        pick(f(arith::MulFOp::NAME, arith::MulIOp::NAME)),
                        &[x, y],
                        out_ty,
                    );
                    b.op(pick(ADD), &[out, m], out_ty)
                }
                Payload::Pool { f, unsigned } => {
                    let x = b.cast(args[0], out_ty, unsigned);
                    b.op(pick(f), &[out, x], out_ty)
                }
                Payload::Unary(fun) => {
                    let name = pick(fun);
                    let x = args[0];
                    if name == arith::DivFOp::NAME || name == arith::DivSIOp::NAME {
                        // reciprocal: 1 / x
                        let one = b.one(out_ty);
                        b.op(name, &[one, x], out_ty)
                    } else if name == arith::MulFOp::NAME || name == arith::MulIOp::NAME {
                        // square: x * x
                        b.op(name, &[x, x], out_ty)
                    } else {
                        b.op(name, &[x], out_ty)
                    }
                }
                Payload::Binary(fun) => b.op(pick(fun), &[args[0], args[1]], out_ty),
                Payload::Select => {
                    b.op(arith::SelectOp::NAME, &[args[0], args[1], args[2]], out_ty)
                }
            },
        };
        let mut y = OperationState::new(ctx, crate::YieldOp::NAME, loc);
        y.operands = vec![result];
        b.ir.create_op(y, InsertPoint::BlockEnd(block));
    }
}

/// The error MLIR's `RegionBuilderHelper::buildBinaryFn` reports while
/// building an OpDSL payload from element types it cannot combine: operands
/// of different kinds (float, integer, complex), or an unsigned max/min on
/// anything but integers wider than i1. Checked before the payload is built
/// so that the parser reports it, as MLIR's does.
pub fn payload_type_error(ctx: &Context, kind: Kind, elements: &[Type]) -> Option<String> {
    let Kind::Named(spec) = kind else {
        return None;
    };
    let (&out, ins) = elements.split_last()?;
    let class = |t: Type| {
        if ctx.is_float(t) {
            1
        } else if ctx.integer_width(t).is_some() || ctx.is_index(t) {
            2
        } else if matches!(ctx.type_data(t), strata_ir::TypeData::Complex(_)) {
            3
        } else {
            0
        }
    };
    let mixed = |a: Type, b: Type| {
        (class(a) == 0 || class(a) != class(b)).then(|| {
            format!(
                "Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got '{}' and '{}'",
                strata_ir::asm::printer::type_to_string(ctx, a),
                strata_ir::asm::printer::type_to_string(ctx, b)
            )
        })
    };
    match spec.payload {
        Payload::Binary(_) if ins.len() >= 2 => mixed(ins[0], ins[1]),
        Payload::Pool { f, .. } if f == MAXU || f == MINU => {
            let integer = ctx.integer_width(out).is_some_and(|w| w > 1) || ctx.is_index(out);
            (!integer).then(|| {
                format!(
                    "unsupported operation: unsigned {} not on uint",
                    if f == MAXU { "max" } else { "min" }
                )
            })
        }
        _ => None,
    }
}

/// Appends payload ops to a block, with the default-valued properties
/// MLIR's builders set (`fastmath = #arith.fastmath<none>`,
/// `overflowFlags = #arith.overflow<none>`).
struct PayloadBuilder<'a> {
    ctx: &'a Context,
    ir: &'a mut Ir,
    loc: Location,
    block: BlockId,
}

impl PayloadBuilder<'_> {
    fn op(&mut self, name: &str, operands: &[Value], ty: Type) -> Value {
        let ctx = self.ctx;
        let mut state = OperationState::new(ctx, name, self.loc);
        state.operands = operands.to_vec();
        state.result_types = vec![ty];
        state.properties = default_properties(ctx, name);
        let op = self.ir.create_op(state, InsertPoint::BlockEnd(self.block));
        self.ir.result(op, 0)
    }

    /// `arith.constant 1` of `ty`.
    fn one(&mut self, ty: Type) -> Value {
        let ctx = self.ctx;
        let value = match ctx.float_kind(ty) {
            Some(kind) => ctx.intern_attr(AttrData::Float {
                ty,
                bits: strata_ir::attributes::FloatBits(
                    strata_dialect_arith::semantics::float_to_bits(kind, 1.0).unwrap_or(0),
                ),
            }),
            None => ctx.intern_attr(AttrData::Integer { ty, value: 1 }),
        };
        let state = strata_dialect_arith::build::constant_state(ctx, value, ty, self.loc);
        let op = self.ir.create_op(state, InsertPoint::BlockEnd(self.block));
        self.ir.result(op, 0)
    }

    /// Converts `v` to `to` as OpDSL's `cast_signed` (`cast_unsigned`).
    fn cast(&mut self, v: Value, to: Type, unsigned: bool) -> Value {
        let ctx = self.ctx;
        let from = self.ir.value_type(v);
        if from == to {
            return v;
        }
        let name = match (ctx.float_kind(from), ctx.float_kind(to)) {
            (Some(a), Some(b)) => {
                if a.width() < b.width() {
                    arith::ExtFOp::NAME
                } else {
                    arith::TruncFOp::NAME
                }
            }
            (None, Some(_)) if unsigned => arith::UIToFPOp::NAME,
            (None, Some(_)) => arith::SIToFPOp::NAME,
            (Some(_), None) if unsigned => arith::FPToUIOp::NAME,
            (Some(_), None) => arith::FPToSIOp::NAME,
            (None, None) => {
                if ctx.is_index(from) || ctx.is_index(to) {
                    if unsigned {
                        arith::IndexCastUIOp::NAME
                    } else {
                        arith::IndexCastOp::NAME
                    }
                } else if ctx.integer_width(from) < ctx.integer_width(to) {
                    if unsigned {
                        arith::ExtUIOp::NAME
                    } else {
                        arith::ExtSIOp::NAME
                    }
                } else {
                    arith::TruncIOp::NAME
                }
            }
        };
        self.op(name, &[v], to)
    }
}

/// The properties MLIR's builders give `name` by default: its
/// default-valued `fastmath` / `overflowFlags` set to none.
fn default_properties(ctx: &Context, name: &str) -> Attribute {
    let Some(def) = ctx.op_definition(ctx.op_name(name)) else {
        return ctx.empty_dictionary();
    };
    use strata_dialect_arith::attrs::{FASTMATH, OVERFLOW};
    let entries: Vec<_> = def
        .attributes
        .iter()
        .filter_map(|a| match a.name.as_str() {
            "fastmath" => Some((ctx.intern_str("fastmath"), FASTMATH.attr(ctx, 0))),
            "overflowFlags" => Some((ctx.intern_str("overflowFlags"), OVERFLOW.attr(ctx, 0))),
            _ => None,
        })
        .collect();
    ctx.dictionary_attr(entries)
}

/// Splits `op`'s operands into ins and outs.
pub fn ins_outs(ctx: &Context, ir: &Ir, op: OpId, kind: Kind) -> (Vec<Value>, Vec<Value>) {
    match kind {
        Kind::Transpose | Kind::Broadcast => {
            let all: Vec<Value> = ir.operands(op).collect();
            match all.as_slice() {
                [input, init] => (vec![*input], vec![*init]),
                _ => (Vec::new(), all),
            }
        }
        Kind::Map => {
            // ins..., init: one init.
            let all: Vec<Value> = ir.operands(op).collect();
            let n = all.len();
            (
                all[..n.saturating_sub(1)].to_vec(),
                all[n.saturating_sub(1)..].to_vec(),
            )
        }
        Kind::Reduce => {
            // As many inits as inputs.
            let all: Vec<Value> = ir.operands(op).collect();
            let n = all.len();
            (all[..n / 2].to_vec(), all[n / 2..].to_vec())
        }
        _ => {
            let groups = operand_segments(ctx, ir, op);
            if groups.len() == 2 {
                (groups[0].clone(), groups[1].clone())
            } else {
                let all: Vec<Value> = ir.operands(op).collect();
                let n = all.len();
                (
                    all[..n.saturating_sub(1)].to_vec(),
                    all[n.saturating_sub(1)..].to_vec(),
                )
            }
        }
    }
}

/// The affine maps of an array-of-affine-map attribute.
pub fn affine_maps_attr(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<Vec<AffineMap>> {
    let attr = ir.attr(ctx, op, name)?;
    ctx.array_elements(attr)?
        .iter()
        .map(|a| match ctx.attr_data(*a) {
            AttrData::AffineMap(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

/// The iterator types of a `linalg.generic`.
pub fn iterator_types_attr(ctx: &Context, ir: &Ir, op: OpId) -> Option<Vec<IteratorType>> {
    let attr = ir.attr(ctx, op, "iterator_types")?;
    ctx.array_elements(attr)?
        .iter()
        .map(|a| crate::iterator_type_of(ctx, *a))
        .collect()
}
