//! Upstream passes inside a Strata flow, checked by Strata's interpreter:
//! every pipeline the conversion tests (test/Conversion/*/*.mlir) run with
//! Strata's own passes is run by MLIR 22's passes of the same names through
//! the bridge; the result comes back into Strata and must compute what the
//! input computes on random inputs (strata_interp::equivalence).
#![cfg(feature = "mlir")]

mod common;

use common::{test_dir, LitFile};
use strata_interp::equivalence::{check_equivalence, EquivalenceOptions};
use strata_ir::asm::{parse_source, SourceInfo};
use strata_ir::diagnostics::render;
use strata_ir::Ir;
use strata_mlir_bridge::{Mlir, Source};

/// The `--pass-pipeline="..."` of a RUN line.
fn pipeline(run_line: &str) -> Option<&str> {
    let start = run_line.find("--pass-pipeline=\"")? + "--pass-pipeline=\"".len();
    let len = run_line[start..].find('"')?;
    Some(&run_line[start..start + len])
}

/// Strata-opt flags that are options rather than passes: they do not
/// change the pipeline a RUN line runs.
const NON_PASS_FLAGS: &[&str] = &[
    "verify-equivalence",
    "equivalence-trials",
    "equivalence-seed",
    "mlir-print-op-generic",
    "allow-unregistered-dialect",
    "split-input-file",
    "verify-diagnostics",
];

/// A pipeline of MLIR's pass names for a RUN line running Strata's passes
/// as separate flags (`--convert-scf-to-cf --lower-affine`). None when the
/// line runs a pass this test does not replay: replaying only the passes it
/// knows would hand MLIR a different pipeline (e.g. `convert-scf-to-cf`
/// without the `scf-forall-to-parallel` before it).
fn flag_pipeline(run_line: &str) -> Option<String> {
    let line = run_line.split('|').next()?;
    let mut passes = Vec::new();
    for flag in line
        .split_whitespace()
        .filter_map(|w| w.trim_matches('"').strip_prefix("--"))
    {
        let name = flag.split('=').next().unwrap_or(flag);
        if NON_PASS_FLAGS.contains(&name) {
            continue;
        }
        let replayable =
            name.starts_with("convert-") || name == "lower-affine" || name == "canonicalize";
        if !replayable || flag.contains('=') {
            return None;
        }
        passes.push(name);
    }
    (!passes.is_empty()).then(|| format!("builtin.module({})", passes.join(",")))
}

/// Files whose pipelines MLIR 22 miscompiles, with the reason: for them the
/// test requires the results to differ, so it notices when MLIR is fixed.
const UPSTREAM_MISCOMPILES: &[(&str, &str)] = &[(
    "index-switch-wide-cases.mlir",
    "MLIR 22's scf.index_switch lowering casts the index and every case value \
     to i32, so a case beyond the i32 range (-9223372036854775808) matches 0",
)];

#[test]
fn upstream_pipelines_preserve_results() {
    let mut checked = Vec::new();
    let mut failures = Vec::new();
    let mut dirs: Vec<_> = std::fs::read_dir(test_dir().join("Conversion"))
        .expect("test/Conversion")
        .map(|e| e.expect("entry").path())
        .collect();
    dirs.sort();
    for dir in dirs {
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .expect("conversion test folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
            .collect();
        paths.sort();
        for path in paths {
            let file = LitFile::read(path);
            let ctx = file.context();
            let mlir = Mlir::new(ctx.allow_unregistered_dialects);
            let mut pipelines: Vec<String> = file
                .run_lines()
                .filter(|l| l.contains("strata-opt"))
                // Lines that expect the pipeline to fail (`not strata-opt`,
                // expected diagnostics) have no result to compare.
                .filter(|l| {
                    !l.trim_start().starts_with("not ") && !l.contains("verify-diagnostics")
                })
                .filter_map(|l| pipeline(l).map(str::to_string).or_else(|| flag_pipeline(l)))
                .collect();
            let mut seen = std::collections::HashSet::new();
            pipelines.retain(|p| seen.insert(p.clone()));
            for pipeline in pipelines {
                let mut before = Ir::new();
                let info = SourceInfo {
                    file_name: file.name(),
                    first_line: 0,
                };
                let module = parse_source(&ctx, &mut before, &file.text, &info)
                    .unwrap_or_else(|d| panic!("{}: {}", file.name(), d.message));
                let mut after = Ir::new();
                let source = Source {
                    name: &file.name(),
                    first_line: 0,
                };
                let what = format!("{} with MLIR's {pipeline}", file.name());
                let imported =
                    match mlir.import(&ctx, &mut after, &file.text, source, Some(&pipeline)) {
                        Ok(m) => m,
                        Err(diags) => {
                            let mut out = format!("{what}: the bridge failed\n");
                            for d in &diags {
                                render(&ctx, d, None, &mut out);
                            }
                            failures.push(out);
                            continue;
                        }
                    };
                let options = EquivalenceOptions {
                    trials: 8,
                    seed: 5,
                    ..Default::default()
                };
                let miscompiled = UPSTREAM_MISCOMPILES
                    .iter()
                    .find(|(name, _)| file.name().ends_with(name));
                let result =
                    check_equivalence(&ctx, (&before, module), (&after, imported), &options);
                if let Some((_, reason)) = miscompiled {
                    match result {
                        Err(message) => checked.push(format!("{what}: differs as known ({reason}): {message}")),
                        Ok(_) => failures.push(format!(
                            "{what}: listed as miscompiled by MLIR ({reason}) but now preserves results: remove it from UPSTREAM_MISCOMPILES"
                        )),
                    }
                    continue;
                }
                match result {
                    Ok(report) if report.trials_run > 0 => checked.push(format!(
                        "{what}: {} functions, {} trials",
                        report.functions, report.trials_run
                    )),
                    Ok(_) => failures.push(format!("{what}: no trial ran")),
                    Err(message) => failures.push(format!("{what}: {message}")),
                }
            }
        }
    }
    for line in &checked {
        eprintln!("{line}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        checked.len() >= 5,
        "only {} pipelines checked",
        checked.len()
    );
}
