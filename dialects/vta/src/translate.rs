//! Translation between the instruction form and VTA program files
//! (`strata-translate --mlir-to-vta` / `--vta-to-mlir`), as MLIR's
//! `Target/` translations sit beside their dialects.
//!
//! **Export** lays DRAM out (every `vta.dram_buffer` in order, aligned to the
//! largest VTA element so that every memory can address it), concatenates
//! the kernels into the micro-op table in order of first use, and runs
//! TVM's kernel cache: a kernel is loaded into the micro-op buffer by a
//! compute-queue `LOAD UOP` just before the first instruction that needs it
//! and stays there until the buffer is full, when the cache restarts at 0.
//!
//! **Import** reads a program back into ops: DRAM buffers with their
//! contents, addresses resolved to `@buffer[offset]` where a buffer covers
//! them, and micro-op kernels recovered by tracking what the `LOAD UOP`s put
//! in the micro-op buffer (identical kernels are shared). Exporting an
//! imported program gives a program that computes the same thing; the
//! kernel placement may differ from the original's.

use crate::config::{config_attr, config_for, CONFIG_ATTR};
use crate::insn::{build_insn, build_kernel, read_insn, InsnOp};
use crate::ops::{AluTileOp, DramBufferOp, GemmTileOp, LoadTileOp, StoreTileOp, UopKernelOp};
use crate::verify::{dram_buffer_info, dram_elem_bytes, kernel_uops};
use std::collections::HashMap;
use strata_ir::builder::OpBuilder;
use strata_ir::builtin::ModuleOp;
use strata_ir::verifier::emit_op_error;
use strata_ir::{
    AttrData, Context, DiagResult, Diagnostic, InsertPoint, Ir, OpId, Signedness, TypeData,
};
use strata_vta::{Buffer, DepFlags, ElemType, Insn, MemId, MemInsn, Program, Uop, VtaConfig};

fn elem_type(bits: u32, signed: bool) -> Option<ElemType> {
    Some(match (bits, signed) {
        (8, true) => ElemType::I8,
        (8, false) => ElemType::U8,
        (16, true) => ElemType::I16,
        (16, false) => ElemType::U16,
        (32, true) => ElemType::I32,
        (32, false) => ElemType::U32,
        _ => return None,
    })
}

/// DRAM alignment of every buffer: the largest VTA element.
fn dram_align(config: &VtaConfig) -> u64 {
    Buffer::ALL
        .iter()
        .map(|b| config.elem_bytes(*b))
        .max()
        .unwrap_or(1)
}

/// The bytes of a buffer's initial value (zeros without one).
fn initial_bytes(ctx: &Context, ir: &Ir, op: OpId, size: u64) -> Vec<u8> {
    match ir.attr(ctx, op, "initial_value").map(|a| ctx.attr_data(a)) {
        Some(AttrData::DenseElements {
            splat: true, raw, ..
        }) => raw.iter().copied().cycle().take(size as usize).collect(),
        Some(AttrData::DenseElements { raw, .. }) => raw.to_vec(),
        _ => vec![0; size as usize],
    }
}

/// Translates the instruction form in `module` into a program.
pub fn module_to_program(ctx: &Context, ir: &Ir, module: OpId) -> DiagResult<Program> {
    let config = config_for(ctx, ir, module).map_err(|m| emit_op_error(ctx, ir, module, m))?;
    let mut program = Program::new(config.clone());
    let align = dram_align(&config);
    let mut kernels: HashMap<String, Vec<Uop>> = HashMap::new();
    let mut insns: Vec<(OpId, InsnOp)> = Vec::new();
    let Some(block) = ir.regions(module).first().and_then(|r| ir.entry_block(*r)) else {
        return Ok(program);
    };
    let program_error =
        |op: OpId, e: &dyn std::fmt::Display| emit_op_error(ctx, ir, op, e.to_string());
    for op in ir.block_ops(block) {
        match ctx.op_name_str(ir.op_name(op)) {
            DramBufferOp::NAME => {
                let info = dram_buffer_info(ctx, ir, op)
                    .ok_or_else(|| emit_op_error(ctx, ir, op, "invalid buffer"))?;
                let elem = elem_type(info.elem_bits, info.signed_elems).ok_or_else(|| {
                    emit_op_error(ctx, ir, op, "DRAM buffers hold 8-, 16- or 32-bit integers")
                })?;
                let shape = info.shape.iter().map(|&d| d as u64).collect();
                let data = initial_bytes(ctx, ir, op, info.bytes);
                program
                    .dram
                    .push_buffer(&info.name, elem, shape, &data, align)
                    .map_err(|e| program_error(op, &e))?;
            }
            UopKernelOp::NAME => {
                let name = crate::syntax::str_prop(ctx, ir, op, "sym_name")
                    .unwrap_or_default()
                    .to_string();
                kernels.insert(name, kernel_uops(ctx, ir, op));
            }
            LoadTileOp::NAME | StoreTileOp::NAME | GemmTileOp::NAME | AluTileOp::NAME => {
                return Err(emit_op_error(
                    ctx,
                    ir,
                    op,
                    "is a tile op; run vta-lower-tiles before translating",
                ))
            }
            _ => match read_insn(ctx, ir, op) {
                Some(insn) => insns.push((op, insn)),
                None => return Err(emit_op_error(ctx, ir, op, "is not part of a VTA program")),
            },
        }
    }
    // A program ends with FINISH. One that computes nothing (a layer whose
    // output is empty) is FINISH alone; one whose last instruction is
    // another would never end on the device.
    match insns.last() {
        None => insns.push((
            module,
            InsnOp {
                insn: Insn::Finish(DepFlags::NONE),
                buffer: None,
                kernel: None,
            },
        )),
        Some((op, item)) if !matches!(item.insn, Insn::Finish(_)) => {
            return Err(emit_op_error(
                ctx,
                ir,
                *op,
                "is the program's last instruction, not vta.finish: the program would never end",
            ))
        }
        _ => {}
    }
    // The micro-op table: kernels in order of first use.
    let mut table_offset: HashMap<String, u32> = HashMap::new();
    for (op, insn) in &insns {
        if let Some(name) = &insn.kernel {
            if table_offset.contains_key(name) {
                continue;
            }
            let uops = kernels
                .get(name)
                .ok_or_else(|| emit_op_error(ctx, ir, *op, format!("unknown kernel '@{name}'")))?;
            table_offset.insert(name.clone(), program.uops.len() as u32);
            program.uops.extend_from_slice(uops);
        }
    }
    program
        .place_uops()
        .map_err(|e| program_error(module, &e))?;
    let buffers: HashMap<String, u64> = program
        .dram
        .buffers
        .iter()
        .map(|b| (b.name.clone(), b.offset))
        .collect();
    // The kernel cache in the micro-op buffer.
    let depth = config.depth(Buffer::Uop) as u32;
    let mut cached: HashMap<String, u32> = HashMap::new();
    let mut next = 0u32;
    // The op each instruction of the stream comes from (a kernel's
    // micro-op load: the op that uses the kernel).
    let mut insn_ops: Vec<OpId> = Vec::with_capacity(insns.len());
    for (op, mut item) in insns {
        if let Insn::Load(m) | Insn::Store(m) = &mut item.insn {
            if let Some(name) = &item.buffer {
                let offset = *buffers.get(name).ok_or_else(|| {
                    emit_op_error(ctx, ir, op, format!("unknown buffer '@{name}'"))
                })?;
                let e = dram_elem_bytes(&config, m.memory);
                let base = offset / e + u64::from(m.dram_base);
                m.dram_base = u32::try_from(base)
                    .map_err(|_| emit_op_error(ctx, ir, op, "DRAM address does not fit 32 bits"))?;
            }
        }
        if let Some(name) = &item.kernel {
            let len = kernels[name].len() as u32;
            let bgn = match cached.get(name) {
                Some(&bgn) => bgn,
                None => {
                    if next + len > depth {
                        cached.clear();
                        next = 0;
                    }
                    let dram = program.uop_dram_base + table_offset[name];
                    program
                        .insns
                        .push(Insn::Load(MemInsn::dense(MemId::Uop, next, dram, 1, len)));
                    insn_ops.push(op);
                    cached.insert(name.clone(), next);
                    next += len;
                    next - len
                }
            };
            if let Insn::Gemm(g) = &mut item.insn {
                g.loops.uop_bgn = bgn;
                g.loops.uop_end = bgn + len;
            }
            if let Insn::Alu(a) = &mut item.insn {
                a.loops.uop_bgn = bgn;
                a.loops.uop_end = bgn + len;
            }
        }
        program.insns.push(item.insn);
        insn_ops.push(op);
    }
    program.validate().map_err(|e| program_error(module, &e))?;
    check_tokens(ctx, ir, module, &program, &insn_ops)?;
    Ok(program)
}

/// The modules synchronise only through the dependence tokens, so a stream
/// whose tokens do not pair up would hang the device (a pop that no push
/// ever satisfies) or leave tokens that the next program run would consume.
/// The cycle model's schedule depends on the tokens alone, not on data:
/// running it decides both before the program is written.
fn check_tokens(
    ctx: &Context,
    ir: &Ir,
    module: OpId,
    program: &Program,
    insn_ops: &[OpId],
) -> DiagResult<()> {
    let op_of = |index: usize| insn_ops.get(index).copied().unwrap_or(module);
    let stats = match strata_vta::sim::schedule(&program.config, &program.insns) {
        Ok(stats) => stats,
        Err(strata_vta::SimError::Insn {
            fault: strata_vta::Fault::Deadlock { blocked },
            ..
        }) => {
            let first = blocked.iter().map(|b| b.index).min().unwrap_or(0);
            return Err(emit_op_error(
                ctx,
                ir,
                op_of(first),
                format!(
                    "the program's dependence tokens deadlock: {} (no module can move)",
                    strata_vta::sim::describe_blocked(&blocked)
                ),
            ));
        }
        Err(e) => {
            let op = e.index().map_or(module, op_of);
            return Err(emit_op_error(ctx, ir, op, e.to_string()));
        }
    };
    let left: Vec<String> = strata_vta::TokenQueue::ALL
        .iter()
        .filter(|&&q| stats.tokens_left[q as usize] > 0)
        .map(|&q| format!("{}: {}", q.name(), stats.tokens_left[q as usize]))
        .collect();
    if !left.is_empty() {
        return Err(emit_op_error(
            ctx,
            ir,
            module,
            format!(
                "the program ends with dependence tokens pushed but never popped ({}): the next run on the device would consume them",
                left.join(", ")
            ),
        ));
    }
    Ok(())
}

fn import_error(ctx: &Context, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(ctx.unknown_loc(), message)
}

/// Builds a module holding `program` in the instruction form.
pub fn program_to_module(ctx: &Context, ir: &mut Ir, program: &Program) -> DiagResult<OpId> {
    let config = &program.config;
    let (module, block) = ModuleOp::create(ctx, ir, ctx.unknown_loc());
    if let Some(attr) = config_attr(ctx, config) {
        ir.set_attribute(ctx, module.op(), CONFIG_ATTR, Some(attr));
    }
    let mut b = OpBuilder::at(ctx, ir, InsertPoint::BlockEnd(block));
    // Buffers.
    let mut ranges = Vec::new();
    for buffer in &program.dram.buffers {
        if buffer.elem == ElemType::Uop {
            continue;
        }
        let (bits, signedness) = match buffer.elem {
            ElemType::I8 => (8, Signedness::Signless),
            ElemType::U8 => (8, Signedness::Unsigned),
            ElemType::I16 => (16, Signedness::Signless),
            ElemType::U16 => (16, Signedness::Unsigned),
            ElemType::I32 => (32, Signedness::Signless),
            _ => (32, Signedness::Unsigned),
        };
        let element = ctx.integer_type(bits, signedness);
        let count = buffer.size / buffer.elem.bytes();
        let shape: Vec<i64> =
            if buffer.shape.iter().product::<u64>() == count && !buffer.shape.is_empty() {
                buffer.shape.iter().map(|&d| d as i64).collect()
            } else {
                vec![count as i64]
            };
        let ty = ctx.tensor_type(&shape, element);
        let data = program
            .dram
            .view(&buffer.name, &program.dram.bytes)
            .unwrap_or(&[]);
        let initial_value = data.iter().any(|&x| x != 0).then(|| {
            ctx.intern_attr(AttrData::DenseElements {
                ty,
                splat: false,
                raw: data.into(),
            })
        });
        DramBufferOp::build(
            &mut b,
            ctx.string_attr(&buffer.name),
            ctx.type_attr(ty),
            initial_value,
        );
        ranges.push((buffer.name.clone(), buffer.offset, buffer.size));
    }
    // Instructions, with kernels recovered from the micro-op buffer.
    let depth = config.depth(Buffer::Uop) as usize;
    let mut sram: Vec<Option<Uop>> = vec![None; depth];
    let mut kernels: Vec<(Vec<Uop>, String)> = Vec::new();
    let mut ops: Vec<InsnOp> = Vec::new();
    for (index, insn) in program.insns.iter().enumerate() {
        let mut item = InsnOp {
            insn: *insn,
            buffer: None,
            kernel: None,
        };
        match insn {
            Insn::Load(m) if m.memory == MemId::Uop => {
                for k in 0..m.x_size as usize {
                    let from =
                        (m.dram_base as usize + k).checked_sub(program.uop_dram_base as usize);
                    let uop = from.and_then(|f| program.uops.get(f)).copied().ok_or_else(|| {
                        import_error(ctx, format!("instruction {index}: LOAD UOP reads outside the micro-op table"))
                    })?;
                    *sram.get_mut(m.sram_base as usize + k).ok_or_else(|| {
                        import_error(
                            ctx,
                            format!(
                                "instruction {index}: LOAD UOP writes beyond the micro-op buffer"
                            ),
                        )
                    })? = Some(uop);
                }
                if m.deps == DepFlags::NONE {
                    continue;
                }
                item.insn = Insn::Load(MemInsn::nop(MemId::Uop, m.deps));
            }
            Insn::Load(m) | Insn::Store(m) if m.x_size > 0 => {
                let e = dram_elem_bytes(config, m.memory);
                let addr = u64::from(m.dram_base) * e;
                let found = ranges.iter().find(|(_, off, size)| {
                    addr >= *off && addr < off + size && (addr - off).is_multiple_of(e)
                });
                if let Some((name, off, _)) = found {
                    item.buffer = Some(name.clone());
                    let offset = ((addr - off) / e) as u32;
                    match &mut item.insn {
                        Insn::Load(x) | Insn::Store(x) => x.dram_base = offset,
                        _ => {}
                    }
                }
            }
            Insn::Gemm(_) | Insn::Alu(_) => {
                let loops = match insn {
                    Insn::Gemm(g) => g.loops,
                    Insn::Alu(a) => a.loops,
                    _ => unreachable!(),
                };
                let uops: Option<Vec<Uop>> = sram
                    .get(loops.uop_bgn as usize..loops.uop_end as usize)
                    .and_then(|s| s.iter().copied().collect());
                let uops = uops.filter(|u| !u.is_empty()).ok_or_else(|| {
                    import_error(
                        ctx,
                        format!(
                            "instruction {index}: micro-ops {}..{} were never loaded",
                            loops.uop_bgn, loops.uop_end
                        ),
                    )
                })?;
                let name = match kernels.iter().find(|(u, _)| *u == uops) {
                    Some((_, name)) => name.clone(),
                    None => {
                        let name = format!("k{}", kernels.len());
                        kernels.push((uops, name.clone()));
                        name
                    }
                };
                item.kernel = Some(name);
            }
            _ => {}
        }
        ops.push(item);
    }
    for (uops, name) in &kernels {
        build_kernel(&mut b, name, uops);
    }
    for item in &ops {
        build_insn(&mut b, item);
    }
    Ok(module.op())
}

/// `--vta-to-mlir`: a program file's bytes to MLIR text (verified).
pub fn vta_to_mlir(ctx: &Context, bytes: &[u8]) -> Result<String, String> {
    let program = Program::from_bytes(bytes).map_err(|e| e.to_string())?;
    let mut ir = Ir::new();
    let module = program_to_module(ctx, &mut ir, &program).map_err(|d| d.message)?;
    strata_ir::verifier::verify(ctx, &ir, module).map_err(|d| d.message)?;
    Ok(strata_ir::asm::print_op(
        ctx,
        &ir,
        module,
        &Default::default(),
    ))
}

/// Whether `ty` is usable for a DRAM buffer (for tools that bind data).
pub fn is_dram_element(ctx: &Context, ty: strata_ir::Type) -> bool {
    matches!(
        ctx.type_data(ty),
        TypeData::Integer {
            width: 8 | 16 | 32,
            ..
        }
    )
}
