//! A small IR builder for the kernels: an [`OpCreator`] at an insertion
//! point (so every dialect's typed builder works on it), with shorthands for
//! the index arithmetic, memory access and intrinsic calls the kernels are
//! made of, and `scf.for` with iteration arguments built from a closure.

use strata_dialect_arith as arith;
use strata_dialect_arith::{CmpIOp, ConstantOp};
use strata_dialect_memref::{AllocOp, CollapseShapeOp, DeallocOp, LoadOp, StoreOp};
use strata_dialect_scf::{ForOp, IfOp, YieldOp};
use strata_dialect_x86::{AddrOp, CallOp};
use strata_ir::builder::OpCreator;
use strata_ir::rewrite::TypedOp;
use strata_ir::{Context, FloatKind, InsertPoint, Ir, Location, OperationState, Type, Value};

pub struct B<'a> {
    pub ctx: &'a Context,
    pub ir: &'a mut Ir,
    pub loc: Location,
    pub at: InsertPoint,
}

impl<'c> OpCreator<'c> for B<'c> {
    fn ctx(&self) -> &'c Context {
        self.ctx
    }
    fn ir(&self) -> &Ir {
        self.ir
    }
    fn loc(&self) -> Location {
        self.loc
    }
    /// Creates the op at the insertion point, which stays where it is: ops
    /// created before an op, or at a block's end, keep program order.
    fn create(&mut self, state: OperationState) -> strata_ir::OpId {
        self.ir.create_op(state, self.at)
    }
}

impl<'a> B<'a> {
    /// An op `Op` without attributes, of operands `operands` and one
    /// result of type `ty` (the elementwise arith ops and casts).
    fn value<Op: TypedOp>(&mut self, operands: Vec<Value>, ty: Type) -> Value {
        let mut state = OperationState::new(self.ctx, Op::NAME, self.loc);
        state.operands = operands;
        state.result_types = vec![ty];
        let op = self.create(state);
        self.ir.result(op, 0)
    }

    pub fn index(&self) -> Type {
        self.ctx.index_type()
    }
    pub fn f32(&self) -> Type {
        self.ctx.float_type(FloatKind::F32)
    }
    pub fn int(&self, w: u32) -> Type {
        self.ctx.signless(w)
    }
    pub fn vec_f32(&self) -> Type {
        self.ctx.vector_type(&[16], self.f32())
    }
    pub fn vec_i32(&self) -> Type {
        self.ctx.vector_type(&[16], self.int(32))
    }

    /// An `index` constant.
    pub fn c(&mut self, v: i64) -> Value {
        let attr = self.ctx.index_attr(v);
        let ty = self.index();
        let constant = ConstantOp::build(self, ty, attr);
        self.ir.result(constant.0, 0)
    }
    /// An `iN` constant.
    pub fn ci(&mut self, v: i64, w: u32) -> Value {
        let ty = self.int(w);
        let attr = self.ctx.integer_attr(ty, v as i128);
        let constant = ConstantOp::build(self, ty, attr);
        self.ir.result(constant.0, 0)
    }
    /// A binary arith op `Op` on operands of one type.
    pub fn arith<Op: TypedOp>(&mut self, a: Value, b: Value) -> Value {
        let ty = self.ir.value_type(a);
        self.value::<Op>(vec![a, b], ty)
    }
    pub fn add(&mut self, a: Value, b: Value) -> Value {
        self.arith::<arith::AddIOp>(a, b)
    }
    pub fn addc(&mut self, a: Value, c: i64) -> Value {
        if c == 0 {
            return a;
        }
        let c = self.c(c);
        self.add(a, c)
    }
    pub fn mulc(&mut self, a: Value, c: i64) -> Value {
        if c == 1 {
            return a;
        }
        let c = self.c(c);
        self.arith::<arith::MulIOp>(a, c)
    }
    pub fn divc(&mut self, a: Value, c: i64) -> Value {
        if c == 1 {
            return a;
        }
        let c = self.c(c);
        self.arith::<arith::DivUIOp>(a, c)
    }
    pub fn remc(&mut self, a: Value, c: i64) -> Value {
        if c == 1 {
            return self.c(0);
        }
        let c = self.c(c);
        self.arith::<arith::RemUIOp>(a, c)
    }
    pub fn minc(&mut self, a: Value, c: i64) -> Value {
        let c = self.c(c);
        self.arith::<arith::MinSIOp>(a, c)
    }
    /// A cast op `Op` of `a` to `ty`.
    pub fn cast<Op: TypedOp>(&mut self, a: Value, ty: Type) -> Value {
        self.value::<Op>(vec![a], ty)
    }

    pub fn load(&mut self, m: Value, idx: Vec<Value>) -> Value {
        let elem = self.ctx.element_type_or_self(self.ir.value_type(m));
        let load = LoadOp::build(self, m, &idx, elem, None, None);
        self.ir.result(load.0, 0)
    }
    pub fn store(&mut self, v: Value, m: Value, idx: Vec<Value>) {
        StoreOp::build(self, v, m, &idx, None, None);
    }
    pub fn alloc(&mut self, shape: &[i64], elem: Type) -> Value {
        let ty = self.ctx.memref_type(shape, elem);
        let alloc = AllocOp::build(self, &[], &[], ty, None);
        self.ir.result(alloc.0, 0)
    }
    /// `memref.collapse_shape` of `m` (identity layout, element `elem`)
    /// into `shape`, its dimensions grouped as `groups` says.
    pub fn collapse(&mut self, m: Value, groups: &[Vec<i64>], shape: &[i64], elem: Type) -> Value {
        let ty = self.ctx.memref_type(shape, elem);
        let groups = strata_dialect_tensor::syntax::reassociation_attr(self.ctx, groups);
        let collapse = CollapseShapeOp::build(self, m, ty, groups);
        self.ir.result(collapse.0, 0)
    }
    pub fn dealloc(&mut self, m: Value) {
        DeallocOp::build(self, m);
    }

    /// `x86.addr %m[idx]`.
    pub fn addr(&mut self, m: Value, idx: Vec<Value>) -> Value {
        let ty = strata_dialect_x86::ptr_type(self.ctx);
        let addr = AddrOp::build(self, m, &idx, ty);
        self.ir.result(addr.0, 0)
    }
    /// `x86.call "name"(args) {imm}`.
    pub fn call(
        &mut self,
        name: &str,
        imm: &[i32],
        args: Vec<Value>,
        result: Option<Type>,
    ) -> Option<Value> {
        let callee = self.ctx.string_attr(name);
        let imm = (!imm.is_empty()).then(|| self.ctx.dense_i32_array(imm));
        let results: Vec<Type> = result.into_iter().collect();
        let call = CallOp::build(self, &args, &results, callee, imm);
        result.map(|_| self.ir.result(call.0, 0))
    }
    pub fn vcall(&mut self, name: &str, args: Vec<Value>, ty: Type) -> Value {
        self.call(name, &[], args, Some(ty)).unwrap()
    }

    /// `scf.for %iv = lb to ub step step iter_args(inits)`; `body` gets
    /// the induction variable and the iteration arguments and returns
    /// what to yield. Returns the loop's results.
    pub fn for_(
        &mut self,
        lb: Value,
        ub: Value,
        step: Value,
        inits: Vec<Value>,
        body: impl FnOnce(&mut B, Value, Vec<Value>) -> Vec<Value>,
    ) -> Vec<Value> {
        let types: Vec<Type> = inits.iter().map(|&v| self.ir.value_type(v)).collect();
        let op = ForOp::build(self, lb, ub, step, &inits, &types, None).0;
        let region = self.ir.region(op, 0);
        let mut arg_types = vec![self.index()];
        arg_types.extend(types);
        let block = self.ir.append_block(region, &arg_types);
        let args = self.ir.block_args(block).to_vec();
        let saved = self.at;
        self.at = InsertPoint::BlockEnd(block);
        let yielded = body(self, args[0], args[1..].to_vec());
        YieldOp::build(self, &yielded);
        self.at = saved;
        self.ir.results(op).collect()
    }
    /// `arith.cmpi` with MLIR's predicate number (`0` eq, `1` ne, `2` slt,
    /// `3` sle, ...): an `i1`.
    pub fn cmpi(&mut self, predicate: i64, a: Value, b: Value) -> Value {
        let i1 = self.int(1);
        let p = self.ctx.i64_attr(predicate);
        let cmp = CmpIOp::build(self, a, b, i1, p);
        self.ir.result(cmp.0, 0)
    }

    /// `scf.if %cond` without results: `then` and `otherwise` fill the two
    /// branches.
    pub fn if_else(
        &mut self,
        cond: Value,
        then: impl FnOnce(&mut B),
        otherwise: impl FnOnce(&mut B),
    ) {
        let op = IfOp::build(self, cond, &[]).0;
        let saved = self.at;
        let mut yields = Vec::new();
        for r in 0..2 {
            let region = self.ir.region(op, r);
            let block = self.ir.append_block(region, &[]);
            self.at = InsertPoint::BlockEnd(block);
            yields.push(YieldOp::build(self, &[]).0);
        }
        self.at = InsertPoint::Before(yields[0]);
        then(self);
        self.at = InsertPoint::Before(yields[1]);
        otherwise(self);
        self.at = saved;
    }

    /// A loop from constant `lb` to constant `ub` (nothing when empty).
    pub fn for_const(&mut self, lb: i64, ub: i64, step: i64, body: impl FnOnce(&mut B, Value)) {
        if lb >= ub {
            return;
        }
        let (l, u, s) = (self.c(lb), self.c(ub), self.c(step));
        self.for_(l, u, s, vec![], |b, iv, _| {
            body(b, iv);
            vec![]
        });
    }
}
