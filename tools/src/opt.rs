//! `strata-opt`: parse, verify, transform and print MLIR files, with
//! mlir-opt's flags and behaviour (split input, diagnostics verification,
//! generic printing).

use crate::args::normalize_mlir_style_args;
use clap::Parser as ClapParser;
use std::io::Write;
use std::process::ExitCode;
use strata_ir::asm::{parse_source, print_op, PrintOptions, SourceInfo};
use strata_ir::diagnostics::{render, SourceFile};
use strata_ir::verify_diagnostics::{collect_expectations, match_diagnostics};
use strata_ir::{Context, Diagnostic, Ir, Severity};

/// The separator of `--split-input-file`.
pub const SPLIT_MARKER: &str = "// -----";

#[derive(ClapParser, Debug, Clone)]
#[command(
    name = "strata-opt",
    about = "Strata modular optimizer driver (MLIR-compatible)"
)]
pub struct OptOptions {
    /// Input file, or '-' for standard input.
    #[arg(default_value = "-")]
    pub input: String,
    /// Output file ('-' for standard output).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
    /// Split the input on '// -----' lines and process each chunk independently.
    #[arg(long)]
    pub split_input_file: bool,
    /// Check diagnostics against 'expected-*' comments in the input.
    #[arg(long)]
    pub verify_diagnostics: bool,
    /// Accept operations, types and attributes of unregistered dialects.
    #[arg(long)]
    pub allow_unregistered_dialect: bool,
    /// Print operations in the generic form.
    #[arg(long)]
    pub mlir_print_op_generic: bool,
    /// Print locations.
    #[arg(long)]
    pub mlir_print_debuginfo: bool,
    /// Print without aliases, everything inline.
    #[arg(long)]
    pub mlir_print_local_scope: bool,
    /// Load the dialects described in this IRDL file before reading the input (repeatable).
    #[arg(long = "irdl-file", value_name = "FILE")]
    pub irdl_files: Vec<String>,
    /// List the registered dialects and exit.
    #[arg(long)]
    pub show_dialects: bool,
    /// A textual pass pipeline, e.g. 'builtin.module(func.func(cse))'.
    #[arg(long)]
    pub pass_pipeline: Option<String>,
    /// Run passes on one thread.
    #[arg(long)]
    pub mlir_disable_threading: bool,
    /// Verify the IR after each pass (on by default; `--verify-each=false`
    /// turns it off: the value only after `=`, as mlir-opt's boolean flags,
    /// so `--verify-each in.mlir` reads the file).
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    pub verify_each: bool,
    /// Report the wall time of each pass.
    #[arg(long)]
    pub mlir_timing: bool,
    /// Report the statistics of each pass.
    #[arg(long)]
    pub mlir_pass_statistics: bool,
    /// Print the IR before the passes with these arguments (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub mlir_print_ir_before: Vec<String>,
    /// Print the IR after the passes with these arguments (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub mlir_print_ir_after: Vec<String>,
    /// Print the IR before every pass.
    #[arg(long)]
    pub mlir_print_ir_before_all: bool,
    /// Print the IR after every pass.
    #[arg(long)]
    pub mlir_print_ir_after_all: bool,
    /// Print the IR after a pass only when it changed the IR.
    #[arg(long)]
    pub mlir_print_ir_after_change: bool,
    /// Print the IR after a pass that failed.
    #[arg(long)]
    pub mlir_print_ir_after_failure: bool,
    /// Print the pass pipeline before running it.
    #[arg(long)]
    pub dump_pass_pipeline: bool,
    /// List the registered passes and exit.
    #[arg(long)]
    pub list_passes: bool,
    /// Run every public function (or only ENTRY) with the reference
    /// interpreter on random inputs before and after the pipeline and fail
    /// when results differ. ENTRY only after `=` (`--verify-equivalence=f`).
    #[arg(long, value_name = "ENTRY", num_args = 0..=1, require_equals = true, default_missing_value = "")]
    pub verify_equivalence: Option<String>,
    /// Seed of the random inputs of --verify-equivalence.
    #[arg(long, default_value_t = 1)]
    pub equivalence_seed: u64,
    /// Number of random input sets per function for --verify-equivalence.
    #[arg(long, default_value_t = 3)]
    pub equivalence_trials: usize,
    /// Allowed float difference for --verify-equivalence, in ulps.
    #[arg(long, default_value_t = 64)]
    pub equivalence_ulps: u64,
    /// The interpreter's limits in --verify-equivalence.
    #[command(flatten)]
    pub equivalence_limits: crate::args::InterpLimitArgs,
    /// Print the saturated e-graph of every --egraph-layout run on stderr as
    /// an `eqsat` listing (the pass option dump=true for each of them).
    #[arg(long)]
    pub egraph_dump: bool,
    /// `--<pass>[=options]` flags, taken out of the arguments before parsing.
    #[arg(skip)]
    pub pass_flags: Vec<(String, Option<String>)>,
}

impl OptOptions {
    /// The pass-related settings.
    pub fn pass_flags(&self) -> crate::pipeline::PassFlags {
        crate::pipeline::PassFlags {
            pipeline: self.pass_pipeline.clone(),
            passes: self.pass_flags.clone(),
            threading: !self.mlir_disable_threading,
            verify_each: self.verify_each,
            timing: self.mlir_timing,
            statistics: self.mlir_pass_statistics,
            print_before: self.mlir_print_ir_before.clone(),
            print_after: self.mlir_print_ir_after.clone(),
            print_before_all: self.mlir_print_ir_before_all,
            print_after_all: self.mlir_print_ir_after_all,
            print_after_change: self.mlir_print_ir_after_change,
            print_after_failure: self.mlir_print_ir_after_failure,
            dump_pass_pipeline: self.dump_pass_pipeline,
            print_options: PrintOptions {
                generic: self.mlir_print_op_generic,
                debug_info: self.mlir_print_debuginfo,
                local_scope: self.mlir_print_local_scope,
            },
        }
    }
}

/// Runs strata-opt with `args` (including the program name) over `ctx`.
pub fn opt_main(mut ctx: Context, args: impl IntoIterator<Item = String>) -> ExitCode {
    let args = normalize_mlir_style_args(args, &["o"]);
    let (args, pass_flags) = crate::pipeline::extract_pass_flags(args);
    let mut options = match crate::args::parse_options::<OptOptions>(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    options.pass_flags = pass_flags;
    if options.egraph_dump {
        if let Err(message) = add_egraph_dump(&mut options.pass_flags) {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    }
    if options.list_passes {
        print!("{}", crate::pipeline::list_passes());
        return ExitCode::SUCCESS;
    }
    ctx.allow_unregistered_dialects = options.allow_unregistered_dialect;
    for path in &options.irdl_files {
        if let Err(message) = strata_dialect_irdl::load_irdl_file(&mut ctx, path) {
            eprint!("{message}");
            return ExitCode::FAILURE;
        }
    }
    if options.show_dialects {
        // mlir-opt's format: sorted, comma-separated without spaces.
        let mut names: Vec<&str> = ctx.dialects().map(|d| d.name()).collect();
        names.sort();
        println!("Available Dialects: {}", names.join(","));
        return ExitCode::SUCCESS;
    }
    let (file_name, text) = match crate::args::read_text_input(&options.input) {
        Ok(x) => x,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let result = run(&ctx, &options, &file_name, &text);
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_all(result.diagnostics.as_bytes());
    if let Err(message) = write_output(&options.output, &result.output) {
        let _ = writeln!(stderr, "{message}");
        return ExitCode::FAILURE;
    }
    if result.success {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `--egraph-dump`: adds the option `dump=true` to every `--egraph-layout`
/// flag. A `--pass-pipeline` names its options itself, so there the flag
/// has nothing to attach to.
fn add_egraph_dump(flags: &mut [(String, Option<String>)]) -> Result<(), String> {
    let mut found = false;
    for (_, value) in flags.iter_mut().filter(|(n, _)| n == "egraph-layout") {
        found = true;
        *value = Some(match value.take() {
            Some(v) if !v.trim().is_empty() => format!("{v} dump=true"),
            _ => "dump=true".to_string(),
        });
    }
    if found {
        Ok(())
    } else {
        Err(
            "--egraph-dump needs --egraph-layout (in --pass-pipeline use egraph-layout{dump=true})"
                .into(),
        )
    }
}

fn write_output(path: &str, text: &str) -> Result<(), String> {
    if path == "-" {
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(text.as_bytes())
            .map_err(|e| format!("error: could not write output: {e}"))
    } else {
        std::fs::write(path, text)
            .map_err(|e| format!("error: could not write output file '{path}': {e}"))
    }
}

/// What one run produced.
pub struct RunResult {
    pub output: String,
    pub diagnostics: String,
    pub success: bool,
}

/// A chunk of the input and the line it starts on (0-based).
pub(crate) struct Chunk<'t> {
    pub(crate) text: &'t str,
    pub(crate) first_line: u32,
}

pub(crate) fn split_chunks(text: &str, split: bool) -> Vec<Chunk<'_>> {
    if !split {
        return vec![Chunk {
            text,
            first_line: 0,
        }];
    }
    let mut chunks = Vec::new();
    let mut start = 0usize;
    let mut start_line = 0u32;
    let mut offset = 0usize;
    for (line_index, line) in text.split_inclusive('\n').enumerate() {
        if line.trim_end() == SPLIT_MARKER {
            chunks.push(Chunk {
                text: &text[start..offset],
                first_line: start_line,
            });
            start = offset + line.len();
            start_line = line_index as u32 + 1;
        }
        offset += line.len();
    }
    chunks.push(Chunk {
        text: &text[start..],
        first_line: start_line,
    });
    chunks
}

/// Processes the whole input: every chunk parsed, verified, transformed, printed.
pub fn run(ctx: &Context, options: &OptOptions, file_name: &str, text: &str) -> RunResult {
    let source = SourceFile {
        name: file_name,
        text,
    };
    let mut outputs = Vec::new();
    let mut diagnostics = String::new();
    let mut success = true;
    let print_options = PrintOptions {
        generic: options.mlir_print_op_generic,
        debug_info: options.mlir_print_debuginfo,
        local_scope: options.mlir_print_local_scope,
    };
    for chunk in split_chunks(text, options.split_input_file) {
        let (output, emitted) = process_chunk(ctx, options, &print_options, file_name, &chunk);
        if options.verify_diagnostics {
            match collect_expectations(chunk.text, chunk.first_line) {
                Ok(mut expectations) => {
                    let unexpected = match_diagnostics(ctx, file_name, &emitted, &mut expectations);
                    for d in &unexpected {
                        render(ctx, d, Some(&source), &mut diagnostics);
                        success = false;
                    }
                    for e in expectations.iter().filter(|e| !e.matched) {
                        let loc = ctx.file_loc(file_name, e.comment_line, e.comment_col);
                        let d = Diagnostic::error(
                            loc,
                            format!(
                                "expected {} \"{}\" was not produced",
                                e.severity.label(),
                                e.message
                            ),
                        );
                        render(ctx, &d, Some(&source), &mut diagnostics);
                        success = false;
                    }
                }
                Err(problem) => {
                    let loc = ctx.file_loc(file_name, problem.line, problem.col);
                    render(
                        ctx,
                        &Diagnostic::error(loc, problem.message),
                        Some(&source),
                        &mut diagnostics,
                    );
                    success = false;
                }
            }
        } else {
            for d in &emitted {
                render(ctx, d, Some(&source), &mut diagnostics);
                if d.severity == Severity::Error {
                    success = false;
                }
            }
        }
        outputs.push(output.unwrap_or_default());
    }
    let separator = format!("{SPLIT_MARKER}\n");
    RunResult {
        output: outputs.join(&separator),
        diagnostics,
        success,
    }
}

/// Parses, verifies and prints one chunk; returns the printed text (if it
/// got that far) and every diagnostic emitted.
fn process_chunk(
    ctx: &Context,
    options: &OptOptions,
    print_options: &PrintOptions,
    file_name: &str,
    chunk: &Chunk,
) -> (Option<String>, Vec<Diagnostic>) {
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: file_name.to_string(),
        first_line: chunk.first_line,
    };
    let parse_start = std::time::Instant::now();
    let module = match parse_source(ctx, &mut ir, chunk.text, &info) {
        Ok(m) => m,
        Err(d) => return (None, vec![d]),
    };
    let parse_time = parse_start.elapsed();
    if let Err(d) = strata_ir::verifier::verify(ctx, &ir, module) {
        let d = if options.verify_diagnostics {
            d
        } else {
            attach_current_op_note(ctx, &ir, module, d)
        };
        return (None, vec![d]);
    }
    let flags = options.pass_flags();
    let before = options.verify_equivalence.as_ref().map(|_| ir.clone());
    let run = crate::pipeline::run_passes(ctx, &flags, &mut ir, module, parse_time);
    eprint!("{}", run.stderr);
    if !run.success {
        return (None, run.diagnostics);
    }
    if let Some(before) = before {
        if let Err(d) = crate::equivalence::verify(ctx, options, &before, &ir, module) {
            return (None, vec![d]);
        }
    }
    let mut text = print_op(ctx, &ir, module, print_options);
    text.push('\n');
    (Some(text), run.diagnostics)
}

/// mlir-opt adds "see current operation: <op>" to an op's errors when not
/// verifying diagnostics: the op in the generic form with local scope, on
/// a line of its own when it spans several (MLIR's `Diagnostic::appendOp`).
fn attach_current_op_note(
    ctx: &Context,
    ir: &Ir,
    _module: strata_ir::OpId,
    mut d: Diagnostic,
) -> Diagnostic {
    let Some(op) = d.op else {
        return d;
    };
    let options = PrintOptions {
        generic: true,
        debug_info: false,
        local_scope: true,
    };
    let text = print_op(ctx, ir, op, &options);
    let separator = if text.contains('\n') { "\n" } else { "" };
    let note = Diagnostic::new(
        Severity::Note,
        ir.op_loc(op),
        format!("see current operation: {separator}{text}"),
    );
    d.notes.insert(0, note);
    d
}
