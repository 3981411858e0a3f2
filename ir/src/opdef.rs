//! Op definitions: what an operation is, declared once as data.
//!
//! An [`OpDefinition`] names the op, lists its operands, results,
//! attributes, regions and successors with their constraints, its traits,
//! and optionally an MLIR assembly-format string. Everything else is
//! derived from it by one engine: verification of the declared constraints,
//! custom-syntax parsing and printing from the format, builders. Rust
//! dialects produce definitions through the `op!` declaration (typed
//! accessors included); IRDL files produce the same data at run time, so
//! both kinds of ops behave identically.
//!
//! Behaviour that cannot be declared (a hand-written verifier, a custom
//! parser, folding) is attached as plain function pointers in [`OpHooks`].

use crate::asm::parser::OpParser;
use crate::asm::printer::OpPrinter;
use crate::context::Context;
use crate::diagnostics::DiagResult;
use crate::ir::{Ir, OpId};
use std::sync::Arc;

/// Traits of an op, as MLIR's `OpTrait`s; a bit set.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct OpTraits(pub u32);

impl OpTraits {
    pub const NONE: OpTraits = OpTraits(0);
    /// No side effects (MLIR's `Pure`): removable when unused, CSE-able.
    pub const PURE: OpTraits = OpTraits(1 << 0);
    pub const COMMUTATIVE: OpTraits = OpTraits(1 << 1);
    pub const SAME_OPERANDS_AND_RESULT_TYPE: OpTraits = OpTraits(1 << 2);
    /// Must be the last op of its block.
    pub const TERMINATOR: OpTraits = OpTraits(1 << 3);
    /// Regions cannot use values defined outside the op.
    pub const ISOLATED_FROM_ABOVE: OpTraits = OpTraits(1 << 4);
    /// Its region holds a symbol table.
    pub const SYMBOL_TABLE: OpTraits = OpTraits(1 << 5);
    /// Defines a symbol (`sym_name`).
    pub const SYMBOL: OpTraits = OpTraits(1 << 6);
    /// Its blocks need no terminator.
    pub const NO_TERMINATOR: OpTraits = OpTraits(1 << 7);
    /// Each region has at most one block.
    pub const SINGLE_BLOCK: OpTraits = OpTraits(1 << 8);
    /// Its regions are graph regions (no dominance), like `builtin.module`.
    pub const GRAPH_REGION: OpTraits = OpTraits(1 << 9);
    /// Materializes a constant (`arith.constant`).
    pub const CONSTANT_LIKE: OpTraits = OpTraits(1 << 10);
    pub const RETURN_LIKE: OpTraits = OpTraits(1 << 11);
    pub const SAME_OPERANDS_TYPE: OpTraits = OpTraits(1 << 12);
    pub const SAME_OPERANDS_ELEMENT_TYPE: OpTraits = OpTraits(1 << 13);
    /// Its regions may contain any op and its operands any value: `x.op` is opaque.
    pub const RECURSIVE_MEMORY_EFFECTS: OpTraits = OpTraits(1 << 14);
    pub const ELEMENTWISE: OpTraits = OpTraits(1 << 15);
    pub const AFFINE_SCOPE: OpTraits = OpTraits(1 << 16);
    pub const AUTOMATIC_ALLOCATION_SCOPE: OpTraits = OpTraits(1 << 17);

    pub const fn union(self, other: OpTraits) -> OpTraits {
        OpTraits(self.0 | other.0)
    }
    pub const fn contains(self, other: OpTraits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for OpTraits {
    type Output = OpTraits;
    fn bitor(self, rhs: OpTraits) -> OpTraits {
        self.union(rhs)
    }
}

/// How many values an operand or result group stands for.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Arity {
    Single,
    Optional,
    Variadic,
}

/// A named operand or result group with its type constraint.
#[derive(Clone, Debug)]
pub struct ValueDef {
    pub name: String,
    pub arity: Arity,
    pub constraint: crate::constraints::TypeConstraint,
}

/// A declared attribute (an inherent attribute: stored as a property).
#[derive(Clone, Debug)]
pub struct AttrDef {
    pub name: String,
    pub optional: bool,
    pub constraint: crate::constraints::AttrConstraint,
    /// How `$name` reads and writes in an assembly format when the
    /// attribute has its own spelling (enums such as `slt`, flags such as
    /// `fastmath<fast>`); by default the builtin attribute syntax is used.
    pub syntax: Option<AttrSyntax>,
    /// The value a default-valued attribute (MLIR's `DefaultValuedAttr`)
    /// takes when the text or the builder leaves it out; an optional group
    /// anchored on it is printed only when the value differs.
    pub default: Option<fn(&Context) -> crate::attributes::Attribute>,
    /// Per-context values the parser and printer ask for once per op:
    /// the default as built (building a dialect attribute interns it) and
    /// the interned name (so dictionaries are searched by id, not text).
    pub cache: AttrDefCache,
}

/// What an [`AttrDef`] keeps of the context that used it.
#[derive(Clone, Debug, Default)]
pub struct AttrDefCache {
    default: PerContext<crate::attributes::Attribute>,
    name: PerContext<crate::StrId>,
}

/// A value built from a [`Context`] and kept for the context that first
/// asked (keyed by its address; another context builds its own value
/// each time). Definitions are registered per context, so in practice
/// the one context that owns the definition is the one that asks.
#[derive(Debug)]
pub struct PerContext<T>(std::sync::OnceLock<(usize, T)>);

impl<T> Default for PerContext<T> {
    fn default() -> Self {
        Self(std::sync::OnceLock::new())
    }
}

impl<T: Clone> Clone for PerContext<T> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<T: Copy> PerContext<T> {
    /// The value for `ctx`, built with `build` the first time.
    #[inline]
    pub fn get(&self, ctx: &Context, build: impl FnOnce(&Context) -> T) -> T {
        let key = ctx as *const Context as usize;
        match self.0.get() {
            Some(&(cached_for, value)) if cached_for == key => value,
            Some(_) => build(ctx),
            None => {
                let value = build(ctx);
                let _ = self.0.set((key, value));
                value
            }
        }
    }
}

impl AttrDef {
    pub fn required(name: &str, constraint: crate::constraints::AttrConstraint) -> Self {
        Self {
            name: name.into(),
            optional: false,
            constraint,
            syntax: None,
            default: None,
            cache: Default::default(),
        }
    }
    pub fn optional(name: &str, constraint: crate::constraints::AttrConstraint) -> Self {
        Self {
            name: name.into(),
            optional: true,
            constraint,
            syntax: None,
            default: None,
            cache: Default::default(),
        }
    }
    /// The default value in `ctx`, if the attribute has one.
    pub fn default_value(&self, ctx: &Context) -> Option<crate::attributes::Attribute> {
        let build = self.default?;
        Some(self.cache.default.get(ctx, build))
    }
    /// The attribute's name, interned in `ctx`.
    #[inline]
    pub fn name_id(&self, ctx: &Context) -> crate::StrId {
        self.cache.name.get(ctx, |ctx| ctx.intern_str(&self.name))
    }
    pub fn with_syntax(mut self, syntax: AttrSyntax) -> Self {
        self.syntax = Some(syntax);
        self
    }
}

/// A custom spelling of an attribute inside assembly formats.
#[derive(Copy, Clone)]
pub struct AttrSyntax {
    /// Parses the attribute; `Ok(None)` when it is absent (for optional groups).
    pub parse: fn(&mut OpParser) -> DiagResult<Option<crate::attributes::Attribute>>,
    pub print: fn(&mut OpPrinter, crate::attributes::Attribute),
}

impl std::fmt::Debug for AttrSyntax {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AttrSyntax")
    }
}

/// MLIR's `TypesMatchWith<"...", from, to, transformer>`: the types of
/// the operand or result group `to` are a function of the type of `from`.
/// A format may then leave `to`'s types out; they are derived when the op
/// is parsed. (The op's verifier checks the relation, with MLIR's message.)
#[derive(Clone, Debug)]
pub struct TypeDerivation {
    pub from: String,
    pub to: String,
    /// The types of `to` (one for a single or optional group, the whole
    /// list for a variadic one) given the type of `from`.
    pub derive: fn(&Context, crate::types::Type) -> Vec<crate::types::Type>,
}

/// Transformers for [`TypeDerivation`], named after MLIR's usual ones.
pub mod derive {
    use crate::context::Context;
    use crate::types::Type;

    /// `$_self`: the same type.
    pub fn same(_: &Context, ty: Type) -> Vec<Type> {
        vec![ty]
    }

    /// `cast<ShapedType>($_self).getElementType()`.
    pub fn element(ctx: &Context, ty: Type) -> Vec<Type> {
        ctx.element_type(ty).into_iter().collect()
    }
}

#[derive(Clone, Debug)]
pub struct RegionDef {
    pub name: String,
    pub variadic: bool,
    pub single_block: bool,
}

#[derive(Clone, Debug)]
pub struct SuccessorDef {
    pub name: String,
    pub variadic: bool,
}

/// The interfaces an op implements, by interface type (MLIR's op
/// interfaces): `definition.interface::<dyn CallOpInterface>()`. Each
/// implementation may bring a verifier that runs with the op's own.
#[derive(Clone, Default)]
pub struct InterfaceMap {
    entries: Vec<(std::any::TypeId, Arc<dyn std::any::Any + Send + Sync>)>,
    /// Verifiers of the implemented interfaces, run by the verifier after the declared constraints.
    pub verifiers: Vec<VerifyHook>,
}

impl InterfaceMap {
    /// Registers `implementation` as the op's `I` (usually `dyn SomeInterface`).
    pub fn insert<I: ?Sized + Send + Sync + 'static>(&mut self, implementation: Arc<I>) {
        let id = std::any::TypeId::of::<I>();
        self.entries.retain(|(existing, _)| *existing != id);
        self.entries.push((id, Arc::new(implementation)));
    }
    /// Registers an implementation together with its verifier.
    pub fn insert_with_verifier<I: ?Sized + Send + Sync + 'static>(
        &mut self,
        implementation: Arc<I>,
        verify: fn(&Context, &Ir, OpId) -> DiagResult<()>,
    ) {
        self.insert(implementation);
        self.verifiers.push(verify);
    }
    pub fn get<I: ?Sized + Send + Sync + 'static>(&self) -> Option<&Arc<I>> {
        let id = std::any::TypeId::of::<I>();
        self.entries
            .iter()
            .find(|(existing, _)| *existing == id)
            .and_then(|(_, any)| any.downcast_ref::<Arc<I>>())
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl std::fmt::Debug for InterfaceMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "InterfaceMap({} interfaces)", self.entries.len())
    }
}

/// Result types computed from operand types and attributes, as an
/// interface object (MLIR's `InferTypeOpInterface`); for definitions whose
/// inference needs state, such as IRDL constraint programs. The format
/// engine asks it when the text leaves result types out.
pub trait InferResultTypes: Send + Sync {
    fn infer(
        &self,
        ctx: &Context,
        operand_types: &[crate::types::Type],
        attributes: crate::attributes::Attribute,
    ) -> DiagResult<Vec<crate::types::Type>>;
}

/// An interface's or an op's own verifier.
pub type VerifyHook = fn(&Context, &Ir, OpId) -> DiagResult<()>;
/// `infer_result_types`: operand types and properties to result types.
pub type InferResultTypesHook = fn(
    &Context,
    &[crate::types::Type],
    crate::attributes::Attribute,
) -> DiagResult<Vec<crate::types::Type>>;
/// `result_names`: calls back with (result index, name).
pub type ResultNamesHook = fn(&Context, &Ir, OpId, &mut dyn FnMut(usize, &str));
/// `block_arg_names`: calls back with (argument, name) for one region.
pub type BlockArgNamesHook =
    fn(&Context, &Ir, OpId, crate::RegionId, &mut dyn FnMut(crate::Value, &str));

/// Behaviour attached to an op that is not declarative.
#[derive(Clone, Default)]
pub struct OpHooks {
    /// Custom syntax parser, called after the op name.
    pub parse: Option<fn(&mut OpParser) -> DiagResult<()>>,
    /// Custom syntax printer, called after the op name and a space.
    pub print: Option<fn(&mut OpPrinter, OpId)>,
    /// Extra verification after the declared constraints hold, run once
    /// the op's nested ops are verified (MLIR's `verifyRegions`).
    pub verify: Option<VerifyHook>,
    /// Verification run when the op is reached, after its declared
    /// constraints and traits but before its nested ops (MLIR's
    /// `verify()`): for checks MLIR reports ahead of errors inside the
    /// regions.
    pub verify_invariants: Option<VerifyHook>,
    /// Result types computed from operands and attributes when the format
    /// does not spell them (MLIR's `InferTypeOpInterface`).
    pub infer_result_types: Option<InferResultTypesHook>,
    /// Suggested result names for the printer (`%c0`, `%cst`).
    pub result_names: Option<ResultNamesHook>,
    /// Suggested names for the block arguments of one of the op's regions
    /// (MLIR's `OpAsmOpInterface::getAsmBlockArgumentNames`: `%in`, `%out`).
    pub block_arg_names: Option<BlockArgNamesHook>,
    /// Folding given the operands' constant values (see [`crate::fold`]).
    pub fold: Option<crate::fold::FoldHook>,
    /// Adds the op's canonicalization patterns (MLIR's `getCanonicalizationPatterns`).
    pub canonicalization_patterns: Option<fn(&Context, &mut crate::rewrite::RewritePatternSet)>,
}

impl std::fmt::Debug for OpHooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpHooks")
            .field("parse", &self.parse.is_some())
            .field("print", &self.print.is_some())
            .field("verify", &self.verify.is_some())
            .field("fold", &self.fold.is_some())
            .field(
                "canonicalization_patterns",
                &self.canonicalization_patterns.is_some(),
            )
            .finish()
    }
}

#[derive(Clone, Debug)]
pub struct OpDefinition {
    /// Full name, `dialect.op`.
    pub name: String,
    pub summary: String,
    pub traits: OpTraits,
    pub operands: Vec<ValueDef>,
    pub results: Vec<ValueDef>,
    pub attributes: Vec<AttrDef>,
    pub regions: Vec<RegionDef>,
    pub successors: Vec<SuccessorDef>,
    /// Groups of operand/result/attribute names whose types must be equal
    /// (MLIR's `AllTypesMatch`); also lets formats omit all but one type.
    pub type_equalities: Vec<Vec<String>>,
    /// Types of one group derived from another's (MLIR's `TypesMatchWith`).
    pub type_derivations: Vec<TypeDerivation>,
    /// Whether declared attributes are stored as properties (printed `<{...}>`
    /// in the generic form), as for every op MLIR defines in ODS; ops of
    /// dialects loaded from IRDL keep them as discardable attributes, as MLIR does.
    pub properties_for_attributes: bool,
    /// The dialect whose ops may be written without prefix inside this op's regions.
    pub default_dialect: Option<String>,
    /// The terminator the text may leave out of this op's single-block
    /// regions (MLIR's `SingleBlockImplicitTerminator<"YieldOp">`): regions
    /// of an assembly format get it back when parsed (`ensureTerminator`)
    /// and print without it when it has no operands, results or attributes.
    pub implicit_terminator: Option<String>,
    /// The parsed assembly format, if declared.
    pub format: Option<std::sync::Arc<crate::format::AssemblyFormat>>,
    pub hooks: OpHooks,
    pub interfaces: InterfaceMap,
}

impl OpDefinition {
    /// A definition with no constraints: any operands, results, regions.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            summary: String::new(),
            traits: OpTraits::NONE,
            operands: Vec::new(),
            results: Vec::new(),
            attributes: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            type_equalities: Vec::new(),
            type_derivations: Vec::new(),
            properties_for_attributes: true,
            default_dialect: None,
            implicit_terminator: None,
            format: None,
            hooks: OpHooks::default(),
            interfaces: InterfaceMap::default(),
        }
    }
    pub fn has_trait(&self, t: OpTraits) -> bool {
        self.traits.contains(t)
    }
    /// Whether region `index` may hold one block at most (the op's
    /// `SingleBlock` trait or the region's own declaration): a lowering to
    /// a CFG cannot put branches there.
    pub fn region_is_single_block(&self, index: usize) -> bool {
        self.has_trait(OpTraits::SINGLE_BLOCK)
            || self.regions.get(index).is_some_and(|r| r.single_block)
    }
    /// The properties a builder sets when it is given none: every
    /// default-valued attribute at its default (MLIR's builders store
    /// `DefaultValuedAttr`s).
    pub fn default_properties(&self, ctx: &Context) -> crate::attributes::Attribute {
        ctx.dictionary_attr(
            self.attributes
                .iter()
                .filter_map(|a| Some((ctx.intern_str(&a.name), a.default_value(ctx)?))),
        )
    }
    /// The op's implementation of interface `I`, if any.
    pub fn interface<I: ?Sized + Send + Sync + 'static>(&self) -> Option<&Arc<I>> {
        self.interfaces.get::<I>()
    }
}

/// The values of the operand (or result) group called `name` of `op`.
pub fn named_group(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    name: &str,
    results: bool,
) -> smallvec::SmallVec<[crate::ir::Value; 2]> {
    let Some(def) = ctx.op_definition(ir.op_name(op)) else {
        return Default::default();
    };
    let specs = if results { &def.results } else { &def.operands };
    let Some(index) = specs.iter().position(|s| s.name == name) else {
        return Default::default();
    };
    // Fast path: every group before and at `index` holds one value.
    if specs[..=index].iter().all(|s| s.arity == Arity::Single) {
        let value = if results {
            ir.result(op, index)
        } else {
            ir.operand(op, index)
        };
        return smallvec::smallvec![value];
    }
    crate::format::value_groups(ctx, ir, op, def, results)
        .swap_remove(index)
        .into_iter()
        .collect()
}
