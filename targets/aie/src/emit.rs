//! aievec to C: a function after `linalg-to-aie` (an `scf.for` nest of
//! index arithmetic, scalar memref accesses and aievec ops on static
//! memrefs) printed as C calling the AIE1 intrinsics of `strata_aie.h`
//! (`upd_w`, `mul16`/`mac16`, `lmul8`/`lmac8`, `srs`, `ups`), so the kernel
//! compiles with the system C compiler and runs bit-exactly as on the
//! hardware. Any other op is an error at that op.

use std::collections::HashMap;
use std::fmt::Write;
use strata_dialect_aievec::verify::{element_bits, multiply_mode, params, vector_shape};
use strata_dialect_aievec::{MacOp, MulOp, SrsOp, StoreOp, UpdOp, UpsOp};
use strata_dialect_arith::{AddIOp, ConstantOp, DivUIOp, MulIOp, RemUIOp};
use strata_dialect_memref as memref;
use strata_dialect_scf as scf;
use strata_ir::{BlockId, Context, Diagnostic, Ir, OpId, Type, TypeData, Value};

/// The C type of a vector register or accumulator (`v32int16`, `v16acc48`).
pub fn vector_c_type(ctx: &Context, ty: Type) -> Option<String> {
    let (lanes, elem) = vector_shape(ctx, ty)?;
    let (bits, _) = element_bits(ctx, elem)?;
    Some(match bits {
        48 | 80 => format!("v{lanes}acc{bits}"),
        _ => format!("v{lanes}int{bits}"),
    })
}

/// The C type of a memref element.
pub fn scalar_c_type(ctx: &Context, ty: Type) -> Option<&'static str> {
    match ctx.integer_width(ty)? {
        8 => Some("int8_t"),
        16 => Some("int16_t"),
        32 => Some("int32_t"),
        64 => Some("int64_t"),
        _ => None,
    }
}

/// A static memref's shape and element type.
pub fn memref_shape(ctx: &Context, ty: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_data(ty) {
        TypeData::MemRef {
            shape,
            element,
            layout: None,
            ..
        } if shape.iter().all(|d| *d >= 0) => Some((shape.to_vec(), *element)),
        _ => None,
    }
}

struct Emitter<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
    names: HashMap<Value, String>,
    out: String,
    next: usize,
}

impl Emitter<'_> {
    fn name(&self, v: Value) -> &str {
        &self.names[&v]
    }
    fn fresh(&mut self, v: Value, prefix: &str) -> String {
        let name = format!("{prefix}{}", self.next);
        self.next += 1;
        self.names.insert(v, name.clone());
        name
    }
    fn error(&self, op: OpId, m: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.ir.op_loc(op), m.into())
    }
    /// `&base[flat]` of `memref[indices]`.
    fn address(&self, op: OpId, base: Value, indices: &[Value]) -> Result<String, Diagnostic> {
        let (shape, _) = memref_shape(self.ctx, self.ir.value_type(base)).ok_or_else(|| {
            self.error(op, "the AIE emitter needs static identity-layout memrefs")
        })?;
        let mut flat = String::from("0");
        for (k, &i) in indices.iter().enumerate() {
            let stride: i64 = shape[k + 1..].iter().product();
            write!(flat, " + {} * {stride}", self.name(i)).unwrap();
        }
        Ok(format!("{}[{flat}]", self.name(base)))
    }
    fn line(&mut self, depth: usize, text: &str) {
        let _ = writeln!(self.out, "{}{text}", "  ".repeat(depth));
    }

    fn block(&mut self, block: BlockId, depth: usize) -> Result<(), Diagnostic> {
        for op in self.ir.block_ops(block).collect::<Vec<_>>() {
            self.op(op, depth)?;
        }
        Ok(())
    }

    fn op(&mut self, op: OpId, depth: usize) -> Result<(), Diagnostic> {
        let (ctx, ir) = (self.ctx, self.ir);
        let result = || ir.result(op, 0);
        let ty = |v: Value| ir.value_type(v);
        if let Some(c) = ConstantOp::wrap(ctx, ir, op) {
            let value = ctx
                .integer_value(c.value(ctx, ir))
                .ok_or_else(|| self.error(op, "the AIE emitter handles integer constants only"))?;
            let name = self.fresh(result(), "c");
            self.line(depth, &format!("const int64_t {name} = {value};"));
        } else if let Some(a) = AddIOp::wrap(ctx, ir, op) {
            let text = format!(
                "{} + {}",
                self.name(a.lhs(ctx, ir)),
                self.name(a.rhs(ctx, ir))
            );
            let name = self.fresh(result(), "i");
            self.line(depth, &format!("const int64_t {name} = {text};"));
        } else if MulIOp::is(ctx, ir, op) || DivUIOp::is(ctx, ir, op) || RemUIOp::is(ctx, ir, op) {
            // Index arithmetic on non-negative values.
            let c_op = if MulIOp::is(ctx, ir, op) {
                "*"
            } else if DivUIOp::is(ctx, ir, op) {
                "/"
            } else {
                "%"
            };
            let text = format!(
                "{} {c_op} {}",
                self.name(ir.operand(op, 0)),
                self.name(ir.operand(op, 1))
            );
            let name = self.fresh(result(), "i");
            self.line(depth, &format!("const int64_t {name} = {text};"));
        } else if scf::ForOp::is(ctx, ir, op) {
            let [lb, ub, step] = [0, 1, 2].map(|k| ir.operand(op, k));
            if ir.num_operands(op) != 3 || ir.num_results(op) != 0 {
                return Err(self.error(
                    op,
                    "the AIE emitter handles scf.for without iteration arguments",
                ));
            }
            let body = ir
                .entry_block(ir.regions(op)[0])
                .expect("scf.for has a body");
            let iv = ir.block_args(body)[0];
            let name = self.fresh(iv, "k");
            // Software-pipelining hints for the AI Engine compiler on
            // innermost loops with a known trip count (the header defines
            // them away for other compilers).
            let innermost = !ir.block_ops(body).any(|o| scf::ForOp::is(ctx, ir, o));
            let constant = |v: Value| {
                ConstantOp::defining(ctx, ir, v).and_then(|c| ctx.integer_value(c.value(ctx, ir)))
            };
            let hints = match (constant(lb), constant(ub), constant(step)) {
                (Some(l), Some(u), Some(s)) if innermost && s > 0 => {
                    let trips = ((u - l + s - 1) / s).max(0);
                    format!(" chess_prepare_for_pipelining chess_loop_range({trips}, {trips})")
                }
                _ => String::new(),
            };
            let head = format!(
                "for (int64_t {name} = {}; {name} < {}; {name} += {}){hints} {{",
                self.name(lb),
                self.name(ub),
                self.name(step)
            );
            self.line(depth, &head);
            self.block(body, depth + 1)?;
            self.line(depth, "}");
        } else if scf::YieldOp::is(ctx, ir, op) || strata_dialect_func::ReturnOp::is(ctx, ir, op) {
            if ir.num_operands(op) != 0 {
                return Err(self.error(
                    op,
                    "the AIE emitter handles functions and loops without results",
                ));
            }
        } else if memref::AllocaOp::is(ctx, ir, op) {
            let (shape, elem) = memref_shape(ctx, ty(result()))
                .filter(|_| ir.num_operands(op) == 0)
                .ok_or_else(|| self.error(op, "the AIE emitter handles static allocas only"))?;
            let c = scalar_c_type(ctx, elem)
                .ok_or_else(|| self.error(op, "unsupported element type"))?;
            let n: i64 = shape.iter().product();
            let name = self.fresh(result(), "buf");
            self.line(
                depth,
                &format!("{c} {name}[{n}] __attribute__((aligned(32)));"),
            );
        } else if let Some(l) = memref::LoadOp::wrap(ctx, ir, op) {
            let addr = self.address(op, l.memref(ctx, ir), &l.indices(ctx, ir))?;
            let c = scalar_c_type(ctx, ty(result()))
                .ok_or_else(|| self.error(op, "unsupported element type"))?;
            let name = self.fresh(result(), "s");
            self.line(depth, &format!("const {c} {name} = {addr};"));
        } else if let Some(s) = memref::StoreOp::wrap(ctx, ir, op) {
            let addr = self.address(op, s.memref(ctx, ir), &s.indices(ctx, ir))?;
            let text = format!("{addr} = {};", self.name(s.value(ctx, ir)));
            self.line(depth, &text);
        } else if let Some(u) = UpdOp::wrap(ctx, ir, op) {
            let t = vector_c_type(ctx, ty(result()))
                .ok_or_else(|| self.error(op, "unsupported vector"))?;
            let addr = self.address(op, u.source(ctx, ir), &u.indices(ctx, ir))?;
            let prev = match u.vector(ctx, ir) {
                Some(v) => self.name(v).to_string(),
                None => format!("({t}){{{{0}}}}"),
            };
            let index = u
                .index(ctx, ir)
                .and_then(|a| ctx.integer_value(a))
                .unwrap_or(0);
            let name = self.fresh(result(), "v");
            self.line(
                depth,
                &format!("const {t} {name} = upd_w_{t}({prev}, {index}, &{addr});"),
            );
        } else if MulOp::is(ctx, ir, op) || MacOp::is(ctx, ir, op) {
            self.multiply(op, depth)?;
        } else if let Some(s) = SrsOp::wrap(ctx, ir, op) {
            let t = vector_c_type(ctx, ty(result()))
                .ok_or_else(|| self.error(op, "unsupported vector"))?;
            let shift = ctx.integer_value(s.shift(ctx, ir)).unwrap_or(0);
            let sat = if s.nosat(ctx, ir).is_some() { 0 } else { 1 };
            let f = if t.contains("int32") { "lsrs" } else { "srs" };
            let text = format!(
                "aie_set_saturation({sat}); const {t} NAME = {f}_{t}({}, {shift});",
                self.name(s.source(ctx, ir))
            );
            let name = self.fresh(result(), "v");
            self.line(depth, &text.replace("NAME", &name));
        } else if let Some(u) = UpsOp::wrap(ctx, ir, op) {
            let t = vector_c_type(ctx, ty(result()))
                .ok_or_else(|| self.error(op, "unsupported vector"))?;
            let shift = ctx.integer_value(u.shift(ctx, ir)).unwrap_or(0);
            let f = if t.contains("acc80") { "lups" } else { "ups" };
            let text = format!("{f}_{t}({}, {shift})", self.name(u.source(ctx, ir)));
            let name = self.fresh(result(), "a");
            self.line(depth, &format!("const {t} {name} = {text};"));
        } else if let Some(s) = StoreOp::wrap(ctx, ir, op) {
            let value = s.value(ctx, ir);
            let t = vector_c_type(ctx, ty(value))
                .ok_or_else(|| self.error(op, "unsupported vector"))?;
            let addr = self.address(op, s.dest(ctx, ir), &s.indices(ctx, ir))?;
            let text = format!("store_{t}(&{addr}, {});", self.name(value));
            self.line(depth, &text);
        } else {
            let name = ctx.op_name_str(ir.op_name(op));
            return Err(self.error(op, format!("the AIE emitter does not handle '{name}'")));
        }
        Ok(())
    }

    /// `mul16`/`mac16`/`lmul8`/`lmac8` (and `msc`/`lmsc` for `fmsub`), the
    /// x register's width in the suffix, the parameters in the order of
    /// the intrinsics' signatures.
    fn multiply(&mut self, op: OpId, depth: usize) -> Result<(), Diagnostic> {
        let (ctx, ir) = (self.ctx, self.ir);
        let (dp, xlen, _) = multiply_mode(ctx, ir, op).map_err(|m| self.error(op, m))?;
        if dp.float || dp.cols > 2 {
            return Err(self.error(
                op,
                format!(
                    "the portable header does not implement the {} datapath",
                    dp.name
                ),
            ));
        }
        let p = params(ctx, ir, op).map_err(|m| self.error(op, m))?;
        let mac = MacOp::wrap(ctx, ir, op);
        let fmsub = mac.is_some_and(|m| m.fmsub(ctx, ir).is_some());
        let base = match (mac.is_some(), fmsub, dp.cols) {
            (false, _, 2) => "mul16",
            (true, false, 2) => "mac16",
            (true, true, 2) => "msc16",
            (false, _, _) => "lmul8",
            (true, false, _) => "lmac8",
            (true, true, _) => "lmsc8",
        };
        let suffix = if xlen == dp.x_lengths[0] {
            String::new()
        } else {
            format!("_v{xlen}")
        };
        let (x, z) = (
            self.name(ir.operand(op, 0)).to_string(),
            self.name(ir.operand(op, 1)).to_string(),
        );
        let mut args: Vec<String> = mac
            .map(|m| self.name(m.acc(ctx, ir)).to_string())
            .into_iter()
            .collect();
        if dp.cols == 2 {
            args.extend([
                x,
                p.xstart.to_string(),
                format!("0x{:x}u", p.xoffsets),
                format!("0x{:x}u", p.xoffsets_hi),
                format!("0x{:x}u", p.xsquare),
                z,
                p.zstart.to_string(),
                format!("0x{:x}u", p.zoffsets),
                format!("0x{:x}u", p.zoffsets_hi),
                p.zstep.to_string(),
            ]);
        } else {
            args.extend([
                x,
                p.xstart.to_string(),
                format!("0x{:x}u", p.xoffsets),
                z,
                p.zstart.to_string(),
                format!("0x{:x}u", p.zoffsets),
            ]);
        }
        let t = vector_c_type(ctx, ir.value_type(ir.result(op, 0))).expect("verified accumulator");
        let name = self.fresh(ir.result(op, 0), "a");
        self.line(
            depth,
            &format!("const {t} {name} = {base}{suffix}({});", args.join(", ")),
        );
        Ok(())
    }
}

/// The C definition `void name(T *a0, ...)` of `func`, whose arguments are
/// static memrefs.
pub fn emit_function(ctx: &Context, ir: &Ir, func: OpId, name: &str) -> Result<String, Diagnostic> {
    let body = ir
        .entry_block(ir.regions(func)[0])
        .expect("a function body");
    let mut e = Emitter {
        ctx,
        ir,
        names: HashMap::new(),
        out: String::new(),
        next: 0,
    };
    let mut params = Vec::new();
    for (k, &arg) in ir.block_args(body).iter().enumerate() {
        let ty = ir.value_type(arg);
        let elem = memref_shape(ctx, ty)
            .and_then(|(_, elem)| scalar_c_type(ctx, elem))
            .ok_or_else(|| {
                Diagnostic::error(
                    ir.op_loc(func),
                    "the AIE target runs functions of static integer memrefs",
                )
            })?;
        let arg_name = format!("arg{k}");
        e.names.insert(arg, arg_name.clone());
        params.push(format!("{elem} *restrict {arg_name}"));
    }
    e.line(0, &format!("void {name}({}) {{", params.join(", ")));
    e.block(body, 1)?;
    e.line(0, "}");
    Ok(e.out)
}
