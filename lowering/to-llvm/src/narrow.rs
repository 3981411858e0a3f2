//! `f16` and `bf16` in the LLVM back end: a value is its bits in an `i16`
//! (in registers, in memory and across calls, as the C back end's
//! `uint16_t`), and every op converts its operands to `double` exactly,
//! computes there and rounds once to nearest even — the interpreter's
//! definition (`strata_dialect_arith::semantics::narrow_from_f64`).
//!
//! # Why not LLVM's `half` and `bfloat`
//! Their lowering depends on the CPU and on run-time libraries: without
//! native support a `double` to `half` truncation is a call of
//! `__truncdfhf2` (which the JIT would have to find), `bfloat` rounding
//! goes through `float` (a double rounding for integer and `double`
//! sources), and AVX512-BF16's conversion flushes subnormals. The two
//! conversions here are integer code in the module (`strata_narrow_*`
//! functions, inlined by LLVM), so a result does not depend on the host
//! and a `.ll` file needs nothing but itself.

use super::*;

impl<'a, 'ctx> Emitter<'a, 'ctx> {
    /// (mantissa bits, exponent bits, name) of a 16-bit format.
    fn narrow_format(cs: CScalar) -> (u64, u64, &'static str) {
        match cs {
            CScalar::BF16 => (7, 8, "bf16"),
            _ => (10, 5, "f16"),
        }
    }

    /// `i16 @strata_narrow_from_f64_<fmt>(double)`: round to nearest even
    /// (subnormals kept, overflow to infinity, a NaN quiet with the top
    /// payload bits), branch-free.
    fn narrow_from_f64_fn(&self, cs: CScalar) -> R<FunctionValue<'ctx>> {
        let (m, e, fmt) = Self::narrow_format(cs);
        let name = format!("strata_narrow_from_f64_{fmt}");
        if let Some(f) = self.module.get_function(&name) {
            return Ok(f);
        }
        let (i16t, i64t, f64t) = (self.ll.i16_type(), self.ll.i64_type(), self.ll.f64_type());
        let f = self.module.add_function(
            &name,
            i16t.fn_type(&[f64t.into()], false),
            Some(inkwell::module::Linkage::Internal),
        );
        let b = self.ll.create_builder();
        b.position_at_end(self.ll.append_basic_block(f, "entry"));
        let k = |v: u64| i64t.const_int(v, false);
        let x = f.get_nth_param(0).expect("x").into_float_value();
        let bits = b.build_bit_cast(x, i64t, "")?.into_int_value();
        let sign =
            b.build_left_shift(b.build_right_shift(bits, k(63), false, "")?, k(m + e), "")?;
        let exp = b.build_and(b.build_right_shift(bits, k(52), false, "")?, k(0x7ff), "")?;
        let man = b.build_and(bits, k((1 << 52) - 1), "")?;
        let inf = k(((1 << e) - 1) << m);
        // Infinity or NaN.
        let nan_bits = b.build_or(
            k(1 << (m - 1)),
            b.build_right_shift(man, k(52 - m), false, "")?,
            "",
        )?;
        let is_nan = b.build_int_compare(IntPredicate::NE, man, k(0), "")?;
        let payload = b.build_select(is_nan, nan_bits, k(0), "")?.into_int_value();
        let special = b.build_or(b.build_or(sign, inf, "")?, payload, "")?;
        // Finite: the rounded significand, a carry stepping the exponent.
        let bias = (1i64 << (e - 1)) - 1;
        let te = b.build_int_add(exp, i64t.const_int((bias - 1023) as u64, true), "")?;
        let normal = b.build_int_compare(IntPredicate::SGE, te, k(1), "")?;
        let below = b.build_int_sub(k(1), te, "")?;
        let extra = b.build_select(normal, k(0), below, "")?.into_int_value();
        let shift = b.build_int_add(k(52 - m), extra, "")?;
        let too_far = b.build_int_compare(IntPredicate::SGT, shift, k(63), "")?;
        let shift = b.build_select(too_far, k(63), shift, "")?.into_int_value();
        let full = b.build_or(man, k(1 << 52), "")?;
        let q = b.build_right_shift(full, shift, false, "")?;
        let low = b.build_int_sub(b.build_left_shift(k(1), shift, "")?, k(1), "")?;
        let rem = b.build_and(full, low, "")?;
        let half = b.build_left_shift(k(1), b.build_int_sub(shift, k(1), "")?, "")?;
        let gt = b.build_int_compare(IntPredicate::UGT, rem, half, "")?;
        let tie = b.build_int_compare(IntPredicate::EQ, rem, half, "")?;
        let odd = b.build_int_truncate(q, self.ll.bool_type(), "")?;
        let up = b.build_or(gt, b.build_and(tie, odd, "")?, "")?;
        let q = b.build_int_add(q, b.build_int_z_extend(up, i64t, "")?, "")?;
        let with_exp = b.build_int_add(
            b.build_left_shift(b.build_int_sub(te, k(1), "")?, k(m), "")?,
            q,
            "",
        )?;
        let r = b.build_select(normal, with_exp, q, "")?.into_int_value();
        let overflow = b.build_int_compare(IntPredicate::UGT, r, inf, "")?;
        let r = b.build_select(overflow, inf, r, "")?.into_int_value();
        let finite = b.build_or(sign, r, "")?;
        let is_zero = b.build_int_compare(IntPredicate::EQ, exp, k(0), "")?;
        let finite = b.build_select(is_zero, sign, finite, "")?.into_int_value();
        let is_special = b.build_int_compare(IntPredicate::EQ, exp, k(0x7ff), "")?;
        let out = b
            .build_select(is_special, special, finite, "")?
            .into_int_value();
        b.build_return(Some(&b.build_int_truncate(out, i16t, "")?))?;
        Ok(f)
    }

    /// `double @strata_narrow_to_f64_<fmt>(i16)`: the exact value (a NaN
    /// quiet, its payload on top).
    fn narrow_to_f64_fn(&self, cs: CScalar) -> R<FunctionValue<'ctx>> {
        let (m, e, fmt) = Self::narrow_format(cs);
        let name = format!("strata_narrow_to_f64_{fmt}");
        if let Some(f) = self.module.get_function(&name) {
            return Ok(f);
        }
        let (i16t, i64t, f64t) = (self.ll.i16_type(), self.ll.i64_type(), self.ll.f64_type());
        let f = self.module.add_function(
            &name,
            f64t.fn_type(&[i16t.into()], false),
            Some(inkwell::module::Linkage::Internal),
        );
        let b = self.ll.create_builder();
        b.position_at_end(self.ll.append_basic_block(f, "entry"));
        let k = |v: u64| i64t.const_int(v, false);
        let x = f.get_nth_param(0).expect("bits").into_int_value();
        let bits = b.build_int_z_extend(x, i64t, "")?;
        let max_e = (1u64 << e) - 1;
        let bias = (1i64 << (e - 1)) - 1;
        let exp = b.build_and(b.build_right_shift(bits, k(m), false, "")?, k(max_e), "")?;
        let man = b.build_and(bits, k((1 << m) - 1), "")?;
        let man_hi = b.build_left_shift(man, k(52 - m), "")?;
        let is_nan = b.build_int_compare(IntPredicate::NE, man, k(0), "")?;
        let nan = b.build_or(k(0x7ff8 << 48), man_hi, "")?;
        let special = b
            .build_select(is_nan, nan, k(0x7ff0 << 48), "")?
            .into_int_value();
        let rebias = b.build_int_add(exp, i64t.const_int((1023 - bias) as u64, true), "")?;
        let normal = b.build_or(b.build_left_shift(rebias, k(52), "")?, man_hi, "")?;
        let is_special = b.build_int_compare(IntPredicate::EQ, exp, k(max_e), "")?;
        let wide = b.build_select(is_special, special, normal, "")?;
        let wide = b.build_bit_cast(wide, f64t, "")?.into_float_value();
        // Subnormal: man * 2^(1 - bias - m), exact.
        let scale = f64t.const_float(2f64.powi((1 - bias - m as i64) as i32));
        let sub = b.build_float_mul(b.build_unsigned_int_to_float(man, f64t, "")?, scale, "")?;
        let is_sub = b.build_int_compare(IntPredicate::EQ, exp, k(0), "")?;
        let mag = b.build_select(is_sub, sub, wide, "")?.into_float_value();
        let neg = b.build_int_compare(
            IntPredicate::NE,
            b.build_and(bits, k(1 << (m + e)), "")?,
            k(0),
            "",
        )?;
        let out = b.build_select(neg, b.build_float_neg(mag, "")?, mag, "")?;
        b.build_return(Some(&out))?;
        Ok(f)
    }

    /// `math.isnan`/`isinf`/`isfinite`/`isnormal` of 16-bit float bits, in
    /// their own format (an `f16` subnormal is a normal `double`).
    pub(super) fn narrow_class(
        &self,
        short: &str,
        x: IntValue<'ctx>,
        cs: CScalar,
    ) -> R<BasicValueEnum<'ctx>> {
        let (m, e, _) = Self::narrow_format(cs);
        let b = &self.b;
        let k = |v: u64| self.ll.i16_type().const_int(v, false);
        let inf = k(((1 << e) - 1) << m);
        let magnitude = b.build_and(x, k(0x7fff), "")?;
        let exp = b.build_and(x, inf, "")?;
        use IntPredicate::*;
        Ok(match short {
            "isnan" => b.build_int_compare(UGT, magnitude, inf, "")?,
            "isinf" => b.build_int_compare(EQ, magnitude, inf, "")?,
            "isfinite" => b.build_int_compare(NE, exp, inf, "")?,
            _ => {
                let not_special = b.build_int_compare(NE, exp, inf, "")?;
                let not_sub = b.build_int_compare(NE, exp, k(0), "")?;
                b.build_and(not_special, not_sub, "")?
            }
        }
        .into())
    }

    /// A float scalar `x` of type `cs` as its exact `double`.
    pub(super) fn to_f64(&self, x: BasicValueEnum<'ctx>, cs: CScalar) -> R<FloatValue<'ctx>> {
        Ok(match cs {
            CScalar::F16 | CScalar::BF16 => {
                let f = self.narrow_to_f64_fn(cs)?;
                self.call_value(f, &[x.into()])?.into_float_value()
            }
            CScalar::F32 => self
                .b
                .build_float_ext(x.into_float_value(), self.ll.f64_type(), "")?,
            _ => x.into_float_value(),
        })
    }

    /// A `double` rounded once to the float scalar type `cs`.
    pub(super) fn f64_to(&self, x: FloatValue<'ctx>, cs: CScalar) -> R<BasicValueEnum<'ctx>> {
        Ok(match cs {
            CScalar::F16 | CScalar::BF16 => {
                let f = self.narrow_from_f64_fn(cs)?;
                self.call_value(f, &[x.into()])?
            }
            CScalar::F32 => self.b.build_float_trunc(x, self.ll.f32_type(), "")?.into(),
            _ => x.into(),
        })
    }

    /// The `arith` ops on or to a 16-bit float (`None`: not a float op,
    /// such as `select` or `bitcast`, which move the bits as they are).
    pub(super) fn narrow_arith(
        &self,
        op: OpId,
        short: &str,
        ops: &[Value],
        from: CScalar,
        to: CScalar,
    ) -> R<Option<BasicValueEnum<'ctx>>> {
        let f64t = self.ll.f64_type();
        let x = self.values[&ops[0]][0];
        Ok(Some(match short {
            "addf" | "subf" | "mulf" | "divf" | "remf" | "minimumf" | "maximumf" | "minnumf"
            | "maxnumf" => {
                let (a, b) = (
                    self.to_f64(x, from)?,
                    self.to_f64(self.values[&ops[1]][0], from)?,
                );
                let r = self.float_binary(short, a, b)?;
                self.f64_to(r, to)?
            }
            "negf" => {
                let r = self.b.build_float_neg(self.to_f64(x, from)?, "")?;
                self.f64_to(r, to)?
            }
            "cmpf" => {
                let (a, b) = (
                    self.to_f64(x, from)?,
                    self.to_f64(self.values[&ops[1]][0], from)?,
                );
                let pred = self.cmpf_predicate(op)?;
                self.b.build_float_compare(pred, a, b, "")?.into()
            }
            "sitofp" | "uitofp" => {
                let i = x.into_int_value();
                let d = if short == "sitofp" {
                    self.b.build_signed_int_to_float(i, f64t, "")?
                } else {
                    self.b.build_unsigned_int_to_float(i, f64t, "")?
                };
                self.f64_to(d, to)?
            }
            "fptosi" | "fptoui" => {
                let d = self.to_f64(x, from)?;
                let name = if short == "fptosi" {
                    "llvm.fptosi.sat"
                } else {
                    "llvm.fptoui.sat"
                };
                self.intrinsic(name, &[value_type(self.ll, to), f64t.into()], &[d.into()])?
            }
            "extf" | "truncf" => {
                let d = self.to_f64(x, from)?;
                self.f64_to(d, to)?
            }
            _ => return Ok(None),
        }))
    }
}
