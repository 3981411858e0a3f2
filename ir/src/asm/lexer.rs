//! Tokens of MLIR's textual format.
//!
//! The lexer works on bytes and hands out spans into the source, never
//! copies: the parser slices the text when it needs it. Identifiers follow
//! MLIR's Lexer.cpp (`bare-id`, `%suffix-id`, `^caret-id`, `@at-id`,
//! `#hash-id`, `!exclamation-id`). Shapes such as `4x4xf32` lex as an integer
//! followed by an identifier starting with `x`, as in MLIR, and the shape
//! parser splits them.

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TokenKind {
    Eof,
    /// A byte that starts no token; carries its error.
    Error,
    BareIdent,
    /// `%name`
    PercentIdent,
    /// `^name`
    CaretIdent,
    /// `@name` or `@"name"`
    AtIdent,
    /// `#name`
    HashIdent,
    /// `!name`
    ExclamationIdent,
    Integer,
    Float,
    String,
    Arrow,
    Colon,
    ColonColon,
    Comma,
    Equal,
    LParen,
    RParen,
    LBrace,
    RBrace,
    LSquare,
    RSquare,
    Less,
    Greater,
    Question,
    Plus,
    Minus,
    Star,
    Vertical,
    Ellipsis,
    /// `{-#`: start of file metadata (dialect resources).
    FileMetadataBegin,
    /// `#-}`
    FileMetadataEnd,
}

#[derive(Copy, Clone, Debug)]
pub struct Token {
    pub kind: TokenKind,
    pub start: u32,
    pub end: u32,
}

impl Token {
    pub fn text<'s>(&self, src: &'s str) -> &'s str {
        &src[self.start as usize..self.end as usize]
    }
}

pub struct Lexer<'s> {
    src: &'s [u8],
    pos: usize,
    /// Message of the last `Error` token.
    pub error: Option<&'static str>,
}

#[inline]
fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}
#[inline]
fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.'
}
#[inline]
fn is_suffix_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'$' || b == b'.' || b == b'_' || b == b'-'
}

impl<'s> Lexer<'s> {
    pub fn new(src: &'s str) -> Self {
        Self {
            src: src.as_bytes(),
            pos: 0,
            error: None,
        }
    }

    pub fn position(&self) -> usize {
        self.pos
    }

    pub fn reset_to(&mut self, pos: usize) {
        self.pos = pos;
    }

    #[inline]
    fn peek_byte(&self, offset: usize) -> u8 {
        self.src.get(self.pos + offset).copied().unwrap_or(0)
    }

    fn token(&self, kind: TokenKind, start: usize) -> Token {
        Token {
            kind,
            start: start as u32,
            end: self.pos as u32,
        }
    }

    fn error(&mut self, start: usize, message: &'static str) -> Token {
        self.error = Some(message);
        if self.pos == start {
            self.pos += 1;
        }
        self.token(TokenKind::Error, start)
    }

    fn skip_trivia(&mut self) {
        loop {
            match self.peek_byte(0) {
                b' ' | b'\t' | b'\n' | b'\r' => self.pos += 1,
                b'/' if self.peek_byte(1) == b'/' => {
                    while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    pub fn next_token(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        if self.pos >= self.src.len() {
            return self.token(TokenKind::Eof, start);
        }
        let b = self.src[self.pos];
        self.pos += 1;
        use TokenKind::*;
        match b {
            b'(' => self.token(LParen, start),
            b')' => self.token(RParen, start),
            b'{' => {
                if self.peek_byte(0) == b'-' && self.peek_byte(1) == b'#' {
                    self.pos += 2;
                    return self.token(FileMetadataBegin, start);
                }
                self.token(LBrace, start)
            }
            b'}' => self.token(RBrace, start),
            b'[' => self.token(LSquare, start),
            b']' => self.token(RSquare, start),
            b'<' => self.token(Less, start),
            b'>' => self.token(Greater, start),
            b'=' => self.token(Equal, start),
            b',' => self.token(Comma, start),
            b'?' => self.token(Question, start),
            b'+' => self.token(Plus, start),
            b'*' => self.token(Star, start),
            b'|' => self.token(Vertical, start),
            b':' => {
                if self.peek_byte(0) == b':' {
                    self.pos += 1;
                    return self.token(ColonColon, start);
                }
                self.token(Colon, start)
            }
            b'-' => {
                if self.peek_byte(0) == b'>' {
                    self.pos += 1;
                    return self.token(Arrow, start);
                }
                self.token(Minus, start)
            }
            b'.' => {
                if self.peek_byte(0) == b'.' && self.peek_byte(1) == b'.' {
                    self.pos += 2;
                    return self.token(Ellipsis, start);
                }
                self.error(start, "expected three consecutive dots for an ellipsis")
            }
            b'"' => self.lex_string(start),
            b'%' => self.lex_prefixed(start, PercentIdent),
            b'^' => self.lex_prefixed(start, CaretIdent),
            b'!' => self.lex_prefixed(start, ExclamationIdent),
            b'#' => {
                if self.peek_byte(0) == b'-' && self.peek_byte(1) == b'}' {
                    self.pos += 2;
                    return self.token(FileMetadataEnd, start);
                }
                self.lex_prefixed(start, HashIdent)
            }
            b'@' => {
                if self.peek_byte(0) == b'"' {
                    self.pos += 1;
                    let string = self.lex_string(self.pos - 1);
                    if string.kind == Error {
                        return string;
                    }
                    return self.token(AtIdent, start);
                }
                if !is_ident_start(self.peek_byte(0)) {
                    return self.error(start, "@ identifier expected to start with letter or '_'");
                }
                while is_ident_continue(self.peek_byte(0)) {
                    self.pos += 1;
                }
                self.token(AtIdent, start)
            }
            b'0'..=b'9' => self.lex_number(start),
            _ if is_ident_start(b) => {
                while is_ident_continue(self.peek_byte(0)) {
                    self.pos += 1;
                }
                self.token(BareIdent, start)
            }
            _ => self.error(start, "unexpected character"),
        }
    }

    /// `[%^#!] suffix-id` where `suffix-id ::= digit+ | (letter|id-punct) (letter|id-punct|digit)*`.
    fn lex_prefixed(&mut self, start: usize, kind: TokenKind) -> Token {
        let first = self.peek_byte(0);
        if first.is_ascii_digit() {
            while self.peek_byte(0).is_ascii_digit() {
                self.pos += 1;
            }
            return self.token(kind, start);
        }
        if !is_suffix_char(first) {
            let message = match kind {
                TokenKind::PercentIdent => "invalid SSA name",
                TokenKind::CaretIdent => "invalid block name",
                TokenKind::ExclamationIdent => "invalid type identifier",
                _ => "invalid attribute name",
            };
            return self.error(start, message);
        }
        while is_suffix_char(self.peek_byte(0)) {
            self.pos += 1;
        }
        self.token(kind, start)
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let first = self.src[start];
        if first == b'0' && self.peek_byte(0) == b'x' && self.peek_byte(1).is_ascii_hexdigit() {
            self.pos += 1;
            while self.peek_byte(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return self.token(TokenKind::Integer, start);
        }
        while self.peek_byte(0).is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek_byte(0) != b'.' {
            return self.token(TokenKind::Integer, start);
        }
        self.pos += 1;
        while self.peek_byte(0).is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek_byte(0), b'e' | b'E') {
            let sign = matches!(self.peek_byte(1), b'+' | b'-') as usize;
            if self.peek_byte(1 + sign).is_ascii_digit() {
                self.pos += 1 + sign;
                while self.peek_byte(0).is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        self.token(TokenKind::Float, start)
    }

    fn lex_string(&mut self, start: usize) -> Token {
        loop {
            match self.src.get(self.pos).copied() {
                None | Some(b'\n') => return self.error(start, "expected '\"' in string literal"),
                Some(b'"') => {
                    self.pos += 1;
                    return self.token(TokenKind::String, start);
                }
                Some(b'\\') => {
                    let next = self.src.get(self.pos + 1).copied().unwrap_or(0);
                    if matches!(next, b'"' | b'\\' | b'n' | b't') {
                        self.pos += 2;
                    } else if next.is_ascii_hexdigit()
                        && self
                            .src
                            .get(self.pos + 2)
                            .is_some_and(|b| b.is_ascii_hexdigit())
                    {
                        self.pos += 3;
                    } else {
                        self.pos += 1;
                        return self.error(start, "unknown escape in string literal");
                    }
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    /// Scans a balanced `<...>` body starting at the current position (which
    /// must be at `<`), as MLIR does for pretty dialect types and attributes.
    /// Returns the span of the body without the outer brackets. With
    /// `comparisons` (affine sets), `>=` and `<=` are operators, not brackets.
    pub fn scan_angle_body(&mut self, comparisons: bool) -> Result<(usize, usize), &'static str> {
        debug_assert_eq!(self.peek_byte(0), b'<');
        self.pos += 1;
        let body_start = self.pos;
        let mut stack: Vec<u8> = vec![b'>'];
        while let Some(&b) = self.src.get(self.pos) {
            self.pos += 1;
            if comparisons && (b == b'<' || b == b'>') && self.src.get(self.pos) == Some(&b'=') {
                self.pos += 1;
                continue;
            }
            match b {
                b'<' => stack.push(b'>'),
                b'(' => stack.push(b')'),
                b'[' => stack.push(b']'),
                b'{' => stack.push(b'}'),
                b'"' => {
                    let token = self.lex_string(self.pos - 1);
                    if token.kind == TokenKind::Error {
                        return Err("unterminated string in dialect body");
                    }
                }
                b'>' if self.pos >= 2 && self.src[self.pos - 2] == b'-' => {
                    // The `>` of an arrow (`->`), e.g. a function type in the body.
                }
                b'>' | b')' | b']' | b'}' => {
                    if stack.last() != Some(&b) {
                        return Err("unbalanced bracket in dialect body");
                    }
                    stack.pop();
                    if stack.is_empty() {
                        return Ok((body_start, self.pos - 1));
                    }
                }
                _ => {}
            }
        }
        Err("unbalanced '<' character in pretty dialect name")
    }
}

/// Decodes the contents of a string token (without quotes) into bytes.
pub fn unescape_string(token_text: &str) -> Vec<u8> {
    let bytes = token_text.as_bytes();
    let inner = &bytes[1..bytes.len() - 1];
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        let b = inner[i];
        if b != b'\\' {
            out.push(b);
            i += 1;
            continue;
        }
        let next = inner.get(i + 1).copied().unwrap_or(b'\\');
        match next {
            b'n' => {
                out.push(b'\n');
                i += 2;
            }
            b't' => {
                out.push(b'\t');
                i += 2;
            }
            b'"' | b'\\' => {
                out.push(next);
                i += 2;
            }
            _ => {
                let hex =
                    std::str::from_utf8(&inner[i + 1..(i + 3).min(inner.len())]).unwrap_or("0");
                out.push(u8::from_str_radix(hex, 16).unwrap_or(0));
                i += 3;
            }
        }
    }
    out
}
