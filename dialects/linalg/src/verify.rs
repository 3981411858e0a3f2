//! The per-op verifiers of the structured ops, with MLIR 22's messages.
//!
//! MLIR runs an op's own `verify()` (and its ODS operand/result
//! constraints) before the regions and the `LinalgStructuredInterface`
//! checks (`verifyWithRegions`), so [`verify_op`] is called first by the
//! structured verifier in `ops.rs`: a transpose with a bad permutation
//! reports the permutation, not the shape mismatch it implies.

use crate::named::{affine_maps_attr, default_maps_with, Kind, Maps};
use crate::structured::element_or_self;
use strata_dialect_tensor::syntax::{i64_array_prop, is_ranked_tensor, op_error, type_str};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::{Context, Ir, OpId, Type, TypeData, Value};

fn is_shaped(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_data(ty),
        TypeData::MemRef { .. }
            | TypeData::RankedTensor { .. }
            | TypeData::UnrankedTensor { .. }
            | TypeData::UnrankedMemRef { .. }
            | TypeData::Vector { .. }
    )
}

fn is_memref(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::MemRef { .. })
}

fn shape(ctx: &Context, ty: Type) -> Vec<i64> {
    ctx.shape(ty).map(|s| s.to_vec()).unwrap_or_default()
}

/// The shapes of the single input and init of transpose and broadcast.
fn input_init_shapes(
    ctx: &Context,
    ir: &Ir,
    inputs: &[Value],
    outputs: &[Value],
) -> Option<(Vec<i64>, Vec<i64>)> {
    let (&input, &init) = (inputs.first()?, outputs.first()?);
    Some((
        shape(ctx, ir.value_type(input)),
        shape(ctx, ir.value_type(init)),
    ))
}

fn dims_list(dims: &[i64]) -> String {
    dims.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The ODS constraints and the op's own `verify()`, before the structured
/// interface checks.
pub fn verify_op(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    kind: Kind,
    inputs: &[Value],
    outputs: &[Value],
) -> DiagResult<()> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let n = ir.num_operands(op);
    match kind {
        Kind::Transpose | Kind::Broadcast if n != 2 => {
            return err(format!("expected 2 operands, but found {n}"));
        }
        Kind::Map if n < 1 => return err(format!("expected 1 or more operands, but found {n}")),
        _ => {}
    }
    let dps = !matches!(
        kind,
        Kind::Map | Kind::Reduce | Kind::Transpose | Kind::Broadcast
    );
    // ODS: `Variadic<AnyShaped>:$outputs`, `Variadic<AnyRankedTensor>:$result_tensors`.
    if dps {
        let n = inputs.len();
        for (i, &v) in outputs.iter().enumerate() {
            let ty = ir.value_type(v);
            if !is_shaped(ctx, ty) {
                return err(format!(
                    "operand #{} must be variadic of shaped of any type values, but got '{}'",
                    n + i,
                    type_str(ctx, ty)
                ));
            }
        }
    }
    let tensor_result = if dps {
        "variadic of ranked tensor of any type values"
    } else {
        "variadic of tensor of any type values"
    };
    for (i, r) in ir.results(op).enumerate() {
        let ty = ir.value_type(r);
        let ok = if dps {
            is_ranked_tensor(ctx, ty)
        } else {
            matches!(
                ctx.type_data(ty),
                TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. }
            )
        };
        if !ok {
            return err(format!(
                "result #{i} must be {tensor_result}, but got '{}'",
                type_str(ctx, ty)
            ));
        }
    }
    match kind {
        Kind::Fill => verify_fill(ctx, ir, op, inputs, outputs),
        Kind::Transpose => verify_transpose(ctx, ir, op, inputs, outputs),
        Kind::Broadcast => verify_broadcast(ctx, ir, op, inputs, outputs),
        Kind::Reduce => verify_reduce(ctx, ir, op, inputs, outputs),
        Kind::Map => verify_map(ctx, ir, op, inputs, outputs),
        Kind::Named(spec) if spec.maps == Maps::Required => verify_contract(ctx, ir, op),
        Kind::Named(spec) if spec.maps == Maps::Explicit && spec.loops == "m n k" => {
            verify_matmul(ctx, ir, op, kind)
        }
        Kind::Named(spec) if spec.maps == Maps::Explicit && spec.loops == "b m n k" => {
            verify_batch_matmul(ctx, ir, op, kind, spec.reductions == "b k")
        }
        _ => Ok(()),
    }
}

fn verify_fill(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    inputs: &[Value],
    outputs: &[Value],
) -> DiagResult<()> {
    let (Some(&value), Some(&out)) = (inputs.first(), outputs.first()) else {
        return Ok(());
    };
    let value_ty = ir.value_type(value);
    if matches!(
        ctx.type_data(value_ty),
        TypeData::MemRef { .. } | TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. }
    ) {
        // LinalgFillOpInterface: emitted with emitError, no op prefix.
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "expected op with scalar input",
        ));
    }
    let elem = element_or_self(ctx, ir.value_type(out));
    if value_ty != elem {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expected fill value type ('{}') to match output element type ('{}')",
                type_str(ctx, value_ty),
                type_str(ctx, elem)
            ),
        ));
    }
    Ok(())
}

fn verify_transpose(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    inputs: &[Value],
    outputs: &[Value],
) -> DiagResult<()> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let perm = i64_array_prop(ctx, ir, op, "permutation");
    let n = perm.len() as i64;
    let mut seen = vec![false; perm.len()];
    for &p in &perm {
        if p < 0 || p >= n || seen[p as usize] {
            return err("permutation is not valid".into());
        }
        seen[p as usize] = true;
    }
    let Some((input, init)) = input_init_shapes(ctx, ir, inputs, outputs) else {
        return Ok(());
    };
    if input.len() != init.len() {
        return err(format!(
            "input rank ({}) does not match init rank ({})",
            input.len(),
            init.len()
        ));
    }
    if input.len() != perm.len() {
        return err(format!(
            "size of permutation {} does not match the argument rank {}",
            perm.len(),
            input.len()
        ));
    }
    for (i, &p) in perm.iter().enumerate() {
        if input[p as usize] != init[i] {
            return err(format!(
                "dim(result, {i}) = {} doesn't match dim(input, permutation[{i}]) = {}",
                init[i], input[p as usize]
            ));
        }
    }
    Ok(())
}

fn verify_broadcast(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    inputs: &[Value],
    outputs: &[Value],
) -> DiagResult<()> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let dims = i64_array_prop(ctx, ir, op, "dimensions");
    let Some((input, init)) = input_init_shapes(ctx, ir, inputs, outputs) else {
        return Ok(());
    };
    let init_rank = init.len() as i64;
    if input.len() + dims.len() != init.len() {
        return err(format!(
            "input rank plus added dimensions does not match init rank. input rank: {}, dimensions size: {}, init rank: {}",
            input.len(),
            dims.len(),
            init.len()
        ));
    }
    for (i, &d) in dims.iter().enumerate() {
        if d < 0 || d >= init_rank {
            return err(format!(
                "dimension {i} is out of range. expected range: [0, {}], got: {d}",
                init_rank - 1
            ));
        }
    }
    let mapped = (0..init_rank).filter(|d| !dims.contains(d));
    for (i, d) in mapped.enumerate() {
        if input[i] != init[d as usize] {
            return err(format!(
                "input dim {i} should match init dim {d}. input: {}, init: {}",
                input[i], init[d as usize]
            ));
        }
    }
    Ok(())
}

fn verify_reduce(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    inputs: &[Value],
    outputs: &[Value],
) -> DiagResult<()> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let dims = i64_array_prop(ctx, ir, op, "dimensions");
    if dims.windows(2).any(|w| w[0] >= w[1]) {
        return err("attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute should be in increasing order".into());
    }
    let shapes = |vs: &[Value]| -> Vec<Vec<i64>> {
        vs.iter().map(|&v| shape(ctx, ir.value_type(v))).collect()
    };
    let (ins, outs) = (shapes(inputs), shapes(outputs));
    for (what, list) in [("inputs", &ins), ("outputs", &outs)] {
        let index = if what == "inputs" { "input" } else { "output" };
        if let Some(i) = (1..list.len()).find(|&i| list[i] != list[0]) {
            return err(format!(
                "expects all {what} to have the same shapes. Shape at {index}-index {i} is not equal to the shape at {index}-index 0."
            ));
        }
    }
    let (Some(input), Some(init)) = (ins.first(), outs.first()) else {
        return Ok(());
    };
    let rank = input.len() as i64;
    if dims.iter().any(|&d| d < 0 || d >= rank) {
        return err(format!(
            "dimensions for reduction should be in the range [0, {}].",
            rank - 1
        ));
    }
    let reduced: Vec<i64> = (0..rank)
        .filter(|d| !dims.contains(d))
        .map(|d| input[d as usize])
        .collect();
    if reduced.len() != init.len() {
        return err(format!(
            "number of dimensions after reduction {} doesn't match the init rank {}",
            reduced.len(),
            init.len()
        ));
    }
    if &reduced != init {
        return err(format!(
            "init dimensions [{}] doesn't match input dimensions after reduction [{}]",
            dims_list(init),
            dims_list(&reduced)
        ));
    }
    let Some(block) = crate::structured::payload_block(ir, op) else {
        return Ok(());
    };
    let args = ir.block_args(block);
    if args.len() != inputs.len() + outputs.len() {
        return err("mismatching number of operands and block arguments".into());
    }
    for (&v, &arg) in inputs.iter().zip(args) {
        let elem = element_or_self(ctx, ir.value_type(v));
        if elem != ir.value_type(arg) {
            return err(format!(
                "input element type '{}' does not match corresponding block argument type '{}'",
                type_str(ctx, elem),
                type_str(ctx, ir.value_type(arg))
            ));
        }
    }
    for (&v, &arg) in outputs.iter().zip(&args[inputs.len()..]) {
        let elem = element_or_self(ctx, ir.value_type(v));
        if elem != ir.value_type(arg) {
            return err(format!(
                "output element type '{}' does not match corresponding block argument type '{}'",
                type_str(ctx, elem),
                type_str(ctx, ir.value_type(arg))
            ));
        }
    }
    Ok(())
}

fn verify_map(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    inputs: &[Value],
    outputs: &[Value],
) -> DiagResult<()> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let Some(&init) = outputs.first() else {
        return Ok(());
    };
    let Some(block) = crate::structured::payload_block(ir, op) else {
        return Ok(());
    };
    let args = ir.block_args(block);
    if inputs.len() + 1 != args.len() {
        return err(format!(
            "expects number of operands to match the arity of mapper, but got: {} and {}",
            inputs.len() + 1,
            args.len()
        ));
    }
    for (&v, &arg) in inputs.iter().zip(args) {
        let elem = element_or_self(ctx, ir.value_type(v));
        if elem != ir.value_type(arg) {
            return err(format!(
                "expected element type of input '{}' to match bbArg type '{}'",
                type_str(ctx, elem),
                type_str(ctx, ir.value_type(arg))
            ));
        }
    }
    let out = shape(ctx, ir.value_type(init));
    for &v in inputs {
        let s = shape(ctx, ir.value_type(v));
        if s != out {
            return err(format!(
                "expected shape of input ({}) to match shape of output ({})",
                dims_list(&s),
                dims_list(&out)
            ));
        }
    }
    Ok(())
}

/// MLIR's `MatmulOp::verify` with user maps (`verifyExtendedMatmulSemantic`):
/// each input map uses only its default dims; one with fewer results is a
/// broadcast and must be `(d2)`.
fn verify_matmul(ctx: &Context, ir: &Ir, op: OpId, kind: Kind) -> DiagResult<()> {
    let Some(maps) = affine_maps_attr(ctx, ir, op, "indexing_maps") else {
        return Ok(());
    };
    let (defaults, _) = default_maps_with(kind, &[], &[]);
    if maps == defaults {
        return Ok(());
    }
    for (map, default) in maps.iter().zip(&defaults).take(2) {
        if !map.results().iter().all(|e| default.results().contains(e)) {
            return Err(op_error(
                ctx,
                ir,
                op,
                "Unexpected dim expression in map result.",
            ));
        }
        if map.num_results() < default.num_results()
            && !(map.num_results() == 1 && map.results()[0].as_dim() == Some(2))
        {
            return Err(op_error(
                ctx,
                ir,
                op,
                "Invalid broadcast requested, should be (d2).",
            ));
        }
    }
    Ok(())
}

/// MLIR's `verifyExtendedBatchVariantMatmulSemantic` for batch_matmul and
/// batch_reduce_matmul with user maps: the map count, then each input map
/// (results among the default ones, at most three, a broadcast keeping the
/// reduction dimension, the batch dimension first) and the output map.
fn verify_batch_matmul(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    kind: Kind,
    reduce: bool,
) -> DiagResult<()> {
    let Some(maps) = affine_maps_attr(ctx, ir, op, "indexing_maps") else {
        return Ok(());
    };
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    if maps.len() != 3 {
        return err("Indexing_map attribute must have 3 affine maps.".into());
    }
    let (defaults, _) = default_maps_with(kind, &[], &[]);
    let dim = |e: &strata_ir::affine::AffineExpr, d: usize| e.is_function_of_dim(d);
    for (i, (map, default)) in maps.iter().zip(&defaults).enumerate() {
        let r = map.results();
        if i == 2 {
            let want = if reduce { 2 } else { 3 };
            if r.len() != want {
                return err(format!("expects {want} dims, but got ({}).", r.len()));
            }
            let first = if reduce { 1 } else { 0 };
            if !(0..want).all(|k| dim(&r[k], first + k)) {
                return err("Invalid output map result dimension.".into());
            }
            continue;
        }
        if !r.iter().all(|e| default.results().contains(e)) {
            return err(
                "Unexpected result dim expression (outside the set of default result dims).".into(),
            );
        }
        if r.len() > 3 {
            return err("no. of result dim expressions exceeds 3.".into());
        }
        if r.len() < default.num_results() {
            // batch=0, m=1, n=2, k=3 (MLIR's isValidLhsRhsBroadcastMap).
            let valid = match r.len() {
                1 => dim(&r[0], 3),
                2 if i == 0 => (dim(&r[0], 0) || dim(&r[0], 1)) && dim(&r[1], 3),
                2 => (dim(&r[0], 0) && dim(&r[1], 3)) || (dim(&r[0], 3) && dim(&r[1], 2)),
                _ => false,
            };
            if !valid {
                return err("Invalid broadcast requested.".into());
            }
        } else if !dim(&r[0], 0) {
            return err("Invalid batch dimension expression.".into());
        }
    }
    Ok(())
}

/// MLIR's `ContractOp::verify` (messages emitted without the op prefix).
fn verify_contract(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let err = |m: String| Err(Diagnostic::error(ir.op_loc(op), m));
    let Some(maps) = affine_maps_attr(ctx, ir, op, "indexing_maps") else {
        return Ok(());
    };
    let types: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    let mut space: Option<usize> = None;
    let (mut ins, mut outs) = (Vec::new(), Vec::new());
    for (i, (map, &ty)) in maps.iter().zip(&types).enumerate() {
        if !map.is_projected_permutation(false) {
            return err("provided affine_map is not a projected permutation".into());
        }
        if is_shaped(ctx, ty) {
            if map.num_results() != shape(ctx, ty).len() {
                return err(
                    "ranks of shaped operand and results of corresponding affine_map differ".into(),
                );
            }
        } else if map.num_results() != 0 {
            return err(
                "affine_map specifies shaped access while operand has non-shaped type".into(),
            );
        }
        match space {
            None => {
                space = Some(map.num_dims());
                ins = vec![0usize; map.num_dims()];
                outs = vec![0usize; map.num_dims()];
            }
            Some(n) if n != map.num_dims() => {
                return err("iteration spaces of provided affine_maps differ".into());
            }
            _ => {}
        }
        for e in map.results() {
            if let Some(d) = e.as_dim() {
                if i < 2 {
                    ins[d] += 1;
                } else {
                    outs[d] += 1;
                }
            }
        }
    }
    let mut contracting = false;
    for d in 0..space.unwrap_or(0) {
        contracting |= ins[d] == 2 && outs[d] == 0;
        if ins[d] == 0 && outs[d] == 0 {
            return err(format!(
                "iteration space dim at index {d} not used to access any operand"
            ));
        }
        if ins[d] == 1 && outs[d] != 1 {
            return err(format!(
                "iteration space dim at index {d} is neither a contracting dim nor of parallel iteration type"
            ));
        }
    }
    if !contracting {
        return err("'indexing_maps' do not specify a contracting dimension".into());
    }
    Ok(())
}

/// DestinationStyleOpInterface and the mixed-semantics check of
/// `verifyStructuredOpInterface`.
pub fn verify_destination_style(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    operands: &[Value],
    outputs: &[Value],
) -> DiagResult<()> {
    let tensor_outs: Vec<Value> = outputs
        .iter()
        .copied()
        .filter(|&v| is_ranked_tensor(ctx, ir.value_type(v)))
        .collect();
    let n_ins = operands.len() - outputs.len();
    for (r, &init) in ir.results(op).zip(&tensor_outs) {
        if ir.value_type(r) != ir.value_type(init) {
            let index = n_ins + outputs.iter().position(|&o| o == init).unwrap_or(0);
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "expected type of operand #{index} ('{}') to match type of corresponding result ('{}')",
                    type_str(ctx, ir.value_type(init)),
                    type_str(ctx, ir.value_type(r))
                ),
            ));
        }
    }
    let any_memref = operands.iter().any(|&v| is_memref(ctx, ir.value_type(v)));
    let any_tensor = operands
        .iter()
        .any(|&v| is_ranked_tensor(ctx, ir.value_type(v)));
    if any_memref && any_tensor {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expected to have pure tensor or buffer semantics",
        ));
    }
    Ok(())
}
