//! One-shot-bufferize of the `scf` ops that carry tensors across regions
//! (MLIR's `SCF/Transforms/BufferizableOpInterfaceImpl.cpp`).
//!
//! - `scf.for`: each tensor `iter_args` operand is written by the loop, so
//!   it is used in place when nothing reads the init value after the loop
//!   (else the loop starts from a copy). The block argument and the result
//!   become memrefs of the init buffer's type; the body sees them through
//!   `to_tensor`. A yielded value must share the iteration argument's
//!   buffer (MLIR: "Yield operand #N is not equivalent to the corresponding
//!   iter bbArg"), unless `allow-return-allocs-from-loops`: then a buffer
//!   allocated in the loop is yielded as is (after a `memref.cast` to the
//!   argument type) and any other buffer is copied first.
//! - `scf.if`: each tensor result is a memref of the type both branches
//!   yield, or of fully dynamic layout with `memref.cast`s where the
//!   branches differ; it may alias either branch's buffer, so their alias
//!   classes are joined for the in-place analysis.
//!
//! - `scf.while` (the common form whose condition forwards values of the
//!   before-region argument types): each tensor init is used in place or
//!   copied as for `scf.for`; the before and after arguments and the result
//!   share its buffer; the condition's and the yield's operands must be
//!   equivalent to it (MLIR's "Condition arg #N" / "Yield operand #N is not
//!   equivalent to the corresponding iter bbArg"), or, with
//!   `allow-return-allocs-from-loops`, are handled as `scf.for` yields.
//!
//! Other ops with regions (`scf.parallel`, `scf.forall`,
//! `affine.for`, ...) keep their tensor operands and results; the ops inside
//! them are still bufferized.

use crate::one_shot::{is_tensor, Bufferizer};
use strata_dialect_memref::{CastOp, CopyOp};
use strata_ir::{Diagnostic, InsertPoint, OpId, Type, TypeData, Value};

impl Bufferizer<'_> {
    pub(crate) fn bufferize_for(&mut self, op: OpId) {
        let ctx = self.ctx;
        let pos = self.cur_pos;
        let Some(body) = self.ir.entry_block(self.ir.region(op, 0)) else {
            return;
        };
        let n_inits = self.ir.num_operands(op).saturating_sub(3);
        let mut iter: Vec<Option<(Type, usize)>> = vec![None; n_inits];
        for (k, slot) in iter.iter_mut().enumerate() {
            let init = self.ir.operand(op, 3 + k);
            if !is_tensor(ctx, self.ir.value_type(init)) {
                continue;
            }
            let arg = self.ir.block_arg(body, 1 + k);
            let (buf, c) = if self.in_place(op, init) {
                (self.buffer(init, op), self.class[&init])
            } else {
                let reads = self.ir.has_uses(arg);
                self.out_of_place(op, init, reads)
            };
            self.ir.set_operand(op, 3 + k, buf);
            let ty = self.ir.value_type(buf);
            *slot = Some((ty, c));
            self.retype(arg, ty, InsertPoint::BlockStart(body), c, pos + 1);
        }
        self.bufferize_block(body);
        if self.error.is_some() {
            return;
        }
        self.cur_pos = pos;
        let Some(yield_op) = self.ir.last_op(body) else {
            return;
        };
        for (k, slot) in iter.into_iter().enumerate() {
            let Some((ty, c)) = slot else {
                continue;
            };
            let v = self.ir.operand(yield_op, k);
            let Some(buf) = self.yielded(op, yield_op, k, v, c, ty) else {
                return;
            };
            self.ir.set_operand(yield_op, k, buf);
            let r = self.ir.result(op, k);
            self.retype(r, ty, InsertPoint::After(op), c, pos);
        }
    }

    /// Bufferizes `scf.while` `op`; `false` (nothing changed) when its
    /// regions do not have the forwarding form this handles.
    pub(crate) fn bufferize_while(&mut self, op: OpId) -> bool {
        let ctx = self.ctx;
        let pos = self.cur_pos;
        let (Some(before), Some(after)) = (
            self.ir.entry_block(self.ir.region(op, 0)),
            self.ir.entry_block(self.ir.region(op, 1)),
        ) else {
            return false;
        };
        let n = self.ir.num_operands(op);
        let types = |vals: Vec<Value>, this: &Self| -> Vec<Type> {
            vals.into_iter().map(|v| this.ir.value_type(v)).collect()
        };
        let init_types = types(self.ir.operands(op).collect(), self);
        let same = |vals: Vec<Value>, this: &Self| types(vals, this) == init_types;
        if !same(self.ir.block_args(before).to_vec(), self)
            || !same(self.ir.block_args(after).to_vec(), self)
            || !same(self.ir.results(op).collect(), self)
        {
            return false;
        }
        let mut iter: Vec<Option<(Type, usize)>> = vec![None; n];
        for (k, slot) in iter.iter_mut().enumerate() {
            let init = self.ir.operand(op, k);
            if !is_tensor(ctx, self.ir.value_type(init)) {
                continue;
            }
            let arg = self.ir.block_arg(before, k);
            let (buf, c) = if self.in_place(op, init) {
                (self.buffer(init, op), self.class[&init])
            } else {
                let reads = self.ir.has_uses(arg);
                self.out_of_place(op, init, reads)
            };
            self.ir.set_operand(op, k, buf);
            let ty = self.ir.value_type(buf);
            *slot = Some((ty, c));
            self.retype(arg, ty, InsertPoint::BlockStart(before), c, pos + 1);
        }
        self.bufferize_block(before);
        if self.error.is_some() {
            return true;
        }
        let Some(cond) = self.ir.last_op(before) else {
            return true;
        };
        for (k, slot) in iter.iter().enumerate() {
            let Some((ty, c)) = *slot else {
                continue;
            };
            let v = self.ir.operand(cond, k + 1);
            if !self.allow_return_allocs_from_loops && self.class.get(&v) != Some(&c) {
                self.error = Some(Diagnostic::error(
                    self.ir.op_loc(cond),
                    format!("Condition arg #{k} is not equivalent to the corresponding iter bbArg"),
                ));
                return true;
            }
            let Some(buf) = self.yielded(op, cond, k, v, c, ty) else {
                return true;
            };
            self.ir.set_operand(cond, k + 1, buf);
            let arg = self.ir.block_arg(after, k);
            self.retype(arg, ty, InsertPoint::BlockStart(after), c, pos + 1);
        }
        self.bufferize_block(after);
        if self.error.is_some() {
            return true;
        }
        self.cur_pos = pos;
        let Some(yield_op) = self.ir.last_op(after) else {
            return true;
        };
        for (k, slot) in iter.into_iter().enumerate() {
            let Some((ty, c)) = slot else {
                continue;
            };
            let v = self.ir.operand(yield_op, k);
            let Some(buf) = self.yielded(op, yield_op, k, v, c, ty) else {
                return true;
            };
            self.ir.set_operand(yield_op, k, buf);
            let r = self.ir.result(op, k);
            self.retype(r, ty, InsertPoint::After(op), c, pos);
        }
        true
    }

    /// The buffer `yield_op` passes to the next iteration for tensor `v`.
    fn yielded(
        &mut self,
        loop_op: OpId,
        yield_op: OpId,
        k: usize,
        v: Value,
        iter_class: usize,
        iter_ty: Type,
    ) -> Option<Value> {
        let at = InsertPoint::Before(yield_op);
        let mut buf = self.buffer(v, yield_op);
        let class = self.class.get(&v).copied();
        if class != Some(iter_class) {
            if !self.allow_return_allocs_from_loops {
                self.error = Some(Diagnostic::error(
                    self.ir.op_loc(yield_op),
                    format!("Yield operand #{k} is not equivalent to the corresponding iter bbArg"),
                ));
                return None;
            }
            let start = self.pos_of(loop_op).unwrap_or(0);
            let range = self.loops.iter().find(|l| l.0 == start).copied();
            let inside = class.is_some_and(|c| {
                range.is_some_and(|(s, e)| s < self.class_pos[c] && self.class_pos[c] <= e)
            });
            if !inside {
                buf = self.copy_to_new(v, buf, at);
            }
        }
        Some(self.cast_to(v, buf, iter_ty, at))
    }

    /// A new buffer holding a copy of `buf` (the buffer of tensor `v`).
    fn copy_to_new(&mut self, v: Value, buf: Value, at: InsertPoint) -> Value {
        let dynamic = self.dynamic_sizes(buf, at);
        let alloc = self.alloc(self.ir.value_type(v), dynamic, at);
        CopyOp::build(&mut self.builder(at), buf, alloc);
        alloc
    }

    /// `buf` as type `ty`: a `memref.cast` when the layout can be cast
    /// (to a fully dynamic one), else a copy into a new identity buffer.
    fn cast_to(&mut self, v: Value, buf: Value, ty: Type, at: InsertPoint) -> Value {
        let have = self.ir.value_type(buf);
        if have == ty {
            return buf;
        }
        let identity_target = matches!(
            self.ctx.type_data(ty),
            TypeData::MemRef { layout: None, .. }
        );
        if identity_target {
            return self.copy_to_new(v, buf, at);
        }
        let cast = CastOp::build(&mut self.builder(at), buf, ty).0;
        self.ir.result(cast, 0)
    }

    pub(crate) fn bufferize_if(&mut self, op: OpId) {
        let ctx = self.ctx;
        let pos = self.cur_pos;
        let mut yields = Vec::new();
        for region in self.ir.regions(op).to_vec() {
            for block in self.ir.region_blocks(region).to_vec() {
                self.bufferize_block(block);
                if let Some(t) = self.ir.last_op(block) {
                    yields.push(t);
                }
            }
        }
        if self.error.is_some() || yields.len() != 2 {
            return;
        }
        self.cur_pos = pos;
        let results: Vec<Value> = self.ir.results(op).collect();
        for (k, r) in results.into_iter().enumerate() {
            let tensor_ty = self.ir.value_type(r);
            if !is_tensor(ctx, tensor_ty) {
                continue;
            }
            let vs: Vec<Value> = yields.iter().map(|&y| self.ir.operand(y, k)).collect();
            let bufs: Vec<Value> = vs
                .iter()
                .zip(&yields)
                .map(|(&v, &y)| self.buffer(v, y))
                .collect();
            let (t0, t1) = (self.ir.value_type(bufs[0]), self.ir.value_type(bufs[1]));
            let ty = if t0 == t1 {
                t0
            } else {
                self.memref_like(tensor_ty, true)
            };
            for i in 0..2 {
                let b = self.cast_to(vs[i], bufs[i], ty, InsertPoint::Before(yields[i]));
                self.ir.set_operand(yields[i], k, b);
            }
            let c = self.merge_classes(self.class[&vs[0]], self.class[&vs[1]]);
            self.retype(r, ty, InsertPoint::After(op), c, pos);
        }
    }
}
