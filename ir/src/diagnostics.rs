//! Diagnostics: errors, warnings, remarks and notes attached to locations.
//!
//! A [`Diagnostic`] is a value: passes, verifiers and the parser return
//! them, and the tool decides whether to print them (`file:line:col:
//! error: msg`, the source line and a caret, as `mlir-opt` prints them) or
//! to check them against `expected-error` comments
//! ([`crate::verify_diagnostics`]).

use crate::attributes::Location;
use crate::context::Context;
use crate::ir::OpId;
use std::fmt::Write;

#[derive(Copy, Clone, PartialEq, Eq, Debug, PartialOrd, Ord, Hash)]
pub enum Severity {
    Note,
    Remark,
    Warning,
    Error,
}

impl Severity {
    pub fn label(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: Location,
    pub message: String,
    pub notes: Vec<Diagnostic>,
    /// The op the diagnostic is about, when an op emitted it: tools print
    /// it in a "see current operation" note, as MLIR does.
    pub op: Option<OpId>,
}

impl Diagnostic {
    pub fn new(severity: Severity, loc: Location, message: impl Into<String>) -> Self {
        Self {
            severity,
            loc,
            message: message.into(),
            notes: Vec::new(),
            op: None,
        }
    }
    pub fn error(loc: Location, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, loc, message)
    }
    pub fn warning(loc: Location, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, loc, message)
    }
    pub fn remark(loc: Location, message: impl Into<String>) -> Self {
        Self::new(Severity::Remark, loc, message)
    }
    /// Attaches a note.
    pub fn with_note(mut self, loc: Location, message: impl Into<String>) -> Self {
        self.notes
            .push(Diagnostic::new(Severity::Note, loc, message));
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Result of anything that can fail with a diagnostic.
pub type DiagResult<T> = Result<T, Diagnostic>;

/// The text of one input file, for quoting source lines in diagnostics.
pub struct SourceFile<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

impl SourceFile<'_> {
    /// The text of 1-based line `line`.
    pub fn line_text(&self, line: u32) -> Option<&str> {
        self.text.lines().nth(line.checked_sub(1)? as usize)
    }
}

/// Lines longer than this are quoted in part (LLVM's `SourceMgr` skips
/// them altogether): a 100 MB line of generated IR must not be echoed whole
/// for one error.
pub const MAX_QUOTED_LINE: usize = 4096;

/// Writes `line` and a caret under byte offset `at` (mlir-opt's quote), or
/// for a line longer than [`MAX_QUOTED_LINE`] the window of that many bytes
/// around `at`, marked `...` where it was cut; the caret stays under the
/// same character.
pub fn quote_source_line(line: &str, at: usize, out: &mut String) {
    let at = floor_char_boundary(line, at.min(line.len()));
    let (start, end) = if line.len() <= MAX_QUOTED_LINE {
        (0, line.len())
    } else {
        let start = at
            .saturating_sub(MAX_QUOTED_LINE / 2)
            .min(line.len() - MAX_QUOTED_LINE);
        (
            floor_char_boundary(line, start),
            floor_char_boundary(line, start + MAX_QUOTED_LINE),
        )
    };
    let prefix = if start > 0 { "..." } else { "" };
    let suffix = if end < line.len() { "..." } else { "" };
    let _ = writeln!(out, "{prefix}{}{suffix}", &line[start..end]);
    let indent: String = prefix
        .chars()
        .chain(line[start..at].chars())
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    let _ = writeln!(out, "{indent}^");
}

/// The largest char boundary of `text` at or before byte `at`.
fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Renders `diag` and its notes the way mlir-opt prints them.
pub fn render(ctx: &Context, diag: &Diagnostic, source: Option<&SourceFile>, out: &mut String) {
    render_one(ctx, diag, source, out);
    // A note quotes its source line only when its location differs from
    // the previous diagnostic's, as MLIR's SourceMgrDiagnosticHandler does.
    let mut previous = diag.loc;
    for note in &diag.notes {
        let quote = if note.loc == previous { None } else { source };
        render_one(ctx, note, quote, out);
        previous = note.loc;
    }
}

fn render_one(ctx: &Context, diag: &Diagnostic, source: Option<&SourceFile>, out: &mut String) {
    match ctx.file_line_col(diag.loc) {
        Some((file, line, col)) => {
            let _ = writeln!(
                out,
                "{file}:{line}:{col}: {}: {}",
                diag.severity.label(),
                diag.message
            );
            if let Some(text) = source
                .filter(|s| s.name == file)
                .and_then(|s| s.line_text(line))
            {
                quote_source_line(text, (col as usize).saturating_sub(1), out);
            }
        }
        None => {
            let printed = crate::asm::printer::location_to_string(ctx, diag.loc);
            let _ = writeln!(
                out,
                "{printed}: {}: {}",
                diag.severity.label(),
                diag.message
            );
        }
    }
}

#[cfg(test)]
mod quote_tests {
    use super::{quote_source_line, MAX_QUOTED_LINE};

    /// The quoted excerpt and the character the caret points at.
    fn quote(line: &str, at: usize) -> (String, Option<char>) {
        let mut out = String::new();
        quote_source_line(line, at, &mut out);
        let mut lines = out.lines();
        let (excerpt, caret) = (lines.next().unwrap(), lines.next().unwrap());
        assert!(caret.ends_with('^') && caret.trim_end_matches('^').trim().is_empty());
        let pointed = excerpt.chars().nth(caret.chars().count() - 1);
        (excerpt.to_string(), pointed)
    }

    #[test]
    fn short_lines_are_quoted_whole() {
        assert_eq!(quote("%0 = foo", 5), ("%0 = foo".into(), Some('f')));
        // A column past the end puts the caret after the last character.
        assert_eq!(quote("ab", 7).1, None);
    }

    #[test]
    fn long_lines_are_clipped_around_the_column() {
        let line = format!("{}X{}é", "a".repeat(10_000_000), "b".repeat(10_000_000));
        for (at, expected) in [(0, 'a'), (10_000_000, 'X'), (20_000_001, 'é')] {
            let (excerpt, pointed) = quote(&line, at);
            assert!(excerpt.len() <= MAX_QUOTED_LINE + 6, "{}", excerpt.len());
            assert_eq!(pointed, Some(expected));
        }
        // Not a char boundary: the caret goes to the character's start.
        assert_eq!(quote(&line, 20_000_002).1, Some('é'));
    }
}
