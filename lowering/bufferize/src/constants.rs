//! Tensor constants (`arith.constant dense<...> : tensor<...>`) become
//! private constant `memref.global`s read with `memref.get_global`, as
//! MLIR's `arith` bufferization does: one global per distinct value and
//! type, named `__constant_<shape>x<element>` (`__constant_4xf32`,
//! `__constant_2x3xi32`), uniqued against the module's symbols with `_0`,
//! `_1`, ... and inserted at the start of the module, aligned to 64 bytes.
//! The buffer is read-only: ops writing the constant write a copy.

use crate::one_shot::Bufferizer;
use rustc_hash::{FxHashMap, FxHashSet};
use strata_dialect_memref::{GetGlobalOp, GlobalOp};
use strata_ir::{Attribute, InsertPoint, OpId, Type};

/// The module's globals created for constants, shared by its functions.
#[derive(Default)]
pub(crate) struct Globals {
    by_value: FxHashMap<(Attribute, Type), String>,
    names: Option<FxHashSet<String>>,
}

impl Bufferizer<'_> {
    pub(crate) fn constant(&mut self, op: OpId) {
        let ctx = self.ctx;
        let r = self.ir.result(op, 0);
        let tensor_ty = self.ir.value_type(r);
        let func = self.ir.block_parent_op(self.block);
        let module = func.and_then(|f| self.ir.parent_op(f));
        let (Some(value), Some(module)) = (self.ir.attr(ctx, op, "value"), module) else {
            return self.unknown(op);
        };
        let Some(module_block) = self.ir.entry_block(self.ir.region(module, 0)) else {
            return self.unknown(op);
        };
        let shape = ctx.shape(tensor_ty).unwrap_or(&[]).to_vec();
        let memref_ty = ctx.memref_type(&shape, ctx.element_type_or_self(tensor_ty));
        let name = match self.globals.by_value.get(&(value, tensor_ty)) {
            Some(n) => n.clone(),
            None => {
                let name = self.global_name(module_block, tensor_ty);
                GlobalOp::build(
                    &mut self.builder(InsertPoint::BlockStart(module_block)),
                    ctx.string_attr(&name),
                    Some(ctx.string_attr("private")),
                    ctx.type_attr(memref_ty),
                    Some(value),
                    Some(ctx.unit_attr()),
                    Some(ctx.integer_attr(ctx.signless(64), 64)),
                );
                self.globals
                    .by_value
                    .insert((value, tensor_ty), name.clone());
                name
            }
        };
        let symbol = ctx.symbol_ref_attr(&name, &[]);
        let get = GetGlobalOp::build(
            &mut self.builder(InsertPoint::Before(op)),
            memref_ty,
            symbol,
        );
        let buf = self.ir.result(get.0, 0);
        let c = self.new_class(false);
        self.bind(op, r, buf, c);
        let _ = self.ir.erase_op(op);
    }

    /// `__constant_4xf32`, made unique among the module's symbols.
    fn global_name(&mut self, module_block: strata_ir::BlockId, ty: Type) -> String {
        let ctx = self.ctx;
        if self.globals.names.is_none() {
            let mut names = FxHashSet::default();
            for o in self.ir.block_ops(module_block) {
                if let Some(n) = self
                    .ir
                    .attr(ctx, o, "sym_name")
                    .and_then(|a| ctx.string_value(a))
                {
                    names.insert(n.to_string());
                }
            }
            self.globals.names = Some(names);
        }
        let mut base = String::from("__constant_");
        for d in ctx.shape(ty).unwrap_or(&[]) {
            base.push_str(&format!("{d}x"));
        }
        base.push_str(&strata_ir::asm::printer::type_to_string(
            ctx,
            ctx.element_type_or_self(ty),
        ));
        let names = self.globals.names.as_mut().unwrap();
        let mut name = base.clone();
        let mut i = 0;
        while names.contains(&name) {
            name = format!("{base}_{i}");
            i += 1;
        }
        names.insert(name.clone());
        name
    }
}
