//! MLIR's textual pass pipelines:
//!
//! ```text
//! pipeline ::= op-anchor `(` element-list? `)`
//! element  ::= op-anchor `(` element-list? `)` | pass-argument options?
//! options  ::= `{` (key (`=` value)?)* `}`
//! ```
//!
//! e.g. `builtin.module(func.func(canonicalize,cse),symbol-dce,my-pass{opt=1 list=1,2})`.
//! Errors carry the byte offset into the pipeline text and render as MLIR
//! does, with the text and a caret under the offending spot.
//!
//! Nested pipelines are parsed by recursion, bounded by the textual
//! parser's [`MAX_NESTING_DEPTH`]: a pipeline nests by op, and no parsed
//! IR nests ops deeper, so the bound costs nothing real while
//! `any(any(any(...` fifteen thousand deep is an error instead of a stack
//! overflow.

use super::options::{split_options, OptionValue};
use super::registry::PassRegistry;
use super::{Anchor, OpPassManager};
use crate::asm::parser::MAX_NESTING_DEPTH;

/// A malformed pipeline, located in its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    pub text: String,
    /// Byte offset of the problem, when it has one.
    pub offset: Option<usize>,
    pub message: String,
}

impl PipelineError {
    fn at(text: &str, offset: usize, message: impl Into<String>) -> Self {
        Self {
            text: text.to_string(),
            offset: Some(offset),
            message: message.into(),
        }
    }
    /// MLIR's rendering: `MLIR Textual PassPipeline Parser:1:COL: error: ...`
    /// followed by the pipeline and a caret.
    pub fn render(&self) -> String {
        match self.offset {
            Some(offset) => {
                let offset = offset.min(self.text.len());
                let col = self.text[..offset].chars().count();
                let mut out = format!(
                    "MLIR Textual PassPipeline Parser:1:{}: error: {}\n",
                    col + 1,
                    self.message,
                );
                crate::diagnostics::quote_source_line(&self.text, offset, &mut out);
                out.pop();
                out
            }
            None => self.message.clone(),
        }
    }
}

impl std::fmt::Display for PipelineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

struct Cursor<'t> {
    text: &'t str,
    pos: usize,
}

impl<'t> Cursor<'t> {
    fn skip_ws(&mut self) {
        while self.pos < self.text.len() && self.text.as_bytes()[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }
    fn ident(&mut self) -> &'t str {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-' | b'+' | b'$') {
                self.pos += 1;
            } else {
                break;
            }
        }
        &self.text[start..self.pos]
    }
    fn err(&self, offset: usize, message: impl Into<String>) -> PipelineError {
        PipelineError::at(self.text, offset, message)
    }
}

/// Parses a full pipeline `anchor(...)`.
pub fn parse_pass_pipeline(
    text: &str,
    registry: &PassRegistry,
) -> Result<OpPassManager, PipelineError> {
    let mut c = Cursor { text, pos: 0 };
    c.skip_ws();
    let anchor_at = c.pos;
    let anchor = c.ident();
    c.skip_ws();
    if anchor.is_empty() || c.peek() != Some(b'(') {
        return Err(PipelineError {
            text: text.to_string(),
            offset: None,
            message: "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'".into(),
        });
    }
    let open = c.pos;
    c.pos += 1;
    let mut pm = OpPassManager::on(anchor);
    parse_elements(&mut c, &mut pm, registry, 1)?;
    if c.peek() != Some(b')') {
        return Err(c.err(
            open,
            "encountered unbalanced parentheses while parsing pipeline",
        ));
    }
    c.pos += 1;
    c.skip_ws();
    match c.peek() {
        None => Ok(pm),
        Some(b')') => Err(c.err(
            c.pos,
            "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline",
        )),
        Some(_) => Err(c.err(
            c.pos,
            format!(
                "unexpected text after the '{}' pipeline",
                &text[anchor_at..open].trim()
            ),
        )),
    }
}

/// Parses elements up to (not including) a `)` or the end, `depth`
/// pipelines deep.
fn parse_elements(
    c: &mut Cursor,
    pm: &mut OpPassManager,
    registry: &PassRegistry,
    depth: u32,
) -> Result<(), PipelineError> {
    c.skip_ws();
    if c.peek() == Some(b')') {
        return Ok(());
    }
    loop {
        c.skip_ws();
        let name_at = c.pos;
        let name = c.ident();
        if name.is_empty() {
            return Err(match c.peek() {
                None => c.err(name_at, "expected a pass name or a nested pipeline"),
                Some(b')') | Some(b',') => {
                    c.err(name_at, "expected a pass name or a nested pipeline")
                }
                Some(_) => c.err(
                    name_at,
                    format!(
                        "unexpected character '{}' in pass pipeline",
                        &c.text[name_at..].chars().next().unwrap()
                    ),
                ),
            });
        }
        c.skip_ws();
        match c.peek() {
            Some(b'(') => {
                let open = c.pos;
                if depth >= MAX_NESTING_DEPTH {
                    return Err(c.err(
                        name_at,
                        format!(
                            "pass pipeline nested too deep: more than {MAX_NESTING_DEPTH} levels"
                        ),
                    ));
                }
                c.pos += 1;
                let mut nested = OpPassManager::on(name);
                parse_elements(c, &mut nested, registry, depth + 1)?;
                if c.peek() != Some(b')') {
                    return Err(c.err(
                        open,
                        "encountered unbalanced parentheses while parsing pipeline",
                    ));
                }
                c.pos += 1;
                pm.add_nested(nested);
            }
            next => {
                let Some(info) = registry.lookup(name) else {
                    return Err(c.err(
                        name_at,
                        format!("'{name}' does not refer to a registered pass or pass pipeline"),
                    ));
                };
                let mut pass = info.create();
                if next == Some(b'{') {
                    let open = c.pos;
                    let close = matching_brace(c.text, open).ok_or_else(|| {
                        c.err(open, "missing closing '}' while processing pass options")
                    })?;
                    let body = &c.text[open + 1..close];
                    let entries =
                        split_options(body).map_err(|(off, m)| c.err(open + 1 + off, m))?;
                    let mut options = pass.options();
                    for (key, value, off) in entries {
                        let Some(option) = options.iter_mut().find(|o| o.name == key) else {
                            return Err(c.err(
                                open + 1 + off,
                                format!("no such option '{key}' for pass '{name}'; failed to add `{name}` with options `{}`", body.trim()),
                            ));
                        };
                        option.set(value).map_err(|m| c.err(open + 1 + off, m))?;
                        if let OptionValue::Pipeline(nested) = &option.value {
                            check_nested_pipeline(nested, registry).map_err(|m| {
                                c.err(open + 1 + off, format!("for the {key} option: {m}"))
                            })?;
                        }
                    }
                    drop(options);
                    c.pos = close + 1;
                }
                if let (Some(pass_anchor), Anchor::Op(pm_anchor)) = (pass.anchor(), pm.anchor()) {
                    if pass_anchor != pm_anchor {
                        return Err(c.err(
                            name_at,
                            format!(
                                "Can't add pass '{}' restricted to '{}' on a PassManager intended to run on '{}', did you intend to nest?",
                                pass.name(),
                                pass_anchor,
                                pm_anchor
                            ),
                        ));
                    }
                }
                pm.add_pass(pass);
            }
        }
        c.skip_ws();
        match c.peek() {
            Some(b',') => c.pos += 1,
            Some(b')') | None => return Ok(()),
            Some(_) => {
                return Err(c.err(
                    c.pos,
                    format!("expected ',' or ')' after '{name}' in pass pipeline"),
                ))
            }
        }
    }
}

/// Whether `text`, an option's nested pipeline (`canonicalize,cse`, or
/// empty for none), is a pipeline of registered passes.
fn check_nested_pipeline(text: &str, registry: &PassRegistry) -> Result<(), String> {
    if text.trim().is_empty() {
        return Ok(());
    }
    parse_pass_pipeline(&format!("any({text})"), registry)
        .map(drop)
        .map_err(|e| e.message)
}

/// The offset of the `}` closing the `{` at `open`, skipping quoted text.
fn matching_brace(text: &str, open: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0;
    let mut quote: Option<u8> = None;
    for (i, &b) in bytes.iter().enumerate().skip(open) {
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None => match b {
                b'"' | b'\'' => quote = Some(b),
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                _ => {}
            },
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested_any(levels: usize) -> String {
        format!(
            "builtin.module({}{})",
            "any(".repeat(levels),
            ")".repeat(levels)
        )
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let registry = PassRegistry::new();
        let limit = MAX_NESTING_DEPTH as usize - 1;
        assert!(parse_pass_pipeline(&nested_any(limit), &registry).is_ok());
        let Err(err) = parse_pass_pipeline(&nested_any(limit + 1), &registry) else {
            panic!("{} nested pipelines accepted", limit + 1);
        };
        assert_eq!(err.offset, Some("builtin.module(".len() + 4 * limit));
        assert!(err.message.contains("nested too deep"), "{}", err.message);
        let Err(err) = parse_pass_pipeline(&nested_any(15_000), &registry) else {
            panic!("15,000 nested pipelines accepted");
        };
        assert_eq!(err.offset, Some("builtin.module(".len() + 4 * limit));
    }
}
