//! One-shot-bufferize of tensor ops that build or view whole tensors
//! (MLIR's `Tensor/Transforms/BufferizableOpInterfaceImpl.cpp`):
//!
//! - `tensor.collapse_shape` / `tensor.expand_shape`: a `memref` view of the
//!   same name on the source's buffer, sharing its alias class. A collapse
//!   needs a contiguous source: a source of non-identity layout is first
//!   copied into a new identity buffer (MLIR does so when the layout is not
//!   guaranteed collapsible, e.g. the fully dynamic one of function
//!   arguments). An expand keeps the layout: each source stride is split
//!   over the group's sizes (dynamic when unknown).
//! - `tensor.from_elements`: a new buffer and one `memref.store` per
//!   element in row-major order, with index constants `0 ..` the largest
//!   dimension created once after the allocation.
//! - `tensor.generate`: a new buffer filled by a `linalg.map` without
//!   inputs whose payload is the generate body, its index arguments read
//!   with `linalg.index` and `tensor.yield` turned into `linalg.yield`.

use crate::one_shot::Bufferizer;
use strata_dialect_linalg as linalg;
use strata_dialect_memref::layout::{identity_strides, strided_memref, strides_and_offset};
use strata_dialect_memref::{CopyOp, StoreOp};
use strata_dialect_tensor as tensor;
use strata_dialect_tensor::syntax::i64_array_prop;
use strata_dialect_tensor::CollapseShapeOp;
use strata_ir::{InsertPoint, OpId, OperationState, TypeData, Value, DYNAMIC};

impl Bufferizer<'_> {
    pub(crate) fn reshape(&mut self, op: OpId) {
        let ctx = self.ctx;
        let name = ctx.op_name_str(self.ir.op_name(op)).to_string();
        let collapse = name == CollapseShapeOp::NAME;
        let at = InsertPoint::Before(op);
        let src = self.ir.operand(op, 0);
        let r = self.ir.result(op, 0);
        let mut buf = self.buffer(src, op);
        let mut class = self.class[&src];
        let identity = |b: Value, this: &Self| {
            matches!(
                ctx.type_data(this.ir.value_type(b)),
                TypeData::MemRef { layout: None, .. }
            )
        };
        if collapse && !identity(buf, self) {
            let dynamic = self.dynamic_sizes(buf, at);
            let alloc = self.alloc(self.ir.value_type(src), dynamic, at);
            CopyOp::build(&mut self.builder(at), buf, alloc);
            buf = alloc;
            class = self.new_class(true);
        }
        let shape = ctx.shape(self.ir.value_type(r)).unwrap_or(&[]).to_vec();
        let elem = ctx.element_type_or_self(self.ir.value_type(r));
        let ty = if identity(buf, self) {
            ctx.memref_type(&shape, elem)
        } else {
            let Some(ty) = self.expanded_layout(op, buf, &shape, elem) else {
                return self.unknown(op);
            };
            ty
        };
        let memref_name = name.replace("tensor.", "memref.");
        let mut state = OperationState::new(ctx, &memref_name, self.ir.op_loc(op));
        state.operands = vec![buf];
        state.operands.extend(self.ir.operands(op).skip(1));
        state.result_types = vec![ty];
        state.properties = self.ir.properties(op);
        let view = self.ir.create_op(state, at);
        let v = self.ir.result(view, 0);
        self.bind(op, r, v, class);
        let _ = self.ir.erase_op(op);
    }

    /// The strided type of `tensor.expand_shape` `op` applied to `buf`.
    fn expanded_layout(
        &self,
        op: OpId,
        buf: Value,
        shape: &[i64],
        elem: strata_ir::Type,
    ) -> Option<strata_ir::Type> {
        let ctx = self.ctx;
        let (src_strides, offset) = strides_and_offset(ctx, self.ir.value_type(buf))?;
        let groups = self.ir.attr(ctx, op, "reassociation")?;
        let strata_ir::AttrData::Array(groups) = ctx.attr_data(groups) else {
            return None;
        };
        let mut strides = vec![DYNAMIC; shape.len()];
        for (d, group) in groups.iter().enumerate() {
            let strata_ir::AttrData::Array(dims) = ctx.attr_data(*group) else {
                return None;
            };
            let dims: Vec<usize> = dims
                .iter()
                .map(|&a| ctx.integer_value(a).map(|v| v as usize))
                .collect::<Option<_>>()?;
            let mut stride = *src_strides.get(d)?;
            for &rd in dims.iter().rev() {
                *strides.get_mut(rd)? = stride;
                let size = shape[rd];
                stride = if stride == DYNAMIC || size == DYNAMIC {
                    DYNAMIC
                } else {
                    stride * size
                };
            }
        }
        if offset == 0 && strides == identity_strides(shape) {
            return Some(ctx.memref_type(shape, elem));
        }
        Some(strided_memref(ctx, shape, elem, &strides, offset, None))
    }

    pub(crate) fn bufferize_from_elements(&mut self, op: OpId) {
        let ctx = self.ctx;
        let at = InsertPoint::Before(op);
        let r = self.ir.result(op, 0);
        let ty = self.ir.value_type(r);
        let shape = ctx.shape(ty).unwrap_or(&[]).to_vec();
        let alloc = self.alloc(ty, vec![], at);
        let largest = shape.iter().copied().max().unwrap_or(0).max(0);
        let consts: Vec<Value> = (0..largest).map(|i| self.index_const(at, i)).collect();
        let elements: Vec<Value> = self.ir.operands(op).collect();
        for (n, e) in elements.into_iter().enumerate() {
            // Row-major multi-index of element n.
            let mut rest = n as i64;
            let mut idx = vec![0usize; shape.len()];
            for d in (0..shape.len()).rev() {
                idx[d] = (rest % shape[d].max(1)) as usize;
                rest /= shape[d].max(1);
            }
            let indices: Vec<Value> = idx.iter().map(|&i| consts[i]).collect();
            StoreOp::build(&mut self.builder(at), e, alloc, &indices, None, None);
        }
        let c = self.new_class(true);
        self.bind(op, r, alloc, c);
        let _ = self.ir.erase_op(op);
    }

    pub(crate) fn generate(&mut self, op: OpId) {
        let ctx = self.ctx;
        let at = InsertPoint::Before(op);
        let r = self.ir.result(op, 0);
        let ty = self.ir.value_type(r);
        let rank = ctx.shape(ty).map_or(0, |s| s.len());
        let Some(body) = self.ir.entry_block(self.ir.region(op, 0)) else {
            return self.unknown(op);
        };
        if self.ir.block_args(body).len() != rank {
            return self.unknown(op);
        }
        let dynamic: Vec<Value> = self.ir.operands(op).collect();
        let alloc = self.alloc(ty, dynamic, at);
        self.fill_with_body(op, body, alloc);
        let c = self.new_class(true);
        self.bind(op, r, alloc, c);
        let _ = self.ir.erase_op(op);
    }

    /// A `linalg.map` without inputs writing `alloc`, before `op`, whose
    /// payload is `body` (index arguments read with `linalg.index`,
    /// `tensor.yield` turned into `linalg.yield`): MLIR's lowering of the
    /// bodies of `tensor.generate` and `tensor.pad`.
    fn fill_with_body(&mut self, op: OpId, body: strata_ir::BlockId, alloc: Value) {
        let ctx = self.ctx;
        let at = InsertPoint::Before(op);
        let ty = self.ir.value_type(alloc);
        let map = linalg::MapOp::build(&mut self.builder(at), &[alloc], &[]).0;
        let elem = ctx.element_type_or_self(ty);
        let block = self.ir.append_block(self.ir.region(map, 0), &[elem]);
        let args = self.ir.block_args(body).to_vec();
        for (d, &arg) in args.iter().enumerate() {
            let dim = ctx.integer_attr(ctx.signless(64), d as i128);
            let mut b = self.builder(InsertPoint::BlockEnd(block));
            let index = linalg::IndexOp::build(&mut b, ctx.index_type(), dim);
            let v = self.ir.result(index.0, 0);
            self.ir.replace_all_uses_with(arg, v);
        }
        let ops: Vec<OpId> = self.ir.block_ops(body).collect();
        for o in ops {
            self.ir.move_op(o, InsertPoint::BlockEnd(block));
        }
        if let Some(y) = self.ir.last_op(block) {
            if tensor::YieldOp::is(ctx, self.ir, y) {
                let operands: Vec<Value> = self.ir.operands(y).collect();
                linalg::YieldOp::build(&mut self.builder(InsertPoint::Before(y)), &operands);
                let _ = self.ir.erase_op(y);
            }
        }
    }

    /// `tensor.pad` with static low/high padding and result shape: a new
    /// buffer filled by the pad body, then the source copied into the
    /// subview at the low padding (MLIR's `PadOpInterface`).
    pub(crate) fn pad(&mut self, op: OpId) {
        let ctx = self.ctx;
        let at = InsertPoint::Before(op);
        let src = self.ir.operand(op, 0);
        let r = self.ir.result(op, 0);
        let ty = self.ir.value_type(r);
        let low = i64_array_prop(ctx, self.ir, op, "static_low");
        let src_shape = ctx.shape(self.ir.value_type(src)).unwrap_or(&[]).to_vec();
        let shape = ctx.shape(ty).unwrap_or(&[]).to_vec();
        let Some(body) = self.ir.entry_block(self.ir.region(op, 0)) else {
            return self.unknown(op);
        };
        if self.ir.num_operands(op) != 1
            || low.contains(&DYNAMIC)
            || src_shape.contains(&DYNAMIC)
            || shape.contains(&DYNAMIC)
            || self.ir.block_args(body).len() != shape.len()
        {
            return self.unknown(op);
        }
        let src_buf = self.buffer(src, op);
        let alloc = self.alloc(ty, vec![], at);
        self.fill_with_body(op, body, alloc);
        let Some(view) = self.static_subview(at, alloc, &low, &src_shape) else {
            return self.unknown(op);
        };
        CopyOp::build(&mut self.builder(at), src_buf, view);
        let c = self.new_class(true);
        self.bind(op, r, alloc, c);
        let _ = self.ir.erase_op(op);
    }

    /// `tensor.concat` of static shapes: a new buffer and one copy per
    /// input into the subview at its offset along `dim` (MLIR's
    /// `ConcatOpInterface`).
    pub(crate) fn concat(&mut self, op: OpId) {
        let ctx = self.ctx;
        let at = InsertPoint::Before(op);
        let r = self.ir.result(op, 0);
        let ty = self.ir.value_type(r);
        let dim = self
            .ir
            .attr(ctx, op, "dim")
            .and_then(|a| ctx.integer_value(a))
            .unwrap_or(0) as usize;
        let inputs: Vec<Value> = self.ir.operands(op).collect();
        let shapes: Vec<Vec<i64>> = inputs
            .iter()
            .map(|&v| ctx.shape(self.ir.value_type(v)).unwrap_or(&[]).to_vec())
            .collect();
        if ctx.shape(ty).is_none_or(|s| s.contains(&DYNAMIC))
            || shapes
                .iter()
                .any(|s| s.contains(&DYNAMIC) || dim >= s.len())
        {
            return self.unknown(op);
        }
        let bufs: Vec<Value> = inputs.iter().map(|&v| self.buffer(v, op)).collect();
        let alloc = self.alloc(ty, vec![], at);
        let mut offset = 0;
        for (buf, shape) in bufs.into_iter().zip(shapes) {
            let mut offsets = vec![0; shape.len()];
            offsets[dim] = offset;
            let Some(view) = self.static_subview(at, alloc, &offsets, &shape) else {
                return self.unknown(op);
            };
            CopyOp::build(&mut self.builder(at), buf, view);
            offset += shape[dim];
        }
        let c = self.new_class(true);
        self.bind(op, r, alloc, c);
        let _ = self.ir.erase_op(op);
    }
}
