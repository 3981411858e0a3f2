//! Dialect conversion (MLIR's `DialectConversion`): rewrite the ops of a
//! region until every op is legal for a [`ConversionTarget`].
//!
//! The pieces, as in MLIR:
//!
//! - [`ConversionTarget`]: which ops are legal, illegal or dynamically
//!   legal (a predicate), by op name, by dialect, or for every op no rule
//!   names ([`ConversionTarget::mark_unknown_operations_dynamically_legal`]).
//!   A legal op may be marked recursively legal: what it contains is left
//!   alone.
//! - [`ConversionPattern`]: a pattern that receives, next to the op, its
//!   operands already remapped to the converted values (MLIR's adaptor):
//!   when an earlier pattern replaced a value by one of another type, the
//!   pattern sees the new value; when the pattern has a [`TypeConverter`],
//!   each operand comes with the converter's type, a target
//!   materialization being inserted when needed.
//! - [`TypeConverter`]: type conversions (tried newest first), block
//!   signature conversion for regions
//!   ([`ConversionPatternRewriter::convert_region_types`]), and source and
//!   target materializations. The default materialization of both kinds is
//!   `builtin.unrealized_conversion_cast`.
//! - [`apply_partial_conversion`] (ops that stay illegal are fine unless
//!   explicitly illegal) and [`apply_full_conversion`] (every op must end up
//!   legal), failing with MLIR's messages.
//! - [`reconcile_unrealized_casts`]: erases dead casts and cast chains that
//!   cancel (`A -> B -> A`), what the `reconcile-unrealized-casts` pass runs.
//!
//! # How an op is legalized
//!
//! Ops are collected in pre-order (children of recursively legal ops are
//! skipped), then each is legalized: nothing to do when it is legal (or a
//! materialization the driver made); otherwise it is folded when it can be
//! (constants its dialect materializes must themselves be legal), else the
//! patterns rooted on its name (and on any op) are tried, best benefit
//! first. A pattern that applied must have replaced, erased or modified
//! its root; the ops it created and the ops it modified in place are then
//! legalized in turn, recursively. A pattern is not applied again to the
//! ops it generated, directly or not, unless it says its recursion is
//! bounded.
//!
//! Replacing a value by one of another type does not touch the users: the
//! driver inserts a cast from the new value to the old type (a source
//! materialization, still unresolved) and the users keep reading the old
//! type. Patterns that convert the users look through such casts (the
//! adaptor). When the conversion is over, unresolved casts nobody reads
//! any more are erased, chains that cancel are folded, and the remaining
//! ones are built by the type converter's materialization callbacks, or
//! stay `builtin.unrealized_conversion_cast` (MLIR's default
//! materialization) for a later `reconcile-unrealized-casts` or lowering.
//!
//! # No rollback
//!
//! MLIR's original driver records every change and undoes a pattern whose
//! result cannot be legalized, then tries the next pattern. Strata's
//! driver, like MLIR 22's no-rollback mode (`allowPatternRollback =
//! false`), applies changes at once and never undoes them:
//!
//! - a pattern must decide whether it applies before it changes anything
//!   (the contract of [`RewritePattern`] already): returning
//!   `Err(NoMatch)` after a change is a bug;
//! - once a pattern applied, what it produced must be legalizable; if not,
//!   the conversion fails with "pattern '...' produced IR that could not be
//!   legalized", and the IR is left as the pattern made it (valid, but half
//!   converted): the pass fails, the caller must drop the IR;
//! - the only changes the driver itself makes before a pattern applies are
//!   target materializations for the adaptor; those nobody ends up reading
//!   are erased at the end.
//!
//! So MLIR's cost model (ordering patterns by how many steps they need to
//! reach legal ops) is not needed either: the first pattern that matches
//! wins, by benefit. Type conversions are one-to-one (MLIR's 1:N and 1:0
//! conversions are not supported).

use super::pattern::{index_by_root, NoMatch, PatternBenefit, PatternRewriter, RewriteListener};
use super::pattern::{RewritePattern, RewriteResult};
use crate::attributes::{Attribute, Location};
use crate::context::{Context, OpName};
use crate::diagnostics::Diagnostic;
use crate::entity::EntityRef;
use crate::fold::{constant_value, fold_op, has_folder, FoldOutcome, OpFoldResult};
use crate::ir::{BlockId, InsertPoint, Ir, OpId, OperationState, RegionId, Value};
use crate::types::Type;
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// The name of the cast op materializations default to.
pub const UNREALIZED_CAST: &str = "builtin.unrealized_conversion_cast";

// =========================================================================
// Conversion target
// =========================================================================

/// What the target says about an op (MLIR's `LegalizationAction`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LegalizationAction {
    Legal,
    /// Legal when the predicate says so.
    Dynamic,
    Illegal,
}

/// Decides dynamic legality of one op.
pub type LegalityFn = Arc<dyn Fn(&Context, &Ir, OpId) -> bool + Send + Sync>;

#[derive(Clone)]
struct LegalityRule {
    action: LegalizationAction,
    predicate: Option<LegalityFn>,
    /// Legal ops whose nested ops are not converted.
    recursive: bool,
}

/// Which ops a conversion must produce (MLIR's `ConversionTarget`).
/// Rules by op name win over rules by dialect, which win over the
/// predicate for unknown ops; an op no rule covers has unknown legality.
pub struct ConversionTarget<'c> {
    ctx: &'c Context,
    ops: FxHashMap<OpName, LegalityRule>,
    dialects: FxHashMap<String, LegalityRule>,
    unknown: Option<LegalityFn>,
}

impl<'c> ConversionTarget<'c> {
    pub fn new(ctx: &'c Context) -> Self {
        Self {
            ctx,
            ops: FxHashMap::default(),
            dialects: FxHashMap::default(),
            unknown: None,
        }
    }

    fn set_op(&mut self, name: &str, action: LegalizationAction, predicate: Option<LegalityFn>) {
        let key = self.ctx.op_name(name);
        self.ops.insert(
            key,
            LegalityRule {
                action,
                predicate,
                recursive: false,
            },
        );
    }
    fn set_dialect(
        &mut self,
        name: &str,
        action: LegalizationAction,
        predicate: Option<LegalityFn>,
    ) {
        self.dialects.insert(
            name.to_string(),
            LegalityRule {
                action,
                predicate,
                recursive: false,
            },
        );
    }

    pub fn add_legal_op(&mut self, name: &str) -> &mut Self {
        self.set_op(name, LegalizationAction::Legal, None);
        self
    }
    pub fn add_illegal_op(&mut self, name: &str) -> &mut Self {
        self.set_op(name, LegalizationAction::Illegal, None);
        self
    }
    /// `name` is legal when `predicate` holds.
    pub fn add_dynamically_legal_op(
        &mut self,
        name: &str,
        predicate: impl Fn(&Context, &Ir, OpId) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.set_op(name, LegalizationAction::Dynamic, Some(Arc::new(predicate)));
        self
    }
    pub fn add_legal_dialect(&mut self, dialect: &str) -> &mut Self {
        self.set_dialect(dialect, LegalizationAction::Legal, None);
        self
    }
    pub fn add_illegal_dialect(&mut self, dialect: &str) -> &mut Self {
        self.set_dialect(dialect, LegalizationAction::Illegal, None);
        self
    }
    pub fn add_dynamically_legal_dialect(
        &mut self,
        dialect: &str,
        predicate: impl Fn(&Context, &Ir, OpId) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.set_dialect(
            dialect,
            LegalizationAction::Dynamic,
            Some(Arc::new(predicate)),
        );
        self
    }
    /// Ops no rule names are legal when `predicate` holds (MLIR's
    /// `markUnknownOpDynamicallyLegal`).
    pub fn mark_unknown_operations_dynamically_legal(
        &mut self,
        predicate: impl Fn(&Context, &Ir, OpId) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.unknown = Some(Arc::new(predicate));
        self
    }
    /// The ops nested in a legal `name` op are legal too, and not visited
    /// (MLIR's `markOpRecursivelyLegal`). `name` must be marked legal or
    /// dynamically legal first.
    pub fn mark_op_recursively_legal(&mut self, name: &str) -> &mut Self {
        let key = self.ctx.op_name(name);
        if let Some(rule) = self.ops.get_mut(&key) {
            rule.recursive = true;
        }
        self
    }

    fn rule(&self, name: OpName) -> Option<LegalityRule> {
        if let Some(rule) = self.ops.get(&name) {
            return Some(rule.clone());
        }
        if !self.dialects.is_empty() {
            if let Some(rule) = self.dialects.get(self.ctx.op_dialect_prefix(name)) {
                return Some(rule.clone());
            }
        }
        self.unknown.as_ref().map(|predicate| LegalityRule {
            action: LegalizationAction::Dynamic,
            predicate: Some(predicate.clone()),
            recursive: false,
        })
    }

    /// The action for ops named `name`, if any rule covers them.
    pub fn op_action(&self, name: OpName) -> Option<LegalizationAction> {
        self.rule(name).map(|r| r.action)
    }

    /// `Some(recursively_legal)` when `op` is legal.
    pub fn legality(&self, ir: &Ir, op: OpId) -> Option<bool> {
        let rule = self.rule(ir.op_name(op))?;
        let legal = match rule.action {
            LegalizationAction::Legal => true,
            LegalizationAction::Illegal => false,
            LegalizationAction::Dynamic => {
                rule.predicate.as_ref().is_some_and(|p| p(self.ctx, ir, op))
            }
        };
        legal.then_some(rule.recursive)
    }

    pub fn is_legal(&self, ir: &Ir, op: OpId) -> bool {
        self.legality(ir, op).is_some()
    }

    /// Whether `op` is explicitly illegal (marked illegal, or dynamically
    /// legal and its predicate fails); unknown ops are not.
    pub fn is_illegal(&self, ir: &Ir, op: OpId) -> bool {
        let Some(rule) = self.rule(ir.op_name(op)) else {
            return false;
        };
        match rule.action {
            LegalizationAction::Legal => false,
            LegalizationAction::Illegal => true,
            LegalizationAction::Dynamic => {
                !rule.predicate.as_ref().is_some_and(|p| p(self.ctx, ir, op))
            }
        }
    }
}

// =========================================================================
// Type converter
// =========================================================================

/// Builds a value of type `ty` from `inputs` at `at`, or declines.
pub type MaterializationFn = Box<
    dyn Fn(&Context, &mut Ir, InsertPoint, Type, &[Value], Location) -> Option<Value> + Send + Sync,
>;

/// One type conversion: `Some(new)` converts, `None` passes.
type ConversionFnBox = Box<dyn Fn(&Context, Type) -> Option<Type> + Send + Sync>;

/// Converts types, block signatures, and builds the casts between old and
/// new types (MLIR's `TypeConverter`). Conversions are tried from the
/// newest to the oldest; the first that returns `Some` decides. A type no
/// conversion handles cannot be converted.
#[derive(Default)]
pub struct TypeConverter {
    conversions: Vec<ConversionFnBox>,
    source_materializations: Vec<MaterializationFn>,
    target_materializations: Vec<MaterializationFn>,
}

impl TypeConverter {
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a conversion: `Some(new)` converts (possibly to itself),
    /// `None` leaves the type to older conversions.
    pub fn add_conversion(
        &mut self,
        f: impl Fn(&Context, Type) -> Option<Type> + Send + Sync + 'static,
    ) -> &mut Self {
        self.conversions.push(Box::new(f));
        self
    }
    /// Every type converts to itself (add first, then the real conversions).
    pub fn add_identity_conversion(&mut self) -> &mut Self {
        self.add_conversion(|_, t| Some(t))
    }
    /// Builds a value of an old type from converted values (used when a
    /// value was replaced but some user still reads the old type).
    pub fn add_source_materialization(
        &mut self,
        f: impl Fn(&Context, &mut Ir, InsertPoint, Type, &[Value], Location) -> Option<Value>
            + Send
            + Sync
            + 'static,
    ) -> &mut Self {
        self.source_materializations.push(Box::new(f));
        self
    }
    /// Builds a value of a converted type from an unconverted value (used
    /// when a pattern needs an operand that was not converted).
    pub fn add_target_materialization(
        &mut self,
        f: impl Fn(&Context, &mut Ir, InsertPoint, Type, &[Value], Location) -> Option<Value>
            + Send
            + Sync
            + 'static,
    ) -> &mut Self {
        self.target_materializations.push(Box::new(f));
        self
    }

    /// The converted type, or `None` when no conversion handles `ty`.
    pub fn convert_type(&self, ctx: &Context, ty: Type) -> Option<Type> {
        self.conversions.iter().rev().find_map(|f| f(ctx, ty))
    }
    /// Converts every type, or none.
    pub fn convert_types(
        &self,
        ctx: &Context,
        types: impl IntoIterator<Item = Type>,
    ) -> Option<SmallVec<[Type; 4]>> {
        types
            .into_iter()
            .map(|t| self.convert_type(ctx, t))
            .collect()
    }
    /// Whether `ty` converts to itself.
    pub fn is_legal_type(&self, ctx: &Context, ty: Type) -> bool {
        self.convert_type(ctx, ty) == Some(ty)
    }
    /// Whether every operand and result type of `op` is legal (MLIR's
    /// `TypeConverter::isLegal(Operation *)`).
    pub fn is_legal_op(&self, ctx: &Context, ir: &Ir, op: OpId) -> bool {
        ir.operands(op)
            .chain(ir.results(op))
            .all(|v| self.is_legal_type(ctx, ir.value_type(v)))
    }
    /// Whether every block argument of `region` has a legal type.
    pub fn is_legal_region(&self, ctx: &Context, ir: &Ir, region: RegionId) -> bool {
        ir.region_blocks(region).iter().all(|&b| {
            ir.block_args(b)
                .iter()
                .all(|&a| self.is_legal_type(ctx, ir.value_type(a)))
        })
    }
    /// Whether the inputs and results of a function type are legal
    /// (MLIR's `isSignatureLegal`).
    pub fn is_signature_legal(&self, ctx: &Context, function_type: Type) -> bool {
        match ctx.function_signature(function_type) {
            Some((inputs, results)) => inputs
                .iter()
                .chain(results)
                .all(|&t| self.is_legal_type(ctx, t)),
            None => false,
        }
    }
    /// The function type with inputs and results converted.
    pub fn convert_function_type(&self, ctx: &Context, function_type: Type) -> Option<Type> {
        let (inputs, results) = ctx.function_signature(function_type)?;
        let inputs = self.convert_types(ctx, inputs.iter().copied())?;
        let results = self.convert_types(ctx, results.iter().copied())?;
        Some(ctx.function_type(&inputs, &results))
    }

    #[allow(clippy::too_many_arguments)]
    fn materialize(
        &self,
        kind: MaterializationKind,
        ctx: &Context,
        ir: &mut Ir,
        at: InsertPoint,
        ty: Type,
        inputs: &[Value],
        loc: Location,
    ) -> Option<Value> {
        let callbacks = match kind {
            MaterializationKind::Source => &self.source_materializations,
            MaterializationKind::Target => &self.target_materializations,
        };
        callbacks
            .iter()
            .rev()
            .find_map(|f| f(ctx, ir, at, ty, inputs, loc))
    }
}

// =========================================================================
// Patterns
// =========================================================================

/// A pattern for the conversion driver (MLIR's `ConversionPattern`).
pub trait ConversionPattern: Send + Sync {
    /// The op name this pattern matches; `None` matches any op.
    fn root(&self) -> Option<OpName>;
    fn benefit(&self) -> PatternBenefit {
        1
    }
    fn debug_name(&self) -> &str {
        std::any::type_name::<Self>()
    }
    /// The converter the operands are converted with; without one, the
    /// operands are the latest replacements of the op's operands, of
    /// whatever type they have.
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        None
    }
    /// Whether this pattern may apply to ops it (indirectly) generated
    /// (MLIR's `hasBoundedRewriteRecursion`).
    fn has_bounded_rewrite_recursion(&self) -> bool {
        false
    }
    /// Matches `op` and, on success, rewrites it through `rewriter`;
    /// `operands` are the op's operands remapped (the adaptor).
    fn match_and_rewrite(
        &self,
        op: OpId,
        operands: &[Value],
        rewriter: &mut ConversionPatternRewriter,
    ) -> RewriteResult;
}

type ConversionFn =
    dyn Fn(OpId, &[Value], &mut ConversionPatternRewriter) -> RewriteResult + Send + Sync;

/// A conversion pattern from a closure.
struct FnConversionPattern {
    root: Option<OpName>,
    benefit: PatternBenefit,
    name: &'static str,
    converter: Option<Arc<TypeConverter>>,
    f: Box<ConversionFn>,
}

impl ConversionPattern for FnConversionPattern {
    fn root(&self) -> Option<OpName> {
        self.root
    }
    fn benefit(&self) -> PatternBenefit {
        self.benefit
    }
    fn debug_name(&self) -> &str {
        self.name
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        self.converter.as_ref()
    }
    fn match_and_rewrite(
        &self,
        op: OpId,
        operands: &[Value],
        rewriter: &mut ConversionPatternRewriter,
    ) -> RewriteResult {
        (self.f)(op, operands, rewriter)
    }
}

/// A plain rewrite pattern used in a conversion: it sees the op's own
/// operands (MLIR allows `RewritePattern`s in conversion pattern sets).
struct PlainPattern(Box<dyn RewritePattern>);

impl ConversionPattern for PlainPattern {
    fn root(&self) -> Option<OpName> {
        self.0.root()
    }
    fn benefit(&self) -> PatternBenefit {
        self.0.benefit()
    }
    fn debug_name(&self) -> &str {
        self.0.debug_name()
    }
    fn match_and_rewrite(
        &self,
        op: OpId,
        _operands: &[Value],
        rewriter: &mut ConversionPatternRewriter,
    ) -> RewriteResult {
        self.0.match_and_rewrite(op, &mut rewriter.rewriter)
    }
}

/// Conversion patterns being assembled.
#[derive(Default)]
pub struct ConversionPatternSet {
    patterns: Vec<Box<dyn ConversionPattern>>,
}

impl ConversionPatternSet {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn add(&mut self, pattern: impl ConversionPattern + 'static) -> &mut Self {
        self.patterns.push(Box::new(pattern));
        self
    }
    /// Adds a plain rewrite pattern (it sees the op's original operands).
    pub fn add_rewrite_pattern(&mut self, pattern: Box<dyn RewritePattern>) -> &mut Self {
        self.patterns.push(Box::new(PlainPattern(pattern)));
        self
    }
    /// Adds a closure as a pattern on `root` (`None`: any op), converting
    /// operands with `converter` if given.
    pub fn add_fn(
        &mut self,
        root: Option<OpName>,
        benefit: PatternBenefit,
        name: &'static str,
        converter: Option<Arc<TypeConverter>>,
        f: impl Fn(OpId, &[Value], &mut ConversionPatternRewriter) -> RewriteResult
            + Send
            + Sync
            + 'static,
    ) -> &mut Self {
        self.add(FnConversionPattern {
            root,
            benefit,
            name,
            converter,
            f: Box::new(f),
        })
    }
    pub fn len(&self) -> usize {
        self.patterns.len()
    }
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
    pub fn freeze(self) -> FrozenConversionPatternSet {
        let (by_root, any_op) =
            index_by_root(self.patterns.iter().map(|p| (p.root(), p.benefit())));
        FrozenConversionPatternSet {
            patterns: self.patterns,
            by_root,
            any_op,
        }
    }
}

/// Conversion patterns indexed by root op, best benefit first.
pub struct FrozenConversionPatternSet {
    patterns: Vec<Box<dyn ConversionPattern>>,
    by_root: FxHashMap<OpName, Box<[u32]>>,
    any_op: Box<[u32]>,
}

impl FrozenConversionPatternSet {
    /// Pattern indices to try on an op named `name`, best first.
    fn for_op(&self, name: OpName) -> &[u32] {
        self.by_root.get(&name).unwrap_or(&self.any_op)
    }
    pub fn len(&self) -> usize {
        self.patterns.len()
    }
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
}

// =========================================================================
// The rewriter patterns convert through
// =========================================================================

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum MaterializationKind {
    /// Converted value(s) to an old type, for users not converted (yet).
    Source,
    /// An unconverted value to a converted type, for a pattern's operands.
    Target,
}

/// A cast the driver inserted and has not resolved yet (MLIR's
/// `UnresolvedMaterializationRewrite`).
struct Materialization {
    kind: MaterializationKind,
    converter: Option<Arc<TypeConverter>>,
}

/// What the driver knows across patterns.
#[derive(Default)]
struct ConversionState {
    /// Unresolved materializations, by cast op, in creation order.
    materializations: FxHashMap<OpId, Materialization>,
    order: Vec<OpId>,
    /// Target materializations already made: (value, type) -> cast result.
    target_casts: FxHashMap<(Value, Type), Value>,
}

impl ConversionState {
    #[allow(clippy::too_many_arguments)]
    fn create_cast(
        &mut self,
        ctx: &Context,
        ir: &mut Ir,
        inputs: &[Value],
        ty: Type,
        loc: Location,
        at: InsertPoint,
        kind: MaterializationKind,
        converter: Option<&Arc<TypeConverter>>,
    ) -> Value {
        let mut state = OperationState::new(ctx, UNREALIZED_CAST, loc);
        state.operands.extend_from_slice(inputs);
        state.result_types.push(ty);
        let cast = ir.create_op(state, at);
        self.materializations.insert(
            cast,
            Materialization {
                kind,
                converter: converter.cloned(),
            },
        );
        self.order.push(cast);
        ir.result(cast, 0)
    }

    /// The value `value` stands for: through the source materializations
    /// (converted value -> old type) the driver inserted (MLIR's
    /// `lookupOrDefault`).
    fn remapped(&self, ir: &Ir, mut value: Value) -> Value {
        while let Some(cast) = ir.defining_op(value) {
            match self.materializations.get(&cast) {
                Some(m) if m.kind == MaterializationKind::Source && ir.num_operands(cast) == 1 => {
                    value = ir.operand(cast, 0);
                }
                _ => break,
            }
        }
        value
    }

    /// The operands a pattern sees (the adaptor): remapped, and converted
    /// to `converter`'s types when it has one (target materializations are
    /// inserted before `op`). `None` when an operand type does not convert.
    fn adaptor_operands(
        &mut self,
        ctx: &Context,
        ir: &mut Ir,
        op: OpId,
        converter: Option<&Arc<TypeConverter>>,
        out: &mut SmallVec<[Value; 4]>,
    ) -> Option<()> {
        out.clear();
        for index in 0..ir.num_operands(op) {
            let original = ir.operand(op, index);
            let mapped = self.remapped(ir, original);
            let Some(converter) = converter else {
                out.push(mapped);
                continue;
            };
            let wanted = converter.convert_type(ctx, ir.value_type(original))?;
            if ir.value_type(mapped) == wanted {
                out.push(mapped);
            } else if ir.value_type(original) == wanted {
                out.push(original);
            } else if let Some(&cast) = self
                .target_casts
                .get(&(mapped, wanted))
                .filter(|&&c| ir.defining_op(c).is_some_and(|d| ir.is_alive(d)))
            {
                out.push(cast);
            } else {
                let loc = ir.op_loc(op);
                let cast = self.create_cast(
                    ctx,
                    ir,
                    &[mapped],
                    wanted,
                    loc,
                    InsertPoint::Before(op),
                    MaterializationKind::Target,
                    Some(converter),
                );
                self.target_casts.insert((mapped, wanted), cast);
                out.push(cast);
            }
        }
        Some(())
    }
}

/// Records what a pattern did, for legalizing its results.
#[derive(Default)]
struct ConversionListener {
    inserted: Vec<OpId>,
    modified: Vec<OpId>,
    erased: FxHashSet<OpId>,
}

impl RewriteListener for ConversionListener {
    fn notify_op_inserted(&mut self, _ir: &Ir, op: OpId) {
        self.inserted.push(op);
    }
    fn notify_op_modified(&mut self, _ir: &Ir, op: OpId) {
        self.modified.push(op);
    }
    fn notify_op_erased(&mut self, _ir: &Ir, op: OpId) {
        self.erased.insert(op);
    }
}

/// The rewriter conversion patterns use (MLIR's
/// `ConversionPatternRewriter`). It is a [`PatternRewriter`] (through
/// `Deref`) whose replacements accept values of other types, plus
/// block-signature conversion and access to the value mapping.
pub struct ConversionPatternRewriter<'a> {
    rewriter: PatternRewriter<'a>,
    state: &'a mut ConversionState,
    converter: Option<Arc<TypeConverter>>,
}

impl<'a> Deref for ConversionPatternRewriter<'a> {
    type Target = PatternRewriter<'a>;
    fn deref(&self) -> &PatternRewriter<'a> {
        &self.rewriter
    }
}

impl<'a> DerefMut for ConversionPatternRewriter<'a> {
    fn deref_mut(&mut self) -> &mut PatternRewriter<'a> {
        &mut self.rewriter
    }
}

impl ConversionPatternRewriter<'_> {
    /// The type converter of the pattern being applied, if any.
    pub fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        self.converter.as_ref()
    }

    /// The latest replacement of `value` (itself if none).
    pub fn remapped_value(&self, value: Value) -> Value {
        self.state.remapped(self.rewriter.ir(), value)
    }

    /// Makes every use of `from` read `to`. When the types differ, the
    /// users read a source materialization of `to` to `from`'s type
    /// (placed before `at`) until they are converted themselves.
    fn replace_value(&mut self, from: Value, to: Option<Value>, at: InsertPoint) {
        let ctx = self.rewriter.ctx();
        let ir = self.rewriter.ir_mut_unnotified();
        if !ir.has_uses(from) {
            return;
        }
        let old = ir.value_type(from);
        let to = match to {
            Some(to) if ir.value_type(to) == old => to,
            _ => {
                let loc = ir.value_loc(from).unwrap_or_else(|| ctx.unknown_loc());
                let loc = match ir.defining_op(from) {
                    Some(op) => ir.op_loc(op),
                    None => loc,
                };
                let inputs: SmallVec<[Value; 1]> = to.into_iter().collect();
                self.state.create_cast(
                    ctx,
                    ir,
                    &inputs,
                    old,
                    loc,
                    at,
                    MaterializationKind::Source,
                    self.converter.as_ref(),
                )
            }
        };
        ir.replace_all_uses_with(from, to);
    }

    /// Replaces the results of `op` with `values` (of any type) and erases
    /// `op`.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        assert_eq!(
            self.rewriter.ir().num_results(op),
            values.len(),
            "replace_op: replacement count differs from result count"
        );
        for (index, &to) in values.iter().enumerate() {
            let from = self.rewriter.ir().result(op, index);
            self.replace_value(from, Some(to), InsertPoint::Before(op));
        }
        self.rewriter.erase_op(op);
    }

    /// Creates an op from `state` before `op` and replaces `op` with its results.
    pub fn replace_op_with_new(&mut self, op: OpId, state: OperationState) -> OpId {
        let new_op = self.rewriter.create_op_at(state, InsertPoint::Before(op));
        let results: SmallVec<[Value; 4]> = self.rewriter.ir().results(new_op).collect();
        self.replace_op(op, &results);
        new_op
    }

    /// Erases `op`. Results still in use are replaced by a placeholder
    /// (a cast with no input) that must be gone by the end of the
    /// conversion: their users must be converted or erased too.
    pub fn erase_op(&mut self, op: OpId) {
        let results: SmallVec<[Value; 4]> = self.rewriter.ir().results(op).collect();
        for from in results {
            self.replace_value(from, None, InsertPoint::Before(op));
        }
        self.rewriter.erase_op(op);
    }

    /// Makes every use of `from` read `to` (of any type, see [`Self::replace_op`]).
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        let at = match self.rewriter.ir().defining_op(to) {
            Some(def) => InsertPoint::After(def),
            None => match self.rewriter.ir().value_block(to) {
                Some(block) => InsertPoint::BlockStart(block),
                None => InsertPoint::Detached,
            },
        };
        self.replace_value(from, Some(to), at);
    }

    /// Converts the argument types of every block of `region` with
    /// `converter` (MLIR's `convertRegionTypes`). The arguments change type
    /// in place; their users read a source materialization until they are
    /// converted. Fails, changing nothing, when a type does not convert.
    pub fn convert_region_types(
        &mut self,
        region: RegionId,
        converter: &Arc<TypeConverter>,
    ) -> RewriteResult {
        let ctx = self.rewriter.ctx();
        let mut changes: SmallVec<[(BlockId, Value, Type, Type); 8]> = SmallVec::new();
        {
            let ir = self.rewriter.ir();
            for &block in ir.region_blocks(region) {
                for &arg in ir.block_args(block) {
                    let old = ir.value_type(arg);
                    let new = converter.convert_type(ctx, old).ok_or(NoMatch)?;
                    if new != old {
                        changes.push((block, arg, old, new));
                    }
                }
            }
        }
        for (block, arg, old, new) in changes {
            self.convert_block_arg(block, arg, old, new, converter);
        }
        Ok(())
    }

    /// Gives block argument `arg` the type `new`, its users reading a source
    /// materialization back to `old`.
    fn convert_block_arg(
        &mut self,
        block: BlockId,
        arg: Value,
        old: Type,
        new: Type,
        converter: &Arc<TypeConverter>,
    ) {
        let ctx = self.rewriter.ctx();
        let ir = self.rewriter.ir_mut_unnotified();
        ir.set_value_type(arg, new);
        if !ir.has_uses(arg) {
            return;
        }
        let loc = ir.value_loc(arg).unwrap_or_else(|| ctx.unknown_loc());
        let cast = self.state.create_cast(
            ctx,
            ir,
            &[arg],
            old,
            loc,
            InsertPoint::BlockStart(block),
            MaterializationKind::Source,
            Some(converter),
        );
        let cast_op = ir.defining_op(cast).expect("a cast result");
        ir.replace_uses_where(arg, cast, |_, at| at.op != cast_op);
    }

    /// Gives the block arguments of `block` the types `new_types` (one per
    /// argument), as [`Self::convert_region_types`] does for one block
    /// (MLIR's `applySignatureConversion`, one-to-one).
    pub fn apply_signature_conversion(
        &mut self,
        block: BlockId,
        new_types: &[Type],
        converter: &Arc<TypeConverter>,
    ) {
        let args: SmallVec<[Value; 4]> = self
            .rewriter
            .ir()
            .block_args(block)
            .iter()
            .copied()
            .collect();
        assert_eq!(
            args.len(),
            new_types.len(),
            "one new type per block argument"
        );
        for (arg, &new) in args.into_iter().zip(new_types) {
            let old = self.rewriter.ir().value_type(arg);
            if old != new {
                self.convert_block_arg(block, arg, old, new, converter);
            }
        }
    }
}

// =========================================================================
// The driver
// =========================================================================

/// How a conversion runs (MLIR's `ConversionConfig`).
#[derive(Clone, Debug)]
pub struct ConversionConfig {
    /// Try folding an illegal op before its patterns (MLIR's default).
    pub fold: bool,
    /// Resolve the remaining materializations with the type converters'
    /// callbacks at the end (MLIR's `buildMaterializations`); off, they
    /// stay unrealized casts.
    pub build_materializations: bool,
}

impl Default for ConversionConfig {
    fn default() -> Self {
        Self {
            fold: true,
            build_materializations: true,
        }
    }
}

/// What a conversion did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConversionStats {
    pub patterns_applied: u64,
    pub folds: u64,
    /// Unresolved casts left in the IR (unrealized conversion casts or
    /// the type converter's materializations).
    pub materializations: u64,
    /// Ops that stayed illegal or of unknown legality (partial conversion).
    pub unlegalized: Vec<OpId>,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Mode {
    Partial,
    Full,
}

/// Converts `op` and what it contains, leaving ops that cannot be
/// legalized in place unless the target marks them illegal (MLIR's
/// `applyPartialConversion`).
pub fn apply_partial_conversion(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    target: &ConversionTarget,
    patterns: &FrozenConversionPatternSet,
    config: &ConversionConfig,
) -> Result<ConversionStats, Diagnostic> {
    Converter::new(ctx, target, patterns, config, Mode::Partial).run(ir, op)
}

/// Converts `op` and what it contains; every op must end up legal (MLIR's
/// `applyFullConversion`).
pub fn apply_full_conversion(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    target: &ConversionTarget,
    patterns: &FrozenConversionPatternSet,
    config: &ConversionConfig,
) -> Result<ConversionStats, Diagnostic> {
    Converter::new(ctx, target, patterns, config, Mode::Full).run(ir, op)
}

/// Why an op could not be legalized after a pattern applied.
struct Unlegalizable {
    op: OpId,
}

struct Converter<'a, 'c> {
    ctx: &'c Context,
    target: &'a ConversionTarget<'c>,
    patterns: &'a FrozenConversionPatternSet,
    config: &'a ConversionConfig,
    mode: Mode,
    state: ConversionState,
    /// Ops nested in recursively legal ops found during the conversion.
    ignored: FxHashSet<OpId>,
    /// Patterns being applied (on the recursion stack).
    active: Vec<u32>,
    stats: ConversionStats,
    operand_constants: SmallVec<[Option<Attribute>; 4]>,
}

impl<'a, 'c> Converter<'a, 'c> {
    fn new(
        ctx: &'c Context,
        target: &'a ConversionTarget<'c>,
        patterns: &'a FrozenConversionPatternSet,
        config: &'a ConversionConfig,
        mode: Mode,
    ) -> Self {
        Self {
            ctx,
            target,
            patterns,
            config,
            mode,
            state: ConversionState::default(),
            ignored: FxHashSet::default(),
            active: Vec::new(),
            stats: ConversionStats::default(),
            operand_constants: SmallVec::new(),
        }
    }

    fn run(mut self, ir: &mut Ir, root: OpId) -> Result<ConversionStats, Diagnostic> {
        // Pre-order, skipping what recursively legal ops contain.
        let mut to_convert = Vec::new();
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            to_convert.push(op);
            if self.target.legality(ir, op) == Some(true) {
                continue;
            }
            let mark = stack.len();
            for &region in ir.regions(op) {
                for &block in ir.region_blocks(region) {
                    stack.extend(ir.block_ops(block));
                }
            }
            stack[mark..].reverse();
        }

        for op in to_convert {
            if !ir.is_alive(op) || self.ignored.contains(&op) {
                continue;
            }
            let name = ir.op_name(op);
            let loc = ir.op_loc(op);
            match self.legalize(ir, op) {
                Ok(true) => {}
                Ok(false) => {
                    let name = self.ctx.op_name_str(name);
                    match self.mode {
                        Mode::Full => {
                            return Err(Diagnostic::error(
                                loc,
                                format!("failed to legalize operation '{name}'"),
                            ))
                        }
                        Mode::Partial if self.target.is_illegal(ir, op) => {
                            return Err(Diagnostic::error(
                                loc,
                                format!("failed to legalize operation '{name}' that was explicitly marked illegal"),
                            ))
                        }
                        Mode::Partial => self.stats.unlegalized.push(op),
                    }
                }
                Err((pattern, failure)) => {
                    let name = self.ctx.op_name_str(name);
                    let bad = failure.op;
                    return Err(Diagnostic::error(
                        loc,
                        format!("pattern '{pattern}' produced IR that could not be legalized"),
                    )
                    .with_note(
                        ir.op_loc(bad),
                        format!(
                            "failed to legalize operation '{}' (the conversion of '{name}' does not roll back)",
                            self.ctx.op_name_str(ir.op_name(bad))
                        ),
                    ));
                }
            }
        }
        self.stats.unlegalized.retain(|&op| ir.is_alive(op));
        self.finalize(ir)?;
        Ok(self.stats)
    }

    /// Legalizes `op`: `Ok(false)` when nothing applies (nothing changed),
    /// `Err` when a pattern applied but its result cannot be legalized.
    fn legalize(&mut self, ir: &mut Ir, op: OpId) -> Result<bool, (String, Unlegalizable)> {
        if !ir.is_alive(op) || self.state.materializations.contains_key(&op) {
            return Ok(true);
        }
        if let Some(recursive) = self.target.legality(ir, op) {
            if recursive {
                let ignored = &mut self.ignored;
                ir.walk_preorder(op, &mut |nested| {
                    if nested != op {
                        ignored.insert(nested);
                    }
                });
            }
            return Ok(true);
        }
        if self.config.fold {
            match self.try_fold(ir, op) {
                Some(true) => return Ok(true),
                Some(false) if self.target.is_legal(ir, op) => return Ok(true),
                _ => {}
            }
        }
        self.legalize_with_pattern(ir, op)
    }

    /// `Some(true)`: `op` was folded away (and the constants made are
    /// legal); `Some(false)`: folded in place; `None`: no fold.
    fn try_fold(&mut self, ir: &mut Ir, op: OpId) -> Option<bool> {
        let ctx = self.ctx;
        let def = ctx.op_definition(ir.op_name(op))?;
        if !has_folder(def) {
            return None;
        }
        self.operand_constants.clear();
        for v in ir.operands(op) {
            let c = ir.defining_op(v).and_then(|d| constant_value(ctx, ir, d));
            self.operand_constants.push(c);
        }
        let constants = std::mem::take(&mut self.operand_constants);
        let outcome = fold_op(ctx, ir, op, &constants);
        self.operand_constants = constants;
        match outcome {
            FoldOutcome::Failed => None,
            FoldOutcome::InPlace => {
                self.stats.folds += 1;
                Some(false)
            }
            FoldOutcome::Results(results) => {
                let dialect = ctx.dialect(ctx.op_dialect_prefix(ir.op_name(op)));
                let loc = ir.op_loc(op);
                let mut replacements: SmallVec<[Value; 4]> = SmallVec::new();
                let mut created: SmallVec<[OpId; 4]> = SmallVec::new();
                let mut ok = true;
                for (index, result) in results.iter().enumerate() {
                    match *result {
                        OpFoldResult::Value(v) => replacements.push(v),
                        OpFoldResult::Attribute(attr) => {
                            let ty = ir.value_type(ir.result(op, index));
                            let constant = dialect.and_then(|d| {
                                d.materialize_constant(
                                    ctx,
                                    ir,
                                    attr,
                                    ty,
                                    loc,
                                    InsertPoint::Before(op),
                                )
                            });
                            match constant {
                                Some(c) if self.target.is_legal(ir, c) => {
                                    created.push(c);
                                    replacements.push(ir.result(c, 0));
                                }
                                Some(c) => {
                                    created.push(c);
                                    ok = false;
                                    break;
                                }
                                None => {
                                    ok = false;
                                    break;
                                }
                            }
                        }
                    }
                }
                if !ok {
                    // Nothing uses the constants yet: undoing is exact.
                    for c in created {
                        let _ = ir.erase_op(c);
                    }
                    return None;
                }
                let mut listener = ConversionListener::default();
                let mut rewriter = ConversionPatternRewriter {
                    rewriter: PatternRewriter::new(ctx, ir, &mut listener),
                    state: &mut self.state,
                    converter: None,
                };
                rewriter.replace_op(op, &replacements);
                self.stats.folds += 1;
                Some(true)
            }
        }
    }

    fn legalize_with_pattern(
        &mut self,
        ir: &mut Ir,
        op: OpId,
    ) -> Result<bool, (String, Unlegalizable)> {
        let ctx = self.ctx;
        let patterns = self.patterns;
        let mut operands: SmallVec<[Value; 4]> = SmallVec::new();
        for &index in patterns.for_op(ir.op_name(op)) {
            let pattern = &*patterns.patterns[index as usize];
            if !pattern.has_bounded_rewrite_recursion() && self.active.contains(&index) {
                continue;
            }
            let converter = pattern.type_converter();
            if self
                .state
                .adaptor_operands(ctx, ir, op, converter, &mut operands)
                .is_none()
            {
                continue;
            }
            let watermark = ir.op_capacity();
            let mut listener = ConversionListener::default();
            let applied = {
                let mut rewriter = ConversionPatternRewriter {
                    rewriter: PatternRewriter::new(ctx, ir, &mut listener),
                    state: &mut self.state,
                    converter: converter.cloned(),
                };
                rewriter.set_insertion_point(InsertPoint::Before(op));
                let loc = rewriter.ir().op_loc(op);
                rewriter.set_loc(loc);
                pattern.match_and_rewrite(op, &operands, &mut rewriter)
            };
            if applied.is_err() {
                continue;
            }
            self.stats.patterns_applied += 1;
            debug_assert!(
                listener.erased.contains(&op) || listener.modified.contains(&op),
                "pattern '{}' must replace, erase or modify its root",
                pattern.debug_name()
            );
            // Legalize what the pattern modified and created, recursively.
            self.active.push(index);
            let mut seen: FxHashSet<OpId> = FxHashSet::default();
            let results = listener.modified.iter().copied().chain(
                listener
                    .inserted
                    .iter()
                    .copied()
                    .filter(|o| o.index() >= watermark),
            );
            let mut outcome = Ok(true);
            for new in results {
                if !seen.insert(new) || !ir.is_alive(new) {
                    continue;
                }
                // Created ops and a root updated in place must become
                // legal (as in MLIR). Other modified ops (users told of a
                // replacement by a plain pattern) are judged as any op.
                let must_legalize = new == op || new.index() >= watermark;
                match self.legalize(ir, new) {
                    Ok(true) => {}
                    Ok(false) if !must_legalize && !self.target.is_illegal(ir, new) => {}
                    Ok(false) => {
                        outcome =
                            Err((pattern.debug_name().to_string(), Unlegalizable { op: new }));
                        break;
                    }
                    Err(e) => {
                        outcome = Err(e);
                        break;
                    }
                }
            }
            self.active.pop();
            return outcome;
        }
        Ok(false)
    }

    /// Resolves the driver's casts: dead ones and chains that cancel go,
    /// the others are built by the converters' callbacks or stay casts.
    fn finalize(&mut self, ir: &mut Ir) -> Result<(), Diagnostic> {
        let casts: Vec<OpId> = self
            .state
            .order
            .iter()
            .copied()
            .filter(|&c| ir.is_alive(c))
            .collect();
        let remaining = reconcile_unrealized_casts(ir, &casts);
        for cast in remaining {
            let Some(m) = self.state.materializations.get(&cast) else {
                continue;
            };
            let ctx = self.ctx;
            if ir.num_operands(cast) == 0 {
                let ty = ir.value_type(ir.result(cast, 0));
                let user = ir
                    .users(ir.result(cast, 0))
                    .next()
                    .expect("a live cast has a user");
                let text = crate::asm::print_op(
                    ctx,
                    ir,
                    user,
                    &crate::asm::PrintOptions {
                        generic: true,
                        ..Default::default()
                    },
                );
                return Err(Diagnostic::error(
                    ir.op_loc(cast),
                    format!(
                        "failed to legalize unresolved materialization from () to ('{}') that remained live after conversion",
                        crate::asm::printer::type_to_string(ctx, ty)
                    ),
                )
                .with_note(ir.op_loc(user), format!("see existing live user here: {}", text.trim_end())));
            }
            self.stats.materializations += 1;
            let Some(converter) = m
                .converter
                .clone()
                .filter(|_| self.config.build_materializations)
            else {
                continue;
            };
            let inputs: SmallVec<[Value; 2]> = ir.operands(cast).collect();
            let ty = ir.value_type(ir.result(cast, 0));
            let loc = ir.op_loc(cast);
            if let Some(value) =
                converter.materialize(m.kind, ctx, ir, InsertPoint::Before(cast), ty, &inputs, loc)
            {
                let result = ir.result(cast, 0);
                ir.replace_all_uses_with(result, value);
                let _ = ir.erase_op(cast);
            }
        }
        Ok(())
    }
}

// =========================================================================
// Reconciling casts
// =========================================================================

/// Whether `op` is a `builtin.unrealized_conversion_cast`.
pub fn is_unrealized_cast(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ctx.op_name_str(ir.op_name(op)) == UNREALIZED_CAST
}

/// Simplifies the unrealized casts `casts` (MLIR's
/// `reconcileUnrealizedCasts`): erases the unused ones, and replaces a
/// cast whose results have the input types of a cast up its chain
/// (`A -> B -> A`) by that cast's inputs. Returns the casts that remain,
/// in the given order.
pub fn reconcile_unrealized_casts(ir: &mut Ir, casts: &[OpId]) -> Vec<OpId> {
    let members: FxHashSet<OpId> = casts.iter().copied().collect();
    // Casts up the chain need not be in `casts`: whether an op is a cast
    // is decided by its name, looked up once.
    let cast_name = casts.first().map(|&c| ir.op_name(c));
    let is_cast = |ir: &Ir, op: OpId| Some(ir.op_name(op)) == cast_name;
    let mut worklist: Vec<OpId> = casts.to_vec();
    let mut queued: FxHashSet<OpId> = members.clone();
    let mut erased: FxHashSet<OpId> = FxHashSet::default();
    let enqueue_inputs =
        |ir: &Ir, cast: OpId, worklist: &mut Vec<OpId>, queued: &mut FxHashSet<OpId>| {
            for input in ir.operands(cast) {
                if let Some(def) = ir.defining_op(input) {
                    if is_cast(ir, def) && queued.insert(def) {
                        worklist.push(def);
                    }
                }
            }
        };
    // The cast defining every input of `cast`, in order, if there is one.
    let input_cast = |ir: &Ir, cast: OpId| -> Option<OpId> {
        let first = ir.operands(cast).next()?;
        let def = ir.defining_op(first)?;
        if !is_cast(ir, def) || ir.num_results(def) != ir.num_operands(cast) {
            return None;
        }
        ir.operands(cast)
            .enumerate()
            .all(|(i, v)| v == ir.result(def, i))
            .then_some(def)
    };
    while let Some(cast) = worklist.pop() {
        queued.remove(&cast);
        if !ir.is_alive(cast) {
            continue;
        }
        if ir.use_empty(cast) {
            enqueue_inputs(ir, cast, &mut worklist, &mut queued);
            let _ = ir.erase_op(cast);
            erased.insert(cast);
            continue;
        }
        let mut next = Some(cast);
        while let Some(candidate) = next {
            let matches = ir.num_operands(candidate) == ir.num_results(cast)
                && ir
                    .operands(candidate)
                    .zip(ir.results(cast))
                    .all(|(i, r)| ir.value_type(i) == ir.value_type(r));
            if matches {
                enqueue_inputs(ir, cast, &mut worklist, &mut queued);
                let inputs: SmallVec<[Value; 2]> = ir.operands(candidate).collect();
                ir.replace_all_op_uses_with(cast, &inputs);
                let _ = ir.erase_op(cast);
                erased.insert(cast);
                break;
            }
            next = input_cast(ir, candidate);
        }
    }
    casts
        .iter()
        .copied()
        .filter(|c| !erased.contains(c) && ir.is_alive(*c))
        .collect()
}

/// Every unrealized cast nested in `root` (pre-order).
pub fn collect_unrealized_casts(ctx: &Context, ir: &Ir, root: OpId) -> Vec<OpId> {
    let mut casts = Vec::new();
    ir.walk_preorder(root, &mut |op| {
        if is_unrealized_cast(ctx, ir, op) {
            casts.push(op);
        }
    });
    casts
}
