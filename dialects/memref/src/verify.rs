//! Verifiers of the `memref` ops with MLIR 22's messages. Some of MLIR's
//! messages about views carry no `'memref.subview' op` prefix (they are
//! emitted with `emitError`); they are reproduced as they are.

use crate::layout::{has_identity_layout, reshaped_type, strides_and_offset, subview_result_type};
use strata_ir::asm::printer::type_to_string;
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::interfaces::SymbolUserOpInterface;
use strata_ir::symbol_table::SymbolTableCollection;
use strata_ir::verifier::{cast_incompatible, emit_op_error};
use strata_ir::{AttrData, Context, Ir, OpId, Type, TypeData, DYNAMIC};

fn ts(ctx: &Context, t: Type) -> String {
    type_to_string(ctx, t)
}

fn plain_error(ir: &Ir, op: OpId, message: String) -> Diagnostic {
    let mut d = Diagnostic::error(ir.op_loc(op), message);
    d.op = Some(op);
    d
}

/// A memref type's shape, element type, layout and memory space.
type MemRefParts<'a> = (
    &'a [i64],
    Type,
    Option<strata_ir::Attribute>,
    Option<strata_ir::Attribute>,
);

fn memref_parts(ctx: &Context, ty: Type) -> Option<MemRefParts<'_>> {
    match ctx.type_data(ty) {
        TypeData::MemRef {
            shape,
            element,
            layout,
            memory_space,
        } => Some((shape, *element, *layout, *memory_space)),
        _ => None,
    }
}

pub(crate) fn verify_alloc(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let ty = ir.value_type(ir.result(op, 0));
    let Some((shape, _, layout, _)) = memref_parts(ctx, ty) else {
        return Ok(());
    };
    let def = ctx.op_definition(ir.op_name(op)).expect("registered");
    let groups = strata_ir::format::value_groups(ctx, ir, op, def, false);
    let dynamic = shape.iter().filter(|&&d| d == DYNAMIC).count();
    if groups[0].len() != dynamic {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "incorrect number of dynamic sizes, has {}, expected {}",
                groups[0].len(),
                dynamic
            ),
        ));
    }
    // A strided layout's affine form has one symbol for a dynamic offset
    // and one per dynamic stride (MLIR's `getAffineMap().getNumSymbols()`).
    let symbols = match layout.map(|l| ctx.attr_data(l)) {
        Some(AttrData::AffineMap(map)) => map.num_symbols(),
        Some(AttrData::StridedLayout { offset, strides }) => std::iter::once(offset)
            .chain(strides.iter())
            .filter(|&&v| v == DYNAMIC)
            .count(),
        _ => 0,
    };
    if groups[1].len() != symbols {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "symbol operand count does not equal memref symbol count: expected {}, got {}",
                symbols,
                groups[1].len()
            ),
        ));
    }
    if let Some(a) = ir
        .attr(ctx, op, "alignment")
        .and_then(|a| ctx.integer_value(a))
    {
        if a <= 0 || (a & (a - 1)) != 0 {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0",
            ));
        }
    }
    Ok(())
}

fn rank(ctx: &Context, ty: Type) -> usize {
    ctx.shape(ty).map_or(0, |s| s.len())
}

pub(crate) fn verify_load(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let r = rank(ctx, ir.value_type(ir.operand(op, 0)));
    let n = ir.num_operands(op) - 1;
    if r != n {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("incorrect number of indices for load, expected {r} but got {n}"),
        ));
    }
    Ok(())
}

pub(crate) fn verify_store(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let r = rank(ctx, ir.value_type(ir.operand(op, 1)));
    if r != ir.num_operands(op) - 2 {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "store index operand count not equal to memref rank",
        ));
    }
    Ok(())
}

fn statics(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Vec<i64> {
    ir.attr(ctx, op, name)
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default()
}

/// MLIR's `verifyOffsetSizeAndStrideOp` (the interface verifier, which
/// runs before the op's own): list ranks agree, each list has `max_ranks`
/// entries whose dynamic ones match the operands, and static offsets and
/// sizes are not negative.
fn verify_mixed_lists(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    max_ranks: [usize; 3],
) -> DiagResult<[Vec<i64>; 3]> {
    let def = ctx.op_definition(ir.op_name(op)).expect("registered");
    let groups = strata_ir::format::value_groups(ctx, ir, op, def, false);
    let names = [
        ("offset", "static_offsets"),
        ("size", "static_sizes"),
        ("stride", "static_strides"),
    ];
    let lists = names.map(|(_, attr)| statics(ctx, ir, op, attr));
    if max_ranks[0] != 1 && lists[0].len() != lists[1].len() {
        return Err(plain_error(
            ir,
            op,
            format!(
                "expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.",
                lists[0].len(),
                lists[1].len()
            ),
        ));
    }
    if lists[1].len() != lists[2].len() {
        return Err(plain_error(
            ir,
            op,
            format!(
                "expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.",
                lists[1].len(),
                lists[2].len()
            ),
        ));
    }
    for (i, (what, _)) in names.iter().enumerate() {
        let values = &lists[i];
        if values.len() != max_ranks[i] {
            return Err(plain_error(
                ir,
                op,
                format!(
                    "expected {} {what} values, got {}",
                    max_ranks[i],
                    values.len()
                ),
            ));
        }
        let dynamic = values.iter().filter(|&&v| v == DYNAMIC).count();
        if dynamic != groups[i + 1].len() {
            return Err(plain_error(
                ir,
                op,
                format!("expected {dynamic} dynamic {what} values"),
            ));
        }
    }
    for (what, list) in [("offsets", &lists[0]), ("sizes", &lists[1])] {
        if let Some(v) = list.iter().find(|&&v| v < 0 && v != DYNAMIC) {
            return Err(plain_error(
                ir,
                op,
                format!("expected {what} to be non-negative, but got {v}"),
            ));
        }
    }
    Ok(lists)
}

/// MLIR's `computeMemRefRankReductionMask`: which dimensions of `original`
/// a rank-reducing subview to `reduced` drops, given the subview's static
/// sizes. Among unit dimensions, the ones whose stride no longer appears
/// in `reduced` are the dropped ones.
pub fn memref_rank_reduction_mask(
    ctx: &Context,
    original: Type,
    reduced: Type,
    sizes: &[i64],
) -> Option<Vec<bool>> {
    let rank = ctx.shape(original)?.len();
    let reduced_rank = ctx.shape(reduced)?.len();
    let mut unused = vec![false; rank];
    if rank == reduced_rank {
        return Some(unused);
    }
    for (i, &s) in sizes.iter().enumerate() {
        unused[i] = s == 1;
    }
    let count = |u: &[bool]| u.iter().filter(|&&b| b).count();
    if count(&unused) + reduced_rank == rank {
        return Some(unused);
    }
    let (original_strides, _) = strides_and_offset(ctx, original)?;
    let (candidate_strides, _) = strides_and_offset(ctx, reduced)?;
    let occurrences = |strides: &[i64]| {
        let mut m = std::collections::BTreeMap::<i64, usize>::new();
        for &s in strides {
            *m.entry(s).or_default() += 1;
        }
        m
    };
    let mut unaccounted = occurrences(&original_strides);
    let candidate = occurrences(&candidate_strides);
    for dim in 0..rank {
        if !unused[dim] {
            continue;
        }
        let stride = original_strides[dim];
        let have = unaccounted.get(&stride).copied().unwrap_or(0);
        let want = candidate.get(&stride).copied().unwrap_or(0);
        match have.cmp(&want) {
            std::cmp::Ordering::Greater => *unaccounted.entry(stride).or_default() -= 1,
            std::cmp::Ordering::Equal => unused[dim] = false,
            std::cmp::Ordering::Less => return None,
        }
    }
    (count(&unused) + reduced_rank == rank).then_some(unused)
}

/// MLIR's `SubViewOp::getDroppedDims`: the dimensions of a
/// `memref.subview`'s sizes its (possibly rank-reduced) result leaves out,
/// told apart by their strides as the verifier does. The interpreter and
/// the back ends drop exactly these.
pub fn subview_dropped_dims(ctx: &Context, ir: &Ir, op: OpId) -> Option<Vec<bool>> {
    use strata_ir::directives::static_values;
    let source = ir.value_type(ir.operand(op, 0));
    let result = ir.value_type(ir.result(op, 0));
    let sizes = static_values(ctx, ir, op, "static_sizes");
    let expected = subview_result_type(
        ctx,
        source,
        &static_values(ctx, ir, op, "static_offsets"),
        &sizes,
        &static_values(ctx, ir, op, "static_strides"),
    )?;
    memref_rank_reduction_mask(ctx, expected, result, &sizes)
}

/// MLIR's `SubViewOp::verify`, after the interface checks.
pub(crate) fn verify_subview(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let source = ir.value_type(ir.operand(op, 0));
    let result = ir.value_type(ir.result(op, 0));
    let r = rank(ctx, source);
    let [offsets, sizes, strides] = verify_mixed_lists(ctx, ir, op, [r, r, r])?;
    let (Some((src_shape, _, _, src_space)), Some((res_shape, res_elem, _, res_space))) =
        (memref_parts(ctx, source), memref_parts(ctx, result))
    else {
        return Ok(());
    };
    if src_space != res_space {
        return Err(plain_error(
            ir,
            op,
            format!(
                "different memory spaces specified for base memref type '{}' and subview memref type '{}'",
                ts(ctx, source),
                ts(ctx, result)
            ),
        ));
    }
    let Some(expected) = subview_result_type(ctx, source, &offsets, &sizes, &strides) else {
        return Err(plain_error(
            ir,
            op,
            format!("base type '{}' is not strided", ts(ctx, source)),
        ));
    };
    let mismatch = |what: &str| {
        plain_error(
            ir,
            op,
            format!(
                "expected result type to be '{}' or a rank-reduced version. ({what}), but got '{}'",
                ts(ctx, expected),
                ts(ctx, result)
            ),
        )
    };
    if expected != result {
        if res_shape.len() > sizes.len() {
            return Err(plain_error(
                ir,
                op,
                format!(
                    "expected result rank to be smaller or equal to the source rank, but got '{}'",
                    ts(ctx, result)
                ),
            ));
        }
        if strata_ir::rank_reduction_mask(&sizes, res_shape, false).is_none() {
            return Err(mismatch("mismatch of result sizes"));
        }
        if ctx.element_type(expected) != Some(res_elem) {
            return Err(plain_error(
                ir,
                op,
                format!(
                    "expected result element type to be '{}', but got '{}'",
                    ts(ctx, ctx.element_type(expected).expect("memref")),
                    ts(ctx, result)
                ),
            ));
        }
    }
    let (exp_strides, exp_offset) = strides_and_offset(ctx, expected).expect("strided");
    let Some((res_strides, res_offset)) = strides_and_offset(ctx, result) else {
        return Err(mismatch("mismatch of result layout"));
    };
    if exp_offset != res_offset {
        return Err(mismatch("mismatch of result layout"));
    }
    let Some(unused) = memref_rank_reduction_mask(ctx, expected, result, &sizes) else {
        return Err(mismatch("mismatch of result layout"));
    };
    let kept = exp_strides
        .iter()
        .zip(&unused)
        .filter(|(_, &u)| !u)
        .map(|(s, _)| *s);
    let compatible = kept
        .zip(&res_strides)
        .all(|(a, &b)| a == b || a == DYNAMIC || b == DYNAMIC);
    if !compatible {
        return Err(mismatch("mismatch of result layout"));
    }
    verify_in_bounds(ir, op, src_shape, &offsets, &sizes, &strides)
}

/// MLIR's `verifyInBoundsSlice`: static slices stay inside static
/// source dimensions.
fn verify_in_bounds(
    ir: &Ir,
    op: OpId,
    shape: &[i64],
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> DiagResult<()> {
    for (d, &dim) in shape.iter().enumerate() {
        let (o, s, st) = (offsets[d], sizes[d], strides[d]);
        if dim == DYNAMIC || o == DYNAMIC {
            continue;
        }
        if o >= dim {
            return Err(plain_error(
                ir,
                op,
                format!("offset {d} is out-of-bounds: {o} >= {dim}"),
            ));
        }
        if s == DYNAMIC || st == DYNAMIC {
            continue;
        }
        let last = o + (s - 1) * st;
        if last >= dim {
            return Err(plain_error(
                ir,
                op,
                format!("slice along dimension {d} runs out-of-bounds: {last} >= {dim}"),
            ));
        }
    }
    Ok(())
}

pub(crate) fn verify_reinterpret_cast(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let result = ir.value_type(ir.result(op, 0));
    let r = rank(ctx, result);
    let [offsets, sizes, strides] = verify_mixed_lists(ctx, ir, op, [1, r, r])?;
    let Some((shape, element, _, space)) = memref_parts(ctx, result) else {
        return Ok(());
    };
    let source = ir.value_type(ir.operand(op, 0));
    let (source_element, source_space) = match ctx.type_data(source) {
        TypeData::MemRef {
            element,
            memory_space,
            ..
        }
        | TypeData::UnrankedMemRef {
            element,
            memory_space,
        } => (*element, *memory_space),
        _ => return Ok(()),
    };
    for (what, same) in [
        ("memory spaces", source_space == space),
        ("element types", source_element == element),
    ] {
        if !same {
            return Err(plain_error(
                ir,
                op,
                format!(
                    "different {what} specified for source type '{}' and result memref type '{}'",
                    ts(ctx, source),
                    ts(ctx, result)
                ),
            ));
        }
    }
    // A dynamic dimension, offset or stride of the result type accepts any
    // value; a static one must equal the static value given.
    for (i, (&want, &have)) in sizes.iter().zip(shape).enumerate() {
        if have != DYNAMIC && want != have {
            return Err(plain_error(
                ir,
                op,
                format!(
                    "expected result type with size = {} instead of {} in dim = {i}",
                    show(want),
                    show(have)
                ),
            ));
        }
    }
    let Some((res_strides, res_offset)) = strides_and_offset(ctx, result) else {
        return Ok(());
    };
    if res_offset != DYNAMIC && offsets[0] != res_offset {
        return Err(plain_error(
            ir,
            op,
            format!(
                "expected result type with offset = {} instead of {}",
                show(offsets[0]),
                show(res_offset)
            ),
        ));
    }
    for (i, (&want, &have)) in strides.iter().zip(&res_strides).enumerate() {
        if have != DYNAMIC && want != have {
            return Err(plain_error(
                ir,
                op,
                format!(
                    "expected result type with stride = {} instead of {} in dim = {i}",
                    show(want),
                    show(have)
                ),
            ));
        }
    }
    Ok(())
}

fn show(v: i64) -> String {
    if v == DYNAMIC {
        "dynamic".into()
    } else {
        v.to_string()
    }
}

/// MLIR's `CastOp::areCastCompatible`.
pub fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.type_data(a), ctx.type_data(b)) {
        (TypeData::MemRef { .. }, TypeData::MemRef { .. }) => {
            let (sa, ea, _, ma) = memref_parts(ctx, a).expect("memref");
            let (sb, eb, _, mb) = memref_parts(ctx, b).expect("memref");
            if ea != eb || ma != mb || sa.len() != sb.len() {
                return false;
            }
            let compatible = |x: i64, y: i64| x == y || x == DYNAMIC || y == DYNAMIC;
            if !sa.iter().zip(sb).all(|(&x, &y)| compatible(x, y)) {
                return false;
            }
            match (strides_and_offset(ctx, a), strides_and_offset(ctx, b)) {
                (Some((st_a, o_a)), Some((st_b, o_b))) => {
                    compatible(o_a, o_b) && st_a.iter().zip(&st_b).all(|(&x, &y)| compatible(x, y))
                }
                _ => ctx.type_data(a) == ctx.type_data(b),
            }
        }
        (
            TypeData::MemRef {
                element,
                memory_space,
                ..
            },
            TypeData::UnrankedMemRef {
                element: e2,
                memory_space: m2,
            },
        )
        | (
            TypeData::UnrankedMemRef {
                element,
                memory_space,
            },
            TypeData::MemRef {
                element: e2,
                memory_space: m2,
                ..
            },
        ) => element == e2 && memory_space == m2,
        _ => false,
    }
}

pub(crate) fn verify_cast(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (a, b) = (
        ir.value_type(ir.operand(op, 0)),
        ir.value_type(ir.result(op, 0)),
    );
    if !cast_compatible(ctx, a, b) {
        return Err(cast_incompatible(ctx, ir, op, a, b));
    }
    Ok(())
}

/// The reassociation groups `[[0, 1], [2]]` of a reshape.
pub fn reassociation(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Vec<usize>> {
    let Some(attr) = ir.attr(ctx, op, "reassociation") else {
        return Vec::new();
    };
    ctx.array_elements(attr)
        .unwrap_or(&[])
        .iter()
        .map(|g| {
            ctx.array_elements(*g)
                .unwrap_or(&[])
                .iter()
                .filter_map(|d| ctx.integer_value(*d))
                .map(|d| d as usize)
                .collect()
        })
        .collect()
}

/// MLIR's `verifyCollapsedShape`: one group per collapsed dimension, the
/// groups partition the expanded dimensions in order, a collapsed dimension
/// is dynamic exactly when its group has a dynamic dimension, and a static
/// group's product is the collapsed size.
fn verify_collapsed_shape(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    collapsed: &[i64],
    expanded: &[i64],
    groups: &[Vec<usize>],
) -> DiagResult<()> {
    let err = |m: String| Err(emit_op_error(ctx, ir, op, m));
    if collapsed.len() != groups.len() {
        return err(format!(
            "invalid number of reassociation groups: found {}, expected {}",
            groups.len(),
            collapsed.len()
        ));
    }
    let mut next = 0;
    for (i, g) in groups.iter().enumerate() {
        let mut found_dynamic = false;
        for &d in g {
            if d != next {
                return err("reassociation indices must be contiguous".into());
            }
            next += 1;
            if d >= expanded.len() {
                return err(format!("reassociation index {d} is out of bounds"));
            }
            found_dynamic |= expanded[d] == DYNAMIC;
        }
        if (collapsed[i] == DYNAMIC) != found_dynamic {
            return err(format!(
                "collapsed dim ({i}) must be dynamic if and only if reassociation group is dynamic"
            ));
        }
        if !found_dynamic {
            let product: i64 = g.iter().map(|&d| expanded[d]).product();
            if product != collapsed[i] {
                return err(format!(
                    "collapsed dim size ({}) must equal reassociation group size ({product})",
                    collapsed[i]
                ));
            }
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|&d| d != 1) {
            return err("rank 0 memrefs can only be extended/collapsed with/from ones".into());
        }
    } else if next != expanded.len() {
        return err(format!(
            "expanded rank ({}) inconsistent with number of reassociation indices ({next})",
            expanded.len()
        ));
    }
    Ok(())
}

pub(crate) fn verify_collapse_shape(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let src = ir.value_type(ir.operand(op, 0));
    let res = ir.value_type(ir.result(op, 0));
    let (Some(big), Some(small)) = (ctx.shape(src), ctx.shape(res)) else {
        return Ok(());
    };
    if big.len() < small.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "has source rank {0} and result rank {1}. This is not a collapse ({0} < {1}).",
                big.len(),
                small.len()
            ),
        ));
    }
    let groups = reassociation(ctx, ir, op);
    verify_collapsed_shape(ctx, ir, op, small, big, &groups)?;
    let Some(expected) = reshaped_type(ctx, src, small, &groups, true, false) else {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "invalid source layout map or collapsing non-contiguous dims",
        ));
    };
    if expected != res {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "expected collapsed type to be '{}' but found '{}'",
                ts(ctx, expected),
                ts(ctx, res)
            ),
        ));
    }
    Ok(())
}

pub(crate) fn verify_expand_shape(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let src = ir.value_type(ir.operand(op, 0));
    let res = ir.value_type(ir.result(op, 0));
    let (Some(small), Some(big)) = (ctx.shape(src), ctx.shape(res)) else {
        return Ok(());
    };
    if small.len() > big.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "has source rank {0} and result rank {1}. This is not an expansion ({0} > {1}).",
                small.len(),
                big.len()
            ),
        ));
    }
    let groups = reassociation(ctx, ir, op);
    verify_collapsed_shape(ctx, ir, op, small, big, &groups)?;
    let Some(expected) = reshaped_type(ctx, src, big, &groups, false, false) else {
        return Err(emit_op_error(ctx, ir, op, "invalid source layout map"));
    };
    if expected != res {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "expected expanded type to be '{}' but found '{}'",
                ts(ctx, expected),
                ts(ctx, res)
            ),
        ));
    }
    let output = statics(ctx, ir, op, "static_output_shape");
    if output.len() != big.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "expected number of static shape bounds to be equal to the output rank ({}) but found {} inputs instead",
                big.len(),
                output.len()
            ),
        ));
    }
    let dynamic = output.iter().filter(|&&d| d == DYNAMIC).count();
    if ir.num_operands(op) - 1 != dynamic {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {} values",
                ir.num_operands(op) - 1
            ),
        ));
    }
    for (i, (&o, &b)) in output.iter().zip(big).enumerate() {
        if b != DYNAMIC && o != b {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("invalid output shape provided at pos {i}"),
            ));
        }
    }
    Ok(())
}

/// MLIR's `ReshapeOp::verify`.
pub(crate) fn verify_reshape_op(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let err = |m: &str| Err(emit_op_error(ctx, ir, op, m));
    let source = ir.value_type(ir.operand(op, 0));
    let result = ir.value_type(ir.result(op, 0));
    if ctx.element_type(source) != ctx.element_type(result) {
        return err("element types of source and destination memref types should be the same");
    }
    if memref_parts(ctx, source).is_some() && !has_identity_layout(ctx, source) {
        return err("source memref type should have identity affine map");
    }
    let shape_len = ctx
        .shape(ir.value_type(ir.operand(op, 1)))
        .and_then(|s| s.first().copied())
        .unwrap_or(DYNAMIC);
    if let Some((shape, ..)) = memref_parts(ctx, result) {
        if !has_identity_layout(ctx, result) {
            return err("result memref type should have identity affine map");
        }
        if shape_len == DYNAMIC {
            return err("cannot use shape operand with dynamic length to reshape to statically-ranked memref type");
        }
        if shape_len != shape.len() as i64 {
            return err("length of shape operand differs from the result's memref rank");
        }
    }
    Ok(())
}

pub(crate) struct GetGlobalSymbol;

impl SymbolUserOpInterface for GetGlobalSymbol {
    fn verify_symbol_uses(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        symbol_tables: &mut SymbolTableCollection,
    ) -> DiagResult<()> {
        verify_get_global(ctx, ir, op, symbol_tables)
    }
}

fn verify_get_global(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    symbol_tables: &mut SymbolTableCollection,
) -> DiagResult<()> {
    let Some(name) = ir.attr(ctx, op, "name") else {
        return Ok(());
    };
    let text = match ctx.attr_data(name) {
        AttrData::SymbolRef { root, .. } => ctx.str(*root).to_string(),
        _ => return Ok(()),
    };
    let global = symbol_tables
        .lookup_symbol_from(ctx, ir, op, name)
        .filter(|&g| ctx.op_name_str(ir.op_name(g)) == "memref.global");
    let Some(global) = global else {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("'{text}' does not reference a valid global memref"),
        ));
    };
    let result = ir.value_type(ir.result(op, 0));
    if let Some(ty) = ir.attr(ctx, global, "type").and_then(|a| ctx.type_value(a)) {
        if ty != result {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "result type '{}' does not match type '{}' of the global memref @{text}",
                    ts(ctx, result),
                    ts(ctx, ty)
                ),
            ));
        }
    }
    Ok(())
}

pub(crate) fn verify_global(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(ty) = ir.attr(ctx, op, "type").and_then(|a| ctx.type_value(a)) else {
        return Ok(());
    };
    let ok = matches!(ctx.type_data(ty), TypeData::MemRef { shape, .. } if shape.iter().all(|&d| d != DYNAMIC));
    if !ok {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "type should be static shaped memref, but got {}",
                ts(ctx, ty)
            ),
        ));
    }
    Ok(())
}
