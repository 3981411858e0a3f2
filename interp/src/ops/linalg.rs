//! linalg: every structured op, on tensors and on memrefs, through the one
//! structured-op description ([`strata_dialect_linalg::structured`]).
//!
//! Operands are copied into flat row-major buffers and run by the linalg
//! executor ([`strata_dialect_linalg::exec`]), which compiles the payload
//! once; results come back as new tensors or are stored into the output
//! memrefs. Payloads the executor cannot run (ops it does not know,
//! element types other than f32/f64/integers up to 64 bits) run through the
//! interpreter itself, point by point in the row-major order of the
//! iteration space, which is the order of the loops
//! `convert-linalg-to-loops` produces. `linalg.index` reads the point being
//! computed from a stack kept here.

use super::tensor::{indices, mixed, tensor_arg};
use crate::memory::for_each_index;
use crate::value::{scalar_type, zero};
use crate::{Flow, InterpResult, Interpreter, Registry, RtValue, Scalar, ScalarType, Shaped};
use std::cell::RefCell;
use strata_dialect_arith::semantics::{mask, sext};
use strata_dialect_linalg::exec::{self, Buffer, Elems};
use strata_dialect_linalg::ops::{IndexOp, YieldOp};
use strata_dialect_linalg::pack::{PackOp, UnPackOp};
use strata_dialect_linalg::structured::{
    loop_bounds, payload_block, structured_info, StructuredInfo,
};
use strata_dialect_linalg::{BroadcastOp, GenericOp, MapOp, ReduceOp, TransposeOp};
use strata_dialect_tensor::syntax::i64_array_prop;
use strata_ir::{FloatKind, OpId};

pub fn register(registry: &mut Registry) {
    for name in [
        GenericOp::NAME,
        TransposeOp::NAME,
        BroadcastOp::NAME,
        MapOp::NAME,
        ReduceOp::NAME,
    ] {
        registry.register(name, structured);
    }
    for (name, _) in strata_dialect_linalg::named::NAMED {
        registry.register(name, structured);
    }
    registry.register_op::<YieldOp>(|_, _, args| Ok(Flow::Yield(args.to_vec())));
    registry.register_op::<IndexOp>(index);
    registry.register_op::<PackOp>(pack);
    registry.register_op::<UnPackOp>(unpack);
}

thread_local! {
    /// The iteration-space point of each structured op being run point by point.
    static POINTS: RefCell<Vec<Vec<i64>>> = const { RefCell::new(Vec::new()) };
}

fn index(it: &mut Interpreter, op: OpId, _: &[RtValue]) -> InterpResult<Flow> {
    let dim = it
        .ir
        .attr(it.ctx, op, "dim")
        .and_then(|a| it.ctx.integer_value(a))
        .ok_or_else(|| it.error(op, "linalg.index without dim"))? as usize;
    let v = POINTS.with(|p| p.borrow().last().and_then(|idx| idx.get(dim).copied()));
    let v = v.ok_or_else(|| {
        it.error(
            op,
            format!("linalg.index {dim} outside of a structured op with that many loops"),
        )
    })?;
    Ok(Flow::Next(vec![RtValue::index(v)]))
}

/// One operand's elements, row-major (`None`: uninitialized memory).
struct Operand {
    shape: Vec<i64>,
    elems: Vec<Option<Scalar>>,
    elem: ScalarType,
}

fn load_operand(
    it: &Interpreter,
    op: OpId,
    value: &RtValue,
    ty: strata_ir::Type,
) -> InterpResult<Operand> {
    match value {
        RtValue::Scalar(s) => Ok(Operand {
            shape: Vec::new(),
            elems: vec![Some(*s)],
            elem: scalar_type(it.ctx, ty).ok_or_else(|| it.error(op, "unsupported scalar type"))?,
        }),
        RtValue::Tensor(t) | RtValue::Vector(t) => Ok(Operand {
            shape: t.shape.clone(),
            elems: t.elems.iter().map(|&s| Some(s)).collect(),
            elem: scalar_type(it.ctx, it.ctx.element_type_or_self(ty))
                .ok_or_else(|| it.error(op, "unsupported element type"))?,
        }),
        RtValue::MemRef(m) => {
            let mut elems = Vec::with_capacity(m.num_elements());
            let mut err = None;
            for_each_index(&m.sizes, |idx| match it.memory.load(m, idx) {
                Ok(v) => elems.push(Some(v)),
                Err(crate::memory::MemoryError::Uninitialized { .. }) => elems.push(None),
                Err(e) => {
                    if err.is_none() {
                        err = Some(e);
                    }
                    elems.push(None)
                }
            });
            if let Some(e) = err {
                return Err(it.error(op, e.to_string()));
            }
            Ok(Operand {
                shape: m.sizes.clone(),
                elems,
                elem: m.elem,
            })
        }
        RtValue::Func(_) => Err(it.error(op, "a function is not a structured-op operand")),
    }
}

fn fast_elems(op: &Operand) -> Option<Elems> {
    match op.elem {
        ScalarType::Float(FloatKind::F32) => Some(Elems::F32(
            op.elems
                .iter()
                .map(|s| match s {
                    Some(Scalar::Float(v, _)) => *v as f32,
                    _ => 0.0,
                })
                .collect(),
        )),
        ScalarType::Float(FloatKind::F64) => Some(Elems::F64(
            op.elems
                .iter()
                .map(|s| match s {
                    Some(Scalar::Float(v, _)) => *v,
                    _ => 0.0,
                })
                .collect(),
        )),
        ScalarType::Int(w) if w <= 64 => Some(Elems::I(
            op.elems
                .iter()
                .map(|s| match s {
                    Some(Scalar::Int(v, w)) => sext(*v, *w) as i64,
                    _ => 0,
                })
                .collect(),
        )),
        _ => None,
    }
}

fn from_fast(elems: &Elems, elem: ScalarType) -> Vec<Option<Scalar>> {
    match (elems, elem) {
        (Elems::F32(v), ScalarType::Float(k)) => v
            .iter()
            .map(|&x| Some(Scalar::Float(x as f64, k)))
            .collect(),
        (Elems::F64(v), ScalarType::Float(k)) => {
            v.iter().map(|&x| Some(Scalar::Float(x, k))).collect()
        }
        (Elems::I(v), ScalarType::Int(w)) => v
            .iter()
            .map(|&x| Some(Scalar::Int(mask(x as u64 as u128, w), w)))
            .collect(),
        _ => Vec::new(),
    }
}

fn to_fast_scalar(s: Scalar) -> Option<exec::Scalar> {
    match s {
        Scalar::Float(v, FloatKind::F32 | FloatKind::F64) => Some(exec::Scalar::F(v)),
        Scalar::Int(v, w) if w <= 64 => Some(exec::Scalar::I(sext(v, w) as i64)),
        _ => None,
    }
}

fn structured(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let info = structured_info(it.ctx, it.ir, op)
        .ok_or_else(|| it.error(op, "not a structured op"))?
        .map_err(|m| it.error(op, m))?;
    let values: Vec<_> = it.ir.operands(op).collect();
    if info.operands().collect::<Vec<_>>() != values {
        return Err(it.error(op, "structured operands are not the op's operands in order"));
    }
    let n_in = info.inputs.len();
    let mut operands = Vec::with_capacity(args.len());
    for (a, &v) in args.iter().zip(&values) {
        operands.push(load_operand(it, op, a, it.ir.value_type(v))?);
    }
    // Inputs must be initialized; outputs only if the payload reads them.
    let block =
        payload_block(it.ir, op).ok_or_else(|| it.error(op, "structured op without a payload"))?;
    let block_args = it.ir.block_args(block).to_vec();
    for (k, o) in operands.iter_mut().enumerate() {
        if o.elems.iter().all(|e| e.is_some()) {
            continue;
        }
        let read = block_args.get(k).is_some_and(|&a| it.ir.has_uses(a));
        if k < n_in || read {
            return Err(it.error(op, format!("operand #{k} reads uninitialized memory")));
        }
        let z = zero(o.elem);
        o.elems.iter_mut().for_each(|e| *e = Some(e.unwrap_or(z)));
    }
    // The fast path runs the whole loop nest natively: it is charged the
    // steps the slow path would count (each payload op, its yield included,
    // once per iteration) before it starts, so the step and time limits stop a huge op as they stop
    // the loops it stands for; the slow path counts the ops it runs.
    let shapes: Vec<Vec<i64>> = operands.iter().map(|o| o.shape.clone()).collect();
    let iterations = loop_bounds(&info, &shapes)
        .map(|b| {
            b.iter()
                .fold(1u64, |n, &d| n.saturating_mul(d.max(0) as u64))
        })
        .unwrap_or(0);
    let work = iterations.saturating_mul(it.ir.block_ops(block).count() as u64);
    let charged_from = it.steps;
    it.charge_steps(op, work)?;
    let outputs = match run_fast(it, op, &info, &operands) {
        Some(outputs) => outputs,
        None => {
            it.steps = charged_from;
            run_slow(it, op, &info, &mut operands)?
        }
    };
    // Tensors come back as results, memrefs are written in place.
    let mut results = Vec::new();
    for (j, out) in outputs.into_iter().enumerate() {
        let k = n_in + j;
        match &args[k] {
            RtValue::Tensor(t) => {
                let elems = out.into_iter().map(|e| e.unwrap()).collect();
                results.push(RtValue::Tensor(Shaped::new(t.shape.clone(), elems)));
            }
            RtValue::MemRef(m) => {
                let mut i = 0;
                let mut err = None;
                let m = m.clone();
                for_each_index(&m.sizes, |idx| {
                    if let Some(v) = out[i] {
                        if let Err(e) = it.memory.store(&m, idx, v) {
                            err.get_or_insert(e);
                        }
                    }
                    i += 1;
                });
                if let Some(e) = err {
                    return Err(it.error(op, e.to_string()));
                }
            }
            _ => return Err(it.error(op, format!("output #{j} is neither a tensor nor a memref"))),
        }
    }
    Ok(Flow::Next(results))
}

/// The executor's run, or `None` when it cannot run this op (the
/// interpreter then runs the payload itself, and reports any run-time error).
fn run_fast(
    it: &Interpreter,
    op: OpId,
    info: &StructuredInfo,
    operands: &[Operand],
) -> Option<Vec<Vec<Option<Scalar>>>> {
    let mut buffers = Vec::with_capacity(operands.len());
    for o in operands {
        buffers.push(Buffer {
            shape: o.shape.clone(),
            elems: fast_elems(o)?,
        });
    }
    let outside = |v| {
        it.value(v)
            .and_then(|x| x.as_scalar())
            .and_then(to_fast_scalar)
    };
    exec::execute_with(it.ctx, it.ir, op, info, &mut buffers, &outside).ok()?;
    let n_in = info.inputs.len();
    Some(
        buffers[n_in..]
            .iter()
            .zip(&operands[n_in..])
            .map(|(b, o)| from_fast(&b.elems, o.elem))
            .collect(),
    )
}

fn run_slow(
    it: &mut Interpreter,
    op: OpId,
    info: &StructuredInfo,
    operands: &mut [Operand],
) -> InterpResult<Vec<Vec<Option<Scalar>>>> {
    let shapes: Vec<Vec<i64>> = operands.iter().map(|o| o.shape.clone()).collect();
    let bounds = loop_bounds(info, &shapes).map_err(|m| it.error(op, m))?;
    let region = it.ir.region(op, 0);
    let n_in = info.inputs.len();
    let strides: Vec<Vec<i64>> = shapes
        .iter()
        .map(|s| crate::value::contiguous_strides(s))
        .collect();
    let mut points = Vec::new();
    for_each_index(&bounds, |idx| points.push(idx.to_vec()));
    if bounds.is_empty() {
        points.push(Vec::new());
    }
    let mut positions = vec![0usize; operands.len()];
    for idx in points {
        let mut block_args = Vec::with_capacity(operands.len());
        for (k, map) in info.indexing_maps.iter().enumerate() {
            let at = map
                .eval(&idx, &[])
                .map_err(|e| it.error(op, format!("{e:?}")))?;
            let in_bounds = at.len() == shapes[k].len()
                && at.iter().zip(&shapes[k]).all(|(&i, &d)| i >= 0 && i < d);
            if !in_bounds {
                return Err(it.error(
                    op,
                    format!(
                        "operand #{k} accessed out of bounds at {at:?} (shape {:?})",
                        shapes[k]
                    ),
                ));
            }
            let pos: i64 = at.iter().zip(&strides[k]).map(|(i, s)| i * s).sum();
            positions[k] = pos as usize;
            block_args.push(RtValue::Scalar(operands[k].elems[pos as usize].unwrap()));
        }
        POINTS.with(|p| p.borrow_mut().push(idx));
        let yielded = it.run_region(region, block_args);
        POINTS.with(|p| p.borrow_mut().pop());
        let yielded = yielded?;
        if yielded.len() != info.outputs.len() {
            return Err(it.error(op, "payload yields a wrong number of values"));
        }
        for (j, y) in yielded.into_iter().enumerate() {
            let v = y
                .as_scalar()
                .ok_or_else(|| it.error(op, "payload yields a non-scalar"))?;
            operands[n_in + j].elems[positions[n_in + j]] = Some(v);
        }
    }
    Ok(operands[n_in..]
        .iter_mut()
        .map(|o| std::mem::take(&mut o.elems))
        .collect())
}

/// Tile parameters of pack/unpack: (inner_dims_pos, tiles, outer_dims_perm).
fn tiling(
    it: &Interpreter,
    op: OpId,
    tile_args: &[RtValue],
) -> InterpResult<(Vec<usize>, Vec<i64>, Vec<usize>)> {
    let pos: Vec<usize> = i64_array_prop(it.ctx, it.ir, op, "inner_dims_pos")
        .into_iter()
        .map(|p| p as usize)
        .collect();
    let tiles = mixed(
        &i64_array_prop(it.ctx, it.ir, op, "static_inner_tiles"),
        &indices(it, op, tile_args)?,
    )
    .ok_or_else(|| it.error(op, "missing a dynamic tile size"))?;
    if tiles.iter().any(|&t| t <= 0) {
        return Err(it.error(op, "tile sizes must be positive"));
    }
    let perm: Vec<usize> = i64_array_prop(it.ctx, it.ir, op, "outer_dims_perm")
        .into_iter()
        .map(|p| p as usize)
        .collect();
    Ok((pos, tiles, perm))
}

/// The index into the unpacked tensor of a packed index.
fn unpacked_index(
    packed: &[i64],
    rank: usize,
    pos: &[usize],
    tiles: &[i64],
    perm: &[usize],
) -> Vec<i64> {
    let mut outer = vec![0i64; rank];
    for j in 0..rank {
        let d = if perm.is_empty() { j } else { perm[j] };
        outer[d] = packed[j];
    }
    for (t, &d) in pos.iter().enumerate() {
        outer[d] = outer[d] * tiles[t] + packed[rank + t];
    }
    outer
}

fn pack(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = tensor_arg(it, op, args, 0)?;
    let dest = tensor_arg(it, op, args, 1)
        .map_err(|_| it.error(op, "the interpreter runs linalg.pack on tensors only"))?;
    let groups = super::tensor::groups(it, op)?;
    let padding = groups
        .get(2)
        .filter(|r| !r.is_empty())
        .and_then(|r| args[r.start].as_scalar());
    let tile_args = groups.get(3).cloned().unwrap_or(0..0);
    let (pos, tiles, perm) = tiling(it, op, &args[tile_args])?;
    let rank = src.shape.len();
    let mut elems = Vec::with_capacity(dest.len());
    let mut failure = false;
    for_each_index(&dest.shape, |p| {
        let u = unpacked_index(p, rank, &pos, &tiles, &perm);
        match src.linear_index(&u) {
            Some(at) => elems.push(src.elems[at]),
            None => match padding {
                Some(v) => elems.push(v),
                None => failure = true,
            },
        }
    });
    if failure || elems.len() != dest.len() {
        return Err(it.error(
            op,
            "linalg.pack reads past the source without a padding value",
        ));
    }
    Ok(Flow::Next(vec![RtValue::Tensor(Shaped::new(
        dest.shape.clone(),
        elems,
    ))]))
}

fn unpack(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = tensor_arg(it, op, args, 0)?;
    let dest = tensor_arg(it, op, args, 1)
        .map_err(|_| it.error(op, "the interpreter runs linalg.unpack on tensors only"))?;
    let (pos, tiles, perm) = tiling(it, op, &args[2..])?;
    let rank = dest.shape.len();
    let mut elems = dest.elems.to_vec();
    let dest_strides = crate::value::contiguous_strides(&dest.shape);
    for_each_index(&src.shape, |p| {
        let u = unpacked_index(p, rank, &pos, &tiles, &perm);
        if u.iter().zip(&dest.shape).all(|(&i, &d)| i < d) {
            let at: i64 = u.iter().zip(&dest_strides).map(|(i, s)| i * s).sum();
            elems[at as usize] = src.elems[src.linear_index(p).unwrap()];
        }
    });
    Ok(Flow::Next(vec![RtValue::Tensor(Shaped::new(
        dest.shape.clone(),
        elems,
    ))]))
}
