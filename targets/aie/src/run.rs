//! `strata-run --target aie`: the entry function vectorized by
//! `linalg-to-aie`, printed as C over `strata_aie.h`, compiled with the
//! system C compiler (`$CC`, default `cc`) and run on the given inputs.
//!
//! The emulated data memory gives every buffer 16-byte alignment and
//! zeroed slack after its end, so the whole aligned pieces a load reads
//! past a buffer's last element (lanes no multiplier selects) exist.

use crate::cycles::{self, Estimate};
use crate::emit::{emit_function, memref_shape};
use std::io::Write;
use std::process::{Command, Stdio};
use strata_interp::inputs::Data;
use strata_interp::value::Scalar;
use strata_ir::{Context, Diagnostic, Ir, OpId};

/// A kernel ready to run.
pub struct Compiled {
    /// The C translation unit (header, kernel, harness).
    pub source: String,
    /// Bytes and element width of each memref argument.
    pub buffers: Vec<(usize, u32)>,
    /// Real multiply-accumulates of the convolutions.
    pub macs: i64,
    pub estimate: Estimate,
}

/// Vectorizes `func` in place and translates it to C.
pub fn compile(
    ctx: &Context,
    ir: &mut Ir,
    func: OpId,
    options: strata_lowering_linalg_to_aie::Options,
) -> Result<Compiled, Diagnostic> {
    let vectorized = strata_lowering_linalg_to_aie::vectorize_all(ctx, ir, func, options)?;
    if vectorized.macs == 0 {
        return Err(Diagnostic::error(
            ir.op_loc(func),
            "the AIE target runs functions with a linalg.conv_2d",
        ));
    }
    strata_ir::verifier::verify(ctx, ir, func)?;
    let kernel = emit_function(ctx, ir, func, "aie_kernel")?;
    let body = ir
        .entry_block(ir.regions(func)[0])
        .expect("a function body");
    let mut buffers = Vec::new();
    let mut harness = String::from("int main(void) {\n");
    let mut names = Vec::new();
    for (k, &arg) in ir.block_args(body).iter().enumerate() {
        let (shape, elem) = memref_shape(ctx, ir.value_type(arg)).expect("checked by the emitter");
        let width = ctx.integer_width(elem).expect("integer memref");
        let bytes = shape.iter().product::<i64>() as usize * (width as usize / 8);
        buffers.push((bytes, width));
        let c = crate::emit::scalar_c_type(ctx, elem).expect("integer memref");
        harness.push_str(&format!(
            "  {c} *b{k} = ({c} *)aie_buffer({bytes});\n  if (fread(b{k}, 1, {bytes}, stdin) != {bytes}) return 2;\n"
        ));
        names.push(format!("b{k}"));
    }
    harness.push_str(&format!("  aie_kernel({});\n", names.join(", ")));
    for (k, (bytes, _)) in buffers.iter().enumerate() {
        harness.push_str(&format!("  fwrite(b{k}, 1, {bytes}, stdout);\n"));
    }
    harness.push_str("  return 0;\n}\n");
    let source = format!(
        "{}\n#include <string.h>\n\
         static void *aie_buffer(size_t bytes) {{\n  size_t n = (bytes + 128 + 63) / 64 * 64;\n  void *p = aligned_alloc(64, n);\n  memset(p, 0, n);\n  return p;\n}}\n\n{kernel}\n{harness}",
        crate::HEADER
    );
    let estimate = cycles::estimate(ctx, ir, func);
    Ok(Compiled {
        source,
        buffers,
        macs: vectorized.macs,
        estimate,
    })
}

fn to_bytes(data: &Data, width: u32, out: &mut Vec<u8>) -> Result<(), String> {
    let Data::Shaped { elems, .. } = data else {
        return Err("the AIE target takes memref arguments".into());
    };
    for e in elems {
        match e {
            Scalar::Int(v, _) => out.extend_from_slice(&v.to_le_bytes()[..width as usize / 8]),
            Scalar::Float(..) => return Err("the AIE target runs integer convolutions".into()),
        }
    }
    Ok(())
}

fn from_bytes(bytes: &[u8], width: u32, shape: &[i64]) -> Data {
    let size = width as usize / 8;
    let elems = bytes
        .chunks(size)
        .map(|c| {
            let mut b = [0u8; 16];
            b[..size].copy_from_slice(c);
            Scalar::Int(u128::from_le_bytes(b), width)
        })
        .collect();
    Data::Shaped {
        shape: shape.to_vec(),
        elems,
    }
}

/// Compiles the C source and runs it on `args`; returns every buffer's
/// contents after the kernel.
pub fn execute(compiled: &Compiled, args: &[Data]) -> Result<Vec<Data>, String> {
    // A directory of its own: callers may run kernels in parallel threads.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("strata-aie-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let (src, bin) = (dir.join("kernel.c"), dir.join("kernel"));
    std::fs::write(&src, &compiled.source).map_err(|e| format!("{}: {e}", src.display()))?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let status = Command::new(&cc)
        .args(["-O2", "-std=gnu11", "-o"])
        .arg(&bin)
        .arg(&src)
        .output()
        .map_err(|e| format!("could not run {cc}: {e}"))?;
    if !status.status.success() {
        return Err(format!(
            "{cc} failed on {}:\n{}",
            src.display(),
            String::from_utf8_lossy(&status.stderr)
        ));
    }
    let mut input = Vec::new();
    for (data, &(_, width)) in args.iter().zip(&compiled.buffers) {
        to_bytes(data, width, &mut input)?;
    }
    let mut child = Command::new(&bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("could not run the kernel: {e}"))?;
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(&input)
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = std::fs::remove_dir_all(&dir);
    if !out.status.success() {
        return Err(format!(
            "the emulated kernel failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let mut outputs = Vec::new();
    let mut at = 0;
    for (data, &(bytes, width)) in args.iter().zip(&compiled.buffers) {
        let Data::Shaped { shape, .. } = data else {
            unreachable!("checked above")
        };
        outputs.push(from_bytes(&out.stdout[at..at + bytes], width, shape));
        at += bytes;
    }
    Ok(outputs)
}
