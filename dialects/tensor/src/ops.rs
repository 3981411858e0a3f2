//! The tensor ops: declarations, custom syntax and verifiers.
//!
//! Ops whose syntax the assembly-format language can express declare a
//! format; the others (mixed static/dynamic index lists, types inferred
//! from the element type, regions with explicit entry blocks) parse and
//! print through hooks written with the helpers of [`crate::syntax`].

use crate::syntax::*;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::types::TypeData;
use strata_ir::verifier::cast_incompatible;
use strata_ir::{Context, Ir, OpDefinition, OpId, Type, DYNAMIC};

strata_ir::define_op! {
    /// An uninitialized tensor of the given shape.
    pub struct EmptyOp = "tensor.empty" {
        traits: [PURE],
        operands: [dynamicSizes: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        format: "`(` $dynamicSizes `)` attr-dict `:` type($result)",
    }
}
strata_ir::define_op! {
    /// Reads one element.
    pub struct ExtractOp = "tensor.extract" {
        traits: [PURE],
        operands: [tensor: single(TypeConstraint::AnyRankedTensor), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Any)],
    }
}
strata_ir::define_op! {
    /// Writes one element, producing a new tensor.
    pub struct InsertOp = "tensor.insert" {
        traits: [PURE],
        operands: [scalar: single(TypeConstraint::Any), dest: single(TypeConstraint::AnyRankedTensor), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
    }
}
strata_ir::define_op! {
    /// A strided box of a tensor, possibly rank-reduced.
    pub struct ExtractSliceOp = "tensor.extract_slice" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyRankedTensor), offsets: variadic(TypeConstraint::Index), sizes: variadic(TypeConstraint::Index), strides: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [static_offsets: required(AttrConstraint::DenseI64Array), static_sizes: required(AttrConstraint::DenseI64Array), static_strides: required(AttrConstraint::DenseI64Array)],
    }
}
strata_ir::define_op! {
    /// Writes a tensor into a strided box of another.
    pub struct InsertSliceOp = "tensor.insert_slice" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyRankedTensor), dest: single(TypeConstraint::AnyRankedTensor), offsets: variadic(TypeConstraint::Index), sizes: variadic(TypeConstraint::Index), strides: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [static_offsets: required(AttrConstraint::DenseI64Array), static_sizes: required(AttrConstraint::DenseI64Array), static_strides: required(AttrConstraint::DenseI64Array)],
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
    }
}
strata_ir::define_op! {
    /// Merges groups of dimensions.
    pub struct CollapseShapeOp = "tensor.collapse_shape" {
        traits: [PURE],
        operands: [src: single(TypeConstraint::AnyRankedTensor)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [reassociation: required(AttrConstraint::Array(None))],
    }
}
strata_ir::define_op! {
    /// Splits dimensions into groups.
    pub struct ExpandShapeOp = "tensor.expand_shape" {
        traits: [PURE],
        operands: [src: single(TypeConstraint::AnyRankedTensor), output_shape: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [reassociation: required(AttrConstraint::Array(None)), static_output_shape: required(AttrConstraint::DenseI64Array)],
    }
}
strata_ir::define_op! {
    /// Changes static/dynamic shape information.
    pub struct CastOp = "tensor.cast" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyTensor)],
        results: [dest: single(TypeConstraint::AnyTensor)],
        format: "$source attr-dict `:` type($source) `to` type($dest)",
    }
}
strata_ir::define_op! {
    /// The size of one dimension.
    pub struct DimOp = "tensor.dim" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyTensor), index: single(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Index)],
        format: "attr-dict $source `,` $index `:` type($source)",
    }
}
strata_ir::define_op! {
    /// A tensor whose elements a region computes.
    pub struct GenerateOp = "tensor.generate" {
        traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
        operands: [dynamicExtents: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        regions: [body: single_block],
    }
}
strata_ir::define_op! {
    /// A tensor with every element equal to a scalar.
    pub struct SplatOp = "tensor.splat" {
        traits: [PURE],
        operands: [input: single(TypeConstraint::Any), dynamicSizes: variadic(TypeConstraint::Index)],
        results: [aggregate: single(TypeConstraint::AnyRankedTensor)],
    }
}
strata_ir::define_op! {
    /// Concatenation along one dimension.
    pub struct ConcatOp = "tensor.concat" {
        traits: [PURE],
        operands: [inputs: variadic(TypeConstraint::AnyRankedTensor)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [dim: required(AttrConstraint::Integer(Some(64)))],
    }
}
strata_ir::define_op! {
    /// A static tensor from scalars in row-major order.
    pub struct FromElementsOp = "tensor.from_elements" {
        traits: [PURE],
        operands: [elements: variadic(TypeConstraint::Any)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
    }
}
strata_ir::define_op! {
    /// Reshape to a shape given by a 1-D tensor.
    pub struct ReshapeOp = "tensor.reshape" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyTensor), shape: single(TypeConstraint::AnyTensor)],
        results: [result: single(TypeConstraint::AnyTensor)],
        format: "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
    }
}
strata_ir::define_op! {
    /// Reinterprets element bits.
    pub struct BitcastOp = "tensor.bitcast" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyTensor)],
        results: [dest: single(TypeConstraint::AnyTensor)],
        format: "$source attr-dict `:` type($source) `to` type($dest)",
    }
}
strata_ir::define_op! {
    /// The rank of a tensor.
    pub struct RankOp = "tensor.rank" {
        traits: [PURE],
        operands: [tensor: single(TypeConstraint::AnyTensor)],
        results: [result: single(TypeConstraint::Index)],
        format: "$tensor attr-dict `:` type($tensor)",
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

/// Every op definition of the dialect, with hooks attached.
pub fn definitions(ctx: &Context) -> Vec<OpDefinition> {
    let mut defs = Vec::new();
    let index = TypeConstraint::Is(ctx.index_type());

    let mut d = EmptyOp::definition();
    d.operands[0].constraint = index.clone();
    d.hooks.verify = Some(verify_empty);
    defs.push(d);

    let mut d = ExtractOp::definition();
    d.hooks.parse = Some(parse_extract);
    d.hooks.print = Some(print_extract);
    d.hooks.verify = Some(verify_extract);
    d.hooks.result_names = Some(|_, _, _, f| f(0, "extracted"));
    d.hooks.fold = Some(crate::fold::fold_extract);
    defs.push(d);

    let mut d = InsertOp::definition();
    d.hooks.parse = Some(parse_insert);
    d.hooks.print = Some(print_insert);
    d.hooks.verify = Some(verify_insert);
    d.hooks.result_names = Some(|_, _, _, f| f(0, "inserted"));
    d.hooks.fold = Some(crate::fold::fold_insert);
    defs.push(d);

    let mut d = ExtractSliceOp::definition();
    d.hooks.parse = Some(parse_extract_slice);
    d.hooks.print = Some(print_extract_slice);
    d.hooks.verify = Some(verify_extract_slice);
    d.hooks.result_names = Some(|_, _, _, f| f(0, "extracted_slice"));
    d.hooks.fold = Some(crate::fold::fold_extract_slice);
    defs.push(d);

    let mut d = InsertSliceOp::definition();
    d.hooks.parse = Some(parse_insert_slice);
    d.hooks.print = Some(print_insert_slice);
    d.hooks.verify = Some(verify_insert_slice);
    d.hooks.result_names = Some(|_, _, _, f| f(0, "inserted_slice"));
    d.hooks.fold = Some(crate::fold::fold_insert_slice);
    defs.push(d);

    defs.push(crate::parallel_insert_slice::definition());

    let mut d = PadOp::definition();
    d.hooks.parse = Some(parse_pad);
    d.hooks.print = Some(print_pad);
    d.hooks.verify = Some(verify_pad);
    d.hooks.result_names = Some(|_, _, _, f| f(0, "padded"));
    defs.push(d);

    let mut d = CollapseShapeOp::definition();
    d.hooks.parse = Some(parse_collapse);
    d.hooks.print = Some(print_collapse);
    d.hooks.verify = Some(verify_collapse);
    d.hooks.result_names = Some(|_, _, _, f| f(0, "collapsed"));
    d.hooks.fold = Some(crate::fold::fold_reshape);
    defs.push(d);

    let mut d = ExpandShapeOp::definition();
    d.hooks.parse = Some(parse_expand);
    d.hooks.print = Some(print_expand);
    d.hooks.verify = Some(verify_expand);
    d.hooks.result_names = Some(|_, _, _, f| f(0, "expanded"));
    d.hooks.fold = Some(crate::fold::fold_reshape);
    defs.push(d);

    let mut d = CastOp::definition();
    d.hooks.verify = Some(verify_cast);
    d.hooks.result_names = Some(|_, _, _, f| f(0, "cast"));
    d.hooks.fold = Some(crate::fold::fold_cast);
    defs.push(d);

    let mut d = DimOp::definition();
    // MLIR's `AnyNon0RankedOrUnrankedTensor`.
    d.operands[0].constraint = TypeConstraint::Predicate(
        |ctx, ty| match ctx.type_data(ty) {
            TypeData::UnrankedTensor { .. } => true,
            TypeData::RankedTensor { shape, .. } => !shape.is_empty(),
            _ => false,
        },
        "non-0-ranked or unranked tensor",
    );
    d.operands[1].constraint = index.clone();
    d.results[0].constraint = index.clone();
    d.hooks.infer_result_types = Some(|ctx, _, _| Ok(vec![ctx.index_type()]));
    d.hooks.result_names = Some(|_, _, _, f| f(0, "dim"));
    d.hooks.fold = Some(crate::fold::fold_dim);
    d.interfaces
        .insert::<dyn strata_ir::interfaces::ConditionallySpeculatable>(std::sync::Arc::new(
            strata_ir::interfaces::DIM_SPECULATABLE,
        ));
    defs.push(d);

    let mut d = GenerateOp::definition();
    d.hooks.parse = Some(parse_generate);
    d.hooks.print = Some(print_generate);
    d.hooks.verify = Some(verify_generate);
    d.hooks.result_names = Some(|_, _, _, f| f(0, "generated"));
    defs.push(d);

    let mut d = SplatOp::definition();
    d.hooks.parse = Some(parse_splat);
    d.hooks.print = Some(print_splat);
    d.hooks.verify = Some(verify_splat);
    d.hooks.result_names = Some(|_, _, _, f| f(0, "splat"));
    d.hooks.fold = Some(crate::fold::fold_splat);
    defs.push(d);

    let mut d = ConcatOp::definition();
    d.hooks.parse = Some(parse_concat);
    d.hooks.print = Some(print_concat);
    d.hooks.verify = Some(verify_concat);
    d.hooks.result_names = Some(|_, _, _, f| f(0, "concat"));
    d.hooks.fold = Some(crate::fold::fold_concat);
    defs.push(d);

    let mut d = FromElementsOp::definition();
    d.hooks.parse = Some(parse_from_elements);
    d.hooks.print = Some(print_from_elements);
    d.hooks.verify = Some(verify_from_elements);
    d.hooks.result_names = Some(|_, _, _, f| f(0, "from_elements"));
    d.hooks.fold = Some(crate::fold::fold_from_elements);
    defs.push(d);

    let mut d = ReshapeOp::definition();
    d.hooks.result_names = Some(|_, _, _, f| f(0, "reshape"));
    d.hooks.fold = Some(crate::fold::fold_tensor_reshape);
    d.hooks.verify = Some(verify_reshape);
    defs.push(d);

    let mut d = BitcastOp::definition();
    d.hooks.verify = Some(verify_bitcast);
    d.hooks.fold = Some(crate::fold::fold_bitcast);
    defs.push(d);

    let mut d = RankOp::definition();
    d.results[0].constraint = index.clone();
    d.hooks.infer_result_types = Some(|ctx, _, _| Ok(vec![ctx.index_type()]));
    d.hooks.result_names = Some(|_, _, _, f| f(0, "rank"));
    d.hooks.fold = Some(crate::fold::fold_rank);
    defs.push(d);

    defs.push(YieldOp::definition());
    defs.extend(crate::gather::definitions());
    crate::canonicalize::install(&mut defs);
    defs
}

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

fn parse_extract(p: &mut OpParser) -> DiagResult<()> {
    let tensor = p.parse_operand()?;
    let indices = parse_bracket_operands(p)?;
    p.parse_optional_attr_dict(false)?;
    let ty = p.parse_colon_type()?;
    let index = p.ctx().index_type();
    p.add_operands(&[tensor], &[ty])?;
    let index_types = vec![index; indices.len()];
    p.add_operands(&indices, &index_types)?;
    let element = p.ctx().element_type_or_self(ty);
    p.add_result_types(&[element]);
    Ok(())
}

fn parse_bracket_operands<'a>(
    p: &mut OpParser<'_, 'a>,
) -> DiagResult<Vec<strata_ir::asm::parser::UnresolvedOperand<'a>>> {
    p.expect(TokenKind::LSquare, "'['")?;
    let operands = p.parse_operand_list()?;
    p.expect(TokenKind::RSquare, "']'")?;
    Ok(operands)
}

fn print_extract(pr: &mut OpPrinter, op: OpId) {
    pr.write(" ");
    let ir = pr.ir;
    pr.print_operand(ir.operand(op, 0));
    pr.write("[");
    pr.print_operands(ir.operands(op).skip(1));
    pr.write("]");
    pr.print_optional_attr_dict(op, &[], false);
    pr.write(" : ");
    pr.print_type(operand_type(ir, op, 0));
}

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

fn parse_insert(p: &mut OpParser) -> DiagResult<()> {
    let scalar = p.parse_operand()?;
    p.expect_keyword("into")?;
    let dest = p.parse_operand()?;
    let indices = parse_bracket_operands(p)?;
    p.parse_optional_attr_dict(false)?;
    p.expect(TokenKind::Colon, "':'")?;
    let ty = parse_ranked_tensor_type(p)?;
    let element = p.ctx().element_type_or_self(ty);
    let index = p.ctx().index_type();
    p.add_operands(&[scalar, dest], &[element, ty])?;
    let index_types = vec![index; indices.len()];
    p.add_operands(&indices, &index_types)?;
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_insert(pr: &mut OpPrinter, op: OpId) {
    pr.write(" ");
    let ir = pr.ir;
    pr.print_operand(ir.operand(op, 0));
    pr.write(" into ");
    pr.print_operand(ir.operand(op, 1));
    pr.write("[");
    pr.print_operands(ir.operands(op).skip(2));
    pr.write("]");
    pr.print_optional_attr_dict(op, &[], false);
    pr.write(" : ");
    pr.print_type(operand_type(ir, op, 1));
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

/// Parses `[offsets] [sizes] [strides]` and returns the three static arrays
/// with the dynamic operands in order.
#[allow(clippy::type_complexity)]
pub(crate) fn parse_offsets_sizes_strides<'a>(
    p: &mut OpParser<'_, 'a>,
) -> DiagResult<(
    [Vec<i64>; 3],
    [Vec<strata_ir::asm::parser::UnresolvedOperand<'a>>; 3],
)> {
    let (so, dof) = parse_dynamic_index_list(p, Delimiter::Square)?;
    let (ss, dsz) = parse_dynamic_index_list(p, Delimiter::Square)?;
    let (st, dst) = parse_dynamic_index_list(p, Delimiter::Square)?;
    Ok(([so, ss, st], [dof, dsz, dst]))
}

pub(crate) fn add_offsets_sizes_strides<'a>(
    p: &mut OpParser<'_, 'a>,
    statics: [Vec<i64>; 3],
    dynamics: &[Vec<strata_ir::asm::parser::UnresolvedOperand<'a>>; 3],
) -> DiagResult<()> {
    let index = p.ctx().index_type();
    for d in dynamics {
        p.add_operands(d, &vec![index; d.len()])?;
    }
    let ctx = p.ctx();
    p.add_property("static_offsets", ctx.dense_i64_array(&statics[0]));
    p.add_property("static_sizes", ctx.dense_i64_array(&statics[1]));
    p.add_property("static_strides", ctx.dense_i64_array(&statics[2]));
    Ok(())
}

pub(crate) fn print_offsets_sizes_strides(pr: &mut OpPrinter, op: OpId, first_group: usize) {
    let ctx = pr.ctx();
    let ir = pr.ir;
    let groups = operand_segments(ctx, ir, op);
    for (i, name) in ["static_offsets", "static_sizes", "static_strides"]
        .iter()
        .enumerate()
    {
        if i > 0 {
            pr.write(" ");
        }
        let statics = i64_array_prop(ctx, ir, op, name);
        let dynamics = groups.get(first_group + i).cloned().unwrap_or_default();
        print_dynamic_index_list(pr, &statics, &dynamics, Delimiter::Square);
    }
}

pub(crate) const SLICE_ELIDED: &[&str] = &[
    "static_offsets",
    "static_sizes",
    "static_strides",
    "operandSegmentSizes",
];

fn parse_extract_slice(p: &mut OpParser) -> DiagResult<()> {
    let source = p.parse_operand()?;
    let (statics, dynamics) = parse_offsets_sizes_strides(p)?;
    p.parse_optional_attr_dict(false)?;
    let src_ty = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let res_ty = p.parse_type()?;
    p.add_operands(&[source], &[src_ty])?;
    let sizes = [1, dynamics[0].len(), dynamics[1].len(), dynamics[2].len()];
    add_offsets_sizes_strides(p, statics, &dynamics)?;
    set_segments(p, &sizes);
    p.add_result_types(&[res_ty]);
    Ok(())
}

fn print_extract_slice(pr: &mut OpPrinter, op: OpId) {
    pr.write(" ");
    let ir = pr.ir;
    pr.print_operand(ir.operand(op, 0));
    print_offsets_sizes_strides(pr, op, 1);
    pr.print_optional_attr_dict(op, SLICE_ELIDED, false);
    pr.write(" : ");
    pr.print_type(operand_type(ir, op, 0));
    pr.write(" to ");
    pr.print_type(result_type(ir, op));
}

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
    if !is_rank_reduced(&sizes, &part_shape) {
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

/// Whether `reduced` is `sizes` with some unit dimensions dropped
/// (dynamic sizes match anything).
fn is_rank_reduced(sizes: &[i64], reduced: &[i64]) -> bool {
    let mut j = 0;
    for &s in sizes {
        if j < reduced.len() && (reduced[j] == s) {
            j += 1;
        } else if s != 1 {
            return false;
        }
    }
    j == reduced.len()
}

fn verify_extract_slice(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    verify_slice_shape(ctx, ir, op, operand_type(ir, op, 0), result_type(ir, op))
}

fn parse_insert_slice(p: &mut OpParser) -> DiagResult<()> {
    let source = p.parse_operand()?;
    p.expect_keyword("into")?;
    let dest = p.parse_operand()?;
    let (statics, dynamics) = parse_offsets_sizes_strides(p)?;
    p.parse_optional_attr_dict(false)?;
    let src_ty = p.parse_colon_type()?;
    p.expect_keyword("into")?;
    let dest_ty = p.parse_type()?;
    p.add_operands(&[source, dest], &[src_ty, dest_ty])?;
    let sizes = [
        1,
        1,
        dynamics[0].len(),
        dynamics[1].len(),
        dynamics[2].len(),
    ];
    add_offsets_sizes_strides(p, statics, &dynamics)?;
    set_segments(p, &sizes);
    p.add_result_types(&[dest_ty]);
    Ok(())
}

fn print_insert_slice(pr: &mut OpPrinter, op: OpId) {
    pr.write(" ");
    let ir = pr.ir;
    pr.print_operand(ir.operand(op, 0));
    pr.write(" into ");
    pr.print_operand(ir.operand(op, 1));
    print_offsets_sizes_strides(pr, op, 2);
    pr.print_optional_attr_dict(op, SLICE_ELIDED, false);
    pr.write(" : ");
    pr.print_type(operand_type(ir, op, 0));
    pr.write(" into ");
    pr.print_type(operand_type(ir, op, 1));
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

fn parse_pad(p: &mut OpParser) -> DiagResult<()> {
    let source = p.parse_operand()?;
    if p.consume_keyword("nofold") {
        let unit = p.ctx().unit_attr();
        p.add_property("nofold", unit);
    }
    p.expect_keyword("low")?;
    let (low, dlow) = parse_dynamic_index_list(p, Delimiter::Square)?;
    p.expect_keyword("high")?;
    let (high, dhigh) = parse_dynamic_index_list(p, Delimiter::Square)?;
    p.parse_region(&[])?;
    p.parse_optional_attr_dict(false)?;
    let src_ty = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let res_ty = p.parse_type()?;
    let index = p.ctx().index_type();
    p.add_operands(&[source], &[src_ty])?;
    p.add_operands(&dlow, &vec![index; dlow.len()])?;
    p.add_operands(&dhigh, &vec![index; dhigh.len()])?;
    set_segments(p, &[1, dlow.len(), dhigh.len()]);
    let ctx = p.ctx();
    p.add_property("static_low", ctx.dense_i64_array(&low));
    p.add_property("static_high", ctx.dense_i64_array(&high));
    p.add_result_types(&[res_ty]);
    Ok(())
}

fn print_pad(pr: &mut OpPrinter, op: OpId) {
    pr.write(" ");
    let ctx = pr.ctx();
    let ir = pr.ir;
    pr.print_operand(ir.operand(op, 0));
    if ir.attr(ctx, op, "nofold").is_some() {
        pr.write(" nofold");
    }
    let groups = operand_segments(ctx, ir, op);
    pr.write(" low");
    print_dynamic_index_list(
        pr,
        &i64_array_prop(ctx, ir, op, "static_low"),
        &groups[1],
        Delimiter::Square,
    );
    pr.write(" high");
    print_dynamic_index_list(
        pr,
        &i64_array_prop(ctx, ir, op, "static_high"),
        &groups[2],
        Delimiter::Square,
    );
    pr.write(" ");
    pr.print_region(ir.region(op, 0), true, true);
    pr.print_optional_attr_dict(
        op,
        &["static_low", "static_high", "nofold", "operandSegmentSizes"],
        false,
    );
    pr.write(" : ");
    pr.print_type(operand_type(ir, op, 0));
    pr.write(" to ");
    pr.print_type(result_type(ir, op));
}

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
            if ctx.op_name_str(ir.op_name(term)) == "tensor.yield"
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

fn parse_collapse(p: &mut OpParser) -> DiagResult<()> {
    let src = p.parse_operand()?;
    let reassoc = parse_reassociation(p)?;
    p.parse_optional_attr_dict(false)?;
    let src_ty = p.parse_colon_type()?;
    p.expect_keyword("into")?;
    let res_ty = p.parse_type()?;
    p.add_operands(&[src], &[src_ty])?;
    p.add_property("reassociation", reassoc);
    p.add_result_types(&[res_ty]);
    Ok(())
}

fn print_collapse(pr: &mut OpPrinter, op: OpId) {
    pr.write(" ");
    let ctx = pr.ctx();
    let ir = pr.ir;
    pr.print_operand(ir.operand(op, 0));
    pr.write(" ");
    if let Some(r) = ir.attr(ctx, op, "reassociation") {
        print_reassociation(pr, r);
    }
    pr.print_optional_attr_dict(op, &["reassociation"], false);
    pr.write(" : ");
    pr.print_type(operand_type(ir, op, 0));
    pr.write(" into ");
    pr.print_type(result_type(ir, op));
}

fn parse_expand(p: &mut OpParser) -> DiagResult<()> {
    let src = p.parse_operand()?;
    let reassoc = parse_reassociation(p)?;
    p.expect_keyword("output_shape")?;
    let (statics, dynamics) = parse_dynamic_index_list(p, Delimiter::Square)?;
    p.parse_optional_attr_dict(false)?;
    let src_ty = p.parse_colon_type()?;
    p.expect_keyword("into")?;
    let res_ty = p.parse_type()?;
    let index = p.ctx().index_type();
    p.add_operands(&[src], &[src_ty])?;
    p.add_operands(&dynamics, &vec![index; dynamics.len()])?;
    p.add_property("reassociation", reassoc);
    let attr = p.ctx().dense_i64_array(&statics);
    p.add_property("static_output_shape", attr);
    p.add_result_types(&[res_ty]);
    Ok(())
}

fn print_expand(pr: &mut OpPrinter, op: OpId) {
    pr.write(" ");
    let ctx = pr.ctx();
    let ir = pr.ir;
    pr.print_operand(ir.operand(op, 0));
    pr.write(" ");
    if let Some(r) = ir.attr(ctx, op, "reassociation") {
        print_reassociation(pr, r);
    }
    pr.write(" output_shape ");
    let dynamics: Vec<_> = ir.operands(op).skip(1).collect();
    print_dynamic_index_list(
        pr,
        &i64_array_prop(ctx, ir, op, "static_output_shape"),
        &dynamics,
        Delimiter::Square,
    );
    pr.print_optional_attr_dict(op, &["reassociation", "static_output_shape"], false);
    pr.write(" : ");
    pr.print_type(operand_type(ir, op, 0));
    pr.write(" into ");
    pr.print_type(result_type(ir, op));
}

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

fn parse_generate(p: &mut OpParser) -> DiagResult<()> {
    let extents = p.parse_operand_list()?;
    p.parse_region(&[])?;
    p.parse_optional_attr_dict(false)?;
    let ty = p.parse_colon_type()?;
    let index = p.ctx().index_type();
    p.add_operands(&extents, &vec![index; extents.len()])?;
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_generate(pr: &mut OpPrinter, op: OpId) {
    pr.write(" ");
    let ir = pr.ir;
    if ir.num_operands(op) > 0 {
        pr.print_operands(ir.operands(op));
        pr.write(" ");
    }
    pr.print_region(ir.region(op, 0), true, true);
    pr.print_optional_attr_dict(op, &[], false);
    pr.write(" : ");
    pr.print_type(result_type(ir, op));
}

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

fn parse_splat(p: &mut OpParser) -> DiagResult<()> {
    let input = p.parse_operand()?;
    let dynamics = if p.is(TokenKind::LSquare) {
        parse_bracket_operands(p)?
    } else {
        Vec::new()
    };
    p.parse_optional_attr_dict(false)?;
    p.expect(TokenKind::Colon, "':'")?;
    let ty = parse_ranked_tensor_type(p)?;
    let element = p.ctx().element_type_or_self(ty);
    let index = p.ctx().index_type();
    p.add_operands(&[input], &[element])?;
    p.add_operands(&dynamics, &vec![index; dynamics.len()])?;
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_splat(pr: &mut OpPrinter, op: OpId) {
    pr.write(" ");
    let ir = pr.ir;
    pr.print_operand(ir.operand(op, 0));
    if ir.num_operands(op) > 1 {
        pr.write("[");
        pr.print_operands(ir.operands(op).skip(1));
        pr.write("]");
    }
    pr.print_optional_attr_dict(op, &[], false);
    pr.write(" : ");
    pr.print_type(result_type(ir, op));
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

fn parse_from_elements(p: &mut OpParser) -> DiagResult<()> {
    let elements = p.parse_operand_list()?;
    p.parse_optional_attr_dict(false)?;
    p.expect(TokenKind::Colon, "':'")?;
    let type_loc = p.loc();
    let ty = parse_ranked_tensor_type(p)?;
    let (shape, element) = tensor_parts(p.ctx(), ty);
    let count: i64 = shape.iter().product();
    if count as usize != elements.len() {
        return Err(Diagnostic::error(type_loc, format!(
            "custom op 'tensor.from_elements' number of operands and types do not match: got {} operands and {count} types",
            elements.len()
        )));
    }
    p.add_operands(&elements, &vec![element; elements.len()])?;
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_from_elements(pr: &mut OpPrinter, op: OpId) {
    pr.write(" ");
    let ir = pr.ir;
    let before = pr.w.out.len();
    pr.print_operands(ir.operands(op));
    pr.print_optional_attr_dict(op, &[], false);
    pr.write(if pr.w.out.len() > before { " : " } else { ": " });
    pr.print_type(result_type(ir, op));
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

fn parse_concat(p: &mut OpParser) -> DiagResult<()> {
    p.expect_keyword("dim")?;
    p.expect(TokenKind::LParen, "'('")?;
    let dim = parse_i64(p)?;
    p.expect(TokenKind::RParen, "')'")?;
    let inputs = p.parse_operand_list()?;
    p.parse_optional_attr_dict(false)?;
    p.expect(TokenKind::Colon, "':'")?;
    p.expect(TokenKind::LParen, "'('")?;
    let types = if p.is(TokenKind::RParen) {
        Vec::new()
    } else {
        p.parse_type_list()?
    };
    p.expect(TokenKind::RParen, "')'")?;
    p.expect(TokenKind::Arrow, "'->'")?;
    let res = p.parse_type()?;
    p.add_operands(&inputs, &types)?;
    let attr = p.ctx().i64_attr(dim);
    p.add_property("dim", attr);
    p.add_result_types(&[res]);
    Ok(())
}

fn print_concat(pr: &mut OpPrinter, op: OpId) {
    pr.write(" ");
    let ctx = pr.ctx();
    let ir = pr.ir;
    let dim = ir
        .attr(ctx, op, "dim")
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(0);
    pr.write(&format!("dim({dim}) "));
    pr.print_operands(ir.operands(op));
    pr.print_optional_attr_dict(op, &["dim"], false);
    pr.write(" : (");
    pr.print_types(ir.operands(op).map(|v| ir.value_type(v)));
    pr.write(") -> ");
    pr.print_type(result_type(ir, op));
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
