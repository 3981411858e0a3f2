//! The builtin dialect: `builtin.module` and `builtin.unrealized_conversion_cast`.
//!
//! Builtin types and attributes are part of the core (see `types` and
//! `attributes`); this module holds the two builtin ops and their syntax.

use crate::constraints::{AttrConstraint, TypeConstraint};
use crate::context::Context;
use crate::diagnostics::DiagResult;
use crate::dialect::Dialect;
use crate::ir::{Ir, OpId};
use crate::opdef::OpDefinition;
use crate::verifier::emit_op_error;

pub struct BuiltinDialect;

impl Dialect for BuiltinDialect {
    fn name(&self) -> &str {
        "builtin"
    }

    fn description(&self) -> &str {
        "modules, unrealized casts, and the builtin types and attributes"
    }

    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        vec![
            ModuleOp::definition(),
            UnrealizedConversionCastOp::definition(),
        ]
    }
}

crate::define_op! {
    /// A top-level container: one graph region of one block, a symbol table.
    pub struct ModuleOp = "builtin.module" {
        summary: "A top level container operation",
        // MLIR's ModuleOp is an AffineScope: values defined at a module's
        // top level are valid affine symbols for ops nested in it.
        traits: [ISOLATED_FROM_ABOVE, SYMBOL_TABLE, NO_TERMINATOR, SINGLE_BLOCK, GRAPH_REGION, AFFINE_SCOPE],
        attributes: [
            sym_name: optional(AttrConstraint::String, syntax = crate::directives::OPTIONAL_SYMBOL_NAME),
            sym_visibility: optional(AttrConstraint::String),
        ],
        regions: [bodyRegion: single_block],
        // Builtin ops print without their prefix inside a module, as in MLIR.
        default_dialect: "builtin",
        format: "($sym_name^)? attr-dict-with-keyword $bodyRegion",
        verify: verify_module,
    }
}

impl ModuleOp {
    /// A detached, empty module (its body block included), as MLIR's
    /// `ModuleOp::create`.
    pub fn create(ctx: &Context, ir: &mut Ir, loc: crate::Location) -> (ModuleOp, crate::BlockId) {
        let mut builder = crate::builder::OpBuilder::new(ctx, ir);
        builder.loc = loc;
        let module = ModuleOp::build(&mut builder, None, None);
        let body = ir.append_block(module.bodyRegion(ir), &[]);
        (module, body)
    }

    /// The body block.
    pub fn body(self, ir: &Ir) -> crate::BlockId {
        ir.entry_block(self.bodyRegion(ir))
            .expect("a module has its body block")
    }
}

/// MLIR's `ModuleOp::verify`: discardable attributes need a dialect prefix.
fn verify_module(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let has_args = ir.regions(op).iter().any(|&r| {
        ir.region_blocks(r)
            .first()
            .is_some_and(|&b| !ir.block_args(b).is_empty())
    });
    if has_args {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "region should have no arguments",
        ));
    }
    for &(name, _) in ctx.dictionary_entries(ir.attributes(op)) {
        let name = ctx.str(name);
        if !name.contains('.') && name != "sym_name" && name != "sym_visibility" {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("can only contain attributes with dialect-prefixed names, found: '{name}'"),
            ));
        }
    }
    Ok(())
}

crate::define_op! {
    /// An unrealized conversion from one set of types to another.
    pub struct UnrealizedConversionCastOp = "builtin.unrealized_conversion_cast" {
        summary: "An unrealized conversion from one set of types to another",
        traits: [PURE],
        operands: [inputs: variadic(TypeConstraint::Any)],
        results: [outputs: variadic(TypeConstraint::Any)],
        format: "($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict",
    }
}
