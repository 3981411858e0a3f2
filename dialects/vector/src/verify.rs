//! Verifiers of the `vector` ops with MLIR 22's messages, checked in
//! MLIR's order; each op names its verifier in its declaration.

use crate::ops::{
    default_permutation_map, groups, in_bounds, indexing_maps, map_attr, vector_parts,
};
use strata_ir::asm::printer::{attr_to_string, type_to_string};
use strata_ir::diagnostics::DiagResult;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpId, Type, TypeData, Value};

fn ts(ctx: &Context, t: Type) -> String {
    type_to_string(ctx, t)
}

fn err<T>(ctx: &Context, ir: &Ir, op: OpId, message: impl AsRef<str>) -> DiagResult<T> {
    Err(emit_op_error(ctx, ir, op, message))
}

fn check_indices(ctx: &Context, ir: &Ir, op: OpId, base: Type, count: usize) -> DiagResult<()> {
    let rank = ctx.shape(base).map_or(0, |s| s.len());
    if count != rank {
        return err(ctx, ir, op, format!("requires {rank} indices"));
    }
    Ok(())
}

pub(crate) fn verify_load(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let g = groups(ctx, ir, op);
    let base = ir.value_type(g[0][0]);
    let result = ir.value_type(ir.result(op, 0));
    check_indices(ctx, ir, op, base, g[1].len())?;
    let base_elem = ctx.element_type(base);
    if base_elem.is_some_and(|e| matches!(ctx.type_data(e), TypeData::Vector { .. })) {
        // A memref of vectors: the loaded vector is one element.
        if base_elem != Some(result) {
            return err(
                ctx,
                ir,
                op,
                "base memref and result vector types should match",
            );
        }
    } else if base_elem != Some(vector_parts(ctx, result).1) {
        return err(ctx, ir, op, "base and result element types should match");
    }
    Ok(())
}

/// `vector.store`.
pub(crate) fn verify_store(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let store = crate::StoreOp(op);
    let (base, indices) = (store.base(ctx, ir), store.indices(ctx, ir));
    check_stored(ctx, ir, op, base, &indices, store.valueToStore(ctx, ir))
}

/// `vector.maskedstore`.
pub(crate) fn verify_masked_store(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let store = crate::MaskedStoreOp(op);
    let (base, indices) = (store.base(ctx, ir), store.indices(ctx, ir));
    check_stored(ctx, ir, op, base, &indices, store.valueToStore(ctx, ir))
}

fn check_stored(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    base: Value,
    indices: &[Value],
    value: Value,
) -> DiagResult<()> {
    let base = ir.value_type(base);
    check_indices(ctx, ir, op, base, indices.len())?;
    let base_elem = ctx.element_type(base);
    let vector_elem =
        base_elem.is_some_and(|e| matches!(ctx.type_data(e), TypeData::Vector { .. }));
    if vector_elem && base_elem != Some(ir.value_type(value)) {
        return err(
            ctx,
            ir,
            op,
            "base memref and valueToStore vector types should match",
        );
    }
    if !vector_elem && base_elem != Some(vector_parts(ctx, ir.value_type(value)).1) {
        return err(
            ctx,
            ir,
            op,
            "base and valueToStore element type should match",
        );
    }
    Ok(())
}

pub(crate) fn verify_broadcast(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (src, src_elem) = vector_parts(ctx, ir.value_type(ir.operand(op, 0)));
    let (dst, dst_elem) = vector_parts(ctx, ir.value_type(ir.result(op, 0)));
    if src.len() > dst.len() {
        return err(ctx, ir, op, "source rank higher than destination rank");
    }
    let lead = dst.len() - src.len();
    for (i, &s) in src.iter().enumerate() {
        let d = dst[lead + i];
        if s != 1 && s != d {
            return err(ctx, ir, op, format!("dimension mismatch ({s} vs. {d})"));
        }
    }
    if src_elem != dst_elem {
        return err(ctx, ir, op, "source type is not a vector");
    }
    Ok(())
}

pub(crate) fn verify_shape_cast(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (src, se) = vector_parts(ctx, ir.value_type(ir.operand(op, 0)));
    let (dst, de) = vector_parts(ctx, ir.value_type(ir.result(op, 0)));
    let (a, b): (i64, i64) = (src.iter().product(), dst.iter().product());
    if a != b {
        return err(
            ctx,
            ir,
            op,
            format!("has different number of elements at source ({a}) and result ({b})"),
        );
    }
    if se != de {
        return err(ctx, ir, op, "has different source and result element types");
    }
    Ok(())
}

pub(crate) fn verify_transpose(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (src, _) = vector_parts(ctx, ir.value_type(ir.operand(op, 0)));
    let (dst, _) = vector_parts(ctx, ir.value_type(ir.result(op, 0)));
    let perm = ir
        .attr(ctx, op, "permutation")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default();
    if src.len() != dst.len() {
        return err(
            ctx,
            ir,
            op,
            "vector result rank mismatch: ".to_string() + &dst.len().to_string(),
        );
    }
    if perm.len() != src.len() {
        return err(
            ctx,
            ir,
            op,
            format!("transposition length mismatch: {}", perm.len()),
        );
    }
    let mut seen = vec![false; src.len()];
    for (i, &p) in perm.iter().enumerate() {
        if p < 0 || p as usize >= src.len() {
            return err(
                ctx,
                ir,
                op,
                format!("transposition index out of range: {p}"),
            );
        }
        if seen[p as usize] {
            return err(ctx, ir, op, format!("duplicate position index: {p}"));
        }
        seen[p as usize] = true;
        if src[p as usize] != dst[i] {
            return err(ctx, ir, op, format!("dimension size mismatch at: {p}"));
        }
    }
    Ok(())
}

pub(crate) fn verify_reduction(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (shape, elem) = vector_parts(ctx, ir.value_type(ir.operand(op, 0)));
    if shape.len() > 1 {
        return err(
            ctx,
            ir,
            op,
            format!("unsupported reduction rank: {}", shape.len()),
        );
    }
    let dest = ir.value_type(ir.result(op, 0));
    if dest != elem {
        return err(
            ctx,
            ir,
            op,
            "failed to verify that source operand and result have same element type",
        );
    }
    let kind = crate::kind_of(ctx, ir, op);
    let is_float = matches!(ctx.type_data(elem), TypeData::Float(_));
    let ok = if is_float {
        kind.for_floats()
    } else {
        kind.for_integers()
    };
    if !ok {
        return err(
            ctx,
            ir,
            op,
            format!(
                "unsupported reduction type ''{}'' for kind '{}'",
                ts(ctx, elem),
                kind.keyword()
            ),
        );
    }
    Ok(())
}

pub(crate) fn verify_contract(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let maps = indexing_maps(ctx, ir, op);
    let iterators = crate::iterator_types(ctx, ir, op);
    if maps.len() != 3 {
        return err(
            ctx,
            ir,
            op,
            "expected an indexing map for each vector operand",
        );
    }
    let types: Vec<Type> = (0..3).map(|i| ir.value_type(ir.operand(op, i))).collect();
    for (i, map) in maps.iter().enumerate() {
        let rank = vector_parts(ctx, types[i]).0.len();
        if map.num_symbols() != 0 {
            return err(
                ctx,
                ir,
                op,
                format!("expected indexing map {i} to have no symbols"),
            );
        }
        if map.num_dims() != iterators.len() {
            return err(
                ctx,
                ir,
                op,
                format!(
                    "expected indexing map {i} to have {} number of inputs",
                    iterators.len()
                ),
            );
        }
        if map.results().len() != rank {
            return err(
                ctx,
                ir,
                op,
                format!("expected indexing map {i} to have {rank} number of outputs"),
            );
        }
        if !map.is_projected_permutation(false) {
            return err(
                ctx,
                ir,
                op,
                format!("expected indexing map {i} to be a projected permutation of its inputs"),
            );
        }
    }
    // Size of every iteration dimension, as the operands give it.
    let mut sizes: Vec<Option<i64>> = vec![None; iterators.len()];
    let mut dims_in = vec![[false; 3]; iterators.len()];
    let mut scalable_dim = vec![false; iterators.len()];
    for k in 0..3 {
        let (shape, scalable, _) = crate::extra_ops::vector_dims(ctx, types[k]);
        for (r, e) in maps[k].results().iter().enumerate() {
            if let Some(d) = e.as_dim() {
                dims_in[d][k] = true;
                if k < 2 {
                    scalable_dim[d] |= scalable[r];
                    match sizes[d] {
                        Some(s) if s != shape[r] => {
                            let what = if iterators[d] { "contracting" } else { "batch" };
                            return err(ctx, ir, op, format!("invalid {what} dimension map"));
                        }
                        _ => sizes[d] = Some(shape[r]),
                    }
                }
            }
        }
    }
    let contracting = (0..iterators.len())
        .filter(|&d| iterators[d] && dims_in[d][0] && dims_in[d][1])
        .count();
    if contracting == 0 {
        return err(
            ctx,
            ir,
            op,
            "expected at least one contracting dimension pair",
        );
    }
    if (0..iterators.len()).any(|d| iterators[d] && dims_in[d][2]) {
        return err(ctx, ir, op, "invalid contracting dimension map");
    }
    let elem = vector_parts(ctx, types[2]).1;
    let dims: Vec<usize> = maps[2]
        .results()
        .iter()
        .filter_map(|e| e.as_dim())
        .collect();
    let expected: Vec<i64> = dims.iter().map(|&d| sizes[d].unwrap_or(-1)).collect();
    let scalable: Vec<bool> = dims.iter().map(|&d| scalable_dim[d]).collect();
    let expected_ty = if expected.is_empty() {
        elem
    } else {
        crate::extra_ops::scalable_vector_type(ctx, &expected, &scalable, elem)
    };
    if expected_ty != types[2] {
        return err(
            ctx,
            ir,
            op,
            format!(
                "invalid accumulator/result vector shape, expected: '{}'",
                ts(ctx, expected_ty)
            ),
        );
    }
    Ok(())
}

pub(crate) fn verify_outerproduct(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (l, _) = vector_parts(ctx, ir.value_type(ir.operand(op, 0)));
    let (r, _) = vector_parts(ctx, ir.value_type(ir.operand(op, 1)));
    let (res, _) = vector_parts(ctx, ir.value_type(ir.result(op, 0)));
    if l.len() != 1 {
        return err(ctx, ir, op, "expected 1-d vector for operand #1");
    }
    if !r.is_empty() {
        if r.len() != 1 {
            return err(ctx, ir, op, "expected 1-d vector for operand #2");
        }
        if res.len() != 2 {
            return err(ctx, ir, op, "expected 2-d vector result");
        }
        if l[0] != res[0] {
            return err(
                ctx,
                ir,
                op,
                "expected #1 operand dim to match result dim #1",
            );
        }
        if r[0] != res[1] {
            return err(
                ctx,
                ir,
                op,
                "expected #2 operand dim to match result dim #2",
            );
        }
    } else {
        if res.len() != 1 {
            return err(ctx, ir, op, "expected 1-d vector result");
        }
        if l[0] != res[0] {
            return err(
                ctx,
                ir,
                op,
                "expected #1 operand dim to match result dim #1",
            );
        }
    }
    if let Some(acc) = ir.operands(op).nth(2) {
        if ir.value_type(acc) != ir.value_type(ir.result(op, 0)) {
            return err(
                ctx,
                ir,
                op,
                "expected operand #3 of same type as result type",
            );
        }
    }
    Ok(())
}

/// `vector.transfer_read`.
pub(crate) fn verify_transfer_read(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let read = crate::TransferReadOp(op);
    let source = ir.value_type(read.base(ctx, ir));
    let vector = ir.value_type(read.vector(ctx, ir));
    let padding = ir.value_type(read.padding(ctx, ir));
    check_transfer(
        ctx,
        ir,
        op,
        source,
        read.indices(ctx, ir).len(),
        vector,
        Some(padding),
    )
}

/// `vector.transfer_write`.
pub(crate) fn verify_transfer_write(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let write = crate::TransferWriteOp(op);
    let source = ir.value_type(write.base(ctx, ir));
    let vector = ir.value_type(write.valueToStore(ctx, ir));
    check_transfer(
        ctx,
        ir,
        op,
        source,
        write.indices(ctx, ir).len(),
        vector,
        None,
    )
}

/// MLIR's `verifyTransferOp`, and for a read its padding check.
fn check_transfer(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    source: Type,
    indices: usize,
    vector: Type,
    padding: Option<Type>,
) -> DiagResult<()> {
    let Some(shape) = ctx.shape(source) else {
        return err(
            ctx,
            ir,
            op,
            "requires source to be a memref or ranked tensor type",
        );
    };
    check_indices(ctx, ir, op, source, indices)?;
    let (vshape, velem) = vector_parts(ctx, vector);
    if let Some(padding) = padding {
        if Some(padding) != ctx.element_type(source) {
            return err(
                ctx,
                ir,
                op,
                "requires formal padding and source of the same elemental type",
            );
        }
    }
    if ctx.element_type(source) != Some(velem) {
        return err(
            ctx,
            ir,
            op,
            "requires source vector element and vector result ranks to match.",
        );
    }
    let map = map_attr(ctx, ir, op, "permutation_map")
        .or_else(|| default_permutation_map(shape.len(), vshape.len()))
        .unwrap_or_else(|| strata_ir::affine::AffineMap::new(0, 0, Vec::new()));
    if map.num_dims() != shape.len() {
        return err(
            ctx,
            ir,
            op,
            "requires a permutation_map with input dims of the same rank as the source type",
        );
    }
    if map.results().len() != vshape.len() {
        return err(
            ctx,
            ir,
            op,
            "requires a permutation_map with result dims of the same rank as the vector type",
        );
    }
    if map.num_symbols() != 0 {
        return err(ctx, ir, op, "requires permutation_map without symbols");
    }
    // Result by result, as MLIR's verifyPermutationMap.
    let mut seen = vec![false; map.num_dims()];
    for e in map.results() {
        match (e.as_dim(), e.as_constant()) {
            (Some(d), _) if seen.get(d).copied().unwrap_or(true) => {
                return err(ctx, ir, op, "requires a permutation_map that is a permutation (found one dim used more than once)");
            }
            (Some(d), _) => seen[d] = true,
            (None, Some(0)) => {}
            _ => {
                return err(ctx, ir, op, "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)");
            }
        }
    }
    let flags = in_bounds(ctx, ir, op);
    if flags.len() != map.results().len() {
        return err(
            ctx,
            ir,
            op,
            format!(
                "expects the in_bounds attr of same rank as permutation_map results: {} vs inBounds of size: {}",
                attr_to_string(ctx, ctx.affine_map_attr(map.clone())),
                flags.len()
            ),
        );
    }
    Ok(())
}

fn positions_ok(pos: &[i64], shape: &[i64]) -> Option<usize> {
    pos.iter()
        .enumerate()
        .position(|(i, &p)| p != strata_ir::DYNAMIC && p != -1 && (p < 0 || p >= shape[i]))
}

pub(crate) fn verify_extract(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (shape, elem) = vector_parts(ctx, ir.value_type(ir.operand(op, 0)));
    let pos = ir
        .attr(ctx, op, "static_position")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default();
    if pos.len() > shape.len() {
        return err(
            ctx,
            ir,
            op,
            "expected position attribute of rank no greater than vector rank",
        );
    }
    if let Some(i) = positions_ok(&pos, &shape) {
        return err(ctx, ir, op, format!("expected position attribute #{} to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)", i + 1));
    }
    let rest = &shape[pos.len()..];
    let inferred = if rest.is_empty() {
        elem
    } else {
        ctx.vector_type(rest, elem)
    };
    let result = ir.value_type(ir.result(op, 0));
    if inferred != result {
        return err(
            ctx,
            ir,
            op,
            format!(
                "inferred type(s) '{}' are incompatible with return type(s) of operation '{}'",
                ts(ctx, inferred),
                ts(ctx, result)
            ),
        );
    }
    Ok(())
}

pub(crate) fn verify_insert(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (shape, elem) = vector_parts(ctx, ir.value_type(ir.operand(op, 1)));
    let pos = ir
        .attr(ctx, op, "static_position")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default();
    if pos.len() > shape.len() {
        return err(
            ctx,
            ir,
            op,
            "expected position attribute of rank no greater than dest vector rank",
        );
    }
    let rest = &shape[pos.len()..];
    let expected = if rest.is_empty() {
        elem
    } else {
        ctx.vector_type(rest, elem)
    };
    let value = ir.value_type(ir.operand(op, 0));
    if value != expected {
        let scalar = !matches!(ctx.type_data(value), TypeData::Vector { .. });
        return err(
            ctx,
            ir,
            op,
            if scalar && pos.len() != shape.len() {
                "expected position attribute rank to match the dest vector rank"
            } else {
                "expected position attribute rank + source rank to match dest vector rank"
            },
        );
    }
    if let Some(i) = positions_ok(&pos, &shape) {
        return err(ctx, ir, op, format!("expected position attribute #{} to be a non-negative integer smaller than the corresponding dest vector dimension", i + 1));
    }
    Ok(())
}

/// MLIR's `ShuffleOp::verify` (and its ODS element-type constraints).
pub(crate) fn verify_shuffle(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (v1, e1) = vector_parts(ctx, ir.value_type(ir.operand(op, 0)));
    let (v2, e2) = vector_parts(ctx, ir.value_type(ir.operand(op, 1)));
    let (res, er) = vector_parts(ctx, ir.value_type(ir.result(op, 0)));
    if e1 != er {
        return err(
            ctx,
            ir,
            op,
            "failed to verify that first operand v1 and result have same element type",
        );
    }
    if e2 != er {
        return err(
            ctx,
            ir,
            op,
            "failed to verify that second operand v2 and result have same element type",
        );
    }
    let rank = res.len();
    let (r1, r2) = (v1.len().max(1), v2.len().max(1));
    if rank != r1 || rank != r2 {
        return err(ctx, ir, op, "rank mismatch");
    }
    if (1..rank).any(|d| res[d] != v1[d] || res[d] != v2[d]) {
        return err(ctx, ir, op, "dimension mismatch");
    }
    let mask = ir
        .attr(ctx, op, "mask")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default();
    if mask.is_empty() || mask.len() as i64 != res.first().copied().unwrap_or(0) {
        return err(ctx, ir, op, "invalid mask length");
    }
    let total = v1.first().copied().unwrap_or(1) + v2.first().copied().unwrap_or(1);
    for (i, &m) in mask.iter().enumerate() {
        if m != -1 && (m < 0 || m >= total) {
            return err(ctx, ir, op, format!("mask index #{} out of range", i + 1));
        }
    }
    Ok(())
}
