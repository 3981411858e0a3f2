//! Verifiers: each op checked against the AIE1 datapath table, so a
//! parameter combination the hardware cannot encode is an error located
//! at the op.

use crate::datapath::{self, Datapath, MAX_SHIFT, MEMORY_ACCESS_BITS};
use crate::ops::{MacOp, MulOp, SrsOp, StoreOp, UpdOp, UpsOp};
use crate::select::{Params, IDENTITY_SQUARE};
use strata_ir::asm::printer::type_to_string;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, DiagResult, Diagnostic, Ir, OpId, Type, TypeData};

/// A vector's lane count and element type.
pub fn vector_shape(ctx: &Context, ty: Type) -> Option<(u32, Type)> {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, element, .. } if shape.len() == 1 => {
            Some((shape[0] as u32, *element))
        }
        _ => None,
    }
}

/// An element type's width and whether it is a float.
pub fn element_bits(ctx: &Context, ty: Type) -> Option<(u32, bool)> {
    if let Some(w) = ctx.integer_width(ty) {
        return Some((w, false));
    }
    match ctx.float_kind(ty) {
        Some(strata_ir::FloatKind::F32) => Some((32, true)),
        _ => None,
    }
}

fn memref_element(ctx: &Context, ty: Type) -> Option<Type> {
    match ctx.type_data(ty) {
        TypeData::MemRef { element, .. } => Some(*element),
        _ => None,
    }
}

fn bits(ctx: &Context, ty: Type) -> Option<u32> {
    let (lanes, elem) = vector_shape(ctx, ty)?;
    Some(lanes * element_bits(ctx, elem)?.0)
}

fn error(ctx: &Context, ir: &Ir, op: OpId, message: String) -> Diagnostic {
    emit_op_error(ctx, ir, op, message)
}

pub(crate) fn upd(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let upd = UpdOp(op);
    let err = |m: String| Err(error(ctx, ir, op, m));
    let result = ir.value_type(ir.result(op, 0));
    let source = ir.value_type(upd.source(ctx, ir));
    let (Some((_, elem)), Some(total)) = (vector_shape(ctx, result), bits(ctx, result)) else {
        return err(format!(
            "result must be a 1-D vector of integers or f32, got {}",
            type_to_string(ctx, result)
        ));
    };
    if memref_element(ctx, source) != Some(elem) {
        return err(format!(
            "source element type must be the vector's, {}",
            type_to_string(ctx, elem)
        ));
    }
    if ![128, 256, 512, 1024].contains(&total) {
        return err(format!(
            "a vector register has 128, 256, 512 or 1024 bits, not {total}"
        ));
    }
    let piece = total.min(256);
    let index = upd
        .index(ctx, ir)
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(0);
    if index < 0 || index as u32 >= total / piece {
        return err(format!(
            "index {index} out of range: a {total}-bit register has {} {piece}-bit pieces",
            total / piece
        ));
    }
    Ok(())
}

pub(crate) fn store(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let store = StoreOp(op);
    let err = |m: String| Err(error(ctx, ir, op, m));
    let value = ir.value_type(store.value(ctx, ir));
    let dest = ir.value_type(store.dest(ctx, ir));
    let (Some((_, elem)), Some(total)) = (vector_shape(ctx, value), bits(ctx, value)) else {
        return err("stored value must be a 1-D vector of integers or f32".into());
    };
    if memref_element(ctx, dest) != Some(elem) {
        return err(format!(
            "destination element type must be the vector's, {}",
            type_to_string(ctx, elem)
        ));
    }
    if !MEMORY_ACCESS_BITS.contains(&total) {
        return err(format!("a vector store moves 128 or 256 bits, not {total}"));
    }
    Ok(())
}

/// The selection parameters of a `mul`/`mac`, with the hardware defaults
/// for those left out (identity square, unit steps).
pub fn params(ctx: &Context, ir: &Ir, op: OpId) -> Result<Params, String> {
    let get = |name: &str, default: u32| -> Result<u32, String> {
        let Some(attr) = ir.attr(ctx, op, name) else {
            return Ok(default);
        };
        let text = ctx.string_value(attr).unwrap_or("");
        let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            Some(hex) => u32::from_str_radix(hex, 16),
            None => text.parse::<u32>(),
        };
        parsed.map_err(|_| {
            format!("'{name}' must be a 32-bit decimal or 0x-hexadecimal number, got \"{text}\"")
        })
    };
    Ok(Params {
        xstart: get("xstart", 0)?,
        xoffsets: get("xoffsets", 0)?,
        xoffsets_hi: get("xoffsets_hi", 0)?,
        xsquare: get("xsquare", IDENTITY_SQUARE)?,
        xstep: get("xstep", 0)?,
        zstart: get("zstart", 0)?,
        zoffsets: get("zoffsets", 0)?,
        zoffsets_hi: get("zoffsets_hi", 0)?,
        zstep: get("zstep", 1)?,
    })
}

/// The datapath mode a `mul`/`mac` runs in, with its x and z register
/// lengths, after checking every parameter against it.
pub fn multiply_mode(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> Result<(&'static Datapath, u32, u32), String> {
    let ty = |i: usize| ir.value_type(ir.operand(op, i));
    let result = ir.value_type(ir.result(op, 0));
    let describe = |t| type_to_string(ctx, t);
    let (Some((xlen, xelem)), Some((zlen, zelem)), Some((lanes, acc))) = (
        vector_shape(ctx, ty(0)),
        vector_shape(ctx, ty(1)),
        vector_shape(ctx, result),
    ) else {
        return Err("operands and result must be 1-D vectors".into());
    };
    if xelem != zelem {
        return Err(format!(
            "x and z element types differ: {} and {}",
            describe(xelem),
            describe(zelem)
        ));
    }
    let Some((elem_bits, float)) = element_bits(ctx, xelem) else {
        return Err(format!("no datapath multiplies {}", describe(xelem)));
    };
    let Some(dp) = datapath::lookup(elem_bits, float, lanes) else {
        let modes: Vec<&str> = datapath::DATAPATHS.iter().map(|d| d.name).collect();
        return Err(format!(
            "no AIE1 datapath has {lanes} lanes of {} (modes: {})",
            describe(xelem),
            modes.join(", ")
        ));
    };
    let acc_ok = match element_bits(ctx, acc) {
        Some((bits, f)) => f == dp.float && bits == dp.acc_bits,
        None => false,
    };
    if !acc_ok {
        let want = if dp.float {
            "f32".to_string()
        } else {
            format!("i{}", dp.acc_bits)
        };
        return Err(format!(
            "the {} datapath accumulates in vector<{lanes}x{want}>, not {}",
            dp.name,
            describe(result)
        ));
    }
    if !dp.x_lengths.contains(&xlen) {
        return Err(format!(
            "the {} datapath reads an x register of {:?} elements, not {xlen}",
            dp.name, dp.x_lengths
        ));
    }
    if !dp.z_lengths.contains(&zlen) {
        return Err(format!(
            "the {} datapath reads a z register of {:?} elements, not {zlen}",
            dp.name, dp.z_lengths
        ));
    }
    let p = params(ctx, ir, op)?;
    let present = |name: &str| ir.attr(ctx, op, name).is_some();
    if !dp.has_hi && (present("xoffsets_hi") || present("zoffsets_hi")) {
        return Err(format!(
            "the {} datapath has {} lanes: no xoffsets_hi/zoffsets_hi",
            dp.name, dp.lanes
        ));
    }
    if !dp.has_square && present("xsquare") {
        return Err(format!("the {} datapath has no xsquare", dp.name));
    }
    if !dp.has_xstep && present("xstep") {
        return Err(format!("the {} datapath has no xstep", dp.name));
    }
    if dp.cols == 1 && present("zstep") {
        return Err(format!("the {} datapath has one column: no zstep", dp.name));
    }
    if p.xstart >= xlen {
        return Err(format!(
            "xstart {} outside the {xlen}-element x register",
            p.xstart
        ));
    }
    if p.zstart >= zlen {
        return Err(format!(
            "zstart {} outside the {zlen}-element z register",
            p.zstart
        ));
    }
    if p.xstep >= xlen {
        return Err(format!(
            "xstep {} must lie within the {xlen}-element x register",
            p.xstep
        ));
    }
    if p.zstep >= zlen {
        return Err(format!(
            "zstep {} must lie within the {zlen}-element z register",
            p.zstep
        ));
    }
    if (0..4).any(|d| (p.xsquare >> (4 * d)) & 0xf > 3) || p.xsquare > 0xffff {
        return Err(format!(
            "xsquare 0x{:x}: four nibbles, each 0 to 3",
            p.xsquare
        ));
    }
    if dp.scheme == crate::datapath::Scheme::Pair
        && p.xstart % 2 != 0
        && elem_bits == 16
        && dp.lanes == 16
    {
        // Pairs read 32-bit words: an odd start splits the first word.
        return Err(format!(
            "xstart {} must be even: the {} datapath selects 32-bit words",
            p.xstart, dp.name
        ));
    }
    Ok((dp, xlen, zlen))
}

fn multiply(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    multiply_mode(ctx, ir, op)
        .map(|_| ())
        .map_err(|m| error(ctx, ir, op, m))
}

pub(crate) fn mul(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    debug_assert!(MulOp::is(ctx, ir, op));
    multiply(ctx, ir, op)
}

pub(crate) fn mac(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    debug_assert!(MacOp::is(ctx, ir, op));
    multiply(ctx, ir, op)
}

/// Checks the shift and that `acc` is an accumulator of `vec`'s lanes.
fn shift_op(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    acc: Type,
    vec: Type,
    shift: Option<i128>,
) -> DiagResult<()> {
    let err = |m: String| Err(error(ctx, ir, op, m));
    let (Some((alanes, aelem)), Some((vlanes, velem))) =
        (vector_shape(ctx, acc), vector_shape(ctx, vec))
    else {
        return err("operand and result must be 1-D vectors".into());
    };
    let (Some((abits, afloat)), Some((vbits, vfloat))) =
        (element_bits(ctx, aelem), element_bits(ctx, velem))
    else {
        return err("elements must be integers or f32".into());
    };
    let is_acc = datapath::DATAPATHS
        .iter()
        .any(|d| d.acc_bits == abits && d.float == afloat);
    if alanes != vlanes || !is_acc || afloat != vfloat || (!afloat && vbits > 32) {
        return err(format!(
            "{} is not the accumulator of {}: 48- or 80-bit integer lanes, or f32, as many as the vector's",
            type_to_string(ctx, acc),
            type_to_string(ctx, vec)
        ));
    }
    match shift {
        Some(s) if (0..=MAX_SHIFT as i128).contains(&s) => Ok(()),
        _ => err(format!("shift must be between 0 and {MAX_SHIFT}")),
    }
}

pub(crate) fn srs(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let srs = SrsOp(op);
    let shift = ctx.integer_value(srs.shift(ctx, ir));
    shift_op(
        ctx,
        ir,
        op,
        ir.value_type(srs.source(ctx, ir)),
        ir.value_type(ir.result(op, 0)),
        shift,
    )
}

pub(crate) fn ups(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let ups = UpsOp(op);
    let shift = ctx.integer_value(ups.shift(ctx, ir));
    shift_op(
        ctx,
        ir,
        op,
        ir.value_type(ir.result(op, 0)),
        ir.value_type(ups.source(ctx, ir)),
        shift,
    )
}
