//! Patterns, pattern sets and the rewriter that patterns mutate IR through.

use crate::attributes::Location;
use crate::context::{Context, OpName};
use crate::ir::{BlockId, InsertPoint, Ir, OpId, OperationState, RegionId, Value};
use crate::types::Type;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// How much a pattern is preferred over others matching the same op.
pub type PatternBenefit = u16;

/// A pattern did not apply (MLIR's `failure()` from `matchAndRewrite`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct NoMatch;

/// `Ok(())` when the pattern rewrote the IR, `Err(NoMatch)` when it left it
/// untouched. A pattern must not change the IR and then report `NoMatch`.
pub type RewriteResult = Result<(), NoMatch>;

/// A rewrite rooted on one op name (or on any op).
pub trait RewritePattern: Send + Sync {
    /// The op name this pattern matches; `None` matches any op.
    fn root(&self) -> Option<OpName>;
    fn benefit(&self) -> PatternBenefit {
        1
    }
    /// A name for debugging and statistics.
    fn debug_name(&self) -> &str {
        std::any::type_name::<Self>()
    }
    /// Matches `op` and, on success, rewrites it through `rewriter`.
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter) -> RewriteResult;
}

/// A typed handle on one concrete op (what an op declaration generates):
/// its name and conversions from/to [`OpId`].
pub trait TypedOp: Copy {
    const NAME: &'static str;
    fn from_op(op: OpId) -> Self;
    fn op(self) -> OpId;
    /// The typed view of `op` if it is this op.
    #[inline]
    fn wrap_op(ctx: &Context, ir: &Ir, op: OpId) -> Option<Self> {
        (ctx.op_name_str(ir.op_name(op)) == Self::NAME).then(|| Self::from_op(op))
    }
}

/// A pattern on one concrete op, receiving the op already typed (MLIR's
/// `OpRewritePattern<OpTy>`). Add it with [`RewritePatternSet::add_op`].
pub trait OpRewritePattern: Send + Sync + 'static {
    type Op: TypedOp;
    fn benefit(&self) -> PatternBenefit {
        1
    }
    fn match_and_rewrite(&self, op: Self::Op, rewriter: &mut PatternRewriter) -> RewriteResult;
}

struct TypedPattern<P> {
    root: OpName,
    pattern: P,
}

impl<P: OpRewritePattern> RewritePattern for TypedPattern<P> {
    fn root(&self) -> Option<OpName> {
        Some(self.root)
    }
    fn benefit(&self) -> PatternBenefit {
        self.pattern.benefit()
    }
    fn debug_name(&self) -> &str {
        std::any::type_name::<P>()
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter) -> RewriteResult {
        self.pattern.match_and_rewrite(P::Op::from_op(op), rewriter)
    }
}

/// A typed pattern from a function (a row of a dialect's pattern table).
struct TypedFnPattern<O> {
    root: OpName,
    benefit: PatternBenefit,
    name: &'static str,
    f: fn(O, &mut PatternRewriter) -> RewriteResult,
}

impl<O: TypedOp + Send + Sync> RewritePattern for TypedFnPattern<O> {
    fn root(&self) -> Option<OpName> {
        Some(self.root)
    }
    fn benefit(&self) -> PatternBenefit {
        self.benefit
    }
    fn debug_name(&self) -> &str {
        self.name
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter) -> RewriteResult {
        (self.f)(O::from_op(op), rewriter)
    }
}

/// A pattern from a closure (handy in tests and small passes).
pub struct FnPattern<F> {
    root: Option<OpName>,
    benefit: PatternBenefit,
    name: &'static str,
    f: F,
}

impl<F> RewritePattern for FnPattern<F>
where
    F: Fn(OpId, &mut PatternRewriter) -> RewriteResult + Send + Sync,
{
    fn root(&self) -> Option<OpName> {
        self.root
    }
    fn benefit(&self) -> PatternBenefit {
        self.benefit
    }
    fn debug_name(&self) -> &str {
        self.name
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter) -> RewriteResult {
        (self.f)(op, rewriter)
    }
}

/// A list of patterns being assembled (MLIR's `RewritePatternSet`).
#[derive(Default)]
pub struct RewritePatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
}

impl RewritePatternSet {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn add(&mut self, pattern: impl RewritePattern + 'static) -> &mut Self {
        self.patterns.push(Box::new(pattern));
        self
    }
    pub fn add_boxed(&mut self, pattern: Box<dyn RewritePattern>) -> &mut Self {
        self.patterns.push(pattern);
        self
    }
    /// Adds a typed pattern on its op.
    pub fn add_op<P: OpRewritePattern>(&mut self, ctx: &Context, pattern: P) -> &mut Self {
        let root = ctx.op_name(P::Op::NAME);
        self.add(TypedPattern { root, pattern })
    }
    /// Adds a function of the typed op as a pattern on that op.
    pub fn add_op_fn<O: TypedOp + Send + Sync + 'static>(
        &mut self,
        ctx: &Context,
        benefit: PatternBenefit,
        name: &'static str,
        f: fn(O, &mut PatternRewriter) -> RewriteResult,
    ) -> &mut Self {
        let root = ctx.op_name(O::NAME);
        self.add(TypedFnPattern {
            root,
            benefit,
            name,
            f,
        })
    }
    /// Adds a closure as a pattern on `root` (`None`: any op).
    pub fn add_fn<F>(
        &mut self,
        root: Option<OpName>,
        benefit: PatternBenefit,
        name: &'static str,
        f: F,
    ) -> &mut Self
    where
        F: Fn(OpId, &mut PatternRewriter) -> RewriteResult + Send + Sync + 'static,
    {
        self.add(FnPattern {
            root,
            benefit,
            name,
            f,
        })
    }
    pub fn len(&self) -> usize {
        self.patterns.len()
    }
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
    /// The patterns, for filtering.
    pub fn into_patterns(self) -> Vec<Box<dyn RewritePattern>> {
        self.patterns
    }
    /// Adds the canonicalization patterns of every registered op.
    pub fn add_canonicalization_patterns(&mut self, ctx: &Context) -> &mut Self {
        for def in ctx.registered_ops() {
            if let Some(populate) = def.hooks.canonicalization_patterns {
                populate(ctx, self);
            }
        }
        self
    }
    pub fn freeze(self) -> FrozenPatternSet {
        FrozenPatternSet::new(self)
    }
}

/// Patterns indexed by root op, each list sorted by decreasing benefit with
/// the any-op patterns merged in (MLIR's `FrozenRewritePatternSet` plus the
/// `PatternApplicator` order). Shareable across threads.
pub struct FrozenPatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
    by_root: FxHashMap<OpName, Box<[u32]>>,
    any_op: Box<[u32]>,
}

impl FrozenPatternSet {
    fn new(set: RewritePatternSet) -> Self {
        let patterns = set.patterns;
        let (by_root, any_op) = index_by_root(patterns.iter().map(|p| (p.root(), p.benefit())));
        Self {
            patterns,
            by_root,
            any_op,
        }
    }

    /// The patterns to try on an op named `name`, best first.
    #[inline]
    pub fn for_op(&self, name: OpName) -> impl Iterator<Item = &dyn RewritePattern> + '_ {
        let ids: &[u32] = self.by_root.get(&name).unwrap_or(&self.any_op);
        ids.iter().map(|&i| &*self.patterns[i as usize])
    }
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
    pub fn len(&self) -> usize {
        self.patterns.len()
    }
}

/// Pattern indices by root op name.
pub(crate) type RootIndex = FxHashMap<OpName, Box<[u32]>>;

/// Indexes patterns, given as `(root, benefit)` in insertion order, by
/// root op: each root's list holds its own patterns and the any-op ones,
/// by decreasing benefit (stable: equal benefits keep insertion order).
/// Returns the per-root lists and the any-op list.
pub(crate) fn index_by_root(
    patterns: impl Iterator<Item = (Option<OpName>, PatternBenefit)>,
) -> (RootIndex, Box<[u32]>) {
    let patterns: Vec<(Option<OpName>, PatternBenefit)> = patterns.collect();
    let by_benefit = |ids: &mut Vec<u32>| {
        ids.sort_by_key(|&i| std::cmp::Reverse(patterns[i as usize].1));
    };
    let mut any: Vec<u32> = Vec::new();
    let mut rooted: FxHashMap<OpName, Vec<u32>> = FxHashMap::default();
    for (i, (root, _)) in patterns.iter().enumerate() {
        match root {
            Some(name) => rooted.entry(*name).or_default().push(i as u32),
            None => any.push(i as u32),
        }
    }
    let by_root = rooted
        .into_iter()
        .map(|(name, mut ids)| {
            ids.extend_from_slice(&any);
            by_benefit(&mut ids);
            (name, ids.into_boxed_slice())
        })
        .collect();
    by_benefit(&mut any);
    (by_root, any.into_boxed_slice())
}

/// Observes IR changes made through a [`PatternRewriter`] (MLIR's
/// `RewriterBase::Listener`). Every method has an empty default.
pub trait RewriteListener {
    /// `op` was created or moved to a new place.
    fn notify_op_inserted(&mut self, _ir: &Ir, _op: OpId) {}
    fn notify_block_inserted(&mut self, _ir: &Ir, _block: BlockId) {}
    /// `op` was changed in place (operands, attributes, regions).
    fn notify_op_modified(&mut self, _ir: &Ir, _op: OpId) {}
    /// The results of `op` are about to be replaced by `values`.
    fn notify_op_replaced(&mut self, _ir: &Ir, _op: OpId, _values: &[Value]) {}
    /// `op` is about to be erased (it is still intact).
    fn notify_op_erased(&mut self, _ir: &Ir, _op: OpId) {}
    fn notify_block_erased(&mut self, _ir: &Ir, _block: BlockId) {}
    /// A pattern reported why it did not match.
    fn notify_match_failure(&mut self, _op: OpId, _reason: &dyn Fn() -> String) {}
}

/// A listener that ignores everything.
pub struct NoListener;
impl RewriteListener for NoListener {}

/// The only way patterns change IR, so drivers can track every change.
pub struct PatternRewriter<'a> {
    ctx: &'a Context,
    ir: &'a mut Ir,
    listener: &'a mut dyn RewriteListener,
    insertion: InsertPoint,
    /// The location typed builders give the ops they create: the drivers
    /// set it to the root op's before each pattern runs (MLIR patterns
    /// pass `op->getLoc()` to every `create`).
    loc: Location,
}

impl<'a> PatternRewriter<'a> {
    pub fn new(ctx: &'a Context, ir: &'a mut Ir, listener: &'a mut dyn RewriteListener) -> Self {
        Self {
            ctx,
            ir,
            listener,
            insertion: InsertPoint::Detached,
            loc: ctx.unknown_loc(),
        }
    }

    /// The location of ops created through typed builders.
    pub fn loc(&self) -> Location {
        self.loc
    }
    pub fn set_loc(&mut self, loc: Location) {
        self.loc = loc;
    }

    #[inline]
    pub fn ctx(&self) -> &'a Context {
        self.ctx
    }
    /// Read access to the IR.
    #[inline]
    pub fn ir(&self) -> &Ir {
        self.ir
    }
    /// Mutable access for changes the listener does not need to hear about
    /// (for instance on ops this pattern just created and has not inserted).
    /// Prefer the notifying methods.
    pub fn ir_mut_unnotified(&mut self) -> &mut Ir {
        self.ir
    }

    // --- insertion point -------------------------------------------------

    pub fn set_insertion_point(&mut self, at: InsertPoint) {
        self.insertion = at;
    }
    pub fn insertion_point(&self) -> InsertPoint {
        self.insertion
    }
    /// Sets the insertion point before `op`.
    pub fn set_insertion_point_before(&mut self, op: OpId) {
        self.insertion = InsertPoint::Before(op);
    }
    pub fn set_insertion_point_after(&mut self, op: OpId) {
        self.insertion = InsertPoint::After(op);
    }

    // --- creating ---------------------------------------------------------

    /// Creates an op at the insertion point. The insertion point stays
    /// before the next op, so consecutive creations come out in order.
    pub fn create_op(&mut self, state: OperationState) -> OpId {
        let at = self.insertion;
        let op = self.ir.create_op(state, at);
        if let InsertPoint::After(_) = at {
            self.insertion = InsertPoint::After(op);
        }
        if at != InsertPoint::Detached {
            self.listener.notify_op_inserted(self.ir, op);
        }
        op
    }
    /// Creates an op at an explicit place.
    pub fn create_op_at(&mut self, state: OperationState, at: InsertPoint) -> OpId {
        let op = self.ir.create_op(state, at);
        if at != InsertPoint::Detached {
            self.listener.notify_op_inserted(self.ir, op);
        }
        op
    }
    /// A one-result op of `name` at the insertion point; returns its result.
    pub fn create_value(
        &mut self,
        name: &str,
        loc: Location,
        operands: &[Value],
        result: Type,
    ) -> Value {
        let mut state = OperationState::new(self.ctx, name, loc);
        state.operands.extend_from_slice(operands);
        state.result_types.push(result);
        let op = self.create_op(state);
        self.ir.result(op, 0)
    }
    /// Links a detached op (built with `create_op_at(.., Detached)`) in at `at`.
    pub fn insert_op(&mut self, op: OpId, at: InsertPoint) {
        self.ir.insert_op(op, at);
        self.listener.notify_op_inserted(self.ir, op);
    }
    /// Creates a block at the end of `region`.
    pub fn create_block(&mut self, region: RegionId, arg_types: &[Type]) -> BlockId {
        let block = self.ir.append_block(region, arg_types);
        self.listener.notify_block_inserted(self.ir, block);
        block
    }

    // --- replacing and erasing ---------------------------------------------

    /// Makes every use of `from` read `to`, notifying each user as modified.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        let users: SmallVec<[OpId; 8]> = self.ir.users(from).collect();
        self.ir.replace_all_uses_with(from, to);
        for user in users {
            self.listener.notify_op_modified(self.ir, user);
        }
    }

    /// Replaces the results of `op` with `values` and erases `op`.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        assert_eq!(
            self.ir.num_results(op),
            values.len(),
            "replace_op: replacement count differs from result count"
        );
        self.listener.notify_op_replaced(self.ir, op, values);
        for (index, &to) in values.iter().enumerate() {
            let from = self.ir.result(op, index);
            self.replace_all_uses_with(from, to);
        }
        self.erase_op(op);
    }

    /// Creates an op from `state` before `op` and replaces `op` with its results.
    pub fn replace_op_with_new(&mut self, op: OpId, state: OperationState) -> OpId {
        let new_op = self.create_op_at(state, InsertPoint::Before(op));
        let results: SmallVec<[Value; 4]> = self.ir.results(new_op).collect();
        self.replace_op(op, &results);
        new_op
    }

    /// Erases `op` and what it contains; its results must be unused.
    pub fn erase_op(&mut self, op: OpId) {
        // Nested ops are announced first, innermost first, as MLIR does.
        if !self.ir.regions(op).is_empty() {
            let mut nested = Vec::new();
            self.ir.walk_postorder(op, &mut |o| nested.push(o));
            nested.pop();
            for inner in nested {
                self.listener.notify_op_erased(self.ir, inner);
            }
        }
        self.listener.notify_op_erased(self.ir, op);
        self.ir
            .erase_op(op)
            .expect("erase_op: results still in use");
    }

    /// Erases `block` and its ops.
    pub fn erase_block(&mut self, block: BlockId) {
        let ops: SmallVec<[OpId; 8]> = self.ir.block_ops(block).collect();
        for &op in ops.iter().rev() {
            let mut nested = Vec::new();
            self.ir.walk_postorder(op, &mut |o| nested.push(o));
            for inner in nested {
                self.listener.notify_op_erased(self.ir, inner);
            }
        }
        self.listener.notify_block_erased(self.ir, block);
        self.ir.erase_block(block);
    }

    // --- modifying in place -------------------------------------------------

    /// Runs `f` to change `op` in place, then notifies the listener.
    pub fn modify_op_in_place<R>(&mut self, op: OpId, f: impl FnOnce(&mut Ir) -> R) -> R {
        let result = f(self.ir);
        self.listener.notify_op_modified(self.ir, op);
        result
    }

    /// Moves `op` before `anchor`.
    pub fn move_op_before(&mut self, op: OpId, anchor: OpId) {
        self.ir.move_op(op, InsertPoint::Before(anchor));
        self.listener.notify_op_inserted(self.ir, op);
    }
    /// Moves `op` after `anchor`.
    pub fn move_op_after(&mut self, op: OpId, anchor: OpId) {
        self.ir.move_op(op, InsertPoint::After(anchor));
        self.listener.notify_op_inserted(self.ir, op);
    }

    // --- regions and blocks ---------------------------------------------------

    /// Moves every block of `region` into `dest`, before position `index`.
    pub fn inline_region_before(&mut self, region: RegionId, dest: RegionId, index: usize) {
        let blocks: Vec<BlockId> = self.ir.region_blocks(region).to_vec();
        for (offset, &block) in blocks.iter().enumerate() {
            self.ir.detach_block(block);
            self.ir.insert_block(dest, index + offset, block);
            self.listener.notify_block_inserted(self.ir, block);
        }
    }

    /// Moves the ops of `source` before `anchor`, replacing the block's
    /// arguments with `args`, and erases the emptied `source` block.
    pub fn inline_block_before(&mut self, source: BlockId, anchor: OpId, args: &[Value]) {
        self.replace_block_args(source, args);
        let ops: SmallVec<[OpId; 8]> = self.ir.block_ops(source).collect();
        for op in ops {
            self.ir.move_op(op, InsertPoint::Before(anchor));
            self.listener.notify_op_inserted(self.ir, op);
        }
        self.listener.notify_block_erased(self.ir, source);
        self.ir.erase_block(source);
    }

    /// Replaces `op` by the body of `block` (one of its regions' blocks):
    /// the ops move before `op` with `args` for the block's arguments,
    /// `op`'s results become the operands of the block's terminator, which
    /// goes. The operands are read after the move, so a terminator that
    /// returns one of the block's arguments (a loop's induction variable)
    /// returns its replacement.
    pub fn replace_op_with_block(&mut self, op: OpId, block: BlockId, args: &[Value]) {
        let terminator = self.ir.last_op(block).expect("a terminated block");
        self.inline_block_before(block, op, args);
        let values: SmallVec<[Value; 4]> = self.ir.operands(terminator).collect();
        self.erase_op(terminator);
        self.replace_op(op, &values);
    }

    /// Moves the ops of `source` to the end of `dest`, replacing the block's
    /// arguments with `args`, and erases `source` (MLIR's `mergeBlocks`).
    pub fn merge_blocks(&mut self, source: BlockId, dest: BlockId, args: &[Value]) {
        self.replace_block_args(source, args);
        let ops: SmallVec<[OpId; 8]> = self.ir.block_ops(source).collect();
        for op in ops {
            self.ir.move_op(op, InsertPoint::BlockEnd(dest));
            self.listener.notify_op_inserted(self.ir, op);
        }
        self.listener.notify_block_erased(self.ir, source);
        self.ir.erase_block(source);
    }

    fn replace_block_args(&mut self, block: BlockId, args: &[Value]) {
        let params: SmallVec<[Value; 4]> = self.ir.block_args(block).iter().copied().collect();
        assert_eq!(params.len(), args.len(), "block argument count mismatch");
        for (from, &to) in params.into_iter().zip(args) {
            self.replace_all_uses_with(from, to);
        }
    }

    /// Reports why a pattern did not match; returns `Err(NoMatch)` to return.
    pub fn notify_match_failure(&mut self, op: OpId, reason: &str) -> RewriteResult {
        self.listener
            .notify_match_failure(op, &|| reason.to_string());
        Err(NoMatch)
    }
}
