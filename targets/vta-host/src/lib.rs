//! The VTA host runtime: what a CPU driving a VTA does around a compiled
//! program, on the simulator. [`compile`] takes a module with one linalg
//! layer through `linalg-to-vta` and `vta-lower-tiles` to a program;
//! [`VtaProgram::run`] packs the layer's integer tensors into the program's
//! DRAM image in the layouts the lowering chose (NCHW -> NCHW1n16c, OIHW ->
//! OIHW16o16i, zero channel padding; see
//! `strata_lowering_linalg_to_vta::layout`), runs the timed simulator and
//! unpacks the result.
//!
//! It sits above the VTA dialect and the lowering (it reads the
//! `vta.dram_buffer` ops the lowering annotates with the argument or
//! result each buffer holds) and below the tools, so `strata-run --target
//! vta`, benchmarks and tests drive the accelerator one way. The simulator
//! itself (`strata_vta`) knows no IR.

use strata_dialect_vta::binding::{ARG_ATTR, LOGICAL_ATTR, PACK_ATTR, RESULT_ATTR, SUBSAMPLE_ATTR};
use strata_ir::{Context, DiagResult, Ir, OpId};
use strata_lowering_linalg_to_vta::layout::Packing;
use strata_lowering_linalg_to_vta::{lower, Lowered, Options};
use strata_vta::{run_program, Program, SimOptions, SimStats};

/// A compiled layer: the program and where its tensors live in DRAM.
pub struct VtaProgram {
    pub program: Program,
    /// What the lowering chose (tile sizes, the layer's result argument).
    pub lowered: Lowered,
    /// `(argument index, DRAM buffer, packing)` of each tensor input.
    pub inputs: Vec<(usize, String, Packing)>,
    /// The DRAM buffer and packing of the result.
    pub output: (String, Packing),
}

/// One run's result: the output tensor (row-major over `shape`) and the
/// simulator's counters.
pub struct VtaRun {
    pub values: Vec<i64>,
    pub shape: Vec<i64>,
    pub stats: SimStats,
}

/// Compiles `module` (one linalg layer in function `options.entry`) into a
/// VTA program, lowering `ir` in place to the vta instruction form.
pub fn compile(
    ctx: &Context,
    ir: &mut Ir,
    module: OpId,
    options: &Options,
) -> DiagResult<VtaProgram> {
    let lowered = lower(ctx, ir, module, options)?;
    let tiles = strata_dialect_vta::LowerTilesOptions {
        double_buffer: options.double_buffer,
    };
    strata_dialect_vta::lower_tiles(ctx, ir, module, &tiles)?;
    let program = strata_dialect_vta::translate::module_to_program(ctx, ir, module)?;
    let (inputs, output) = dram_tensors(ctx, ir, module)
        .map_err(|message| strata_ir::verifier::emit_op_error(ctx, ir, module, message))?;
    Ok(VtaProgram {
        program,
        lowered,
        inputs,
        output,
    })
}

type DramTensors = (Vec<(usize, String, Packing)>, (String, Packing));

/// The tensors the lowering placed in DRAM: each `vta.dram_buffer` carrying
/// [`ARG_ATTR`] (an input) or [`RESULT_ATTR`], with its logical shape and packing.
fn dram_tensors(ctx: &Context, ir: &Ir, module: OpId) -> Result<DramTensors, String> {
    let int_array = |op, name| {
        ir.attribute(ctx, op, name)
            .and_then(|a| ctx.dense_array_i64(a))
    };
    let block = ir
        .entry_block(ir.regions(module)[0])
        .ok_or("the module has no body")?;
    let mut inputs = Vec::new();
    let mut output = None;
    for op in ir.block_ops(block) {
        if !strata_dialect_vta::ops::DramBufferOp::is(ctx, ir, op) {
            continue;
        }
        let Some(info) = strata_dialect_vta::verify::dram_buffer_info(ctx, ir, op) else {
            continue;
        };
        let (Some(logical), Some(dims)) = (int_array(op, LOGICAL_ATTR), int_array(op, PACK_ATTR))
        else {
            continue;
        };
        let packing = Packing {
            logical,
            dims: dims.iter().map(|&d| d as usize).collect(),
            elem_bytes: info.elem_bits.div_ceil(8) as usize,
            subsample: int_array(op, SUBSAMPLE_ATTR).unwrap_or_default(),
        };
        if let Some(arg) = ir
            .attribute(ctx, op, ARG_ATTR)
            .and_then(|a| ctx.integer_value(a))
        {
            inputs.push((arg as usize, info.name.clone(), packing));
        } else if ir.attribute(ctx, op, RESULT_ATTR).is_some() {
            output = Some((info.name.clone(), packing));
        }
    }
    let output = output.ok_or("the lowered program has no result buffer")?;
    Ok((inputs, output))
}

impl VtaProgram {
    /// Runs the program on `args` (each function argument's elements,
    /// row-major, sign-extended; only the ones the program reads are used).
    pub fn run(&self, args: &[Vec<i64>], sim: &SimOptions) -> Result<VtaRun, String> {
        let mut program = self.program.clone();
        for (arg, buffer, packing) in &self.inputs {
            let values = args
                .get(*arg)
                .ok_or_else(|| format!("no data for argument #{arg}"))?;
            let bytes = packing.pack(values);
            let buf = program
                .dram
                .buffer(buffer)
                .cloned()
                .ok_or_else(|| format!("no DRAM buffer '{buffer}' in the program"))?;
            let start = buf.offset as usize;
            program.dram.bytes[start..start + bytes.len()].copy_from_slice(&bytes);
        }
        let outcome = run_program(&program, sim).map_err(|e| format!("simulation failed: {e}"))?;
        let (out_name, out_packing) = &self.output;
        let out_bytes = program
            .dram
            .view(out_name, &outcome.dram)
            .unwrap_or_default();
        Ok(VtaRun {
            values: out_packing.unpack(out_bytes),
            shape: out_packing.logical.clone(),
            stats: outcome.stats,
        })
    }
}
