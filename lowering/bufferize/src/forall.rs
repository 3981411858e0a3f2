//! One-shot-bufferize of `scf.forall` and `tensor.parallel_insert_slice`
//! (MLIR's `ForallOpInterface` / `ParallelInsertSliceOpInterface`).
//!
//! Each shared output becomes a buffer: the output's own when the loop may
//! write it in place (nothing reads the output's buffer after the loop, or
//! in a later iteration of a loop around it), else a copy of the output in
//! a new allocation (the result holds the output wherever no thread writes). The body sees the
//! buffer through a `bufferization.to_tensor` at its start; the loop loses
//! its `shared_outs` and results, which are the buffers after it. Each
//! `tensor.parallel_insert_slice` becomes a `memref.subview` of its
//! destination's buffer and a `memref.copy` into it, just before the
//! (now empty) `scf.forall.in_parallel`: a thread writes its slice of the
//! shared buffer directly. A source computed in place in that very slice
//! (an `extract_slice` of the shared output written by a linalg op) copies
//! onto itself, as in MLIR, where the copy later folds away.

use crate::one_shot::{is_tensor, Bufferizer};
use strata_dialect_bufferization::ToTensorOp;
use strata_dialect_memref::CopyOp;
use strata_dialect_scf::forall::{outputs, rank, region_out_args};
use strata_dialect_scf::ForallOp;
use strata_dialect_tensor::syntax::operand_segments;
use strata_ir::{InsertPoint, OpId, OperationState, Value};

impl Bufferizer<'_> {
    pub(crate) fn bufferize_forall(&mut self, op: OpId) {
        let ctx = self.ctx;
        let pos = self.cur_pos;
        let Some(body) = self.ir.entry_block(self.ir.region(op, 0)) else {
            return;
        };
        let n = rank(ctx, self.ir, op);
        let outs = outputs(ctx, self.ir, op);
        let out_args = region_out_args(ctx, self.ir, op);
        let mut buffers: Vec<(Value, usize)> = Vec::with_capacity(outs.len());
        for (&init, &arg) in outs.iter().zip(&out_args) {
            if !is_tensor(ctx, self.ir.value_type(init)) {
                return self.unknown(op);
            }
            let (buf, c) = if self.in_place(op, init) {
                (self.buffer(init, op), self.class[&init])
            } else {
                // The result holds the output wherever no thread writes: a copy.
                self.out_of_place(op, init, true)
            };
            self.written[c] = true;
            // The body reads and writes the buffer.
            let tensor_ty = self.ir.value_type(arg);
            let tt = ToTensorOp::build(
                &mut self.builder(InsertPoint::BlockStart(body)),
                buf,
                tensor_ty,
                None,
                None,
            )
            .0;
            let t = self.ir.result(tt, 0);
            self.ir.replace_all_uses_with(arg, t);
            self.buffers.insert(t, buf);
            self.class.insert(t, c);
            self.def_pos.insert(t, pos + 1);
            buffers.push((buf, c));
        }
        self.bufferize_block(body);
        if self.error.is_some() {
            return;
        }
        self.cur_pos = pos;
        // The loop without shared outputs, taking over the body.
        let groups = operand_segments(ctx, self.ir, op);
        let mut state = OperationState::new(ctx, ForallOp::NAME, self.ir.op_loc(op));
        state.operands = groups.iter().take(3).flatten().copied().collect();
        let sizes: Vec<i32> = groups
            .iter()
            .take(3)
            .map(|g| g.len() as i32)
            .chain([0])
            .collect();
        let props: Vec<_> = ctx
            .dictionary_entries(self.ir.properties(op))
            .iter()
            .map(|&(k, v)| {
                if ctx.str(k) == "operandSegmentSizes" {
                    (k, ctx.dense_i32_array(&sizes))
                } else {
                    (k, v)
                }
            })
            .collect();
        state.properties = ctx.dictionary_attr(props);
        state.attributes = self.ir.attributes(op);
        state.num_regions = 1;
        let new_op = self.ir.create_op(state, InsertPoint::Before(op));
        let (from, to) = (self.ir.region(op, 0), self.ir.region(new_op, 0));
        self.ir.take_region_body(from, to);
        for k in (0..out_args.len()).rev() {
            let _ = self.ir.erase_block_arg(body, n + k);
        }
        // The results are the buffers after the loop.
        for (k, &(buf, c)) in buffers.iter().enumerate().rev() {
            let r = self.ir.result(op, k);
            let tensor_ty = self.ir.value_type(r);
            let at = InsertPoint::After(new_op);
            let tt = ToTensorOp::build(&mut self.builder(at), buf, tensor_ty, None, None).0;
            let t = self.ir.result(tt, 0);
            self.ir.replace_all_uses_with(r, t);
            self.buffers.insert(t, buf);
            self.class.insert(t, c);
            self.def_pos.insert(t, pos);
        }
        let _ = self.ir.erase_op(op);
    }

    /// A subview of the destination's buffer and a copy of the source into
    /// it, before the `scf.forall.in_parallel` holding the insert.
    pub(crate) fn parallel_insert_slice(&mut self, op: OpId) {
        let Some(parent) = self.ir.parent_op(op) else {
            return self.unknown(op);
        };
        let at = InsertPoint::Before(parent);
        let src = self.ir.operand(op, 0);
        let dest = self.ir.operand(op, 1);
        let src_buf = self.buffer(src, op);
        let dest_buf = self.buffer(dest, op);
        let src_ty = self.ir.value_type(src);
        let Some(view) = self.subview_at(at, op, dest_buf, 2, src_ty) else {
            return self.unknown(op);
        };
        CopyOp::build(&mut self.builder(at), src_buf, view);
        let _ = self.ir.erase_op(op);
    }
}
