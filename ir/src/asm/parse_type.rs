//! Parsing of builtin types, type aliases and dialect types.

use super::lexer::TokenKind;
use super::parser::Parser;
use crate::attributes::{AttrData, Attribute};
use crate::diagnostics::DiagResult;
use crate::types::{FloatKind, Signedness, Type, TypeData, DYNAMIC, MAX_INTEGER_WIDTH};

/// How many distinct function-type texts the parser remembers.
const FUNCTION_TYPE_CACHE_SIZE: usize = 8;

/// A parsed dimension list: sizes and, for vectors, which are scalable.
struct Dimensions {
    sizes: Vec<i64>,
    scalable: Vec<bool>,
}

impl<'a> Parser<'a> {
    /// Parses a type.
    pub fn parse_type(&mut self) -> DiagResult<Type> {
        self.nested(|p| p.parse_type_unbounded())
    }

    fn parse_type_unbounded(&mut self) -> DiagResult<Type> {
        match self.kind() {
            TokenKind::LParen => self.parse_function_type(),
            TokenKind::ExclamationIdent => self.parse_extended_type(),
            TokenKind::BareIdent => self.parse_builtin_type(),
            _ => Err(self.wrong_token_error("expected non-function type")),
        }
    }

    /// Parses a type that may be a function type (`(i32) -> i32`).
    ///
    /// Files repeat the same few signatures (every op of the generic form
    /// has one), so the last few are remembered by their exact text: a
    /// text that matches up to a token boundary parses to the same type.
    pub fn parse_function_type(&mut self) -> DiagResult<Type> {
        let rest = self.rest_of_source();
        let hit = self.function_type_cache.iter().find(|(text, _)| {
            rest.starts_with(text)
                && matches!(
                    rest.as_bytes().get(text.len()),
                    None | Some(b' ' | b'\n' | b'\r' | b'\t' | b',' | b')' | b'}' | b']')
                )
        });
        if let Some(&(text, ty)) = hit {
            let end = self.token_start() as usize + text.len();
            self.reset_lexer(end);
            return Ok(ty);
        }
        let start = self.token_start();
        let ty = self.parse_function_type_uncached()?;
        // The previous token ended where the current one starts, minus trivia.
        let end = start as usize
            + self
                .source_between(start, self.token_start())
                .trim_end()
                .len();
        let text = self.source_between(start, end as u32);
        if !text.contains("//") {
            if self.function_type_cache.len() == FUNCTION_TYPE_CACHE_SIZE {
                self.function_type_cache.remove(0);
            }
            self.function_type_cache.push((text, ty));
        }
        Ok(ty)
    }

    fn parse_function_type_uncached(&mut self) -> DiagResult<Type> {
        let mut inputs = Vec::new();
        self.parse_comma_list_in(TokenKind::LParen, TokenKind::RParen, "function type", |p| {
            inputs.push(p.parse_type()?);
            Ok(())
        })?;
        if !self.is(TokenKind::Arrow) {
            // A parenthesized single type is not a type on its own in MLIR.
            return Err(self.error_here("expected '->' in function type"));
        }
        self.advance();
        let results = self.parse_function_result_types()?;
        Ok(self.ctx.function_type(&inputs, &results))
    }

    /// Parses `type` or `(type, ...)` after an arrow.
    pub fn parse_function_result_types(&mut self) -> DiagResult<Vec<Type>> {
        if self.is(TokenKind::LParen) {
            let mut results = Vec::new();
            self.parse_comma_list_in(
                TokenKind::LParen,
                TokenKind::RParen,
                "function result list",
                |p| {
                    results.push(p.parse_type()?);
                    Ok(())
                },
            )?;
            return Ok(results);
        }
        Ok(vec![self.parse_type()?])
    }

    fn parse_extended_type(&mut self) -> DiagResult<Type> {
        let text = &self.text()[1..];
        let start = self.offset();
        let (dialect, mnemonic) = match text.split_once('.') {
            Some(parts) => parts,
            None if self.angle_follows() => (text, ""),
            None => {
                let Some(ty) = self.type_alias(text)? else {
                    return Err(self.error_here(format!("undefined symbol alias id '{text}'")));
                };
                self.advance();
                return Ok(ty);
            }
        };
        if dialect.is_empty() {
            // `!.x`: the printer has no way to write a type of no dialect.
            return Err(self.error_here("expected dialect namespace before '.'"));
        }
        if let Some(hooks) = self.ctx.dialect(dialect).cloned() {
            self.advance();
            return hooks.parse_type(self, mnemonic);
        }
        if !self.ctx.allow_unregistered_dialects {
            return Err(self.error_at(
                start,
                format!("dialect '{dialect}' not found for custom type '{mnemonic}' (use -allow-unregistered-dialect)"),
            ));
        }
        // Unregistered dialect: keep the text as an opaque type.
        let dialect_id = self.ctx.intern_str(dialect);
        let mut data = mnemonic.to_string();
        if self.angle_follows() {
            let body = self.take_angle_body_after_token()?;
            if mnemonic.is_empty() {
                // `!foo<...>`: the body is the data, kept as written (MLIR's OpaqueType).
                data = body.to_string();
            } else {
                data.push('<');
                data.push_str(body);
                data.push('>');
            }
        } else if mnemonic.is_empty() {
            return Err(self.error_here("expected dialect type name"));
        } else {
            self.advance();
        }
        Ok(self.ctx.intern_type(TypeData::Opaque {
            dialect: dialect_id,
            data: data.into(),
        }))
    }

    fn parse_builtin_type(&mut self) -> DiagResult<Type> {
        let word = self.text();
        let ctx = self.ctx;
        let simple = match word {
            "index" => Some(ctx.index_type()),
            "none" => Some(ctx.none_type()),
            _ => FloatKind::from_keyword(word).map(|k| ctx.float_type(k)),
        };
        if let Some(ty) = simple {
            self.advance();
            return Ok(ty);
        }
        if let Some(ty) = self.try_integer_type(word)? {
            self.advance();
            return Ok(ty);
        }
        match word {
            "tensor" => self.parse_tensor_type(),
            "memref" => self.parse_memref_type(),
            "vector" => self.parse_vector_type(),
            "complex" => {
                self.advance();
                self.expect(TokenKind::Less, "'<' in complex type")?;
                let loc = self.offset();
                let element = self.parse_type()?;
                if !(ctx.is_integer(element) || ctx.is_float(element)) {
                    return Err(self.error_at(loc, "invalid element type for complex"));
                }
                self.expect(TokenKind::Greater, "'>' in complex type")?;
                Ok(ctx.intern_type(TypeData::Complex(element)))
            }
            "tuple" => {
                self.advance();
                self.expect(TokenKind::Less, "'<' in tuple type")?;
                let mut elements = Vec::new();
                if !self.consume_if(TokenKind::Greater) {
                    self.parse_comma_list(|p| {
                        elements.push(p.parse_type()?);
                        Ok(())
                    })?;
                    self.expect(TokenKind::Greater, "'>' in tuple type")?;
                }
                Ok(ctx.intern_type(TypeData::Tuple(elements.into())))
            }
            _ => Err(self.wrong_token_error("expected non-function type")),
        }
    }

    /// `i32`, `si8`, `ui64`: returns the type for an integer keyword.
    fn try_integer_type(&self, word: &str) -> DiagResult<Option<Type>> {
        let (signedness, digits) = if let Some(rest) = word.strip_prefix("si") {
            (Signedness::Signed, rest)
        } else if let Some(rest) = word.strip_prefix("ui") {
            (Signedness::Unsigned, rest)
        } else if let Some(rest) = word.strip_prefix('i') {
            (Signedness::Signless, rest)
        } else {
            return Ok(None);
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(None);
        }
        // MLIR: a width that does not fit 32 bits is invalid, a larger one
        // than the limit is refused.
        let width = digits
            .parse::<u32>()
            .map_err(|_| self.error_here("invalid integer width"))?;
        if width > MAX_INTEGER_WIDTH {
            return Err(self.error_here(format!(
                "integer bitwidth is limited to {MAX_INTEGER_WIDTH} bits"
            )));
        }
        Ok(Some(match signedness {
            Signedness::Signless => self.ctx.signless(width),
            _ => self.ctx.integer_type(width, signedness),
        }))
    }

    /// Parses `4x?x[8]x` style dimensions, stopping before the element type.
    /// `allow_dynamic`/`allow_scalable` select what the shaped type accepts.
    fn parse_dimensions(
        &mut self,
        allow_dynamic: bool,
        allow_scalable: bool,
    ) -> DiagResult<Dimensions> {
        let mut dims = Dimensions {
            sizes: Vec::new(),
            scalable: Vec::new(),
        };
        loop {
            let scalable = allow_scalable && self.is(TokenKind::LSquare);
            if scalable {
                self.advance();
            }
            match self.kind() {
                TokenKind::Question => {
                    if !allow_dynamic {
                        return Err(self.error_here("expected static shape"));
                    }
                    self.advance();
                    dims.sizes.push(DYNAMIC);
                }
                TokenKind::Integer => {
                    let text = self.text();
                    // `0x...` lexes as hex; here it is `0` followed by `x`.
                    if text.starts_with("0x") {
                        dims.sizes.push(0);
                        let pos = self.token().start as usize + 1;
                        self.reset_to_offset(pos);
                    } else {
                        let size = text
                            .parse::<i64>()
                            .map_err(|_| self.error_here("invalid dimension"))?;
                        dims.sizes.push(size);
                        self.advance();
                    }
                }
                _ => {
                    if scalable {
                        return Err(self.error_here("expected dimension size in vector type"));
                    }
                    return Ok(dims);
                }
            }
            dims.scalable.push(scalable);
            if scalable {
                self.expect(TokenKind::RSquare, "']' in scalable dimension")?;
            }
            // Expect the `x` separator; it may be glued to the next token (`4x4xf32`).
            self.consume_dimension_separator()?;
        }
    }

    /// Consumes the `x` after a dimension. The lexer sees `x4xf32` as one
    /// identifier; split it by re-lexing after the `x`.
    fn consume_dimension_separator(&mut self) -> DiagResult<()> {
        if self.kind() == TokenKind::BareIdent && self.text().starts_with('x') {
            let pos = self.token().start as usize + 1;
            self.reset_to_offset(pos);
            return Ok(());
        }
        Err(self.error_here("expected 'x' in dimension list"))
    }

    fn parse_tensor_type(&mut self) -> DiagResult<Type> {
        self.advance();
        self.expect(TokenKind::Less, "'<' in tensor type")?;
        let ctx = self.ctx;
        if self.is(TokenKind::Star) {
            self.advance();
            self.consume_dimension_separator()?;
            let element = self.parse_element_type("tensor")?;
            self.expect(TokenKind::Greater, "'>' in tensor type")?;
            return Ok(ctx.intern_type(TypeData::UnrankedTensor { element }));
        }
        let dims = self.parse_dimensions(true, false)?;
        self.check_non_negative(&dims)?;
        let element = self.parse_element_type("tensor")?;
        let mut encoding = None;
        if self.consume_if(TokenKind::Comma) {
            encoding = Some(self.parse_attribute(None)?);
        }
        self.expect(TokenKind::Greater, "'>' in tensor type")?;
        Ok(ctx.intern_type(TypeData::RankedTensor {
            shape: dims.sizes.into(),
            element,
            encoding,
        }))
    }

    fn parse_memref_type(&mut self) -> DiagResult<Type> {
        // MLIR reports the type's own checks at the `memref` keyword.
        let type_start = self.offset();
        self.advance();
        self.expect(TokenKind::Less, "'<' in memref type")?;
        let ctx = self.ctx;
        if self.is(TokenKind::Star) {
            self.advance();
            self.consume_dimension_separator()?;
            let element = self.parse_element_type("memref")?;
            let mut memory_space = None;
            if self.consume_if(TokenKind::Comma) {
                memory_space = Some(self.parse_attribute(None)?);
            }
            self.expect(TokenKind::Greater, "'>' in memref type")?;
            let memory_space = self.check_memory_space(type_start, memory_space)?;
            return Ok(ctx.intern_type(TypeData::UnrankedMemRef {
                element,
                memory_space,
            }));
        }
        let dims = self.parse_dimensions(true, false)?;
        self.check_non_negative(&dims)?;
        let element = self.parse_element_type("memref")?;
        let mut layout = None;
        let mut memory_space = None;
        let mut first = true;
        while self.consume_if(TokenKind::Comma) {
            // MLIR reads the layout and memory space as a non-empty list.
            if std::mem::take(&mut first) && self.is(TokenKind::Greater) {
                return Err(self.wrong_token_error("expected list element"));
            }
            let at = self.offset();
            let attr = self.parse_attribute(None)?;
            let is_layout = matches!(
                ctx.attr_data(attr),
                AttrData::AffineMap(_) | AttrData::StridedLayout { .. }
            );
            if is_layout {
                // A later layout replaces an earlier one, as in MLIR.
                layout = Some(attr);
                if memory_space.is_some() {
                    return Err(self.error_here("expected memory space to be last in memref type"));
                }
            } else {
                if memory_space.is_some() {
                    return Err(
                        self.error_at(at, "multiple memory spaces specified in memref type")
                    );
                }
                memory_space = Some(attr);
            }
        }
        self.expect(TokenKind::Greater, "'>' in memref type")?;
        let rank = dims.sizes.len();
        match layout.map(|l| ctx.attr_data(l)) {
            Some(AttrData::AffineMap(map)) if map.num_dims != rank => {
                return Err(self.error_at(
                    type_start,
                    format!(
                        "memref layout mismatch between rank and affine map: {rank} != {}",
                        map.num_dims
                    ),
                ));
            }
            // An identity affine map layout is the default layout.
            Some(AttrData::AffineMap(map)) if map.is_identity() => layout = None,
            Some(AttrData::StridedLayout { strides, .. }) if strides.len() != rank => {
                return Err(self.error_at(
                    type_start,
                    "expected the number of strides to match the rank",
                ));
            }
            _ => {}
        }
        let memory_space = self.check_memory_space(type_start, memory_space)?;
        Ok(ctx.intern_type(TypeData::MemRef {
            shape: dims.sizes.into(),
            element,
            layout,
            memory_space,
        }))
    }

    /// MLIR's `isSupportedMemorySpace` and `skipDefaultMemorySpace`: a
    /// memory space is an integer, a string, a dictionary or an attribute
    /// of a registered dialect, and the integer 0 is the default space, so
    /// it is dropped.
    fn check_memory_space(
        &self,
        type_start: u32,
        space: Option<Attribute>,
    ) -> DiagResult<Option<Attribute>> {
        let Some(space) = space else {
            return Ok(None);
        };
        match self.ctx.attr_data(space) {
            AttrData::Integer { value: 0, .. } => Ok(None),
            AttrData::Integer { .. }
            | AttrData::String { .. }
            | AttrData::Dictionary(_)
            | AttrData::Dialect { .. } => Ok(Some(space)),
            // A registered dialect may keep its attributes as text.
            AttrData::Opaque { dialect, .. }
                if self.ctx.dialect(self.ctx.str(*dialect)).is_some() =>
            {
                Ok(Some(space))
            }
            _ => Err(self.error_at(type_start, "unsupported memory space Attribute")),
        }
    }

    fn parse_vector_type(&mut self) -> DiagResult<Type> {
        self.advance();
        self.expect(TokenKind::Less, "'<' in vector type")?;
        let at = self.offset();
        let dims = self.parse_dimensions(false, true)?;
        if dims.sizes.is_empty() {
            // vector<f32> is allowed (0-d vector).
        }
        if dims.sizes.iter().any(|&d| d <= 0) {
            return Err(self.error_at(
                at,
                "vector types must have positive constant sizes but got ".to_string()
                    + &dims
                        .sizes
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
            ));
        }
        let element = self.parse_element_type("vector")?;
        let ctx = self.ctx;
        let valid = ctx.is_integer(element)
            || ctx.is_index(element)
            || ctx.is_float(element)
            || matches!(
                ctx.type_data(element),
                TypeData::Opaque { .. } | TypeData::Dialect { .. }
            );
        if !valid {
            return Err(self.error_at(at, "vector elements must be int/index/float type"));
        }
        self.expect(TokenKind::Greater, "'>' in vector type")?;
        Ok(ctx.intern_type(TypeData::Vector {
            shape: dims.sizes.into(),
            scalable: dims.scalable.into(),
            element,
        }))
    }

    fn check_non_negative(&self, dims: &Dimensions) -> DiagResult<()> {
        if dims.sizes.iter().any(|&d| d < 0 && d != DYNAMIC) {
            return Err(self.error_here("invalid dimension"));
        }
        Ok(())
    }

    fn parse_element_type(&mut self, container: &str) -> DiagResult<Type> {
        let at = self.offset();
        let ty = self.parse_type()?;
        let valid = match container {
            "memref" => self.is_valid_memref_element(ty),
            "tensor" => self.is_valid_tensor_element(ty),
            _ => !matches!(
                self.ctx.type_data(ty),
                TypeData::Function { .. }
                    | TypeData::None
                    | TypeData::MemRef { .. }
                    | TypeData::UnrankedMemRef { .. }
            ),
        };
        if !valid {
            return Err(self.error_at(at, format!("invalid {container} element type")));
        }
        Ok(ty)
    }

    /// MLIR's `BaseMemRefType::isValidElementType`: scalars, complex,
    /// vectors, memrefs, and dialect types (which may implement
    /// `MemRefElementTypeInterface`); tensors, tuples, `none`, function
    /// types and opaque types of unloaded dialects are not.
    fn is_valid_memref_element(&self, ty: Type) -> bool {
        // A registered dialect may keep its types as text.
        if let TypeData::Opaque { dialect, .. } = self.ctx.type_data(ty) {
            return self.ctx.dialect(self.ctx.str(*dialect)).is_some();
        }
        self.is_scalar_vector_or_dialect(ty)
            || matches!(
                self.ctx.type_data(ty),
                TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. }
            )
    }

    /// MLIR's `TensorType::isValidElementType`: scalars, complex, vectors
    /// and any type of another dialect than builtin (opaque ones included).
    fn is_valid_tensor_element(&self, ty: Type) -> bool {
        self.is_scalar_vector_or_dialect(ty)
            || matches!(self.ctx.type_data(ty), TypeData::Opaque { .. })
    }

    /// What memrefs and tensors both hold: integers, index, floats,
    /// complex, vectors and types of a loaded dialect.
    fn is_scalar_vector_or_dialect(&self, ty: Type) -> bool {
        matches!(
            self.ctx.type_data(ty),
            TypeData::Integer { .. }
                | TypeData::Index
                | TypeData::Float(_)
                | TypeData::Complex(_)
                | TypeData::Vector { .. }
                | TypeData::Dialect { .. }
        )
    }

    /// Repositions the lexer at `offset` and reads the next token.
    pub(crate) fn reset_to_offset(&mut self, offset: usize) {
        self.reset_lexer(offset);
    }
}
