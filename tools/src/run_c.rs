//! `strata-run --target c`: translate the module to C
//! ([`strata_lowering_to_c`]), append a harness `main` for the entry
//! function, compile it with the system C compiler (`$CC`, default `cc`,
//! `-O2 -std=c11 -ffp-contract=off -fno-optimize-sibling-calls -lm`: no
//! contraction into fused multiply-adds, so floats match the interpreter
//! bit for bit; calls stay calls, see [`run_c`]), and run it
//! as a process on the same arguments the interpreter would get (`.npy` files, literals, or `--random-inputs`
//! drawn from the same seeded generator in the same order). Outputs are
//! printed and saved exactly as the interpreter's.
//!
//! `--repeat N --warmup W --time` times the call inside the compiled
//! program (the harness's repeat loop), so what it reports is the kernel
//! alone: no compilation, process start or file I/O. It prints the median
//! and the minimum over the N calls, the two numbers a benchmark compares
//! (`bench/x86_kernels.sh`); `--cflags` and `--no-bounds-checks` make the
//! build one worth timing.
//!
//! The program is a child process that may fail in ways the interpreter
//! cannot: it is killed after the time limit (`--timeout`, as for the
//! interpreter) and reported,
//! and a child killed by a signal is reported with the signal's name, never
//! as a bare failure. `STRATA_C_SANITIZE=address` (or any
//! `-fsanitize=` list) compiles it with the sanitizers, so a test can show
//! that a run the checks stop never touches memory outside its blocks.

use crate::run::{emit_outputs, RunOptions};
use std::process::{Command, ExitCode, ExitStatus, Stdio};
use std::time::{Duration, Instant};
use strata_dialect_arith::semantics::{float_from_bits, float_to_bits};
use strata_interp::inputs::{random_data_in, Data, Rng};
use strata_interp::Scalar;
use strata_ir::{Context, Ir, OpId, Type};
use strata_native_abi::{c_type, CScalar, CType};

fn fail(message: impl AsRef<str>) -> ExitCode {
    eprintln!("strata-run: error: {}", message.as_ref());
    ExitCode::FAILURE
}

fn mask(v: u128, width: u32) -> u128 {
    if width >= 128 {
        v
    } else {
        v & ((1u128 << width) - 1)
    }
}

/// One scalar in the harness's byte format
/// ([`strata_lowering_to_c::harness`]): little-endian, its C type's size.
pub fn scalar_bytes(s: Scalar, cs: CScalar, out: &mut Vec<u8>) {
    let bits = match (s, cs.float_kind()) {
        (Scalar::Float(f, _), Some(k)) => float_to_bits(k, f).unwrap_or(0),
        (Scalar::Int(v, w), _) => mask(v, w),
        (Scalar::Float(f, _), None) => f.to_bits() as u128,
    };
    out.extend_from_slice(&bits.to_le_bytes()[..cs.size()]);
}

/// The scalar at `*at` of a harness output file, moving `*at` past it.
pub fn read_scalar(bytes: &[u8], at: &mut usize, cs: CScalar) -> Result<Scalar, String> {
    let n = cs.size();
    let chunk = bytes
        .get(*at..*at + n)
        .ok_or("the compiled program wrote a truncated output file")?;
    *at += n;
    let mut raw = [0u8; 16];
    raw[..n].copy_from_slice(chunk);
    let v = u128::from_le_bytes(raw);
    Ok(match (cs, cs.float_kind()) {
        (_, Some(k)) => Scalar::Float(float_from_bits(k, v).unwrap_or(f64::NAN), k),
        (CScalar::Int(w), None) => Scalar::Int(mask(v, w), w),
        (_, None) => unreachable!("a float scalar has a format"),
    })
}

/// What both native targets need before running: the entry function, its
/// signature, and its arguments in the harness byte format
/// ([`strata_lowering_to_c::harness`]), drawn exactly as the interpreter
/// draws them (or why they cannot be encoded: reported after translation,
/// whose diagnostic at the op says more).
pub(crate) struct Prepared {
    pub func: OpId,
    pub inputs: Vec<Type>,
    pub results: Vec<Type>,
    pub input_bytes: Result<Vec<u8>, String>,
    /// The arguments as data (for running the interpreter on them too).
    #[cfg_attr(not(feature = "llvm"), allow(dead_code))]
    pub args: Vec<Data>,
}

/// Finds `options.entry`, checks the argument count, and encodes the
/// arguments (`given(i, ty)` is the data of an explicit `--input`).
pub(crate) fn prepare(
    ctx: &Context,
    ir: &Ir,
    module: OpId,
    options: &RunOptions,
    name: &str,
    given: &dyn Fn(usize, Type) -> Option<Result<Data, String>>,
) -> Result<Prepared, ExitCode> {
    let body = ir.entry_block(ir.regions(module)[0]).expect("module body");
    let Some(func) = ir.block_ops(body).find(|&op| {
        strata_ir::symbol_table::symbol_name(ctx, ir, op) == Some(options.entry.as_str())
    }) else {
        return Err(fail(format!(
            "no function named '@{}' in {name}",
            options.entry
        )));
    };
    let Some((inputs, results)) = strata_dialect_func::ops_function_signature(ctx, ir, func) else {
        return Err(fail(format!("'@{}' is not a func.func", options.entry)));
    };
    if options.inputs.len() > inputs.len() {
        return Err(fail(format!(
            "{} inputs given but '@{}' takes {} arguments",
            options.inputs.len(),
            options.entry,
            inputs.len()
        )));
    }
    if options.inputs.len() < inputs.len() && !options.random_inputs {
        return Err(fail(format!(
            "'@{}' takes {} arguments but {} inputs were given (use --random-inputs to fill the rest)",
            options.entry,
            inputs.len(),
            options.inputs.len()
        )));
    }
    let mut args = Vec::new();
    let input_bytes = encode_arguments(ctx, &inputs, options, given, &mut args);
    Ok(Prepared {
        func,
        inputs,
        results,
        input_bytes,
        args,
    })
}

/// The arguments, exactly as the interpreter draws them, in the harness
/// byte format.
fn encode_arguments(
    ctx: &Context,
    inputs: &[Type],
    options: &RunOptions,
    given: &dyn Fn(usize, Type) -> Option<Result<Data, String>>,
    args: &mut Vec<Data>,
) -> Result<Vec<u8>, String> {
    let mut rng = Rng::new(options.seed);
    let mut input_bytes = Vec::new();
    for (i, &ty) in inputs.iter().enumerate() {
        let data = match given(i, ty) {
            Some(d) => d,
            None => random_data_in(ctx, ty, options.distribution(), &mut rng),
        };
        let data = data.map_err(|e| format!("argument #{i}: {e}"))?;
        if !argument_bytes(ctx, ty, &data, &mut input_bytes) {
            return Err(format!(
                "argument #{i}: not supported by the {} target",
                options.target
            ));
        }
        args.push(data);
    }
    Ok(input_bytes)
}

/// Appends argument `data` of type `ty` in the harness byte format: a
/// scalar's bytes, or a memref's sizes and then its elements. `false` when
/// the C back end cannot pass such an argument.
pub fn argument_bytes(ctx: &Context, ty: Type, data: &Data, out: &mut Vec<u8>) -> bool {
    match (c_type(ctx, ty), data) {
        (Some(CType::Scalar(cs)), Data::Scalar(s)) => scalar_bytes(*s, cs, out),
        (Some(CType::MemRef { elem, .. }), Data::Shaped { shape, elems }) => {
            for d in shape {
                out.extend_from_slice(&d.to_le_bytes());
            }
            for &e in elems {
                scalar_bytes(e, elem, out);
            }
        }
        _ => return false,
    }
    true
}

/// Runs `options.entry` of `module` as compiled C. `given(i, ty)` is the
/// data of an explicit `--input`.
pub fn run_c(
    ctx: &Context,
    ir: &Ir,
    module: OpId,
    options: &RunOptions,
    name: &str,
    given: &dyn Fn(usize, Type) -> Option<Result<Data, String>>,
    report: &dyn Fn(&strata_ir::Diagnostic) -> ExitCode,
) -> ExitCode {
    let Prepared {
        func,
        inputs,
        results,
        input_bytes,
        ..
    } = match prepare(ctx, ir, module, options, name, given) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut source = match strata_lowering_to_c::translate_module_with(
        ctx,
        ir,
        module,
        &strata_native_abi::Options {
            bounds_checks: !options.no_bounds_checks,
        },
    ) {
        Ok(s) => s,
        Err(d) => return report(&d),
    };
    match strata_lowering_to_c::harness::harness(ctx, ir, func) {
        Ok(h) => source.push_str(&h),
        Err(d) => return report(&d),
    }
    let input_bytes = match input_bytes {
        Ok(b) => b,
        Err(e) => return fail(e),
    };
    // Build and run.
    let dir = match scratch_dir() {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let cleanup = |code: ExitCode| {
        if std::env::var_os("STRATA_KEEP_C").is_none() {
            let _ = std::fs::remove_dir_all(&dir);
        } else {
            eprintln!("strata-run: kept {}", dir.display());
        }
        code
    };
    let c_path = dir.join("program.c");
    let exe = dir.join("program");
    let in_path = dir.join("inputs.bin");
    let out_path = dir.join("outputs.bin");
    if let Err(e) =
        std::fs::write(&c_path, &source).and_then(|_| std::fs::write(&in_path, &input_bytes))
    {
        return cleanup(fail(format!("cannot write in '{}': {e}", dir.display())));
    }
    // `--timeout`, the interpreter's limit, bounds the compiled program too.
    let limit = match options.limits.limits() {
        Ok(l) => l.timeout,
        Err(e) => return cleanup(fail(e)),
    };
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let sanitize = std::env::var("STRATA_C_SANITIZE").unwrap_or_default();
    let mut compile = Command::new(&cc);
    compile.args(C_FLAGS);
    if !sanitize.is_empty() {
        compile
            .arg(format!("-fsanitize={sanitize}"))
            .args(["-fno-omit-frame-pointer", "-g"]);
    }
    let compiled = compile
        .args(options.cflags.iter().flat_map(|f| f.split_whitespace()))
        .arg("-o")
        .arg(&exe)
        .arg(&c_path)
        .arg("-lm")
        .output();
    match compiled {
        Ok(o) if o.status.success() => {}
        Ok(o) => {
            return cleanup(fail(format!(
                "the C compiler '{cc}' failed:\n{}",
                String::from_utf8_lossy(&o.stderr)
            )))
        }
        Err(e) => return cleanup(fail(format!("cannot run the C compiler '{cc}': {e}"))),
    }
    let times_path = dir.join("times.txt");
    let timing = options.repeat != 1 || options.warmup != 0 || options.time;
    let mut program = Command::new(&exe);
    program.arg(&in_path).arg(&out_path);
    if timing {
        program
            .arg(options.repeat.max(1).to_string())
            .arg(options.warmup.to_string())
            .arg(&times_path);
    }
    if !sanitize.is_empty() && std::env::var_os("ASAN_OPTIONS").is_none() {
        // Memrefs a program never deallocates are not errors (the
        // interpreter reports them only under --check-leaks).
        program.env("ASAN_OPTIONS", "detect_leaks=0");
    }
    let bytes = match run_limited(&mut program, &dir.join("stderr.txt"), limit) {
        Ok((status, _)) if status.success() => match std::fs::read(&out_path) {
            Ok(b) => b,
            Err(e) => return cleanup(fail(format!("no output from the compiled program: {e}"))),
        },
        Ok((status, text)) => {
            // `FILE:LINE:COL: error: MESSAGE` from strata_fail: render it
            // as the interpreter renders its run-time errors.
            if let Some(d) = runtime_error(ctx, &text) {
                report(&d);
            } else {
                eprint!("{text}");
            }
            if let Some(why) = killed_by(status) {
                return cleanup(fail(format!("the compiled program {why}")));
            }
            return cleanup(ExitCode::FAILURE);
        }
        Err(e) => return cleanup(fail(e)),
    };
    if options.time {
        match std::fs::read_to_string(&times_path) {
            Ok(text) => match timing_summary(&text, options.warmup) {
                Some(line) => eprintln!("{line}"),
                None => return cleanup(fail("the compiled program wrote no call times")),
            },
            Err(e) => {
                return cleanup(fail(format!(
                    "no call times from the compiled program: {e}"
                )))
            }
        }
    }
    let code = finish(ctx, options, &inputs, &results, &bytes);
    cleanup(code)
}

/// How often a running program is looked at for the time limit.
const POLL_INTERVAL: Duration = Duration::from_millis(5);

/// Runs `program` with its stderr in the file `stderr` (a pipe could fill
/// and block it) and kills it once it has run for `limit`. Returns its
/// exit status and stderr, or why it could not run or was killed.
fn run_limited(
    program: &mut Command,
    stderr: &std::path::Path,
    limit: Option<Duration>,
) -> Result<(ExitStatus, String), String> {
    let file = std::fs::File::create(stderr)
        .map_err(|e| format!("cannot create '{}': {e}", stderr.display()))?;
    let mut child = program
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(file)
        .spawn()
        .map_err(|e| format!("cannot run the compiled program: {e}"))?;
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {}
            Err(e) => return Err(format!("cannot wait for the compiled program: {e}")),
        }
        if let Some(limit) = limit.filter(|&l| start.elapsed() >= l) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "the compiled program ran longer than the time limit of {} s and was killed \
                 (--timeout sets it)",
                limit.as_secs_f64()
            ));
        }
        std::thread::sleep(POLL_INTERVAL);
    };
    let text = std::fs::read(stderr).unwrap_or_default();
    Ok((status, String::from_utf8_lossy(&text).into_owned()))
}

/// `was killed by signal SIGSEGV (11)` when a signal ended the program.
fn killed_by(status: ExitStatus) -> Option<String> {
    use std::os::unix::process::ExitStatusExt;
    let signal = status.signal()?;
    let name = match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        31 => "SIGSYS",
        _ => "an unnamed signal",
    };
    Some(format!("was killed by {name} ({signal})"))
}

/// `time: median M ms, min m ms over N calls (W warm-up)` from the
/// harness's call times (nanoseconds, one a line).
fn timing_summary(text: &str, warmup: u64) -> Option<String> {
    let mut ns: Vec<f64> = text
        .lines()
        .filter_map(|l| l.trim().parse::<f64>().ok())
        .collect();
    if ns.is_empty() {
        return None;
    }
    ns.sort_by(f64::total_cmp);
    let n = ns.len();
    let median = if n % 2 == 1 {
        ns[n / 2]
    } else {
        (ns[n / 2 - 1] + ns[n / 2]) / 2.0
    };
    Some(format!(
        "time: median {:.6} ms, min {:.6} ms over {n} calls ({warmup} warm-up)",
        median / 1e6,
        ns[0] / 1e6
    ))
}

/// A run-time error printed by `strata_fail`, as a located diagnostic.
pub(crate) fn runtime_error(ctx: &Context, text: &str) -> Option<strata_ir::Diagnostic> {
    let line = text.lines().next()?;
    let (loc, message) = line.split_once(": error: ")?;
    let mut parts = loc.rsplitn(3, ':');
    let col: u32 = parts.next()?.parse().ok()?;
    let row: u32 = parts.next()?.parse().ok()?;
    let file = parts.next()?;
    Some(strata_ir::Diagnostic::error(
        ctx.file_loc(file, row, col),
        message,
    ))
}

pub(crate) fn finish(
    ctx: &Context,
    options: &RunOptions,
    inputs: &[Type],
    results: &[Type],
    bytes: &[u8],
) -> ExitCode {
    match decode_outputs(ctx, inputs, results, bytes) {
        Ok(outputs) => emit_outputs(ctx, options, &outputs),
        Err(e) => fail(e),
    }
}

/// What the program produced (results, or memref arguments of a function
/// without results), from the harness byte format.
pub(crate) fn decode_outputs(
    ctx: &Context,
    inputs: &[Type],
    results: &[Type],
    bytes: &[u8],
) -> Result<Vec<(Type, Data)>, String> {
    let produced: Vec<Type> = if results.is_empty() {
        inputs
            .iter()
            .copied()
            .filter(|&t| matches!(c_type(ctx, t), Some(CType::MemRef { .. })))
            .collect()
    } else {
        results.to_vec()
    };
    let mut at = 0usize;
    let mut outputs = Vec::new();
    for ty in produced {
        let data = match c_type(ctx, ty) {
            Some(CType::Scalar(cs)) => read_scalar(bytes, &mut at, cs).map(Data::Scalar),
            Some(CType::MemRef { elem, shape, .. }) => (|| {
                let mut dims = Vec::new();
                for _ in 0..shape.len() {
                    let chunk = bytes.get(at..at + 8).ok_or("truncated output file")?;
                    at += 8;
                    dims.push(i64::from_le_bytes(chunk.try_into().unwrap()));
                }
                let n = dims.iter().product::<i64>().max(0) as usize;
                let mut elems = Vec::with_capacity(n);
                for _ in 0..n {
                    elems.push(read_scalar(bytes, &mut at, elem)?);
                }
                Ok::<_, String>(Data::Shaped { shape: dims, elems })
            })(),
            None => Err("unsupported result type".into()),
        };
        outputs.push((ty, data?));
    }
    Ok(outputs)
}

/// The C compiler flags of every translated program: no contraction into
/// fused multiply-adds (floats match the interpreter bit for bit) and no
/// sibling-call optimisation (GCC turns a tail call into a jump and may
/// then fold a recursion that never ends into a return of the value its
/// base case would give; as calls it overflows the stack, SIGSEGV,
/// reported, where the interpreter stops at its recursion limit).
pub const C_FLAGS: &[&str] = &[
    "-O2",
    "-std=c11",
    "-ffp-contract=off",
    "-fno-optimize-sibling-calls",
];

/// A new empty directory for a compilation's files.
pub fn scratch_dir() -> Result<std::path::PathBuf, String> {
    let dir = std::env::temp_dir().join(format!(
        "strata-c-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    ));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create '{}': {e}", dir.display()))?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    #[test]
    fn timing_summary_takes_the_median_and_the_minimum() {
        assert_eq!(
            super::timing_summary("3000000\n1000000\n2000000\n", 1).as_deref(),
            Some("time: median 2.000000 ms, min 1.000000 ms over 3 calls (1 warm-up)")
        );
        assert_eq!(
            super::timing_summary("4000\n1000\n", 0).as_deref(),
            Some("time: median 0.002500 ms, min 0.001000 ms over 2 calls (0 warm-up)")
        );
        assert_eq!(super::timing_summary("", 0), None);
    }

    #[test]
    fn a_signal_is_named() {
        use std::os::unix::process::ExitStatusExt;
        let segv = std::process::ExitStatus::from_raw(11);
        assert_eq!(
            super::killed_by(segv).as_deref(),
            Some("was killed by SIGSEGV (11)")
        );
        let exit70 = std::process::ExitStatus::from_raw(70 << 8);
        assert_eq!(super::killed_by(exit70), None);
    }
}
