//! Masks and masked memory ops in the LLVM back end: `vector.create_mask`,
//! `constant_mask`, `maskedload`/`maskedstore`, `gather`/`scatter` and
//! `expandload`/`compressstore`, lane by lane with the interpreter's
//! semantics (`interp/src/ops/vector.rs`, `vector/extra.rs`).
//!
//! A masked-off lane does not touch memory: each lane's access sits in its
//! own block behind a branch on its mask bit (an address computed for a
//! masked-off lane may be outside the memref, as MLIR allows). Gathers,
//! scatters, expanding loads and compressing stores address an element
//! as the interpreter does: the base position linearized row-major over
//! the memref's sizes, plus the lane's offset (its index-vector entry, or
//! the number of set mask bits before it), taken back to a position; with
//! bounds checks a linear position outside the memref stops with the
//! interpreter's error.

use super::*;

/// What a lane of a masked op does.
#[derive(Copy, Clone, PartialEq)]
enum Access {
    Load,
    Store,
}

impl<'a, 'ctx> Emitter<'a, 'ctx> {
    /// The ops of this file (`None`: not one of them).
    pub(super) fn emit_masked(&mut self, op: OpId, short: &str) -> R<Option<()>> {
        let ir = self.ir;
        let ops: Vec<Value> = ir.operands(op).collect();
        let res: Vec<Value> = ir.results(op).collect();
        match short {
            "create_mask" | "constant_mask" => {
                let (_, shape) = self.vector_info(op, res[0])?;
                let sizes: Vec<IntValue> = if short == "create_mask" {
                    ops.iter().map(|&v| self.int(v)).collect()
                } else {
                    ir.attr(self.ctx, op, "mask_dim_sizes")
                        .and_then(|a| self.ctx.dense_array_i64(a))
                        .unwrap_or_default()
                        .iter()
                        .map(|&s| self.i64c(s))
                        .collect()
                };
                let mut lanes = Vec::new();
                for idx in Self::block_offsets(&shape) {
                    let mut set = self.ll.bool_type().const_all_ones();
                    if idx.is_empty() {
                        // A 0-D mask: set when the one size is positive.
                        if let Some(&s) = sizes.first() {
                            set =
                                self.b
                                    .build_int_compare(IntPredicate::SGT, s, self.i64c(0), "")?;
                        }
                    }
                    for (&i, &s) in idx.iter().zip(&sizes) {
                        let inside =
                            self.b
                                .build_int_compare(IntPredicate::SLT, self.i64c(i), s, "")?;
                        set = self.b.build_and(set, inside, "")?;
                    }
                    lanes.push(set.into());
                }
                self.set_lanes(res[0], CScalar::Int(1), &shape, &lanes)?;
            }
            "maskedload" | "maskedstore" => {
                let g = strata_ir::verifier::operand_group_ranges(self.ctx, ir, op)?;
                let base: Vec<IntValue> = ops[g[1].clone()].iter().map(|&v| self.int(v)).collect();
                let mask = self.lanes(ops[g[2].start])?;
                let other = ops[g[3].start];
                let (cs, shape) = self.vector_info(op, other)?;
                let access = if short == "maskedload" {
                    Access::Load
                } else {
                    Access::Store
                };
                let mut positions = Vec::new();
                for off in Self::block_offsets(&shape) {
                    positions.push(self.offset_indices(&base, &off)?);
                }
                let lanes = self.masked_lanes(op, ops[0], cs, access, &mask, other, |e, k| {
                    let pos = positions[k].clone();
                    e.bounds_check_at(op, ops[0], &pos)?;
                    Ok(pos)
                })?;
                if access == Access::Load {
                    self.set_lanes(res[0], cs, &shape, &lanes)?;
                }
            }
            "gather" | "scatter" => {
                let g = strata_ir::verifier::operand_group_ranges(self.ctx, ir, op)?;
                let base: Vec<IntValue> = ops[g[1].clone()].iter().map(|&v| self.int(v)).collect();
                let index = self.lanes(ops[g[2].start])?;
                let mask = self.lanes(ops[g[3].start])?;
                let other = ops[g[4].start];
                let (cs, shape) = self.vector_info(op, other)?;
                let access = if short == "gather" {
                    Access::Load
                } else {
                    Access::Store
                };
                let lanes = self.masked_lanes(op, ops[0], cs, access, &mask, other, |e, k| {
                    let delta = e.b.build_int_s_extend_or_bit_cast(
                        index[k].into_int_value(),
                        e.ll.i64_type(),
                        "",
                    )?;
                    e.advance(op, ops[0], &base, delta)
                })?;
                if access == Access::Load {
                    self.set_lanes(res[0], cs, &shape, &lanes)?;
                }
            }
            "expandload" | "compressstore" => {
                let g = strata_ir::verifier::operand_group_ranges(self.ctx, ir, op)?;
                let base: Vec<IntValue> = ops[g[1].clone()].iter().map(|&v| self.int(v)).collect();
                let mask = self.lanes(ops[g[2].start])?;
                let other = ops[g[3].start];
                let (cs, shape) = self.vector_info(op, other)?;
                let access = if short == "expandload" {
                    Access::Load
                } else {
                    Access::Store
                };
                // Lane k reads/writes the element after as many elements
                // as there are set mask bits before it.
                let mut before = Vec::with_capacity(mask.len());
                let mut count = self.i64c(0);
                for m in &mask {
                    before.push(count);
                    let bit =
                        self.b
                            .build_int_z_extend(m.into_int_value(), self.ll.i64_type(), "")?;
                    count = self.b.build_int_add(count, bit, "")?;
                }
                let lanes = self.masked_lanes(op, ops[0], cs, access, &mask, other, |e, k| {
                    e.advance(op, ops[0], &base, before[k])
                })?;
                if access == Access::Load {
                    self.set_lanes(res[0], cs, &shape, &lanes)?;
                }
            }
            _ => return Ok(None),
        }
        Ok(Some(()))
    }

    /// For each lane whose mask bit is set, the position `position(self,
    /// lane)` (built inside the lane's block) is loaded (the result's lane;
    /// masked-off lanes take `other`'s, the pass-through) or receives
    /// `other`'s lane (stores; no result lanes).
    #[allow(clippy::too_many_arguments)]
    fn masked_lanes(
        &mut self,
        op: OpId,
        memref: Value,
        cs: CScalar,
        access: Access,
        mask: &[BasicValueEnum<'ctx>],
        other: Value,
        mut position: impl FnMut(&mut Self, usize) -> R<Vec<IntValue<'ctx>>>,
    ) -> R<Vec<BasicValueEnum<'ctx>>> {
        if !matches!(self.ctype(op, memref)?, CType::MemRef { .. }) {
            return Err(self.err(op, "the LLVM back end supports this op on memrefs only"));
        }
        let values = self.lanes(other)?;
        let mut lanes = Vec::new();
        for (k, m) in mask.iter().enumerate() {
            let here = self.b.get_insert_block().expect("positioned");
            let access_block = self.block("masked.access");
            let join = self.block("masked.join");
            self.b
                .build_conditional_branch(m.into_int_value(), access_block, join)?;
            self.b.position_at_end(access_block);
            let pos = position(self, k)?;
            let p = self.element_at(op, memref, &pos)?;
            let loaded = if access == Access::Load {
                let x = self.b.build_load(container_type(self.ll, cs), p, "")?;
                Some(self.unabi(x, cs)?)
            } else {
                let x = self.abi(values[k])?;
                self.b.build_store(p, x)?;
                None
            };
            let access_end = self.b.get_insert_block().expect("positioned");
            self.b.build_unconditional_branch(join)?;
            self.b.position_at_end(join);
            if let Some(x) = loaded {
                let phi = self.b.build_phi(x.get_type(), "")?;
                phi.add_incoming(&[(&x, access_end), (&values[k], here)]);
                lanes.push(phi.as_basic_value());
            }
        }
        Ok(lanes)
    }

    /// The position `delta` elements after `base` in row-major order of
    /// `memref`'s sizes (the interpreter's `advance`); with bounds checks a
    /// linear position outside the memref stops with its error.
    fn advance(
        &mut self,
        op: OpId,
        memref: Value,
        base: &[IntValue<'ctx>],
        delta: IntValue<'ctx>,
    ) -> R<Vec<IntValue<'ctx>>> {
        let comps = self.values[&memref].clone();
        let sizes: Vec<IntValue> = (0..base.len())
            .map(|k| comps[2 + k].into_int_value())
            .collect();
        let (mut linear, mut total) = (self.i64c(0), self.i64c(1));
        for (&b, &s) in base.iter().zip(&sizes) {
            linear = self.b.build_int_mul(linear, s, "")?;
            linear = self.b.build_int_add(linear, b, "")?;
            total = self.b.build_int_mul(total, s, "")?;
        }
        linear = self.b.build_int_add(linear, delta, "")?;
        if self.bounds_checks {
            // A 0-D memref holds one element.
            let one = self.i64c(1);
            let is_zero = self
                .b
                .build_int_compare(IntPredicate::SLT, total, one, "")?;
            let total = self
                .b
                .build_select(is_zero, one, total, "")?
                .into_int_value();
            let bad = self
                .b
                .build_int_compare(IntPredicate::UGE, linear, total, "")?;
            let list = vec!["{}"; base.len()].join(", ");
            let mut args = vec![FailArg::Signed(delta)];
            args.extend(base.iter().map(|&b| FailArg::Signed(b)));
            self.fail_if_args(
                op,
                bad,
                &format!("out-of-bounds access {{}} elements after [{list}]"),
                &args,
            )?;
        }
        let mut pos = vec![self.i64c(0); base.len()];
        let mut rest = linear;
        for d in (0..base.len()).rev() {
            pos[d] = self.b.build_int_signed_rem(rest, sizes[d], "")?;
            rest = self.b.build_int_signed_div(rest, sizes[d], "")?;
        }
        Ok(pos)
    }
}
