//! The arith dialect's attributes: `#arith.fastmath<...>` and
//! `#arith.overflow<...>` (bit enums stored as a dialect attribute with one
//! integer parameter), predicates and rounding modes (plain integers, as
//! MLIR stores its `I64EnumAttr`s / `I32EnumAttr`s).

use crate::semantics::{CMPF_PREDICATES, CMPI_PREDICATES};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{OpParser, Parser};
use strata_ir::asm::printer::OpPrinter;
use strata_ir::asm::AsmWriter;
use strata_ir::constraints::AttrConstraint;
use strata_ir::diagnostics::DiagResult;
use strata_ir::opdef::AttrSyntax;
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

// ---------------------------------------------------------------------------
// Spellings inside the ops' assembly formats
// ---------------------------------------------------------------------------

/// The flags' spelling after the `fastmath` / `overflow` keywords: `<nsw>`.
const fn flags_syntax(parse: SyntaxParse, print: SyntaxPrint) -> AttrSyntax {
    AttrSyntax { parse, print }
}

type SyntaxParse = fn(&mut OpParser) -> DiagResult<Option<Attribute>>;
type SyntaxPrint = fn(&mut OpPrinter, Attribute);

fn parse_flags_body(e: &BitEnum, p: &mut OpParser) -> DiagResult<Option<Attribute>> {
    let bits = e.parse_body(p.parser)?;
    Ok(Some(e.attr(p.ctx(), bits)))
}

fn print_flags_body(e: &BitEnum, p: &mut OpPrinter, attr: Attribute) {
    let bits = e.bits(p.ctx(), attr).unwrap_or(0);
    p.write(&format!("<{}>", e.to_text(bits)));
}

/// `$fastmath` in a format: `<fast>` (MLIR's `Arith_FastMathAttr` with its
/// mnemonic left out).
pub const FASTMATH_SYNTAX: AttrSyntax = flags_syntax(
    |p| parse_flags_body(&FASTMATH, p),
    |p, a| print_flags_body(&FASTMATH, p, a),
);

/// `$overflowFlags` in a format: `<nsw, nuw>`.
pub const OVERFLOW_SYNTAX: AttrSyntax = flags_syntax(
    |p| parse_flags_body(&OVERFLOW, p),
    |p, a| print_flags_body(&OVERFLOW, p, a),
);

/// `#arith.fastmath<none>`, the default of a default-valued `fastmath`.
pub fn no_fastmath(ctx: &Context) -> Attribute {
    FASTMATH.attr(ctx, 0)
}

/// `#arith.overflow<none>`, the default of `overflowFlags`.
pub fn no_overflow(ctx: &Context) -> Attribute {
    OVERFLOW.attr(ctx, 0)
}

/// The constraint of a `#arith.<mnemonic>` attribute.
pub fn flags_constraint(e: &BitEnum) -> AttrConstraint {
    AttrConstraint::DialectAttr {
        dialect: "arith".into(),
        name: e.mnemonic.into(),
    }
}

/// `$roundingmode` in a format: one of [`ROUNDING_MODES`], stored as an
/// `i32` (MLIR's `Arith_RoundingModeAttr`); absent when the next word is
/// not a rounding mode.
pub const ROUNDING_MODE_SYNTAX: AttrSyntax = AttrSyntax {
    parse: |p| {
        if !p.is(TokenKind::BareIdent) {
            return Ok(None);
        }
        let word = p.parser.text();
        let Some(mode) = ROUNDING_MODES.iter().position(|m| *m == word) else {
            return Ok(None);
        };
        p.parser.advance();
        let ctx = p.ctx();
        Ok(Some(ctx.integer_attr(ctx.signless(32), mode as i128)))
    },
    print: |p, attr| {
        let mode = p.ctx().integer_value(attr).unwrap_or(-1);
        if let Some(word) = usize::try_from(mode)
            .ok()
            .and_then(|m| ROUNDING_MODES.get(m))
        {
            p.write(word);
        }
    },
};

/// An `I64EnumAttr` spelled by its case name, as a keyword or a string,
/// with MLIR's error for an unknown case.
fn parse_enum_case(
    p: &mut OpParser,
    attr_name: &str,
    cases: &[&str],
) -> DiagResult<Option<Attribute>> {
    let word = match p.parser.kind() {
        TokenKind::BareIdent => p.parser.text().to_string(),
        TokenKind::String => p.parser.text().trim_matches('"').to_string(),
        _ => String::new(),
    };
    let Some(index) = cases.iter().position(|c| *c == word) else {
        return Err(p.error_here(format!(
            "expected string or keyword containing one of the following enum values for attribute '{attr_name}' [{}]",
            cases.join(", ")
        )));
    };
    p.parser.advance();
    let ctx = p.ctx();
    Ok(Some(ctx.integer_attr(ctx.signless(64), index as i128)))
}

fn print_enum_case(p: &mut OpPrinter, attr: Attribute, cases: &[&str]) {
    let index = p.ctx().integer_value(attr).unwrap_or(-1);
    p.write(
        usize::try_from(index)
            .ok()
            .and_then(|i| cases.get(i))
            .copied()
            .unwrap_or("?"),
    );
}

/// `$kind` of `memref.atomic_rmw` (an `AtomicRMWKindAttr`): `addf`, `maxs`, ...
pub const ATOMIC_RMW_KIND_SYNTAX: AttrSyntax = AttrSyntax {
    parse: |p| parse_enum_case(p, "kind", &crate::atomic::NAMES),
    print: |p, a| print_enum_case(p, a, &crate::atomic::NAMES),
};

/// `$predicate` of `arith.cmpi`: `slt`, `eq`, ...
pub const CMPI_PREDICATE_SYNTAX: AttrSyntax = AttrSyntax {
    parse: |p| parse_enum_case(p, "predicate", &CMPI_PREDICATES),
    print: |p, a| print_enum_case(p, a, &CMPI_PREDICATES),
};

/// `$predicate` of `arith.cmpf`: `olt`, `une`, ...
pub const CMPF_PREDICATE_SYNTAX: AttrSyntax = AttrSyntax {
    parse: |p| parse_enum_case(p, "predicate", &CMPF_PREDICATES),
    print: |p, a| print_enum_case(p, a, &CMPF_PREDICATES),
};
