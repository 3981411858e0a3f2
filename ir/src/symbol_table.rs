//! Symbol tables: ops that define names (`sym_name`) inside ops that scope
//! them (`SymbolTable` trait), and resolution of `@a::@b` references.

use crate::attributes::{AttrData, Attribute};
use crate::context::Context;
use crate::diagnostics::{DiagResult, Diagnostic};
use crate::ir::{Ir, OpId};
use crate::opdef::OpTraits;
use rustc_hash::FxHashMap;

/// The attribute naming a symbol.
pub const SYMBOL_NAME_ATTR: &str = "sym_name";
/// The attribute giving a symbol's visibility (`public`, `private`, `nested`).
pub const VISIBILITY_ATTR: &str = "sym_visibility";

/// The symbol name defined by `op`, if any.
pub fn symbol_name<'c>(ctx: &'c Context, ir: &Ir, op: OpId) -> Option<&'c str> {
    ir.attr(ctx, op, SYMBOL_NAME_ATTR)
        .and_then(|a| ctx.string_value(a))
}

/// Whether `op` opens a symbol table.
pub fn is_symbol_table(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ctx.op_definition(ir.op_name(op))
        .is_some_and(|d| d.has_trait(OpTraits::SYMBOL_TABLE))
}

/// The symbols directly inside a symbol-table op, by name.
pub struct SymbolTable {
    symbols: FxHashMap<String, OpId>,
}

impl SymbolTable {
    pub fn build(ctx: &Context, ir: &Ir, table_op: OpId) -> Self {
        let mut symbols = FxHashMap::default();
        for &region in ir.regions(table_op) {
            for &block in ir.region_blocks(region) {
                for op in ir.block_ops(block) {
                    if let Some(name) = symbol_name(ctx, ir, op) {
                        symbols.entry(name.to_string()).or_insert(op);
                    }
                }
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

/// Resolves a symbol reference attribute from the symbol table `from`.
pub fn lookup_symbol(ctx: &Context, ir: &Ir, from: OpId, reference: Attribute) -> Option<OpId> {
    let AttrData::SymbolRef { root, nested } = ctx.attr_data(reference) else {
        return None;
    };
    let mut table = from;
    let mut found = SymbolTable::build(ctx, ir, table).lookup(ctx.str(*root))?;
    for name in nested.iter() {
        table = found;
        found = SymbolTable::build(ctx, ir, table).lookup(ctx.str(*name))?;
    }
    Some(found)
}

/// Resolves `reference` as seen from `user`: from its nearest symbol table outward.
pub fn lookup_symbol_from(
    ctx: &Context,
    ir: &Ir,
    user: OpId,
    reference: Attribute,
) -> Option<OpId> {
    let mut table = nearest_symbol_table(ctx, ir, user);
    while let Some(t) = table {
        if let Some(found) = lookup_symbol(ctx, ir, t, reference) {
            return Some(found);
        }
        table = nearest_symbol_table(ctx, ir, t);
    }
    None
}

/// A symbol table may not define a name twice.
pub fn verify_symbol_table(ctx: &Context, ir: &Ir, table_op: OpId) -> DiagResult<()> {
    let mut seen: FxHashMap<&str, OpId> = FxHashMap::default();
    for &region in ir.regions(table_op) {
        for &block in ir.region_blocks(region) {
            for op in ir.block_ops(block) {
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
        }
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
pub fn verify_symbol_uses(ctx: &Context, ir: &Ir, table_op: OpId) -> DiagResult<()> {
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
            user.verify_symbol_uses(ctx, ir, op)?;
        }
        if !def.has_trait(OpTraits::SYMBOL_TABLE) {
            push_children(op, &mut stack);
        }
    }
    Ok(())
}
