//! Verifiers of the `memref` ops with MLIR 22's messages. Some of MLIR's
//! messages about views carry no `'memref.subview' op` prefix (they are
//! emitted with `emitError`); they are reproduced as they are.

use crate::layout::{strides_and_offset, subview_result_type};
use strata_ir::asm::printer::type_to_string;
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::interfaces::SymbolUserOpInterface;
use strata_ir::verifier::{cast_incompatible, emit_op_error};
use strata_ir::{AttrData, Context, Ir, OpDefinition, OpId, Type, TypeData, DYNAMIC};

pub(crate) fn attach(defs: &mut [OpDefinition]) {
    for def in defs.iter_mut() {
        def.hooks.verify = match def.name.as_str() {
            "memref.alloc" | "memref.alloca" => Some(verify_alloc),
            "memref.load" => Some(verify_load),
            "memref.store" => Some(verify_store),
            "memref.subview" => Some(verify_subview),
            "memref.reinterpret_cast" => Some(verify_reinterpret_cast),
            "memref.cast" => Some(verify_cast),
            "memref.collapse_shape" => Some(verify_collapse_shape),
            "memref.expand_shape" => Some(verify_expand_shape),
            "memref.get_global" => {
                // Checked with the symbol table's uses, so a function body
                // verifies on its own (nested pipelines move it out).
                def.interfaces
                    .insert::<dyn SymbolUserOpInterface>(std::sync::Arc::new(GetGlobalSymbol));
                None
            }
            "memref.global" => Some(verify_global),
            _ => None,
        };
    }
}

fn ts(ctx: &Context, t: Type) -> String {
    type_to_string(ctx, t)
}

fn plain_error(ir: &Ir, op: OpId, message: String) -> Diagnostic {
    let mut d = Diagnostic::error(ir.op_loc(op), message);
    d.op = Some(op);
    d
}

/// A memref type's shape, element type, layout and memory space.
type MemRefParts<'a> = (
    &'a [i64],
    Type,
    Option<strata_ir::Attribute>,
    Option<strata_ir::Attribute>,
);

fn memref_parts(ctx: &Context, ty: Type) -> Option<MemRefParts<'_>> {
    match ctx.type_data(ty) {
        TypeData::MemRef {
            shape,
            element,
            layout,
            memory_space,
        } => Some((shape, *element, *layout, *memory_space)),
        _ => None,
    }
}

fn verify_alloc(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let ty = ir.value_type(ir.result(op, 0));
    let Some((shape, _, layout, _)) = memref_parts(ctx, ty) else {
        return Ok(());
    };
    let def = ctx.op_definition(ir.op_name(op)).expect("registered");
    let groups = strata_ir::format::value_groups(ctx, ir, op, def, false);
    let dynamic = shape.iter().filter(|&&d| d == DYNAMIC).count();
    if groups[0].len() != dynamic {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "incorrect number of dynamic sizes, has {}, expected {}",
                groups[0].len(),
                dynamic
            ),
        ));
    }
    let symbols = match layout.map(|l| ctx.attr_data(l)) {
        Some(AttrData::AffineMap(map)) => map.num_symbols(),
        _ => 0,
    };
    if groups[1].len() != symbols {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "symbol operand count does not equal memref symbol count: expected {}, got {}",
                symbols,
                groups[1].len()
            ),
        ));
    }
    if let Some(a) = ir
        .attr(ctx, op, "alignment")
        .and_then(|a| ctx.integer_value(a))
    {
        if a <= 0 || (a & (a - 1)) != 0 {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0",
            ));
        }
    }
    Ok(())
}

fn rank(ctx: &Context, ty: Type) -> usize {
    ctx.shape(ty).map_or(0, |s| s.len())
}

fn verify_load(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let r = rank(ctx, ir.value_type(ir.operand(op, 0)));
    let n = ir.num_operands(op) - 1;
    if r != n {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("incorrect number of indices for load, expected {r} but got {n}"),
        ));
    }
    Ok(())
}

fn verify_store(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let r = rank(ctx, ir.value_type(ir.operand(op, 1)));
    if r != ir.num_operands(op) - 2 {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "store index operand count not equal to memref rank",
        ));
    }
    Ok(())
}

fn statics(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Vec<i64> {
    ir.attr(ctx, op, name)
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default()
}

/// The counts of the mixed lists match the rank and the dynamic entries
/// match the operands (MLIR's `verifyListOfOperandsOrIntegers`).
fn verify_mixed_lists(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    rank_of: [usize; 3],
) -> DiagResult<[Vec<i64>; 3]> {
    let def = ctx.op_definition(ir.op_name(op)).expect("registered");
    let groups = strata_ir::format::value_groups(ctx, ir, op, def, false);
    let names = [
        ("offset", "static_offsets"),
        ("size", "static_sizes"),
        ("stride", "static_strides"),
    ];
    let mut out: [Vec<i64>; 3] = Default::default();
    for (i, (what, attr)) in names.iter().enumerate() {
        let values = statics(ctx, ir, op, attr);
        if values.len() != rank_of[i] {
            return Err(plain_error(
                ir,
                op,
                format!(
                    "expected {} {what} values, got {}",
                    rank_of[i],
                    values.len()
                ),
            ));
        }
        let dynamic = values.iter().filter(|&&v| v == DYNAMIC).count();
        if dynamic != groups[i + 1].len() {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("expected {} dynamic {what} values", dynamic),
            ));
        }
        out[i] = values;
    }
    Ok(out)
}

fn verify_subview(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let source = ir.value_type(ir.operand(op, 0));
    let result = ir.value_type(ir.result(op, 0));
    let r = rank(ctx, source);
    let [offsets, sizes, strides] = verify_mixed_lists(ctx, ir, op, [r, r, r])?;
    let Some(expected) = subview_result_type(ctx, source, &offsets, &sizes, &strides) else {
        return Ok(());
    };
    let (Some((_, src_elem, _, src_space)), Some((res_shape, res_elem, _, res_space))) =
        (memref_parts(ctx, source), memref_parts(ctx, result))
    else {
        return Ok(());
    };
    let mismatch = |what: &str| {
        plain_error(
            ir,
            op,
            format!(
                "expected result type to be '{}' or a rank-reduced version. ({what}), but got '{}'",
                ts(ctx, expected),
                ts(ctx, result)
            ),
        )
    };
    if src_elem != res_elem {
        return Err(plain_error(
            ir,
            op,
            format!(
                "expected result element type to be '{}', but got '{}'",
                ts(ctx, src_elem),
                ts(ctx, result)
            ),
        ));
    }
    if src_space != res_space {
        return Err(mismatch("mismatch of result memory space"));
    }
    // Rank reduction drops unit dimensions of the expected shape.
    let (exp_strides, exp_offset) = strides_and_offset(ctx, expected).expect("strided");
    let mut kept = Vec::new();
    let mut j = 0;
    for (i, &size) in sizes.iter().enumerate() {
        let remaining_needed = res_shape.len() - j;
        let remaining_dims = sizes.len() - i;
        if j < res_shape.len()
            && (res_shape[j] == size || size == DYNAMIC)
            && !(size == 1 && remaining_dims > remaining_needed && res_shape[j] != 1)
        {
            kept.push(i);
            j += 1;
        } else if size != 1 {
            return Err(mismatch("mismatch of result sizes"));
        }
    }
    if kept.len() != res_shape.len() {
        return Err(mismatch("mismatch of result sizes"));
    }
    let Some((res_strides, res_offset)) = strides_and_offset(ctx, result) else {
        return Err(mismatch("mismatch of result layout"));
    };
    let expected_kept: Vec<i64> = kept.iter().map(|&i| exp_strides[i]).collect();
    if res_offset != exp_offset || res_strides != expected_kept {
        return Err(mismatch("mismatch of result layout"));
    }
    Ok(())
}

fn verify_reinterpret_cast(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let result = ir.value_type(ir.result(op, 0));
    let r = rank(ctx, result);
    let [offsets, sizes, strides] = verify_mixed_lists(ctx, ir, op, [1, r, r])?;
    let Some((shape, _, _, _)) = memref_parts(ctx, result) else {
        return Ok(());
    };
    for (i, (&want, &have)) in sizes.iter().zip(shape).enumerate() {
        if want != have {
            return Err(plain_error(
                ir,
                op,
                format!(
                    "expected result type with size = {} instead of {} in dim = {i}",
                    show(want),
                    show(have)
                ),
            ));
        }
    }
    let Some((res_strides, res_offset)) = strides_and_offset(ctx, result) else {
        return Ok(());
    };
    if offsets[0] != res_offset {
        return Err(plain_error(
            ir,
            op,
            format!(
                "expected result type with offset = {} instead of {}",
                show(offsets[0]),
                show(res_offset)
            ),
        ));
    }
    for (i, (&want, &have)) in strides.iter().zip(&res_strides).enumerate() {
        if want != have {
            return Err(plain_error(
                ir,
                op,
                format!(
                    "expected result type with stride = {} instead of {} in dim = {i}",
                    show(want),
                    show(have)
                ),
            ));
        }
    }
    Ok(())
}

fn show(v: i64) -> String {
    if v == DYNAMIC {
        "?".into()
    } else {
        v.to_string()
    }
}

/// MLIR's `CastOp::areCastCompatible`.
pub fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.type_data(a), ctx.type_data(b)) {
        (TypeData::MemRef { .. }, TypeData::MemRef { .. }) => {
            let (sa, ea, _, ma) = memref_parts(ctx, a).expect("memref");
            let (sb, eb, _, mb) = memref_parts(ctx, b).expect("memref");
            if ea != eb || ma != mb || sa.len() != sb.len() {
                return false;
            }
            let compatible = |x: i64, y: i64| x == y || x == DYNAMIC || y == DYNAMIC;
            if !sa.iter().zip(sb).all(|(&x, &y)| compatible(x, y)) {
                return false;
            }
            match (strides_and_offset(ctx, a), strides_and_offset(ctx, b)) {
                (Some((st_a, o_a)), Some((st_b, o_b))) => {
                    compatible(o_a, o_b) && st_a.iter().zip(&st_b).all(|(&x, &y)| compatible(x, y))
                }
                _ => ctx.type_data(a) == ctx.type_data(b),
            }
        }
        (
            TypeData::MemRef {
                element,
                memory_space,
                ..
            },
            TypeData::UnrankedMemRef {
                element: e2,
                memory_space: m2,
            },
        )
        | (
            TypeData::UnrankedMemRef {
                element,
                memory_space,
            },
            TypeData::MemRef {
                element: e2,
                memory_space: m2,
                ..
            },
        ) => element == e2 && memory_space == m2,
        _ => false,
    }
}

fn verify_cast(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (a, b) = (
        ir.value_type(ir.operand(op, 0)),
        ir.value_type(ir.result(op, 0)),
    );
    if !cast_compatible(ctx, a, b) {
        return Err(cast_incompatible(ctx, ir, op, a, b));
    }
    Ok(())
}

/// The reassociation groups `[[0, 1], [2]]` of a reshape.
pub fn reassociation(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Vec<usize>> {
    let Some(attr) = ir.attr(ctx, op, "reassociation") else {
        return Vec::new();
    };
    ctx.array_elements(attr)
        .unwrap_or(&[])
        .iter()
        .map(|g| {
            ctx.array_elements(*g)
                .unwrap_or(&[])
                .iter()
                .filter_map(|d| ctx.integer_value(*d))
                .map(|d| d as usize)
                .collect()
        })
        .collect()
}

/// Checks that `groups` partition `big` in order and that each group's
/// static product equals the `small` dimension (collapse/expand shape).
fn verify_reshape(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    big: &[i64],
    small: &[i64],
    collapsed_word: &str,
) -> DiagResult<()> {
    let groups = reassociation(ctx, ir, op);
    if groups.len() != small.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "invalid number of reassociation groups: found {}, expected {}",
                groups.len(),
                small.len()
            ),
        ));
    }
    for (i, g) in groups.iter().enumerate() {
        let dims: Vec<i64> = g
            .iter()
            .map(|&d| big.get(d).copied().unwrap_or(DYNAMIC))
            .collect();
        if dims.contains(&DYNAMIC) {
            if small[i] != DYNAMIC && g.len() > 1 {
                // A static collapsed size over dynamic dims is allowed upstream only for unit groups.
            }
            continue;
        }
        let product: i64 = dims.iter().product();
        if small[i] != DYNAMIC && product != small[i] {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "collapsed dim size ({}) must equal reassociation group size ({})",
                    small[i], product
                ),
            ));
        }
    }
    let mut next = 0;
    for g in &groups {
        for &d in g {
            if d != next {
                return Err(emit_op_error(
                    ctx,
                    ir,
                    op,
                    "expected reassociation map #0 to be valid and contiguous",
                ));
            }
            next += 1;
        }
    }
    if next != big.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "expected {} to have rank {} but found {}",
                collapsed_word,
                next,
                big.len()
            ),
        ));
    }
    Ok(())
}

fn verify_collapse_shape(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let src = ir.value_type(ir.operand(op, 0));
    let res = ir.value_type(ir.result(op, 0));
    let (Some(big), Some(small)) = (ctx.shape(src), ctx.shape(res)) else {
        return Ok(());
    };
    verify_reshape(ctx, ir, op, big, small, "collapsed type")
}

fn verify_expand_shape(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let src = ir.value_type(ir.operand(op, 0));
    let res = ir.value_type(ir.result(op, 0));
    let (Some(small), Some(big)) = (ctx.shape(src), ctx.shape(res)) else {
        return Ok(());
    };
    let output = statics(ctx, ir, op, "static_output_shape");
    if output.len() != big.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "expected number of static shape dims to be equal to the output rank ({}) but found {} inputs instead",
                big.len(),
                output.len()
            ),
        ));
    }
    for (i, (&o, &b)) in output.iter().zip(big).enumerate() {
        if o != DYNAMIC && o != b {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("invalid output shape provided at pos {i}"),
            ));
        }
    }
    verify_reshape(ctx, ir, op, big, small, "expanded type")
}

struct GetGlobalSymbol;

impl SymbolUserOpInterface for GetGlobalSymbol {
    fn verify_symbol_uses(&self, ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
        verify_get_global(ctx, ir, op)
    }
}

fn verify_get_global(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(name) = ir.attr(ctx, op, "name") else {
        return Ok(());
    };
    let text = match ctx.attr_data(name) {
        AttrData::SymbolRef { root, .. } => ctx.str(*root).to_string(),
        _ => return Ok(()),
    };
    let global = strata_ir::symbol_table::lookup_symbol_from(ctx, ir, op, name)
        .filter(|&g| ctx.op_name_str(ir.op_name(g)) == "memref.global");
    let Some(global) = global else {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("'{text}' does not reference a valid global memref"),
        ));
    };
    let result = ir.value_type(ir.result(op, 0));
    if let Some(ty) = ir.attr(ctx, global, "type").and_then(|a| ctx.type_value(a)) {
        if ty != result {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "result type '{}' does not match type '{}' of the global memref @{text}",
                    ts(ctx, result),
                    ts(ctx, ty)
                ),
            ));
        }
    }
    Ok(())
}

fn verify_global(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(ty) = ir.attr(ctx, op, "type").and_then(|a| ctx.type_value(a)) else {
        return Ok(());
    };
    let ok = matches!(ctx.type_data(ty), TypeData::MemRef { shape, .. } if shape.iter().all(|&d| d != DYNAMIC));
    if !ok {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "type should be static shaped memref, but got {}",
                ts(ctx, ty)
            ),
        ));
    }
    Ok(())
}
