//! `affine.delinearize_index` and `affine.linearize_index`: conversions
//! between a linear index and a multi-index in a mixed-radix basis
//! (`%i:3 = affine.delinearize_index %l into (2, %n, 3)`). The basis mixes
//! constants and SSA values (MLIR's `custom<DynamicIndexList>` between
//! parentheses); the outermost basis element may be left out, in which
//! case the outermost index is unbounded. Syntax, verifier messages and
//! constant folds are MLIR 22's; [`delinearize`] and [`linearize`] are the
//! arithmetic shared with the interpreter. Both read and print through
//! MLIR's assembly formats.

use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::fold::{FoldOutcome, OpFoldResult};
use strata_ir::verifier::emit_op_error;
use strata_ir::{Attribute, Context, Ir, OpId, Value, DYNAMIC};

strata_ir::define_op! {
    /// `%i:2 = affine.delinearize_index %l into (%n, 3) : index, index`
    pub struct DelinearizeIndexOp = "affine.delinearize_index" {
        summary: "delinearize an index",
        traits: [PURE],
        operands: [linear_index: single(TypeConstraint::Index), dynamic_basis: variadic(TypeConstraint::Index)],
        results: [multi_index: variadic(TypeConstraint::Index)],
        attributes: [static_basis: required(AttrConstraint::DenseI64Array)],
        format: "$linear_index `into` custom<DynamicIndexListParens>($dynamic_basis, $static_basis) attr-dict `:` type($multi_index)",
        verify: verify_delinearize,
        fold: fold_delinearize,
    }
}
strata_ir::define_op! {
    /// `%l = affine.linearize_index disjoint [%i, %j] by (%n, 3) : index`
    pub struct LinearizeIndexOp = "affine.linearize_index" {
        summary: "linearize an index",
        traits: [PURE],
        operands: [multi_index: variadic(TypeConstraint::Index), dynamic_basis: variadic(TypeConstraint::Index)],
        results: [linear_index: single(TypeConstraint::Index)],
        attributes: [
            // MLIR's `UnitProp`: a unit attribute when set, `false` when not.
            disjoint: defaulted(AttrConstraint::AnyOf(vec![AttrConstraint::Unit, AttrConstraint::Bool]), default = not_disjoint),
            static_basis: required(AttrConstraint::DenseI64Array),
        ],
        format: "(`disjoint` $disjoint^)? ` ` `[` $multi_index `]` `by` custom<DynamicIndexListParens>($dynamic_basis, $static_basis) attr-dict `:` type($linear_index)",
        verify: verify_linearize,
        fold: fold_linearize,
    }
}

/// `disjoint` when the text leaves it out.
fn not_disjoint(ctx: &Context) -> Attribute {
    ctx.bool_attr(false)
}

/// The static basis of `op` (dynamic entries are [`DYNAMIC`]).
pub fn static_basis(ctx: &Context, ir: &Ir, op: OpId) -> Vec<i64> {
    ir.attr(ctx, op, "static_basis")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default()
}

/// The basis with the dynamic entries taken from `dynamic` in order.
pub fn mixed_basis(statics: &[i64], dynamic: &[i64]) -> Vec<i64> {
    let mut next = dynamic.iter();
    statics
        .iter()
        .map(|&s| {
            if s == DYNAMIC {
                next.next().copied().unwrap_or(0)
            } else {
                s
            }
        })
        .collect()
}

/// `linear` split into `num_results` indices in `basis`, innermost last;
/// when `num_results` exceeds the basis length the outermost index is
/// unbounded (MLIR's semantics: `mod` and floor division per element).
pub fn delinearize(linear: i64, basis: &[i64], num_results: usize) -> Option<Vec<i64>> {
    let radices = if num_results == basis.len() {
        &basis[1.min(basis.len())..]
    } else {
        basis
    };
    let mut out = Vec::with_capacity(num_results);
    let mut high = linear;
    for &m in radices.iter().rev() {
        if m == 0 {
            return None;
        }
        out.push(high.rem_euclid(m));
        high = high.div_euclid(m);
    }
    out.push(high);
    out.reverse();
    Some(out)
}

/// `indices` combined in `basis` (outermost element optional, unused), or
/// `None` when a product or sum the combination needs overflows `index`:
/// the lowering adds those with `overflow<nsw>`, as MLIR's does, so such a
/// linearization is undefined.
pub fn linearize(indices: &[i64], basis: &[i64]) -> Option<i64> {
    let mut result = 0i64;
    let mut stride = 1i64;
    let pairs: Vec<(i64, i64)> = basis
        .iter()
        .rev()
        .zip(indices.iter().rev())
        .map(|(&l, &i)| (l, i))
        .collect();
    let outer = (indices.len() > basis.len()).then(|| indices[0]);
    for (k, &(length, index)) in pairs.iter().enumerate() {
        result = result.checked_add(index.checked_mul(stride)?)?;
        // The stride is needed only by a further index.
        if k + 1 < pairs.len() || outer.is_some() {
            stride = stride.checked_mul(length)?;
        }
    }
    if let Some(index) = outer {
        result = result.checked_add(index.checked_mul(stride)?)?;
    }
    Some(result)
}

/// Whether a linearize_index carries `disjoint`: its indices are known
/// in-bounds, so the products cannot wrap unsigned either.
pub fn is_disjoint(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ir.attr(ctx, op, "disjoint")
        .is_some_and(|a| a == ctx.unit_attr() || a == ctx.bool_attr(true))
}

/// The multi-index and dynamic-basis operands of a linearize_index.
fn linearize_groups(ctx: &Context, ir: &Ir, op: OpId) -> (Vec<Value>, Vec<Value>) {
    let operands: Vec<Value> = ir.operands(op).collect();
    let dynamic = static_basis(ctx, ir, op)
        .iter()
        .filter(|&&s| s == DYNAMIC)
        .count()
        .min(operands.len());
    let (indices, basis) = operands.split_at(operands.len() - dynamic);
    (indices.to_vec(), basis.to_vec())
}

const BASIS_MISMATCH: &str = "mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite";

fn verify_delinearize(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let statics = static_basis(ctx, ir, op);
    let results = ir.num_results(op);
    if results != statics.len() && results != statics.len() + 1 {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "should return an index for each basis element and up to one extra index",
        ));
    }
    if statics.iter().filter(|&&s| s == DYNAMIC).count() != ir.num_operands(op) - 1 {
        return Err(emit_op_error(ctx, ir, op, BASIS_MISMATCH));
    }
    if statics.iter().any(|&s| s != DYNAMIC && s <= 0) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "no basis element may be statically non-positive",
        ));
    }
    Ok(())
}

fn verify_linearize(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let statics = static_basis(ctx, ir, op);
    let segments = ir
        .attr(ctx, op, "operandSegmentSizes")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default();
    let (indices, dynamic) = match segments.as_slice() {
        [i, d] => (*i as usize, *d as usize),
        _ => return Ok(()),
    };
    if indices != statics.len() && indices != statics.len() + 1 {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "should be passed a basis element for each index except possibly the first",
        ));
    }
    if statics.iter().filter(|&&s| s == DYNAMIC).count() != dynamic {
        return Err(emit_op_error(ctx, ir, op, BASIS_MISMATCH));
    }
    Ok(())
}

fn constant_ints(ctx: &Context, constants: &[Option<Attribute>]) -> Option<Vec<i64>> {
    constants
        .iter()
        .map(|c| c.and_then(|a| ctx.integer_value(a)).map(|v| v as i64))
        .collect()
}

/// MLIR's `AffineDelinearizeIndexOp::fold`: a single result is the input;
/// a constant input with a static basis splits into constants.
/// Moves the dynamic basis entries whose operand is a known constant into
/// the static basis (MLIR's `foldCstValueToCstAttrBasis`, the first step of
/// both ops' folds); the dynamic basis operands start at `first` and
/// `constants` are theirs. Returns whether anything moved.
fn fold_constant_basis(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    first: usize,
    constants: &[Option<Attribute>],
) -> bool {
    let known: Vec<Option<i64>> = constants
        .iter()
        .map(|c| c.and_then(|a| ctx.integer_value(a)).map(|v| v as i64))
        .collect();
    if known.iter().all(Option::is_none) {
        return false;
    }
    let mut dynamic = known.iter();
    let statics: Vec<i64> = static_basis(ctx, ir, op)
        .into_iter()
        .map(|s| match s {
            DYNAMIC => dynamic.next().copied().flatten().unwrap_or(DYNAMIC),
            s => s,
        })
        .collect();
    let kept: Vec<Value> = ir
        .operands(op)
        .enumerate()
        .filter(|&(i, _)| i < first || known.get(i - first).is_some_and(Option::is_none))
        .map(|(_, v)| v)
        .collect();
    ir.set_operands(op, &kept);
    ir.set_property(ctx, op, "static_basis", Some(ctx.dense_i64_array(&statics)));
    true
}

fn fold_delinearize(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    if fold_constant_basis(ctx, ir, op, 1, &constants[1..]) {
        return FoldOutcome::InPlace;
    }
    let results = ir.num_results(op);
    if results == 1 {
        return FoldOutcome::value(ir.operand(op, 0));
    }
    if constants.len() != 1 {
        return FoldOutcome::Failed;
    }
    let (Some(linear), statics) = (
        constants[0].and_then(|a| ctx.integer_value(a)),
        static_basis(ctx, ir, op),
    ) else {
        return FoldOutcome::Failed;
    };
    match delinearize(linear as i64, &statics, results) {
        Some(parts) => FoldOutcome::Results(
            parts
                .into_iter()
                .map(|v| OpFoldResult::Attribute(ctx.index_attr(v)))
                .collect(),
        ),
        None => FoldOutcome::Failed,
    }
}

/// MLIR's `AffineLinearizeIndexOp::fold`: no index is 0, one index is
/// itself, constant indices in a static basis combine into a constant.
fn fold_linearize(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let (indices, dynamic) = linearize_groups(ctx, ir, op);
    if fold_constant_basis(ctx, ir, op, indices.len(), &constants[indices.len()..]) {
        return FoldOutcome::InPlace;
    }
    match indices.len() {
        0 => return FoldOutcome::attribute(ctx.index_attr(0)),
        1 => return FoldOutcome::value(indices[0]),
        _ => {}
    }
    if !dynamic.is_empty() {
        return FoldOutcome::Failed;
    }
    let Some(values) = constant_ints(ctx, &constants[..indices.len()]) else {
        return FoldOutcome::Failed;
    };
    let statics = static_basis(ctx, ir, op);
    // An overflowing linearization is undefined: left for the program.
    match linearize(&values, &statics) {
        Some(linear) => FoldOutcome::attribute(ctx.index_attr(linear)),
        None => FoldOutcome::Failed,
    }
}
