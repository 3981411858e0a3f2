//! Malformed input never panics: every `.mlir` file of the lit suite's
//! IR, Builtin and Diagnostics areas, truncated at many points and mutated
//! byte by byte, must give IR or a diagnostic (and IR that verifies must
//! print to text that parses again), checked by the fuzz oracle.
//!
//! Deterministic, so a failure reproduces: the mutations come from a fixed
//! xorshift sequence, and the panic message names the file and the mutation.

#[path = "fuzz/oracle.rs"]
mod oracle;

use std::path::{Path, PathBuf};

/// Truncation points per file (spread evenly over its bytes).
const TRUNCATIONS_PER_FILE: usize = 24;
/// Single-byte mutations per file.
const MUTATIONS_PER_FILE: usize = 24;
/// Bytes a mutation writes: the punctuation and sigils the grammar is built from.
const MUTATION_BYTES: &[u8] = b"%^#!@\"{}()[]<>:,=-+*?x0 \n\\";

fn lit_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../test");
    let mut files = Vec::new();
    let mut stack: Vec<PathBuf> = ["IR", "Builtin", "Diagnostics", "Tools"]
        .iter()
        .map(|area| root.join(area))
        .collect();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "mlir") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The largest char boundary at or below `at`.
fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn check(name: &str, what: &str, text: &str) {
    let result = std::panic::catch_unwind(|| oracle::check(text));
    if result.is_err() {
        panic!("{name}: {what} panicked; input:\n{text}");
    }
}

#[test]
fn truncated_and_mutated_lit_files_give_diagnostics_not_panics() {
    let files = lit_files();
    assert!(
        files.len() > 100,
        "expected the lit suite's .mlir files, found {}",
        files.len()
    );
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for path in &files {
        let text = std::fs::read_to_string(path).expect("lit files are UTF-8");
        let name = path.display().to_string();
        for i in 0..TRUNCATIONS_PER_FILE {
            let at = floor_boundary(&text, text.len() * i / TRUNCATIONS_PER_FILE);
            check(&name, &format!("truncation at byte {at}"), &text[..at]);
        }
        let mut bytes = text.clone().into_bytes();
        for _ in 0..MUTATIONS_PER_FILE {
            let at = (next() as usize) % bytes.len().max(1);
            let byte = MUTATION_BYTES[(next() as usize) % MUTATION_BYTES.len()];
            let original = bytes.get(at).copied();
            if original.is_none_or(|b| !b.is_ascii()) {
                continue;
            }
            bytes[at] = byte;
            let mutated = String::from_utf8(bytes.clone()).expect("ASCII for ASCII");
            check(
                &name,
                &format!("byte {at} set to {:?}", byte as char),
                &mutated,
            );
            bytes[at] = original.unwrap();
        }
    }
}
