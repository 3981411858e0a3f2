//! The tensor ops, each declared once with `define_op!`: operands,
//! results and properties with their constraints, MLIR's assembly format
//! (from `TensorOps.td`; mixed static/dynamic lists through
//! `custom<DynamicIndexList>`, element types through `types_match_with`),
//! and the verifier, folder, canonicalization patterns and result names
//! attached to it. The verifiers follow below, in MLIR's order and words.

use crate::canonicalize::{cast_patterns, concat_patterns, empty_patterns, extract_slice_patterns};
use crate::fold;
use crate::syntax::*;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::interfaces::{ConditionallySpeculatable, DIM_SPECULATABLE};
use strata_ir::opdef::derive;
use strata_ir::types::TypeData;
use strata_ir::verifier::cast_incompatible;
use strata_ir::{Context, Ir, OpId, Type, DYNAMIC};

/// MLIR's `AnyNon0RankedOrUnrankedTensor`.
const NON_0_RANKED_OR_UNRANKED_TENSOR: TypeConstraint = TypeConstraint::Predicate(
    |ctx, ty| match ctx.type_data(ty) {
        TypeData::UnrankedTensor { .. } => true,
        TypeData::RankedTensor { shape, .. } => !shape.is_empty(),
        _ => false,
    },
    "non-0-ranked or unranked tensor",
);

/// `from_elements`' operand types: one element type per element of the
/// (static) result.
fn elements_of(ctx: &Context, ty: Type) -> Vec<Type> {
    let (shape, element) = tensor_parts(ctx, ty);
    if shape.contains(&DYNAMIC) {
        return Vec::new();
    }
    vec![element; shape.iter().product::<i64>() as usize]
}

strata_ir::define_op! {
    /// An uninitialized tensor of the given shape.
    pub struct EmptyOp = "tensor.empty" {
        traits: [PURE],
        operands: [dynamicSizes: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        format: "`(` $dynamicSizes `)` attr-dict `:` type($result)",
        verify: verify_empty,
        canonicalize: empty_patterns,
    }
}
strata_ir::define_op! {
    /// Reads one element.
    pub struct ExtractOp = "tensor.extract" {
        traits: [PURE],
        operands: [tensor: single(TypeConstraint::AnyRankedTensor), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Any)],
        types_match_with: [tensor => result: derive::element],
        format: "$tensor `[` $indices `]` attr-dict `:` type($tensor)",
        verify: verify_extract,
        fold: fold::fold_extract,
        result_names: ["extracted"],
    }
}
strata_ir::define_op! {
    /// Writes one element, producing a new tensor.
    pub struct InsertOp = "tensor.insert" {
        traits: [PURE],
        operands: [scalar: single(TypeConstraint::Any), dest: single(TypeConstraint::AnyRankedTensor), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        types_match_with: [dest => result: derive::same, dest => scalar: derive::element],
        format: "$scalar `into` $dest `[` $indices `]` attr-dict `:` type($dest)",
        verify: verify_insert,
        fold: fold::fold_insert,
        result_names: ["inserted"],
    }
}
strata_ir::define_op! {
    /// A strided box of a tensor, possibly rank-reduced.
    pub struct ExtractSliceOp = "tensor.extract_slice" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyRankedTensor), offsets: variadic(TypeConstraint::Index), sizes: variadic(TypeConstraint::Index), strides: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [static_offsets: required(AttrConstraint::DenseI64Array), static_sizes: required(AttrConstraint::DenseI64Array), static_strides: required(AttrConstraint::DenseI64Array)],
        format: "$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)",
        verify: verify_extract_slice,
        fold: fold::fold_extract_slice,
        canonicalize: extract_slice_patterns,
        result_names: ["extracted_slice"],
    }
}
strata_ir::define_op! {
    /// Writes a tensor into a strided box of another.
    pub struct InsertSliceOp = "tensor.insert_slice" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyRankedTensor), dest: single(TypeConstraint::AnyRankedTensor), offsets: variadic(TypeConstraint::Index), sizes: variadic(TypeConstraint::Index), strides: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [static_offsets: required(AttrConstraint::DenseI64Array), static_sizes: required(AttrConstraint::DenseI64Array), static_strides: required(AttrConstraint::DenseI64Array)],
        types_match_with: [dest => result: derive::same],
        format: "$source `into` $dest `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `into` type($dest)",
        verify: verify_insert_slice,
        fold: fold::fold_insert_slice,
        result_names: ["inserted_slice"],
    }
}
strata_ir::define_op! {
    /// Pads a tensor with values yielded by its region.
    pub struct PadOp = "tensor.pad" {
        traits: [PURE, SINGLE_BLOCK],
        operands: [source: single(TypeConstraint::AnyRankedTensor), low: variadic(TypeConstraint::Index), high: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [static_low: required(AttrConstraint::DenseI64Array), static_high: required(AttrConstraint::DenseI64Array), nofold: optional(AttrConstraint::Unit)],
        regions: [region: single_block],
        format: "$source (`nofold` $nofold^)? `low` `` custom<DynamicIndexList>($low, $static_low) `high` `` custom<DynamicIndexList>($high, $static_high) $region attr-dict `:` type($source) `to` type($result)",
        verify: verify_pad,
        result_names: ["padded"],
    }
}
strata_ir::define_op! {
    /// Merges groups of dimensions.
    pub struct CollapseShapeOp = "tensor.collapse_shape" {
        traits: [PURE],
        operands: [src: single(TypeConstraint::AnyRankedTensor)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [reassociation: required(AttrConstraint::Array(None))],
        format: "$src $reassociation attr-dict `:` type($src) `into` type($result)",
        verify: verify_collapse,
        fold: fold::fold_reshape,
        result_names: ["collapsed"],
    }
}
strata_ir::define_op! {
    /// Splits dimensions into groups.
    pub struct ExpandShapeOp = "tensor.expand_shape" {
        traits: [PURE],
        operands: [src: single(TypeConstraint::AnyRankedTensor), output_shape: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [reassociation: required(AttrConstraint::Array(None)), static_output_shape: required(AttrConstraint::DenseI64Array)],
        format: "$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` type($src) `into` type($result)",
        verify: verify_expand,
        fold: fold::fold_reshape,
        result_names: ["expanded"],
    }
}
strata_ir::define_op! {
    /// Changes static/dynamic shape information.
    pub struct CastOp = "tensor.cast" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyTensor)],
        results: [dest: single(TypeConstraint::AnyTensor)],
        format: "$source attr-dict `:` type($source) `to` type($dest)",
        verify: verify_cast,
        fold: fold::fold_cast,
        canonicalize: cast_patterns,
        result_names: ["cast"],
    }
}
strata_ir::define_op! {
    /// The size of one dimension.
    pub struct DimOp = "tensor.dim" {
        traits: [PURE],
        operands: [source: single(NON_0_RANKED_OR_UNRANKED_TENSOR), index: single(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Index)],
        format: "attr-dict $source `,` $index `:` type($source)",
        fold: fold::fold_dim,
        result_names: ["dim"],
        interfaces: [dyn ConditionallySpeculatable => DIM_SPECULATABLE],
    }
}
strata_ir::define_op! {
    /// A tensor whose elements a region computes.
    pub struct GenerateOp = "tensor.generate" {
        traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
        operands: [dynamicExtents: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        regions: [body: single_block],
        format: "$dynamicExtents $body attr-dict `:` type($result)",
        verify: verify_generate,
        result_names: ["generated"],
    }
}
strata_ir::define_op! {
    /// A tensor with every element equal to a scalar.
    pub struct SplatOp = "tensor.splat" {
        traits: [PURE],
        operands: [input: single(TypeConstraint::Any), dynamicSizes: variadic(TypeConstraint::Index)],
        results: [aggregate: single(TypeConstraint::AnyRankedTensor)],
        types_match_with: [aggregate => input: derive::element],
        format: "$input (`[` $dynamicSizes^ `]`)? attr-dict `:` type($aggregate)",
        verify: verify_splat,
        fold: fold::fold_splat,
        result_names: ["splat"],
    }
}
strata_ir::define_op! {
    /// Concatenation along one dimension.
    pub struct ConcatOp = "tensor.concat" {
        traits: [PURE],
        operands: [inputs: variadic(TypeConstraint::AnyRankedTensor)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [dim: required(AttrConstraint::Integer(Some(64)))],
        format: "`dim` `(` $dim `)` $inputs attr-dict `:` functional-type(operands, results)",
        verify: verify_concat,
        fold: fold::fold_concat,
        canonicalize: concat_patterns,
        result_names: ["concat"],
    }
}
strata_ir::define_op! {
    /// A static tensor from scalars in row-major order.
    pub struct FromElementsOp = "tensor.from_elements" {
        traits: [PURE],
        operands: [elements: variadic(TypeConstraint::Any)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        types_match_with: [result => elements: elements_of],
        format: "$elements attr-dict `:` type($result)",
        verify: verify_from_elements,
        fold: fold::fold_from_elements,
        result_names: ["from_elements"],
    }
}
strata_ir::define_op! {
    /// Reshape to a shape given by a 1-D tensor.
    pub struct ReshapeOp = "tensor.reshape" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyTensor), shape: single(TypeConstraint::AnyTensor)],
        results: [result: single(TypeConstraint::AnyTensor)],
        format: "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
        verify: verify_reshape,
        fold: fold::fold_tensor_reshape,
        result_names: ["reshape"],
    }
}
strata_ir::define_op! {
    /// Reinterprets element bits.
    pub struct BitcastOp = "tensor.bitcast" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyTensor)],
        results: [dest: single(TypeConstraint::AnyTensor)],
        format: "$source attr-dict `:` type($source) `to` type($dest)",
        verify: verify_bitcast,
        fold: fold::fold_bitcast,
    }
}
strata_ir::define_op! {
    /// The rank of a tensor.
    pub struct RankOp = "tensor.rank" {
        traits: [PURE],
        operands: [tensor: single(TypeConstraint::AnyTensor)],
        results: [result: single(TypeConstraint::Index)],
        format: "$tensor attr-dict `:` type($tensor)",
        fold: fold::fold_rank,
        result_names: ["rank"],
    }
}
strata_ir::define_op! {
    /// Terminates the regions of tensor.pad and tensor.generate.
    pub struct YieldOp = "tensor.yield" {
        traits: [PURE, TERMINATOR, RETURN_LIKE],
        operands: [value: single(TypeConstraint::Any)],
        format: "$value attr-dict `:` type($value)",
    }
}

strata_ir::dialect_ops!(
    EmptyOp,
    ExtractOp,
    InsertOp,
    ExtractSliceOp,
    InsertSliceOp,
    crate::parallel_insert_slice::ParallelInsertSliceOp,
    PadOp,
    CollapseShapeOp,
    ExpandShapeOp,
    CastOp,
    DimOp,
    GenerateOp,
    SplatOp,
    ConcatOp,
    FromElementsOp,
    ReshapeOp,
    BitcastOp,
    RankOp,
    YieldOp,
    crate::gather::GatherOp,
    crate::gather::ScatterOp,
);

// ---------------------------------------------------------------------------
// Shared shape helpers
// ---------------------------------------------------------------------------

fn tensor_parts(ctx: &Context, ty: Type) -> (Vec<i64>, Type) {
    shaped(ctx, ty).unwrap_or_else(|| (Vec::new(), ctx.element_type_or_self(ty)))
}

fn num_dynamic(shape: &[i64]) -> usize {
    shape.iter().filter(|&&d| d == DYNAMIC).count()
}

fn result_type(ir: &Ir, op: OpId) -> Type {
    ir.value_type(ir.result(op, 0))
}

pub(crate) fn operand_type(ir: &Ir, op: OpId, i: usize) -> Type {
    ir.value_type(ir.operand(op, i))
}

/// A tensor type with `shape` and the element type and encoding of `like`.
pub fn tensor_like(ctx: &Context, like: Type, shape: &[i64]) -> Type {
    match ctx.type_data(like) {
        TypeData::RankedTensor {
            element, encoding, ..
        } => ctx.intern_type(TypeData::RankedTensor {
            shape: shape.into(),
            element: *element,
            encoding: *encoding,
        }),
        _ => ctx.tensor_type(shape, ctx.element_type_or_self(like)),
    }
}

// ---------------------------------------------------------------------------
// empty
// ---------------------------------------------------------------------------

fn verify_empty(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (shape, _) = tensor_parts(ctx, result_type(ir, op));
    let expected = num_dynamic(&shape);
    let has = ir.num_operands(op);
    if has != expected {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("incorrect number of dynamic sizes, has {has}, expected {expected}"),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// extract / insert
// ---------------------------------------------------------------------------

fn verify_extract(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (shape, element) = tensor_parts(ctx, operand_type(ir, op, 0));
    if ir.num_operands(op) - 1 != shape.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            "incorrect number of indices for extract_element",
        ));
    }
    if result_type(ir, op) != element {
        return Err(op_error(
            ctx,
            ir,
            op,
            "failed to verify that result type matches element type of tensor",
        ));
    }
    Ok(())
}

fn verify_insert(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (shape, element) = tensor_parts(ctx, operand_type(ir, op, 1));
    if ir.num_operands(op) - 2 != shape.len() {
        return Err(op_error(ctx, ir, op, "incorrect number of indices"));
    }
    if operand_type(ir, op, 0) != element {
        return Err(op_error(
            ctx,
            ir,
            op,
            "failed to verify that scalar type matches element type of dest",
        ));
    }
    if result_type(ir, op) != operand_type(ir, op, 1) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "failed to verify that all of {dest, result} have same type",
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// extract_slice / insert_slice
// ---------------------------------------------------------------------------

/// MLIR's `verifyOffsetSizeAndStrideOp` + the rank-reduction check shared
/// by extract_slice and insert_slice. `full` is the big tensor, `part` the
/// (possibly rank-reduced) slice.
pub(crate) fn verify_slice_shape(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    full: Type,
    part: Type,
) -> DiagResult<()> {
    let offsets = i64_array_prop(ctx, ir, op, "static_offsets");
    let sizes = i64_array_prop(ctx, ir, op, "static_sizes");
    let strides = i64_array_prop(ctx, ir, op, "static_strides");
    let groups = operand_segments(ctx, ir, op);
    let n = groups.len();
    if n >= 3 {
        for (statics, dynamics, what) in [
            (&offsets, &groups[n - 3], "offset"),
            (&sizes, &groups[n - 2], "size"),
            (&strides, &groups[n - 1], "stride"),
        ] {
            if num_dynamic(statics) != dynamics.len() {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!("expected {} dynamic {what} values", num_dynamic(statics)),
                ));
            }
        }
    }
    if offsets.len() != sizes.len() {
        return Err(Diagnostic::error(ir.op_loc(op), format!("expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.", offsets.len(), sizes.len())));
    }
    if strides.len() != sizes.len() {
        return Err(Diagnostic::error(ir.op_loc(op), format!("expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.", sizes.len(), strides.len())));
    }
    let (full_shape, full_elem) = tensor_parts(ctx, full);
    if offsets.len() != full_shape.len() {
        // MLIR's verifyListOfOperandsOrIntegers (a plain emitError).
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!(
                "expected {} offset values, got {}",
                full_shape.len(),
                offsets.len()
            ),
        ));
    }
    let expected = tensor_like(ctx, full, &sizes);
    let (part_shape, part_elem) = tensor_parts(ctx, part);
    if part_shape.len() > sizes.len() {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "expected rank to be smaller or equal to the other rank. ",
        ));
    }
    if strata_ir::rank_reduction_mask(&sizes, &part_shape, false).is_none() {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!(
                "expected type to be '{}' or a rank-reduced version. (size mismatch) ",
                type_str(ctx, expected)
            ),
        ));
    }
    if part_elem != full_elem {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!("expected element type to be '{}'", type_str(ctx, full_elem)),
        ));
    }
    // In-bounds check for fully static slices (MLIR's "out-of-bounds" diagnostic).
    for d in 0..full_shape.len() {
        let (o, s, st, dim) = (offsets[d], sizes[d], strides[d], full_shape[d]);
        if [o, s, st, dim].contains(&DYNAMIC) || s <= 0 {
            continue;
        }
        let last = o + (s - 1) * st;
        if last >= dim {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!("slice along dimension {d} runs out-of-bounds: {last} >= {dim}"),
            ));
        }
    }
    Ok(())
}

fn verify_extract_slice(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    verify_slice_shape(ctx, ir, op, operand_type(ir, op, 0), result_type(ir, op))
}

fn verify_insert_slice(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    if result_type(ir, op) != operand_type(ir, op, 1) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "failed to verify that all of {dest, result} have same type",
        ));
    }
    verify_slice_shape(
        ctx,
        ir,
        op,
        operand_type(ir, op, 1),
        operand_type(ir, op, 0),
    )
}

// ---------------------------------------------------------------------------
// pad
// ---------------------------------------------------------------------------

/// The result type tensor.pad infers from its source and static padding.
pub fn pad_inferred_type(ctx: &Context, source: Type, low: &[i64], high: &[i64]) -> Type {
    let (shape, _) = tensor_parts(ctx, source);
    let inferred: Vec<i64> = shape
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            let (l, h) = (
                low.get(i).copied().unwrap_or(0),
                high.get(i).copied().unwrap_or(0),
            );
            if d == DYNAMIC || l == DYNAMIC || h == DYNAMIC {
                DYNAMIC
            } else {
                d + l + h
            }
        })
        .collect();
    tensor_like(ctx, source, &inferred)
}

fn verify_pad(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let src = operand_type(ir, op, 0);
    let res = result_type(ir, op);
    let low = i64_array_prop(ctx, ir, op, "static_low");
    let high = i64_array_prop(ctx, ir, op, "static_high");
    let (src_shape, element) = tensor_parts(ctx, src);
    if low.len() != src_shape.len() || high.len() != src_shape.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("expected {} low and high padding values", src_shape.len()),
        ));
    }
    let inferred = pad_inferred_type(ctx, src, &low, &high);
    let (res_shape, _) = tensor_parts(ctx, res);
    let (inf_shape, _) = tensor_parts(ctx, inferred);
    let compatible = res_shape.len() == inf_shape.len()
        && res_shape
            .iter()
            .zip(&inf_shape)
            .all(|(&r, &i)| i == DYNAMIC || r == DYNAMIC || r == i);
    if !compatible {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!(
                "specified type '{}' does not match the inferred type '{}'",
                type_str(ctx, res),
                type_str(ctx, inferred)
            ),
        ));
    }
    let region = ir.region(op, 0);
    if let Some(block) = ir.entry_block(region) {
        // MLIR's PadOp::verifyRegions: the count (a plain emitError), then
        // each argument's type.
        let args = ir.block_args(block);
        let index = ctx.index_type();
        if args.len() != src_shape.len() {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!("expected the block to have {} arguments", src_shape.len()),
            ));
        }
        if let Some(i) = args.iter().position(|&a| ir.value_type(a) != index) {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!("expected block argument {} to be an index", i + 1),
            ));
        }
        if let Some(term) = ir.last_op(block) {
            if YieldOp::is(ctx, ir, term)
                && ir.num_operands(term) == 1
                && ir.value_type(ir.operand(term, 0)) != element
            {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    "expected yield type to match shape element type",
                ));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// collapse_shape / expand_shape
// ---------------------------------------------------------------------------

/// MLIR's `verifyReshapeLikeShapes` for the collapsed/expanded pair.
fn verify_reshape_like(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    collapsed: Type,
    expanded: Type,
) -> DiagResult<()> {
    let groups = reassociation_groups(ctx, ir.attr(ctx, op, "reassociation").unwrap());
    let (cshape, celem) = tensor_parts(ctx, collapsed);
    let (eshape, eelem) = tensor_parts(ctx, expanded);
    if celem != eelem {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expected collapsed and expanded types to have the same element type",
        ));
    }
    if cshape.len() > eshape.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expected the expanded type, '{}' to have a higher rank than the collapsed type, '{}'",
                type_str(ctx, expanded),
                type_str(ctx, collapsed)
            ),
        ));
    }
    if cshape.len() != groups.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expected collapsed rank ({}) to equal the number of reassociation maps ({}).",
                cshape.len(),
                groups.len()
            ),
        ));
    }
    let mut next = 0i64;
    for g in &groups {
        for &d in g {
            if d != next {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    "expected reassociation map #0 to be valid and contiguous",
                ));
            }
            next += 1;
        }
    }
    // A rank-0 collapsed type has no reassociation (MLIR checks the maps'
    // dimension count per map, so an empty list constrains nothing).
    if !groups.is_empty() && next as usize != eshape.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expected expanded rank ({}) to equal the number of dimensions of the reassociation ({next})",
                eshape.len()
            ),
        ));
    }
    let mut at = 0usize;
    for (i, g) in groups.iter().enumerate() {
        let dims = &eshape[at..at + g.len()];
        at += g.len();
        let dynamic = dims.contains(&DYNAMIC);
        if !dynamic {
            let product: i64 = dims.iter().product();
            if cshape[i] != product {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "expected dimension {i} of collapsed type to be static value of {product}"
                    ),
                ));
            }
        } else if cshape[i] != DYNAMIC {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!("expected dimension {i} of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"),
            ));
        }
    }
    Ok(())
}

fn verify_collapse(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    verify_reshape_like(ctx, ir, op, result_type(ir, op), operand_type(ir, op, 0))
}

fn verify_expand(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let res = result_type(ir, op);
    let (shape, _) = tensor_parts(ctx, res);
    let output = i64_array_prop(ctx, ir, op, "static_output_shape");
    if output.len() != shape.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expected number of static shape dims to be equal to the output rank ({}) but found {} inputs instead",
                shape.len(),
                output.len()
            ),
        ));
    }
    if num_dynamic(&output) != ir.num_operands(op) - 1 {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {} dynamic dims while output_shape has {} values",
                num_dynamic(&output),
                ir.num_operands(op) - 1
            ),
        ));
    }
    verify_reshape_like(ctx, ir, op, operand_type(ir, op, 0), res)
}

// ---------------------------------------------------------------------------
// cast / bitcast / reshape
// ---------------------------------------------------------------------------

/// Whether two tensor types may be cast into each other: same element type
/// and compatible shapes (unranked matches anything).
pub fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    let (ea, eb) = (ctx.element_type(a), ctx.element_type(b));
    if ea.is_none() || ea != eb {
        return false;
    }
    match (ctx.shape(a), ctx.shape(b)) {
        (Some(sa), Some(sb)) => {
            sa.len() == sb.len()
                && sa
                    .iter()
                    .zip(sb)
                    .all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
        }
        _ => true,
    }
}

fn cast_error(ctx: &Context, ir: &Ir, op: OpId) -> Diagnostic {
    cast_incompatible(ctx, ir, op, operand_type(ir, op, 0), result_type(ir, op))
}

fn verify_cast(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    if !cast_compatible(ctx, operand_type(ir, op, 0), result_type(ir, op)) {
        return Err(cast_error(ctx, ir, op));
    }
    Ok(())
}

fn verify_bitcast(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (a, b) = (operand_type(ir, op, 0), result_type(ir, op));
    let width = |t: Type| {
        let e = ctx.element_type_or_self(t);
        ctx.integer_width(e)
            .or_else(|| ctx.float_kind(e).map(|k| k.width()))
    };
    let shapes_ok = match (ctx.shape(a), ctx.shape(b)) {
        (Some(sa), Some(sb)) => {
            sa.len() == sb.len()
                && sa
                    .iter()
                    .zip(sb)
                    .all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
        }
        _ => true,
    };
    if !shapes_ok || width(a) != width(b) {
        return Err(cast_error(ctx, ir, op));
    }
    Ok(())
}

fn verify_reshape(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (src, shape, res) = (
        operand_type(ir, op, 0),
        operand_type(ir, op, 1),
        result_type(ir, op),
    );
    if ctx.element_type(src) != ctx.element_type(res) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "element types of source and destination tensor types should be the same",
        ));
    }
    // MLIR's ReshapeOp::verify, in its order.
    let shape_len = ctx.shape(shape).and_then(|s| s.first().copied());
    let Some(r) = ctx.shape(res) else {
        return Ok(());
    };
    if let Some(s) = ctx.shape(src) {
        if !s.contains(&DYNAMIC) && !r.contains(&DYNAMIC) {
            let (a, b): (i64, i64) = (s.iter().product(), r.iter().product());
            if a != b {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    "source and destination tensor should have the same number of elements",
                ));
            }
        }
    }
    match shape_len {
        Some(DYNAMIC) => Err(op_error(
            ctx,
            ir,
            op,
            "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type",
        )),
        Some(n) if n as usize != r.len() => Err(op_error(
            ctx,
            ir,
            op,
            "length of shape operand differs from the result's tensor rank",
        )),
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------------------
// generate / splat / from_elements / concat
// ---------------------------------------------------------------------------

fn verify_generate(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (shape, element) = tensor_parts(ctx, result_type(ir, op));
    let expected = num_dynamic(&shape);
    if ir.num_operands(op) != expected {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "incorrect number of dynamic sizes, has {}, expected {expected}",
                ir.num_operands(op)
            ),
        ));
    }
    if let Some(block) = ir.entry_block(ir.region(op, 0)) {
        let args = ir.block_args(block);
        if args.iter().any(|&a| !ctx.is_index(ir.value_type(a))) {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                "all body arguments must be index",
            ));
        }
        if args.len() != shape.len() {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                "must have one body argument per input dimension",
            ));
        }
        if let Some(term) = ir.last_op(block) {
            if ir.num_operands(term) != 1 || ir.value_type(ir.operand(term, 0)) != element {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    "body must be terminated with a `yield` operation of the tensor element type",
                ));
            }
        }
    }
    Ok(())
}

fn verify_splat(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (shape, element) = tensor_parts(ctx, result_type(ir, op));
    let expected = num_dynamic(&shape);
    let has = ir.num_operands(op) - 1;
    if has != expected {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("incorrect number of dynamic sizes, has {has}, expected {expected}"),
        ));
    }
    if operand_type(ir, op, 0) != element {
        return Err(op_error(
            ctx,
            ir,
            op,
            "failed to verify that operand type matches element type of result",
        ));
    }
    Ok(())
}

fn verify_from_elements(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (shape, element) = tensor_parts(ctx, result_type(ir, op));
    if shape.contains(&DYNAMIC) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "result #0 must be statically shaped tensor of any type values",
        ));
    }
    let count: i64 = shape.iter().product();
    if count as usize != ir.num_operands(op) || ir.operands(op).any(|v| ir.value_type(v) != element)
    {
        return Err(op_error(
            ctx,
            ir,
            op,
            "failed to verify that operand types match result element type",
        ));
    }
    Ok(())
}

fn verify_concat(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let res = result_type(ir, op);
    let (res_shape, element) = tensor_parts(ctx, res);
    let dim = ir
        .attr(ctx, op, "dim")
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(0) as i64;
    if ir.num_operands(op) < 1 {
        return Err(op_error(ctx, ir, op, "requires at least one input"));
    }
    let rank = res_shape.len();
    let mut inferred: Vec<i64> = Vec::new();
    for (i, v) in ir.operands(op).enumerate() {
        let (shape, e) = tensor_parts(ctx, ir.value_type(v));
        if shape.len() != rank {
            return Err(op_error(
                ctx,
                ir,
                op,
                "rank of concatenated inputs must match result rank",
            ));
        }
        if e != element {
            return Err(op_error(
                ctx,
                ir,
                op,
                "inputs and result element type must match",
            ));
        }
        let _ = i;
        if dim < 0 || dim as usize >= rank {
            return Err(op_error(
                ctx,
                ir,
                op,
                "concatenation dim must be less than the tensor rank",
            ));
        }
        if inferred.is_empty() {
            inferred = shape.clone();
        } else {
            for d in 0..rank {
                if d == dim as usize {
                    inferred[d] = if inferred[d] == DYNAMIC || shape[d] == DYNAMIC {
                        DYNAMIC
                    } else {
                        inferred[d] + shape[d]
                    };
                } else if inferred[d] == DYNAMIC {
                    inferred[d] = shape[d];
                } else if shape[d] != DYNAMIC && shape[d] != inferred[d] {
                    return Err(op_error(
                        ctx,
                        ir,
                        op,
                        format!("static concatenation size mismatch along non-concatenated dimension {d}"),
                    ));
                }
            }
        }
    }
    if dim < 0 || dim as usize >= rank {
        return Err(op_error(
            ctx,
            ir,
            op,
            "concatenation dim must be less than the tensor rank",
        ));
    }
    let ok = res_shape
        .iter()
        .zip(&inferred)
        .all(|(&r, &i)| r == DYNAMIC || i == DYNAMIC || r == i);
    if !ok {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "result type '{}'does not match inferred shape '{}' static sizes",
                type_str(ctx, res),
                type_str(ctx, tensor_like(ctx, res, &inferred))
            ),
        ));
    }
    Ok(())
}
