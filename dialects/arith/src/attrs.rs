//! The arith dialect's attributes: `#arith.fastmath<...>` and
//! `#arith.overflow<...>` (bit enums stored as a dialect attribute with one
//! integer parameter), predicates and rounding modes (plain integers, as
//! MLIR stores its `I64EnumAttr`s / `I32EnumAttr`s).

use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::Parser;
use strata_ir::asm::AsmWriter;
use strata_ir::diagnostics::DiagResult;
use strata_ir::{AttrData, Attribute, Context};

/// A bit enum: its attribute mnemonic, flag names with bits, and the named
/// combinations printed instead of their bits.
pub struct BitEnum {
    pub mnemonic: &'static str,
    pub flags: &'static [(&'static str, u64)],
    pub groups: &'static [(&'static str, u64)],
    /// Between printed flags: MLIR 22 prints `fastmath<nnan,ninf>` but
    /// `overflow<nsw, nuw>`.
    pub separator: &'static str,
}

/// `#arith.fastmath<...>`: LLVM's fast-math flags.
pub const FASTMATH: BitEnum = BitEnum {
    mnemonic: "fastmath",
    flags: &[
        ("reassoc", 1),
        ("nnan", 2),
        ("ninf", 4),
        ("nsz", 8),
        ("arcp", 16),
        ("contract", 32),
        ("afn", 64),
    ],
    groups: &[("fast", 127)],
    separator: ",",
};

/// `#arith.overflow<...>`: no-signed-wrap / no-unsigned-wrap.
pub const OVERFLOW: BitEnum = BitEnum {
    mnemonic: "overflow",
    flags: &[("nsw", 1), ("nuw", 2)],
    groups: &[],
    separator: ", ",
};

/// Rounding modes of `arith.truncf` by value (`to_nearest_even` = 0).
pub const ROUNDING_MODES: [&str; 5] = [
    "to_nearest_even",
    "downward",
    "upward",
    "toward_zero",
    "to_nearest_away",
];

impl BitEnum {
    /// The attribute holding `bits`.
    pub fn attr(&self, ctx: &Context, bits: u64) -> Attribute {
        let value = ctx.integer_attr(ctx.signless(32), bits as i128);
        ctx.intern_attr(AttrData::Dialect {
            dialect: ctx.intern_str("arith"),
            name: ctx.intern_str(self.mnemonic),
            params: Box::new([value]),
        })
    }

    /// The bits of an attribute of this enum.
    pub fn bits(&self, ctx: &Context, attr: Attribute) -> Option<u64> {
        match ctx.attr_data(attr) {
            AttrData::Dialect { name, params, .. } if ctx.str(*name) == self.mnemonic => {
                ctx.integer_value(*params.first()?).map(|v| v as u64)
            }
            _ => None,
        }
    }

    /// `none`, `fast`, or the flags separated by the enum's separator.
    pub fn to_text(&self, bits: u64) -> String {
        if bits == 0 {
            return "none".into();
        }
        if let Some((name, _)) = self.groups.iter().find(|(_, b)| *b == bits) {
            return (*name).into();
        }
        self.flags
            .iter()
            .filter(|(_, b)| bits & b == *b)
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(self.separator)
    }

    fn word(&self, word: &str) -> Option<u64> {
        if word == "none" {
            return Some(0);
        }
        self.flags
            .iter()
            .chain(self.groups)
            .find(|(n, _)| *n == word)
            .map(|(_, b)| *b)
    }

    /// Parses `<flag, flag>` (the part after the mnemonic).
    pub fn parse_body(&self, parser: &mut Parser) -> DiagResult<u64> {
        parser.expect(TokenKind::Less, "'<'")?;
        let mut bits = 0;
        loop {
            if !parser.is(TokenKind::BareIdent) {
                return Err(
                    parser.error_here(format!("expected keyword for {} flags", self.mnemonic))
                );
            }
            let word = parser.text();
            let Some(b) = self.word(word) else {
                return Err(parser.error_here(format!(
                    "expected one of [{}] for {} flags, got: {word}",
                    std::iter::once("none")
                        .chain(self.flags.iter().map(|f| f.0))
                        .chain(self.groups.iter().map(|f| f.0))
                        .collect::<Vec<_>>()
                        .join(", "),
                    self.mnemonic
                )));
            };
            bits |= b;
            parser.advance();
            if !parser.consume_if(TokenKind::Comma) {
                break;
            }
        }
        parser.expect(TokenKind::Greater, "'>'")?;
        Ok(bits)
    }
}

/// `Dialect::parse_attribute` of arith.
pub fn parse_dialect_attribute(parser: &mut Parser, mnemonic: &str) -> DiagResult<Attribute> {
    let ctx = parser.ctx;
    for e in [&FASTMATH, &OVERFLOW] {
        if e.mnemonic == mnemonic {
            let bits = e.parse_body(parser)?;
            return Ok(e.attr(ctx, bits));
        }
    }
    Err(parser.error_here(format!("unknown attribute `{mnemonic}` in dialect `arith`")))
}

/// `Dialect::print_attribute` of arith.
pub fn print_dialect_attribute(ctx: &Context, attr: Attribute, out: &mut AsmWriter) -> bool {
    for e in [&FASTMATH, &OVERFLOW] {
        if let Some(bits) = e.bits(ctx, attr) {
            out.write(&format!("{}<{}>", e.mnemonic, e.to_text(bits)));
            return true;
        }
    }
    false
}
