//! The textual form: one declaration or constraint per line, in the
//! paper's notation.
//!
//! ```text
//! # Figure 5 of the Heron paper: x * y <= 8.
//! var x in 1..5
//! var y in 1..5
//! var z in {0, 1}
//! var xy in 1..25
//! PROD(xy, [x, y])
//! LE(xy, 8)
//! ```
//!
//! A variable is declared before its first use, with an inclusive range
//! `lo..hi` or a set `{a, b, c}`. Names are identifiers that may contain
//! dots (`stage3.i6`). Operands are names or integers; `IN` lists integers;
//! `SELECT(v, i, [x0, x1])` counts `i` from 0. `#` starts a comment. The
//! printer writes this form back (declarations first, then constraints in
//! id order), so `parse(print(p))` prints the same text.
//!
//! Errors are located: `3:12: error: use of undeclared variable 'li'`, or
//! with a file name, `csp.txt:3:12: error: ...`.

use crate::domain::Domain;
use crate::problem::{is_valid_name, Constraint, Problem, Term};
use std::fmt;
use thiserror::Error;

/// A located error in the textual form (1-based line and column).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{line}:{col}: error: {message}")]
pub struct ParseError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl ParseError {
    /// `file:line:col: error: message`.
    pub fn render(&self, file: &str) -> String {
        format!("{file}:{self}")
    }
}

struct DisplayTerm<'a>(&'a Problem, Term);

impl fmt::Display for DisplayTerm<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Term::Var(v) => f.write_str(self.0.name(v)),
            Term::Const(c) => write!(f, "{c}"),
        }
    }
}

fn write_list<T>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
    mut each: impl FnMut(&mut fmt::Formatter<'_>, &T) -> fmt::Result,
) -> fmt::Result {
    f.write_str("[")?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        each(f, item)?;
    }
    f.write_str("]")
}

struct DisplayConstraint<'a>(&'a Problem, &'a Constraint);

impl fmt::Display for DisplayConstraint<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        let term = |f: &mut fmt::Formatter<'_>, t: &Term| write!(f, "{}", DisplayTerm(p, *t));
        write!(f, "{}(", self.1.kind())?;
        match self.1 {
            Constraint::Prod(v, xs) | Constraint::Sum(v, xs) => {
                write!(f, "{}, ", DisplayTerm(p, *v))?;
                write_list(f, xs, term)?;
            }
            Constraint::Eq(a, b) | Constraint::Le(a, b) => {
                write!(f, "{}, {}", DisplayTerm(p, *a), DisplayTerm(p, *b))?
            }
            Constraint::In(v, cs) => {
                write!(f, "{}, ", DisplayTerm(p, *v))?;
                write_list(f, cs, |f, c| write!(f, "{c}"))?;
            }
            Constraint::Select(v, i, xs) => {
                write!(f, "{}, {}, ", DisplayTerm(p, *v), DisplayTerm(p, *i))?;
                write_list(f, xs, term)?;
            }
        }
        f.write_str(")")
    }
}

impl Problem {
    /// A constraint in the textual form.
    pub fn display_constraint<'a>(&'a self, c: &'a Constraint) -> impl fmt::Display + 'a {
        DisplayConstraint(self, c)
    }

    /// Parse the textual form.
    pub fn parse(src: &str) -> Result<Problem, ParseError> {
        let mut p = Problem::new();
        for (i, line) in src.lines().enumerate() {
            let line_no = i as u32 + 1;
            let code = line.split('#').next().unwrap_or("");
            let tokens = lex(code, line_no)?;
            if tokens.is_empty() {
                continue;
            }
            LineParser {
                tokens: &tokens,
                pos: 0,
                line: line_no,
                end_col: code.trim_end().len() as u32 + 1,
            }
            .parse(&mut p)?;
        }
        Ok(p)
    }
}

impl fmt::Display for Problem {
    /// The textual form: one `var` line per variable, one line per constraint.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for v in self.vars() {
            writeln!(f, "var {} in {}", self.name(v), self.domain(v))?;
        }
        for (_, c) in self.constraints() {
            writeln!(f, "{}", self.display_constraint(c))?;
        }
        Ok(())
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Name(String),
    Int(i64),
    Punct(&'static str),
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    col: u32,
}

fn error(line: u32, col: u32, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        col,
        message: message.into(),
    }
}

fn lex(code: &str, line: u32) -> Result<Vec<Token>, ParseError> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let col = i as u32 + 1;
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit()
            || (c == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            let start = i;
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let text = &code[start..i];
            let value = text.parse::<i64>().map_err(|_| {
                error(
                    line,
                    col,
                    format!("integer '{text}' does not fit in 64 bits"),
                )
            })?;
            out.push(Token {
                tok: Tok::Int(value),
                col,
            });
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'.')
            {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Name(code[start..i].to_string()),
                col,
            });
        } else if code[i..].starts_with("..") {
            out.push(Token {
                tok: Tok::Punct(".."),
                col,
            });
            i += 2;
        } else {
            let punct = ["(", ")", "[", "]", "{", "}", ","]
                .into_iter()
                .find(|p| p.as_bytes()[0] == c);
            match punct {
                Some(p) => out.push(Token {
                    tok: Tok::Punct(p),
                    col,
                }),
                None => {
                    let ch = code[i..].chars().next().unwrap_or('?');
                    return Err(error(line, col, format!("unexpected character '{ch}'")));
                }
            }
            i += 1;
        }
    }
    Ok(out)
}

struct LineParser<'t> {
    tokens: &'t [Token],
    pos: usize,
    line: u32,
    /// The column just past the line's last character (for "expected ... at end of line").
    end_col: u32,
}

impl LineParser<'_> {
    fn col(&self) -> u32 {
        self.tokens.get(self.pos).map_or(self.end_col, |t| t.col)
    }

    fn err(&self, message: impl Into<String>) -> ParseError {
        error(self.line, self.col(), message)
    }

    fn describe(&self) -> String {
        match self.tokens.get(self.pos).map(|t| &t.tok) {
            None => "end of line".to_string(),
            Some(Tok::Name(n)) => format!("'{n}'"),
            Some(Tok::Int(v)) => format!("'{v}'"),
            Some(Tok::Punct(p)) => format!("'{p}'"),
        }
    }

    fn peek_punct(&self, p: &str) -> bool {
        matches!(self.tokens.get(self.pos), Some(Token { tok: Tok::Punct(q), .. }) if *q == p)
    }

    fn expect(&mut self, p: &str) -> Result<(), ParseError> {
        if self.peek_punct(p) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.err(format!("expected '{p}', found {}", self.describe())))
        }
    }

    fn name(&mut self, what: &str) -> Result<(String, u32), ParseError> {
        match self.tokens.get(self.pos) {
            Some(Token {
                tok: Tok::Name(n),
                col,
            }) => {
                self.pos += 1;
                Ok((n.clone(), *col))
            }
            _ => Err(self.err(format!("expected {what}, found {}", self.describe()))),
        }
    }

    fn int(&mut self) -> Result<i64, ParseError> {
        match self.tokens.get(self.pos) {
            Some(Token {
                tok: Tok::Int(v), ..
            }) => {
                self.pos += 1;
                Ok(*v)
            }
            _ => Err(self.err(format!("expected an integer, found {}", self.describe()))),
        }
    }

    fn term(&mut self, p: &Problem) -> Result<Term, ParseError> {
        match self.tokens.get(self.pos) {
            Some(Token {
                tok: Tok::Int(v), ..
            }) => {
                self.pos += 1;
                Ok(Term::Const(*v))
            }
            Some(Token {
                tok: Tok::Name(n),
                col,
            }) => {
                let v = p.var_named(n).ok_or_else(|| {
                    error(self.line, *col, format!("use of undeclared variable '{n}'"))
                })?;
                self.pos += 1;
                Ok(Term::Var(v))
            }
            _ => Err(self.err(format!(
                "expected a variable or an integer, found {}",
                self.describe()
            ))),
        }
    }

    /// `[item, item, ...]`, possibly empty.
    fn list<T>(
        &mut self,
        mut item: impl FnMut(&mut Self) -> Result<T, ParseError>,
    ) -> Result<Vec<T>, ParseError> {
        self.expect("[")?;
        let mut out = Vec::new();
        if self.peek_punct("]") {
            self.pos += 1;
            return Ok(out);
        }
        loop {
            out.push(item(self)?);
            if self.peek_punct("]") {
                self.pos += 1;
                return Ok(out);
            }
            self.expect(",")?;
        }
    }

    fn parse(mut self, p: &mut Problem) -> Result<(), ParseError> {
        let (head, head_col) = self.name("'var' or a constraint kind")?;
        if head == "var" {
            self.declaration(p)?;
        } else {
            let c = self.constraint(p, &head, head_col)?;
            p.add_at(c, Some(self.line));
        }
        if self.pos < self.tokens.len() {
            return Err(self.err(format!("expected end of line, found {}", self.describe())));
        }
        Ok(())
    }

    fn declaration(&mut self, p: &mut Problem) -> Result<(), ParseError> {
        let (name, col) = self.name("a variable name")?;
        if !is_valid_name(&name) || name == "var" || name == "in" {
            return Err(error(
                self.line,
                col,
                format!("'{name}' cannot name a variable"),
            ));
        }
        if p.var_named(&name).is_some() {
            return Err(error(
                self.line,
                col,
                format!("variable '{name}' declared twice"),
            ));
        }
        match self.tokens.get(self.pos) {
            Some(Token {
                tok: Tok::Name(kw), ..
            }) if kw == "in" => self.pos += 1,
            _ => return Err(self.err(format!("expected 'in', found {}", self.describe()))),
        }
        let dom_col = self.col();
        let domain = if self.peek_punct("{") {
            self.pos += 1;
            let mut values = vec![self.int()?];
            while self.peek_punct(",") {
                self.pos += 1;
                values.push(self.int()?);
            }
            self.expect("}")?;
            Domain::set(&values).expect("at least one value was parsed")
        } else {
            let lo = self.int()?;
            self.expect("..")?;
            let hi = self.int()?;
            Domain::range(lo, hi)
                .ok_or_else(|| error(self.line, dom_col, format!("empty range {lo}..{hi}")))?
        };
        p.var_in(&name, domain);
        Ok(())
    }

    fn constraint(&mut self, p: &Problem, kind: &str, col: u32) -> Result<Constraint, ParseError> {
        self.expect("(")?;
        let c = match kind {
            "PROD" | "SUM" => {
                let v = self.term(p)?;
                self.expect(",")?;
                let xs = self.list(|s| s.term(p))?;
                if kind == "PROD" {
                    Constraint::Prod(v, xs)
                } else {
                    Constraint::Sum(v, xs)
                }
            }
            "EQ" | "LE" => {
                let a = self.term(p)?;
                self.expect(",")?;
                let b = self.term(p)?;
                if kind == "EQ" {
                    Constraint::Eq(a, b)
                } else {
                    Constraint::Le(a, b)
                }
            }
            "IN" => {
                let v = self.term(p)?;
                self.expect(",")?;
                Constraint::In(v, self.list(|s| s.int())?)
            }
            "SELECT" => {
                let v = self.term(p)?;
                self.expect(",")?;
                let i = self.term(p)?;
                self.expect(",")?;
                Constraint::Select(v, i, self.list(|s| s.term(p))?)
            }
            other => {
                return Err(error(
                    self.line,
                    col,
                    format!(
                    "unknown constraint kind '{other}' (expected PROD, SUM, EQ, LE, IN or SELECT)"
                ),
                ))
            }
        };
        self.expect(")")?;
        Ok(c)
    }
}
