//! `view-op-graph` (MLIR's `ViewOpGraph`): writes the op graph in Graphviz
//! DOT to standard error: a cluster per op with regions and per region,
//! a record node per op with its operands and results, and data-flow edges
//! from each value's producer to its users (MLIR's layout, simplified
//! labels).

use std::fmt::Write;
use strata_ir::asm::printer::attr_to_string;
use strata_ir::pass::{Pass, PassContext, PassOption, PassResult};
use strata_ir::{Context, Ir, OpId, Value, ValueDef};

#[derive(Clone)]
pub struct ViewOpGraph {
    pub max_label_len: i64,
    pub print_attrs: bool,
    pub print_data_flow_edges: bool,
}

impl Default for ViewOpGraph {
    fn default() -> Self {
        Self {
            max_label_len: 20,
            print_attrs: true,
            print_data_flow_edges: true,
        }
    }
}

struct Writer<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
    out: String,
    next_id: usize,
    /// Node of each value's producer: (node id, port).
    producers: rustc_hash::FxHashMap<Value, String>,
    edges: Vec<String>,
    max_len: usize,
    attrs: bool,
}

fn escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '"' | '{' | '}' | '<' | '>' | '|' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\l"),
            _ => out.push(c),
        }
    }
    out
}

impl Writer<'_> {
    fn id(&mut self) -> String {
        self.next_id += 1;
        format!("v{}", self.next_id)
    }
    fn truncate(&self, s: String) -> String {
        if s.chars().count() > self.max_len {
            let t: String = s.chars().take(self.max_len).collect();
            format!("{t}...")
        } else {
            s
        }
    }
    fn attrs_label(&self, op: OpId) -> String {
        if !self.attrs {
            return String::new();
        }
        let mut label = String::new();
        for dict in [self.ir.properties(op), self.ir.attributes(op)] {
            for &(name, value) in self.ctx.dictionary_entries(dict) {
                let v = self.truncate(attr_to_string(self.ctx, value));
                let _ = writeln!(label, "{}: {}", self.ctx.str(name), v);
            }
        }
        label
    }
    fn emit_op(&mut self, op: OpId, indent: usize) {
        let pad = "  ".repeat(indent);
        let name = self.ctx.op_name_str(self.ir.op_name(op)).to_string();
        if self.ir.regions(op).is_empty() {
            let node = self.id();
            let operands: Vec<String> = (0..self.ir.num_operands(op))
                .map(|i| format!("<arg{i}> #{i}"))
                .collect();
            let results: Vec<String> = (0..self.ir.num_results(op))
                .map(|i| format!("<res{i}> #{i}"))
                .collect();
            let mut label = String::new();
            if !operands.is_empty() {
                let _ = write!(label, "{{{}}}|", operands.join("|"));
            }
            let _ = write!(label, "{}\\l", escape(&name));
            let attrs = self.attrs_label(op);
            if !attrs.is_empty() {
                let _ = write!(label, "\\l{}", escape(&attrs));
            }
            if !results.is_empty() {
                let _ = write!(label, "|{{{}}}", results.join("|"));
            }
            let _ = writeln!(
                self.out,
                "{pad}{node} [label = \"{{{label}}}\", shape = Mrecord];"
            );
            for (i, v) in self.ir.operands(op).enumerate() {
                if let Some(from) = self.producers.get(&v) {
                    self.edges
                        .push(format!("{from}:s -> {node}:arg{i}:n[style = solid];"));
                }
            }
            for (i, v) in self.ir.results(op).enumerate() {
                self.producers.insert(v, format!("{node}:res{i}"));
            }
            return;
        }
        let cluster = self.id();
        let _ = writeln!(self.out, "{pad}subgraph cluster_{} {{", &cluster[1..]);
        let anchor = self.id();
        let _ = writeln!(self.out, "{pad}  {anchor} [label = \" \", shape = plain];");
        let label = format!("{name}\n{}", self.attrs_label(op));
        let _ = writeln!(self.out, "{pad}  label = \"{}\";", escape(&label));
        for r in 0..self.ir.regions(op).len() {
            let region = self.ir.region(op, r);
            let rc = self.id();
            let _ = writeln!(self.out, "{pad}  subgraph cluster_{} {{", &rc[1..]);
            let _ = writeln!(self.out, "{pad}    label = \"\";");
            for &block in self.ir.region_blocks(region) {
                for (i, &arg) in self.ir.block_args(block).iter().enumerate() {
                    let node = self.id();
                    let _ = writeln!(
                        self.out,
                        "{pad}    {node} [label = \"<res0> arg{i}\", shape = Mrecord];"
                    );
                    if let ValueDef::BlockArgument { .. } = self.ir.value_def(arg) {
                        self.producers.insert(arg, format!("{node}:res0"));
                    }
                }
                let ops: Vec<OpId> = self.ir.block_ops(block).collect();
                for inner in ops {
                    self.emit_op(inner, indent + 2);
                }
            }
            let _ = writeln!(self.out, "{pad}  }}");
        }
        let _ = writeln!(self.out, "{pad}}}");
    }
}

/// The DOT text of the graph under `root`.
pub fn op_graph_dot(
    ctx: &Context,
    ir: &Ir,
    root: OpId,
    max_label_len: usize,
    attrs: bool,
    data_flow: bool,
) -> String {
    let mut w = Writer {
        ctx,
        ir,
        out: String::from("digraph G {\n  compound = true;\n"),
        next_id: 0,
        producers: Default::default(),
        edges: Vec::new(),
        max_len: max_label_len,
        attrs,
    };
    w.emit_op(root, 1);
    if data_flow {
        for e in std::mem::take(&mut w.edges) {
            let _ = writeln!(w.out, "  {e}");
        }
    }
    w.out.push_str("}\n");
    w.out
}

impl Pass for ViewOpGraph {
    fn name(&self) -> &str {
        "ViewOpGraph"
    }
    fn argument(&self) -> &str {
        "view-op-graph"
    }
    fn description(&self) -> &str {
        "Print Graphviz visualization of an operation"
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![
            PassOption::int(
                "max-label-len",
                "Limit attribute/type length to number of chars",
                &mut self.max_label_len,
            ),
            PassOption::bool(
                "print-attrs",
                "Print attributes of operations",
                &mut self.print_attrs,
            ),
            PassOption::bool(
                "print-data-flow-edges",
                "Print data flow edges",
                &mut self.print_data_flow_edges,
            ),
        ]
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let dot = op_graph_dot(
            pc.ctx,
            pc.ir,
            pc.op,
            self.max_label_len.max(0) as usize,
            self.print_attrs,
            self.print_data_flow_edges,
        );
        eprint!("{dot}");
        pc.mark_all_analyses_preserved();
        Ok(())
    }
}
