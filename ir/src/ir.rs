//! The storage of an IR tree: operations, blocks, regions and SSA values.
//!
//! Everything lives in four dense arenas indexed by `u32` handles. Program
//! order is kept apart from the data, as links: an op knows its block and
//! its neighbours, a block its first and last op, a region its blocks.
//!
//! Use-lists are intrusive and doubly linked: each operand slot stores the
//! value it reads and the previous and next use of that value, and each
//! value stores its first use. Unlinking an operand is O(1) and
//! `replace_all_uses_with` is O(uses), as in MLIR.
//!
//! Results of an op are allocated contiguously in the value arena, so an op
//! stores only its first result and the count. Erased entities are marked
//! dead and not reused: handles held elsewhere can then never alias a new
//! entity by accident.
//!
//! Program order inside a block is also kept as an integer per op (spaced
//! by [`ORDER_STRIDE`]), so "is `a` before `b` in this block" is one
//! comparison. Inserting between two neighbours takes the midpoint; when
//! there is no room the block is renumbered.

use crate::attributes::{Attribute, Location};
use crate::context::{Context, OpName};
use crate::entity::{EntityRef, PrimaryMap};
use crate::entity_handle;
use crate::types::Type;
use smallvec::SmallVec;

entity_handle! {
    /// An operation.
    pub struct OpId, "op";
}
entity_handle! {
    /// A basic block.
    pub struct BlockId, "bb";
}
entity_handle! {
    /// A region: a list of blocks owned by an op.
    pub struct RegionId, "region";
}
entity_handle! {
    /// An SSA value: an op result or a block argument.
    pub struct Value, "v";
}

/// Gap left between the order numbers of consecutive ops.
pub const ORDER_STRIDE: u64 = 1 << 16;

/// Names one operand slot: the `index`th operand of `op`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct OpOperand {
    pub op: OpId,
    pub index: u32,
}

/// Names one successor slot: the `index`th successor of `op` (MLIR's
/// `BlockOperand`), an entry of its block's predecessor list.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct BlockOperand {
    pub op: OpId,
    pub index: u32,
}

/// The links of one successor slot in its block's predecessor list, so that
/// finding a block's predecessors costs their number, not the region's size.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct SuccessorLink {
    prev: Option<BlockOperand>,
    next: Option<BlockOperand>,
}

#[derive(Clone, Debug)]
pub(crate) struct OperandSlot {
    pub value: Value,
    pub prev_use: Option<OpOperand>,
    pub next_use: Option<OpOperand>,
}

/// Where a value comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ValueDef {
    Result { op: OpId, index: u32 },
    BlockArgument { block: BlockId, index: u32 },
}

#[derive(Clone, Debug)]
pub struct ValueData {
    pub(crate) ty: Type,
    pub(crate) def: ValueDef,
    pub(crate) first_use: Option<OpOperand>,
    /// Location of a block argument (results use their op's).
    pub(crate) loc: Option<Location>,
}

#[derive(Clone, Debug)]
pub struct OpData {
    pub(crate) name: OpName,
    pub(crate) loc: Location,
    pub(crate) operands: SmallVec<[OperandSlot; 2]>,
    pub(crate) first_result: u32,
    pub(crate) num_results: u32,
    pub(crate) successors: SmallVec<[BlockId; 1]>,
    /// Each successor slot's place in its block's predecessor list, boxed
    /// because most ops have no successors.
    successor_links: Box<[SuccessorLink]>,
    pub(crate) regions: SmallVec<[RegionId; 1]>,
    /// Inherent attributes (MLIR's properties), a dictionary; printed `<{...}>`.
    pub(crate) properties: Attribute,
    /// Discardable attributes, a dictionary; printed `{...}`.
    pub(crate) attributes: Attribute,
    pub(crate) block: Option<BlockId>,
    pub(crate) prev: Option<OpId>,
    pub(crate) next: Option<OpId>,
    pub(crate) order: u64,
    pub(crate) alive: bool,
}

#[derive(Clone, Debug, Default)]
pub struct BlockData {
    pub(crate) region: Option<RegionId>,
    pub(crate) args: SmallVec<[Value; 2]>,
    pub(crate) first: Option<OpId>,
    pub(crate) last: Option<OpId>,
    /// Head of the list of successor slots naming this block.
    first_pred: Option<BlockOperand>,
    pub(crate) alive: bool,
}

#[derive(Clone, Debug, Default)]
pub struct RegionData {
    pub(crate) op: Option<OpId>,
    pub(crate) blocks: BlockList,
}

/// The blocks of a region, in order: a vector that keeps the room freed at
/// its front, so removing a block moves the blocks on its nearer side only.
/// Rewrites that merge a chain of blocks into its head erase the block
/// after the head again and again, which a plain vector makes quadratic.
#[derive(Clone, Debug, Default)]
pub(crate) struct BlockList {
    items: Vec<BlockId>,
    /// Slots before `start` are free.
    start: usize,
}

impl BlockList {
    pub(crate) fn as_slice(&self) -> &[BlockId] {
        &self.items[self.start..]
    }

    fn push(&mut self, block: BlockId) {
        self.items.push(block);
    }

    fn insert(&mut self, index: usize, block: BlockId) {
        if index == 0 && self.start > 0 {
            self.start -= 1;
            self.items[self.start] = block;
        } else {
            self.items.insert(self.start + index, block);
        }
    }

    /// Removes `block`, searching from both ends so that a block near
    /// either end is found and removed in time proportional to its
    /// distance from that end.
    fn remove(&mut self, block: BlockId) {
        let blocks = self.as_slice();
        let len = blocks.len();
        let Some(index) = (0..len.div_ceil(2)).find_map(|i| {
            if blocks[i] == block {
                Some(i)
            } else if blocks[len - 1 - i] == block {
                Some(len - 1 - i)
            } else {
                None
            }
        }) else {
            return;
        };
        let at = self.start + index;
        if index < len / 2 {
            self.items.copy_within(self.start..at, self.start + 1);
            self.start += 1;
        } else {
            self.items.remove(at);
        }
    }

    pub(crate) fn take(&mut self) -> Vec<BlockId> {
        let mut items = std::mem::take(&mut self.items);
        items.drain(..self.start);
        self.start = 0;
        items
    }
}

/// What an op is made of, before it exists (MLIR's `OperationState`).
#[derive(Clone, Debug)]
pub struct OperationState {
    pub name: OpName,
    pub loc: Location,
    pub operands: Vec<Value>,
    pub result_types: Vec<Type>,
    pub successors: Vec<BlockId>,
    /// Number of empty regions to create; fill them after creation.
    pub num_regions: usize,
    pub properties: Attribute,
    pub attributes: Attribute,
}

impl OperationState {
    pub fn new(ctx: &Context, name: &str, loc: Location) -> Self {
        Self::named(ctx, ctx.op_name(name), loc)
    }

    /// A state for the op `name` already interned (the parser has it from
    /// looking the op up).
    pub fn named(ctx: &Context, name: OpName, loc: Location) -> Self {
        Self {
            name,
            loc,
            operands: Vec::new(),
            result_types: Vec::new(),
            successors: Vec::new(),
            num_regions: 0,
            properties: ctx.empty_dictionary(),
            attributes: ctx.empty_dictionary(),
        }
    }
}

/// Errors of structural mutation requested by a caller.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum IrError {
    #[error("cannot erase an operation whose results still have uses")]
    ResultsInUse,
    #[error("cannot erase a block argument that still has uses")]
    ArgumentInUse,
    #[error("the operation is not in a block")]
    Detached,
}

/// One IR tree's storage.
#[derive(Clone, Default)]
pub struct Ir {
    pub(crate) ops: PrimaryMap<OpId, OpData>,
    pub(crate) blocks: PrimaryMap<BlockId, BlockData>,
    pub(crate) regions: PrimaryMap<RegionId, RegionData>,
    pub(crate) values: PrimaryMap<Value, ValueData>,
}

/// Where new ops go.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum InsertPoint {
    BlockStart(BlockId),
    BlockEnd(BlockId),
    Before(OpId),
    After(OpId),
    /// Create ops detached from any block.
    Detached,
}

impl Ir {
    pub fn new() -> Self {
        Self::default()
    }

    // ====================================================================
    // Reading
    // ====================================================================

    #[inline]
    pub fn op(&self, op: OpId) -> &OpData {
        &self.ops[op]
    }
    #[inline]
    pub fn op_name(&self, op: OpId) -> OpName {
        self.ops[op].name
    }
    #[inline]
    pub fn op_loc(&self, op: OpId) -> Location {
        self.ops[op].loc
    }
    pub fn set_op_loc(&mut self, op: OpId, loc: Location) {
        self.ops[op].loc = loc;
    }
    pub fn is_alive(&self, op: OpId) -> bool {
        self.ops[op].alive
    }
    /// Number of op slots ever created (live or erased).
    pub fn op_capacity(&self) -> usize {
        self.ops.len()
    }

    pub fn num_operands(&self, op: OpId) -> usize {
        self.ops[op].operands.len()
    }
    #[inline]
    pub fn operand(&self, op: OpId, index: usize) -> Value {
        self.ops[op].operands[index].value
    }
    pub fn operands(
        &self,
        op: OpId,
    ) -> impl ExactSizeIterator<Item = Value> + DoubleEndedIterator + '_ {
        self.ops[op].operands.iter().map(|slot| slot.value)
    }
    pub fn num_results(&self, op: OpId) -> usize {
        self.ops[op].num_results as usize
    }
    #[inline]
    pub fn result(&self, op: OpId, index: usize) -> Value {
        let data = &self.ops[op];
        assert!(
            index < data.num_results as usize,
            "result index out of range"
        );
        Value::new(data.first_result as usize + index)
    }
    pub fn results(
        &self,
        op: OpId,
    ) -> impl ExactSizeIterator<Item = Value> + DoubleEndedIterator + Clone {
        let data = &self.ops[op];
        let first = data.first_result as usize;
        (first..first + data.num_results as usize).map(Value::new)
    }
    pub fn successors(&self, op: OpId) -> &[BlockId] {
        &self.ops[op].successors
    }
    pub fn regions(&self, op: OpId) -> &[RegionId] {
        &self.ops[op].regions
    }
    pub fn region(&self, op: OpId, index: usize) -> RegionId {
        self.ops[op].regions[index]
    }
    pub fn properties(&self, op: OpId) -> Attribute {
        self.ops[op].properties
    }
    pub fn attributes(&self, op: OpId) -> Attribute {
        self.ops[op].attributes
    }
    pub fn set_properties(&mut self, op: OpId, dict: Attribute) {
        self.ops[op].properties = dict;
    }
    pub fn set_attributes(&mut self, op: OpId, dict: Attribute) {
        self.ops[op].attributes = dict;
    }
    /// An inherent attribute (property) by name.
    pub fn property(&self, ctx: &Context, op: OpId, name: &str) -> Option<Attribute> {
        ctx.dictionary_get(self.ops[op].properties, name)
    }
    /// A discardable attribute by name.
    pub fn attribute(&self, ctx: &Context, op: OpId, name: &str) -> Option<Attribute> {
        ctx.dictionary_get(self.ops[op].attributes, name)
    }
    /// A property or, failing that, a discardable attribute, by name.
    pub fn attr(&self, ctx: &Context, op: OpId, name: &str) -> Option<Attribute> {
        self.property(ctx, op, name)
            .or_else(|| self.attribute(ctx, op, name))
    }
    /// A property or, failing that, a discardable attribute, by interned name.
    #[inline]
    pub fn attr_by_id(&self, ctx: &Context, op: OpId, name: crate::StrId) -> Option<Attribute> {
        ctx.dictionary_get_id(self.ops[op].properties, name)
            .or_else(|| ctx.dictionary_get_id(self.ops[op].attributes, name))
    }
    pub fn set_property(&mut self, ctx: &Context, op: OpId, name: &str, value: Option<Attribute>) {
        let dict = ctx.dictionary_with(self.ops[op].properties, ctx.intern_str(name), value);
        self.ops[op].properties = dict;
    }
    pub fn set_attribute(&mut self, ctx: &Context, op: OpId, name: &str, value: Option<Attribute>) {
        let dict = ctx.dictionary_with(self.ops[op].attributes, ctx.intern_str(name), value);
        self.ops[op].attributes = dict;
    }

    /// The block holding `op`.
    #[inline]
    pub fn op_block(&self, op: OpId) -> Option<BlockId> {
        self.ops[op].block
    }
    /// The op whose region holds `op`.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.op_block(op).and_then(|b| self.block_parent_op(b))
    }
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].next
    }
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].prev
    }

    pub fn block_region(&self, block: BlockId) -> Option<RegionId> {
        self.blocks[block].region
    }
    pub fn block_parent_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block].region.and_then(|r| self.regions[r].op)
    }
    pub fn block_args(&self, block: BlockId) -> &[Value] {
        &self.blocks[block].args
    }
    pub fn block_arg(&self, block: BlockId, index: usize) -> Value {
        self.blocks[block].args[index]
    }
    pub fn first_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block].first
    }
    pub fn last_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block].last
    }
    /// The ops of a block in order. Collect first if you mutate the block.
    pub fn block_ops(&self, block: BlockId) -> BlockOps<'_> {
        BlockOps {
            ir: self,
            next: self.blocks[block].first,
        }
    }
    pub fn block_is_empty(&self, block: BlockId) -> bool {
        self.blocks[block].first.is_none()
    }

    pub fn region_op(&self, region: RegionId) -> Option<OpId> {
        self.regions[region].op
    }
    pub fn region_blocks(&self, region: RegionId) -> &[BlockId] {
        self.regions[region].blocks.as_slice()
    }
    pub fn region_is_empty(&self, region: RegionId) -> bool {
        self.regions[region].blocks.as_slice().is_empty()
    }
    pub fn entry_block(&self, region: RegionId) -> Option<BlockId> {
        self.regions[region].blocks.as_slice().first().copied()
    }
    /// Position of `region` among its op's regions.
    pub fn region_index(&self, region: RegionId) -> usize {
        let op = self.regions[region].op.expect("region has no parent op");
        self.ops[op]
            .regions
            .iter()
            .position(|&r| r == region)
            .unwrap()
    }

    #[inline]
    pub fn value_type(&self, value: Value) -> Type {
        self.values[value].ty
    }
    pub fn set_value_type(&mut self, value: Value, ty: Type) {
        self.values[value].ty = ty;
    }
    #[inline]
    pub fn value_def(&self, value: Value) -> ValueDef {
        self.values[value].def
    }
    /// The op defining `value`, if it is a result.
    pub fn defining_op(&self, value: Value) -> Option<OpId> {
        match self.values[value].def {
            ValueDef::Result { op, .. } => Some(op),
            ValueDef::BlockArgument { .. } => None,
        }
    }
    /// The block where `value` is defined (its op's block or its own block).
    pub fn value_block(&self, value: Value) -> Option<BlockId> {
        match self.values[value].def {
            ValueDef::Result { op, .. } => self.ops[op].block,
            ValueDef::BlockArgument { block, .. } => Some(block),
        }
    }
    pub fn value_loc(&self, value: Value) -> Option<Location> {
        match self.values[value].def {
            ValueDef::Result { op, .. } => Some(self.ops[op].loc),
            ValueDef::BlockArgument { .. } => self.values[value].loc,
        }
    }
    pub fn set_block_arg_loc(&mut self, value: Value, loc: Location) {
        self.values[value].loc = Some(loc);
    }
    /// The uses of `value`, most recent first (as MLIR).
    pub fn uses(&self, value: Value) -> Uses<'_> {
        Uses {
            ir: self,
            next: self.values[value].first_use,
        }
    }
    pub fn has_uses(&self, value: Value) -> bool {
        self.values[value].first_use.is_some()
    }
    pub fn has_one_use(&self, value: Value) -> bool {
        match self.values[value].first_use {
            Some(u) => self.slot(u).next_use.is_none(),
            None => false,
        }
    }
    /// Whether no result of `op` is used.
    pub fn use_empty(&self, op: OpId) -> bool {
        self.results(op).all(|v| !self.has_uses(v))
    }
    /// The ops that use `value` (an op appears once per use).
    pub fn users(&self, value: Value) -> impl Iterator<Item = OpId> + '_ {
        self.uses(value).map(|u| u.op)
    }

    #[inline]
    fn slot(&self, at: OpOperand) -> &OperandSlot {
        &self.ops[at.op].operands[at.index as usize]
    }
    #[inline]
    fn slot_mut(&mut self, at: OpOperand) -> &mut OperandSlot {
        &mut self.ops[at.op].operands[at.index as usize]
    }

    /// Whether `a` comes before `b`; both must be in the same block.
    #[inline]
    pub fn is_before_in_block(&self, a: OpId, b: OpId) -> bool {
        debug_assert_eq!(self.ops[a].block, self.ops[b].block);
        self.ops[a].order < self.ops[b].order
    }

    /// Whether `ancestor` is `op` or contains it in one of its regions.
    pub fn is_ancestor(&self, ancestor: OpId, mut op: OpId) -> bool {
        loop {
            if op == ancestor {
                return true;
            }
            match self.parent_op(op) {
                Some(parent) => op = parent,
                None => return false,
            }
        }
    }

    /// The ancestor of `op` (or `op` itself) that sits directly in `block`.
    pub fn ancestor_in_block(&self, block: BlockId, mut op: OpId) -> Option<OpId> {
        loop {
            let here = self.ops[op].block?;
            if here == block {
                return Some(op);
            }
            op = self.block_parent_op(here)?;
        }
    }

    /// Calls `f` on `op` and every op nested in it, parents before children.
    pub fn walk_preorder(&self, op: OpId, f: &mut impl FnMut(OpId)) {
        f(op);
        for &region in &self.ops[op].regions {
            for &block in self.regions[region].blocks.as_slice() {
                let mut cursor = self.blocks[block].first;
                while let Some(inner) = cursor {
                    cursor = self.ops[inner].next;
                    self.walk_preorder(inner, f);
                }
            }
        }
    }

    /// Calls `f` on every op nested in `op` and then `op`, children first.
    pub fn walk_postorder(&self, op: OpId, f: &mut impl FnMut(OpId)) {
        for &region in &self.ops[op].regions {
            for &block in self.regions[region].blocks.as_slice() {
                let mut cursor = self.blocks[block].first;
                while let Some(inner) = cursor {
                    cursor = self.ops[inner].next;
                    self.walk_postorder(inner, f);
                }
            }
        }
        f(op);
    }

    /// All ops under `op` (inclusive), pre-order, collected so the caller may mutate.
    pub fn collect_preorder(&self, op: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        self.walk_preorder(op, &mut |o| out.push(o));
        out
    }

    // ====================================================================
    // Creating
    // ====================================================================

    /// Creates an op from `state` at `at`, with empty regions.
    pub fn create_op(&mut self, state: OperationState, at: InsertPoint) -> OpId {
        let op = self.ops.next_key();
        let first_result = self.values.len() as u32;
        for (index, ty) in state.result_types.iter().enumerate() {
            self.values.push(ValueData {
                ty: *ty,
                def: ValueDef::Result {
                    op,
                    index: index as u32,
                },
                first_use: None,
                loc: None,
            });
        }
        let regions = (0..state.num_regions)
            .map(|_| {
                self.regions.push(RegionData {
                    op: Some(op),
                    blocks: BlockList::default(),
                })
            })
            .collect();
        let created = self.ops.push(OpData {
            name: state.name,
            loc: state.loc,
            operands: SmallVec::with_capacity(state.operands.len()),
            first_result,
            num_results: state.result_types.len() as u32,
            successor_links: vec![SuccessorLink::default(); state.successors.len()].into(),
            successors: state.successors.into_iter().collect(),
            regions,
            properties: state.properties,
            attributes: state.attributes,
            block: None,
            prev: None,
            next: None,
            order: 0,
            alive: true,
        });
        debug_assert_eq!(created, op);
        for value in state.operands {
            self.push_operand(op, value);
        }
        for index in 0..self.ops[op].successors.len() {
            self.link_successor(BlockOperand {
                op,
                index: index as u32,
            });
        }
        self.insert_op(op, at);
        op
    }

    /// Appends a new empty region to `op`.
    pub fn add_region(&mut self, op: OpId) -> RegionId {
        let region = self.regions.push(RegionData {
            op: Some(op),
            blocks: BlockList::default(),
        });
        self.ops[op].regions.push(region);
        region
    }

    /// Creates a block at the end of `region`.
    pub fn append_block(&mut self, region: RegionId, arg_types: &[Type]) -> BlockId {
        let block = self.create_block(arg_types);
        self.blocks[block].region = Some(region);
        self.regions[region].blocks.push(block);
        block
    }

    /// Creates a block not in any region yet.
    pub fn create_block(&mut self, arg_types: &[Type]) -> BlockId {
        let block = self.blocks.push(BlockData {
            alive: true,
            ..Default::default()
        });
        for &ty in arg_types {
            self.add_block_arg(block, ty);
        }
        block
    }

    /// Inserts a detached block into `region` at position `index`.
    pub fn insert_block(&mut self, region: RegionId, index: usize, block: BlockId) {
        debug_assert!(self.blocks[block].region.is_none());
        self.blocks[block].region = Some(region);
        self.regions[region].blocks.insert(index, block);
    }

    /// Removes `block` from its region without erasing it.
    pub fn detach_block(&mut self, block: BlockId) {
        if let Some(region) = self.blocks[block].region.take() {
            self.regions[region].blocks.remove(block);
        }
    }

    pub fn add_block_arg(&mut self, block: BlockId, ty: Type) -> Value {
        let index = self.blocks[block].args.len() as u32;
        let value = self.values.push(ValueData {
            ty,
            def: ValueDef::BlockArgument { block, index },
            first_use: None,
            loc: None,
        });
        self.blocks[block].args.push(value);
        value
    }

    /// Erases block argument `index`, which must be unused.
    pub fn erase_block_arg(&mut self, block: BlockId, index: usize) -> Result<(), IrError> {
        let value = self.blocks[block].args[index];
        if self.has_uses(value) {
            return Err(IrError::ArgumentInUse);
        }
        self.blocks[block].args.remove(index);
        for (i, &arg) in self.blocks[block].args.iter().enumerate().skip(index) {
            self.values[arg].def = ValueDef::BlockArgument {
                block,
                index: i as u32,
            };
        }
        Ok(())
    }

    // ====================================================================
    // Use-lists
    // ====================================================================

    fn link_use(&mut self, at: OpOperand, value: Value) {
        let old_first = self.values[value].first_use;
        {
            let slot = self.slot_mut(at);
            slot.value = value;
            slot.prev_use = None;
            slot.next_use = old_first;
        }
        if let Some(first) = old_first {
            self.slot_mut(first).prev_use = Some(at);
        }
        self.values[value].first_use = Some(at);
    }

    fn unlink_use(&mut self, at: OpOperand) {
        let (value, prev, next) = {
            let slot = self.slot(at);
            (slot.value, slot.prev_use, slot.next_use)
        };
        match prev {
            Some(p) => self.slot_mut(p).next_use = next,
            None => self.values[value].first_use = next,
        }
        if let Some(n) = next {
            self.slot_mut(n).prev_use = prev;
        }
    }

    /// Appends an operand to `op`.
    pub fn push_operand(&mut self, op: OpId, value: Value) {
        let index = self.ops[op].operands.len() as u32;
        self.ops[op].operands.push(OperandSlot {
            value,
            prev_use: None,
            next_use: None,
        });
        self.link_use(OpOperand { op, index }, value);
    }

    /// Makes operand `index` of `op` read `value`.
    pub fn set_operand(&mut self, op: OpId, index: usize, value: Value) {
        let at = OpOperand {
            op,
            index: index as u32,
        };
        if self.slot(at).value == value {
            return;
        }
        self.unlink_use(at);
        self.link_use(at, value);
    }

    /// Replaces the whole operand list of `op`.
    pub fn set_operands(&mut self, op: OpId, values: &[Value]) {
        self.drop_operands(op);
        for &value in values {
            self.push_operand(op, value);
        }
    }

    /// Removes operand `index` of `op`, shifting the later ones down.
    pub fn erase_operand(&mut self, op: OpId, index: usize) {
        let kept: Vec<Value> = self
            .operands(op)
            .enumerate()
            .filter(|&(i, _)| i != index)
            .map(|(_, v)| v)
            .collect();
        self.set_operands(op, &kept);
    }

    /// Unlinks and removes every operand of `op`.
    pub fn drop_operands(&mut self, op: OpId) {
        for index in 0..self.ops[op].operands.len() {
            self.unlink_use(OpOperand {
                op,
                index: index as u32,
            });
        }
        self.ops[op].operands.clear();
    }

    /// Makes every use of `from` read `to` instead. O(uses of `from`).
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        while let Some(at) = self.values[from].first_use {
            self.unlink_use(at);
            self.link_use(at, to);
        }
    }

    /// Replaces the uses of `from` for which `keep_old` says false.
    pub fn replace_uses_where(
        &mut self,
        from: Value,
        to: Value,
        mut should_replace: impl FnMut(&Ir, OpOperand) -> bool,
    ) {
        let uses: Vec<OpOperand> = self.uses(from).collect();
        for at in uses {
            if should_replace(self, at) {
                self.unlink_use(at);
                self.link_use(at, to);
            }
        }
    }

    /// Replaces the results of `op` with `values`, one for one.
    pub fn replace_all_op_uses_with(&mut self, op: OpId, values: &[Value]) {
        let results: SmallVec<[Value; 4]> = self.results(op).collect();
        assert_eq!(
            results.len(),
            values.len(),
            "replacement count differs from result count"
        );
        for (from, &to) in results.into_iter().zip(values) {
            self.replace_all_uses_with(from, to);
        }
    }

    pub fn set_successor(&mut self, op: OpId, index: usize, block: BlockId) {
        let slot = BlockOperand {
            op,
            index: index as u32,
        };
        self.unlink_successor(slot);
        self.ops[op].successors[index] = block;
        self.link_successor(slot);
    }

    /// The successor slots naming `block`, most recently added first (MLIR's
    /// `Block::getPredecessors` walks the same use-list). A terminator
    /// appears once per slot, so a `cf.cond_br` to one block twice is two
    /// entries.
    pub fn predecessors(&self, block: BlockId) -> Predecessors<'_> {
        Predecessors {
            ir: self,
            next: self.blocks[block].first_pred,
        }
    }

    /// Whether any successor slot names `block`.
    pub fn has_predecessors(&self, block: BlockId) -> bool {
        self.blocks[block].first_pred.is_some()
    }

    /// The op owning the only successor slot naming `block` (MLIR's
    /// `getSinglePredecessor`, which answers with the op's block).
    pub fn single_predecessor(&self, block: BlockId) -> Option<OpId> {
        let mut preds = self.predecessors(block);
        let only = preds.next()?;
        preds.next().is_none().then_some(only.op)
    }

    fn link_successor(&mut self, slot: BlockOperand) {
        let block = self.ops[slot.op].successors[slot.index as usize];
        let head = self.blocks[block].first_pred;
        self.ops[slot.op].successor_links[slot.index as usize] = SuccessorLink {
            prev: None,
            next: head,
        };
        if let Some(h) = head {
            self.ops[h.op].successor_links[h.index as usize].prev = Some(slot);
        }
        self.blocks[block].first_pred = Some(slot);
    }

    fn unlink_successor(&mut self, slot: BlockOperand) {
        let block = self.ops[slot.op].successors[slot.index as usize];
        let SuccessorLink { prev, next } =
            std::mem::take(&mut self.ops[slot.op].successor_links[slot.index as usize]);
        match prev {
            Some(p) => self.ops[p.op].successor_links[p.index as usize].next = next,
            None => self.blocks[block].first_pred = next,
        }
        if let Some(n) = next {
            self.ops[n.op].successor_links[n.index as usize].prev = prev;
        }
    }

    fn unlink_successors(&mut self, op: OpId) {
        for index in 0..self.ops[op].successors.len() {
            self.unlink_successor(BlockOperand {
                op,
                index: index as u32,
            });
        }
    }

    // ====================================================================
    // Program order
    // ====================================================================

    /// Links a detached op in at `at`.
    pub fn insert_op(&mut self, op: OpId, at: InsertPoint) {
        debug_assert!(self.ops[op].block.is_none(), "op is already in a block");
        let (block, prev, next) = match at {
            InsertPoint::Detached => return,
            InsertPoint::BlockEnd(block) => (block, self.blocks[block].last, None),
            InsertPoint::BlockStart(block) => (block, None, self.blocks[block].first),
            InsertPoint::Before(anchor) => {
                let block = self.ops[anchor]
                    .block
                    .expect("insertion anchor is not in a block");
                (block, self.ops[anchor].prev, Some(anchor))
            }
            InsertPoint::After(anchor) => {
                let block = self.ops[anchor]
                    .block
                    .expect("insertion anchor is not in a block");
                (block, Some(anchor), self.ops[anchor].next)
            }
        };
        {
            let data = &mut self.ops[op];
            data.block = Some(block);
            data.prev = prev;
            data.next = next;
        }
        match prev {
            Some(p) => self.ops[p].next = Some(op),
            None => self.blocks[block].first = Some(op),
        }
        match next {
            Some(n) => self.ops[n].prev = Some(op),
            None => self.blocks[block].last = Some(op),
        }
        let low = prev.map(|p| self.ops[p].order);
        let high = next.map(|n| self.ops[n].order);
        let order = match (low, high) {
            (None, None) => Some(ORDER_STRIDE),
            (Some(l), None) => l.checked_add(ORDER_STRIDE),
            (None, Some(h)) => (h > 1).then_some(h / 2),
            (Some(l), Some(h)) => (h - l > 1).then(|| l + (h - l) / 2),
        };
        match order {
            Some(order) => self.ops[op].order = order,
            None => self.renumber_block(block),
        }
    }

    fn renumber_block(&mut self, block: BlockId) {
        let mut cursor = self.blocks[block].first;
        let mut order = ORDER_STRIDE;
        while let Some(op) = cursor {
            self.ops[op].order = order;
            order += ORDER_STRIDE;
            cursor = self.ops[op].next;
        }
    }

    /// Unlinks `op` from its block, keeping it alive (to move it elsewhere).
    pub fn detach_op(&mut self, op: OpId) {
        let Some(block) = self.ops[op].block.take() else {
            return;
        };
        let (prev, next) = (self.ops[op].prev.take(), self.ops[op].next.take());
        match prev {
            Some(p) => self.ops[p].next = next,
            None => self.blocks[block].first = next,
        }
        match next {
            Some(n) => self.ops[n].prev = prev,
            None => self.blocks[block].last = prev,
        }
    }

    /// Moves `op` to `at`.
    pub fn move_op(&mut self, op: OpId, at: InsertPoint) {
        self.detach_op(op);
        self.insert_op(op, at);
    }

    /// Moves every op of `from` to the end of `to` (MLIR's splice).
    pub fn splice_block_end(&mut self, from: BlockId, to: BlockId) {
        let mut cursor = self.blocks[from].first;
        while let Some(op) = cursor {
            cursor = self.ops[op].next;
            self.detach_op(op);
            self.insert_op(op, InsertPoint::BlockEnd(to));
        }
    }

    // ====================================================================
    // Erasing
    // ====================================================================

    /// Erases `op` and everything nested in it. Its results must be unused,
    /// except by ops nested in it.
    pub fn erase_op(&mut self, op: OpId) -> Result<(), IrError> {
        if !self
            .results(op)
            .all(|v| self.uses(v).all(|u| self.is_ancestor(op, u.op)))
        {
            return Err(IrError::ResultsInUse);
        }
        self.detach_op(op);
        self.destroy_op(op);
        Ok(())
    }

    fn destroy_op(&mut self, op: OpId) {
        // Drop every operand in the subtree first, so no dead op keeps a use alive.
        let mut nested = Vec::new();
        self.walk_postorder(op, &mut |o| nested.push(o));
        for &o in &nested {
            self.drop_operands(o);
            self.unlink_successors(o);
        }
        for &o in &nested {
            let regions = std::mem::take(&mut self.ops[o].regions);
            for region in regions {
                for block in self.regions[region].blocks.take() {
                    self.blocks[block].alive = false;
                    self.blocks[block].first = None;
                    self.blocks[block].last = None;
                }
                self.regions[region].op = None;
            }
            let data = &mut self.ops[o];
            data.alive = false;
            data.block = None;
            data.prev = None;
            data.next = None;
        }
    }

    /// Erases `block` and its ops (their results must be unused outside it).
    pub fn erase_block(&mut self, block: BlockId) {
        let ops: Vec<OpId> = self.block_ops(block).collect();
        for &op in ops.iter().rev() {
            self.drop_operands_recursive(op);
        }
        for op in ops.into_iter().rev() {
            self.detach_op(op);
            self.destroy_op(op);
        }
        self.detach_block(block);
        self.blocks[block].alive = false;
    }

    fn drop_operands_recursive(&mut self, op: OpId) {
        let mut nested = Vec::new();
        self.walk_postorder(op, &mut |o| nested.push(o));
        for o in nested {
            self.drop_operands(o);
        }
    }

    /// Erases every block of `region`.
    pub fn clear_region(&mut self, region: RegionId) {
        for block in self.regions[region]
            .blocks
            .as_slice()
            .to_vec()
            .into_iter()
            .rev()
        {
            self.erase_block(block);
        }
    }

    // ====================================================================
    // Moving whole regions
    // ====================================================================

    /// Moves all blocks of `from` to the end of `to`.
    pub fn take_region_body(&mut self, from: RegionId, to: RegionId) {
        let blocks = self.regions[from].blocks.take();
        for &block in &blocks {
            self.blocks[block].region = Some(to);
        }
        self.regions[to].blocks.items.extend(blocks);
    }
}

/// Iterator over the ops of a block.
pub struct BlockOps<'a> {
    ir: &'a Ir,
    next: Option<OpId>,
}

impl Iterator for BlockOps<'_> {
    type Item = OpId;
    #[inline]
    fn next(&mut self) -> Option<OpId> {
        let op = self.next?;
        self.next = self.ir.ops[op].next;
        Some(op)
    }
}

/// Iterator over the predecessors of a block ([`Ir::predecessors`]).
pub struct Predecessors<'a> {
    ir: &'a Ir,
    next: Option<BlockOperand>,
}

impl Iterator for Predecessors<'_> {
    type Item = BlockOperand;
    #[inline]
    fn next(&mut self) -> Option<BlockOperand> {
        let at = self.next?;
        self.next = self.ir.ops[at.op].successor_links[at.index as usize].next;
        Some(at)
    }
}

/// Iterator over the uses of a value.
pub struct Uses<'a> {
    ir: &'a Ir,
    next: Option<OpOperand>,
}

impl Iterator for Uses<'_> {
    type Item = OpOperand;
    #[inline]
    fn next(&mut self) -> Option<OpOperand> {
        let at = self.next?;
        self.next = self.ir.slot(at).next_use;
        Some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::EntityRef;

    #[test]
    fn block_list_removes_from_either_end_and_reuses_front_room() {
        let b = |i: usize| BlockId::new(i);
        let mut list = BlockList::default();
        for i in 0..8 {
            list.push(b(i));
        }
        list.remove(b(1)); // front half: the prefix moves right
        list.remove(b(6)); // back half: the suffix moves left
        list.remove(b(0));
        list.remove(b(42)); // absent: nothing happens
        let ids = |l: &BlockList| l.as_slice().iter().map(|x| x.index()).collect::<Vec<_>>();
        assert_eq!(ids(&list), [2, 3, 4, 5, 7]);
        list.insert(0, b(9)); // into the freed front room
        list.insert(2, b(8));
        assert_eq!(ids(&list), [9, 2, 8, 3, 4, 5, 7]);
        assert_eq!(
            list.take().iter().map(|x| x.index()).collect::<Vec<_>>(),
            [9, 2, 8, 3, 4, 5, 7]
        );
        assert!(list.as_slice().is_empty());
    }
}
