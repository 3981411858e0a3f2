//! Symbol tables: ops that define names (`sym_name`) inside ops that scope
//! them (`SymbolTable` trait), resolution of `@a::@b` references, and the
//! symbol uses an op holds.
//!
//! Looking a name up scans the table's ops, which is right for one lookup
//! and quadratic for many: anything that resolves symbols in a loop (the
//! verification of every call in a module, `symbol-dce`, the inliner) keeps
//! a [`SymbolTableCollection`], MLIR's cache that indexes each table once by
//! name. The IR must not change under a collection while it is in use.

use crate::attributes::{AttrData, Attribute};
use crate::context::Context;
use crate::diagnostics::{DiagResult, Diagnostic};
use crate::ir::{Ir, OpId};
use crate::opdef::OpTraits;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// The attribute naming a symbol.
pub const SYMBOL_NAME_ATTR: &str = "sym_name";
/// The attribute giving a symbol's visibility (`public`, `private`, `nested`).
pub const VISIBILITY_ATTR: &str = "sym_visibility";

/// Who may refer to a symbol (MLIR's `SymbolTable::Visibility`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// Anyone, also from outside the IR (the default).
    Public,
    /// Only ops inside the symbol's own symbol table.
    Private,
    /// Ops inside the IR that contains the symbol's table, not outside it.
    Nested,
}

/// The symbol name defined by `op`, if any.
pub fn symbol_name<'c>(ctx: &'c Context, ir: &Ir, op: OpId) -> Option<&'c str> {
    ir.attr(ctx, op, SYMBOL_NAME_ATTR)
        .and_then(|a| ctx.string_value(a))
}

/// The visibility of the symbol `op`: public unless `sym_visibility` says
/// `private` or `nested`.
pub fn visibility(ctx: &Context, ir: &Ir, op: OpId) -> Visibility {
    match ir
        .attr(ctx, op, VISIBILITY_ATTR)
        .and_then(|a| ctx.string_value(a))
    {
        Some("private") => Visibility::Private,
        Some("nested") => Visibility::Nested,
        _ => Visibility::Public,
    }
}

/// Makes the symbol `op` of `visibility`, where the op keeps
/// `sym_visibility`: a property of ops that declare it (func.func,
/// memref.global), a discardable attribute of the others. Public removes it.
pub fn set_visibility(ctx: &Context, ir: &mut Ir, op: OpId, visibility: Visibility) {
    let value = match visibility {
        Visibility::Public => None,
        Visibility::Private => Some(ctx.string_attr("private")),
        Visibility::Nested => Some(ctx.string_attr("nested")),
    };
    let declared = ctx
        .op_definition(ir.op_name(op))
        .is_some_and(|d| d.attributes.iter().any(|a| a.name == VISIBILITY_ATTR));
    if declared {
        ir.set_property(ctx, op, VISIBILITY_ATTR, value);
    } else {
        ir.set_attribute(ctx, op, VISIBILITY_ATTR, value);
    }
}

/// Whether `op` opens a symbol table.
pub fn is_symbol_table(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ctx.op_definition(ir.op_name(op))
        .is_some_and(|d| d.has_trait(OpTraits::SYMBOL_TABLE))
}

/// Whether `op` is a symbol (MLIR's `isa<SymbolOpInterface>`): a registered
/// op that defines symbols (the `SYMBOL` trait, or a declared `sym_name`
/// attribute, optional as on `builtin.module`) and has a name. Ops of
/// unregistered dialects may be found by name but are never symbols, so
/// nothing that reasons about visibility may erase them.
pub fn is_symbol(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let Some(def) = ctx.op_definition(ir.op_name(op)) else {
        return false;
    };
    let declares_name = def.has_trait(OpTraits::SYMBOL)
        || def.attributes.iter().any(|a| a.name == SYMBOL_NAME_ATTR);
    declares_name && symbol_name(ctx, ir, op).is_some()
}

/// Whether `op` might define a symbol table nobody knows about: one region
/// and a dialect that is not loaded (MLIR's `isPotentiallyUnknownSymbolTable`).
/// Symbol uses cannot be computed across such an op.
pub fn is_potentially_unknown_symbol_table(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let name = ctx.op_name_str(ir.op_name(op));
    let dialect = name.split_once('.').map_or(name, |(d, _)| d);
    ir.regions(op).len() == 1 && ctx.dialect(dialect).is_none()
}

/// The ops directly inside `table_op`'s regions, in order.
fn table_ops<'a>(ir: &'a Ir, table_op: OpId) -> impl Iterator<Item = OpId> + 'a {
    ir.regions(table_op)
        .iter()
        .flat_map(move |&r| ir.region_blocks(r))
        .flat_map(move |&b| ir.block_ops(b))
}

/// The symbols directly inside a symbol-table op, by name.
pub struct SymbolTable {
    symbols: FxHashMap<String, OpId>,
}

impl SymbolTable {
    pub fn build(ctx: &Context, ir: &Ir, table_op: OpId) -> Self {
        let mut symbols = FxHashMap::default();
        for op in table_ops(ir, table_op) {
            if let Some(name) = symbol_name(ctx, ir, op) {
                symbols.entry(name.to_string()).or_insert(op);
            }
        }
        Self { symbols }
    }

    pub fn lookup(&self, name: &str) -> Option<OpId> {
        self.symbols.get(name).copied()
    }

    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }
}

/// The closest ancestor of `op` (exclusive) that is a symbol table.
pub fn nearest_symbol_table(ctx: &Context, ir: &Ir, op: OpId) -> Option<OpId> {
    let mut current = ir.parent_op(op);
    while let Some(parent) = current {
        if is_symbol_table(ctx, ir, parent) {
            return Some(parent);
        }
        current = ir.parent_op(parent);
    }
    None
}

/// Resolves every name of `reference` from the table `from` with `lookup`
/// (one name in one table), pushing the op each name resolves to: for
/// `@a::@b::@c`, the ops named `a`, `b` and `c` (MLIR's `lookupSymbolIn`
/// with its list of resolved symbols). Every op but the last must be a
/// symbol table. False when a name is missing.
fn resolve_path(
    ctx: &Context,
    ir: &Ir,
    from: OpId,
    reference: Attribute,
    symbols: &mut SmallVec<[OpId; 4]>,
    lookup: &mut impl FnMut(OpId, &str) -> Option<OpId>,
) -> bool {
    let AttrData::SymbolRef { root, nested } = ctx.attr_data(reference) else {
        return false;
    };
    let Some(mut found) = lookup(from, ctx.str(*root)) else {
        return false;
    };
    symbols.push(found);
    for name in nested.iter() {
        if !is_symbol_table(ctx, ir, found) {
            return false;
        }
        let Some(next) = lookup(found, ctx.str(*name)) else {
            return false;
        };
        found = next;
        symbols.push(found);
    }
    true
}

/// The op named `name` directly inside `table_op`, by a scan.
fn scan_for_symbol(ctx: &Context, ir: &Ir, table_op: OpId, name: &str) -> Option<OpId> {
    table_ops(ir, table_op).find(|&op| symbol_name(ctx, ir, op) == Some(name))
}

/// Resolves a symbol reference attribute from the symbol table `from`.
pub fn lookup_symbol(ctx: &Context, ir: &Ir, from: OpId, reference: Attribute) -> Option<OpId> {
    let mut symbols = SmallVec::new();
    let mut scan = |table, name: &str| scan_for_symbol(ctx, ir, table, name);
    resolve_path(ctx, ir, from, reference, &mut symbols, &mut scan)
        .then(|| symbols.last().copied())
        .flatten()
}

/// Resolves `reference` as seen from `user`: in its nearest symbol table
/// only (MLIR's `lookupNearestSymbolFrom`); an enclosing table's symbols
/// are not visible by a flat name from a nested one.
pub fn lookup_symbol_from(
    ctx: &Context,
    ir: &Ir,
    user: OpId,
    reference: Attribute,
) -> Option<OpId> {
    let table = nearest_symbol_table(ctx, ir, user)?;
    lookup_symbol(ctx, ir, table, reference)
}

/// Symbol tables indexed once each, on first use (MLIR's
/// `SymbolTableCollection`). Valid while the IR it was used on is not
/// changed: erasing or renaming a symbol invalidates it.
#[derive(Default)]
pub struct SymbolTableCollection {
    tables: FxHashMap<OpId, SymbolTable>,
}

impl SymbolTableCollection {
    pub fn new() -> Self {
        Self::default()
    }

    /// The index of `table_op`, built on first request.
    pub fn symbol_table(&mut self, ctx: &Context, ir: &Ir, table_op: OpId) -> &SymbolTable {
        self.tables
            .entry(table_op)
            .or_insert_with(|| SymbolTable::build(ctx, ir, table_op))
    }

    /// [`lookup_symbol`], with each table indexed once.
    pub fn lookup_symbol_in(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        from: OpId,
        reference: Attribute,
    ) -> Option<OpId> {
        let mut symbols = SmallVec::new();
        self.lookup_symbol_path_in(ctx, ir, from, reference, &mut symbols)
            .then(|| symbols.last().copied())
            .flatten()
    }

    /// Resolves `reference` from the table `from`, pushing every op the
    /// reference passes through (`@a::@b` pushes `a`, then `b`); false when
    /// a name does not resolve (what was pushed is then partial).
    pub fn lookup_symbol_path_in(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        from: OpId,
        reference: Attribute,
        symbols: &mut SmallVec<[OpId; 4]>,
    ) -> bool {
        let mut indexed = |table, name: &str| self.symbol_table(ctx, ir, table).lookup(name);
        resolve_path(ctx, ir, from, reference, symbols, &mut indexed)
    }

    /// [`lookup_symbol_from`], with each table indexed once.
    pub fn lookup_symbol_from(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        user: OpId,
        reference: Attribute,
    ) -> Option<OpId> {
        let table = nearest_symbol_table(ctx, ir, user)?;
        self.lookup_symbol_in(ctx, ir, table, reference)
    }
}

/// Calls `f` on every symbol reference inside `attr` (arrays, dictionaries
/// and dialect attribute parameters are searched).
pub fn walk_symbol_refs(ctx: &Context, attr: Attribute, f: &mut impl FnMut(Attribute)) {
    match ctx.attr_data(attr) {
        AttrData::SymbolRef { .. } => f(attr),
        AttrData::Array(elements) => {
            for &e in elements.iter() {
                walk_symbol_refs(ctx, e, f);
            }
        }
        AttrData::Dictionary(entries) => {
            for &(_, e) in entries.iter() {
                walk_symbol_refs(ctx, e, f);
            }
        }
        AttrData::Dialect { params, .. } => {
            for &e in params.iter() {
                walk_symbol_refs(ctx, e, f);
            }
        }
        _ => {}
    }
}

/// An op nested where symbol uses cannot be computed (see
/// [`is_potentially_unknown_symbol_table`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UnknownSymbolTable(pub OpId);

/// Calls `f(user, reference)` for every symbol reference held by `from`
/// and by the ops nested in it, without entering nested symbol tables: a
/// symbol table's region is a new scope, so when `from` is one, only its
/// own attributes count (MLIR's `SymbolTable::getSymbolUses(Operation *)`).
/// Fails on an op that may be an unknown symbol table.
pub fn walk_symbol_uses(
    ctx: &Context,
    ir: &Ir,
    from: OpId,
    f: &mut impl FnMut(OpId, Attribute),
) -> Result<(), UnknownSymbolTable> {
    let mut worklist = vec![from];
    while let Some(op) = worklist.pop() {
        if is_potentially_unknown_symbol_table(ctx, ir, op) {
            return Err(UnknownSymbolTable(op));
        }
        for dict in [ir.properties(op), ir.attributes(op)] {
            walk_symbol_refs(ctx, dict, &mut |reference| f(op, reference));
        }
        if is_symbol_table(ctx, ir, op) {
            continue;
        }
        let mark = worklist.len();
        for &region in ir.regions(op) {
            for &block in ir.region_blocks(region) {
                worklist.extend(ir.block_ops(block));
            }
        }
        worklist[mark..].reverse();
    }
    Ok(())
}

/// A symbol table may not define a name twice.
pub fn verify_symbol_table(ctx: &Context, ir: &Ir, table_op: OpId) -> DiagResult<()> {
    let mut seen: FxHashMap<&str, OpId> = FxHashMap::default();
    for op in table_ops(ir, table_op) {
        let Some(name) = symbol_name(ctx, ir, op) else {
            continue;
        };
        if let Some(&first) = seen.get(name) {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!("redefinition of symbol named '{name}'"),
            )
            .with_note(ir.op_loc(first), "see existing symbol definition here"));
        }
        seen.insert(name, op);
    }
    Ok(())
}

/// Runs the symbol-use checks of every op in the symbol table `table_op`
/// (MLIR's `SymbolUserOpInterface::verifySymbolUses`, called from the
/// symbol table's verification). Nested symbol tables are not entered:
/// their own verification checks their users. Ops that resolve symbols
/// check them here rather than in their own verifier, so that a function
/// body can be verified on its own (moved out of its module for parallel
/// pass execution) and its calls are checked once the module is whole.
/// One [`SymbolTableCollection`] serves all the checks, so a module of N
/// calls is verified in time linear in N.
pub fn verify_symbol_uses(ctx: &Context, ir: &Ir, table_op: OpId) -> DiagResult<()> {
    let mut symbol_tables = SymbolTableCollection::new();
    let mut stack: Vec<OpId> = Vec::new();
    let push_children = |op: OpId, stack: &mut Vec<OpId>| {
        let mark = stack.len();
        for &region in ir.regions(op) {
            for &block in ir.region_blocks(region) {
                stack.extend(ir.block_ops(block));
            }
        }
        stack[mark..].reverse();
    };
    push_children(table_op, &mut stack);
    while let Some(op) = stack.pop() {
        let Some(def) = ctx.op_definition(ir.op_name(op)) else {
            push_children(op, &mut stack);
            continue;
        };
        if let Some(user) = def.interface::<dyn crate::interfaces::SymbolUserOpInterface>() {
            user.verify_symbol_uses(ctx, ir, op, &mut symbol_tables)?;
        }
        if !def.has_trait(OpTraits::SYMBOL_TABLE) {
            push_children(op, &mut stack);
        }
    }
    Ok(())
}
