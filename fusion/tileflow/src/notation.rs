//! The paper's tile-centric notation (its Eq. 1) as text.
//!
//! ```text
//! dims i, j, k
//! tensor A[2], B[2], C[2]
//! op mm(A[i, k], B[k, j] -> C[i, j])
//! tile T0 @ 0 = {i:2, j:2, k:4} (mm)
//! tile T1 @ 1 = {Sp i:2, j:2} Shar(T0)
//! ```
//! A `tile` line is `T_n = {loops}(children)` bound to a level (`@ n`) with
//! an optional inter-tile primitive before the child list (Seq when absent,
//! as in the paper). A loop is `dim:extent`, temporal unless written `Sp`
//! (`Tp` may be written). Accesses are affine: `2*p + r - 1`. Steps are
//! derived as the paper's `i_0, i_1, i_2` imply: a loop's step is the span of
//! the loops on the same dimension inside it (the largest over the
//! children), so `{i:2}({i:4}(..))` walks `i` in blocks of 4. The last tile
//! is the root. Errors are `line:col: error: message`.

use crate::tree::{Access, Leaf, Loop, LoopKind, Node, Scope, Tensor, Tile, Tree};
use std::collections::HashMap;

struct Cursor<'a> {
    s: &'a [u8],
    pos: usize,
    line: usize,
    line_start: usize,
}

impl Cursor<'_> {
    fn err<T>(&self, msg: impl std::fmt::Display) -> Result<T, String> {
        Err(format!(
            "{}:{}: error: {msg}",
            self.line,
            self.pos - self.line_start + 1
        ))
    }
    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && (self.s[self.pos] == b' ' || self.s[self.pos] == b'\t') {
            self.pos += 1;
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.pos).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: u8) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            self.err(format!("expected '{}'", c as char))
        }
    }
    fn ident(&mut self) -> Result<String, String> {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || self.s[self.pos] == b'_')
        {
            self.pos += 1;
        }
        if start == self.pos || self.s[start].is_ascii_digit() {
            self.pos = start;
            return self.err("expected a name");
        }
        Ok(String::from_utf8_lossy(&self.s[start..self.pos]).into_owned())
    }
    fn int(&mut self) -> Result<i64, String> {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.pos]).unwrap_or("");
        match text.parse() {
            Ok(v) => Ok(v),
            Err(_) => {
                self.pos = start;
                self.err("expected an integer")
            }
        }
    }
    fn at_end(&mut self) -> bool {
        self.peek().is_none_or(|c| c == b'\n' || c == b'#')
    }
    fn next_line(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos] != b'\n' {
            self.pos += 1;
        }
        if self.pos < self.s.len() {
            self.pos += 1;
            self.line += 1;
            self.line_start = self.pos;
        }
    }
}

/// Parses the notation into a tree.
pub fn parse(text: &str) -> Result<Tree, String> {
    let mut c = Cursor {
        s: text.as_bytes(),
        pos: 0,
        line: 1,
        line_start: 0,
    };
    let mut dims: Vec<String> = Vec::new();
    let mut tensors: Vec<Tensor> = Vec::new();
    let mut ops: HashMap<String, Leaf> = HashMap::new();
    let mut tiles: HashMap<String, (Tile, Vec<i64>)> = HashMap::new();
    let mut last: Option<String> = None;
    while c.pos < c.s.len() {
        if c.at_end() {
            c.next_line();
            continue;
        }
        let kw = c.ident()?;
        match kw.as_str() {
            "dims" => loop {
                let d = c.ident()?;
                if dims.contains(&d) {
                    return c.err(format!("dimension '{d}' declared twice"));
                }
                dims.push(d);
                if !c.eat(b',') {
                    break;
                }
            },
            "tensor" => loop {
                let name = c.ident()?;
                c.expect(b'[')?;
                let rank = c.int()? as usize;
                c.expect(b']')?;
                tensors.push(Tensor { name, rank });
                if !c.eat(b',') {
                    break;
                }
            },
            "op" => {
                let name = c.ident()?;
                c.expect(b'(')?;
                let mut accesses = Vec::new();
                let mut write = false;
                loop {
                    if c.eat(b'-') {
                        c.expect(b'>')?;
                        write = true;
                    }
                    let tname = c.ident()?;
                    let Some(t) = tensors.iter().position(|t| t.name == tname) else {
                        return c.err(format!("unknown tensor '{tname}'"));
                    };
                    c.expect(b'[')?;
                    let (mut coeffs, mut offsets) = (Vec::new(), Vec::new());
                    loop {
                        let (row, off) = affine(&mut c, &dims)?;
                        coeffs.push(row);
                        offsets.push(off);
                        if !c.eat(b',') {
                            break;
                        }
                    }
                    c.expect(b']')?;
                    if coeffs.len() != tensors[t].rank {
                        return c.err(format!(
                            "'{tname}' has rank {}, indexed with {}",
                            tensors[t].rank,
                            coeffs.len()
                        ));
                    }
                    accesses.push(Access {
                        tensor: t,
                        coeffs,
                        offsets,
                        write,
                    });
                    if c.eat(b')') {
                        break;
                    }
                    if c.peek() != Some(b'-') {
                        c.expect(b',')?;
                    }
                }
                ops.insert(name.clone(), Leaf { name, accesses });
            }
            "tile" => {
                let name = c.ident()?;
                c.expect(b'@')?;
                let level = c.int()? as usize;
                c.expect(b'=')?;
                c.expect(b'{')?;
                let mut loops = Vec::new();
                while !c.eat(b'}') {
                    let mut d = c.ident()?;
                    let mut kind = LoopKind::Temporal;
                    if d == "Sp" || d == "Tp" {
                        if d == "Sp" {
                            kind = LoopKind::Spatial;
                        }
                        d = c.ident()?;
                    }
                    let Some(dim) = dims.iter().position(|x| *x == d) else {
                        return c.err(format!("unknown dimension '{d}'"));
                    };
                    c.expect(b':')?;
                    let extent = c.int()?;
                    if extent <= 0 {
                        return c.err("a loop extent must be positive");
                    }
                    loops.push(Loop {
                        dim,
                        extent: extent as u64,
                        step: 0,
                        kind,
                    });
                    if !c.eat(b',') {
                        c.expect(b'}')?;
                        break;
                    }
                }
                let scope = if c.peek() == Some(b'(') {
                    Scope::Seq
                } else {
                    let s = c.ident()?;
                    match Scope::parse(&s.to_ascii_lowercase()) {
                        Some(s) => s,
                        None => {
                            return c
                                .err(format!("unknown primitive '{s}' (Seq, Shar, Para, Pipe)"))
                        }
                    }
                };
                c.expect(b'(')?;
                let mut children = Vec::new();
                let mut span = vec![1i64; dims.len()];
                loop {
                    let n = c.ident()?;
                    let (node, s) = if let Some(op) = ops.get(&n) {
                        (Node::Leaf(op.clone()), vec![1; dims.len()])
                    } else if let Some((t, s)) = tiles.remove(&n) {
                        (Node::Tile(t), s)
                    } else {
                        return c.err(format!("'{n}' is neither an op nor an unused tile"));
                    };
                    span.iter_mut().zip(&s).for_each(|(a, b)| *a = (*a).max(*b));
                    children.push(node);
                    if !c.eat(b',') {
                        break;
                    }
                }
                c.expect(b')')?;
                for l in loops.iter_mut().rev() {
                    l.step = span[l.dim];
                    span[l.dim] = match span[l.dim].checked_mul(l.extent as i64) {
                        Some(v) => v,
                        None => return c.err("loop spans overflow 64 bits"),
                    };
                }
                tiles.insert(
                    name.clone(),
                    (
                        Tile {
                            level,
                            loops,
                            scope,
                            children,
                        },
                        span,
                    ),
                );
                last = Some(name);
            }
            _ => return c.err(format!("unknown statement '{kw}' (dims, tensor, op, tile)")),
        }
        if !c.at_end() {
            return c.err("unexpected text at end of statement");
        }
    }
    let Some(root) = last else {
        return c.err("no tile defined");
    };
    let (root, _) = tiles.remove(&root).expect("last tile is present");
    if let Some(unused) = tiles.keys().next() {
        return Err(format!("error: tile '{unused}' is not used by the root"));
    }
    let tree = Tree {
        dims,
        tensors,
        root,
    };
    tree.check().map_err(|e| format!("error: {e}"))?;
    Ok(tree)
}

/// `2*p + r - 1` → (coefficients per dimension, constant).
fn affine(c: &mut Cursor, dims: &[String]) -> Result<(Vec<i64>, i64), String> {
    let mut row = vec![0i64; dims.len()];
    let mut off = 0i64;
    let mut sign = 1i64;
    loop {
        let mut coef = sign;
        let term_dim = if c.peek().is_some_and(|b| b.is_ascii_digit()) {
            let v = c.int()?;
            coef = match coef.checked_mul(v) {
                Some(v) => v,
                None => return c.err("coefficient overflows 64 bits"),
            };
            if c.eat(b'*') {
                Some(c.ident()?)
            } else {
                None
            }
        } else {
            Some(c.ident()?)
        };
        match term_dim {
            Some(d) => {
                let Some(i) = dims.iter().position(|x| *x == d) else {
                    return c.err(format!("unknown dimension '{d}'"));
                };
                row[i] = match row[i].checked_add(coef) {
                    Some(v) => v,
                    None => return c.err("coefficient overflows 64 bits"),
                };
            }
            None => {
                off = match off.checked_add(coef) {
                    Some(v) => v,
                    None => return c.err("constant overflows 64 bits"),
                }
            }
        }
        if c.eat(b'+') {
            sign = 1;
        } else if c.peek() == Some(b'-') && c.s.get(c.pos + 1) != Some(&b'>') {
            c.pos += 1;
            sign = -1;
        } else {
            return Ok((row, off));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GEMM: &str = "dims i, j, k
tensor A[2], B[2], C[2]
op mm(A[i, k], B[k, j] -> C[i, j])
tile T0 @ 0 = {i:2, j:2, k:4} (mm)
tile T1 @ 1 = {i:2, j:2} (T0)
";

    #[test]
    fn gemm_steps_follow_spans() {
        let t = parse(GEMM).unwrap();
        // Inner loops step 1; outer i, j step by the inner extents (2).
        assert_eq!(
            t.root.loops.iter().map(|l| l.step).collect::<Vec<_>>(),
            vec![2, 2]
        );
        assert_eq!(t.root.scope, Scope::Seq);
        let r = crate::analyze(&t, &crate::Arch::builtin("edge").unwrap()).unwrap();
        // Same tree as the hand-computed GEMM fixture: A 16, B 32, C 16.
        assert_eq!(
            [
                r.tiles[0][0].fills,
                r.tiles[0][1].fills,
                r.tiles[0][2].fills
            ],
            [16, 32, 16]
        );
    }

    #[test]
    fn paper_example_parses() {
        // The paper's §4.2 example: A, B fused at level 0 under Pipe, then
        // Shar with C at level 1, all under a level-2 tile.
        let text = "dims i, j, l, k
tensor X[2], W[2], Y[2], Z[2], V[2], O[2]
op A(X[i, k], W[k, l] -> Y[i, l])
op B(Y[i, l] -> Z[i, l])
op C(Z[i, l], V[l, j] -> O[i, j])
tile T00 @ 0 = {Sp i:2, l:2, k:4} (A)
tile T01 @ 0 = {Sp i:2, l:2} (B)
tile T02 @ 0 = {Sp i:2, j:2, l:2} (C)
tile T10 @ 1 = {Sp i:2, l:2} Pipe(T00, T01)
tile T11 @ 1 = {Sp i:2, j:2, l:2} (T02)
tile T20 @ 2 = {Sp i:2, j:2, l:2} Shar(T10, T11)
";
        let t = parse(text).unwrap();
        assert_eq!(t.root.children.len(), 2);
        let r = crate::analyze(&t, &crate::Arch::builtin("edge").unwrap()).unwrap();
        let s = crate::sim::simulate(&t).unwrap();
        assert_eq!(r.tiles, s.tiles);
    }

    #[test]
    fn mutated_text_never_panics() {
        // Every one-byte deletion or replacement of a valid text either
        // parses or gives a diagnostic; a diagnostic is located or names a
        // tree-level problem.
        let base = GEMM.as_bytes();
        for i in 0..base.len() {
            for repl in [None, Some(b'9'), Some(b'('), Some(b'-'), Some(b'x')] {
                let mut v = base.to_vec();
                match repl {
                    None => {
                        v.remove(i);
                    }
                    Some(b) => v[i] = b,
                }
                if let Err(e) = parse(&String::from_utf8_lossy(&v)) {
                    assert!(e.contains("error: "), "{e}");
                }
            }
        }
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(
            parse("dims i\ntile T @ 0 = {q:2} (x)\n").unwrap_err(),
            "2:16: error: unknown dimension 'q'"
        );
        assert_eq!(
            parse("dims i\ntensor A[1]\nop f(A[i])\ntile T @ 0 = {i:2} Foo(f)\n").unwrap_err(),
            "4:23: error: unknown primitive 'Foo' (Seq, Shar, Para, Pipe)"
        );
        assert!(parse("dims i\ntensor A[1]\nop f(A[i, i])\n")
            .unwrap_err()
            .starts_with("3:"));
        assert!(parse("").unwrap_err().contains("no tile"));
    }
}
