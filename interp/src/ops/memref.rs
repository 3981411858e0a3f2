//! memref: allocation, element access and views. A memref value is a
//! strided view ([`MemRefView`]) of a buffer, so subviews, casts,
//! reinterpret casts and reshapes alias their source as in MLIR, and
//! layouts (`strided<...>`) are honoured. Out-of-bounds accesses, reads of
//! uninitialised elements, accesses to freed buffers and views that do not
//! fit their source are errors located at the op.

use super::{indices, operand_groups};
use crate::value::{scalar_type, MemRefView};
use crate::{Flow, InterpResult, Interpreter, Registry, RtValue};
use strata_dialect_memref::{
    AllocOp, AllocaOp, AllocaScopeOp, AllocaScopeReturnOp, AssumeAlignmentOp, AtomicRmwOp,
    AtomicYieldOp, CastOp, CollapseShapeOp, CopyOp, DeallocOp, DimOp, DmaStartOp, DmaWaitOp,
    ExpandShapeOp, ExtractStridedMetadataOp, GenericAtomicRmwOp, GetGlobalOp, GlobalOp, LoadOp,
    MemorySpaceCastOp, PrefetchOp, RankOp, ReinterpretCastOp, ReshapeOp, StoreOp, SubViewOp,
    TransposeOp, ViewOp,
};
use strata_ir::{AttrData, OpId, Type, TypeData, DYNAMIC};

pub fn register(registry: &mut Registry) {
    registry.register_op::<AllocOp>(alloc);
    registry.register_op::<AllocaOp>(alloc);
    registry.register_op::<DeallocOp>(dealloc);
    registry.register_op::<LoadOp>(load);
    registry.register_op::<StoreOp>(store);
    registry.register_op::<SubViewOp>(subview);
    registry.register_op::<CastOp>(cast);
    registry.register_op::<ReinterpretCastOp>(reinterpret_cast);
    registry.register_op::<CopyOp>(copy);
    registry.register_op::<CollapseShapeOp>(collapse_shape);
    registry.register_op::<ExpandShapeOp>(expand_shape);
    registry.register_op::<GetGlobalOp>(get_global);
    registry.register_op::<GlobalOp>(|_, _, _| Ok(Flow::Next(Vec::new())));
    registry.register_op::<DimOp>(dim);
    registry.register_op::<RankOp>(rank);
    registry.register_op::<ViewOp>(view);
    registry.register_op::<AtomicRmwOp>(atomic_rmw);
    registry.register_op::<GenericAtomicRmwOp>(generic_atomic_rmw);
    registry.register_op::<AtomicYieldOp>(|_, _, args| Ok(Flow::Yield(args.to_vec())));
    registry.register_op::<ExtractStridedMetadataOp>(extract_strided_metadata);
    registry.register_op::<MemorySpaceCastOp>(|_, _, args| Ok(Flow::Next(vec![args[0].clone()])));
    registry.register_op::<TransposeOp>(transpose);
    registry.register_op::<ReshapeOp>(reshape);
    registry.register_op::<DmaStartOp>(dma_start);
    // The transfer is done when dma_start runs; hints change nothing.
    registry.register_op::<DmaWaitOp>(|_, _, _| Ok(Flow::Next(Vec::new())));
    registry.register_op::<PrefetchOp>(|_, _, _| Ok(Flow::Next(Vec::new())));
    registry.register_op::<AssumeAlignmentOp>(|_, _, args| Ok(Flow::Next(vec![args[0].clone()])));
    registry.register_op::<AllocaScopeOp>(alloca_scope);
    registry.register_op::<AllocaScopeReturnOp>(|_, _, args| Ok(Flow::Yield(args.to_vec())));
}

/// The memref operand `v` of `op`.
pub fn memref_arg<'v>(it: &Interpreter, op: OpId, v: &'v RtValue) -> InterpResult<&'v MemRefView> {
    v.as_memref()
        .ok_or_else(|| it.error(op, "operand is not a memref"))
}

/// (shape, element, strides and offset of the layout) of a memref type;
/// strides/offset are `None` for layouts that are not strided.
#[allow(clippy::type_complexity)]
fn memref_type(
    it: &Interpreter,
    op: OpId,
    ty: Type,
) -> InterpResult<(Vec<i64>, Type, Option<(Vec<i64>, i64)>)> {
    let TypeData::MemRef {
        shape,
        element,
        layout,
        ..
    } = it.ctx.type_data(ty)
    else {
        return Err(it.error(op, "expected a ranked memref type"));
    };
    let strided = match layout.map(|l| it.ctx.attr_data(l)) {
        None => Some((crate::value::contiguous_strides(shape), 0)),
        Some(AttrData::StridedLayout { offset, strides }) => Some((strides.to_vec(), *offset)),
        Some(AttrData::AffineMap(map)) if map.is_identity() => {
            Some((crate::value::contiguous_strides(shape), 0))
        }
        _ => None,
    };
    Ok((shape.to_vec(), *element, strided))
}

fn element(it: &Interpreter, op: OpId, ty: Type) -> InterpResult<crate::ScalarType> {
    scalar_type(it.ctx, ty).ok_or_else(|| {
        it.error(
            op,
            format!(
                "unsupported element type '{}'",
                strata_ir::asm::printer::type_to_string(it.ctx, ty)
            ),
        )
    })
}

/// `static` with its `DYNAMIC` entries taken, in order, from `dynamic`.
fn mixed(
    it: &Interpreter,
    op: OpId,
    statics: &[i64],
    dynamic: &[RtValue],
) -> InterpResult<Vec<i64>> {
    let dynamic = indices(it, op, dynamic, "size")?;
    let mut next = dynamic.into_iter();
    statics
        .iter()
        .map(|&s| {
            if s == DYNAMIC {
                next.next()
                    .ok_or_else(|| it.error(op, "too few dynamic values"))
            } else {
                Ok(s)
            }
        })
        .collect()
}

fn i64_array(it: &Interpreter, op: OpId, name: &str) -> InterpResult<Vec<i64>> {
    it.ir
        .attr(it.ctx, op, name)
        .and_then(|a| it.ctx.dense_array_i64(a))
        .ok_or_else(|| it.error(op, format!("missing '{name}'")))
}

fn alloc(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let ty = it.ir.value_type(it.ir.result(op, 0));
    let (shape, elem_ty, strided) = memref_type(it, op, ty)?;
    let elem = element(it, op, elem_ty)?;
    let groups = operand_groups(it, op)?;
    let sizes = mixed(it, op, &shape, &args[groups[0].clone()])?;
    if let Some(&d) = sizes.iter().find(|&&d| d < 0) {
        return Err(it.error(op, format!("allocation with a negative size ({d})")));
    }
    let Some((strides, offset)) = strided else {
        return Err(it.error(
            op,
            "the interpreter supports identity and strided layouts only",
        ));
    };
    if strides.contains(&DYNAMIC) || offset == DYNAMIC {
        return Err(it.error(op, "allocation with a dynamic strided layout"));
    }
    // The buffer spans every element the layout can address.
    let extent = if sizes.contains(&0) {
        0
    } else {
        offset
            + sizes
                .iter()
                .zip(&strides)
                .map(|(&s, &st)| (s - 1) * st.abs())
                .sum::<i64>()
            + 1
    };
    let extent = it.elements_for(op, &[extent], true)?;
    let buffer = it.memory.allocate(extent, elem);
    Ok(Flow::Next(vec![RtValue::MemRef(MemRefView {
        buffer,
        offset,
        sizes,
        strides,
        elem,
    })]))
}

fn dealloc(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let m = memref_arg(it, op, &args[0])?;
    it.memory
        .free(m.buffer)
        .map_err(|_| it.error(op, "deallocation of memory that is already deallocated"))?;
    Ok(Flow::Next(Vec::new()))
}

fn load(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let m = memref_arg(it, op, &args[0])?;
    let idx = indices(it, op, &args[1..], "index")?;
    let v = it
        .memory
        .load(m, &idx)
        .map_err(|e| it.error(op, e.to_string()))?;
    Ok(Flow::Next(vec![RtValue::Scalar(v)]))
}

fn store(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let v = args[0]
        .as_scalar()
        .ok_or_else(|| it.error(op, "stored value is not a scalar"))?;
    let m = memref_arg(it, op, &args[1])?;
    let idx = indices(it, op, &args[2..], "index")?;
    it.memory
        .store(m, &idx, v)
        .map_err(|e| it.error(op, e.to_string()))?;
    Ok(Flow::Next(Vec::new()))
}

/// The offsets, sizes and strides of a view op (`memref.subview`,
/// `memref.reinterpret_cast`): each its static list with the dynamic
/// operands of its operand group (groups 1, 2, 3 after the source) filled in.
type ViewLists = (Vec<i64>, Vec<i64>, Vec<i64>);
fn offsets_sizes_strides(it: &Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<ViewLists> {
    let groups = operand_groups(it, op)?;
    let list = |name: &str, group: usize| {
        mixed(
            it,
            op,
            &i64_array(it, op, name)?,
            &args[groups[group].clone()],
        )
    };
    Ok((
        list("static_offsets", 1)?,
        list("static_sizes", 2)?,
        list("static_strides", 3)?,
    ))
}

fn subview(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = memref_arg(it, op, &args[0])?.clone();
    let (offsets, sizes, strides) = offsets_sizes_strides(it, op, args)?;
    let rank = src.sizes.len();
    if offsets.len() != rank || sizes.len() != rank || strides.len() != rank {
        return Err(it.error(op, "subview rank does not match its source"));
    }
    for d in 0..rank {
        let (o, s, st) = (offsets[d], sizes[d], strides[d]);
        let last = o + (s - 1).max(0) * st;
        if s < 0 || o < 0 || (s > 0 && (o >= src.sizes[d] || last < 0 || last >= src.sizes[d])) {
            return Err(it.error(
                op,
                format!(
                    "subview out of bounds: dimension {d} takes {s} elements from offset {o} with stride {st} of a source of size {}",
                    src.sizes[d]
                ),
            ));
        }
    }
    let offset = src.offset + (0..rank).map(|d| offsets[d] * src.strides[d]).sum::<i64>();
    let dropped = strata_dialect_memref::verify::subview_dropped_dims(it.ctx, it.ir, op)
        .ok_or_else(|| it.error(op, "cannot match the result shape to the subview sizes"))?;
    let keep = |d: &usize| !dropped[*d];
    Ok(Flow::Next(vec![RtValue::MemRef(MemRefView {
        buffer: src.buffer,
        offset,
        sizes: (0..rank).filter(keep).map(|d| sizes[d]).collect(),
        strides: (0..rank)
            .filter(keep)
            .map(|d| src.strides[d] * strides[d])
            .collect(),
        elem: src.elem,
    })]))
}

fn cast(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = memref_arg(it, op, &args[0])?;
    let ty = it.ir.value_type(it.ir.result(op, 0));
    if let TypeData::MemRef { shape, .. } = it.ctx.type_data(ty) {
        let fits = shape.len() == src.sizes.len()
            && shape
                .iter()
                .zip(&src.sizes)
                .all(|(&t, &s)| t == DYNAMIC || t == s);
        if !fits {
            return Err(it.error(
                op,
                format!(
                    "memref.cast of a memref of shape {:?} to the incompatible type '{}'",
                    src.sizes,
                    strata_ir::asm::printer::type_to_string(it.ctx, ty)
                ),
            ));
        }
    }
    Ok(Flow::Next(vec![args[0].clone()]))
}

fn reinterpret_cast(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = memref_arg(it, op, &args[0])?.clone();
    let (offsets, sizes, strides) = offsets_sizes_strides(it, op, args)?;
    // The offset counts from the buffer's start, not from the source view.
    Ok(Flow::Next(vec![RtValue::MemRef(MemRefView {
        buffer: src.buffer,
        offset: offsets.first().copied().unwrap_or(0),
        sizes,
        strides,
        elem: src.elem,
    })]))
}

fn copy(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = memref_arg(it, op, &args[0])?.clone();
    let dst = memref_arg(it, op, &args[1])?.clone();
    if src.sizes != dst.sizes {
        return Err(it.error(
            op,
            format!(
                "memref.copy between shapes {:?} and {:?}",
                src.sizes, dst.sizes
            ),
        ));
    }
    let values = it
        .memory
        .read_all(&src)
        .map_err(|e| it.error(op, e.to_string()))?;
    let mut values = values.into_iter();
    let mut result = Ok(());
    crate::memory::for_each_index(&dst.sizes, |idx| {
        if result.is_ok() {
            result = it
                .memory
                .store(&dst, idx, values.next().expect("same shape"));
        }
    });
    result.map_err(|e| it.error(op, e.to_string()))?;
    Ok(Flow::Next(Vec::new()))
}

fn reassociation(it: &Interpreter, op: OpId) -> InterpResult<Vec<Vec<usize>>> {
    let attr = it
        .ir
        .attr(it.ctx, op, "reassociation")
        .ok_or_else(|| it.error(op, "missing reassociation"))?;
    let groups = it.ctx.array_elements(attr).unwrap_or(&[]);
    groups
        .iter()
        .map(|g| {
            it.ctx
                .array_elements(*g)
                .unwrap_or(&[])
                .iter()
                .map(|d| {
                    it.ctx
                        .integer_value(*d)
                        .map(|v| v as usize)
                        .ok_or_else(|| it.error(op, "bad reassociation"))
                })
                .collect()
        })
        .collect()
}

fn collapse_shape(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = memref_arg(it, op, &args[0])?.clone();
    let groups = reassociation(it, op)?;
    let mut sizes = Vec::new();
    let mut strides = Vec::new();
    for group in &groups {
        let size: i64 = group.iter().map(|&d| src.sizes[d]).product();
        // The dims of a group must be contiguous in memory (size-1 dims do
        // not count); the collapsed dim steps like the innermost one.
        let mut inner: Option<(i64, i64)> = None; // (stride, size) of the next inner non-unit dim
        let mut innermost = None;
        for &d in group.iter().rev() {
            if src.sizes[d] == 1 {
                continue;
            }
            if let Some((st, sz)) = inner {
                if src.strides[d] != st * sz {
                    return Err(it.error(
                        op,
                        "memref.collapse_shape of dimensions that are not contiguous in memory",
                    ));
                }
            }
            innermost.get_or_insert(src.strides[d]);
            inner = Some((src.strides[d], src.sizes[d]));
        }
        sizes.push(size);
        strides.push(innermost.unwrap_or_else(|| group.last().map_or(1, |&d| src.strides[d])));
    }
    Ok(Flow::Next(vec![RtValue::MemRef(MemRefView {
        buffer: src.buffer,
        offset: src.offset,
        sizes,
        strides,
        elem: src.elem,
    })]))
}

fn expand_shape(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = memref_arg(it, op, &args[0])?.clone();
    let groups = reassociation(it, op)?;
    let shape = mixed(
        it,
        op,
        &i64_array(it, op, "static_output_shape")?,
        &args[1..],
    )?;
    let mut strides = vec![0; shape.len()];
    for (i, group) in groups.iter().enumerate() {
        let product: i64 = group.iter().map(|&d| shape[d]).product();
        if product != src.sizes[i] {
            return Err(it.error(
                op,
                format!(
                    "memref.expand_shape of a dimension of size {} into sizes whose product is {product}",
                    src.sizes[i]
                ),
            ));
        }
        let mut stride = src.strides[i];
        for &d in group.iter().rev() {
            strides[d] = stride;
            stride *= shape[d];
        }
    }
    Ok(Flow::Next(vec![RtValue::MemRef(MemRefView {
        buffer: src.buffer,
        offset: src.offset,
        sizes: shape,
        strides,
        elem: src.elem,
    })]))
}

fn get_global(it: &mut Interpreter, op: OpId, _: &[RtValue]) -> InterpResult<Flow> {
    let name = match it.ir.attr(it.ctx, op, "name").map(|a| it.ctx.attr_data(a)) {
        Some(AttrData::SymbolRef { root, .. }) => it.ctx.str(*root).to_string(),
        _ => return Err(it.error(op, "memref.get_global without a name")),
    };
    if let Some(view) = it.memory.globals.get(&name) {
        return Ok(Flow::Next(vec![RtValue::MemRef(view.clone())]));
    }
    let global = it
        .lookup_symbol(&name)
        .filter(|&g| GlobalOp::is(it.ctx, it.ir, g))
        .ok_or_else(|| it.error(op, format!("no memref.global named '@{name}'")))?;
    let ty = it
        .ir
        .attr(it.ctx, global, "type")
        .and_then(|a| it.ctx.type_value(a))
        .ok_or_else(|| it.error(global, "memref.global without a type"))?;
    let (shape, elem_ty, _) = memref_type(it, global, ty)?;
    let elem = element(it, global, elem_ty)?;
    it.elements_for(global, &shape, true)?;
    let init = match it.ir.attr(it.ctx, global, "initial_value") {
        Some(a) if !matches!(it.ctx.attr_data(a), AttrData::Unit) => {
            let tensor = it.ctx.tensor_type(&shape, elem_ty);
            let value = super::arith::value_of_attribute(it.ctx, a, tensor)
                .map_err(|e| it.error(global, e.message))?;
            value.as_shaped().map(|s| s.elems.to_vec())
        }
        _ => None,
    };
    let view = it.allocate_view(global, &shape, elem, init.as_deref())?;
    it.memory.globals.insert(name, view.clone());
    Ok(Flow::Next(vec![RtValue::MemRef(view)]))
}

fn dim(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let index = args[1]
        .as_i64()
        .ok_or_else(|| it.error(op, "index is not an integer"))?;
    let sizes = match &args[0] {
        RtValue::MemRef(m) => &m.sizes,
        RtValue::Tensor(t) => &t.shape,
        _ => return Err(it.error(op, "operand is not a memref")),
    };
    let size = usize::try_from(index)
        .ok()
        .and_then(|i| sizes.get(i))
        .ok_or_else(|| {
            it.error(
                op,
                format!("dimension {index} of a value of rank {}", sizes.len()),
            )
        })?;
    Ok(Flow::Next(vec![RtValue::index(*size)]))
}

fn rank(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let rank = match &args[0] {
        RtValue::MemRef(m) => m.sizes.len(),
        RtValue::Tensor(t) => t.shape.len(),
        _ => return Err(it.error(op, "operand is not a memref")),
    };
    Ok(Flow::Next(vec![RtValue::index(rank as i64)]))
}

/// `memref.view` reinterprets a byte buffer with another element type. The
/// interpreter stores typed elements, so it retypes the byte buffer on its
/// first view while nothing has been written to it; views of one buffer
/// with different element types are reported.
fn view(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = memref_arg(it, op, &args[0])?.clone();
    let shift = args[1]
        .as_i64()
        .ok_or_else(|| it.error(op, "byte shift is not an integer"))?;
    let ty = it.ir.value_type(it.ir.result(op, 0));
    let (shape, elem_ty, _) = memref_type(it, op, ty)?;
    let elem = element(it, op, elem_ty)?;
    let sizes = mixed(it, op, &shape, &args[2..])?;
    let width = match elem {
        crate::ScalarType::Int(w) => w,
        crate::ScalarType::Float(k) => k.width(),
    };
    let bytes = width.div_ceil(8) as i64;
    let buffer = &mut it.memory.buffers[src.buffer];
    if buffer.elem != elem {
        if buffer.data.iter().any(Option::is_some) || buffer.elem != crate::ScalarType::Int(8) {
            return Err(it.error(
                op,
                "the interpreter cannot view a buffer with two element types once it holds data",
            ));
        }
        let len = buffer.data.len() / bytes as usize;
        buffer.data = vec![None; len];
        buffer.elem = elem;
    }
    if shift % bytes != 0 {
        return Err(it.error(
            op,
            "memref.view with a byte shift that is not a multiple of the element size",
        ));
    }
    let view = MemRefView {
        buffer: src.buffer,
        offset: shift / bytes,
        strides: crate::value::contiguous_strides(&sizes),
        sizes,
        elem,
    };
    let last = view.offset + view.num_elements() as i64;
    if last > it.memory.buffers[src.buffer].data.len() as i64 || shift < 0 {
        return Err(it.error(op, "memref.view larger than its source buffer"));
    }
    Ok(Flow::Next(vec![RtValue::MemRef(view)]))
}

/// Reads a block of `shape` from `view` starting at `base`: the block's
/// dimensions run along the trailing dimensions of the memref (MLIR's
/// `vector.load` / `affine.vector_load`).
pub fn read_block(
    it: &Interpreter,
    op: OpId,
    view: &MemRefView,
    base: &[i64],
    shape: &[i64],
) -> InterpResult<Vec<crate::Scalar>> {
    let lead = base
        .len()
        .checked_sub(shape.len())
        .ok_or_else(|| it.error(op, "the vector has a higher rank than the memref"))?;
    let mut out = Vec::new();
    let mut result = Ok(());
    let mut idx = base.to_vec();
    crate::memory::for_each_index(shape, |v| {
        if result.is_err() {
            return;
        }
        for (k, &o) in v.iter().enumerate() {
            idx[lead + k] = base[lead + k] + o;
        }
        match it.memory.load(view, &idx) {
            Ok(x) => out.push(x),
            Err(e) => result = Err(it.error(op, e.to_string())),
        }
    });
    result.map(|_| out)
}

/// Writes `values` (a block of `shape`) into `view` at `base`, the
/// inverse of [`read_block`].
pub fn write_block(
    it: &mut Interpreter,
    op: OpId,
    view: &MemRefView,
    base: &[i64],
    shape: &[i64],
    values: &[crate::Scalar],
) -> InterpResult<()> {
    let lead = base
        .len()
        .checked_sub(shape.len())
        .ok_or_else(|| it.error(op, "the vector has a higher rank than the memref"))?;
    let mut result = Ok(());
    let mut idx = base.to_vec();
    let mut next = values.iter();
    crate::memory::for_each_index(shape, |v| {
        if result.is_err() {
            return;
        }
        for (k, &o) in v.iter().enumerate() {
            idx[lead + k] = base[lead + k] + o;
        }
        if let Some(&x) = next.next() {
            result = it.memory.store(view, &idx, x);
        }
    });
    result.map_err(|e| it.error(op, e.to_string()))
}

/// `memref.atomic_rmw`: stores `old <kind> value` and returns `old` (the
/// interpreter runs one thread, so atomicity is trivial).
fn atomic_rmw(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    use strata_dialect_arith::atomic::AtomicRmwKind;
    let kind = it
        .ir
        .attr(it.ctx, op, "kind")
        .and_then(|a| AtomicRmwKind::from_attr(it.ctx, a))
        .ok_or_else(|| it.error(op, "invalid atomic kind"))?;
    let value = args[0]
        .as_scalar()
        .ok_or_else(|| it.error(op, "value is not a scalar"))?;
    let m = memref_arg(it, op, &args[1])?;
    let idx = indices(it, op, &args[2..], "index")?;
    let old = it
        .memory
        .load(m, &idx)
        .map_err(|e| it.error(op, e.to_string()))?;
    let new =
        super::arith::atomic_combine(kind, old, value).map_err(|e| it.error(op, e.to_string()))?;
    it.memory
        .store(m, &idx, new)
        .map_err(|e| it.error(op, e.to_string()))?;
    Ok(Flow::Next(vec![RtValue::Scalar(old)]))
}

/// `memref.generic_atomic_rmw`: runs the body on the element, stores what
/// it yields, returns the element read.
fn generic_atomic_rmw(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let m = memref_arg(it, op, &args[0])?.clone();
    let idx = indices(it, op, &args[1..], "index")?;
    let old = it
        .memory
        .load(&m, &idx)
        .map_err(|e| it.error(op, e.to_string()))?;
    let region = it.ir.region(op, 0);
    let yielded = it.run_region(region, vec![RtValue::Scalar(old)])?;
    let new = yielded
        .first()
        .and_then(|v| v.as_scalar())
        .ok_or_else(|| it.error(op, "the body yielded no scalar"))?;
    it.memory
        .store(&m, &idx, new)
        .map_err(|e| it.error(op, e.to_string()))?;
    Ok(Flow::Next(vec![RtValue::Scalar(old)]))
}

/// `memref.extract_strided_metadata`: the base buffer as a rank-0 view at
/// offset 0, then offset, sizes and strides.
fn extract_strided_metadata(
    it: &mut Interpreter,
    op: OpId,
    args: &[RtValue],
) -> InterpResult<Flow> {
    let m = memref_arg(it, op, &args[0])?;
    let base = MemRefView {
        buffer: m.buffer,
        offset: 0,
        sizes: Vec::new(),
        strides: Vec::new(),
        elem: m.elem,
    };
    let mut results = vec![RtValue::MemRef(base), RtValue::index(m.offset)];
    results.extend(m.sizes.iter().map(|&s| RtValue::index(s)));
    results.extend(m.strides.iter().map(|&s| RtValue::index(s)));
    Ok(Flow::Next(results))
}

/// `memref.transpose`: the same elements with permuted sizes and strides.
fn transpose(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let m = memref_arg(it, op, &args[0])?.clone();
    let order = strata_dialect_memref::transpose_permutation(it.ctx, it.ir, op)
        .ok_or_else(|| it.error(op, "missing 'permutation'"))?;
    if order.len() != m.sizes.len() {
        return Err(it.error(op, "permutation does not match the memref rank"));
    }
    Ok(Flow::Next(vec![RtValue::MemRef(MemRefView {
        sizes: order.iter().map(|&d| m.sizes[d]).collect(),
        strides: order.iter().map(|&d| m.strides[d]).collect(),
        ..m
    })]))
}

/// `memref.reshape`: the source's elements (contiguous, identity layout)
/// seen with the sizes stored in the shape operand.
fn reshape(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = memref_arg(it, op, &args[0])?.clone();
    let shape_view = memref_arg(it, op, &args[1])?.clone();
    let sizes: Vec<i64> = it
        .memory
        .read_all(&shape_view)
        .map_err(|e| it.error(op, e.to_string()))?
        .into_iter()
        .filter_map(|v| RtValue::Scalar(v).as_i64())
        .collect();
    if sizes.iter().any(|&d| d < 0) || sizes.iter().product::<i64>() != src.num_elements() as i64 {
        return Err(it.error(
            op,
            format!(
                "memref.reshape of {} elements to the shape {sizes:?}",
                src.num_elements()
            ),
        ));
    }
    if src.strides != crate::value::contiguous_strides(&src.sizes) {
        return Err(it.error(op, "memref.reshape of a non-contiguous memref"));
    }
    Ok(Flow::Next(vec![RtValue::MemRef(MemRefView {
        strides: crate::value::contiguous_strides(&sizes),
        sizes,
        ..src
    })]))
}

/// Row-major indices of element `linear` of a memref of `sizes`.
fn delinearize(mut linear: i64, sizes: &[i64]) -> Vec<i64> {
    let mut idx = vec![0; sizes.len()];
    for d in (0..sizes.len()).rev() {
        let size = sizes[d].max(1);
        idx[d] = linear % size;
        linear /= size;
    }
    idx
}

/// `memref.dma_start`: copies `num_elements` elements in row-major order
/// from the source at its indices to the destination at its indices, at
/// once (so `dma_wait` has nothing left to wait for).
fn dma_start(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let layout = strata_dialect_memref::dma_layout(it.ctx, it.ir, op)
        .ok_or_else(|| it.error(op, "malformed memref.dma_start"))?;
    if args.len() != layout.end {
        return Err(it.error(op, "the interpreter does not run strided DMA transfers"));
    }
    let src = memref_arg(it, op, &args[layout.src])?.clone();
    let dst = memref_arg(it, op, &args[layout.dst])?.clone();
    let src_at = indices(it, op, &args[layout.src + 1..layout.dst], "index")?;
    let dst_at = indices(it, op, &args[layout.dst + 1..layout.num_elements], "index")?;
    let n = indices(
        it,
        op,
        &args[layout.num_elements..=layout.num_elements],
        "size",
    )?[0];
    let linear =
        |at: &[i64], sizes: &[i64]| at.iter().zip(sizes).fold(0, |acc, (&i, &s)| acc * s + i);
    let (src_start, dst_start) = (linear(&src_at, &src.sizes), linear(&dst_at, &dst.sizes));
    let fits = |start: i64, v: &MemRefView| start >= 0 && start + n <= v.num_elements() as i64;
    if n < 0 || !fits(src_start, &src) || !fits(dst_start, &dst) {
        return Err(it.error(
            op,
            format!("memref.dma_start of {n} elements out of bounds"),
        ));
    }
    for k in 0..n {
        let v = it
            .memory
            .load(&src, &delinearize(src_start + k, &src.sizes))
            .map_err(|e| it.error(op, e.to_string()))?;
        it.memory
            .store(&dst, &delinearize(dst_start + k, &dst.sizes), v)
            .map_err(|e| it.error(op, e.to_string()))?;
    }
    Ok(Flow::Next(Vec::new()))
}

/// `memref.alloca_scope`: runs the body and returns what it yields.
fn alloca_scope(it: &mut Interpreter, op: OpId, _: &[RtValue]) -> InterpResult<Flow> {
    let region = it.ir.region(op, 0);
    let results = it.run_region(region, Vec::new())?;
    Ok(Flow::Next(results))
}
