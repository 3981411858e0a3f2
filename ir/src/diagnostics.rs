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
                let _ = writeln!(out, "{text}");
                let caret_col = (col as usize).saturating_sub(1).min(text.len());
                let indent: String = text[..caret_col]
                    .chars()
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                let _ = writeln!(out, "{indent}^");
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
