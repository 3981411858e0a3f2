//! The one description of a structured op (MLIR's `LinalgOp` interface).
//!
//! Every structured op — `linalg.generic` and the named ops — is, for the
//! rest of the compiler, three things: its operands split into `ins` and
//! `outs`, one indexing map per operand from the iteration space to the
//! operand's indices, the iterator type of each loop, and a scalar payload:
//! the block of its region, whose arguments are one element of each operand
//! and whose `linalg.yield` gives the new element of each output.
//!
//! Named ops compute their maps from their shapes and attributes (strides,
//! dilations, permutations) and build their payload when they are parsed
//! or created, so that generalization (`linalg-generalize-named-ops`), the
//! loop lowerings and the interpreter only ever read this description.

use strata_ir::affine::{AffineBinaryOp, AffineExpr, AffineMap};
use strata_ir::attributes::Location;
use strata_ir::{BlockId, Context, Ir, OpId, Type, Value};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum IteratorType {
    Parallel,
    Reduction,
}

impl IteratorType {
    pub fn keyword(self) -> &'static str {
        match self {
            IteratorType::Parallel => "parallel",
            IteratorType::Reduction => "reduction",
        }
    }
    pub fn from_keyword(word: &str) -> Option<Self> {
        match word {
            "parallel" => Some(IteratorType::Parallel),
            "reduction" => Some(IteratorType::Reduction),
            _ => None,
        }
    }
}

/// What a structured op is, for transformations and execution.
#[derive(Clone, Debug)]
pub struct StructuredInfo {
    pub inputs: Vec<Value>,
    pub outputs: Vec<Value>,
    /// One per operand, inputs first.
    pub indexing_maps: Vec<AffineMap>,
    pub iterator_types: Vec<IteratorType>,
}

impl StructuredInfo {
    pub fn num_loops(&self) -> usize {
        self.iterator_types.len()
    }
    pub fn operands(&self) -> impl Iterator<Item = Value> + '_ {
        self.inputs.iter().chain(self.outputs.iter()).copied()
    }
}

/// Implemented by every structured op's definition.
pub trait LinalgStructuredOp: Send + Sync {
    /// Maps and iterator types of `op` (which has been verified or at least
    /// has well-formed operand groups).
    fn structured_info(&self, ctx: &Context, ir: &Ir, op: OpId) -> Result<StructuredInfo, String>;

    /// Fills `block` (whose arguments are one element per operand) with
    /// the op's payload, for named ops whose body is implied by their name.
    /// Ops with a user-written body leave this empty.
    fn build_payload(&self, _ctx: &Context, _ir: &mut Ir, _loc: Location, _block: BlockId) {}
}

/// The structured description of `op`, if it is a structured op.
pub fn structured_info(ctx: &Context, ir: &Ir, op: OpId) -> Option<Result<StructuredInfo, String>> {
    let def = ctx.op_definition(ir.op_name(op))?;
    let iface = def.interface::<dyn LinalgStructuredOp>()?;
    Some(iface.structured_info(ctx, ir, op))
}

/// The payload block of a structured op (its region's entry block).
pub fn payload_block(ir: &Ir, op: OpId) -> Option<BlockId> {
    ir.regions(op).first().and_then(|&r| ir.entry_block(r))
}

/// The payload argument type of an operand of type `ty`: the element type
/// of a memref or ranked tensor, the type itself otherwise (scalars and
/// vectors, as MLIR's `fillStructuredOpRegion` and verifier).
pub fn element_or_self(ctx: &Context, ty: Type) -> Type {
    match ctx.type_data(ty) {
        strata_ir::TypeData::MemRef { .. } | strata_ir::TypeData::RankedTensor { .. } => {
            ctx.element_type_or_self(ty)
        }
        _ => ty,
    }
}

/// The loop bounds of `info` given its operand shapes: each loop takes the
/// size of the first operand dimension indexed by exactly that loop.
pub fn loop_bounds(info: &StructuredInfo, shapes: &[Vec<i64>]) -> Result<Vec<i64>, String> {
    let mut bounds = vec![None; info.num_loops()];
    for (map, shape) in info.indexing_maps.iter().zip(shapes) {
        for (r, expr) in map.results().iter().enumerate() {
            if let Some(d) = expr.as_dim() {
                if bounds[d].is_none() {
                    bounds[d] = shape.get(r).copied();
                }
            }
        }
    }
    bounds
        .into_iter()
        .enumerate()
        .map(|(d, b)| b.ok_or_else(|| format!("cannot infer the bound of loop d{d}")))
        .collect()
}

/// `expr` as `constant + sum(coefficient[d] * d)` when it is linear in the dims.
pub fn linearize(expr: &AffineExpr, num_dims: usize) -> Option<(i64, Vec<i64>)> {
    if let Some(d) = expr.as_dim() {
        let mut coefs = vec![0; num_dims];
        coefs[d] = 1;
        return Some((0, coefs));
    }
    if let Some(c) = expr.as_constant() {
        return Some((c, vec![0; num_dims]));
    }
    let bin = expr.as_binary()?;
    let (lc, lv) = linearize(bin.lhs(), num_dims)?;
    let (rc, rv) = linearize(bin.rhs(), num_dims)?;
    match bin.op() {
        AffineBinaryOp::Add => Some((lc + rc, lv.iter().zip(&rv).map(|(a, b)| a + b).collect())),
        AffineBinaryOp::Mul => {
            if rv.iter().all(|&c| c == 0) {
                Some((lc * rc, lv.iter().map(|a| a * rc).collect()))
            } else if lv.iter().all(|&c| c == 0) {
                Some((lc * rc, rv.iter().map(|a| a * lc).collect()))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Helpers to write affine maps tersely: `dims(7)` gives d0..d6.
pub fn dims(n: usize) -> Vec<AffineExpr> {
    (0..n).map(AffineExpr::dim).collect()
}

/// `a * s + b * d` for a convolution window position.
pub fn window(a: &AffineExpr, stride: i64, b: &AffineExpr, dilation: i64) -> AffineExpr {
    let lhs = if stride == 1 {
        a.clone()
    } else {
        AffineExpr::binary(AffineBinaryOp::Mul, a.clone(), AffineExpr::constant(stride))
    };
    let rhs = if dilation == 1 {
        b.clone()
    } else {
        AffineExpr::binary(
            AffineBinaryOp::Mul,
            b.clone(),
            AffineExpr::constant(dilation),
        )
    };
    AffineExpr::binary(AffineBinaryOp::Add, lhs, rhs)
}
