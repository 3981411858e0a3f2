//! A cursor for creating ops: MLIR's `OpBuilder`.
//!
//! The builder remembers where new ops go and which location they get, so
//! code that emits a sequence of ops reads as that sequence. Creating an op
//! after an anchor moves the cursor past the new op, so consecutive
//! `create` calls keep program order.

use crate::attributes::{Attribute, Location};
use crate::context::Context;
use crate::ir::{BlockId, InsertPoint, Ir, OpId, OperationState, RegionId, Value};
use crate::types::Type;

pub struct OpBuilder<'a> {
    pub ctx: &'a Context,
    pub ir: &'a mut Ir,
    insertion: InsertPoint,
    /// Location given to ops created without one.
    pub loc: Location,
}

impl<'a> OpBuilder<'a> {
    /// A builder that creates detached ops until an insertion point is set.
    pub fn new(ctx: &'a Context, ir: &'a mut Ir) -> Self {
        let loc = ctx.unknown_loc();
        Self {
            ctx,
            ir,
            insertion: InsertPoint::Detached,
            loc,
        }
    }

    pub fn at(ctx: &'a Context, ir: &'a mut Ir, insertion: InsertPoint) -> Self {
        let mut builder = Self::new(ctx, ir);
        builder.insertion = insertion;
        builder
    }

    pub fn insertion_point(&self) -> InsertPoint {
        self.insertion
    }
    pub fn set_insertion_point(&mut self, insertion: InsertPoint) {
        self.insertion = insertion;
    }
    pub fn set_insertion_point_to_end(&mut self, block: BlockId) {
        self.insertion = InsertPoint::BlockEnd(block);
    }
    pub fn set_insertion_point_to_start(&mut self, block: BlockId) {
        self.insertion = InsertPoint::BlockStart(block);
    }
    pub fn set_insertion_point_before(&mut self, op: OpId) {
        self.insertion = InsertPoint::Before(op);
    }
    pub fn set_insertion_point_after(&mut self, op: OpId) {
        self.insertion = InsertPoint::After(op);
    }

    /// The block new ops go into, if any.
    pub fn insertion_block(&self) -> Option<BlockId> {
        match self.insertion {
            InsertPoint::BlockStart(b) | InsertPoint::BlockEnd(b) => Some(b),
            InsertPoint::Before(op) | InsertPoint::After(op) => self.ir.op_block(op),
            InsertPoint::Detached => None,
        }
    }

    /// A fresh operation state named `name` at the builder's location.
    pub fn state(&self, name: &str) -> OperationState {
        OperationState::new(self.ctx, name, self.loc)
    }

    /// Creates an op at the cursor and moves the cursor past it.
    pub fn create(&mut self, state: OperationState) -> OpId {
        let at = match self.insertion {
            InsertPoint::BlockStart(block) => match self.ir.first_op(block) {
                Some(first) => InsertPoint::Before(first),
                None => InsertPoint::BlockEnd(block),
            },
            other => other,
        };
        let op = self.ir.create_op(state, at);
        if let InsertPoint::After(_) | InsertPoint::BlockStart(_) = self.insertion {
            self.insertion = InsertPoint::After(op);
        }
        op
    }

    /// Creates a single-result op and returns its result.
    pub fn create_value(&mut self, state: OperationState) -> Value {
        let op = self.create(state);
        self.ir.result(op, 0)
    }

    /// Convenience: an op from parts.
    pub fn create_op(
        &mut self,
        name: &str,
        operands: &[Value],
        result_types: &[Type],
        properties: &[(&str, Attribute)],
    ) -> OpId {
        let mut state = self.state(name);
        state.operands = operands.to_vec();
        state.result_types = result_types.to_vec();
        state.properties = self
            .ctx
            .dictionary_attr(properties.iter().map(|(n, a)| (self.ctx.intern_str(n), *a)));
        self.create(state)
    }

    /// Creates a block at the end of `region` and moves the cursor into it.
    pub fn create_block(&mut self, region: RegionId, arg_types: &[Type]) -> BlockId {
        let block = self.ir.append_block(region, arg_types);
        self.insertion = InsertPoint::BlockEnd(block);
        block
    }
}
