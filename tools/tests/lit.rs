//! Runs the lit suite in `test/` against the binaries of this package, so
//! `cargo test` runs everything. Never skips: a missing `lit` is a failure.
//!
//! A second rule keeps the XFAIL tests honest. An XFAIL test says "Strata
//! does not do what mlir-opt 22 does here yet"; that is only true if its
//! CHECK lines hold for mlir-opt. So every XFAIL test is also run with
//! mlir-opt 22 standing in for `strata-opt` (same flags, same FileCheck), not
//! expected to fail, and must pass. A CHECK line that no tool can meet (a
//! stale line number, a typo) would otherwise XFAIL forever and never turn
//! into the XPASS that tells us a fix landed. Tests whose RUN lines cannot run
//! with mlir-opt are listed in [`XFAIL_NOT_TRANSLATABLE`] with the reason.
//!
//! Environment (both rules):
//! - `STRATA_LIT_FILTER`: regex passed to lit as `--filter` (run a subset).
//! - `STRATA_LIT_ARGS`: extra lit arguments, split on whitespace (e.g. `-j1`).
//! - `STRATA_LIT`: path of the lit executable (default: LLVM 22's, then PATH).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const LLVM_LIT: &str = "/usr/lib/llvm-22/bin/lit";
const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

/// XFAIL tests whose RUN lines cannot be run with mlir-opt in place of
/// strata-opt (a Strata-only tool or flag), as (path under `test/`, reason).
/// Empty now: every XFAIL test's RUN lines use only `strata-opt` with flags
/// mlir-opt 22 also has, `%roundtrip` and `%mlir-accepts`.
const XFAIL_NOT_TRANSLATABLE: &[(&str, &str)] = &[];

/// RUN-line words that name a tool mlir-opt cannot stand in for.
const STRATA_ONLY_TOOLS: &[&str] = &[
    "strata-translate",
    "strata-run",
    "toy-opt",
    "%mlir-bridge-roundtrip",
];

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

fn test_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../test");
    dir.canonicalize().unwrap_or(dir)
}

/// `lit -sv --show-xpass ARGS... --param strata_bin_dir=BIN`, plus
/// `STRATA_LIT_FILTER` and `STRATA_LIT_ARGS`; runs it and prints the
/// one-line summary. Returns lit's output, stdout and the summary.
fn run_lit(bin_dir: &Path, args: &[String]) -> (Output, String, String) {
    let Some(lit) = find_lit() else {
        panic!(
            "lit not found (looked for {LLVM_LIT}, then `lit` on PATH); \
             install it with `make setup` (Debian package llvm-22-tools)"
        );
    };
    let mut cmd = Command::new(&lit);
    cmd.arg("-sv")
        .arg("--show-xpass")
        .args(args)
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
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
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
    if !out.status.success() {
        // Captured output: cargo shows it because the test fails.
        println!("$ {:?}\n{stdout}\n{stderr}", cmd);
    }
    (out, stdout, line)
}

#[test]
fn lit_suite() {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_strata-opt"))
        .parent()
        .expect("strata-opt has a parent directory")
        .to_path_buf();
    let (out, stdout, line) = run_lit(&bin_dir, &[test_dir().display().to_string()]);

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
        panic!("lit failed ({}): {line}", out.status);
    }
}

/// Every `.mlir` file under `dir` (not in `Inputs/`) with an `XFAIL:` line,
/// as (path relative to `root` with `/` separators, file text).
fn xfail_files(root: &Path, dir: &Path, found: &mut Vec<(String, String)>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "Inputs") {
                xfail_files(root, &path, found);
            }
        } else if path.extension().is_some_and(|e| e == "mlir") {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            if text
                .lines()
                .any(|l| l.trim_start().starts_with("// XFAIL:"))
            {
                let rel = path.strip_prefix(root).expect("under the test root");
                let rel: Vec<_> = rel.iter().map(|c| c.to_string_lossy()).collect();
                found.push((rel.join("/"), text));
            }
        }
    }
}

/// The Strata-only tools named on the RUN lines of `text`.
fn strata_only_tools(text: &str) -> Vec<&'static str> {
    let run_lines: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once("RUN:").map(|(_, cmd)| cmd))
        .collect();
    STRATA_ONLY_TOOLS
        .iter()
        .copied()
        .filter(|tool| {
            run_lines
                .iter()
                .any(|cmd| cmd.split_whitespace().any(|w| w == *tool))
        })
        .collect()
}

#[test]
fn xfail_tests_pass_with_mlir_opt() {
    assert!(
        Path::new(MLIR_OPT).is_file(),
        "{MLIR_OPT} not found; install it with `make setup` (Debian package mlir-22-tools)"
    );
    let root = test_dir();
    let mut xfails = Vec::new();
    xfail_files(&root, &root, &mut xfails);
    assert!(
        !xfails.is_empty(),
        "no XFAIL test found under {}",
        root.display()
    );

    for (listed, reason) in XFAIL_NOT_TRANSLATABLE {
        assert!(
            xfails.iter().any(|(path, _)| path == listed),
            "XFAIL_NOT_TRANSLATABLE lists {listed} ({reason}), which is no XFAIL test \
             under test/ any more: remove the entry"
        );
    }
    let mut translatable = Vec::new();
    for (path, text) in &xfails {
        if XFAIL_NOT_TRANSLATABLE.iter().any(|(p, _)| p == path) {
            continue;
        }
        let tools = strata_only_tools(text);
        assert!(
            tools.is_empty(),
            "XFAIL test {path} runs {tools:?}, which mlir-opt cannot stand in for: \
             list it in XFAIL_NOT_TRANSLATABLE (tools/tests/lit.rs) with the reason"
        );
        translatable.push(path.clone());
    }

    // A tool directory whose `strata-opt` is mlir-opt 22: lit.cfg.py's
    // substitutions (and %roundtrip, which finds strata-opt through it) then
    // run mlir-opt with the RUN line's flags.
    let bin_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mlir-opt-as-strata-opt");
    std::fs::create_dir_all(&bin_dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", bin_dir.display()));
    let link = bin_dir.join("strata-opt");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(MLIR_OPT, &link)
        .unwrap_or_else(|e| panic!("cannot link {} to {MLIR_OPT}: {e}", link.display()));

    let mut args = vec![
        "--allow-empty-runs".to_string(),
        "--xfail-not".to_string(),
        translatable.join(";"),
    ];
    args.extend(
        translatable
            .iter()
            .map(|p| root.join(p).display().to_string()),
    );
    let (out, _, line) = run_lit(&bin_dir, &args);
    assert!(
        out.status.success(),
        "XFAIL tests whose CHECK lines mlir-opt 22 does not meet ({line}): an XFAIL \
         test must keep mlir-opt's expectations (test/utils/update_checks.py writes \
         them), or be listed in XFAIL_NOT_TRANSLATABLE with the reason"
    );
}
