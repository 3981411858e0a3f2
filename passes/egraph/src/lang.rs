//! The tensor-program language the e-graph works on.
//!
//! One e-node is an [`Op`] (operator plus its static parameters) and a list
//! of child e-classes. Parameters — strides, paddings, shapes, permutations,
//! tile sizes — live in the operator, not in child e-classes: they are
//! compile-time constants, rules compute them from the e-class analysis
//! ([`crate::analysis`]), and keeping them out of the graph keeps the graph
//! small. Every op has a fixed, documented shape rule in
//! [`crate::analysis::infer`]; a node is added to the graph only after that
//! rule accepted it, so the graph never holds an ill-shaped term.
//!
//! Conventions: images are NCHW, convolution weights FCHW (OIHW), matmul
//! operands `[M, K] x [K, N]`. Convolutions are *valid* (unpadded):
//! padding is an explicit [`Op::Pad`], as `tensor.pad` before
//! `linalg.conv_2d_nchw_fchw` in the IR.

use egg::{Id, Language, Symbol};
use smallvec::SmallVec;
use std::fmt;

/// Element types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DType {
    I8,
    U8,
    I32,
    I64,
    F32,
}

impl DType {
    pub fn is_int(self) -> bool {
        !matches!(self, DType::F32)
    }
    /// The accumulator type of a multiply-accumulate over this type.
    pub fn accumulator(self) -> DType {
        match self {
            DType::I8 | DType::U8 | DType::I32 => DType::I32,
            DType::I64 => DType::I64,
            DType::F32 => DType::F32,
        }
    }
    pub fn bytes(self) -> i64 {
        match self {
            DType::I8 | DType::U8 => 1,
            DType::I32 | DType::F32 => 4,
            DType::I64 => 8,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            DType::I8 => "i8",
            DType::U8 => "u8",
            DType::I32 => "i32",
            DType::I64 => "i64",
            DType::F32 => "f32",
        }
    }
}

/// Elementwise unary operators (also usable as a fused epilogue).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unary {
    Relu,
    Neg,
    /// Saturating narrowing to `i8` (VTA's shift-and-clip epilogue, without the shift).
    Requant,
}

impl Unary {
    /// The result type of this operator on `dtype`.
    pub fn result_type(self, dtype: DType) -> DType {
        match self {
            Unary::Requant => DType::I8,
            _ => dtype,
        }
    }
}

/// Elementwise binary operators on equal shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Binary {
    Add,
    Sub,
    Mul,
    Max,
}

/// Reduction combiners.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reduction {
    Sum,
    Max,
}

/// Blocked weight layouts of [`Op::BlockedConv`], named as oneDNN names
/// them (upper case: outer dimension, lower case with a size: an inner
/// block). The input is `NCHW[i]c` and the output `NCHW[o]c`, where `i` is
/// the layout's whole input-channel block and `o` its output block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WeightLayout {
    /// `OIHW{o}o{i}i`: `[F/o, C/i, KH, KW, o, i]` (VTA's packed weights).
    OIHWoi { o: i64, i: i64 },
    /// `Ohw I{o}o{i}i`: `[F/o, KH, KW, C/i, o, i]` (e.g. `OhwI64o4i`, x86 VNNI).
    OhwIoi { o: i64, i: i64 },
    /// `Ohw{a}i{o}o{b}i`: `[F/o, KH, KW, C/(a*b), a, o, b]` (e.g. `Ohw4i16o4i`).
    OhwAiOoBi { a: i64, o: i64, b: i64 },
}

impl WeightLayout {
    /// The output-channel block.
    pub fn o_block(self) -> i64 {
        match self {
            WeightLayout::OIHWoi { o, .. }
            | WeightLayout::OhwIoi { o, .. }
            | WeightLayout::OhwAiOoBi { o, .. } => o,
        }
    }
    /// The whole input-channel block.
    pub fn i_block(self) -> i64 {
        match self {
            WeightLayout::OIHWoi { i, .. } | WeightLayout::OhwIoi { i, .. } => i,
            WeightLayout::OhwAiOoBi { a, b, .. } => a * b,
        }
    }
    /// The packed weight shape for FCHW weights of shape `[f, c, kh, kw]`.
    pub fn packed_shape(self, f: i64, c: i64, kh: i64, kw: i64) -> Vec<i64> {
        match self {
            WeightLayout::OIHWoi { o, i } => vec![f / o, c / i, kh, kw, o, i],
            WeightLayout::OhwIoi { o, i } => vec![f / o, kh, kw, c / i, o, i],
            WeightLayout::OhwAiOoBi { a, o, b } => vec![f / o, kh, kw, c / (a * b), a, o, b],
        }
    }
    /// The packed index of weight element `(f, c, kh, kw)`.
    pub fn packed_index(self, f: i64, c: i64, kh: i64, kw: i64) -> Vec<i64> {
        match self {
            WeightLayout::OIHWoi { o, i } => vec![f / o, c / i, kh, kw, f % o, c % i],
            WeightLayout::OhwIoi { o, i } => vec![f / o, kh, kw, c / i, f % o, c % i],
            WeightLayout::OhwAiOoBi { a, o, b } => {
                let ci = c % (a * b);
                vec![f / o, kh, kw, c / (a * b), ci / b, f % o, ci % b]
            }
        }
    }
}

impl fmt::Display for WeightLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            WeightLayout::OIHWoi { o, i } => write!(f, "OIHW{o}o{i}i"),
            WeightLayout::OhwIoi { o, i } => write!(f, "OhwI{o}o{i}i"),
            WeightLayout::OhwAiOoBi { a, o, b } => write!(f, "Ohw{a}i{o}o{b}i"),
        }
    }
}

/// An operator with its static parameters.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Op {
    /// A function argument; its shape, type and constness are in
    /// [`crate::analysis::TensorAnalysis::inputs`].
    Input(Symbol),
    /// Valid 2-D convolution, NCHW x FCHW -> NFHW, with an optional fused
    /// elementwise epilogue. `[x, w]`.
    Conv2d {
        stride: [i64; 2],
        dil: [i64; 2],
        epi: Option<Unary>,
    },
    /// Convolution on blocked operands: `x: [N, C/i, H, W, i]`, weights in
    /// `layout`, result `[N, F/o, OH, OW, o]`. `[x, w]`.
    BlockedConv {
        stride: [i64; 2],
        dil: [i64; 2],
        epi: Option<Unary>,
        layout: WeightLayout,
    },
    /// `[M, K] x [K, N] -> [M, N]`. `[a, b]`.
    Matmul {
        epi: Option<Unary>,
    },
    Unary(Unary),
    Binary(Binary),
    /// Reduces dimension `axis` away.
    Reduce {
        axis: usize,
        kind: Reduction,
    },
    /// Zero padding: `lo[d]` elements before and `hi[d]` after dimension `d`.
    Pad {
        lo: Box<[i64]>,
        hi: Box<[i64]>,
    },
    /// `tensor.extract_slice` with strides (a strided gather).
    Slice {
        offsets: Box<[i64]>,
        sizes: Box<[i64]>,
        strides: Box<[i64]>,
    },
    /// Row-major reshape (collapse / expand) to this shape.
    Reshape(Box<[i64]>),
    /// `result[i] = x[perm^-1 ...]`: result dimension `d` is input dimension `perm[d]`.
    Transpose(Box<[i64]>),
    /// `linalg.pack` without outer permutation: dimensions `dims` are split
    /// by `tiles` (zero-padded to a multiple), the tiles appended innermost.
    Pack {
        dims: Box<[i64]>,
        tiles: Box<[i64]>,
    },
    /// Inverse of [`Op::Pack`]; `shape` is the unpacked shape.
    Unpack {
        dims: Box<[i64]>,
        tiles: Box<[i64]>,
        shape: Box<[i64]>,
    },
    /// Window (stencil) extraction along `axis`: dimension `L` becomes
    /// `[size, O]` with `result[.., k, o, ..] = x[.., o*step + k*dil, ..]`,
    /// `O = (L - dil*(size-1) - 1)/step + 1`.
    Unfold {
        axis: i64,
        size: i64,
        step: i64,
        dil: i64,
    },
    /// Image pack (space to depth): `[N, C, H, W] -> [N, C*s0*s1, H/s0, W/s1]`
    /// with `result[n, (c*s0 + a)*s1 + b, i, j] = x[n, c, i*s0 + a, j*s1 + b]`.
    ImagePack([i64; 2]),
    /// Inverse of image pack for `d0*d1` children `y[a*d1 + b]` of shape
    /// `[N, F, P, Q]`: `result[n, f, i*d0 + a, j*d1 + b] = y[a*d1+b][n, f, i, j]`.
    Interleave([i64; 2]),
}

/// An e-node: an operator and its child e-classes.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TNode {
    pub op: Op,
    pub children: SmallVec<[Id; 2]>,
}

impl TNode {
    pub fn new(op: Op, children: &[Id]) -> Self {
        TNode {
            op,
            children: children.iter().copied().collect(),
        }
    }
    pub fn leaf(op: Op) -> Self {
        Self::new(op, &[])
    }
}

/// Discriminant: the operator without children (parameters included, so a
/// search for one kind of node skips others quickly).
impl Language for TNode {
    type Discriminant = std::mem::Discriminant<Op>;

    fn discriminant(&self) -> Self::Discriminant {
        std::mem::discriminant(&self.op)
    }
    fn matches(&self, other: &Self) -> bool {
        self.op == other.op && self.children.len() == other.children.len()
    }
    fn children(&self) -> &[Id] {
        &self.children
    }
    fn children_mut(&mut self) -> &mut [Id] {
        &mut self.children
    }
}

fn list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, xs: &[T]) -> fmt::Result {
    write!(f, "[")?;
    for (i, x) in xs.iter().enumerate() {
        if i > 0 {
            write!(f, ",")?;
        }
        write!(f, "{x}")?;
    }
    write!(f, "]")
}

impl fmt::Display for Unary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unary::Relu => "relu",
            Unary::Neg => "neg",
            Unary::Requant => "requant",
        })
    }
}

impl fmt::Display for Binary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Binary::Add => "add",
            Binary::Sub => "sub",
            Binary::Mul => "mul",
            Binary::Max => "max",
        })
    }
}

/// The operator's name, as used in dumps (`eqsat.<name>`) and rule tables.
impl Op {
    pub fn name(&self) -> &'static str {
        match self {
            Op::Input(_) => "input",
            Op::Conv2d { .. } => "conv2d",
            Op::BlockedConv { .. } => "blocked_conv2d",
            Op::Matmul { .. } => "matmul",
            Op::Unary(_) => "unary",
            Op::Binary(_) => "binary",
            Op::Reduce { .. } => "reduce",
            Op::Pad { .. } => "pad",
            Op::Slice { .. } => "slice",
            Op::Reshape(_) => "reshape",
            Op::Transpose(_) => "transpose",
            Op::Pack { .. } => "pack",
            Op::Unpack { .. } => "unpack",
            Op::Unfold { .. } => "unfold",
            Op::ImagePack(_) => "image_pack",
            Op::Interleave(_) => "interleave",
        }
    }
    /// Whether this is a multiply-accumulate (compute) operator.
    pub fn is_contraction(&self) -> bool {
        matches!(
            self,
            Op::Conv2d { .. } | Op::BlockedConv { .. } | Op::Matmul { .. }
        )
    }
}

/// Prints `name{params}`; used for `RecExpr` display and the `eqsat` dump.
impl fmt::Display for TNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.op.name())?;
        let epi = |f: &mut fmt::Formatter<'_>, e: &Option<Unary>| match e {
            Some(u) => write!(f, " epilogue={u}"),
            None => Ok(()),
        };
        match &self.op {
            Op::Input(s) => write!(f, "{{{s}}}"),
            Op::Conv2d {
                stride,
                dil,
                epi: e,
            } => {
                write!(f, "{{stride=")?;
                list(f, stride)?;
                write!(f, " dilation=")?;
                list(f, dil)?;
                epi(f, e)?;
                write!(f, "}}")
            }
            Op::BlockedConv {
                stride,
                dil,
                epi: e,
                layout,
            } => {
                write!(f, "{{layout={layout} stride=")?;
                list(f, stride)?;
                write!(f, " dilation=")?;
                list(f, dil)?;
                epi(f, e)?;
                write!(f, "}}")
            }
            Op::Matmul { epi: e } => match e {
                Some(u) => write!(f, "{{epilogue={u}}}"),
                None => Ok(()),
            },
            Op::Unary(u) => write!(f, "{{{u}}}"),
            Op::Binary(b) => write!(f, "{{{b}}}"),
            Op::Reduce { axis, kind } => write!(
                f,
                "{{axis={axis} kind={}}}",
                if *kind == Reduction::Sum {
                    "sum"
                } else {
                    "max"
                }
            ),
            Op::Pad { lo, hi } => {
                write!(f, "{{low=")?;
                list(f, lo)?;
                write!(f, " high=")?;
                list(f, hi)?;
                write!(f, "}}")
            }
            Op::Slice {
                offsets,
                sizes,
                strides,
            } => {
                write!(f, "{{offsets=")?;
                list(f, offsets)?;
                write!(f, " sizes=")?;
                list(f, sizes)?;
                write!(f, " strides=")?;
                list(f, strides)?;
                write!(f, "}}")
            }
            Op::Reshape(s) => {
                write!(f, "{{shape=")?;
                list(f, s)?;
                write!(f, "}}")
            }
            Op::Transpose(p) => {
                write!(f, "{{perm=")?;
                list(f, p)?;
                write!(f, "}}")
            }
            Op::Pack { dims, tiles } => {
                write!(f, "{{dims=")?;
                list(f, dims)?;
                write!(f, " tiles=")?;
                list(f, tiles)?;
                write!(f, "}}")
            }
            Op::Unpack { dims, tiles, shape } => {
                write!(f, "{{dims=")?;
                list(f, dims)?;
                write!(f, " tiles=")?;
                list(f, tiles)?;
                write!(f, " shape=")?;
                list(f, shape)?;
                write!(f, "}}")
            }
            Op::Unfold {
                axis,
                size,
                step,
                dil,
            } => write!(f, "{{axis={axis} size={size} step={step} dilation={dil}}}"),
            Op::ImagePack(s) => {
                write!(f, "{{factors=")?;
                list(f, s)?;
                write!(f, "}}")
            }
            Op::Interleave(d) => {
                write!(f, "{{factors=")?;
                list(f, d)?;
                write!(f, "}}")
            }
        }
    }
}

/// A term under construction: nodes appended bottom-up, the last one the root.
/// A thin layer over `egg::RecExpr` with one method per operator, so tests,
/// benches and the IR importer build terms without parsing strings.
#[derive(Default, Clone, Debug)]
pub struct TermBuilder {
    pub expr: egg::RecExpr<TNode>,
}

impl TermBuilder {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn add(&mut self, op: Op, children: &[Id]) -> Id {
        self.expr.add(TNode::new(op, children))
    }
    pub fn input(&mut self, name: &str) -> Id {
        self.add(Op::Input(Symbol::from(name)), &[])
    }
    pub fn conv2d(&mut self, x: Id, w: Id, stride: [i64; 2], dil: [i64; 2]) -> Id {
        self.add(
            Op::Conv2d {
                stride,
                dil,
                epi: None,
            },
            &[x, w],
        )
    }
    pub fn matmul(&mut self, a: Id, b: Id) -> Id {
        self.add(Op::Matmul { epi: None }, &[a, b])
    }
    pub fn pad(&mut self, x: Id, lo: &[i64], hi: &[i64]) -> Id {
        self.add(
            Op::Pad {
                lo: lo.into(),
                hi: hi.into(),
            },
            &[x],
        )
    }
    pub fn unary(&mut self, u: Unary, x: Id) -> Id {
        self.add(Op::Unary(u), &[x])
    }
    pub fn binary(&mut self, b: Binary, x: Id, y: Id) -> Id {
        self.add(Op::Binary(b), &[x, y])
    }
    pub fn build(self) -> egg::RecExpr<TNode> {
        self.expr
    }
}
