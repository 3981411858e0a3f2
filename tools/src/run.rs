//! `strata-run`: parse a file, bind inputs to a function's arguments in
//! order (`.npy` files for tensors, vectors and memrefs, literals for
//! scalars, or seeded random data), run it with the reference interpreter,
//! and print or save the results (for functions returning nothing, their
//! memref arguments after the call).

use clap::Parser as ClapParser;
use std::process::ExitCode;
use strata_interp::inputs::{
    compare_data, data_to_npy, extract, format_data, instantiate, literal_data, npy_data,
    random_data_in, Data, Distribution, Rng, Tolerance,
};
use strata_interp::{Interpreter, Registry};
use strata_ir::diagnostics::{render, SourceFile};
use strata_ir::{Context, Type};

#[derive(ClapParser, Debug)]
#[command(
    name = "strata-run",
    about = "Run a function with Strata's reference interpreter"
)]
pub struct RunOptions {
    /// Input file ('-' for standard input): MLIR, an ONNX model (`.onnx`,
    /// imported as `@main_graph`), or a VTA program file (`.vta`), which
    /// runs on the simulator from its DRAM image.
    pub input: String,
    /// The function to run (not for a `.vta` program; default for an
    /// `.onnx` model: main_graph).
    #[arg(long, default_value = "", hide_default_value = true)]
    pub entry: String,
    /// Arguments in order: .npy files or scalar literals (3, 2.5, true).
    #[arg(long = "input")]
    pub inputs: Vec<String>,
    /// Where to write the results (.npy), in order.
    #[arg(long = "output")]
    pub outputs: Vec<String>,
    /// What the results must be (.npy), in order: the run fails naming the
    /// first element that differs (integers exactly, floats within --atol
    /// and --rtol).
    #[arg(long = "expect")]
    pub expected: Vec<String>,
    /// --expect: absolute tolerance for float elements.
    #[arg(long, default_value_t = 0.0)]
    pub atol: f64,
    /// --expect: relative tolerance for float elements
    /// (|got - expected| <= atol + rtol * |expected|, numpy's allclose).
    #[arg(long, default_value_t = 0.0)]
    pub rtol: f64,
    /// Print the results in MLIR attribute syntax.
    #[arg(long)]
    pub print: bool,
    /// Fill every argument without an --input with random data.
    #[arg(long)]
    pub random_inputs: bool,
    /// Seed of --random-inputs.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Values of --random-inputs: small (integers in [-8, 8], floats in
    /// [-1, 1)) or full (the whole range of each type, edge values, infinities
    /// and NaN included).
    #[arg(long, default_value = "small", value_parser = ["small", "full"])]
    pub random_range: String,
    /// Where to run: interp, c (translate to C, compile with $CC, run), jit (LLVM's JIT, in process; feature
    /// `llvm`), vta (compile with linalg-to-vta and vta-lower-tiles, run on the timed VTA simulator), or aie
    /// (linalg-to-aie, the aievec kernel as C over the AIE1 intrinsics' emulation, with a cycle model).
    #[arg(long, default_value = "interp")]
    pub target: String,
    /// Same as --target jit.
    #[arg(long)]
    pub jit: bool,
    /// vta: print cycles, bytes moved per memory and `utilization: 0.NN`; aie: `cycles: N`, `macs-per-cycle: X`.
    #[arg(long)]
    pub stats: bool,
    /// vta, jit, aie: also run the interpreter on the same inputs and compare bit for bit.
    #[arg(long)]
    pub check: bool,
    /// aie: zero-pad odd int16 filters (as Vyasa does) instead of fusing taps across filter rows.
    #[arg(long)]
    pub no_cross_row: bool,
    /// vta: tile sizes (conv: oc-blocks,rows,cols,ic-blocks; matmul:
    /// rows,n-blocks,k-blocks); default: linalg-to-vta's analytic model.
    #[arg(long, value_delimiter = ',')]
    pub tile_sizes: Vec<i64>,
    /// vta: measure the analytic model's best N tilings with the cycle
    /// model and keep the fastest (0: the model's choice).
    #[arg(long, default_value_t = 0)]
    pub tune: usize,
    /// vta: no double buffering (tiles sized for whole buffers, SRAM reused first-fit).
    #[arg(long)]
    pub single_buffer: bool,
    /// c: call the function --warmup + N times (memref arguments restored
    /// before each call); the outputs are those of one call.
    #[arg(long, default_value_t = 1)]
    pub repeat: u64,
    /// c: untimed calls before the --repeat ones.
    #[arg(long, default_value_t = 0)]
    pub warmup: u64,
    /// c: print the median and minimum wall time of the --repeat calls on
    /// stderr (compile time and file I/O excluded).
    #[arg(long)]
    pub time: bool,
    /// c: more C compiler flags after the defaults, as one argument
    /// (`--cflags='-O3 -march=native'`).
    #[arg(long, allow_hyphen_values = true)]
    pub cflags: Option<String>,
    /// c: leave out the memref bounds checks (for timing).
    #[arg(long)]
    pub no_bounds_checks: bool,
    /// Accept unregistered dialects.
    #[arg(long)]
    pub allow_unregistered_dialect: bool,
    /// interp: fail when buffers the run allocated are still live at its end
    /// (neither deallocated nor returned): checks deallocation passes.
    #[arg(long)]
    pub check_leaks: bool,
    /// The pass pipeline to run before the target (replaces the target's
    /// default: see --print-pipeline), in `--pass-pipeline` syntax.
    #[arg(long)]
    pub pipeline: Option<String>,
    /// Print the pass pipeline run before the target on stderr.
    #[arg(long)]
    pub print_pipeline: bool,
    #[command(flatten)]
    pub limits: crate::args::InterpLimitArgs,
    /// The entry's result types as written, before the target's pipeline
    /// (which may make tensors memrefs): results print and save as these.
    #[arg(skip)]
    pub source_result_types: Vec<Type>,
}

impl RunOptions {
    /// The distribution `--random-range` names.
    pub fn distribution(&self) -> Distribution {
        if self.random_range == "full" {
            Distribution::Full
        } else {
            Distribution::Small
        }
    }
}

fn fail(message: impl AsRef<str>) -> ExitCode {
    eprintln!("strata-run: error: {}", message.as_ref());
    ExitCode::FAILURE
}

/// Runs strata-run with `args` (including the program name) over `ctx`.
pub fn run_main(mut ctx: Context, args: impl IntoIterator<Item = String>) -> ExitCode {
    let args = crate::args::normalize_mlir_style_args(args, &[]);
    let options = match crate::args::parse_options::<RunOptions>(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    ctx.allow_unregistered_dialects = options.allow_unregistered_dialect;
    let mut options = options;
    if options.jit {
        options.target = "jit".into();
    }
    match options.target.as_str() {
        "interp" | "vta" | "c" | "aie" => {}
        "jit" if cfg!(feature = "llvm") => {}
        "jit" => return fail(
            "--target jit needs LLVM, but this strata-run was built without the `llvm` feature \
                 (rebuild with `cargo build --release -p strata-tools --features llvm`)",
        ),
        other => {
            return fail(format!(
                "unknown target '{other}' (expected interp, c, jit, vta or aie)"
            ))
        }
    }
    if options.input.ends_with(".vta") {
        if !matches!(options.target.as_str(), "interp" | "vta") || !options.entry.is_empty() {
            return fail(
                "a .vta program runs on the VTA simulator: no --entry, and --target vta or none",
            );
        }
        return crate::run_vta::run_vta_program(&ctx, &options);
    }
    options.entry =
        crate::target_pipeline::entry_or_default(&options.entry, &options.input).to_string();
    if options.entry.is_empty() {
        return fail("--entry NAME is required: the function to run");
    }
    let timing = options.repeat != 1 || options.warmup != 0 || options.time;
    if options.target != "c" && (timing || options.cflags.is_some() || options.no_bounds_checks) {
        return fail("--repeat, --warmup, --time, --cflags and --no-bounds-checks need --target c");
    }
    let program = match crate::target_pipeline::read_program(&ctx, &options.input) {
        Ok(p) => p,
        Err(e) => return e.report(&ctx, "strata-run"),
    };
    let (name, text) = (program.name().to_string(), program.text().to_string());
    let source = SourceFile {
        name: &name,
        text: &text,
    };
    let report = |ctx: &Context, d: &strata_ir::Diagnostic| {
        let mut out = String::new();
        render(ctx, d, Some(&source), &mut out);
        eprint!("{out}");
        ExitCode::FAILURE
    };
    let how = crate::target_pipeline::Preparation {
        file: &name,
        entry: &options.entry,
        target: &options.target,
        pipeline: options.pipeline.as_deref(),
        print_pipeline: options.print_pipeline,
    };
    let (mut ir, module) = match crate::target_pipeline::load(&ctx, program, &how) {
        Ok(loaded) => {
            options.source_result_types = loaded.signature.results;
            (loaded.ir, loaded.module)
        }
        Err(e) => return e.report(&ctx, "strata-run"),
    };
    if options.target == "c" {
        let given =
            |i: usize, ty: Type| options.inputs.get(i).map(|spec| input_data(&ctx, ty, spec));
        return crate::run_c::run_c(&ctx, &ir, module, &options, &name, &given, &|d| {
            report(&ctx, d)
        });
    }
    #[cfg(feature = "llvm")]
    if options.target == "jit" {
        let given =
            |i: usize, ty: Type| options.inputs.get(i).map(|spec| input_data(&ctx, ty, spec));
        return crate::run_jit::run_jit(
            &ctx,
            &ir,
            module,
            &options,
            &name,
            &source,
            &given,
            &|d| report(&ctx, d),
        );
    }
    if options.target == "vta" || options.target == "aie" {
        let Some(func) = ir
            .block_ops(ir.entry_block(ir.regions(module)[0]).expect("module body"))
            .find(|&op| {
                strata_ir::symbol_table::symbol_name(&ctx, &ir, op) == Some(options.entry.as_str())
            })
        else {
            return fail(format!("no function named '@{}' in {name}", options.entry));
        };
        let Some((inputs, results)) = strata_dialect_func::ops_function_signature(&ctx, &ir, func)
        else {
            return fail(format!("'@{}' is not a func.func", options.entry));
        };
        if options.inputs.len() < inputs.len() && !options.random_inputs {
            return fail(format!(
                "'@{}' takes {} arguments but {} inputs were given (use --random-inputs to fill the rest)",
                options.entry,
                inputs.len(),
                options.inputs.len()
            ));
        }
        let given =
            |i: usize, ty: Type| options.inputs.get(i).map(|spec| input_data(&ctx, ty, spec));
        if options.target == "aie" {
            return crate::run_aie::run_aie(
                &ctx,
                &mut ir,
                module,
                func,
                &options,
                &inputs,
                &given,
                &|d| report(&ctx, d),
            );
        }
        return crate::run_vta::run_vta(
            &ctx, &mut ir, module, &options, &name, &text, &inputs, &results, &given,
        );
    }
    let limits = match options.limits.limits() {
        Ok(l) => l,
        Err(e) => return fail(e),
    };
    let registry = Registry::standard();
    let mut it = Interpreter::new(&ctx, &ir, module, &registry);
    it.set_limits(limits);
    let Some(func) = it.lookup_symbol(&options.entry) else {
        return fail(format!("no function named '@{}' in {name}", options.entry));
    };
    let Some((inputs, results)) = strata_dialect_func::ops_function_signature(&ctx, &ir, func)
    else {
        return fail(format!("'@{}' is not a func.func", options.entry));
    };
    if options.inputs.len() > inputs.len() {
        return fail(format!(
            "{} inputs given but '@{}' takes {} arguments",
            options.inputs.len(),
            options.entry,
            inputs.len()
        ));
    }
    if options.inputs.len() < inputs.len() && !options.random_inputs {
        return fail(format!(
            "'@{}' takes {} arguments but {} inputs were given (use --random-inputs to fill the rest)",
            options.entry,
            inputs.len(),
            options.inputs.len()
        ));
    }
    let mut rng = Rng::new(options.seed);
    let mut args = Vec::new();
    for (i, &ty) in inputs.iter().enumerate() {
        let data = match options.inputs.get(i) {
            Some(spec) => input_data(&ctx, ty, spec),
            None => random_data_in(&ctx, ty, options.distribution(), &mut rng),
        };
        let data = match data {
            Ok(d) => d,
            Err(e) => return fail(format!("argument #{i}: {e}")),
        };
        match instantiate(&mut it, ty, &data) {
            Ok(v) => args.push(v),
            Err(e) => return fail(format!("argument #{i}: {e}")),
        }
    }
    let allocated_before = it.memory.buffers.len();
    let values = match it.call(func, args.clone()) {
        Ok(v) => v,
        Err(e) => return report(&ctx, &e.to_diagnostic(&ctx)),
    };
    if options.check_leaks {
        let kept: Vec<usize> = values
            .iter()
            .filter_map(|v| v.as_memref().map(|m| m.buffer))
            .chain(it.memory.globals.values().map(|g| g.buffer))
            .collect();
        let leaked = (allocated_before..it.memory.buffers.len())
            .filter(|&b| it.memory.buffers[b].live && !kept.contains(&b))
            .count();
        if leaked > 0 {
            return fail(format!(
                "{leaked} buffer(s) allocated by '@{}' are never deallocated",
                options.entry
            ));
        }
    }
    // What the run produced: the results, or the memref arguments of a
    // function without results.
    let mut outputs: Vec<(Type, Data)> = Vec::new();
    let produced: Vec<(Type, &strata_interp::RtValue)> = if results.is_empty() {
        inputs
            .iter()
            .copied()
            .zip(&args)
            .filter(|(_, a)| a.as_memref().is_some())
            .collect()
    } else {
        results.iter().copied().zip(&values).collect()
    };
    for (ty, v) in produced {
        match extract(&it, v) {
            Ok(d) => outputs.push((ty, d)),
            Err(e) => return report(&ctx, &strata_ir::Diagnostic::error(ir.op_loc(func), e)),
        }
    }
    emit_outputs(&ctx, &options, &outputs)
}

/// What every target does with the decoded results: `--print`, `--output`
/// and `--expect`.
pub(crate) fn emit_outputs(
    ctx: &Context,
    options: &RunOptions,
    outputs: &[(Type, Data)],
) -> ExitCode {
    // The types the program declared, where the pipeline changed them.
    let declared: Vec<(Type, &Data)> = outputs
        .iter()
        .enumerate()
        .map(|(k, (ty, data))| {
            let source = options.source_result_types.get(k).copied();
            let same_shape = |t: Type| ctx.shape(t) == ctx.shape(*ty);
            (source.filter(|&t| same_shape(t)).unwrap_or(*ty), data)
        })
        .collect();
    let outputs = &declared[..];
    if options.print {
        for (ty, data) in outputs {
            println!("{}", format_data(ctx, *ty, data));
        }
    }
    for (flag, given) in [
        ("outputs", &options.outputs),
        ("expected values", &options.expected),
    ] {
        if given.len() > outputs.len() {
            return fail(format!(
                "{} {flag} given but the run produced {}",
                given.len(),
                outputs.len()
            ));
        }
    }
    for (path, &(ty, data)) in options.outputs.iter().zip(outputs) {
        let bytes = match data_to_npy(ctx, ty, data) {
            Ok(b) => b,
            Err(e) => return fail(e),
        };
        if let Err(e) = std::fs::write(path, bytes) {
            return fail(format!("could not write '{path}': {e}"));
        }
    }
    let tolerance = Tolerance {
        atol: options.atol,
        rtol: options.rtol,
    };
    for (k, (path, &(ty, data))) in options.expected.iter().zip(outputs).enumerate() {
        let expected = match input_data(ctx, ty, path) {
            Ok(d) => d,
            Err(e) => return fail(format!("--expect for result #{k}: {e}")),
        };
        match compare_data(data, &expected, tolerance) {
            Ok(agreement) => println!(
                "expect: result #{k} matches '{path}' ({} elements, max abs error {:.3e})",
                agreement.elements, agreement.max_abs_error
            ),
            Err(e) => return fail(format!("result #{k} differs from '{path}': {e}")),
        }
    }
    ExitCode::SUCCESS
}

pub(crate) fn input_data(ctx: &Context, ty: Type, spec: &str) -> Result<Data, String> {
    if spec.ends_with(".npy") {
        let bytes = std::fs::read(spec).map_err(|e| format!("could not read '{spec}': {e}"))?;
        let array = strata_interp::npy::parse_npy(&bytes).map_err(|e| format!("{spec}: {e}"))?;
        npy_data(ctx, ty, &array).map_err(|e| format!("{spec}: {e}"))
    } else {
        literal_data(ctx, ty, spec)
    }
}
