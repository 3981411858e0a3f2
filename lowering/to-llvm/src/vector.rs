//! Vectors in the LLVM back end: a `vector<AxBxT>` value is one LLVM
//! vector `<A*B x T>` of its elements in row-major order (the
//! interpreter's order), with `T` the element's value type (`iN`, `float`,
//! `double`).
//!
//! # Why lane by lane
//! Every vector op is emitted as the interpreter defines it, element by
//! element, with the scalar code of the back end: elementwise `arith` and
//! `math` ops on vectors run their scalar emission once per lane (so
//! shifts, divisions with their run-time errors, saturating casts, NaN
//! rules and the `double`-then-round math are exactly the scalar ones),
//! `vector.reduction` and `vector.contract` combine in the interpreter's
//! order, and memory ops access each element through the memref's strides
//! with the interpreter's bounds rules (`transfer_read` pads outside the
//! source, `load`/`store` stop with the out-of-bounds error when bounds
//! checks are on). LLVM's optimizer re-vectorizes what it can; bit-exact
//! agreement with the interpreter comes first.
//!
//! Vectors live inside functions: arguments and results of functions are
//! scalars and memrefs (the C ABI), as in the C back end.

use super::*;
use strata_dialect_vector::CombiningKind;
use strata_ir::TypeData;

impl<'a, 'ctx> Emitter<'a, 'ctx> {
    /// Element and shape of a vector-typed value.
    pub(super) fn vector_info(&self, op: OpId, v: Value) -> R<(CScalar, Vec<i64>)> {
        let ty = self.ir.value_type(v);
        match self.ctx.type_data(ty) {
            TypeData::Vector {
                shape,
                scalable,
                element,
            } if !scalable.iter().any(|&s| s) => {
                let cs = strata_native_abi::c_scalar(self.ctx, *element).ok_or_else(|| {
                    self.err(
                        op,
                        format!(
                            "the LLVM back end does not support the type '{}'",
                            type_str(self.ctx, ty)
                        ),
                    )
                })?;
                Ok((cs, shape.to_vec()))
            }
            _ => Err(self.err(op, "expected a fixed-size vector")),
        }
    }

    /// The LLVM type of a vector value.
    pub(super) fn vector_type(&self, cs: CScalar, shape: &[i64]) -> BasicTypeEnum<'ctx> {
        let n = shape.iter().product::<i64>().max(1) as u32;
        match value_type(self.ll, cs) {
            BasicTypeEnum::IntType(t) => t.vec_type(n).into(),
            BasicTypeEnum::FloatType(t) => t.vec_type(n).into(),
            other => other,
        }
    }

    /// Whether `v` is a vector.
    pub(super) fn is_vector(&self, v: Value) -> bool {
        matches!(
            self.ctx.type_data(self.ir.value_type(v)),
            TypeData::Vector { .. }
        )
    }

    /// The lanes of vector `v`.
    pub(super) fn lanes(&self, v: Value) -> R<Vec<BasicValueEnum<'ctx>>> {
        let x = self.values[&v][0].into_vector_value();
        let n = x.get_type().get_size();
        let mut out = Vec::with_capacity(n as usize);
        for i in 0..n {
            let idx = self.ll.i32_type().const_int(i as u64, false);
            out.push(self.b.build_extract_element(x, idx, "")?);
        }
        Ok(out)
    }

    /// Sets vector `res` (element `cs`, `shape`) from its lanes.
    pub(super) fn set_lanes(
        &mut self,
        res: Value,
        cs: CScalar,
        shape: &[i64],
        lanes: &[BasicValueEnum<'ctx>],
    ) -> R<()> {
        let t = self.vector_type(cs, shape).into_vector_type();
        let mut x = t.get_undef();
        for (i, &l) in lanes.iter().enumerate() {
            let idx = self.ll.i32_type().const_int(i as u64, false);
            x = self.b.build_insert_element(x, l, idx, "")?;
        }
        self.set(res, x);
        Ok(())
    }

    /// An elementwise `arith`/`math` op with vector operands: its scalar
    /// emission once per lane (scalar operands, such as a `select`
    /// condition, are shared by all lanes).
    pub(super) fn emit_lanewise(&mut self, op: OpId, dialect: &str, short: &str) -> R<()> {
        let ir = self.ir;
        let ops: Vec<Value> = ir.operands(op).collect();
        let res: Vec<Value> = ir.results(op).collect();
        if dialect == "arith" && short == "constant" {
            return self.vector_constant(op, res[0]);
        }
        let shape_of = res
            .iter()
            .chain(&ops)
            .copied()
            .find(|&v| self.is_vector(v))
            .expect("a vector operand or result");
        let (_, shape) = self.vector_info(op, shape_of)?;
        let n = shape.iter().product::<i64>().max(1) as usize;
        let mut lanes_in = Vec::new();
        for &v in &ops {
            if self.is_vector(v) {
                let (cs, s) = self.vector_info(op, v)?;
                if s != shape {
                    return Err(self.err(op, "vector operands of different shapes"));
                }
                lanes_in.push((v, Some(cs), self.lanes(v)?));
            } else {
                lanes_in.push((v, None, Vec::new()));
            }
        }
        let mut res_info = Vec::new();
        for &r in &res {
            let (cs, _) = self.vector_info(op, r)?;
            self.lane_types.insert(r, cs);
            res_info.push((r, cs, Vec::with_capacity(n)));
        }
        let saved: Vec<(Value, Vec<BasicValueEnum<'ctx>>)> =
            ops.iter().map(|&v| (v, self.values[&v].clone())).collect();
        let mut outcome = Ok(());
        for lane in 0..n {
            for (v, cs, ls) in &lanes_in {
                if let Some(cs) = cs {
                    self.lane_types.insert(*v, *cs);
                    self.values.insert(*v, vec![ls[lane]]);
                }
            }
            outcome = if dialect == "arith" {
                self.emit_arith(op, short)
            } else {
                self.emit_math(op, short)
            };
            if outcome.is_err() {
                break;
            }
            for (r, _, acc) in res_info.iter_mut() {
                acc.push(self.values[r][0]);
            }
        }
        for (v, _, _) in &lanes_in {
            self.lane_types.remove(v);
        }
        for (v, x) in saved {
            self.values.insert(v, x);
        }
        for (r, _, _) in &res_info {
            self.lane_types.remove(r);
        }
        outcome?;
        for (r, cs, acc) in res_info {
            self.set_lanes(r, cs, &shape, &acc)?;
        }
        Ok(())
    }

    /// `arith.constant dense<...> : vector<...>`.
    fn vector_constant(&mut self, op: OpId, res: Value) -> R<()> {
        let (cs, shape) = self.vector_info(op, res)?;
        let n = shape.iter().product::<i64>().max(1) as usize;
        let attr = self
            .ir
            .attr(self.ctx, op, "value")
            .ok_or_else(|| self.err(op, "constant without value"))?;
        let el = strata_dialect_arith::fold::decode(self.ctx, attr)
            .filter(|e| !e.elems.is_empty())
            .ok_or_else(|| self.err(op, "the LLVM back end cannot decode this constant"))?;
        let mut lanes = Vec::with_capacity(n);
        for i in 0..n {
            let s = if el.splat {
                el.elems[0]
            } else {
                el.elems.get(i).copied().unwrap_or(el.elems[0])
            };
            lanes.push(self.scalar_constant(op, s, cs)?);
        }
        self.set_lanes(res, cs, &shape, &lanes)
    }

    /// `a ⊕ b` for a combining kind, as the interpreter's `combine` (`cs`:
    /// the elements' type; 16-bit floats in double, rounded once).
    fn combine(
        &mut self,
        op: OpId,
        kind: CombiningKind,
        a: BasicValueEnum<'ctx>,
        b: BasicValueEnum<'ctx>,
        cs: CScalar,
    ) -> R<BasicValueEnum<'ctx>> {
        if cs.is_narrow_float() {
            let short = kind.arith_op(true).trim_start_matches("arith.");
            let r = self.float_binary(short, self.to_f64(a, cs)?, self.to_f64(b, cs)?)?;
            return self.f64_to(r, cs);
        }
        match (a, b) {
            (BasicValueEnum::FloatValue(x), BasicValueEnum::FloatValue(y)) => {
                let short = kind.arith_op(true).trim_start_matches("arith.");
                Ok(self.float_binary(short, x, y)?.into())
            }
            (BasicValueEnum::IntValue(x), BasicValueEnum::IntValue(y)) => {
                let short = kind.arith_op(false).trim_start_matches("arith.");
                let w = x.get_type().get_bit_width();
                Ok(self.int_binary(op, short, x, y, w)?.into())
            }
            _ => Err(self.err(op, "combining values of different kinds")),
        }
    }

    /// `a * b + c`, as the interpreter's `fused`: one rounding for floats
    /// (`llvm.fma` in the element's format), wrapping for integers.
    fn fused(
        &mut self,
        op: OpId,
        a: BasicValueEnum<'ctx>,
        b: BasicValueEnum<'ctx>,
        c: BasicValueEnum<'ctx>,
        cs: CScalar,
    ) -> R<BasicValueEnum<'ctx>> {
        if cs.is_narrow_float() {
            let f64t = self.ll.f64_type();
            let args = [
                self.to_f64(a, cs)?,
                self.to_f64(b, cs)?,
                self.to_f64(c, cs)?,
            ];
            let args: Vec<BasicMetadataValueEnum> = args.iter().map(|&x| x.into()).collect();
            let r = self.intrinsic("llvm.fma", &[f64t.into()], &args)?;
            return self.f64_to(r.into_float_value(), cs);
        }
        match (a, b, c) {
            (
                BasicValueEnum::FloatValue(x),
                BasicValueEnum::FloatValue(y),
                BasicValueEnum::FloatValue(z),
            ) => self.intrinsic(
                "llvm.fma",
                &[x.get_type().into()],
                &[x.into(), y.into(), z.into()],
            ),
            _ => {
                let p = self.combine(op, CombiningKind::Mul, a, b, cs)?;
                self.combine(op, CombiningKind::Add, p, c, cs)
            }
        }
    }

    /// Row-major positions (offsets per dimension) of a block of `shape`.
    pub(super) fn block_offsets(shape: &[i64]) -> Vec<Vec<i64>> {
        let n = shape.iter().product::<i64>().max(0) as usize;
        let mut out = Vec::with_capacity(n);
        let mut idx = vec![0i64; shape.len()];
        for _ in 0..n {
            out.push(idx.clone());
            for d in (0..shape.len()).rev() {
                idx[d] += 1;
                if idx[d] < shape[d] {
                    break;
                }
                idx[d] = 0;
            }
        }
        if shape.is_empty() {
            out.push(Vec::new());
        }
        out
    }

    /// `base` with `offsets` added to its trailing dimensions.
    pub(super) fn offset_indices(
        &self,
        base: &[IntValue<'ctx>],
        offsets: &[i64],
    ) -> R<Vec<IntValue<'ctx>>> {
        let lead = base.len().saturating_sub(offsets.len());
        let mut idx = base.to_vec();
        for (k, &o) in offsets.iter().enumerate() {
            if o != 0 {
                idx[lead + k] = self.b.build_int_add(idx[lead + k], self.i64c(o), "")?;
            }
        }
        Ok(idx)
    }

    pub(super) fn emit_vector(&mut self, op: OpId, short: &str) -> R<()> {
        let ir = self.ir;
        let ops: Vec<Value> = ir.operands(op).collect();
        let res: Vec<Value> = ir.results(op).collect();
        match short {
            "broadcast" => {
                let (cs, shape) = self.vector_info(op, res[0])?;
                let n = shape.iter().product::<i64>().max(1) as usize;
                let lanes = if self.is_vector(ops[0]) {
                    let (_, src_shape) = self.vector_info(op, ops[0])?;
                    let src = self.lanes(ops[0])?;
                    let lead = shape.len() - src_shape.len();
                    Self::block_offsets(&shape)
                        .iter()
                        .map(|idx| {
                            let lin = src_shape.iter().enumerate().fold(0i64, |a, (k, &d)| {
                                a * d + if d == 1 { 0 } else { idx[lead + k] }
                            });
                            src[lin as usize]
                        })
                        .collect()
                } else {
                    vec![self.values[&ops[0]][0]; n]
                };
                self.set_lanes(res[0], cs, &shape, &lanes)?;
            }
            "load" | "store" => {
                let (vector, memref, base) = if short == "load" {
                    (res[0], ops[0], &ops[1..])
                } else {
                    (ops[0], ops[1], &ops[2..])
                };
                let (cs, shape) = self.vector_info(op, vector)?;
                let base: Vec<IntValue> = base.iter().map(|&i| self.int(i)).collect();
                let values = if short == "store" {
                    self.lanes(vector)?
                } else {
                    Vec::new()
                };
                let mut lanes = Vec::new();
                for (k, off) in Self::block_offsets(&shape).iter().enumerate() {
                    let idx = self.offset_indices(&base, off)?;
                    self.bounds_check_at(op, memref, &idx)?;
                    let p = self.element_at(op, memref, &idx)?;
                    if short == "load" {
                        let x = self.b.build_load(container_type(self.ll, cs), p, "")?;
                        lanes.push(self.unabi(x, cs)?);
                    } else {
                        let x = self.abi(values[k])?;
                        self.b.build_store(p, x)?;
                    }
                }
                if short == "load" {
                    self.set_lanes(res[0], cs, &shape, &lanes)?;
                }
            }
            "fma" => {
                let (cs, shape) = self.vector_info(op, res[0])?;
                let (a, b, c) = (
                    self.lanes(ops[0])?,
                    self.lanes(ops[1])?,
                    self.lanes(ops[2])?,
                );
                let mut lanes = Vec::with_capacity(a.len());
                for i in 0..a.len() {
                    lanes.push(self.fused(op, a[i], b[i], c[i], cs)?);
                }
                self.set_lanes(res[0], cs, &shape, &lanes)?;
            }
            "reduction" => {
                let kind = strata_dialect_vector::kind_of(self.ctx, ir, op);
                let (cs, _) = self.vector_info(op, ops[0])?;
                let mut elems = self.lanes(ops[0])?.into_iter();
                let mut acc = match ops.get(1) {
                    Some(&a) => self.values[&a][0],
                    None => elems
                        .next()
                        .ok_or_else(|| self.err(op, "reduction of an empty vector"))?,
                };
                for x in elems {
                    acc = self.combine(op, kind, acc, x, cs)?;
                }
                self.set(res[0], acc);
            }
            "contract" => self.emit_contract(op, &ops, res[0])?,
            "outerproduct" => {
                let kind = strata_dialect_vector::kind_of(self.ctx, ir, op);
                let (cs, shape) = self.vector_info(op, res[0])?;
                let lhs = self.lanes(ops[0])?;
                let rhs = if self.is_vector(ops[1]) {
                    self.lanes(ops[1])?
                } else {
                    vec![self.values[&ops[1]][0]]
                };
                let acc = match ops.get(2) {
                    Some(&a) => Some(self.lanes(a)?),
                    None => None,
                };
                let n = shape.iter().product::<i64>() as usize;
                let mut lanes = Vec::with_capacity(n);
                for k in 0..n {
                    let (i, j) = if shape.len() == 2 {
                        (k / shape[1] as usize, k % shape[1] as usize)
                    } else {
                        (k, 0)
                    };
                    let (l, r) = (lhs[i], rhs[j.min(rhs.len() - 1)]);
                    lanes.push(match &acc {
                        None => self.combine(op, CombiningKind::Mul, l, r, cs)?,
                        Some(a) if kind == CombiningKind::Add => self.fused(op, l, r, a[k], cs)?,
                        Some(a) => {
                            let p = self.combine(op, CombiningKind::Mul, l, r, cs)?;
                            self.combine(op, kind, a[k], p, cs)?
                        }
                    });
                }
                self.set_lanes(res[0], cs, &shape, &lanes)?;
            }
            "shape_cast" => {
                let (cs, shape) = self.vector_info(op, res[0])?;
                let lanes = self.lanes(ops[0])?;
                self.set_lanes(res[0], cs, &shape, &lanes)?;
            }
            "transpose" => {
                let (cs, shape) = self.vector_info(op, res[0])?;
                let (_, src_shape) = self.vector_info(op, ops[0])?;
                let perm = ir
                    .attr(self.ctx, op, "permutation")
                    .and_then(|a| self.ctx.dense_array_i64(a))
                    .unwrap_or_default();
                let src = self.lanes(ops[0])?;
                let mut lanes = Vec::new();
                for idx in Self::block_offsets(&shape) {
                    let mut from = vec![0i64; idx.len()];
                    for (i, &p) in perm.iter().enumerate() {
                        from[p as usize] = idx[i];
                    }
                    let lin = from
                        .iter()
                        .zip(&src_shape)
                        .fold(0i64, |a, (&i, &d)| a * d + i);
                    lanes.push(src[lin as usize]);
                }
                self.set_lanes(res[0], cs, &shape, &lanes)?;
            }
            "extract" | "insert" => self.emit_extract_insert(op, short, &ops, res[0])?,
            "shuffle" => self.emit_shuffle(op, &ops, res[0])?,
            "multi_reduction" => self.emit_multi_reduction(op, &ops, res[0])?,
            "from_elements" => {
                let lanes: Vec<_> = ops.iter().map(|v| self.values[v][0]).collect();
                let (cs, shape) = self.vector_info(op, res[0])?;
                self.set_lanes(res[0], cs, &shape, &lanes)?;
            }
            "to_elements" => {
                for (r, l) in res.iter().zip(self.lanes(ops[0])?) {
                    self.set(*r, l);
                }
            }
            "interleave" | "deinterleave" => self.emit_interleave(op, short, &ops, &res)?,
            "extract_strided_slice" | "insert_strided_slice" => {
                self.emit_strided_slice(op, short, &ops, res[0])?
            }
            "transfer_read" | "transfer_write" => self.emit_transfer(op, short, &ops, &res)?,
            _ => {
                if self.emit_masked(op, short)?.is_none() {
                    return Err(self.unsupported(op));
                }
            }
        }
        Ok(())
    }

    /// `vector.contract`: every point of the iteration space in row-major
    /// order, `acc[slot] = acc[slot] ⊕ lhs * rhs`, as the interpreter.
    fn emit_contract(&mut self, op: OpId, ops: &[Value], res: Value) -> R<()> {
        let kind = strata_dialect_vector::kind_of(self.ctx, self.ir, op);
        let maps = strata_dialect_vector::indexing_maps(self.ctx, self.ir, op);
        if maps.len() != 3 {
            return Err(self.err(op, "expected three indexing maps"));
        }
        let (lcs, lshape) = self.vector_info(op, ops[0])?;
        let acc_cs = if self.is_vector(ops[2]) {
            self.vector_info(op, ops[2])?.0
        } else {
            self.scalar(op, ops[2])?
        };
        let (_, rshape) = self.vector_info(op, ops[1])?;
        let n = maps[0].num_dims();
        let mut sizes = vec![1i64; n];
        for (k, shape) in [&lshape, &rshape].into_iter().enumerate() {
            for (r, e) in maps[k].results().iter().enumerate() {
                if let Some(d) = e.as_dim() {
                    sizes[d] = shape[r];
                }
            }
        }
        let (lhs, rhs) = (self.lanes(ops[0])?, self.lanes(ops[1])?);
        let vector_acc = self.is_vector(ops[2]);
        let (acc_shape, mut acc) = if vector_acc {
            (self.vector_info(op, ops[2])?.1, self.lanes(ops[2])?)
        } else {
            (Vec::new(), vec![self.values[&ops[2]][0]])
        };
        let linear = |shape: &[i64], idx: &[i64]| {
            idx.iter().zip(shape).fold(0i64, |a, (&i, &d)| a * d + i) as usize
        };
        for point in Self::block_offsets(&sizes) {
            let at = |k: usize| -> Vec<i64> { maps[k].eval(&point, &[]).unwrap_or_default() };
            let l = lhs[linear(&lshape, &at(0))];
            let r = rhs[linear(&rshape, &at(1))];
            let slot = linear(&acc_shape, &at(2));
            let p = self.combine(op, CombiningKind::Mul, l, r, lcs)?;
            acc[slot] = self.combine(op, kind, acc[slot], p, acc_cs)?;
        }
        if vector_acc {
            let (cs, shape) = self.vector_info(op, res)?;
            self.set_lanes(res, cs, &shape, &acc)
        } else {
            self.set(res, acc[0]);
            Ok(())
        }
    }

    /// The position of an extract/insert (static entries, dynamic ones
    /// checked against the dimension as the interpreter does), as the
    /// linear index of its first element in `shape`.
    fn position(
        &mut self,
        op: OpId,
        dynamic: &[Value],
        shape: &[i64],
    ) -> R<(IntValue<'ctx>, usize)> {
        let statics = self
            .ir
            .attr(self.ctx, op, "static_position")
            .and_then(|a| self.ctx.dense_array_i64(a))
            .unwrap_or_default();
        let mut next = dynamic.iter();
        let mut lin = self.i64c(0);
        for (i, &s) in statics.iter().enumerate() {
            let p = if s == DYNAMIC {
                let v = *next
                    .next()
                    .ok_or_else(|| self.err(op, "missing dynamic position"))?;
                let p = self.int(v);
                let bad =
                    self.b
                        .build_int_compare(IntPredicate::UGE, p, self.i64c(shape[i]), "")?;
                self.fail_if_args(
                    op,
                    bad,
                    &format!(
                        "position {{}} out of bounds of dimension {i} of size {}",
                        shape[i]
                    ),
                    &[FailArg::Signed(p)],
                )?;
                p
            } else {
                self.i64c(s)
            };
            let t = self.b.build_int_mul(lin, self.i64c(shape[i]), "")?;
            lin = self.b.build_int_add(t, p, "")?;
        }
        let inner: i64 = shape[statics.len().min(shape.len())..].iter().product();
        let start = self.b.build_int_mul(lin, self.i64c(inner), "")?;
        Ok((start, inner as usize))
    }

    fn emit_extract_insert(&mut self, op: OpId, short: &str, ops: &[Value], res: Value) -> R<()> {
        let x = |this: &Self, v: Value| this.values[&v][0].into_vector_value();
        if short == "extract" {
            let (_, shape) = self.vector_info(op, ops[0])?;
            let (start, len) = self.position(op, &ops[1..], &shape)?;
            let src = x(self, ops[0]);
            let mut lanes = Vec::with_capacity(len);
            for k in 0..len {
                let i = self.b.build_int_add(start, self.i64c(k as i64), "")?;
                lanes.push(self.b.build_extract_element(src, i, "")?);
            }
            if self.is_vector(res) {
                let (cs, rshape) = self.vector_info(op, res)?;
                self.set_lanes(res, cs, &rshape, &lanes)?;
            } else {
                self.set(res, lanes[0]);
            }
        } else {
            let (_, shape) = self.vector_info(op, ops[1])?;
            let (start, len) = self.position(op, &ops[2..], &shape)?;
            let src = if self.is_vector(ops[0]) {
                self.lanes(ops[0])?
            } else {
                vec![self.values[&ops[0]][0]]
            };
            let mut dest = x(self, ops[1]);
            for (k, &l) in src.iter().enumerate().take(len) {
                let i = self.b.build_int_add(start, self.i64c(k as i64), "")?;
                dest = self.b.build_insert_element(dest, l, i, "")?;
            }
            self.set(res, dest);
        }
        Ok(())
    }

    /// An `i64` list attribute of `op` ([`strata_dialect_vector::i64_list`]).
    fn i64_list(&self, op: OpId, name: &str) -> Vec<i64> {
        strata_dialect_vector::i64_list(self.ctx, self.ir, op, name)
    }

    /// `vector.shuffle`: the mask picks leading-dimension chunks of the
    /// two operands concatenated (a scalar or 0-D operand is one chunk);
    /// -1 is poison, which takes the first chunk, as the interpreter.
    fn emit_shuffle(&mut self, op: OpId, ops: &[Value], res: Value) -> R<()> {
        let chunked = |this: &Self, v: Value| -> R<Vec<Vec<BasicValueEnum<'ctx>>>> {
            if !this.is_vector(v) {
                return Ok(vec![vec![this.values[&v][0]]]);
            }
            let (_, shape) = this.vector_info(op, v)?;
            let lanes = this.lanes(v)?;
            let n = shape.first().copied().unwrap_or(1).max(1) as usize;
            let len = (lanes.len() / n).max(1);
            Ok(lanes.chunks(len).map(|c| c.to_vec()).collect())
        };
        let (a, b) = (chunked(self, ops[0])?, chunked(self, ops[1])?);
        let mut out = Vec::new();
        for m in self.i64_list(op, "mask") {
            let m = m.max(0) as usize;
            let chunk = match a.get(m).or_else(|| b.get(m - a.len())) {
                Some(c) => c,
                None => return Err(self.err(op, format!("shuffle index {m} out of bounds"))),
            };
            out.extend_from_slice(chunk);
        }
        let (cs, shape) = self.vector_info(op, res)?;
        self.set_lanes(res, cs, &shape, &out)
    }

    /// `vector.multi_reduction`: every source element in row-major order
    /// combined into the accumulator entry of its kept dimensions
    /// (`acc ⊕ x`), as the interpreter.
    fn emit_multi_reduction(&mut self, op: OpId, ops: &[Value], res: Value) -> R<()> {
        let kind = strata_dialect_vector::kind_of(self.ctx, self.ir, op);
        let (cs, shape) = self.vector_info(op, ops[0])?;
        let dims = self.i64_list(op, "reduction_dims");
        let kept: Vec<usize> = (0..shape.len())
            .filter(|d| !dims.contains(&(*d as i64)))
            .collect();
        let src = self.lanes(ops[0])?;
        let (acc_shape, mut acc) = if self.is_vector(ops[1]) {
            (self.vector_info(op, ops[1])?.1, self.lanes(ops[1])?)
        } else {
            (Vec::new(), vec![self.values[&ops[1]][0]])
        };
        for (k, idx) in Self::block_offsets(&shape).into_iter().enumerate() {
            let l = kept
                .iter()
                .zip(&acc_shape)
                .fold(0i64, |a, (&d, &n)| a * n + idx[d]) as usize;
            acc[l] = self.combine(op, kind, acc[l], src[k], cs)?;
        }
        if self.is_vector(res) {
            self.set_lanes(res, cs, &acc_shape, &acc)
        } else {
            self.set(res, acc[0]);
            Ok(())
        }
    }

    /// `vector.interleave` (lanes of the two operands' rows alternate) and
    /// `vector.deinterleave` (even and odd lanes of each row).
    fn emit_interleave(&mut self, op: OpId, short: &str, ops: &[Value], res: &[Value]) -> R<()> {
        let (cs, shape) = self.vector_info(op, ops[0])?;
        let row = shape.last().copied().unwrap_or(1).max(1) as usize;
        let a = self.lanes(ops[0])?;
        if short == "interleave" {
            let b = self.lanes(ops[1])?;
            let mut out = Vec::with_capacity(2 * a.len());
            for (ra, rb) in a.chunks(row).zip(b.chunks(row)) {
                for (x, y) in ra.iter().zip(rb) {
                    out.extend([*x, *y]);
                }
            }
            let (_, rshape) = self.vector_info(op, res[0])?;
            return self.set_lanes(res[0], cs, &rshape, &out);
        }
        let (mut even, mut odd) = (Vec::new(), Vec::new());
        for r in a.chunks(row) {
            for (i, x) in r.iter().enumerate() {
                if i % 2 == 0 { &mut even } else { &mut odd }.push(*x);
            }
        }
        let (_, rshape) = self.vector_info(op, res[0])?;
        self.set_lanes(res[0], cs, &rshape, &even)?;
        self.set_lanes(res[1], cs, &rshape, &odd)
    }

    /// `vector.extract_strided_slice` / `insert_strided_slice`: lane
    /// moves at the positions `offset + index * stride` of the dimensions
    /// the offsets name (the strides are the slice's, one per dimension of
    /// the inserted source), as the interpreter.
    fn emit_strided_slice(&mut self, op: OpId, short: &str, ops: &[Value], res: Value) -> R<()> {
        let (offsets, strides) = (self.i64_list(op, "offsets"), self.i64_list(op, "strides"));
        let stride = |k: usize| strides.get(k).copied().unwrap_or(1);
        let linear = |shape: &[i64], idx: &[i64]| -> Option<usize> {
            let mut l = 0i64;
            for (&i, &d) in idx.iter().zip(shape) {
                if i < 0 || i >= d {
                    return None;
                }
                l = l * d + i;
            }
            Some(l as usize)
        };
        let (cs, shape) = self.vector_info(op, res)?;
        let (_, src_shape) = self.vector_info(op, ops[0])?;
        let src = self.lanes(ops[0])?;
        let mut lanes = if short == "extract_strided_slice" {
            Vec::with_capacity(shape.iter().product::<i64>().max(0) as usize)
        } else {
            self.lanes(ops[1])?
        };
        let (walk, lead) = if short == "extract_strided_slice" {
            (&shape, 0)
        } else {
            (&src_shape, shape.len() - src_shape.len())
        };
        for (k, idx) in Self::block_offsets(walk).into_iter().enumerate() {
            let mut at: Vec<i64> = offsets[..lead.min(offsets.len())].to_vec();
            at.extend(
                idx.iter()
                    .enumerate()
                    .map(|(d, &i)| offsets.get(lead + d).map_or(i, |&o| o + i * stride(d))),
            );
            let bad = || self.err(op, format!("slice position {at:?} out of bounds"));
            if short == "extract_strided_slice" {
                let l = linear(&src_shape, &at).ok_or_else(bad)?;
                lanes.push(src[l]);
            } else {
                let l = linear(&shape, &at).ok_or_else(bad)?;
                lanes[l] = src[k];
            }
        }
        self.set_lanes(res, cs, &shape, &lanes)
    }

    /// `vector.transfer_read`/`transfer_write` on a memref: each element's
    /// position from the permutation map; in-bounds dimensions that are
    /// not stop with the interpreter's error; elements outside the memref
    /// (or masked off) read the padding, or are not written.
    fn emit_transfer(&mut self, op: OpId, short: &str, ops: &[Value], res: &[Value]) -> R<()> {
        let ir = self.ir;
        let groups = strata_ir::verifier::operand_group_ranges(self.ctx, ir, op)?;
        let read = short == "transfer_read";
        let (vector, memref) = if read {
            (res[0], ops[0])
        } else {
            (ops[0], ops[1])
        };
        if !matches!(self.ctype(op, memref)?, CType::MemRef { .. }) {
            return Err(self.err(op, "the LLVM back end transfers to and from memrefs only"));
        }
        let index_group = if read { 1 } else { 2 };
        let base: Vec<IntValue> = ops[groups[index_group].clone()]
            .iter()
            .map(|&v| self.int(v))
            .collect();
        let padding = read.then(|| self.values[&ops[groups[2].start]][0]);
        let mask = match groups[3].clone().next() {
            Some(i) => Some(self.lanes(ops[i])?),
            None => None,
        };
        let map = strata_dialect_vector::map_attr(self.ctx, ir, op, "permutation_map")
            .ok_or_else(|| self.err(op, "missing permutation_map"))?;
        let in_bounds = strata_dialect_vector::in_bounds(self.ctx, ir, op);
        let (cs, shape) = self.vector_info(op, vector)?;
        let values = if read {
            Vec::new()
        } else {
            self.lanes(vector)?
        };
        let comps = self.values[&memref].clone();
        let sizes: Vec<IntValue> = (0..base.len())
            .map(|k| comps[2 + k].into_int_value())
            .collect();
        let mut lanes = Vec::new();
        for (k, v) in Self::block_offsets(&shape).iter().enumerate() {
            let mut pos = base.clone();
            for (r, e) in map.results().iter().enumerate() {
                if let Some(d) = e.as_dim() {
                    pos[d] = self.b.build_int_add(pos[d], self.i64c(v[r]), "")?;
                    if in_bounds.get(r) == Some(&true) {
                        let bad =
                            self.b
                                .build_int_compare(IntPredicate::UGE, pos[d], sizes[d], "")?;
                        let list = vec!["{}"; pos.len()].join(", ");
                        let mut args: Vec<FailArg> =
                            pos.iter().map(|&p| FailArg::Signed(p)).collect();
                        args.extend(sizes.iter().map(|&s| FailArg::Signed(s)));
                        self.fail_if_args(
                            op,
                            bad,
                            &format!("out-of-bounds access at [{list}] of a source of shape [{list}] in a dimension marked in_bounds"),
                            &args,
                        )?;
                    }
                }
            }
            // Inside the memref (every dimension, unsigned compare covers
            // negative indices) and enabled by the mask.
            let mut ok = self.ll.bool_type().const_all_ones();
            for (d, &p) in pos.iter().enumerate() {
                let inside = self
                    .b
                    .build_int_compare(IntPredicate::ULT, p, sizes[d], "")?;
                ok = self.b.build_and(ok, inside, "")?;
            }
            if let Some(m) = &mask {
                ok = self.b.build_and(ok, m[k].into_int_value(), "")?;
            }
            let here = self.b.get_insert_block().expect("positioned");
            let access = self.block("transfer.access");
            let join = self.block("transfer.join");
            self.b.build_conditional_branch(ok, access, join)?;
            self.b.position_at_end(access);
            let p = self.element_at(op, memref, &pos)?;
            let loaded = if read {
                let x = self.b.build_load(container_type(self.ll, cs), p, "")?;
                Some(self.unabi(x, cs)?)
            } else {
                let x = self.abi(values[k])?;
                self.b.build_store(p, x)?;
                None
            };
            let access_end = self.b.get_insert_block().expect("positioned");
            self.b.build_unconditional_branch(join)?;
            self.b.position_at_end(join);
            if let (Some(x), Some(pad)) = (loaded, padding) {
                let phi = self.b.build_phi(x.get_type(), "")?;
                phi.add_incoming(&[(&x, access_end), (&pad, here)]);
                lanes.push(phi.as_basic_value());
            }
        }
        if read {
            self.set_lanes(res[0], cs, &shape, &lanes)?;
        }
        Ok(())
    }
}
