//! The pass part of `strata-opt`: the registry the tool owns, per-pass
//! flags (`--cse`, `--canonicalize="top-down=false"`), `--pass-pipeline`,
//! and the instrumentation flags (`--mlir-timing`,
//! `--mlir-pass-statistics`, `--mlir-print-ir-{before,after}[-all]`,
//! `--dump-pass-pipeline`, `--list-passes`).

use std::sync::OnceLock;
use std::time::{Duration, Instant};
use strata_ir::pass::{
    parse_pass_pipeline, timing_report, OpPassManager, PassFilter, PassManager, PassRegistry,
};
use strata_ir::{Context, Diagnostic, Ir, OpId};

static REGISTRY: OnceLock<PassRegistry> = OnceLock::new();

/// Installs the registry `strata-opt` builds pipelines from. Call before
/// [`crate::opt::opt_main`] to add a project's own passes; without it,
/// every pass of `strata-passes-all` is available.
pub fn set_registry(registry: PassRegistry) -> Result<(), PassRegistry> {
    REGISTRY.set(registry)
}

/// The registry in use.
pub fn registry() -> &'static PassRegistry {
    REGISTRY.get_or_init(strata_passes_all::registry)
}

/// Pass-related command-line settings.
#[derive(Clone, Debug, Default)]
pub struct PassFlags {
    pub pipeline: Option<String>,
    /// `--name` / `--name=options` flags of registered passes, in order.
    pub passes: Vec<(String, Option<String>)>,
    pub threading: bool,
    pub verify_each: bool,
    pub timing: bool,
    pub statistics: bool,
    pub print_before: Vec<String>,
    pub print_after: Vec<String>,
    pub print_before_all: bool,
    pub print_after_all: bool,
    pub print_after_change: bool,
    pub print_after_failure: bool,
    pub dump_pass_pipeline: bool,
    pub print_options: strata_ir::asm::PrintOptions,
}

/// Removes `--<pass>` and `--<pass>=<options>` of registered passes from
/// `args` (after MLIR-style normalization) and returns them in order.
pub fn extract_pass_flags(args: Vec<String>) -> (Vec<String>, Vec<(String, Option<String>)>) {
    let registry = registry();
    let mut rest = Vec::with_capacity(args.len());
    let mut passes = Vec::new();
    for (i, arg) in args.into_iter().enumerate() {
        if i > 0 {
            if let Some(body) = arg.strip_prefix("--") {
                let (name, value) = match body.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (body, None),
                };
                if registry.lookup(name).is_some() {
                    passes.push((name.to_string(), value));
                    continue;
                }
            }
        }
        rest.push(arg);
    }
    (rest, passes)
}

/// `--list-passes`: the registered passes and their options.
pub fn list_passes() -> String {
    let mut out = String::from("Available Passes:\n");
    for info in registry().iter() {
        out.push_str(&format!(
            "  --{:<38} - {}\n",
            info.argument, info.description
        ));
        for (name, description, default) in &info.options {
            out.push_str(&format!(
                "    --{:<36} - {} (default: {})\n",
                name, description, default
            ));
        }
    }
    out
}

fn filter(all: bool, names: &[String]) -> PassFilter {
    if all {
        PassFilter::All
    } else if names.is_empty() {
        PassFilter::None
    } else {
        PassFilter::Arguments(
            names
                .iter()
                .flat_map(|n| n.split(','))
                .map(|s| s.trim().to_string())
                .collect(),
        )
    }
}

/// Builds the pass manager the flags describe, anchored on `root_name`.
pub fn build_pass_manager(
    flags: &PassFlags,
    root_name: &str,
) -> Result<Option<PassManager>, String> {
    let registry = registry();
    let pipeline = flags.pipeline.as_deref().filter(|p| !p.trim().is_empty());
    if pipeline.is_some() && !flags.passes.is_empty() {
        return Err("'-pass-pipeline' option can't be used with individual pass options".into());
    }
    let root = if let Some(text) = pipeline {
        parse_pass_pipeline(text, registry).map_err(|e| e.render())?
    } else if !flags.passes.is_empty() {
        let mut pm = OpPassManager::on(root_name);
        for (name, value) in &flags.passes {
            let info = registry
                .lookup(name)
                .expect("extracted flags are registered");
            let mut pass = info.create();
            if let Some(text) = value {
                let text = text.trim_matches('"');
                let entries = strata_ir::pass::options::split_options(text).map_err(|(_, m)| m)?;
                let mut options = pass.options();
                for (key, value, _) in entries {
                    let Some(option) = options.iter_mut().find(|o| o.name == key) else {
                        return Err(format!(
                            "<Pass-Options-Parser>: no such option {key}\nfailed to add `{name}` with options `{text}`"
                        ));
                    };
                    option.set(value)?;
                }
            }
            pm.add_pass_implicitly_nested(pass);
        }
        pm
    } else {
        return Ok(None);
    };
    let mut pm = PassManager::from_op_pass_manager(root);
    pm.config.threading = flags.threading;
    pm.config.verify_each = flags.verify_each;
    pm.config.timing = flags.timing;
    pm.config.statistics = flags.statistics;
    pm.config.print_before = filter(flags.print_before_all, &flags.print_before);
    pm.config.print_after = filter(
        flags.print_after_all || flags.print_after_change,
        &flags.print_after,
    );
    pm.config.print_after_change = flags.print_after_change;
    pm.config.print_after_failure = flags.print_after_failure;
    pm.config.print_options = flags.print_options.clone();
    Ok(Some(pm))
}

/// What running the passes on one chunk produced.
pub struct PassRun {
    /// Text for standard error: IR dumps, reports.
    pub stderr: String,
    pub diagnostics: Vec<Diagnostic>,
    pub success: bool,
}

/// Runs the pipeline of `flags` on `module` (if any); `parse_time` feeds
/// the timing report's "Parser" row.
pub fn run_passes(
    ctx: &Context,
    flags: &PassFlags,
    ir: &mut Ir,
    module: OpId,
    parse_time: Duration,
) -> PassRun {
    let root_name = ctx.op_name_str(ir.op_name(module)).to_string();
    let mut pm = match build_pass_manager(flags, &root_name) {
        Ok(Some(pm)) => pm,
        Ok(None) => {
            return PassRun {
                stderr: String::new(),
                diagnostics: Vec::new(),
                success: true,
            }
        }
        Err(message) => {
            return PassRun {
                stderr: String::new(),
                diagnostics: vec![Diagnostic::error(ctx.unknown_loc(), message)],
                success: false,
            }
        }
    };
    let mut stderr = String::new();
    if flags.dump_pass_pipeline {
        stderr.push_str(&format!("Pass Manager with {} passes:\n", pm.root.size()));
        stderr.push_str(&pm.root.pipeline_text_pretty());
        stderr.push('\n');
    }
    let start = Instant::now();
    let result = pm.run(ctx, ir, module);
    let pass_time = start.elapsed();
    stderr.push_str(&pm.take_ir_dumps());
    let mut diagnostics = pm.take_diagnostics();
    let success = result.is_ok();
    if let Err(errors) = result {
        // Errors raised before any pass ran (anchor mismatch) are only in `errors`.
        for d in errors {
            if !diagnostics
                .iter()
                .any(|e| e.message == d.message && e.loc == d.loc)
            {
                diagnostics.push(d);
            }
        }
    }
    if flags.statistics {
        stderr.push_str(&pm.statistics_report());
    }
    if flags.timing {
        let mut rows = vec![(0usize, "Parser".to_string(), parse_time)];
        rows.extend(pm.timing_rows());
        let total = parse_time + pass_time;
        let accounted: Duration = rows.iter().filter(|r| r.0 == 0).map(|r| r.2).sum();
        rows.push((0, "Rest".to_string(), total.saturating_sub(accounted)));
        stderr.push_str(&timing_report(&rows, total));
    }
    PassRun {
        stderr,
        diagnostics,
        success,
    }
}
