//! `strata-run --target vta`: the command line around the VTA host
//! runtime (`strata_vta_host`), which compiles the entry function through
//! `linalg-to-vta` and `vta-lower-tiles`, packs the inputs into the
//! program's DRAM image, runs the timed simulator and unpacks the output.
//! `--stats` reports cycles, DRAM traffic per memory and `utilization:
//! 0.NN` (non-reset GEMM micro-ops per cycle); `--check` runs the reference interpreter on the
//! same inputs and compares bit for bit.
//!
//! `--random-inputs` here draws int8 tensors uniformly from the whole
//! int8 range and int32 tensors (biases) from [-256, 256], so that the
//! accumulators, shifts and clips are exercised over realistic ranges.

use crate::run::RunOptions;
use std::process::ExitCode;
use std::time::Instant;
use strata_dialect_arith::semantics::{mask, sext};
use strata_interp::inputs::{Data, Rng};
use strata_interp::{Interpreter, Registry};
use strata_ir::{Context, Ir, OpId, Type};
use strata_lowering_linalg_to_vta::Options;
use strata_vta::SimOptions;

fn fail(message: impl AsRef<str>) -> ExitCode {
    eprintln!("strata-run: error: {}", message.as_ref());
    ExitCode::FAILURE
}

/// Reports a diagnostic at its location in the source (`file:line:col: error: ...`).
fn report(ctx: &Context, name: &str, text: &str, d: &strata_ir::Diagnostic) -> ExitCode {
    let source = strata_ir::diagnostics::SourceFile { name, text };
    let mut out = String::new();
    strata_ir::diagnostics::render(ctx, d, Some(&source), &mut out);
    eprint!("{out}");
    ExitCode::FAILURE
}

/// Integer elements of `data` (sign-extended).
fn ints(data: &Data) -> Result<Vec<i64>, String> {
    match data {
        Data::Shaped { elems, .. } => elems
            .iter()
            .map(|s| match s {
                strata_interp::value::Scalar::Int(v, w) => Ok(sext(*v, *w) as i64),
                _ => Err("the VTA target takes integer tensors".to_string()),
            })
            .collect(),
        _ => Err("the VTA target takes tensor arguments".into()),
    }
}

fn random_vta(ctx: &Context, ty: Type, rng: &mut Rng) -> Result<Data, String> {
    let shape = ctx
        .shape(ty)
        .ok_or("the VTA target takes tensor arguments")?
        .to_vec();
    let width = ctx
        .integer_width(ctx.element_type_or_self(ty))
        .ok_or("the VTA target takes integer tensors")?;
    let (lo, hi) = if width == 8 { (-128, 127) } else { (-256, 256) };
    let n = shape.iter().product::<i64>().max(0) as usize;
    let elems = (0..n)
        .map(|_| strata_interp::value::Scalar::Int(mask(rng.range(lo, hi) as u128, width), width))
        .collect();
    Ok(Data::Shaped { shape, elems })
}

/// Runs the VTA target on `module`; `text` is the source diagnostics quote.
#[allow(clippy::too_many_arguments)]
pub fn run_vta(
    ctx: &Context,
    ir: &mut Ir,
    module: OpId,
    options: &RunOptions,
    name: &str,
    text: &str,
    inputs: &[Type],
    results: &[Type],
    input_data: &dyn Fn(usize, Type) -> Option<Result<Data, String>>,
) -> ExitCode {
    if results.len() > 1 {
        return fail("the VTA target runs functions returning one tensor (or writing one memref)");
    }
    // Inputs.
    let mut rng = Rng::new(options.seed);
    let mut args = Vec::new();
    for (i, &ty) in inputs.iter().enumerate() {
        let data = match input_data(i, ty) {
            Some(d) => d,
            None => random_vta(ctx, ty, &mut rng),
        };
        match data {
            Ok(d) => args.push(d),
            Err(e) => return fail(format!("argument #{i}: {e}")),
        }
    }
    // Compile.
    let compile_start = Instant::now();
    let lowering = Options {
        entry: options.entry.clone(),
        tile_sizes: options.tile_sizes.clone(),
        double_buffer: !options.single_buffer,
        tune: options.tune,
    };
    let compiled = match strata_vta_host::compile(ctx, ir, module, &lowering) {
        Ok(c) => c,
        Err(d) => return report(ctx, name, text, &d),
    };
    let compile_time = compile_start.elapsed();
    let lowered = &compiled.lowered;
    // The result's type: returned, or the memref argument the tail writes.
    let result_ty = match (results.first(), lowered.layer.result_arg) {
        (Some(&ty), _) => ty,
        (None, Some(arg)) => inputs[arg],
        (None, None) => return fail("the function has no result"),
    };
    let mut arg_values = Vec::with_capacity(args.len());
    for (i, data) in args.iter().enumerate() {
        match ints(data) {
            Ok(v) => arg_values.push(v),
            Err(e) => return fail(format!("argument #{i}: {e}")),
        }
    }
    // Simulate.
    let sim_start = Instant::now();
    let run = match compiled.run(&arg_values, &SimOptions::default()) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    let sim_time = sim_start.elapsed();
    let values = &run.values;
    let out_elems: Vec<strata_interp::value::Scalar> = values
        .iter()
        .map(|&v| strata_interp::value::Scalar::Int(mask(v as u128, 8), 8))
        .collect();
    let out_data = Data::Shaped {
        shape: run.shape.clone(),
        elems: out_elems,
    };
    let code = crate::run::emit_outputs(ctx, options, &[(result_ty, out_data)]);
    if code != ExitCode::SUCCESS {
        return code;
    }
    let s = &run.stats;
    if options.stats {
        let tiles: Vec<String> = lowered.tiles.iter().map(|t| t.to_string()).collect();
        println!(
            "tile-sizes: {} ({} tile ops, {} instructions, {} micro-ops)",
            tiles.join(","),
            lowered.tile_ops,
            compiled.program.insns.len(),
            compiled.program.uops.len()
        );
        println!(
            "compile time: {:.3} s, simulation time: {:.3} s",
            compile_time.as_secs_f64(),
            sim_time.as_secs_f64()
        );
        print_cycle_stats(s);
        let checksum: i64 = values.iter().sum();
        let first: Vec<String> = values.iter().take(8).map(|v| v.to_string()).collect();
        let shape: Vec<String> = run.shape.iter().map(|d| d.to_string()).collect();
        println!(
            "output: {}xi8, sum {checksum}, first [{}]",
            shape.join("x"),
            first.join(", ")
        );
        println!("utilization: {:.2}", s.gemm_utilisation());
    }
    if options.check {
        let check_start = Instant::now();
        // The reference is the program as written, before any pipeline.
        let mut ir2 = Ir::new();
        let info = strata_ir::asm::SourceInfo {
            file_name: name.to_string(),
            first_line: 0,
        };
        let module2 = match strata_ir::asm::parse_source(ctx, &mut ir2, text, &info) {
            Ok(m) => m,
            Err(d) => return fail(d.message),
        };
        let registry = Registry::standard();
        let mut it = Interpreter::new(ctx, &ir2, module2, &registry);
        it.step_limit = u64::MAX;
        let mut values_in = Vec::new();
        for (i, (&ty, d)) in inputs.iter().zip(&args).enumerate() {
            match strata_interp::inputs::instantiate(&mut it, ty, d) {
                Ok(v) => values_in.push(v),
                Err(e) => return fail(format!("argument #{i}: {e}")),
            }
        }
        let out_arg = lowered.layer.result_arg.map(|a| values_in[a].clone());
        let expected = match it.call_by_name(&options.entry, values_in) {
            Ok(v) => v,
            Err(e) => return fail(format!("interpreter: {}", e.message)),
        };
        let expected = match out_arg
            .as_ref()
            .or(expected.first())
            .map(|v| strata_interp::inputs::extract(&it, v))
        {
            Some(Ok(d)) => d,
            _ => return fail("interpreter produced no tensor"),
        };
        let want = match ints(&expected) {
            Ok(v) => v,
            Err(e) => return fail(e),
        };
        let mismatches: Vec<usize> = (0..want.len()).filter(|&i| want[i] != values[i]).collect();
        if !mismatches.is_empty() || want.len() != values.len() {
            let first = mismatches.first().copied().unwrap_or(0);
            eprintln!(
                "strata-run: check FAILED: {} of {} elements differ from the interpreter; first at flat index {first}: vta {} vs interpreter {}",
                mismatches.len(),
                want.len(),
                values.get(first).copied().unwrap_or_default(),
                want.get(first).copied().unwrap_or_default()
            );
            return ExitCode::FAILURE;
        }
        println!(
            "check: OK, {} elements bit-exact with the interpreter ({:.2} s)",
            want.len(),
            check_start.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}

/// The cycle model's counts, as `--stats` prints them.
fn print_cycle_stats(s: &strata_vta::SimStats) {
    println!(
        "cycles: {} ({:.3} ms at {} MHz)",
        s.total_cycles,
        s.seconds() * 1e3,
        s.clock_mhz
    );
    println!(
        "gemm micro-ops: {} (+{} reset), alu micro-ops: {}, MACs: {}",
        s.gemm_uops, s.gemm_reset_uops, s.alu_uops, s.macs
    );
    let b = &s.bytes;
    println!(
        "bytes read: inp {} wgt {} acc {} uop {}; bytes written: out {}",
        b.inp_read, b.wgt_read, b.acc_read, b.uop_read, b.out_write
    );
    for module in strata_vta::Module::ALL {
        let m = s.module(module);
        println!(
            "{:<7} busy {} stall {}",
            module.name(),
            m.busy_cycles,
            m.total_stall()
        );
    }
}

/// `strata-run FILE.vta`: a program file (`strata-translate --mlir-to-vta`)
/// runs on the timed simulator from its DRAM image. The buffers a STORE
/// writes are the results (`--print`, `--output`, `--expect`); the others
/// are inputs, bound in order by `--input` (.npy) or filled by
/// `--random-inputs` (int8 over its whole range, wider integers in
/// [-256, 256], as for a layer), else left as the file holds them.
/// `--stats` prints the cycle counts. A program that deadlocks, leaves the
/// image or misses FINISH is an error naming the instruction.
pub fn run_vta_program(ctx: &Context, options: &RunOptions) -> ExitCode {
    let path = &options.input;
    let mut program = match strata_vta::Program::read_file(path) {
        Ok(p) => p,
        Err(e) => return fail(format!("{path}: {e}")),
    };
    // Results: the buffers STORE instructions write into.
    let stored: Vec<u64> = program
        .insns
        .iter()
        .filter_map(|insn| match insn {
            strata_vta::Insn::Store(m) => Some(
                u64::from(m.dram_base)
                    * strata_vta::sim::dram_elem_bytes(&program.config, m.memory),
            ),
            _ => None,
        })
        .collect();
    let buffers: Vec<strata_vta::DramBuffer> = program
        .dram
        .buffers
        .iter()
        .filter(|b| b.elem != strata_vta::ElemType::Uop)
        .cloned()
        .collect();
    let is_result = |b: &strata_vta::DramBuffer| {
        stored
            .iter()
            .any(|&addr| addr >= b.offset && addr < b.offset + b.size)
    };
    let buffer_type = |b: &strata_vta::DramBuffer| -> Type {
        let shape: Vec<i64> = b.shape.iter().map(|&d| d as i64).collect();
        ctx.tensor_type(&shape, ctx.signless(b.elem.bytes() as u32 * 8))
    };
    let inputs: Vec<&strata_vta::DramBuffer> = buffers.iter().filter(|b| !is_result(b)).collect();
    if options.inputs.len() > inputs.len() {
        return fail(format!(
            "{} inputs given but {path} has {} input buffers ({})",
            options.inputs.len(),
            inputs.len(),
            inputs
                .iter()
                .map(|b| format!("@{}", b.name))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let mut rng = Rng::new(options.seed);
    for (i, b) in inputs.iter().enumerate() {
        let ty = buffer_type(b);
        let data = match options.inputs.get(i) {
            Some(spec) => crate::run::input_data(ctx, ty, spec),
            None if options.random_inputs => random_vta(ctx, ty, &mut rng),
            None => continue,
        };
        let elems = match data {
            Ok(Data::Shaped { elems, .. }) => elems,
            Ok(_) => return fail(format!("@{}: expected an array", b.name)),
            Err(e) => return fail(format!("input @{}: {e}", b.name)),
        };
        let width = b.elem.bytes() as usize;
        let start = b.offset as usize;
        for (k, e) in elems.iter().enumerate() {
            let strata_interp::value::Scalar::Int(bits, _) = *e else {
                return fail(format!("input @{}: integer data expected", b.name));
            };
            let at = start + k * width;
            program.dram.bytes[at..at + width].copy_from_slice(&bits.to_le_bytes()[..width]);
        }
    }
    let outcome = match strata_vta::run_program(&program, &SimOptions::default()) {
        Ok(o) => o,
        Err(e) => return fail(format!("{path}: {e}")),
    };
    let mut outputs: Vec<(Type, Data)> = Vec::new();
    for b in buffers.iter().filter(|b| is_result(b)) {
        let width = b.elem.bytes() as usize;
        let bits = width as u32 * 8;
        let bytes = &outcome.dram[b.offset as usize..(b.offset + b.size) as usize];
        let elems = bytes
            .chunks_exact(width)
            .map(|c| {
                let mut v = [0u8; 16];
                v[..width].copy_from_slice(c);
                strata_interp::value::Scalar::Int(u128::from_le_bytes(v), bits)
            })
            .collect();
        let shape = b.shape.iter().map(|&d| d as i64).collect();
        outputs.push((buffer_type(b), Data::Shaped { shape, elems }));
    }
    let code = crate::run::emit_outputs(ctx, options, &outputs);
    if code != ExitCode::SUCCESS {
        return code;
    }
    if options.stats {
        print_cycle_stats(&outcome.stats);
        println!("utilization: {:.2}", outcome.stats.gemm_utilisation());
    }
    ExitCode::SUCCESS
}
