//! `test-convert-types`: type conversion with the dialect-conversion
//! driver (in the spirit of MLIR's `test-legalize-type-conversion`).
//!
//! The type converter turns `i16` into `i32` and keeps every other type.
//! `func.func` signatures and bodies are converted; any other op is
//! rebuilt with converted operand and result types (its regions' block
//! arguments converted too), except `test.legal`, which is legal whatever
//! its types: a converted value it reads comes through a source
//! materialization, a value it defines reaches converted users through a
//! target materialization, both `builtin.unrealized_conversion_cast`.
//!
//! An op the catch-all rebuild leaves invalid (a cast whose widths must
//! differ, a constant whose value has the old type) fails the pass with
//! the verifier's message.
//!
//! `test-legalize-mode` chooses `partial` (default) or `full` conversion;
//! `unconvertible` names a type (e.g. `i7`) no conversion handles, to show
//! the failures.

use std::sync::Arc;
use strata_ir::pass::{Pass, PassContext, PassOption, PassResult};
use strata_ir::rewrite::{
    apply_full_conversion, apply_partial_conversion, ConversionConfig, ConversionPatternSet,
    ConversionTarget, NoMatch, TypeConverter,
};
use strata_ir::{Context, Diagnostic, Ir, OpId, Signedness};

use crate::legalize_patterns_pass::{replace_with_renamed, LegalizeMode};
use crate::LegalOp;
use strata_dialect_func::FuncOp;
use strata_ir::builtin::ModuleOp;

#[derive(Clone)]
pub struct TestConvertTypes {
    mode: LegalizeMode,
    unconvertible: i64,
}

impl Default for TestConvertTypes {
    fn default() -> Self {
        Self {
            mode: LegalizeMode::Partial,
            unconvertible: 0,
        }
    }
}

/// Whether the signature and block arguments of function `op` are legal.
fn function_is_legal(ctx: &Context, ir: &Ir, op: OpId, converter: &TypeConverter) -> bool {
    let Some(ty) = ir
        .attr(ctx, op, "function_type")
        .and_then(|a| ctx.type_value(a))
    else {
        return true;
    };
    converter.is_signature_legal(ctx, ty)
        && ir
            .regions(op)
            .iter()
            .all(|&r| converter.is_legal_region(ctx, ir, r))
}

/// Whether the types of `op` and of its regions' block arguments are legal.
fn op_is_legal(ctx: &Context, ir: &Ir, op: OpId, converter: &TypeConverter) -> bool {
    converter.is_legal_op(ctx, ir, op)
        && ir
            .regions(op)
            .iter()
            .all(|&r| converter.is_legal_region(ctx, ir, r))
}

impl Pass for TestConvertTypes {
    fn name(&self) -> &str {
        "TestConvertTypes"
    }
    fn argument(&self) -> &str {
        "test-convert-types"
    }
    fn description(&self) -> &str {
        "Convert i16 to i32 with the dialect-conversion driver"
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![
            PassOption::choice(
                "test-legalize-mode",
                "The conversion to run",
                &mut self.mode,
            ),
            PassOption::int(
                "unconvertible",
                "Width of an integer type no conversion handles (0: none)",
                &mut self.unconvertible,
            ),
        ]
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx;
        let i16 = ctx.integer_type(16, Signedness::Signless);
        let i32 = ctx.integer_type(32, Signedness::Signless);
        let unconvertible = (self.unconvertible > 0)
            .then(|| ctx.integer_type(self.unconvertible as u32, Signedness::Signless));
        let mut converter = TypeConverter::new();
        converter
            .add_conversion(move |_, t| (Some(t) != unconvertible).then_some(t))
            .add_conversion(move |_, t| (t == i16).then_some(i32));
        let converter = Arc::new(converter);

        let mut target = ConversionTarget::new(ctx);
        target
            .add_legal_op(ModuleOp::NAME)
            .add_legal_op(LegalOp::NAME);
        let c = converter.clone();
        target.add_dynamically_legal_op(FuncOp::NAME, move |ctx, ir, op| {
            function_is_legal(ctx, ir, op, &c)
        });
        let c = converter.clone();
        target.mark_unknown_operations_dynamically_legal(move |ctx, ir, op| {
            op_is_legal(ctx, ir, op, &c)
        });

        let mut patterns = ConversionPatternSet::new();
        patterns.add_fn(
            Some(ctx.op_name(FuncOp::NAME)),
            1,
            "FuncSignatureConversion",
            Some(converter.clone()),
            |op, _, rw| {
                let ctx = rw.ctx();
                let converter = rw.type_converter().cloned().ok_or(NoMatch)?;
                let ty = rw
                    .ir()
                    .attr(ctx, op, "function_type")
                    .and_then(|a| ctx.type_value(a))
                    .ok_or(NoMatch)?;
                let new_ty = converter.convert_function_type(ctx, ty).ok_or(NoMatch)?;
                let regions = rw.ir().regions(op).to_vec();
                for &region in &regions {
                    let ir = rw.ir();
                    let convertible = ir.region_blocks(region).iter().all(|&b| {
                        ir.block_args(b)
                            .iter()
                            .all(|&a| converter.convert_type(ctx, ir.value_type(a)).is_some())
                    });
                    if !convertible {
                        return Err(NoMatch);
                    }
                }
                for region in regions {
                    rw.convert_region_types(region, &converter)?;
                }
                rw.modify_op_in_place(op, |ir| {
                    ir.set_property(ctx, op, "function_type", Some(ctx.type_attr(new_ty)))
                });
                Ok(())
            },
        );
        patterns.add_fn(
            None,
            1,
            "AnyOpTypeConversion",
            Some(converter.clone()),
            |op, operands, rw| {
                let ctx = rw.ctx();
                if ctx.op_name_str(rw.ir().op_name(op)) == FuncOp::NAME {
                    return Err(NoMatch);
                }
                let converter = rw.type_converter().cloned().ok_or(NoMatch)?;
                let ir = rw.ir();
                let results = converter
                    .convert_types(ctx, ir.results(op).map(|v| ir.value_type(v)))
                    .ok_or(NoMatch)?;
                let regions_convertible = ir.regions(op).iter().all(|&r| {
                    ir.region_blocks(r).iter().all(|&b| {
                        ir.block_args(b)
                            .iter()
                            .all(|&a| converter.convert_type(ctx, ir.value_type(a)).is_some())
                    })
                });
                if !regions_convertible {
                    return Err(NoMatch);
                }
                let name = ctx.op_name_str(ir.op_name(op)).to_string();
                let new_op = replace_with_renamed(rw, op, &name, operands, Some(&results));
                let regions = rw.ir().regions(new_op).to_vec();
                for region in regions {
                    rw.convert_region_types(region, &converter)?;
                }
                Ok(())
            },
        );
        let patterns = patterns.freeze();
        let config = ConversionConfig::default();
        let stats = if self.mode == LegalizeMode::Full {
            apply_full_conversion(ctx, pc.ir, pc.op, &target, &patterns, &config)
        } else {
            apply_partial_conversion(ctx, pc.ir, pc.op, &target, &patterns, &config)
        }?;
        pc.add_statistic(
            "num-patterns",
            "Conversion patterns applied",
            stats.patterns_applied,
        );
        // The catch-all pattern retypes ops whose verifiers tie their types
        // to attributes or to each other (`arith.constant`'s value, a
        // cast's widths): such an op fails the pass here, with the
        // verifier's message, rather than leaving IR that does not verify.
        strata_ir::verifier::verify(ctx, pc.ir, pc.op).map_err(|d| {
            let message = format!(
                "test-convert-types retyped an op into one that does not verify: {}",
                d.message
            );
            Diagnostic { message, ..d }
        })?;
        Ok(())
    }
}
