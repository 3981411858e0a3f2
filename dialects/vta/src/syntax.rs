//! Pieces of the custom syntax of the vta ops: the attribute spellings and
//! `custom<...>` directives their assembly formats name, and the property
//! readers the verifier and the translation share.
//!
//! Instruction ops spell their dependence flags as the token queues they
//! touch, `pop(l2g) push(g2s)`, because the flags alone (`pop_prev`,
//! `push_next`) mean different queues in different modules, which is the
//! usual source of confusion when reading a VTA stream. The properties keep
//! the ISA's flag names, so the generic form is the instruction's fields.
//!
//! The directives that may print nothing (`custom<Pads>`, the dependence
//! lists) write their own leading space; formats put `` `` `` before them
//! so that an instruction without them ends without a trailing space.

use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::{OpParser, OpPrinter};
use strata_ir::directives::{parse_i64, parse_i64_list, print_i64_list};
use strata_ir::format::{CustomDirective, DirectiveSlots, DirectiveValues};
use strata_ir::opdef::AttrSyntax;
use strata_ir::{Attribute, Context, DiagResult, Ir, OpId};
use strata_vta::{DepFlag, DepFlags, MemId, Module, TokenQueue};

/// Property names of the four dependence flags, in encoding order.
pub const DEP_ATTRS: [&str; 4] = ["pop_prev", "pop_next", "push_prev", "push_next"];

/// The flags in the order of [`DEP_ATTRS`].
const FLAGS: [DepFlag; 4] = [
    DepFlag::PopPrev,
    DepFlag::PopNext,
    DepFlag::PushPrev,
    DepFlag::PushNext,
];

/// The dependence flags stored on `op`.
pub fn deps_of(ctx: &Context, ir: &Ir, op: OpId) -> DepFlags {
    let has = |name: &str| ir.attr(ctx, op, name).is_some();
    DepFlags {
        pop_prev: has(DEP_ATTRS[0]),
        pop_next: has(DEP_ATTRS[1]),
        push_prev: has(DEP_ATTRS[2]),
        push_next: has(DEP_ATTRS[3]),
    }
}

/// The module whose queue a `vta.load` of `memory` goes to.
pub fn load_module(memory: MemId) -> Module {
    match memory {
        MemId::Inp | MemId::Wgt => Module::Load,
        _ => Module::Compute,
    }
}

pub fn mem_id(name: &str) -> Option<MemId> {
    MemId::ALL.into_iter().find(|m| m.name() == name)
}

pub fn alu_op(name: &str) -> Option<strata_vta::AluOp> {
    strata_vta::AluOp::ALL
        .into_iter()
        .find(|m| m.name() == name)
}

fn queue_by_name(name: &str) -> Option<TokenQueue> {
    TokenQueue::ALL.into_iter().find(|q| q.name() == name)
}

// ----- attribute spellings -----

/// Prints a string attribute as a bare word.
fn print_word(p: &mut OpPrinter, attr: Attribute) {
    let word = p.ctx().string_value(attr).unwrap_or("?").to_string();
    p.write(&word);
}

/// `$memory`: `inp`, `wgt`, `acc`, `acc8` or `uop`.
pub const MEMORY: AttrSyntax = AttrSyntax {
    parse: |p| {
        if p.parser.kind() != TokenKind::BareIdent {
            return Err(p.error_here("expected memory: inp, wgt, acc, acc8 or uop"));
        }
        let name = p.parser.text();
        let Some(memory) = mem_id(name) else {
            return Err(p.error_here(format!("unknown memory '{name}'")));
        };
        p.parser.advance();
        Ok(Some(p.ctx().string_attr(memory.name())))
    },
    print: print_word,
};

/// `$opcode` of `vta.alu` and `vta.alu_tile`: `min`, `max`, `add`, `shr`, `mul`.
pub const ALU_OPCODE: AttrSyntax = AttrSyntax {
    parse: |p| {
        if p.parser.kind() != TokenKind::BareIdent {
            return Err(p.error_here("expected ALU opcode: min, max, add, shr or mul"));
        }
        let name = p.parser.text();
        let Some(op) = alu_op(name) else {
            return Err(p.error_here(format!(
                "unknown ALU opcode '{name}', expected min, max, add, shr or mul"
            )));
        };
        p.parser.advance();
        Ok(Some(p.ctx().string_attr(op.name())))
    },
    print: print_word,
};

// ----- custom directives -----

/// `custom<DramRef>($buffer, $dram_offset)`: `@buffer[offset]`, or
/// `[offset]` for an absolute address.
pub const DRAM_REF: CustomDirective = CustomDirective {
    name: "DramRef",
    parse: |p, slots| {
        if p.parser.kind() == TokenKind::AtIdent {
            let name = p.parse_symbol_name()?;
            let sym = p.ctx().symbol_ref_attr(&name, &[]);
            slots.set_attribute(0, sym);
        }
        p.expect(TokenKind::LSquare, "'['")?;
        let offset = parse_i64(p)?;
        p.expect(TokenKind::RSquare, "']'")?;
        let offset = p.ctx().i64_attr(offset);
        slots.set_attribute(1, offset);
        Ok(())
    },
    print: |p, _, values| {
        let ctx = p.ctx();
        if let Some(buffer) = values.attribute(0) {
            p.print_attribute(buffer);
        }
        let offset = values.attribute(1).and_then(|a| ctx.integer_value(a));
        p.write(&format!("[{}]", offset.unwrap_or(0)));
    },
};

/// `custom<Pads>($y_pad_0, $y_pad_1, $x_pad_0, $x_pad_1)`: ` pad [..]`,
/// left out when every padding is zero; all four are stored either way.
pub const PADS: CustomDirective = CustomDirective {
    name: "Pads",
    parse: |p, slots| {
        let pads = if p.consume_keyword("pad") {
            let pads = parse_i64_list(p)?;
            if pads.len() != 4 {
                return Err(
                    p.error_here("expected 4 paddings: [y_pad_0, y_pad_1, x_pad_0, x_pad_1]")
                );
            }
            pads
        } else {
            vec![0; 4]
        };
        for (k, pad) in pads.into_iter().enumerate() {
            let attr = p.ctx().i64_attr(pad);
            slots.set_attribute(k, attr);
        }
        Ok(())
    },
    print: |p, _, values| {
        let ctx = p.ctx();
        let pads: Vec<i64> = (0..4)
            .map(|k| {
                values
                    .attribute(k)
                    .and_then(|a| ctx.integer_value(a))
                    .and_then(|v| i64::try_from(v).ok())
                    .unwrap_or(0)
            })
            .collect();
        if pads.iter().any(|&x| x != 0) {
            p.write(" pad ");
            print_i64_list(p, &pads);
        }
    },
};

/// `custom<TensorTypeAndInitialValue>($tensor_type, $initial_value)`:
/// `tensor<...>`, then `= dense<...>` of that type if there is one (MLIR's
/// `memref.global` spells its type and initial value the same way).
pub const TENSOR_TYPE_AND_INITIAL_VALUE: CustomDirective = CustomDirective {
    name: "TensorTypeAndInitialValue",
    parse: |p, slots| {
        let ty = p.parse_type()?;
        let ty_attr = p.ctx().type_attr(ty);
        slots.set_attribute(0, ty_attr);
        if p.consume_if(TokenKind::Equal) {
            let value = p.parse_attribute(Some(ty))?;
            slots.set_attribute(1, value);
        }
        Ok(())
    },
    print: |p, _, values| {
        if let Some(ty) = values.attribute(0).and_then(|a| p.ctx().type_value(a)) {
            p.print_type(ty);
        }
        if let Some(init) = values.attribute(1) {
            p.write(" = ");
            p.print_attribute_without_type(init);
        }
    },
};

/// `custom<LoadDeps>(ref($memory), $pop_prev, $pop_next, $push_prev,
/// $push_next)`: the dependence flags of a `vta.load`, whose module the
/// memory decides.
pub const LOAD_DEPS: CustomDirective = CustomDirective {
    name: "LoadDeps",
    parse: |p, slots| {
        let memory = slots.attribute(0).and_then(|a| p.ctx().string_value(a));
        let module = memory.and_then(mem_id).map_or(Module::Compute, load_module);
        parse_deps(p, slots, 1, module)
    },
    print: |p, _, values| {
        let memory = values.attribute(0).and_then(|a| p.ctx().string_value(a));
        let module = memory.and_then(mem_id).map_or(Module::Compute, load_module);
        print_deps(p, values, 1, module)
    },
};

/// `custom<StoreDeps>($pop_prev, $pop_next, $push_prev, $push_next)`.
pub const STORE_DEPS: CustomDirective = CustomDirective {
    name: "StoreDeps",
    parse: |p, slots| parse_deps(p, slots, 0, Module::Store),
    print: |p, _, values| print_deps(p, values, 0, Module::Store),
};

/// `custom<ComputeDeps>($pop_prev, $pop_next, $push_prev, $push_next)`.
pub const COMPUTE_DEPS: CustomDirective = CustomDirective {
    name: "ComputeDeps",
    parse: |p, slots| parse_deps(p, slots, 0, Module::Compute),
    print: |p, _, values| print_deps(p, values, 0, Module::Compute),
};

/// Parses optional `pop(q, ...)` and `push(q, ...)` clauses for an
/// instruction of `module`, setting the flag slots from `first` on (in
/// the order of [`DEP_ATTRS`]).
fn parse_deps<'a>(
    p: &mut OpParser<'_, 'a>,
    slots: &mut DirectiveSlots<'a>,
    first: usize,
    module: Module,
) -> DiagResult<()> {
    for (keyword, pop) in [("pop", true), ("push", false)] {
        if !p.consume_keyword(keyword) {
            continue;
        }
        p.expect(TokenKind::LParen, "'('")?;
        loop {
            if p.parser.kind() != TokenKind::BareIdent {
                return Err(p.error_here("expected a token queue: l2g, g2l, g2s or s2g"));
            }
            let name = p.parser.text();
            let Some(queue) = queue_by_name(name) else {
                return Err(p.error_here(format!(
                    "unknown token queue '{name}', expected l2g, g2l, g2s or s2g"
                )));
            };
            let flag = (0..FLAGS.len())
                .filter(|&k| matches!(FLAGS[k], DepFlag::PopPrev | DepFlag::PopNext) == pop)
                .find(|&k| DepFlags::queue(module, FLAGS[k]) == Some(queue));
            let Some(flag) = flag else {
                return Err(p.error_here(format!(
                    "the {} module cannot {keyword} token queue '{name}'",
                    module.name()
                )));
            };
            p.parser.advance();
            let unit = p.ctx().unit_attr();
            slots.set_attribute(first + flag, unit);
            if !p.consume_if(TokenKind::Comma) {
                break;
            }
        }
        p.expect(TokenKind::RParen, "')'")?;
    }
    Ok(())
}

/// Prints ` pop(...) push(...)` for the flags in the slots from `first`
/// on. A flag that names no queue in the module (only possible in the
/// generic form, and rejected by the verifier) prints as its raw name.
fn print_deps(p: &mut OpPrinter, values: &DirectiveValues, first: usize, module: Module) {
    let mut pops = Vec::new();
    let mut pushes = Vec::new();
    for (k, flag) in FLAGS.into_iter().enumerate() {
        if values.attribute(first + k).is_none() {
            continue;
        }
        let name = DepFlags::queue(module, flag).map_or(flag.name(), |q| q.name());
        match flag {
            DepFlag::PopPrev | DepFlag::PopNext => pops.push(name),
            DepFlag::PushPrev | DepFlag::PushNext => pushes.push(name),
        }
    }
    if !pops.is_empty() {
        p.write(&format!(" pop({})", pops.join(", ")));
    }
    if !pushes.is_empty() {
        p.write(&format!(" push({})", pushes.join(", ")));
    }
}

// ----- property readers -----

/// Reads an integer property (0 when absent, which the verifier rejects
/// for required ones before anything reads them).
pub fn int_prop(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> i64 {
    ir.attr(ctx, op, name)
        .and_then(|a| ctx.integer_value(a))
        .and_then(|v| i64::try_from(v).ok())
        .unwrap_or(0)
}

/// Reads a string property.
pub fn str_prop<'c>(ctx: &'c Context, ir: &Ir, op: OpId, name: &str) -> Option<&'c str> {
    ir.attr(ctx, op, name).and_then(|a| ctx.string_value(a))
}

/// Reads a flat symbol reference property.
pub fn symbol_prop(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<String> {
    match ctx.attr_data(ir.attr(ctx, op, name)?) {
        strata_ir::AttrData::SymbolRef { root, .. } => Some(ctx.str(*root).to_string()),
        _ => None,
    }
}
