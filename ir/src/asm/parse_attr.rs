//! Parsing of builtin attributes, attribute aliases and dialect attributes.

use super::lexer::{unescape_string, TokenKind};
use super::parser::{symbol_text, Parser};
use crate::attributes::{AttrData, Attribute, FloatBits};
use crate::diagnostics::DiagResult;
use crate::types::{FloatKind, Type, TypeData};
use strata_affine::MapOrSet as AffineMapOrSet;

/// A literal inside `dense<...>` before the type is known.
enum DenseLiteral {
    Int {
        negative: bool,
        magnitude: u128,
        offset: u32,
        /// Spelled `0x...`: for a float element, its bit pattern (MLIR).
        hex: bool,
    },
    Float {
        value: f64,
        offset: u32,
    },
    Bool(bool),
    Str(Vec<u8>),
    Complex(Box<DenseLiteral>, Box<DenseLiteral>),
    List(Vec<DenseLiteral>),
}

impl<'a> Parser<'a> {
    /// Parses an attribute; `ty` is the type expected by the context, if any
    /// (it makes `: type` optional after literals).
    pub fn parse_attribute(&mut self, ty: Option<Type>) -> DiagResult<Attribute> {
        self.nested(|p| p.parse_attribute_unbounded(ty))
    }

    fn parse_attribute_unbounded(&mut self, ty: Option<Type>) -> DiagResult<Attribute> {
        let ctx = self.ctx;
        match self.kind() {
            TokenKind::Integer | TokenKind::Float | TokenKind::Minus => self.parse_number_attribute(ty),
            TokenKind::String => {
                let value = unescape_string(self.text());
                self.advance();
                let value = String::from_utf8(value).map_err(|_| self.error_here("string attribute is not valid UTF-8"))?;
                let mut str_ty = None;
                if self.consume_if(TokenKind::Colon) {
                    str_ty = Some(self.parse_type()?);
                }
                Ok(ctx.intern_attr(AttrData::String { value: value.into(), ty: str_ty }))
            }
            TokenKind::LSquare => {
                let mut elements = Vec::new();
                self.parse_comma_list_in(TokenKind::LSquare, TokenKind::RSquare, "array attribute", |p| {
                    elements.push(p.parse_attribute(None)?);
                    Ok(())
                })?;
                Ok(ctx.array_attr(&elements))
            }
            TokenKind::LBrace => self.parse_attribute_dict(),
            TokenKind::AtIdent => {
                let root = symbol_text(self.text());
                self.advance();
                let mut nested = Vec::new();
                while self.consume_if(TokenKind::ColonColon) {
                    if !self.is(TokenKind::AtIdent) {
                        return Err(self.error_here("expected nested symbol reference identifier"));
                    }
                    nested.push(ctx.intern_str(&symbol_text(self.text())));
                    self.advance();
                }
                Ok(ctx.intern_attr(AttrData::SymbolRef { root: ctx.intern_str(&root), nested: nested.into() }))
            }
            TokenKind::HashIdent => self.parse_extended_attribute(ty),
            TokenKind::BareIdent => match self.text() {
                "unit" => {
                    self.advance();
                    Ok(ctx.unit_attr())
                }
                "true" | "false" => {
                    let value = self.text() == "true";
                    self.advance();
                    Ok(ctx.bool_attr(value))
                }
                "affine_map" | "affine_set" => self.parse_affine_attribute(),
                "dense" => self.parse_dense_attribute(ty),
                "dense_resource" => Err(self.error_here(
                    "dense_resource attributes (external blobs) are not supported by Strata; use dense<...> instead",
                )),
                "sparse" => Err(self.error_here("sparse elements attributes are not supported by Strata")),
                "distinct" => Err(self.error_here("distinct attributes are not supported by Strata")),
                "array" => self.parse_dense_array(),
                "strided" => self.parse_strided_layout(),
                "loc" => {
                    let loc = self.parse_location_directive()?;
                    Ok(loc.0)
                }
                _ if !starts_builtin_type(self.text()) => {
                    Err(self.wrong_token_error("expected attribute value"))
                }
                _ => {
                    let ty = self.parse_type()?;
                    Ok(ctx.type_attr(ty))
                }
            },
            TokenKind::ExclamationIdent | TokenKind::LParen => {
                let ty = self.parse_type()?;
                Ok(ctx.type_attr(ty))
            }
            _ => Err(self.wrong_token_error("expected attribute value")),
        }
    }

    /// `#alias`, `#dialect.name<...>` or `#dialect<"...">`.
    fn parse_extended_attribute(&mut self, ty: Option<Type>) -> DiagResult<Attribute> {
        let text = &self.text()[1..];
        let ctx = self.ctx;
        let start = self.offset();
        let (dialect, mnemonic) = match text.split_once('.') {
            Some((d, m)) => (d, m),
            None => {
                if self.angle_follows() {
                    (text, "")
                } else {
                    let Some(attr) = self.attr_alias(text)? else {
                        return Err(self.error_here(format!("undefined symbol alias id '{text}'")));
                    };
                    self.advance();
                    return Ok(attr);
                }
            }
        };
        if dialect.is_empty() {
            // `#.x`: the printer has no way to write an attribute of no dialect.
            return Err(self.error_here("expected dialect namespace before '.'"));
        }
        if let Some(hooks) = ctx.dialect(dialect).cloned() {
            self.advance();
            return hooks.parse_attribute(self, mnemonic, ty);
        }
        if !ctx.allow_unregistered_dialects {
            return Err(self.error_at(
                start,
                format!("dialect '{dialect}' not found for custom attribute (use -allow-unregistered-dialect)"),
            ));
        }
        let dialect_id = ctx.intern_str(dialect);
        let mut data = mnemonic.to_string();
        if self.angle_follows() {
            let body = self.take_angle_body_after_token()?;
            if mnemonic.is_empty() {
                // `#foo<...>`: the body is the data, kept as written (MLIR's OpaqueAttr).
                data = body.to_string();
            } else {
                data.push('<');
                data.push_str(body);
                data.push('>');
            }
        } else {
            self.advance();
        }
        let mut attr_ty = None;
        if self.consume_if(TokenKind::Colon) {
            attr_ty = Some(self.parse_type()?);
        }
        Ok(ctx.intern_attr(AttrData::Opaque {
            dialect: dialect_id,
            data: data.into(),
            ty: attr_ty,
        }))
    }

    fn parse_affine_attribute(&mut self) -> DiagResult<Attribute> {
        let is_map = self.text() == "affine_map";
        if !self.angle_follows() {
            self.advance();
            return Err(self.error_here("expected '<'"));
        }
        let body_offset = self.token().end + 1;
        let body = match self.take_angle_body(true) {
            Ok(body) => body,
            Err(unbalanced) => {
                // MLIR parses the map token by token: a malformed one is
                // reported where its expression goes wrong, not as an
                // unbalanced body. The rest of the line is what it read.
                let rest = &self.rest_of_source()[(body_offset - self.offset()) as usize..];
                let line = &rest[..rest.find(['\n', '\r']).unwrap_or(rest.len())];
                return Err(match strata_affine::parse_affine_map_or_set(line) {
                    Err(e) => self.error_at(body_offset + e.offset as u32, e.message),
                    Ok(_) => unbalanced,
                });
            }
        };
        let parsed = strata_affine::parse_affine_map_or_set(body)
            .map_err(|e| self.error_at(body_offset + e.offset as u32, e.message))?;
        let ctx = self.ctx;
        match (parsed, is_map) {
            (AffineMapOrSet::Map(map), true) => Ok(ctx.affine_map_attr(map)),
            (AffineMapOrSet::Set(set), false) => Ok(ctx.intern_attr(AttrData::IntegerSet(set))),
            (_, true) => Err(self.error_at(body_offset, "expected AffineMap, but got IntegerSet")),
            (_, false) => Err(self.error_at(body_offset, "expected IntegerSet, but got AffineMap")),
        }
    }

    /// Integer or float literal with optional `: type`.
    fn parse_number_attribute(&mut self, expected: Option<Type>) -> DiagResult<Attribute> {
        let negative = self.consume_if(TokenKind::Minus);
        // MLIR reports literal errors at the digits, after any minus.
        let start = self.offset();
        let ctx = self.ctx;
        let tok_kind = self.kind();
        if tok_kind != TokenKind::Integer && tok_kind != TokenKind::Float {
            return Err(self.error_here("expected constant integer or floating point value"));
        }
        let text = self.text();
        self.advance();
        // With a type given, a `:` after the literal belongs to the caller
        // (MLIR's `parseDecOrHexAttr`: `stride 4 : i32` in a format).
        let ty = if let Some(t) = expected {
            t
        } else if self.consume_if(TokenKind::Colon) {
            self.parse_type()?
        } else if tok_kind == TokenKind::Float {
            ctx.float_type(FloatKind::F64)
        } else {
            ctx.signless(64)
        };
        if let Some(kind) = ctx.float_kind(ty) {
            let bits =
                self.float_literal_bits(kind, negative, text, tok_kind == TokenKind::Float, start)?;
            return Ok(ctx.intern_attr(AttrData::Float { ty, bits }));
        }
        if tok_kind == TokenKind::Float {
            return Err(self.error_here("floating point value not valid for specified type"));
        }
        if !(ctx.is_integer(ty) || ctx.is_index(ty)) {
            return Err(self.error_at(start, "integer literal not valid for specified type"));
        }
        let value = self.integer_value_for_type(text, negative, ty, start)?;
        Ok(ctx.intern_attr(AttrData::Integer { ty, value }))
    }

    /// Checks that a literal fits `ty` and returns its normalised value.
    fn integer_value_for_type(
        &self,
        text: &str,
        negative: bool,
        ty: Type,
        at: u32,
    ) -> DiagResult<i128> {
        let ctx = self.ctx;
        let magnitude = parse_magnitude(text)
            .ok_or_else(|| self.error_at(at, "integer constant out of range for attribute"))?;
        let width = ctx.integer_width(ty).unwrap_or(64);
        let unsigned = matches!(
            ctx.type_data(ty),
            TypeData::Integer {
                signedness: crate::types::Signedness::Unsigned,
                ..
            }
        );
        // MLIR treats `index` like a signed 64-bit type here.
        let signed = matches!(
            ctx.type_data(ty),
            TypeData::Integer {
                signedness: crate::types::Signedness::Signed,
                ..
            } | TypeData::Index
        );
        if width > 128 {
            // Values are held in an i128: wider types get its range.
            if magnitude > i128::MAX as u128 + negative as u128 {
                return Err(self.error_at(at, "integer constant out of range for attribute"));
            }
            let v = magnitude as i128;
            return Ok(if negative { v.wrapping_neg() } else { v });
        }
        if negative {
            if unsigned {
                return Err(self.error_at(
                    at,
                    "negative integer literal not valid for unsigned integer type",
                ));
            }
            // Signless and signed: must fit the signed range.
            let limit = 1u128 << (width.max(1) - 1);
            if magnitude > limit && width > 1 {
                return Err(self.error_at(at, "integer constant out of range for attribute"));
            }
            if width == 1 && magnitude > 1 {
                return Err(self.error_at(at, "integer constant out of range for attribute"));
            }
            return Ok(ctx.normalize_int(ty, (magnitude as i128).wrapping_neg()));
        }
        let max = if signed {
            (1u128 << (width.max(1) - 1)) - 1
        } else {
            u128::MAX.checked_shr(128 - width).unwrap_or(0)
        };
        if magnitude > max {
            return Err(self.error_at(at, "integer constant out of range for attribute"));
        }
        Ok(ctx.normalize_int(ty, magnitude as i128))
    }

    /// Converts a literal to the bit pattern of `kind`.
    fn float_literal_bits(
        &self,
        kind: FloatKind,
        negative: bool,
        text: &str,
        is_float: bool,
        at: u32,
    ) -> DiagResult<FloatBits> {
        if !is_float {
            if let Some(hex) = text.strip_prefix("0x") {
                if negative {
                    return Err(self.error_at(
                        at,
                        "hexadecimal float literal should not have a leading minus",
                    ));
                }
                let bits = u128::from_str_radix(hex, 16).map_err(|_| {
                    self.error_at(at, "hexadecimal float constant out of range for type")
                })?;
                if kind.width() < 128 && bits >> kind.width() != 0 {
                    return Err(
                        self.error_at(at, "hexadecimal float constant out of range for type")
                    );
                }
                return Ok(FloatBits(bits));
            }
            return Err(self.decimal_integer_for_float_error(at));
        }
        let value: f64 = text
            .parse()
            .map_err(|_| self.error_at(at, "invalid floating point literal"))?;
        let value = if negative { -value } else { value };
        float_bits_from_f64(kind, value).ok_or_else(|| {
            self.error_at(
                at,
                format!(
                    "decimal literals of type '{}' are not supported; use a hexadecimal literal",
                    kind.keyword()
                ),
            )
        })
    }

    /// MLIR wants a float literal to be spelled as one (`1.0`, not `1`).
    fn decimal_integer_for_float_error(&self, at: u32) -> crate::diagnostics::Diagnostic {
        self.error_at(
            at,
            "unexpected decimal integer literal for a floating point value",
        )
        .with_note(
            self.loc_at(at),
            "add a trailing dot to make the literal a float",
        )
    }

    fn parse_dense_array(&mut self) -> DiagResult<Attribute> {
        self.advance();
        self.expect(TokenKind::Less, "'<' after 'array'")?;
        let at = self.offset();
        let element = self.parse_type()?;
        let ctx = self.ctx;
        let width = match ctx.type_data(element) {
            TypeData::Integer { width, .. } if matches!(width, 1 | 8 | 16 | 32 | 64) => *width,
            TypeData::Float(FloatKind::F32) => 32,
            TypeData::Float(FloatKind::F64) => 64,
            _ => {
                return Err(self.error_at(
                    at,
                    "expected integer or float type, got: ".to_string()
                        + &super::printer::type_to_string(ctx, element),
                ))
            }
        };
        let bytes = width.div_ceil(8) as usize;
        let mut raw = Vec::new();
        let mut len = 0usize;
        if self.consume_if(TokenKind::Colon) {
            self.parse_comma_list(|p| {
                let start = p.offset();
                if let Some(kind) = ctx.float_kind(element) {
                    let negative = p.consume_if(TokenKind::Minus);
                    let is_float = p.is(TokenKind::Float);
                    if !is_float && !p.is(TokenKind::Integer) {
                        return Err(p.error_here("expected floating point literal"));
                    }
                    let text = p.text();
                    p.advance();
                    let bits = p.float_literal_bits(kind, negative, text, is_float, start)?;
                    raw.extend_from_slice(&bits.0.to_le_bytes()[..bytes]);
                } else if width == 1 && (p.is_keyword("true") || p.is_keyword("false")) {
                    raw.push(p.is_keyword("true") as u8);
                    p.advance();
                } else {
                    let negative = p.consume_if(TokenKind::Minus);
                    if !p.is(TokenKind::Integer) {
                        return Err(p.error_here("expected integer literal"));
                    }
                    let text = p.text();
                    p.advance();
                    let value = p.integer_value_for_type(text, negative, element, start)?;
                    raw.extend_from_slice(&value.to_le_bytes()[..bytes]);
                }
                len += 1;
                Ok(())
            })?;
        }
        self.expect(TokenKind::Greater, "'>' to close an array attribute")?;
        Ok(ctx.intern_attr(AttrData::DenseArray {
            element,
            len,
            raw: raw.into(),
        }))
    }

    fn parse_strided_layout(&mut self) -> DiagResult<Attribute> {
        self.advance();
        self.expect(TokenKind::Less, "'<' after 'strided'")?;
        let mut strides = Vec::new();
        self.parse_comma_list_in(
            TokenKind::LSquare,
            TokenKind::RSquare,
            // MLIR's bare "expected '['" / "expected ']'".
            "",
            |p| {
                strides.push(p.parse_stride_value()?);
                Ok(())
            },
        )?;
        let mut offset = 0;
        if self.consume_if(TokenKind::Comma) {
            self.expect_keyword("offset")?;
            self.expect(TokenKind::Colon, "':' after 'offset'")?;
            offset = self.parse_stride_value()?;
        }
        self.expect(TokenKind::Greater, "'>' to close strided layout")?;
        Ok(self.ctx.intern_attr(AttrData::StridedLayout {
            offset,
            strides: strides.into(),
        }))
    }

    fn parse_stride_value(&mut self) -> DiagResult<i64> {
        if self.consume_if(TokenKind::Question) {
            return Ok(crate::types::DYNAMIC);
        }
        let negative = self.consume_if(TokenKind::Minus);
        if !self.is(TokenKind::Integer) {
            return Err(self.error_here("expected a 64-bit signed integer or '?'"));
        }
        let value: i64 = self
            .text()
            .parse()
            .map_err(|_| self.error_here("expected a 64-bit signed integer or '?'"))?;
        self.advance();
        Ok(if negative { -value } else { value })
    }

    // ---- dense elements -------------------------------------------------

    fn parse_dense_attribute(&mut self, expected: Option<Type>) -> DiagResult<Attribute> {
        let dense_at = self.offset();
        self.advance();
        self.expect(TokenKind::Less, "'<' after 'dense'")?;
        let literal_at = self.offset();
        let mut hex: Option<Vec<u8>> = None;
        let literal = if self.consume_if(TokenKind::Greater) {
            None
        } else {
            // A lone string is hex data for numeric elements (checked once
            // the type is known) and a string element otherwise.
            let literal = self.parse_dense_literal()?;
            if let DenseLiteral::Str(bytes) = &literal {
                hex = Some(bytes.clone());
            }
            let literal = Some(literal);
            self.expect(TokenKind::Greater, "'>'")?;
            literal
        };
        let type_at = self.offset();
        let ty = if self.consume_if(TokenKind::Colon) {
            self.parse_type()?
        } else if let Some(t) = expected {
            t
        } else {
            return Err(self.error_here("expected ':'"));
        };
        let ctx = self.ctx;
        let Some(shape) = ctx.shape(ty).map(|s| s.to_vec()) else {
            return Err(self.error_at(type_at, "elements literal must be a shaped type"));
        };
        if shape.iter().any(|&d| d < 0) {
            return Err(self.error_at(type_at, "elements literal type must have static shape"));
        }
        let element = ctx.element_type(ty).unwrap();
        // `None` when the count overflows an i64 (MLIR accepts such types;
        // only a splat can fill them).
        let count = crate::types::element_count(&shape).and_then(|c| usize::try_from(c).ok());
        let numeric = element_storage_bytes(ctx, element);
        if let (Some(_), Some(text)) = (numeric, &hex) {
            // MLIR's `getHexStringValue`: `0x` then an even number of hex digits.
            let bytes = text
                .strip_prefix(b"0x")
                .and_then(|digits| decode_hex(std::str::from_utf8(digits).ok()?))
                .ok_or_else(|| {
                    self.error_at(
                        literal_at,
                        "expected string containing hex digits starting with `0x`",
                    )
                })?;
            hex = Some(bytes);
        } else {
            hex = None;
        }
        if let Some(literal) = literal
            .as_ref()
            .filter(|l| hex.is_none() && contains_strings(l))
        {
            let mut values = Vec::new();
            collect_strings(literal, &mut values);
            if values.len() != 1 && Some(values.len()) != count {
                return Err(self.error_at(
                    literal_at,
                    "number of string elements does not match the type",
                ));
            }
            return Ok(ctx.intern_attr(AttrData::DenseStringElements {
                ty,
                values: values.into_iter().map(Into::into).collect(),
            }));
        }
        let element_bytes = numeric.ok_or_else(|| {
            self.error_at(type_at, "invalid element type for dense elements attribute")
        })?;
        // Elements are encoded and printed through u128, so a wider integer
        // would be cut short (and its splat check read past the data).
        let scalar_bytes = match ctx.type_data(element) {
            TypeData::Complex(_) => element_bytes / 2,
            _ => element_bytes,
        };
        if scalar_bytes > 16 {
            return Err(self.error_at(
                type_at,
                "dense elements wider than 128 bits are not supported by Strata",
            ));
        }
        if let Some(bytes) = hex {
            let splat = bytes.len() == element_bytes && count != Some(1);
            let whole = count.and_then(|c| c.checked_mul(element_bytes));
            if !splat && Some(bytes.len()) != whole {
                return Err(self.error_at(
                    dense_at,
                    format!(
                        "elements hex data size is invalid for provided type: '{}'",
                        super::printer::type_to_string(ctx, ty)
                    ),
                ));
            }
            return Ok(ctx.dense_elements_attr(ty, element_bytes, &bytes));
        }
        let Some(literal) = literal else {
            if count != Some(0) {
                return Err(self.error_at(
                    literal_at,
                    format!(
                        "parsed zero elements, but type ('{}') expected at least 1",
                        super::printer::type_to_string(ctx, ty)
                    ),
                ));
            }
            return Ok(ctx.intern_attr(AttrData::DenseElements {
                ty,
                splat: false,
                raw: Box::new([]),
            }));
        };
        // Splat: a scalar literal.
        let is_scalar = !matches!(literal, DenseLiteral::List(..));
        let literal_shape = if is_scalar {
            None
        } else {
            Some(literal_shape(&literal))
        };
        if let Some(found) = &literal_shape {
            if found.as_slice() != shape.as_slice() {
                return Err(self.error_at(
                    literal_at,
                    format!(
                        "inferred shape of elements literal ([{}]) does not match type ([{}])",
                        found
                            .iter()
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join(", "),
                        shape
                            .iter()
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        }
        // A scalar literal is a splat: one element is stored whatever the
        // element count, which need not even fit in memory or in an i64.
        let mut raw = Vec::with_capacity(if is_scalar {
            element_bytes
        } else {
            element_bytes.saturating_mul(count.unwrap_or(0))
        });
        self.encode_dense(&literal, element, element_bytes, &mut raw)?;
        Ok(ctx.dense_elements_attr(ty, element_bytes, &raw))
    }

    fn encode_dense(
        &self,
        literal: &DenseLiteral,
        element: Type,
        bytes: usize,
        out: &mut Vec<u8>,
    ) -> DiagResult<()> {
        let ctx = self.ctx;
        match literal {
            DenseLiteral::List(items) => {
                for item in items {
                    self.encode_dense(item, element, bytes, out)?;
                }
                Ok(())
            }
            DenseLiteral::Complex(re, im) => {
                let TypeData::Complex(inner) = ctx.type_data(element) else {
                    return Err(self.error_here("complex literal for a non-complex element type"));
                };
                let half = bytes / 2;
                self.encode_dense(re, *inner, half, out)?;
                self.encode_dense(im, *inner, half, out)
            }
            DenseLiteral::Bool(b) => {
                if ctx.integer_width(element) != Some(1) {
                    return Err(self.error_here("expected i1 type for 'true' or 'false' values"));
                }
                out.push(*b as u8);
                Ok(())
            }
            DenseLiteral::Int {
                negative,
                magnitude,
                offset,
                hex,
            } => {
                if *hex && ctx.float_kind(element).is_some() {
                    // MLIR: a hexadecimal literal is the float's bits.
                    if *negative {
                        return Err(self.error_at(
                            *offset,
                            "hexadecimal float literal should not have a leading minus",
                        ));
                    }
                    if bytes < 16 && *magnitude >> (8 * bytes) != 0 {
                        return Err(self.error_at(
                            *offset,
                            "hexadecimal float constant out of range for type",
                        ));
                    }
                    out.extend_from_slice(&magnitude.to_le_bytes()[..bytes]);
                    return Ok(());
                }
                if ctx.float_kind(element).is_some() {
                    return Err(self.decimal_integer_for_float_error(*offset));
                }
                if !(ctx.is_integer(element) || ctx.is_index(element)) {
                    return Err(
                        self.error_at(*offset, "expected integer elements, but parsed integer")
                    );
                }
                let text = magnitude.to_string();
                let value = self.integer_value_for_type(&text, *negative, element, *offset)?;
                out.extend_from_slice(&value.to_le_bytes()[..bytes.min(16)]);
                Ok(())
            }
            DenseLiteral::Float { value, offset } => {
                let Some(kind) = ctx.float_kind(element) else {
                    return Err(self.error_at(
                        *offset,
                        "expected integer elements, but parsed floating-point",
                    ));
                };
                let bits = float_bits_from_f64(kind, *value).ok_or_else(|| {
                    self.error_at(*offset, "unsupported float type in dense literal")
                })?;
                out.extend_from_slice(&bits.0.to_le_bytes()[..bytes]);
                Ok(())
            }
            DenseLiteral::Str(_) => {
                Err(self.error_here("string literal in numeric dense attribute"))
            }
        }
    }

    fn parse_dense_literal(&mut self) -> DiagResult<DenseLiteral> {
        self.nested(|p| p.parse_dense_literal_unbounded())
    }

    fn parse_dense_literal_unbounded(&mut self) -> DiagResult<DenseLiteral> {
        let offset = self.offset();
        match self.kind() {
            TokenKind::LSquare => {
                self.advance();
                let mut items = Vec::new();
                if !self.consume_if(TokenKind::RSquare) {
                    loop {
                        items.push(self.parse_dense_literal()?);
                        if self.consume_if(TokenKind::RSquare) {
                            break;
                        }
                        self.expect(TokenKind::Comma, "',' or ']'")?;
                    }
                }
                // Every element of a list must have the same shape.
                let shapes: Vec<Vec<i64>> = items.iter().map(literal_shape).collect();
                if shapes.windows(2).any(|w| w[0] != w[1]) {
                    return Err(self.error_at(
                        offset,
                        "tensor literal is invalid; ranks are not consistent between elements",
                    ));
                }
                Ok(DenseLiteral::List(items))
            }
            TokenKind::LParen => {
                self.advance();
                let re = self.parse_dense_literal()?;
                self.expect(TokenKind::Comma, "',' in complex literal")?;
                let im = self.parse_dense_literal()?;
                self.expect(TokenKind::RParen, "')' in complex literal")?;
                Ok(DenseLiteral::Complex(Box::new(re), Box::new(im)))
            }
            TokenKind::BareIdent if self.text() == "true" || self.text() == "false" => {
                let value = self.text() == "true";
                self.advance();
                Ok(DenseLiteral::Bool(value))
            }
            TokenKind::String => {
                let bytes = unescape_string(self.text());
                self.advance();
                Ok(DenseLiteral::Str(bytes))
            }
            TokenKind::Minus | TokenKind::Integer | TokenKind::Float => {
                let negative = self.consume_if(TokenKind::Minus);
                // Errors point at the digits, after any minus (MLIR).
                let offset = self.offset();
                match self.kind() {
                    TokenKind::Integer => {
                        let magnitude = parse_magnitude(self.text())
                            .ok_or_else(|| self.error_here("integer constant out of range"))?;
                        let hex = self.text().starts_with("0x");
                        self.advance();
                        Ok(DenseLiteral::Int {
                            negative,
                            magnitude,
                            offset,
                            hex,
                        })
                    }
                    TokenKind::Float => {
                        let value: f64 = self
                            .text()
                            .parse()
                            .map_err(|_| self.error_here("invalid float literal"))?;
                        self.advance();
                        Ok(DenseLiteral::Float {
                            value: if negative { -value } else { value },
                            offset,
                        })
                    }
                    _ => Err(self.error_here("expected integer or floating point literal")),
                }
            }
            _ => Err(self.error_here("expected element literal of primitive type")),
        }
    }
}

fn literal_shape(literal: &DenseLiteral) -> Vec<i64> {
    match literal {
        DenseLiteral::List(items) => {
            let mut shape = vec![items.len() as i64];
            if let Some(first) = items.first() {
                shape.extend(literal_shape(first));
            }
            shape
        }
        _ => Vec::new(),
    }
}

fn contains_strings(literal: &DenseLiteral) -> bool {
    match literal {
        DenseLiteral::Str(_) => true,
        DenseLiteral::List(items) => items.iter().any(contains_strings),
        _ => false,
    }
}

fn collect_strings(literal: &DenseLiteral, out: &mut Vec<Vec<u8>>) {
    match literal {
        DenseLiteral::Str(s) => out.push(s.clone()),
        DenseLiteral::List(items) => items.iter().for_each(|i| collect_strings(i, out)),
        _ => {}
    }
}

/// Bytes per element in dense storage (complex: both parts).
pub(crate) fn element_storage_bytes(ctx: &crate::Context, element: Type) -> Option<usize> {
    match ctx.type_data(element) {
        TypeData::Integer { width, .. } => Some(width.div_ceil(8) as usize),
        TypeData::Index => Some(8),
        TypeData::Float(kind) => Some(kind.width().div_ceil(8) as usize),
        TypeData::Complex(inner) => element_storage_bytes(ctx, *inner).map(|b| 2 * b),
        _ => None,
    }
}

/// Unsigned magnitude of a decimal or `0x` hex integer literal.
pub(crate) fn parse_magnitude(text: &str) -> Option<u128> {
    if let Some(hex) = text.strip_prefix("0x") {
        u128::from_str_radix(hex, 16).ok()
    } else {
        text.parse::<u128>().ok()
    }
}

fn decode_hex(digits: &str) -> Option<Vec<u8>> {
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    (0..digits.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&digits[i..i + 2], 16).ok())
        .collect()
}

/// The bit pattern of `value` rounded to `kind` (nearest, ties to even),
/// as MLIR converts decimal literals.
pub fn float_bits_from_f64(kind: FloatKind, value: f64) -> Option<FloatBits> {
    Some(match kind {
        FloatKind::F64 => FloatBits(value.to_bits() as u128),
        FloatKind::F32 => FloatBits((value as f32).to_bits() as u128),
        _ => super::apfloat::f64_to_bits(kind, value),
    })
}

/// The value of a float attribute's bits as f64 (exact up to f64).
pub fn float_bits_to_f64(kind: FloatKind, bits: FloatBits) -> Option<f64> {
    Some(super::apfloat::bits_to_f64(kind, bits))
}

/// Whether a bare identifier can begin a builtin type (MLIR's attribute
/// parser falls back to a type only then; anything else is "expected
/// attribute value").
fn starts_builtin_type(word: &str) -> bool {
    let integer = word
        .strip_prefix("si")
        .or_else(|| word.strip_prefix("ui"))
        .or_else(|| word.strip_prefix('i'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    integer
        || crate::types::FloatKind::from_keyword(word).is_some()
        || matches!(
            word,
            "index" | "none" | "tensor" | "memref" | "vector" | "complex" | "tuple"
        )
}
