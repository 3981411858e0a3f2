//! Dialects: named groups of ops, types and attributes, loaded into a context.
//!
//! A dialect lists its op definitions and, if it has custom types or
//! attributes (`!vta.tile<...>`, `#arith.fastmath<fast>`), parses and prints
//! their bodies. The parser hands a dialect the token stream right after
//! `!dialect.name` / `#dialect.name`; what the dialect builds is stored as a
//! [`crate::TypeData::Dialect`] / [`crate::AttrData::Dialect`] whose
//! parameters are attributes.

use crate::asm::parser::Parser;
use crate::asm::printer::AsmWriter;
use crate::attributes::Attribute;
use crate::context::Context;
use crate::diagnostics::DiagResult;
use crate::opdef::OpDefinition;
use crate::types::Type;

pub trait Dialect: Send + Sync {
    /// The namespace, e.g. `arith`.
    fn name(&self) -> &str;

    /// One-line description for `--show-dialects`.
    fn description(&self) -> &str {
        ""
    }

    /// Whether ops of this namespace that the dialect does not define are
    /// accepted (MLIR's `allowsUnknownOperations`); otherwise the verifier
    /// rejects them even with unregistered dialects allowed.
    fn allows_unknown_operations(&self) -> bool {
        false
    }

    /// The ops of this dialect. Called once when the dialect is loaded.
    fn operations(&self, ctx: &Context) -> Vec<OpDefinition>;

    /// Parses the type `!<dialect>.<mnemonic>...`; the parser is positioned
    /// just after the mnemonic.
    fn parse_type(&self, parser: &mut Parser, mnemonic: &str) -> DiagResult<Type> {
        Err(parser.error_here(format!(
            "dialect '{}' provides no type parsing hook (type '{mnemonic}')",
            self.name()
        )))
    }

    /// Prints the part after `!<dialect>.` of one of this dialect's types.
    fn print_type(&self, _ctx: &Context, _ty: Type, _out: &mut AsmWriter) -> bool {
        false
    }

    fn parse_attribute(
        &self,
        parser: &mut Parser,
        mnemonic: &str,
        _ty: Option<Type>,
    ) -> DiagResult<Attribute> {
        Err(parser.error_here(format!(
            "dialect '{}' provides no attribute parsing hook (attribute '{mnemonic}')",
            self.name()
        )))
    }

    /// Prints the part after `#<dialect>.` of one of this dialect's attributes.
    fn print_attribute(&self, _ctx: &Context, _attr: Attribute, _out: &mut AsmWriter) -> bool {
        false
    }

    /// Builds a constant op of this dialect producing `value` of type `ty`
    /// at `at` (MLIR's `materializeConstant`); used by folding. Returns the
    /// op, which must be `CONSTANT_LIKE` with one result, or `None`.
    fn materialize_constant(
        &self,
        _ctx: &Context,
        _ir: &mut crate::ir::Ir,
        _value: Attribute,
        _ty: Type,
        _loc: crate::attributes::Location,
        _at: crate::ir::InsertPoint,
    ) -> Option<crate::ir::OpId> {
        None
    }
}
