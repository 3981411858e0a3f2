//! Copying and moving IR subtrees, within one [`Ir`] or between two.
//!
//! Two jobs share one engine:
//! - cloning (MLIR's `Operation::clone`, `Region::cloneInto` with an
//!   `IRMapping`): the inliner copies a callee body into the caller;
//! - detaching: the pass manager moves the body of each isolated-from-above
//!   op into an `Ir` of its own so nested pipelines can run on many ops in
//!   parallel without sharing anything mutable (DESIGN §3: no locks on IR),
//!   then moves it back.
//!
//! The engine copies regions in two passes, both O(size of the subtree):
//! the first creates blocks (all blocks of a region before its ops, so
//! successors can be mapped at creation) and ops without operands, mapping
//! every old value and block to the new one; the second links operands,
//! which may refer forward (graph regions, blocks later in layout order).
//! Values defined outside the copied regions keep their identity when the
//! copy stays in the same `Ir` (MLIR's `lookupOrDefault`); across `Ir`s
//! they cannot exist for an isolated op.
//!
//! The source of a copy is either another `Ir` or the destination itself:
//! each read re-borrows the source right before the write that uses it.

use crate::context::Context;
use crate::ir::{BlockId, InsertPoint, Ir, OpId, OperationState, RegionId, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// Old-to-new correspondences of a copy (MLIR's `IRMapping`).
#[derive(Default, Debug, Clone)]
pub struct IrMapping {
    pub values: FxHashMap<Value, Value>,
    pub blocks: FxHashMap<BlockId, BlockId>,
}

impl IrMapping {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn map_value(&mut self, from: Value, to: Value) {
        self.values.insert(from, to);
    }
    #[inline]
    pub fn lookup_or_default(&self, value: Value) -> Value {
        self.values.get(&value).copied().unwrap_or(value)
    }
    pub fn lookup_block(&self, block: BlockId) -> Option<BlockId> {
        self.blocks.get(&block).copied()
    }
}

/// The body of an isolated op, moved into an `Ir` of its own.
pub struct DetachedOp {
    pub ir: Ir,
    /// A copy of the op (no operands) whose regions hold the body.
    pub root: OpId,
}

macro_rules! source {
    ($src:expr, $dst:expr) => {
        match $src {
            Some(s) => s,
            None => &*$dst,
        }
    };
}

impl Ir {
    /// Appends copies of the blocks of `src_region` (in `src`, or in `self`
    /// when `src` is `None`) to `dst_region`, recording the correspondences.
    pub fn copy_region_into(
        &mut self,
        src: Option<&Ir>,
        src_region: RegionId,
        dst_region: RegionId,
        mapping: &mut IrMapping,
    ) {
        let mut pending: Vec<(OpId, OpId)> = Vec::new();
        self.copy_region_structure(src, src_region, dst_region, mapping, &mut pending);
        self.link_copied_operands(src, &pending, mapping);
    }

    fn copy_region_structure(
        &mut self,
        src: Option<&Ir>,
        src_region: RegionId,
        dst_region: RegionId,
        mapping: &mut IrMapping,
        pending: &mut Vec<(OpId, OpId)>,
    ) {
        let blocks: SmallVec<[BlockId; 4]> = source!(src, self)
            .region_blocks(src_region)
            .iter()
            .copied()
            .collect();
        for &old_block in &blocks {
            let new_block = self.append_block(dst_region, &[]);
            let nargs = source!(src, self).block_args(old_block).len();
            for i in 0..nargs {
                let (old_arg, ty, loc) = {
                    let s = source!(src, self);
                    let a = s.block_arg(old_block, i);
                    (a, s.value_type(a), s.values[a].loc)
                };
                let new_arg = self.add_block_arg(new_block, ty);
                if let Some(loc) = loc {
                    self.set_block_arg_loc(new_arg, loc);
                }
                mapping.values.insert(old_arg, new_arg);
            }
            mapping.blocks.insert(old_block, new_block);
        }
        for &old_block in &blocks {
            let new_block = mapping.blocks[&old_block];
            let mut cursor = source!(src, self).first_op(old_block);
            while let Some(old_op) = cursor {
                cursor = source!(src, self).next_op(old_op);
                let new_op =
                    self.copy_op_shell(src, old_op, InsertPoint::BlockEnd(new_block), mapping);
                pending.push((old_op, new_op));
                let nregions = source!(src, self).regions(old_op).len();
                for r in 0..nregions {
                    let old_region = source!(src, self).region(old_op, r);
                    let new_region = self.region(new_op, r);
                    self.copy_region_structure(src, old_region, new_region, mapping, pending);
                }
            }
        }
    }

    /// Creates a copy of `old_op` without operands and with empty regions.
    fn copy_op_shell(
        &mut self,
        src: Option<&Ir>,
        old_op: OpId,
        at: InsertPoint,
        mapping: &mut IrMapping,
    ) -> OpId {
        let state = {
            let s = source!(src, self);
            let data = &s.ops[old_op];
            OperationState {
                name: data.name,
                loc: data.loc,
                operands: Vec::new(),
                result_types: s.results(old_op).map(|v| s.value_type(v)).collect(),
                successors: data
                    .successors
                    .iter()
                    .map(|b| mapping.blocks.get(b).copied().unwrap_or(*b))
                    .collect(),
                num_regions: data.regions.len(),
                properties: data.properties,
                attributes: data.attributes,
            }
        };
        let new_op = self.create_op(state, at);
        let nresults = self.num_results(new_op);
        for i in 0..nresults {
            let old = source!(src, self).result(old_op, i);
            let new = self.result(new_op, i);
            mapping.values.insert(old, new);
        }
        new_op
    }

    fn link_copied_operands(
        &mut self,
        src: Option<&Ir>,
        pending: &[(OpId, OpId)],
        mapping: &IrMapping,
    ) {
        for &(old_op, new_op) in pending {
            let n = source!(src, self).num_operands(old_op);
            for i in 0..n {
                let old = source!(src, self).operand(old_op, i);
                let new = match mapping.values.get(&old) {
                    Some(&v) => v,
                    None => {
                        debug_assert!(
                            src.is_none(),
                            "a value from outside an isolated op crossed IRs"
                        );
                        old
                    }
                };
                self.push_operand(new_op, new);
            }
        }
    }

    /// Clones `op` and everything nested in it to `at`; operands defined
    /// outside are looked up in `mapping` (identity when absent).
    pub fn clone_op(&mut self, op: OpId, at: InsertPoint, mapping: &mut IrMapping) -> OpId {
        let new_op = self.copy_op_shell(None, op, at, mapping);
        let mut pending = vec![(op, new_op)];
        for r in 0..self.regions(op).len() {
            let (old_region, new_region) = (self.region(op, r), self.region(new_op, r));
            self.copy_region_structure(None, old_region, new_region, mapping, &mut pending);
        }
        self.link_copied_operands(None, &pending, mapping);
        new_op
    }

    /// Moves the body of `op` into a fresh `Ir`. `op` stays in place with
    /// empty regions until [`Ir::reattach`] puts the (transformed) body back.
    /// `op` must be isolated from above and have no operands.
    pub fn detach_isolated(&mut self, ctx: &Context, op: OpId) -> DetachedOp {
        debug_assert_eq!(self.num_operands(op), 0, "detach_isolated: op has operands");
        let mut ir = Ir::new();
        let mut mapping = IrMapping::new();
        let _ = ctx;
        let root = ir.copy_op_shell(Some(self), op, InsertPoint::Detached, &mut mapping);
        let mut pending = Vec::new();
        for r in 0..self.regions(op).len() {
            let (old_region, new_region) = (self.region(op, r), ir.region(root, r));
            ir.copy_region_structure(
                Some(self),
                old_region,
                new_region,
                &mut mapping,
                &mut pending,
            );
        }
        ir.link_copied_operands(Some(self), &pending, &mapping);
        for r in 0..self.regions(op).len() {
            let region = self.region(op, r);
            self.abandon_region(region);
        }
        DetachedOp { ir, root }
    }

    /// Moves a detached body back into `op` (whose regions are empty) and
    /// copies the root's attributes, properties and location onto `op`.
    pub fn reattach(&mut self, op: OpId, detached: DetachedOp) {
        let DetachedOp { ir, root } = detached;
        {
            let data = &ir.ops[root];
            let (loc, props, attrs) = (data.loc, data.properties, data.attributes);
            let target = &mut self.ops[op];
            target.loc = loc;
            target.properties = props;
            target.attributes = attrs;
        }
        for i in 0..self.num_results(op).min(ir.num_results(root)) {
            let ty = ir.value_type(ir.result(root, i));
            let v = self.result(op, i);
            self.set_value_type(v, ty);
        }
        let mut mapping = IrMapping::new();
        let mut pending = Vec::new();
        for r in 0..ir.regions(root).len() {
            let (old_region, new_region) = (ir.region(root, r), self.region(op, r));
            self.copy_region_structure(
                Some(&ir),
                old_region,
                new_region,
                &mut mapping,
                &mut pending,
            );
        }
        self.link_copied_operands(Some(&ir), &pending, &mapping);
    }

    /// Marks everything inside `region` dead without unlinking uses: only
    /// for regions whose values are used nowhere else (a detached body).
    fn abandon_region(&mut self, region: RegionId) {
        let mut stack: Vec<RegionId> = vec![region];
        while let Some(r) = stack.pop() {
            for block in self.regions[r].blocks.take() {
                let mut cursor = self.blocks[block].first;
                while let Some(op) = cursor {
                    cursor = self.ops[op].next;
                    let data = &mut self.ops[op];
                    data.alive = false;
                    data.block = None;
                    data.prev = None;
                    data.next = None;
                    // Operand slots go with the op; the values they point to
                    // are all dead as well.
                    data.operands.clear();
                    stack.extend(data.regions.iter().copied());
                }
                let b = &mut self.blocks[block];
                b.alive = false;
                b.first = None;
                b.last = None;
                b.region = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asm::{parse_source, print_op, PrintOptions, SourceInfo};

    fn parse(ctx: &Context, text: &str) -> (Ir, OpId) {
        let mut ir = Ir::new();
        let info = SourceInfo {
            file_name: "t".into(),
            first_line: 0,
        };
        let m = parse_source(ctx, &mut ir, text, &info).unwrap();
        (ir, m)
    }

    const INPUT: &str = r#"module {
  "t.func"() ({
  ^bb0(%a: i32):
    %0 = "t.add"(%a, %a) : (i32, i32) -> i32
    "t.br"(%0)[^bb1] : (i32) -> ()
  ^bb1(%x: i32):
    %1 = "t.add"(%x, %2) : (i32, i32) -> i32
    %2 = "t.c"() : () -> i32
    "t.ret"(%1) : (i32) -> ()
  }) {sym_name = "f"} : () -> ()
}"#;

    #[test]
    fn detach_then_reattach_round_trips() {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let (mut ir, module) = parse(&ctx, INPUT);
        let before = print_op(&ctx, &ir, module, &PrintOptions::default());
        let func = ir
            .first_op(ir.entry_block(ir.region(module, 0)).unwrap())
            .unwrap();
        let detached = ir.detach_isolated(&ctx, func);
        assert!(ir.region_is_empty(ir.region(func, 0)));
        ir.reattach(func, detached);
        let after = print_op(&ctx, &ir, module, &PrintOptions::default());
        assert_eq!(before, after);
    }

    #[test]
    fn clone_op_maps_nested_values_and_keeps_outer_ones() {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let (mut ir, module) = parse(&ctx, INPUT);
        let func = ir
            .first_op(ir.entry_block(ir.region(module, 0)).unwrap())
            .unwrap();
        let mut mapping = IrMapping::new();
        let copy = ir.clone_op(func, InsertPoint::After(func), &mut mapping);
        let a = print_op(&ctx, &ir, func, &PrintOptions::default());
        let b = print_op(&ctx, &ir, copy, &PrintOptions::default());
        assert_eq!(a, b);
    }
}
