//! The e-class analysis: shape, element type and constness of every class.
//!
//! [`infer`] is the single shape rule of every operator. The analysis calls
//! it when a node is added, and rules call it (through
//! [`crate::rules::Graft`]) *before* adding a node: a node whose shape rule
//! fails is never added, so no class ever holds an ill-shaped term. All
//! nodes of a class have the same shape (they denote the same tensor); a
//! merge that disagrees would be a bug in a rule, and is reported by
//! [`TensorAnalysis::conflicts`] instead of panicking.
//!
//! Constness: a class is constant when it only depends on constant inputs
//! (weights). Layout operators on constants are folded at compile time, so
//! the cost models charge them no data movement.

use crate::lang::{DType, Op, TNode, WeightLayout};
use egg::{Analysis, DidMerge, EGraph, Id, Symbol};
use std::collections::BTreeMap;

/// What the analysis knows about an e-class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Data {
    pub shape: Vec<i64>,
    pub dtype: DType,
    /// Depends only on constant inputs.
    pub konst: bool,
}

impl Data {
    pub fn elems(&self) -> i64 {
        self.shape.iter().product()
    }
    pub fn rank(&self) -> usize {
        self.shape.len()
    }
}

/// A function argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputInfo {
    pub shape: Vec<i64>,
    pub dtype: DType,
    /// Known at compile time (weights).
    pub konst: bool,
}

#[derive(Debug, Clone, Default)]
pub struct TensorAnalysis {
    pub inputs: BTreeMap<Symbol, InputInfo>,
    /// Merges whose shapes disagreed (always empty unless a rule is wrong).
    pub conflicts: usize,
}

pub type TensorGraph = EGraph<TNode, TensorAnalysis>;

impl TensorAnalysis {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn with_input(mut self, name: &str, shape: &[i64], dtype: DType, konst: bool) -> Self {
        self.add_input(name, shape, dtype, konst);
        self
    }
    pub fn add_input(&mut self, name: &str, shape: &[i64], dtype: DType, konst: bool) {
        self.inputs.insert(
            Symbol::from(name),
            InputInfo {
                shape: shape.to_vec(),
                dtype,
                konst,
            },
        );
    }
}

/// Output size of a window of `k` taps with dilation `d` and stride `s` over `l`.
pub fn window_out(l: i64, k: i64, s: i64, d: i64) -> Option<i64> {
    let span = d.checked_mul(k - 1)? + 1;
    if k < 1 || s < 1 || d < 1 || l < span {
        return None;
    }
    Some((l - span) / s + 1)
}

fn is_perm(p: &[i64], rank: usize) -> bool {
    let mut seen = vec![false; rank];
    p.len() == rank
        && p.iter().all(|&d| {
            let ok = d >= 0 && (d as usize) < rank && !seen[d as usize];
            if ok {
                seen[d as usize] = true;
            }
            ok
        })
}

/// Shape of `linalg.pack` of `shape` by `tiles` on `dims` (zero padding to a multiple).
pub fn packed_shape(shape: &[i64], dims: &[i64], tiles: &[i64]) -> Option<Vec<i64>> {
    if dims.len() != tiles.len() || tiles.iter().any(|&t| t < 1) {
        return None;
    }
    let mut out = shape.to_vec();
    for (&d, &t) in dims.iter().zip(tiles) {
        let d = usize::try_from(d).ok().filter(|&d| d < shape.len())?;
        out[d] = (shape[d] + t - 1) / t;
    }
    let mut sorted = dims.to_vec();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != dims.len() {
        return None;
    }
    out.extend_from_slice(tiles);
    Some(out)
}

/// The result type of a contraction over `dtype` with epilogue `epi`.
fn epi_type(dtype: DType, epi: Option<crate::lang::Unary>) -> DType {
    match epi {
        Some(u) => u.result_type(dtype.accumulator()),
        None => dtype.accumulator(),
    }
}

/// The shape rule of every operator: the result's data given the children's.
pub fn infer(
    op: &Op,
    kids: &[&Data],
    inputs: &BTreeMap<Symbol, InputInfo>,
) -> Result<Data, String> {
    let arity = |n: usize| -> Result<(), String> {
        if kids.len() == n {
            Ok(())
        } else {
            Err(format!(
                "{} takes {n} operands, got {}",
                op.name(),
                kids.len()
            ))
        }
    };
    let konst = kids.iter().all(|k| k.konst);
    let same = |shape: Vec<i64>, dtype: DType| Data {
        shape,
        dtype,
        konst,
    };
    let fail = |why: &str| Err(format!("{}: {why}", op.name()));
    match op {
        Op::Input(name) => {
            arity(0)?;
            let info = inputs
                .get(name)
                .ok_or_else(|| format!("unknown input {name}"))?;
            Ok(Data {
                shape: info.shape.clone(),
                dtype: info.dtype,
                konst: info.konst,
            })
        }
        Op::Conv2d { stride, dil, epi } => {
            arity(2)?;
            let (x, w) = (&kids[0].shape, &kids[1].shape);
            if x.len() != 4 || w.len() != 4 || x[1] != w[1] || kids[0].dtype != kids[1].dtype {
                return fail("expects NCHW and FCHW operands with equal C and type");
            }
            let oh = window_out(x[2], w[2], stride[0], dil[0]).ok_or("conv2d: window")?;
            let ow = window_out(x[3], w[3], stride[1], dil[1]).ok_or("conv2d: window")?;
            Ok(same(
                vec![x[0], w[0], oh, ow],
                epi_type(kids[0].dtype, *epi),
            ))
        }
        Op::BlockedConv {
            stride,
            dil,
            layout,
            epi,
        } => {
            arity(2)?;
            let (x, w) = (&kids[0].shape, &kids[1].shape);
            let (ib, ob) = (layout.i_block(), layout.o_block());
            if x.len() != 5 || x[4] != ib || kids[0].dtype != kids[1].dtype {
                return fail("expects an NCHW[i]c input matching the layout");
            }
            let c = x[1] * ib;
            // Recover F, KH, KW from the packed weight shape.
            let (f, kh, kw) = match layout {
                WeightLayout::OIHWoi { .. } if w.len() == 6 => (w[0] * ob, w[2], w[3]),
                WeightLayout::OhwIoi { .. } if w.len() == 6 => (w[0] * ob, w[1], w[2]),
                WeightLayout::OhwAiOoBi { .. } if w.len() == 7 => (w[0] * ob, w[1], w[2]),
                _ => return fail("weight rank does not match the layout"),
            };
            if layout.packed_shape(f, c, kh, kw) != *w {
                return fail("weight shape does not match the layout");
            }
            let oh = window_out(x[2], kh, stride[0], dil[0]).ok_or("blocked_conv2d: window")?;
            let ow = window_out(x[3], kw, stride[1], dil[1]).ok_or("blocked_conv2d: window")?;
            Ok(same(
                vec![x[0], f / ob, oh, ow, ob],
                epi_type(kids[0].dtype, *epi),
            ))
        }
        Op::Matmul { epi } => {
            arity(2)?;
            let (a, b) = (&kids[0].shape, &kids[1].shape);
            if a.len() != 2 || b.len() != 2 || a[1] != b[0] || kids[0].dtype != kids[1].dtype {
                return fail("expects [M,K] x [K,N] of one type");
            }
            Ok(same(vec![a[0], b[1]], epi_type(kids[0].dtype, *epi)))
        }
        Op::Unary(u) => {
            arity(1)?;
            Ok(same(kids[0].shape.clone(), u.result_type(kids[0].dtype)))
        }
        Op::Binary(_) => {
            arity(2)?;
            if kids[0].shape != kids[1].shape || kids[0].dtype != kids[1].dtype {
                return fail("operands differ in shape or type");
            }
            Ok(same(kids[0].shape.clone(), kids[0].dtype))
        }
        Op::Reduce { axis, .. } => {
            arity(1)?;
            if *axis >= kids[0].rank() {
                return fail("axis out of range");
            }
            let mut s = kids[0].shape.clone();
            s.remove(*axis);
            Ok(same(s, kids[0].dtype))
        }
        Op::Pad { lo, hi } => {
            arity(1)?;
            let x = &kids[0].shape;
            if lo.len() != x.len()
                || hi.len() != x.len()
                || lo.iter().chain(hi.iter()).any(|&p| p < 0)
            {
                return fail("bad padding");
            }
            let s = (0..x.len()).map(|d| x[d] + lo[d] + hi[d]).collect();
            Ok(same(s, kids[0].dtype))
        }
        Op::Slice {
            offsets,
            sizes,
            strides,
        } => {
            arity(1)?;
            let x = &kids[0].shape;
            let r = x.len();
            if offsets.len() != r || sizes.len() != r || strides.len() != r {
                return fail("rank mismatch");
            }
            for d in 0..r {
                if offsets[d] < 0
                    || sizes[d] < 1
                    || strides[d] < 1
                    || offsets[d] + (sizes[d] - 1) * strides[d] >= x[d]
                {
                    return fail("out of bounds");
                }
            }
            Ok(same(sizes.to_vec(), kids[0].dtype))
        }
        Op::Reshape(shape) => {
            arity(1)?;
            if shape.iter().any(|&d| d < 1) || shape.iter().product::<i64>() != kids[0].elems() {
                return fail("element count differs");
            }
            Ok(same(shape.to_vec(), kids[0].dtype))
        }
        Op::Transpose(perm) => {
            arity(1)?;
            let x = &kids[0].shape;
            if !is_perm(perm, x.len()) {
                return fail("not a permutation");
            }
            Ok(same(
                perm.iter().map(|&p| x[p as usize]).collect(),
                kids[0].dtype,
            ))
        }
        Op::Pack { dims, tiles } => {
            arity(1)?;
            let s = packed_shape(&kids[0].shape, dims, tiles).ok_or("pack: bad tiles")?;
            Ok(same(s, kids[0].dtype))
        }
        Op::Unpack { dims, tiles, shape } => {
            arity(1)?;
            match packed_shape(shape, dims, tiles) {
                Some(p) if p == kids[0].shape => Ok(same(shape.to_vec(), kids[0].dtype)),
                _ => fail("operand is not the packed shape"),
            }
        }
        Op::Unfold {
            axis,
            size,
            step,
            dil,
        } => {
            arity(1)?;
            let x = &kids[0].shape;
            let a = usize::try_from(*axis)
                .ok()
                .filter(|&a| a < x.len())
                .ok_or("unfold: axis")?;
            let o = window_out(x[a], *size, *step, *dil).ok_or("unfold: window")?;
            let mut s = x[..a].to_vec();
            s.push(*size);
            s.push(o);
            s.extend_from_slice(&x[a + 1..]);
            Ok(same(s, kids[0].dtype))
        }
        Op::ImagePack([s0, s1]) => {
            arity(1)?;
            let x = &kids[0].shape;
            if x.len() != 4 || *s0 < 1 || *s1 < 1 || x[2] % s0 != 0 || x[3] % s1 != 0 {
                return fail("expects NCHW with H, W multiples of the factors");
            }
            Ok(same(
                vec![x[0], x[1] * s0 * s1, x[2] / s0, x[3] / s1],
                kids[0].dtype,
            ))
        }
        Op::Interleave([d0, d1]) => {
            if *d0 < 1 || *d1 < 1 {
                return fail("bad factors");
            }
            arity((d0 * d1) as usize)?;
            let y = &kids[0].shape;
            if y.len() != 4
                || kids
                    .iter()
                    .any(|k| k.shape != *y || k.dtype != kids[0].dtype)
            {
                return fail("operands must be NCHW of one shape");
            }
            Ok(same(vec![y[0], y[1], y[2] * d0, y[3] * d1], kids[0].dtype))
        }
    }
}

/// A placeholder for a class whose node failed its shape rule (only the
/// IR importer can create one; rules never do). Costs treat it as infinite.
pub fn invalid() -> Data {
    Data {
        shape: vec![-1],
        dtype: DType::I64,
        konst: false,
    }
}

pub fn is_invalid(d: &Data) -> bool {
    d.shape.first() == Some(&-1)
}

impl Analysis<TNode> for TensorAnalysis {
    type Data = Data;

    fn make(egraph: &mut EGraph<TNode, Self>, enode: &TNode, _id: Id) -> Data {
        let kids: Vec<&Data> = enode.children.iter().map(|&c| &egraph[c].data).collect();
        if kids.iter().any(|k| is_invalid(k)) {
            return invalid();
        }
        infer(&enode.op, &kids, &egraph.analysis.inputs).unwrap_or_else(|_| invalid())
    }

    fn merge(&mut self, a: &mut Data, b: Data) -> DidMerge {
        if a.shape != b.shape || a.dtype != b.dtype {
            self.conflicts += 1;
            return DidMerge(false, true);
        }
        // A class is constant if any of its forms is.
        if !a.konst && b.konst {
            a.konst = true;
            return DidMerge(true, false);
        }
        DidMerge(false, a.konst != b.konst)
    }
}

/// The data of class `id`.
pub fn data(egraph: &TensorGraph, id: Id) -> &Data {
    &egraph[id].data
}
