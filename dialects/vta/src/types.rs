//! `!vta.tile<inp, 4x6>`: a tile of on-chip buffer elements.
//!
//! A tile is a dense N-D block of elements of one on-chip buffer (`inp`,
//! `wgt` or `acc`), before it has an SRAM address. Its shape counts buffer
//! elements ("tiles" in the spec's sense: 1x16 int8 for `inp`, 16x16 int8
//! for `wgt`, 1x16 int32 for `acc` in the default configuration), so the
//! same type means the same thing in every configuration. The last two
//! dimensions are the rows and columns of a 2-D DMA transfer; leading
//! dimensions repeat it.
//!
//! The parameters are stored as attributes of a `TypeData::Dialect`: the
//! memory as a string and the shape as `array<i64: ...>`.

use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::Parser;
use strata_ir::{Context, DiagResult, Type, TypeData};
use strata_vta::Buffer;

/// The mnemonic of the tile type.
pub const TILE: &str = "tile";

/// A decoded `!vta.tile`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileType {
    pub memory: Buffer,
    pub shape: Vec<i64>,
}

impl TileType {
    /// Number of buffer elements the tile occupies.
    pub fn num_elements(&self) -> i64 {
        self.shape.iter().product()
    }

    /// Row-major strides of the shape, in elements.
    pub fn strides(&self) -> Vec<i64> {
        row_major_strides(&self.shape)
    }

    /// The uniqued type.
    pub fn to_type(&self, ctx: &Context) -> Type {
        ctx.intern_type(TypeData::Dialect {
            dialect: ctx.intern_str(crate::DIALECT),
            name: ctx.intern_str(TILE),
            params: vec![
                ctx.string_attr(self.memory.name()),
                ctx.dense_i64_array(&self.shape),
            ]
            .into(),
        })
    }

    /// Decodes `ty` if it is a `!vta.tile`.
    pub fn from_type(ctx: &Context, ty: Type) -> Option<TileType> {
        let TypeData::Dialect {
            dialect,
            name,
            params,
        } = ctx.type_data(ty)
        else {
            return None;
        };
        if ctx.str(*dialect) != crate::DIALECT || ctx.str(*name) != TILE || params.len() != 2 {
            return None;
        }
        let memory = tile_memory(ctx.string_value(params[0])?)?;
        let shape = ctx.dense_array_i64(params[1])?;
        Some(TileType { memory, shape })
    }
}

/// Row-major strides of `shape`.
pub fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    strides
}

/// The buffers a tile may live in.
pub fn tile_memory(name: &str) -> Option<Buffer> {
    match name {
        "inp" => Some(Buffer::Inp),
        "wgt" => Some(Buffer::Wgt),
        "acc" => Some(Buffer::Acc),
        _ => None,
    }
}

/// Parses the body of `!vta.tile<inp, 4x6>` after the mnemonic.
pub fn parse_tile(parser: &mut Parser) -> DiagResult<Type> {
    parser.expect(TokenKind::Less, "'<' in tile type")?;
    if parser.kind() != TokenKind::BareIdent {
        return Err(parser.error_here("expected tile memory 'inp', 'wgt' or 'acc'"));
    }
    let Some(memory) = tile_memory(parser.text()) else {
        return Err(parser.error_here(format!(
            "unknown tile memory '{}', expected 'inp', 'wgt' or 'acc'",
            parser.text()
        )));
    };
    parser.advance();
    parser.expect(TokenKind::Comma, "',' in tile type")?;
    let shape = parse_static_shape(parser)?;
    parser.expect(TokenKind::Greater, "'>' in tile type")?;
    Ok(TileType { memory, shape }.to_type(parser.ctx))
}

/// Parses `4x6x2` (positive static sizes). The lexer reads `4x6x2` as the
/// integer `4` and the identifier `x6x2`, so the identifier is split here.
fn parse_static_shape(parser: &mut Parser) -> DiagResult<Vec<i64>> {
    let bad = |parser: &Parser| parser.error_here("expected a shape of positive sizes like 4x6");
    if parser.kind() != TokenKind::Integer || parser.text().starts_with("0x") {
        return Err(bad(parser));
    }
    let mut shape = vec![parser.text().parse::<i64>().map_err(|_| bad(parser))?];
    parser.advance();
    if parser.kind() == TokenKind::BareIdent && parser.text().starts_with('x') {
        for part in parser.text()[1..].split('x') {
            shape.push(part.parse::<i64>().map_err(|_| bad(parser))?);
        }
        parser.advance();
    }
    if shape.iter().any(|&d| d <= 0) {
        return Err(bad(parser));
    }
    Ok(shape)
}

/// Prints the part after `!vta.`.
pub fn print_tile(tile: &TileType) -> String {
    let dims: Vec<String> = tile.shape.iter().map(|d| d.to_string()).collect();
    format!("{TILE}<{}, {}>", tile.memory.name(), dims.join("x"))
}
