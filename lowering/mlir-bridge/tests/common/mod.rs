//! Shared by the bridge's integration tests: the repository's lit inputs
//! and what their RUN lines ask of the parser.
#![allow(dead_code)] // each test binary uses part of it

use std::path::{Path, PathBuf};

/// The lit test tree (`test/` at the repository root).
pub fn test_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test")
}

/// A lit input: its path, text and RUN lines.
pub struct LitFile {
    pub path: PathBuf,
    pub text: String,
}

impl LitFile {
    pub fn read(path: PathBuf) -> Self {
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        Self { path, text }
    }

    pub fn run_lines(&self) -> impl Iterator<Item = &str> {
        self.text
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix("// RUN:"))
    }

    /// Whether any RUN line passes `flag`.
    pub fn runs_with(&self, flag: &str) -> bool {
        self.run_lines().any(|l| l.contains(flag))
    }

    /// The chunks the RUN lines' `--split-input-file` makes (one otherwise).
    pub fn chunks(&self) -> Vec<&str> {
        if self.runs_with("-split-input-file") {
            self.text.split("\n// -----\n").collect()
        } else {
            vec![self.text.as_str()]
        }
    }

    /// A Strata context with every dialect, set up as the RUN lines say.
    pub fn context(&self) -> strata_ir::Context {
        let mut ctx = strata_dialects::context();
        ctx.allow_unregistered_dialects = self.runs_with("-allow-unregistered-dialect");
        ctx
    }

    pub fn name(&self) -> String {
        self.path.display().to_string()
    }
}
