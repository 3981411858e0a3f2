//! bufferization: the bridge between tensors (values) and memrefs
//! (buffers). `to_tensor` snapshots a buffer's contents, `to_buffer` and
//! `clone` copy into a fresh buffer (so writing through it can never change
//! a tensor value), `materialize_in_destination` stores a tensor into a
//! buffer or returns it as the destination tensor's new value.

use super::tensor::{indices, resolve_shape, tensor_arg};
use crate::memory::for_each_index;
use crate::value::{scalar_type, zero};
use crate::{Flow, InterpResult, Interpreter, MemRefView, Registry, RtValue, Shaped};
use strata_dialect_bufferization::{
    AllocTensorOp, CloneOp, DeallocTensorOp, MaterializeInDestinationOp, ToBufferOp, ToTensorOp,
};
use strata_ir::OpId;

pub fn register(registry: &mut Registry) {
    registry.register_op::<ToTensorOp>(to_tensor);
    registry.register_op::<ToBufferOp>(to_buffer);
    registry.register_op::<CloneOp>(clone);
    registry.register_op::<AllocTensorOp>(alloc_tensor);
    registry.register_op::<MaterializeInDestinationOp>(materialize);
    registry.register_op::<DeallocTensorOp>(|_, _, _| Ok(Flow::Next(Vec::new())));
}

fn memref_arg<'v>(
    it: &Interpreter,
    op: OpId,
    args: &'v [RtValue],
    i: usize,
) -> InterpResult<&'v MemRefView> {
    args.get(i)
        .and_then(|a| a.as_memref())
        .ok_or_else(|| it.error(op, format!("operand #{i} is not a memref")))
}

fn to_tensor(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let m = memref_arg(it, op, args, 0)?;
    let elems = it
        .memory
        .read_all(m)
        .map_err(|e| it.error(op, e.to_string()))?;
    Ok(Flow::Next(vec![RtValue::Tensor(Shaped::new(
        m.sizes.clone(),
        elems,
    ))]))
}

fn to_buffer(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let t = tensor_arg(it, op, args, 0)?;
    let ty = it.ir.value_type(it.ir.result(op, 0));
    let elem = scalar_type(it.ctx, it.ctx.element_type_or_self(ty))
        .ok_or_else(|| it.error(op, "unsupported element type"))?;
    let view = it.allocate_view(op, &t.shape, elem, Some(&t.elems))?;
    Ok(Flow::Next(vec![RtValue::MemRef(view)]))
}

fn clone(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let m = memref_arg(it, op, args, 0)?.clone();
    let view = it.allocate_view(op, &m.sizes, m.elem, None)?;
    let mut err = None;
    for_each_index(&m.sizes, |idx| {
        // Uninitialized elements stay uninitialized in the copy.
        if let Ok(v) = it.memory.load(&m, idx) {
            let _ = it.memory.store(&view, idx, v);
        } else if let Err(e @ crate::memory::MemoryError::Freed) = it.memory.load(&m, idx) {
            err.get_or_insert(e);
        }
    });
    if let Some(e) = err {
        return Err(it.error(op, e.to_string()));
    }
    Ok(Flow::Next(vec![RtValue::MemRef(view)]))
}

fn alloc_tensor(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let groups = super::tensor::groups(it, op)?;
    if let Some(copy) = groups.get(1).filter(|r| !r.is_empty()) {
        return Ok(Flow::Next(vec![args[copy.start].clone()]));
    }
    let ty = it.ir.value_type(it.ir.result(op, 0));
    let dynamic = indices(it, op, &args[groups.first().cloned().unwrap_or(0..0)])?;
    let shape = resolve_shape(it, op, ty, &dynamic)?;
    let elem = scalar_type(it.ctx, it.ctx.element_type_or_self(ty))
        .ok_or_else(|| it.error(op, "unsupported element type"))?;
    let n = it.elements_for(op, &shape, false)?;
    Ok(Flow::Next(vec![RtValue::Tensor(Shaped::new(
        shape,
        vec![zero(elem); n],
    ))]))
}

fn materialize(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = tensor_arg(it, op, args, 0)?.clone();
    match &args[1] {
        RtValue::Tensor(dest) => {
            if dest.shape != src.shape {
                return Err(it.error(op, "source and destination have different shapes"));
            }
            Ok(Flow::Next(vec![RtValue::Tensor(src)]))
        }
        RtValue::MemRef(m) => {
            if m.sizes != src.shape {
                return Err(it.error(op, "source and destination have different shapes"));
            }
            let m = m.clone();
            let mut k = 0;
            let mut err = None;
            for_each_index(&m.sizes, |idx| {
                if let Err(e) = it.memory.store(&m, idx, src.elems[k]) {
                    err.get_or_insert(e);
                }
                k += 1;
            });
            if let Some(e) = err {
                return Err(it.error(op, e.to_string()));
            }
            Ok(Flow::Next(Vec::new()))
        }
        _ => Err(it.error(op, "destination is neither a tensor nor a memref")),
    }
}
