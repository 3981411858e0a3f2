//! `--verify-diagnostics`: check emitted diagnostics against comments.
//!
//! A test states what it expects next to the offending line:
//! `// expected-error @+1 {{message}}`, with `@-N`, `@above`, `@below`, or
//! no designator (this line), and the kinds error, warning, note and
//! remark. Every expectation must be met by a diagnostic of that kind on
//! that line whose message contains the text, and every diagnostic must be
//! expected, as in MLIR's `SourceMgrDiagnosticVerifierHandler`.

use crate::context::Context;
use crate::diagnostics::{Diagnostic, Severity};

/// One `expected-*` comment.
#[derive(Clone, Debug)]
pub struct Expectation {
    pub severity: Severity,
    /// 1-based line the diagnostic must be on.
    pub line: u32,
    pub message: String,
    /// Where the comment itself is, for "was not produced" errors.
    pub comment_line: u32,
    pub comment_col: u32,
    pub matched: bool,
}

/// Problems in the expectation comments themselves.
#[derive(Clone, Debug)]
pub struct ExpectationError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

/// Collects the expectations in `text`, whose first line is line `first_line + 1` of the file.
pub fn collect_expectations(
    text: &str,
    first_line: u32,
) -> Result<Vec<Expectation>, ExpectationError> {
    let mut expectations = Vec::new();
    let mut pending_below: Vec<usize> = Vec::new();
    let mut last_plain_line = 0u32;
    for (index, line_text) in text.lines().enumerate() {
        let line = first_line + index as u32 + 1;
        let mut found_any = false;
        let mut search_from = 0;
        while let Some(pos) = line_text[search_from..].find("expected-") {
            let start = search_from + pos;
            search_from = start + "expected-".len();
            let rest = &line_text[search_from..];
            let (severity, kind_len) = if rest.starts_with("error") {
                (Severity::Error, 5)
            } else if rest.starts_with("warning") {
                (Severity::Warning, 7)
            } else if rest.starts_with("remark") {
                (Severity::Remark, 6)
            } else if rest.starts_with("note") {
                (Severity::Note, 4)
            } else {
                continue;
            };
            let mut rest = &rest[kind_len..];
            if rest.starts_with("-re") {
                return Err(ExpectationError {
                    line,
                    col: start as u32 + 1,
                    message: "expected-*-re (regular expression expectations) is not supported by strata-opt".into(),
                });
            }
            rest = rest.trim_start();
            let mut target = line;
            let mut below = false;
            if let Some(designator) = rest.strip_prefix('@') {
                let end = designator
                    .find(|c: char| c.is_whitespace() || c == '{')
                    .unwrap_or(designator.len());
                let word = &designator[..end];
                rest = designator[end..].trim_start();
                if word == "above" {
                    target = last_plain_line;
                } else if word == "below" {
                    below = true;
                } else if let Some(n) = word.strip_prefix('+').and_then(|n| n.parse::<u32>().ok()) {
                    target = line + n;
                } else if let Some(n) = word.strip_prefix('-').and_then(|n| n.parse::<u32>().ok()) {
                    target = line.saturating_sub(n);
                } else {
                    return Err(ExpectationError {
                        line,
                        col: start as u32 + 1,
                        message: format!("invalid expected diagnostic designator '@{word}'"),
                    });
                }
            }
            // `expected-error 2 {{...}}` counts are not supported; the message must follow.
            let Some(open) = rest.strip_prefix("{{") else {
                return Err(ExpectationError {
                    line,
                    col: start as u32 + 1,
                    message: "expected '{{' after expected-* designator".into(),
                });
            };
            let Some(close) = open.find("}}") else {
                return Err(ExpectationError {
                    line,
                    col: start as u32 + 1,
                    message: "found start of regex with no end '}}'".into(),
                });
            };
            let message = open[..close].to_string();
            found_any = true;
            expectations.push(Expectation {
                severity,
                line: target,
                message,
                comment_line: line,
                comment_col: start as u32 + 1,
                matched: false,
            });
            if below {
                pending_below.push(expectations.len() - 1);
            }
        }
        if !found_any {
            last_plain_line = line;
            for i in pending_below.drain(..) {
                expectations[i].line = line;
            }
        }
    }
    Ok(expectations)
}

/// Matches `diagnostics` (and their notes) against `expectations`. Returns
/// the diagnostics nobody expected; marks the expectations that were met.
pub fn match_diagnostics(
    ctx: &Context,
    file: &str,
    diagnostics: &[Diagnostic],
    expectations: &mut [Expectation],
) -> Vec<Diagnostic> {
    let mut unexpected = Vec::new();
    let mut flat: Vec<&Diagnostic> = Vec::new();
    for d in diagnostics {
        flat.push(d);
        flat.extend(d.notes.iter());
    }
    for diag in flat {
        let line = ctx
            .file_line_col(diag.loc)
            .filter(|(f, _, _)| *f == file)
            .map(|(_, l, _)| l);
        let found = line.and_then(|line| {
            expectations.iter_mut().find(|e| {
                !e.matched
                    && e.severity == diag.severity
                    && e.line == line
                    && diag.message.contains(&e.message)
            })
        });
        match found {
            Some(e) => e.matched = true,
            None => {
                let mut d = Diagnostic::new(diag.severity, diag.loc, diag.message.clone());
                d.message = format!("unexpected {}: {}", diag.severity.label(), d.message);
                d.severity = Severity::Error;
                unexpected.push(d);
            }
        }
    }
    unexpected
}
