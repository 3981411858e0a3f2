//! Runs the lit suite in `test/` against the binaries of this package, so
//! `cargo test` runs everything. Never skips: a missing `lit` is a failure.
//!
//! Environment:
//! - `STRATA_LIT_FILTER`: regex passed to lit as `--filter` (run a subset).
//! - `STRATA_LIT_ARGS`: extra lit arguments, split on whitespace (e.g. `-j1`).
//! - `STRATA_LIT`: path of the lit executable (default: LLVM 22's, then PATH).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

const LLVM_LIT: &str = "/usr/lib/llvm-22/bin/lit";

fn find_lit() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("STRATA_LIT") {
        return Some(PathBuf::from(p));
    }
    if Path::new(LLVM_LIT).is_file() {
        return Some(PathBuf::from(LLVM_LIT));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("lit"))
        .find(|p| p.is_file())
}

/// lit's closing counts ("Total Discovered Tests: 4", "  Passed : 3 (75%)")
/// folded into one line.
fn summary(output: &str) -> Option<String> {
    let mut lines = output
        .lines()
        .skip_while(|l| !l.starts_with("Total Discovered Tests:"));
    let total = lines
        .next()?
        .trim_start_matches("Total Discovered Tests:")
        .trim()
        .to_string();
    let counts: Vec<String> = lines
        .map_while(|l| {
            let (name, rest) = l.split_once(':')?;
            let n = rest.split_whitespace().next()?;
            (l.starts_with("  ") && n.parse::<u64>().is_ok())
                .then(|| format!("{} {}", n, name.trim().to_lowercase()))
        })
        .collect();
    Some(format!("lit: {} tests: {}", total, counts.join(", ")))
}

#[test]
fn lit_suite() {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_strata-opt"))
        .parent()
        .expect("strata-opt has a parent directory")
        .to_path_buf();
    let test_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../test");
    let test_dir = test_dir.canonicalize().unwrap_or(test_dir);

    let Some(lit) = find_lit() else {
        panic!(
            "lit not found (looked for {LLVM_LIT}, then `lit` on PATH); \
             install it with `make setup` (Debian package llvm-22-tools)"
        );
    };

    let mut cmd = Command::new(&lit);
    cmd.arg("-sv")
        .arg("--show-xpass")
        .arg(&test_dir)
        .arg("--param")
        .arg(format!("strata_bin_dir={}", bin_dir.display()));
    if let Ok(filter) = std::env::var("STRATA_LIT_FILTER") {
        if !filter.is_empty() {
            cmd.arg("--filter").arg(filter);
        }
    }
    if let Ok(extra) = std::env::var("STRATA_LIT_ARGS") {
        cmd.args(extra.split_whitespace());
    }

    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("failed to run {}: {e}", lit.display()));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);

    // Written to the raw stderr handle, so the summary is shown even when the
    // test passes and cargo captures the rest of the output.
    let line = summary(&stdout).unwrap_or_else(|| {
        let last = stderr
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        format!("lit: no test summary; {last}")
    });
    let _ = writeln!(std::io::stderr(), "\n{line}");

    // lit 22 exits 0 on XPASS; an XFAIL test that now passes must lose its
    // XFAIL line (and its entry in docs/testing.md), so it fails the suite.
    if out.status.success() && line.contains("unexpectedly passed") {
        let xpass: Vec<&str> = stdout
            .lines()
            .skip_while(|l| !l.starts_with("Unexpectedly Passed Tests"))
            .take_while(|l| !l.trim().is_empty())
            .collect();
        panic!(
            "{line}; remove their `XFAIL: *` line:\n{}",
            xpass.join("\n")
        );
    }

    if !out.status.success() {
        // Captured output: cargo shows it because the test fails.
        println!("$ {:?}\n{stdout}\n{stderr}", cmd);
        panic!("lit failed ({}): {line}", out.status);
    }
}
