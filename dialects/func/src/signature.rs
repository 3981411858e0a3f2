//! Function signatures in MLIR's custom syntax, shared by function-like ops.
//!
//! `(%arg0: i32 {a = 1}, %arg1: f32) -> (i32 {b}, f32)` for definitions and
//! `(i32, f32) -> i32` for declarations (MLIR's
//! `function_interface_impl::parseFunctionSignature` / `printFunctionSignature`).
//! Argument and result attributes live in the `arg_attrs` / `res_attrs`
//! properties as arrays of dictionaries, present only when one is non-empty.

use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{BlockArgDecl, OpParser};
use strata_ir::asm::printer::OpPrinter;
use strata_ir::diagnostics::DiagResult;
use strata_ir::{Attribute, Context, OpId, Type};

/// What the text of a signature gave.
pub struct ParsedSignature<'a> {
    /// The named arguments (empty for declarations written with types only).
    pub named_args: Vec<BlockArgDecl<'a>>,
    pub arg_types: Vec<Type>,
    pub arg_attrs: Vec<Attribute>,
    pub result_types: Vec<Type>,
    pub result_attrs: Vec<Attribute>,
}

impl ParsedSignature<'_> {
    /// `arg_attrs` / `res_attrs` as MLIR stores them: `None` when all are empty.
    pub fn attr_arrays(&self, ctx: &Context) -> (Option<Attribute>, Option<Attribute>) {
        let empty = ctx.empty_dictionary();
        let pack = |attrs: &[Attribute]| {
            attrs
                .iter()
                .any(|a| *a != empty)
                .then(|| ctx.array_attr(attrs))
        };
        (pack(&self.arg_attrs), pack(&self.result_attrs))
    }
}

fn parse_optional_dict(p: &mut OpParser) -> DiagResult<Attribute> {
    if p.is(TokenKind::LBrace) {
        p.parser.parse_attribute_dict()
    } else {
        Ok(p.ctx().empty_dictionary())
    }
}

/// Parses `(args) (-> results)?`.
pub fn parse_function_signature<'a>(p: &mut OpParser<'_, 'a>) -> DiagResult<ParsedSignature<'a>> {
    let mut sig = ParsedSignature {
        named_args: Vec::new(),
        arg_types: Vec::new(),
        arg_attrs: Vec::new(),
        result_types: Vec::new(),
        result_attrs: Vec::new(),
    };
    p.expect(TokenKind::LParen, "'('")?;
    if !p.consume_if(TokenKind::RParen) {
        let mut named: Option<bool> = None;
        loop {
            let is_named = p.is(TokenKind::PercentIdent);
            match named {
                None => named = Some(is_named),
                Some(true) if !is_named => return Err(p.error_here("expected SSA identifier")),
                Some(false) if is_named => {
                    return Err(p.error_here("expected type instead of SSA identifier"))
                }
                _ => {}
            }
            if is_named {
                let operand = p.parse_operand()?;
                p.expect(TokenKind::Colon, "':'")?;
                let ty = p.parse_type()?;
                let attrs = parse_optional_dict(p)?;
                let loc = if p.is_keyword("loc") {
                    Some(p.parser.parse_location_directive()?)
                } else {
                    None
                };
                sig.named_args.push(BlockArgDecl { operand, ty, loc });
                sig.arg_types.push(ty);
                sig.arg_attrs.push(attrs);
            } else {
                let ty = p.parse_type()?;
                let attrs = parse_optional_dict(p)?;
                sig.arg_types.push(ty);
                sig.arg_attrs.push(attrs);
            }
            if p.consume_if(TokenKind::Comma) {
                continue;
            }
            p.expect(TokenKind::RParen, "')'")?;
            break;
        }
    }
    if p.consume_if(TokenKind::Arrow) {
        if p.consume_if(TokenKind::LParen) {
            if !p.consume_if(TokenKind::RParen) {
                loop {
                    let ty = p.parse_type()?;
                    let attrs = parse_optional_dict(p)?;
                    sig.result_types.push(ty);
                    sig.result_attrs.push(attrs);
                    if p.consume_if(TokenKind::Comma) {
                        continue;
                    }
                    p.expect(TokenKind::RParen, "')'")?;
                    break;
                }
            }
        } else {
            let ty = p.parse_type()?;
            sig.result_types.push(ty);
            sig.result_attrs.push(p.ctx().empty_dictionary());
        }
    }
    Ok(sig)
}

/// The dictionary at `index` of an `arg_attrs`/`res_attrs` array, if non-empty.
pub fn attr_dict_at(ctx: &Context, array: Option<Attribute>, index: usize) -> Option<Attribute> {
    let dict = *ctx.array_elements(array?)?.get(index)?;
    (!ctx.dictionary_entries(dict).is_empty()).then_some(dict)
}

fn print_dict(p: &mut OpPrinter, dict: Attribute) {
    p.write(" ");
    p.print_attribute(dict);
}

/// Prints `(args) -> results`; named arguments come from the entry block of
/// `body` when it has one.
pub fn print_function_signature(
    p: &mut OpPrinter,
    op: OpId,
    inputs: &[Type],
    results: &[Type],
    arg_attrs: Option<Attribute>,
    res_attrs: Option<Attribute>,
) {
    let ctx = p.ctx();
    let entry =
        p.ir.regions(op)
            .first()
            .and_then(|&r| p.ir.entry_block(r))
            // At least the inputs: function-like ops such as gpu.func put
            // more arguments (attributions) after them.
            .filter(|&b| p.ir.block_args(b).len() >= inputs.len());
    p.write("(");
    for (i, &ty) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if let Some(block) = entry {
            let arg = p.ir.block_arg(block, i);
            p.print_operand(arg);
            p.write(": ");
        }
        p.print_type(ty);
        if let Some(dict) = attr_dict_at(ctx, arg_attrs, i) {
            print_dict(p, dict);
        }
        if let Some(block) = entry {
            p.print_optional_value_loc(p.ir.block_arg(block, i));
        }
    }
    p.write(")");
    if results.is_empty() {
        return;
    }
    p.write(" -> ");
    let any_attrs = (0..results.len()).any(|i| attr_dict_at(ctx, res_attrs, i).is_some());
    let parens = results.len() > 1
        || ctx.function_signature(results[0]).is_some()
        || attr_dict_at(ctx, res_attrs, 0).is_some();
    if parens {
        p.write("(");
    }
    for (i, &ty) in results.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(ty);
        if any_attrs {
            if let Some(dict) = attr_dict_at(ctx, res_attrs, i) {
                print_dict(p, dict);
            }
        }
    }
    if parens {
        p.write(")");
    }
}
