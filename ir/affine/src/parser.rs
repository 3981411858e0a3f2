//! Parser for the text inside `affine_map<...>` and `affine_set<...>`.
//!
//! The grammar, the precedence rules and the error wording follow MLIR's
//! `AffineParser.cpp`, because Strata must accept exactly what MLIR accepts:
//!
//! ```text
//! map-or-set  ::= dim-list symbol-list? ( `->` `(` exprs? `)` | `:` `(` constraints? `)` )
//! dim-list    ::= `(` (bare-id (`,` bare-id)*)? `)`
//! symbol-list ::= `[` (bare-id (`,` bare-id)*)? `]`
//! constraint  ::= expr `>=` expr | expr `<=` expr | expr `==` expr
//! expr        ::= term ((`+` | `-`) term)*
//! term        ::= operand ((`*` | `floordiv` | `ceildiv` | `mod`) operand)*
//! operand     ::= `-` operand | `(` expr `)` | integer | bare-id
//!               | ssa-id | `symbol` `(` ssa-id `)`
//! ```
//!
//! Dimension and symbol names are arbitrary bare identifiers — even
//! keywords, so `(d0)[mod] -> (mod mod 2)` is valid — and the expression is
//! built through the simplifying constructors as it is parsed, so the result
//! is already in the form MLIR would print.
//!
//! SSA names (`%i`, `symbol(%n)`) only make sense where the caller can
//! resolve them: [`parse_affine_expr_with`] and
//! [`parse_affine_expr_prefix_with`] hand every identifier to a closure, which
//! is how the affine dialect will parse `affine.load %A[%i + 1]`.
//!
//! Errors are values carrying a byte offset into the input. Input is
//! untrusted, so the recursion the grammar needs (parentheses, unary minus)
//! and the height of the resulting tree are bounded by
//! [`MAX_NESTING_DEPTH`] and [`MAX_EXPR_DEPTH`].

use crate::expr::{AffineBinaryOp, AffineExpr};
use crate::map::AffineMap;
use crate::set::IntegerSet;

/// Deepest nesting of parentheses and unary minus the parser follows.
pub const MAX_NESTING_DEPTH: usize = 256;

/// Tallest expression tree the parser builds; the recursive algorithms of
/// this crate (printing, simplification, evaluation) stay well within a
/// thread's default stack at this height.
pub const MAX_EXPR_DEPTH: u32 = 1000;

/// A parse error at a byte offset of the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} (at byte {offset})")]
pub struct AffineParseError {
    /// Byte offset into the parsed text where the problem was found.
    pub offset: usize,
    /// MLIR-style description, e.g. `use of undeclared identifier`.
    pub message: String,
}

/// What `(...) -> (...)` or `(...) : (...)` turned out to be.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MapOrSet {
    /// Text of the form `(dims)[symbols] -> (results)`.
    Map(AffineMap),
    /// Text of the form `(dims)[symbols] : (constraints)`.
    Set(IntegerSet),
}

/// Parses the inside of `affine_map<...>`, e.g. `(i, j)[N] -> (i + N, j)`.
pub fn parse_affine_map(input: &str) -> Result<AffineMap, AffineParseError> {
    let mut parser = Parser::new(input, None);
    let start = parser.token.offset;
    match parser.parse_whole_map_or_set()? {
        MapOrSet::Map(map) => Ok(map),
        MapOrSet::Set(_) => Err(AffineParseError {
            offset: start,
            message: "expected AffineMap, but got IntegerSet".into(),
        }),
    }
}

/// Parses the inside of `affine_set<...>`, e.g. `(d0)[s0] : (d0 - s0 >= 0)`.
pub fn parse_integer_set(input: &str) -> Result<IntegerSet, AffineParseError> {
    let mut parser = Parser::new(input, None);
    let start = parser.token.offset;
    match parser.parse_whole_map_or_set()? {
        MapOrSet::Set(set) => Ok(set),
        MapOrSet::Map(_) => Err(AffineParseError {
            offset: start,
            message: "expected IntegerSet, but got AffineMap".into(),
        }),
    }
}

/// Parses either form, deciding on the `->` or `:` after the input lists.
pub fn parse_affine_map_or_set(input: &str) -> Result<MapOrSet, AffineParseError> {
    Parser::new(input, None).parse_whole_map_or_set()
}

/// Parses a lone expression whose dimensions and symbols are called
/// `dims[i]` and `symbols[j]` (MLIR's `parseAffineExprInline`).
pub fn parse_affine_expr(
    input: &str,
    dims: &[&str],
    symbols: &[&str],
) -> Result<AffineExpr, AffineParseError> {
    let mut resolve = |name: &str| {
        if let Some(p) = dims.iter().position(|d| *d == name) {
            return Some(AffineExpr::Dim(p));
        }
        symbols
            .iter()
            .position(|s| *s == name)
            .map(AffineExpr::Symbol)
    };
    parse_affine_expr_with(input, &mut resolve)
}

/// Parses a whole expression, asking `resolve` for the meaning of every
/// identifier.
///
/// `resolve` receives the identifier as spelled: a bare identifier (`i`,
/// `N`), an SSA name with its sigil and optional result number (`%i`,
/// `%r#1`), or the symbol wrapper in canonical form without spaces
/// (`symbol(%n)`). It returns the expression to use — typically the next
/// free `d<k>` or `s<k>`, remembered so repeated names agree — or `None`,
/// which is reported as `use of undeclared identifier`.
pub fn parse_affine_expr_with(
    input: &str,
    resolve: &mut dyn FnMut(&str) -> Option<AffineExpr>,
) -> Result<AffineExpr, AffineParseError> {
    let mut parser = Parser::new(input, Some(resolve));
    let expr = parser.parse_expr()?;
    parser.expect_end()?;
    Ok(expr)
}

/// Like [`parse_affine_expr_with`], but stops at the first token that cannot
/// continue the expression (such as `,` or `]`) and returns the byte offset
/// of that token along with the expression, so a caller can go on parsing
/// the rest of a larger text.
pub fn parse_affine_expr_prefix_with(
    input: &str,
    resolve: &mut dyn FnMut(&str) -> Option<AffineExpr>,
) -> Result<(AffineExpr, usize), AffineParseError> {
    let mut parser = Parser::new(input, Some(resolve));
    let expr = parser.parse_expr()?;
    Ok((expr, parser.token.offset))
}

// ---------------------------------------------------------------------------
// Lexer: the subset of MLIR's tokens that can appear in affine text.
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind<'a> {
    /// Bare identifier, including keywords (`mod`, `symbol`, `i32`, ...).
    Ident(&'a str),
    /// Decimal or `0x` hexadecimal integer literal.
    Integer(&'a str),
    /// `%name` or `%name#N`.
    Ssa(&'a str),
    LParen,
    RParen,
    LSquare,
    RSquare,
    Comma,
    Plus,
    Minus,
    Star,
    Arrow,
    Colon,
    Greater,
    Less,
    Equal,
    /// Any other token MLIR knows (floats, `#`, `@`, ...): never valid here.
    Other,
    /// A character no MLIR token starts with.
    Error(&'static str),
    Eof,
}

#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    kind: Kind<'a>,
    offset: usize,
}

struct Lexer<'a> {
    input: &'a str,
    pos: usize,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.')
}

fn is_ssa_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.' | b'-')
}

impl<'a> Lexer<'a> {
    fn byte(&self, at: usize) -> Option<u8> {
        self.input.as_bytes().get(at).copied()
    }

    fn eat_while(&mut self, pred: impl Fn(u8) -> bool) {
        while self.byte(self.pos).is_some_and(&pred) {
            self.pos += 1;
        }
    }

    fn skip_trivia(&mut self) {
        loop {
            match self.byte(self.pos) {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.pos += 1,
                Some(b'/') if self.byte(self.pos + 1) == Some(b'/') => {
                    self.eat_while(|b| b != b'\n');
                }
                _ => return,
            }
        }
    }

    fn next(&mut self) -> Token<'a> {
        self.skip_trivia();
        let start = self.pos;
        let token = |kind| Token {
            kind,
            offset: start,
        };
        let Some(b) = self.byte(start) else {
            return token(Kind::Eof);
        };
        self.pos += 1;
        let kind = match b {
            b'(' => Kind::LParen,
            b')' => Kind::RParen,
            b'[' => Kind::LSquare,
            b']' => Kind::RSquare,
            b',' => Kind::Comma,
            b'+' => Kind::Plus,
            b'*' => Kind::Star,
            b':' => Kind::Colon,
            b'>' => Kind::Greater,
            b'<' => Kind::Less,
            b'=' => Kind::Equal,
            b'-' if self.byte(self.pos) == Some(b'>') => {
                self.pos += 1;
                Kind::Arrow
            }
            b'-' => Kind::Minus,
            b'%' => return self.lex_ssa(start),
            b'0'..=b'9' => return self.lex_number(start),
            b if is_ident_start(b) => {
                self.eat_while(is_ident_continue);
                Kind::Ident(&self.input[start..self.pos])
            }
            b if b.is_ascii_graphic() => Kind::Other,
            _ => {
                // Stop here: nothing after an unlexable character is read.
                self.pos = start;
                Kind::Error("unexpected character")
            }
        };
        token(kind)
    }

    fn lex_number(&mut self, start: usize) -> Token<'a> {
        let is_hex = self.byte(start) == Some(b'0')
            && self.byte(start + 1) == Some(b'x')
            && self.byte(start + 2).is_some_and(|b| b.is_ascii_hexdigit());
        let kind = if is_hex {
            self.pos = start + 2;
            self.eat_while(|b| b.is_ascii_hexdigit());
            Kind::Integer(&self.input[start..self.pos])
        } else {
            self.eat_while(|b| b.is_ascii_digit());
            if self.byte(self.pos) == Some(b'.') {
                // A float literal: lexed whole so the error points at it.
                self.pos += 1;
                self.eat_while(|b| b.is_ascii_digit());
                if matches!(self.byte(self.pos), Some(b'e' | b'E')) {
                    let mut exp = self.pos + 1;
                    if matches!(self.byte(exp), Some(b'+' | b'-')) {
                        exp += 1;
                    }
                    if self.byte(exp).is_some_and(|b| b.is_ascii_digit()) {
                        self.pos = exp;
                        self.eat_while(|b| b.is_ascii_digit());
                    }
                }
                Kind::Other
            } else {
                Kind::Integer(&self.input[start..self.pos])
            }
        };
        Token {
            kind,
            offset: start,
        }
    }

    fn lex_ssa(&mut self, start: usize) -> Token<'a> {
        match self.byte(self.pos) {
            Some(b) if b.is_ascii_digit() => self.eat_while(|b| b.is_ascii_digit()),
            Some(b) if b.is_ascii_alphabetic() || matches!(b, b'_' | b'$' | b'.' | b'-') => {
                self.eat_while(is_ssa_continue)
            }
            _ => {
                return Token {
                    kind: Kind::Error("invalid SSA name"),
                    offset: start,
                }
            }
        }
        if self.byte(self.pos) == Some(b'#')
            && self.byte(self.pos + 1).is_some_and(|b| b.is_ascii_digit())
        {
            self.pos += 1;
            self.eat_while(|b| b.is_ascii_digit());
        }
        Token {
            kind: Kind::Ssa(&self.input[start..self.pos]),
            offset: start,
        }
    }
}

// ---------------------------------------------------------------------------
// Parser.
// ---------------------------------------------------------------------------

type Resolver<'r> = &'r mut dyn FnMut(&str) -> Option<AffineExpr>;

/// `+` / `-`.
#[derive(Clone, Copy)]
enum LowOp {
    Add,
    Sub,
}

struct Parser<'a, 'r> {
    lexer: Lexer<'a>,
    token: Token<'a>,
    /// Declared dimension and symbol names, in declaration order.
    names: Vec<(&'a str, AffineExpr)>,
    resolver: Option<Resolver<'r>>,
    nesting: usize,
}

type PResult<T> = Result<T, AffineParseError>;

impl<'a, 'r> Parser<'a, 'r> {
    fn new(input: &'a str, resolver: Option<Resolver<'r>>) -> Self {
        let mut lexer = Lexer { input, pos: 0 };
        let token = lexer.next();
        Parser {
            lexer,
            token,
            names: Vec::new(),
            resolver,
            nesting: 0,
        }
    }

    fn bump(&mut self) {
        if !matches!(self.token.kind, Kind::Eof | Kind::Error(_)) {
            self.token = self.lexer.next();
        }
    }

    fn consume_if(&mut self, kind: Kind<'_>) -> bool {
        if self.token.kind == kind {
            self.bump();
            true
        } else {
            false
        }
    }

    fn error_at(&self, offset: usize, message: impl Into<String>) -> AffineParseError {
        AffineParseError {
            offset,
            message: message.into(),
        }
    }

    /// An error at the current token. A lexer error takes precedence, as in
    /// MLIR where the lexer has already reported it.
    fn error(&self, message: impl Into<String>) -> AffineParseError {
        match self.token.kind {
            Kind::Error(lex_message) => self.error_at(self.token.offset, lex_message),
            _ => self.error_at(self.token.offset, message),
        }
    }

    fn expect(&mut self, kind: Kind<'_>, message: &str) -> PResult<()> {
        if self.consume_if(kind) {
            Ok(())
        } else {
            Err(self.error(message))
        }
    }

    fn expect_end(&self) -> PResult<()> {
        if self.token.kind == Kind::Eof {
            Ok(())
        } else {
            Err(self.error("encountered unexpected token"))
        }
    }

    /// MLIR's `parseCommaSeparatedList` with a `(`/`)` or `[`/`]` delimiter.
    fn parse_list(
        &mut self,
        square: bool,
        context: &str,
        mut element: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        let (open, close, open_text, close_text) = if square {
            (Kind::LSquare, Kind::RSquare, "[", "]")
        } else {
            (Kind::LParen, Kind::RParen, "(", ")")
        };
        self.expect(open, &format!("expected '{open_text}'{context}"))?;
        if self.consume_if(close) {
            return Ok(());
        }
        element(self)?;
        while self.consume_if(Kind::Comma) {
            element(self)?;
        }
        self.expect(close, &format!("expected '{close_text}'{context}"))
    }

    fn parse_whole_map_or_set(&mut self) -> PResult<MapOrSet> {
        let result = self.parse_map_or_set()?;
        self.expect_end()?;
        Ok(result)
    }

    fn parse_map_or_set(&mut self) -> PResult<MapOrSet> {
        let mut num_dims = 0;
        self.parse_list(false, " in dimensional identifier list", |p| {
            num_dims += 1;
            p.define(AffineExpr::Dim(num_dims - 1))
        })?;
        let mut num_symbols = 0;
        if self.token.kind == Kind::LSquare {
            self.parse_list(true, " in symbol list", |p| {
                num_symbols += 1;
                p.define(AffineExpr::Symbol(num_symbols - 1))
            })?;
        }
        if self.consume_if(Kind::Arrow) {
            let mut results = Vec::new();
            self.parse_list(false, " in affine map range", |p| {
                results.push(p.parse_expr()?);
                Ok(())
            })?;
            return Ok(MapOrSet::Map(AffineMap::new(
                num_dims,
                num_symbols,
                results,
            )));
        }
        self.expect(Kind::Colon, "expected '->' or ':'")?;
        let mut constraints = Vec::new();
        let mut eq_flags = Vec::new();
        self.parse_list(false, " in integer set constraint list", |p| {
            let (constraint, is_eq) = p.parse_constraint()?;
            constraints.push(constraint);
            eq_flags.push(is_eq);
            Ok(())
        })?;
        if constraints.is_empty() {
            return Ok(MapOrSet::Set(IntegerSet::universe(num_dims, num_symbols)));
        }
        Ok(MapOrSet::Set(IntegerSet::new(
            num_dims,
            num_symbols,
            constraints,
            eq_flags,
        )))
    }

    /// Declares the current identifier as `expr`.
    fn define(&mut self, expr: AffineExpr) -> PResult<()> {
        let Kind::Ident(name) = self.token.kind else {
            return Err(self.error("expected bare identifier"));
        };
        if self.names.iter().any(|(n, _)| *n == name) {
            return Err(self.error(format!("redefinition of identifier '{name}'")));
        }
        self.bump();
        self.names.push((name, expr));
        Ok(())
    }

    /// `expr (>= | <= | ==) expr`, normalized to a comparison with zero.
    fn parse_constraint(&mut self) -> PResult<(AffineExpr, bool)> {
        let lhs = self.parse_expr()?;
        let offset = self.token.offset;
        if self.consume_if(Kind::Greater) && self.consume_if(Kind::Equal) {
            let rhs = self.parse_expr()?;
            return Ok((self.checked(offset, lhs - rhs)?, false));
        }
        if self.consume_if(Kind::Less) && self.consume_if(Kind::Equal) {
            let rhs = self.parse_expr()?;
            return Ok((self.checked(offset, rhs - lhs)?, false));
        }
        if self.consume_if(Kind::Equal) && self.consume_if(Kind::Equal) {
            let rhs = self.parse_expr()?;
            return Ok((self.checked(offset, lhs - rhs)?, true));
        }
        Err(self.error("expected '== affine-expr' or '>= affine-expr' at end of affine constraint"))
    }

    /// Rejects trees taller than [`MAX_EXPR_DEPTH`].
    fn checked(&self, offset: usize, expr: AffineExpr) -> PResult<AffineExpr> {
        if expr.depth() > MAX_EXPR_DEPTH {
            return Err(self.error_at(
                offset,
                format!("affine expression is nested more than {MAX_EXPR_DEPTH} levels deep"),
            ));
        }
        Ok(expr)
    }

    /// Sums and differences of terms, left-associative.
    fn parse_expr(&mut self) -> PResult<AffineExpr> {
        let mut pending: Option<(AffineExpr, LowOp, usize)> = None;
        loop {
            let term = self.parse_term(pending.is_some())?;
            let value = match pending.take() {
                None => term,
                Some((lhs, LowOp::Add, offset)) => self.checked(offset, lhs + term)?,
                Some((lhs, LowOp::Sub, offset)) => self.checked(offset, lhs - term)?,
            };
            let offset = self.token.offset;
            let op = match self.token.kind {
                Kind::Plus => LowOp::Add,
                Kind::Minus => LowOp::Sub,
                _ => return Ok(value),
            };
            self.bump();
            pending = Some((value, op, offset));
        }
    }

    fn high_op(&self) -> Option<AffineBinaryOp> {
        match self.token.kind {
            Kind::Star => Some(AffineBinaryOp::Mul),
            Kind::Ident("floordiv") => Some(AffineBinaryOp::FloorDiv),
            Kind::Ident("ceildiv") => Some(AffineBinaryOp::CeilDiv),
            Kind::Ident("mod") => Some(AffineBinaryOp::Mod),
            _ => None,
        }
    }

    /// Products, divisions and modulos of operands, left-associative.
    fn parse_term(&mut self, has_lhs: bool) -> PResult<AffineExpr> {
        let mut value = self.parse_operand(has_lhs)?;
        while let Some(op) = self.high_op() {
            let op_offset = self.token.offset;
            self.bump();
            let rhs = self.parse_operand(true)?;
            // MLIR reports a non-affine operation at the operator that
            // follows it, if any.
            let report_at = if self.high_op().is_some() {
                self.token.offset
            } else {
                op_offset
            };
            value = self.combine_high(op, value, rhs, report_at)?;
        }
        Ok(value)
    }

    fn combine_high(
        &self,
        op: AffineBinaryOp,
        lhs: AffineExpr,
        rhs: AffineExpr,
        offset: usize,
    ) -> PResult<AffineExpr> {
        let non_affine =
            |message: &str| Err(self.error_at(offset, format!("non-affine expression: {message}")));
        match op {
            AffineBinaryOp::Mul
                if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() =>
            {
                return non_affine(
                    "at least one of the multiply operands has to be either a constant or symbolic",
                );
            }
            AffineBinaryOp::Mul | AffineBinaryOp::Add => {}
            _ if !rhs.is_symbolic_or_constant() => {
                return non_affine(&format!(
                    "right operand of {} has to be either a constant or symbolic",
                    op.spelling()
                ));
            }
            _ => {}
        }
        self.checked(offset, AffineExpr::binary(op, lhs, rhs))
    }

    fn parse_operand(&mut self, has_lhs: bool) -> PResult<AffineExpr> {
        let offset = self.token.offset;
        match self.token.kind {
            Kind::Ident("symbol") => self.parse_symbol_ssa(),
            Kind::Ssa(name) => {
                let expr = self.resolve_ssa(name)?;
                self.bump();
                Ok(expr)
            }
            Kind::Integer(spelling) => {
                let value = parse_integer(spelling)
                    .ok_or_else(|| self.error("constant too large for index"))?;
                self.bump();
                Ok(AffineExpr::Constant(value))
            }
            Kind::LParen => {
                self.bump();
                if self.token.kind == Kind::RParen {
                    return Err(self.error("no expression inside parentheses"));
                }
                self.enter(offset)?;
                let expr = self.parse_expr();
                self.nesting -= 1;
                let expr = expr?;
                self.expect(Kind::RParen, "expected ')'")?;
                Ok(expr)
            }
            Kind::Minus => {
                self.bump();
                self.enter(offset)?;
                let operand = self.parse_operand(has_lhs);
                self.nesting -= 1;
                self.checked(offset, -operand?)
            }
            Kind::Ident(name) => {
                let expr = self
                    .lookup(name)
                    .ok_or_else(|| self.error("use of undeclared identifier"))?;
                self.bump();
                Ok(expr)
            }
            Kind::Plus | Kind::Star if !has_lhs => {
                Err(self.error("missing left operand of binary operator"))
            }
            _ if has_lhs => Err(self.error("missing right operand of binary operator")),
            _ => Err(self.error("expected affine expression")),
        }
    }

    /// Enters one level of parentheses or negation.
    fn enter(&mut self, offset: usize) -> PResult<()> {
        if self.nesting >= MAX_NESTING_DEPTH {
            return Err(self.error_at(
                offset,
                format!("affine expression is nested more than {MAX_NESTING_DEPTH} levels deep"),
            ));
        }
        self.nesting += 1;
        Ok(())
    }

    fn lookup(&mut self, name: &str) -> Option<AffineExpr> {
        if let Some((_, expr)) = self.names.iter().find(|(n, _)| *n == name) {
            return Some(expr.clone());
        }
        self.resolver.as_mut().and_then(|resolve| resolve(name))
    }

    /// The meaning of an SSA name; only callers with a resolver accept them.
    fn resolve_ssa(&mut self, name: &str) -> PResult<AffineExpr> {
        let Some(resolve) = self.resolver.as_mut() else {
            return Err(self.error("unexpected ssa identifier"));
        };
        resolve(name).ok_or_else(|| self.error("use of undeclared identifier"))
    }

    /// `symbol(%name)`.
    fn parse_symbol_ssa(&mut self) -> PResult<AffineExpr> {
        self.bump();
        self.expect(Kind::LParen, "expected '(' at start of SSA symbol")?;
        if self.resolver.is_none() {
            return Err(self.error("unexpected ssa identifier"));
        }
        let Kind::Ssa(name) = self.token.kind else {
            return Err(self.error("expected ssa identifier"));
        };
        let expr = self.resolve_ssa(&format!("symbol({name})"))?;
        self.bump();
        self.expect(Kind::RParen, "expected ')' at end of SSA symbol")?;
        Ok(expr)
    }
}

/// The value of an integer literal; `2^63` is accepted and means
/// `i64::MIN`, because MLIR prints `d0 + i64::MIN` as
/// `d0 - 9223372036854775808`.
fn parse_integer(spelling: &str) -> Option<i64> {
    let value = match spelling.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok()?,
        None => spelling.parse::<u64>().ok()?,
    };
    if value > i64::MAX as u64 && value != i64::MIN.unsigned_abs() {
        return None;
    }
    Some(value as i64)
}
