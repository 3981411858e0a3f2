//! What `strata-run` does to a program before a target's translator sees
//! it, so that every target accepts any program of the standard dialects,
//! on tensors or memrefs, without the user knowing a pipeline.
//!
//! Two steps. First only the entry function and the symbols it reaches
//! (callees, globals) are kept: a module may hold functions a target cannot
//! translate (a tensor function beside a memref kernel), and they must not
//! stop the one that runs. Then the target's pipeline runs, an ordinary
//! pass pipeline that `--print-pipeline` shows and `--pipeline` replaces:
//!
//! | target | default pipeline | then |
//! |---|---|---|
//! | `interp` | none: the interpreter runs every dialect | interpreted |
//! | `c` | elementwise arith/math on tensors to linalg, bufferize (function boundaries, identity layouts), `x86-vectorize{isa=native}`, linalg to loops, `lower-affine`, `outline-loop-nests` (one C function per large loop nest: C compilers are superlinear in a function's size) | C, compiled and run |
//! | `jit` | elementwise to linalg, bufferize, linalg to loops, `lower-affine`, `convert-scf-to-cf` | LLVM IR, JIT-compiled |
//! | `vta` | none: `linalg-to-vta` and `vta-lower-tiles` are the target's code generator | simulated |
//!
//! Each step is a no-op on a program already in the target's form, so a
//! hand-lowered module runs as before. `x86-vectorize` only rewrites the
//! named matmuls and convolutions it has kernels for; its f32 kernels use
//! FMA, so their results may differ from the interpreter's in the last
//! bits (compare with `--expect ... --rtol`), while integer results and
//! everything lowered to loops are bit-exact.
//!
//! A program comes as MLIR text or as an ONNX model (`.onnx`, imported by
//! `strata_onnx` into `func.func @main_graph`, the default entry then):
//! [`read_program`] reads either, [`load`] takes either.

use strata_ir::builtin::ModuleOp;
use strata_ir::symbol_table::{self, Visibility};
use strata_ir::{Context, Diagnostic, Ir, OpId, Type};

/// What to prepare a module for.
pub struct Preparation<'a> {
    /// The input's name, for messages.
    pub file: &'a str,
    pub entry: &'a str,
    /// `interp`, `c`, `jit` or `vta`.
    pub target: &'a str,
    /// Replaces the target's default pipeline (`Some("")`: none).
    pub pipeline: Option<&'a str>,
    /// Print the pipeline on stderr.
    pub print_pipeline: bool,
}

/// Why a module could not be prepared.
pub enum PrepareError {
    /// A message without a location (no such entry, a pipeline that does not parse).
    Message(String),
    /// The diagnostics of a pass that failed.
    Diagnostics(Vec<Diagnostic>),
    /// Located errors, rendered against the source, ready to print.
    Rendered(String),
}

impl PrepareError {
    /// Prints the error on stderr as the tool `tool` reports errors
    /// (`strata-run: error: ...` for a message) and gives the exit code.
    pub fn report(self, ctx: &Context, tool: &str) -> std::process::ExitCode {
        match self {
            PrepareError::Message(m) => eprintln!("{tool}: error: {m}"),
            PrepareError::Rendered(out) => eprint!("{out}"),
            PrepareError::Diagnostics(ds) => eprint!("{}", render_all(ctx, &ds, None)),
        }
        std::process::ExitCode::FAILURE
    }
}

/// The entry's argument and result types as the program wrote them, before
/// the pipeline changed them (tensors become memrefs), so results can be
/// shown and declared as the program has them.
#[derive(Clone, Debug, Default)]
pub struct SourceSignature {
    pub inputs: Vec<Type>,
    pub results: Vec<Type>,
}

/// A module ready for its target.
pub struct Loaded {
    pub ir: Ir,
    pub module: OpId,
    pub signature: SourceSignature,
}

/// The entry an ONNX model's graph becomes (onnx-mlir's name).
pub const ONNX_ENTRY: &str = "main_graph";

/// A program as the tools read it.
pub enum Program {
    /// MLIR text, parsed by [`load`].
    Text { name: String, text: String },
    /// An ONNX model, already imported.
    Imported { name: String, ir: Ir, module: OpId },
}

impl Program {
    /// The input's name, for messages.
    pub fn name(&self) -> &str {
        match self {
            Program::Text { name, .. } | Program::Imported { name, .. } => name,
        }
    }

    /// The source text diagnostics are rendered against (none for a
    /// model: its ops are located by node name).
    pub fn text(&self) -> &str {
        match self {
            Program::Text { text, .. } => text,
            Program::Imported { .. } => "",
        }
    }
}

/// Reads `path` (`-`: standard input): an ONNX model when it ends in
/// `.onnx`, MLIR text otherwise.
pub fn read_program(ctx: &Context, path: &str) -> Result<Program, PrepareError> {
    if path.ends_with(".onnx") {
        let (ir, module) = strata_onnx::import_file(ctx, std::path::Path::new(path))
            .map_err(|e| PrepareError::Rendered(e + "\n"))?;
        return Ok(Program::Imported {
            name: path.to_string(),
            ir,
            module,
        });
    }
    let (name, text) = crate::args::read_text_input(path).map_err(PrepareError::Message)?;
    Ok(Program::Text { name, text })
}

/// The entry to run: `entry` when given, `main_graph` for a model.
pub fn entry_or_default<'a>(entry: &'a str, path: &str) -> &'a str {
    if entry.is_empty() && path.ends_with(".onnx") {
        ONNX_ENTRY
    } else {
        entry
    }
}

/// Parses and verifies the program (text; a model was verified when
/// imported), then [`prepare`]s it: the front half every driver of a
/// target shares. A located error comes back rendered against the source.
pub fn load(ctx: &Context, program: Program, how: &Preparation) -> Result<Loaded, PrepareError> {
    let (file, text) = match program {
        Program::Text { name, text } => (name, text),
        Program::Imported { ir, module, .. } => return load_module(ctx, ir, module, None, how),
    };
    let source = strata_ir::diagnostics::SourceFile {
        name: &file,
        text: &text,
    };
    let rendered = |ds: &[Diagnostic]| PrepareError::Rendered(render_all(ctx, ds, Some(&source)));
    let mut ir = Ir::new();
    let info = strata_ir::asm::SourceInfo {
        file_name: file.to_string(),
        first_line: 0,
    };
    let module =
        strata_ir::asm::parse_source(ctx, &mut ir, &text, &info).map_err(|d| rendered(&[d]))?;
    strata_ir::verifier::verify(ctx, &ir, module).map_err(|d| rendered(&[d]))?;
    load_module(ctx, ir, module, Some(&source), how)
}

/// `ds` rendered against `source` (if any), ready to print.
fn render_all(
    ctx: &Context,
    ds: &[Diagnostic],
    source: Option<&strata_ir::diagnostics::SourceFile>,
) -> String {
    let mut out = String::new();
    for d in ds {
        strata_ir::diagnostics::render(ctx, d, source, &mut out);
    }
    out
}

/// [`prepare`]s a verified module; diagnostics are rendered against
/// `source` when there is one.
fn load_module(
    ctx: &Context,
    mut ir: Ir,
    module: OpId,
    source: Option<&strata_ir::diagnostics::SourceFile>,
    how: &Preparation,
) -> Result<Loaded, PrepareError> {
    let signature = prepare(ctx, &mut ir, module, how).map_err(|e| match e {
        PrepareError::Diagnostics(ds) => PrepareError::Rendered(render_all(ctx, &ds, source)),
        other => other,
    })?;
    Ok(Loaded {
        ir,
        module,
        signature,
    })
}

/// Keeps what the entry reaches (native targets) and runs the pipeline;
/// returns the entry's signature as written.
pub fn prepare(
    ctx: &Context,
    ir: &mut Ir,
    module: OpId,
    how: &Preparation,
) -> Result<SourceSignature, PrepareError> {
    if how.target != "interp" {
        keep_entry_and_reachable(ctx, ir, module, how.entry)
            .map_err(|e| PrepareError::Message(format!("{e} in {}", how.file)))?;
    }
    let pipeline = how
        .pipeline
        .map(str::to_string)
        .or_else(|| default_pipeline(how.target));
    if how.print_pipeline {
        eprintln!(
            "pipeline: {}",
            pipeline
                .as_deref()
                .unwrap_or("(none: the target runs the program as given)")
        );
    }
    let source_signature = entry_signature(ctx, ir, module, how.entry);
    let Some(pipeline) = pipeline.filter(|p| !p.trim().is_empty()) else {
        return Ok(source_signature);
    };
    let flags = crate::pipeline::PassFlags {
        pipeline: Some(pipeline),
        verify_each: true,
        ..Default::default()
    };
    if let Err(e) = crate::pipeline::build_pass_manager(&flags, ModuleOp::NAME) {
        return Err(PrepareError::Message(format!("--pipeline: {e}")));
    }
    let run = crate::pipeline::run_passes(ctx, &flags, ir, module, Default::default());
    eprint!("{}", run.stderr);
    if !run.success {
        return Err(PrepareError::Diagnostics(run.diagnostics));
    }
    Ok(source_signature)
}

/// The signature of the top-level function `entry` (empty if none).
fn entry_signature(ctx: &Context, ir: &Ir, module: OpId, entry: &str) -> SourceSignature {
    ir.regions(module)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .and_then(|body| {
            ir.block_ops(body)
                .find(|&op| symbol_table::symbol_name(ctx, ir, op) == Some(entry))
        })
        .and_then(|f| strata_dialect_func::ops_function_signature(ctx, ir, f))
        .map(|(inputs, results)| SourceSignature { inputs, results })
        .unwrap_or_default()
}

/// One-shot bufferization as the native targets need it: whole functions,
/// with identity-layout memrefs in their signatures (the calling convention
/// of the C and LLVM harnesses).
const BUFFERIZE: &str = "one-shot-bufferize{bufferize-function-boundaries \
                         function-boundary-type-conversion=identity-layout-map}";

/// The pipeline `target` runs by default (`None`: the target takes the
/// program as it is).
pub fn default_pipeline(target: &str) -> Option<String> {
    match target {
        "c" => Some(format!(
            "builtin.module(func.func(convert-elementwise-to-linalg),{BUFFERIZE},\
             x86-vectorize{{isa=native}},func.func(convert-linalg-to-loops),lower-affine,\
             outline-loop-nests)"
        )),
        "jit" => Some(format!(
            "builtin.module(func.func(convert-elementwise-to-linalg),{BUFFERIZE},\
             func.func(convert-linalg-to-loops),lower-affine,convert-scf-to-cf)"
        )),
        _ => None,
    }
}

/// Erases every top-level symbol of `module` that `entry` does not reach
/// through symbol references (transitively). Fails when `module` has no
/// symbol named `entry`.
pub fn keep_entry_and_reachable(
    ctx: &Context,
    ir: &mut Ir,
    module: OpId,
    entry: &str,
) -> Result<(), String> {
    let body = ir
        .regions(module)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .ok_or("the module has no body")?;
    let top: Vec<OpId> = ir.block_ops(body).collect();
    let Some(&entry_op) = top
        .iter()
        .find(|&&op| symbol_table::symbol_name(ctx, ir, op) == Some(entry))
    else {
        return Err(format!("no function named '@{entry}'"));
    };
    // Symbol DCE with the entry as the only public symbol is exactly
    // "what the entry reaches", with MLIR's rules for nested references.
    for &op in &top {
        if op != entry_op
            && symbol_table::is_symbol(ctx, ir, op)
            && symbol_table::visibility(ctx, ir, op) != Visibility::Private
        {
            symbol_table::set_visibility(ctx, ir, op, Visibility::Private);
        }
    }
    strata_passes::symbol_dce::symbol_dce(ctx, ir, module, false)
        .map(|_| ())
        .map_err(|d| d.message)
}
