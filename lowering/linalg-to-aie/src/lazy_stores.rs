//! Stage 2, lazy stores: the triplets updating the same output vector
//! grouped, so that the output is accumulated in a register and stored
//! once (the paper's Table II), instead of a store per triplet.

use crate::triplets::Triplet;
use std::fmt::Write;

/// The triplets accumulating into one output vector.
pub struct Group {
    pub out: (i64, i64),
    pub members: Vec<Triplet>,
}

/// Groups `triplets` by output, in first-use order.
pub fn group(triplets: &[Triplet]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for t in triplets {
        match groups.iter_mut().find(|g| g.out == t.out) {
            Some(g) => g.members.push(*t),
            None => groups.push(Group {
                out: t.out,
                members: vec![*t],
            }),
        }
    }
    groups
}

pub fn describe(triplets: &[Triplet], groups: &[Group], out: &mut String) {
    let _ = writeln!(
        out,
        "aie-stage lazy-stores: {} group(s), {} store(s) (was {})",
        groups.len(),
        groups.len(),
        triplets.len()
    );
}
