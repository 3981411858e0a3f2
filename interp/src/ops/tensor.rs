//! tensor: value semantics. Every op producing a "modified" tensor makes
//! a new one; slices, pads, reshapes and concatenations copy elements in
//! row-major order. `tensor.empty` holds zeros (MLIR leaves its contents
//! unspecified; a program that reads them before writing is wrong either
//! way, and after bufferization such a read is caught as a read of
//! uninitialized memory).

use crate::memory::for_each_index;
use crate::value::{contiguous_strides, scalar_type, zero};
use crate::{Flow, InterpError, InterpResult, Interpreter, Registry, RtValue, Scalar, Shaped};
use strata_dialect_tensor::gather::{GatherOp, ScatterOp};
use strata_dialect_tensor::ops::{
    CastOp, CollapseShapeOp, ConcatOp, DimOp, EmptyOp, ExpandShapeOp, ExtractOp, ExtractSliceOp,
    FromElementsOp, GenerateOp, InsertOp, InsertSliceOp, PadOp, RankOp, ReshapeOp, SplatOp,
    YieldOp,
};
use strata_dialect_tensor::syntax::{i64_array_prop, operand_segments, reassociation_groups};
use strata_ir::{OpId, Type, DYNAMIC};

pub fn register(registry: &mut Registry) {
    registry.register_op::<EmptyOp>(empty);
    registry.register_op::<ExtractOp>(extract);
    registry.register_op::<InsertOp>(insert);
    registry.register_op::<ExtractSliceOp>(extract_slice);
    registry.register_op::<InsertSliceOp>(insert_slice);
    registry.register_op::<PadOp>(pad);
    registry.register_op::<CollapseShapeOp>(reshape_like);
    registry.register_op::<ExpandShapeOp>(reshape_like);
    registry.register_op::<CastOp>(cast);
    registry.register_op::<DimOp>(dim);
    registry.register_op::<RankOp>(rank);
    registry.register_op::<GenerateOp>(generate);
    registry.register_op::<SplatOp>(splat);
    registry.register_op::<ConcatOp>(concat);
    registry.register_op::<FromElementsOp>(from_elements);
    registry.register_op::<ReshapeOp>(reshape);
    registry.register_op::<strata_dialect_tensor::ops::BitcastOp>(bitcast);
    registry.register_op::<GatherOp>(gather);
    registry.register_op::<ScatterOp>(scatter);
    registry.register_op::<YieldOp>(|_, _, args| Ok(Flow::Yield(args.to_vec())));
}

/// The tensor operand `i`.
pub fn tensor_arg<'v>(
    it: &Interpreter,
    op: OpId,
    args: &'v [RtValue],
    i: usize,
) -> InterpResult<&'v Shaped> {
    match args.get(i) {
        Some(RtValue::Tensor(s)) => Ok(s),
        _ => Err(it.error(op, format!("operand #{i} is not a tensor"))),
    }
}

/// Index operands as numbers.
pub fn indices(it: &Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Vec<i64>> {
    args.iter()
        .map(|a| {
            a.as_i64()
                .ok_or_else(|| it.error(op, "expected an index operand"))
        })
        .collect()
}

/// The operand groups of `op` as its definition declares them, as ranges
/// into its operand list.
pub fn groups(it: &Interpreter, op: OpId) -> InterpResult<Vec<std::ops::Range<usize>>> {
    let def = it
        .ctx
        .op_definition(it.ir.op_name(op))
        .ok_or_else(|| it.error(op, "unregistered op"))?;
    let sizes = strata_ir::verifier::group_sizes(
        it.ctx,
        it.ir,
        op,
        &def.operands,
        it.ir.num_operands(op),
        "operand",
    )
    .map_err(|d| it.error(op, d.message))?;
    let mut start = 0;
    Ok(sizes
        .into_iter()
        .map(|n| {
            start += n;
            start - n..start
        })
        .collect())
}

/// The shape of `ty` with its dynamic sizes taken, in order, from `dynamic`.
pub fn resolve_shape(
    it: &Interpreter,
    op: OpId,
    ty: Type,
    dynamic: &[i64],
) -> InterpResult<Vec<i64>> {
    let shape = it
        .ctx
        .shape(ty)
        .ok_or_else(|| it.error(op, "expected a ranked shaped type"))?;
    let mut next = dynamic.iter();
    let mut out = Vec::with_capacity(shape.len());
    for &d in shape {
        if d == DYNAMIC {
            let v = *next
                .next()
                .ok_or_else(|| it.error(op, "missing a dynamic size"))?;
            if v < 0 {
                return Err(it.error(op, format!("negative dynamic size {v}")));
            }
            out.push(v);
        } else {
            out.push(d);
        }
    }
    Ok(out)
}

/// A mixed static/dynamic list: `DYNAMIC` entries of `statics` taken from
/// `dynamic` in order.
pub fn mixed(statics: &[i64], dynamic: &[i64]) -> Option<Vec<i64>> {
    let mut next = dynamic.iter();
    statics
        .iter()
        .map(|&s| {
            if s == DYNAMIC {
                next.next().copied()
            } else {
                Some(s)
            }
        })
        .collect()
}

fn element_type(it: &Interpreter, op: OpId, ty: Type) -> InterpResult<crate::ScalarType> {
    scalar_type(it.ctx, it.ctx.element_type_or_self(ty))
        .ok_or_else(|| it.error(op, "unsupported element type"))
}

fn result_type(it: &Interpreter, op: OpId) -> Type {
    it.ir.value_type(it.ir.result(op, 0))
}

fn tensor(shape: Vec<i64>, elems: Vec<Scalar>) -> Flow {
    Flow::Next(vec![RtValue::Tensor(Shaped::new(shape, elems))])
}

fn empty(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let ty = result_type(it, op);
    let shape = resolve_shape(it, op, ty, &indices(it, op, args)?)?;
    let elem = element_type(it, op, ty)?;
    let n = it.elements_for(op, &shape, false)?;
    Ok(tensor(shape, vec![zero(elem); n]))
}

fn out_of_bounds(it: &Interpreter, op: OpId, idx: &[i64], shape: &[i64]) -> InterpError {
    it.error(
        op,
        format!("out-of-bounds access at {idx:?} of a tensor of shape {shape:?}"),
    )
}

fn extract(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let t = tensor_arg(it, op, args, 0)?;
    let idx = indices(it, op, &args[1..])?;
    let at = t
        .linear_index(&idx)
        .ok_or_else(|| out_of_bounds(it, op, &idx, &t.shape))?;
    Ok(Flow::Next(vec![RtValue::Scalar(t.elems[at])]))
}

fn insert(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let v = args[0]
        .as_scalar()
        .ok_or_else(|| it.error(op, "inserted value is not a scalar"))?;
    let t = tensor_arg(it, op, args, 1)?;
    let idx = indices(it, op, &args[2..])?;
    let at = t
        .linear_index(&idx)
        .ok_or_else(|| out_of_bounds(it, op, &idx, &t.shape))?;
    let mut elems = t.elems.to_vec();
    elems[at] = v;
    Ok(tensor(t.shape.clone(), elems))
}

/// Offsets, sizes and strides of a slice op (operand groups after `skip`).
fn slice_params(
    it: &Interpreter,
    op: OpId,
    args: &[RtValue],
    skip: usize,
) -> InterpResult<[Vec<i64>; 3]> {
    let groups = operand_segments(it.ctx, it.ir, op);
    let mut start = skip;
    let mut out: [Vec<i64>; 3] = Default::default();
    for (k, name) in ["static_offsets", "static_sizes", "static_strides"]
        .iter()
        .enumerate()
    {
        let len = groups.get(skip + k).map_or(0, |g| g.len());
        let dynamic = indices(it, op, &args[start..start + len])?;
        start += len;
        let statics = i64_array_prop(it.ctx, it.ir, op, name);
        out[k] = mixed(&statics, &dynamic)
            .ok_or_else(|| it.error(op, "missing a dynamic slice parameter"))?;
    }
    Ok(out)
}

/// Calls `f(source index)` for every point of a strided slice, row-major.
fn for_each_slice_point(
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
    mut f: impl FnMut(&[i64]),
) {
    let mut src = vec![0i64; sizes.len()];
    for_each_index(sizes, |idx| {
        for d in 0..idx.len() {
            src[d] = offsets[d] + idx[d] * strides[d];
        }
        f(&src);
    });
}

fn check_slice(
    it: &Interpreter,
    op: OpId,
    shape: &[i64],
    [offsets, sizes, strides]: &[Vec<i64>; 3],
) -> InterpResult<()> {
    if offsets.len() != shape.len() || sizes.len() != shape.len() || strides.len() != shape.len() {
        return Err(it.error(op, "slice parameters do not match the rank"));
    }
    for d in 0..shape.len() {
        if sizes[d] < 0 {
            return Err(it.error(op, format!("negative slice size {}", sizes[d])));
        }
        if sizes[d] == 0 {
            continue;
        }
        let last = offsets[d] + (sizes[d] - 1) * strides[d];
        if offsets[d] < 0 || offsets[d] >= shape[d] || last < 0 || last >= shape[d] {
            return Err(it.error(
                op,
                format!(
                    "slice out of bounds in dimension {d}: offset {}, size {}, stride {} in a dimension of size {}",
                    offsets[d], sizes[d], strides[d], shape[d]
                ),
            ));
        }
    }
    Ok(())
}

/// The shape of a rank-reduced slice: `sizes` without the dims `ty` drops.
fn reduced_shape(
    it: &Interpreter,
    op: OpId,
    static_sizes: &[i64],
    sizes: &[i64],
    ty: Type,
) -> InterpResult<Vec<i64>> {
    let reduced = it.ctx.shape(ty).unwrap_or(&[]).to_vec();
    if reduced.len() == sizes.len() {
        return Ok(sizes.to_vec());
    }
    let dropped = strata_ir::rank_reduction_mask(static_sizes, &reduced, true)
        .ok_or_else(|| it.error(op, "cannot match the rank-reduced type"))?;
    Ok(sizes
        .iter()
        .zip(&dropped)
        .filter(|(_, &d)| !d)
        .map(|(&s, _)| s)
        .collect())
}

fn extract_slice(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = tensor_arg(it, op, args, 0)?;
    let params = slice_params(it, op, args, 1)?;
    check_slice(it, op, &src.shape, &params)?;
    let [offsets, sizes, strides] = &params;
    let mut elems = Vec::with_capacity(sizes.iter().product::<i64>() as usize);
    for_each_slice_point(offsets, sizes, strides, |s| {
        elems.push(src.elems[src.linear_index(s).unwrap()]);
    });
    let statics = i64_array_prop(it.ctx, it.ir, op, "static_sizes");
    let shape = reduced_shape(it, op, &statics, sizes, result_type(it, op))?;
    Ok(tensor(shape, elems))
}

pub(crate) fn insert_slice(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = tensor_arg(it, op, args, 0)?;
    let dest = tensor_arg(it, op, args, 1)?;
    let params = slice_params(it, op, args, 2)?;
    check_slice(it, op, &dest.shape, &params)?;
    let [offsets, sizes, strides] = &params;
    if src.len() as i64 != sizes.iter().product::<i64>() {
        return Err(it.error(op, "source does not have the size of the slice"));
    }
    let dest_strides = contiguous_strides(&dest.shape);
    let mut elems = dest.elems.to_vec();
    let mut k = 0;
    for_each_slice_point(offsets, sizes, strides, |d| {
        let at: i64 = d.iter().zip(&dest_strides).map(|(i, s)| i * s).sum();
        elems[at as usize] = src.elems[k];
        k += 1;
    });
    Ok(tensor(dest.shape.clone(), elems))
}

/// Whether `value` is defined inside `region` (at any depth).
pub fn defined_in(
    ir: &strata_ir::Ir,
    value: strata_ir::Value,
    region: strata_ir::RegionId,
) -> bool {
    let mut block = match ir.value_def(value) {
        strata_ir::ValueDef::Result { op, .. } => ir.op_block(op),
        strata_ir::ValueDef::BlockArgument { block, .. } => Some(block),
    };
    while let Some(b) = block {
        let Some(r) = ir.block_region(b) else {
            return false;
        };
        if r == region {
            return true;
        }
        block = ir.region_op(r).and_then(|op| ir.op_block(op));
    }
    false
}

fn pad(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = tensor_arg(it, op, args, 0)?.clone();
    let groups = operand_segments(it.ctx, it.ir, op);
    let n_low = groups.get(1).map_or(0, |g| g.len());
    let low_dyn = indices(it, op, &args[1..1 + n_low])?;
    let high_dyn = indices(it, op, &args[1 + n_low..])?;
    let low = mixed(&i64_array_prop(it.ctx, it.ir, op, "static_low"), &low_dyn)
        .ok_or_else(|| it.error(op, "missing a dynamic low padding"))?;
    let high = mixed(&i64_array_prop(it.ctx, it.ir, op, "static_high"), &high_dyn)
        .ok_or_else(|| it.error(op, "missing a dynamic high padding"))?;
    if low.len() != src.shape.len() || high.len() != src.shape.len() {
        return Err(it.error(op, "padding does not match the rank"));
    }
    let shape: Vec<i64> = (0..src.shape.len())
        .map(|d| src.shape[d] + low[d] + high[d])
        .collect();
    if shape.iter().any(|&d| d < 0) {
        return Err(it.error(op, "negative padded size"));
    }
    it.elements_for(op, &shape, false)?;
    let region = it.ir.region(op, 0);
    // A yield of a value defined outside the region pads with one value.
    let uniform = it
        .ir
        .entry_block(region)
        .and_then(|b| it.ir.last_op(b))
        .and_then(|y| it.ir.operands(y).next())
        .filter(|&v| !defined_in(it.ir, v, region))
        .and_then(|v| it.value(v).cloned());
    let mut points = Vec::new();
    for_each_index(&shape, |idx| points.push(idx.to_vec()));
    let mut elems = Vec::with_capacity(points.len());
    for idx in points {
        let inside = (0..idx.len()).all(|d| idx[d] >= low[d] && idx[d] < low[d] + src.shape[d]);
        if inside {
            let s: Vec<i64> = (0..idx.len()).map(|d| idx[d] - low[d]).collect();
            elems.push(src.elems[src.linear_index(&s).unwrap()]);
            continue;
        }
        let v = match &uniform {
            Some(v) => v.clone(),
            None => {
                let a = idx.iter().map(|&i| RtValue::index(i)).collect();
                let mut y = it.run_region(region, a)?;
                if y.len() != 1 {
                    return Err(it.error(op, "padding region must yield one value"));
                }
                y.pop().unwrap()
            }
        };
        elems.push(
            v.as_scalar()
                .ok_or_else(|| it.error(op, "padding value is not a scalar"))?,
        );
    }
    Ok(tensor(shape, elems))
}

fn reshape_like(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = tensor_arg(it, op, args, 0)?;
    let ty = result_type(it, op);
    let shape = if ExpandShapeOp::is(it.ctx, it.ir, op) {
        let dynamic = indices(it, op, &args[1..])?;
        let statics = i64_array_prop(it.ctx, it.ir, op, "static_output_shape");
        mixed(&statics, &dynamic).ok_or_else(|| it.error(op, "missing a dynamic output size"))?
    } else {
        let groups = it
            .ir
            .attr(it.ctx, op, "reassociation")
            .map(|a| reassociation_groups(it.ctx, a))
            .unwrap_or_default();
        groups
            .iter()
            .map(|g| g.iter().map(|&d| src.shape[d as usize]).product())
            .collect()
    };
    let static_shape = it.ctx.shape(ty).unwrap_or(&[]);
    if shape.len() != static_shape.len()
        || shape
            .iter()
            .zip(static_shape)
            .any(|(&a, &b)| b != DYNAMIC && a != b)
        || shape.iter().product::<i64>() != src.len() as i64
    {
        return Err(it.error(
            op,
            format!(
                "cannot reshape a tensor of shape {:?} to {shape:?}",
                src.shape
            ),
        ));
    }
    Ok(Flow::Next(vec![RtValue::Tensor(Shaped {
        shape,
        elems: src.elems.clone(),
    })]))
}

fn cast(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = tensor_arg(it, op, args, 0)?;
    if let Some(shape) = it.ctx.shape(result_type(it, op)) {
        if shape.len() != src.shape.len()
            || shape
                .iter()
                .zip(&src.shape)
                .any(|(&a, &b)| a != DYNAMIC && a != b)
        {
            return Err(it.error(
                op,
                format!(
                    "tensor.cast of a tensor of shape {:?} to an incompatible type",
                    src.shape
                ),
            ));
        }
    }
    Ok(Flow::Next(vec![args[0].clone()]))
}

fn dim(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = tensor_arg(it, op, args, 0)?;
    let d = args[1]
        .as_i64()
        .ok_or_else(|| it.error(op, "expected an index"))?;
    let size = usize::try_from(d)
        .ok()
        .and_then(|d| src.shape.get(d))
        .ok_or_else(|| {
            it.error(
                op,
                format!(
                    "dimension {d} out of range for a tensor of rank {}",
                    src.shape.len()
                ),
            )
        })?;
    Ok(Flow::Next(vec![RtValue::index(*size)]))
}

fn rank(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = tensor_arg(it, op, args, 0)?;
    Ok(Flow::Next(vec![RtValue::index(src.shape.len() as i64)]))
}

fn generate(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let ty = result_type(it, op);
    let shape = resolve_shape(it, op, ty, &indices(it, op, args)?)?;
    it.elements_for(op, &shape, false)?;
    let region = it.ir.region(op, 0);
    let mut points = Vec::new();
    for_each_index(&shape, |idx| points.push(idx.to_vec()));
    let mut elems = Vec::with_capacity(points.len());
    for idx in points {
        let y = it.run_region(region, idx.iter().map(|&i| RtValue::index(i)).collect())?;
        let v = y
            .first()
            .and_then(|v| v.as_scalar())
            .ok_or_else(|| it.error(op, "body must yield a scalar"))?;
        elems.push(v);
    }
    Ok(tensor(shape, elems))
}

fn splat(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let v = args[0]
        .as_scalar()
        .ok_or_else(|| it.error(op, "splat value is not a scalar"))?;
    let shape = resolve_shape(it, op, result_type(it, op), &indices(it, op, &args[1..])?)?;
    let n = it.elements_for(op, &shape, false)?;
    Ok(tensor(shape, vec![v; n]))
}

fn concat(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let dim = it
        .ir
        .attr(it.ctx, op, "dim")
        .and_then(|a| it.ctx.integer_value(a))
        .ok_or_else(|| it.error(op, "concat without dim"))? as usize;
    let inputs: Vec<&Shaped> = (0..args.len())
        .map(|i| tensor_arg(it, op, args, i))
        .collect::<InterpResult<_>>()?;
    let first = inputs
        .first()
        .ok_or_else(|| it.error(op, "concat of nothing"))?;
    let mut shape = first.shape.clone();
    if dim >= shape.len() {
        return Err(it.error(op, "concat dimension out of range"));
    }
    shape[dim] = 0;
    for t in &inputs {
        if t.shape.len() != shape.len()
            || (0..shape.len()).any(|d| d != dim && t.shape[d] != first.shape[d])
        {
            return Err(it.error(op, "concatenated tensors have different shapes"));
        }
        shape[dim] += t.shape[dim];
    }
    // Row-major: each outer index (dims before `dim`) takes a chunk of every input in turn.
    let outer: i64 = shape[..dim].iter().product();
    let mut elems = Vec::with_capacity(shape.iter().product::<i64>() as usize);
    for o in 0..outer as usize {
        for t in &inputs {
            let chunk = t.shape[dim..].iter().product::<i64>() as usize;
            elems.extend_from_slice(&t.elems[o * chunk..(o + 1) * chunk]);
        }
    }
    Ok(tensor(shape, elems))
}

fn from_elements(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let shape = it.ctx.shape(result_type(it, op)).unwrap_or(&[]).to_vec();
    let elems: Vec<Scalar> = args
        .iter()
        .map(|a| {
            a.as_scalar()
                .ok_or_else(|| it.error(op, "element is not a scalar"))
        })
        .collect::<InterpResult<_>>()?;
    Ok(tensor(shape, elems))
}

fn reshape(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = tensor_arg(it, op, args, 0)?;
    let shape_t = tensor_arg(it, op, args, 1)?;
    let shape: Vec<i64> = shape_t
        .elems
        .iter()
        .map(|s| match s {
            Scalar::Int(v, w) => strata_dialect_arith::semantics::sext(*v, *w) as i64,
            Scalar::Float(..) => -1,
        })
        .collect();
    if shape.iter().any(|&d| d < 0) || shape.iter().product::<i64>() != src.len() as i64 {
        return Err(it.error(
            op,
            format!("cannot reshape {} elements to shape {shape:?}", src.len()),
        ));
    }
    Ok(Flow::Next(vec![RtValue::Tensor(Shaped {
        shape,
        elems: src.elems.clone(),
    })]))
}

fn bitcast(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = tensor_arg(it, op, args, 0)?;
    let to = element_type(it, op, result_type(it, op))?;
    let elems = src
        .elems
        .iter()
        .map(|&x| {
            strata_dialect_arith::semantics::cast(strata_dialect_arith::BitcastOp::NAME, x, to)
                .map_err(|e| it.error(op, e.to_string()))
        })
        .collect::<InterpResult<Vec<_>>>()?;
    Ok(tensor(src.shape.clone(), elems))
}

/// The element pairs of `tensor.gather`/`tensor.scatter`: calls `f(full,
/// gathered)` with the linear index into the full (source of a gather,
/// dest of a scatter) tensor and the one into the gathered tensor, whose
/// layout is `batch ++ slice` (the slice being `full` with each gathered
/// dimension of size 1; dropping those dimensions keeps the same linear
/// order). Returns the gathered tensor's shape for a result of rank
/// `gathered_rank`. Coordinates outside `full` are an error.
fn for_each_gathered(
    it: &Interpreter,
    op: OpId,
    full: &Shaped,
    indices: &Shaped,
    dims: &[i64],
    gathered_rank: usize,
    mut f: impl FnMut(usize, usize),
) -> InterpResult<Vec<i64>> {
    let (n, batch) = indices
        .shape
        .split_last()
        .ok_or_else(|| it.error(op, "indices of rank 0"))?;
    let n = *n as usize;
    let mut slice = full.shape.clone();
    for &d in dims {
        slice[d as usize] = 1;
    }
    let slice_count: i64 = slice.iter().product();
    let mut coords = vec![0i64; n];
    let mut failure = None;
    let mut b = 0usize;
    for_each_index(batch, |_| {
        for (k, c) in coords.iter_mut().enumerate() {
            let v = indices.elems[b * n + k];
            *c = match v {
                Scalar::Int(v, w) => strata_dialect_arith::semantics::sext(v, w) as i64,
                _ => 0,
            };
        }
        let mut s = 0usize;
        for_each_index(&slice, |point| {
            let mut at = point.to_vec();
            for (k, &d) in dims.iter().enumerate() {
                at[d as usize] = coords[k];
            }
            match full.linear_index(&at) {
                Some(lin) => f(lin, b * slice_count as usize + s),
                None if failure.is_none() => failure = Some(at),
                None => {}
            }
            s += 1;
        });
        b += 1;
    });
    if let Some(at) = failure {
        return Err(out_of_bounds(it, op, &at, &full.shape));
    }
    let mut shape = batch.to_vec();
    let reduced = gathered_rank < batch.len() + slice.len();
    for (d, &size) in slice.iter().enumerate() {
        if !(reduced && dims.contains(&(d as i64))) {
            shape.push(size);
        }
    }
    Ok(shape)
}

fn gathered_rank(it: &Interpreter, ty: Type) -> usize {
    it.ctx.shape(ty).map_or(0, |s| s.len())
}

fn gather(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let source = tensor_arg(it, op, args, 0)?;
    let indices = tensor_arg(it, op, args, 1)?;
    let dims = i64_array_prop(it.ctx, it.ir, op, "gather_dims");
    let rank = gathered_rank(it, result_type(it, op));
    let mut pairs = Vec::new();
    let shape = for_each_gathered(it, op, source, indices, &dims, rank, |f, g| {
        pairs.push((f, g))
    })?;
    let mut elems = vec![zero(element_type(it, op, result_type(it, op))?); pairs.len()];
    for (f, g) in pairs {
        elems[g] = source.elems[f];
    }
    Ok(tensor(shape, elems))
}

fn scatter(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let source = tensor_arg(it, op, args, 0)?;
    let dest = tensor_arg(it, op, args, 1)?;
    let indices = tensor_arg(it, op, args, 2)?;
    let dims = i64_array_prop(it.ctx, it.ir, op, "scatter_dims");
    let rank = source.shape.len();
    let mut elems = dest.elems.to_vec();
    for_each_gathered(it, op, dest, indices, &dims, rank, |f, g| {
        elems[f] = source.elems[g]
    })?;
    Ok(tensor(dest.shape.clone(), elems))
}
