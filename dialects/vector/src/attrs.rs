//! `#vector.kind<...>` and `#vector.iterator_type<...>`: enums stored as a
//! dialect attribute whose one parameter is the keyword.

use strata_dialect_arith as arith;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::Parser;
use strata_ir::asm::AsmWriter;
use strata_ir::diagnostics::DiagResult;
use strata_ir::{AttrData, Attribute, Context, Ir, OpId};

/// MLIR's `vector::CombiningKind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CombiningKind {
    Add,
    Mul,
    MinUI,
    MinSI,
    MinNumF,
    MaxUI,
    MaxSI,
    MaxNumF,
    And,
    Or,
    Xor,
    MinimumF,
    MaximumF,
}

pub const KINDS: [(&str, CombiningKind); 13] = [
    ("add", CombiningKind::Add),
    ("mul", CombiningKind::Mul),
    ("minui", CombiningKind::MinUI),
    ("minsi", CombiningKind::MinSI),
    ("minnumf", CombiningKind::MinNumF),
    ("maxui", CombiningKind::MaxUI),
    ("maxsi", CombiningKind::MaxSI),
    ("maxnumf", CombiningKind::MaxNumF),
    ("and", CombiningKind::And),
    ("or", CombiningKind::Or),
    ("xor", CombiningKind::Xor),
    ("minimumf", CombiningKind::MinimumF),
    ("maximumf", CombiningKind::MaximumF),
];

impl CombiningKind {
    pub fn keyword(self) -> &'static str {
        KINDS
            .iter()
            .find(|k| k.1 == self)
            .map(|k| k.0)
            .unwrap_or("add")
    }
    pub fn from_keyword(word: &str) -> Option<Self> {
        KINDS.iter().find(|k| k.0 == word).map(|k| k.1)
    }
    /// Whether the kind applies to integers (`true`) or floats (`false`).
    pub fn for_integers(self) -> bool {
        !matches!(
            self,
            Self::MinNumF | Self::MaxNumF | Self::MinimumF | Self::MaximumF
        )
    }
    pub fn for_floats(self) -> bool {
        matches!(
            self,
            Self::Add | Self::Mul | Self::MinNumF | Self::MaxNumF | Self::MinimumF | Self::MaximumF
        )
    }
    /// The arith op combining two elements (`float` picks addf over addi).
    pub fn arith_op(self, float: bool) -> &'static str {
        match (self, float) {
            (Self::Add, true) => arith::AddFOp::NAME,
            (Self::Add, false) => arith::AddIOp::NAME,
            (Self::Mul, true) => arith::MulFOp::NAME,
            (Self::Mul, false) => arith::MulIOp::NAME,
            (Self::MinUI, _) => arith::MinUIOp::NAME,
            (Self::MinSI, _) => arith::MinSIOp::NAME,
            (Self::MinNumF, _) => arith::MinNumFOp::NAME,
            (Self::MaxUI, _) => arith::MaxUIOp::NAME,
            (Self::MaxSI, _) => arith::MaxSIOp::NAME,
            (Self::MaxNumF, _) => arith::MaxNumFOp::NAME,
            (Self::And, _) => arith::AndIOp::NAME,
            (Self::Or, _) => arith::OrIOp::NAME,
            (Self::Xor, _) => arith::XOrIOp::NAME,
            (Self::MinimumF, _) => arith::MinimumFOp::NAME,
            (Self::MaximumF, _) => arith::MaximumFOp::NAME,
        }
    }
}

fn enum_attr(ctx: &Context, mnemonic: &str, word: &str) -> Attribute {
    ctx.intern_attr(AttrData::Dialect {
        dialect: ctx.intern_str("vector"),
        name: ctx.intern_str(mnemonic),
        params: Box::new([ctx.string_attr(word)]),
    })
}

fn enum_word<'c>(ctx: &'c Context, attr: Attribute, mnemonic: &str) -> Option<&'c str> {
    match ctx.attr_data(attr) {
        AttrData::Dialect {
            dialect,
            name,
            params,
        } if ctx.str(*dialect) == "vector" && ctx.str(*name) == mnemonic => {
            ctx.string_value(*params.first()?)
        }
        _ => None,
    }
}

/// `#vector.kind<kind>`.
pub fn kind_attr(ctx: &Context, kind: CombiningKind) -> Attribute {
    enum_attr(ctx, "kind", kind.keyword())
}

/// The combining kind an attribute holds.
pub fn kind_value(ctx: &Context, attr: Attribute) -> Option<CombiningKind> {
    enum_word(ctx, attr, "kind").and_then(CombiningKind::from_keyword)
}

/// An `i64` list attribute of `op` (a dense array such as `mask`, or an
/// array of integers such as the strided slices' `offsets`); empty when
/// absent. The interpreter and the back ends read positions with it.
pub fn i64_list(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Vec<i64> {
    let Some(attr) = ir.attr(ctx, op, name) else {
        return Vec::new();
    };
    if let Some(v) = ctx.dense_array_i64(attr) {
        return v;
    }
    ctx.array_elements(attr)
        .unwrap_or(&[])
        .iter()
        .filter_map(|&a| ctx.integer_value(a).map(|v| v as i64))
        .collect()
}

/// The `kind` of a reduction, contraction or outer product (`add` when absent).
pub fn kind_of(ctx: &Context, ir: &Ir, op: OpId) -> CombiningKind {
    ir.attr(ctx, op, "kind")
        .and_then(|a| kind_value(ctx, a))
        .unwrap_or(CombiningKind::Add)
}

/// `#vector.iterator_type<parallel|reduction>`.
pub fn iterator_type_attr(ctx: &Context, word: &str) -> Attribute {
    enum_attr(ctx, "iterator_type", word)
}

/// The iterator types of a contraction: `true` for a reduction dimension.
pub fn iterator_types(ctx: &Context, ir: &Ir, op: OpId) -> Vec<bool> {
    ir.attr(ctx, op, "iterator_types")
        .and_then(|a| ctx.array_elements(a))
        .unwrap_or(&[])
        .iter()
        .map(|&a| enum_word(ctx, a, "iterator_type") == Some("reduction"))
        .collect()
}

/// The keywords of MLIR's `vector::PrintPunctuation` (what `vector.print` ends with).
pub const PUNCTUATIONS: [&str; 5] = ["no_punctuation", "newline", "comma", "open", "close"];

/// `#vector.punctuation<word>`.
pub fn punctuation_attr(ctx: &Context, word: &str) -> Attribute {
    enum_attr(ctx, "punctuation", word)
}

/// The word of a `#vector.punctuation<...>` attribute.
pub fn punctuation_word(ctx: &Context, attr: Attribute) -> Option<&str> {
    enum_word(ctx, attr, "punctuation")
}

/// `<word>` after the mnemonic; returns the word.
pub fn parse_angle_keyword(parser: &mut Parser, what: &str) -> DiagResult<String> {
    parser.expect(TokenKind::Less, "'<'")?;
    if !parser.is(TokenKind::BareIdent) {
        return Err(parser.error_here(format!("expected {what}")));
    }
    let word = parser.text().to_string();
    parser.advance();
    parser.expect(TokenKind::Greater, "'>'")?;
    Ok(word)
}

pub fn parse_kind_body(parser: &mut Parser) -> DiagResult<Attribute> {
    let loc_word = parser.current_loc();
    let word = parse_angle_keyword(parser, "::mlir::vector::CombiningKind")?;
    match CombiningKind::from_keyword(&word) {
        Some(k) => Ok(kind_attr(parser.ctx, k)),
        None => Err(strata_ir::Diagnostic::error(
            loc_word,
            format!(
                "expected ::mlir::vector::CombiningKind to be one of: {}",
                KINDS.map(|k| k.0).join(", ")
            ),
        )),
    }
}

/// `Dialect::parse_attribute` of vector.
pub fn parse_dialect_attribute(parser: &mut Parser, mnemonic: &str) -> DiagResult<Attribute> {
    match mnemonic {
        "kind" => parse_kind_body(parser),
        "iterator_type" => {
            let word = parse_angle_keyword(parser, "::mlir::vector::IteratorType")?;
            if word != "parallel" && word != "reduction" {
                return Err(parser.error_here(
                    "expected ::mlir::vector::IteratorType to be one of: parallel, reduction",
                ));
            }
            Ok(iterator_type_attr(parser.ctx, &word))
        }
        "punctuation" => {
            let word = parse_angle_keyword(parser, "::mlir::vector::PrintPunctuation")?;
            if !PUNCTUATIONS.contains(&word.as_str()) {
                return Err(parser.error_here(format!(
                    "expected ::mlir::vector::PrintPunctuation to be one of: {}",
                    PUNCTUATIONS.join(", ")
                )));
            }
            Ok(punctuation_attr(parser.ctx, &word))
        }
        _ => Err(parser.error_here(format!(
            "unknown attribute `{mnemonic}` in dialect `vector`"
        ))),
    }
}

/// `Dialect::print_attribute` of vector.
pub fn print_dialect_attribute(ctx: &Context, attr: Attribute, out: &mut AsmWriter) -> bool {
    for mnemonic in ["kind", "iterator_type", "punctuation"] {
        if let Some(word) = enum_word(ctx, attr, mnemonic) {
            out.write(&format!("{mnemonic}<{word}>"));
            return true;
        }
    }
    false
}
