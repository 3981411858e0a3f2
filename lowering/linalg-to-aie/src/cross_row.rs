//! Stage 3b, cross-row fusion (beyond the paper, which pads odd 16-bit
//! filters with a zero column and so caps them at R/(R+1) of the datapath,
//! 75% for 3 taps): two filter rows' registers are merged into one
//! 64-element register, the first row in elements 0..31 and the second in
//! 32..63, so that the odd tap left over in each row fuses with the other
//! row's in one 16x2 multiply. The shuffle network reaches both: the pair
//! scheme's odd-lane offset spans up to 32 elements, and `xsquare` gives
//! each lane one element from each row (fusion's solver finds 0x3120).
//! Only rows with an odd number of taps on a two-column datapath merge,
//! and only when each row fits half the largest register.

use crate::conv::ConvSpec;
use crate::reuse::{piece_elems, XLoad};
use std::fmt::Write;

/// `loads` with consecutive single-row registers of odd tap count merged
/// pairwise.
pub fn merge(spec: &ConvSpec, loads: Vec<XLoad>) -> Vec<XLoad> {
    let half = (*spec.dp.x_lengths.last().unwrap() / 2) as i64;
    let piece = piece_elems(spec);
    let mergeable = |l: &XLoad| {
        let [p] = &l.parts[..] else { return false };
        spec.dp.cols == 2 && p.members.len() % 2 == 1 && p.pieces as i64 * piece <= half
    };
    let mut out: Vec<XLoad> = Vec::new();
    let mut pending: Option<XLoad> = None;
    for load in loads {
        if !mergeable(&load) {
            out.push(load);
            continue;
        }
        match pending.take() {
            None => pending = Some(load),
            Some(mut first) => {
                let mut second = load.parts[0].clone();
                second.at = half;
                first.parts.push(second);
                first.len = 2 * half as u32;
                out.push(first);
            }
        }
    }
    out.extend(pending);
    out
}

pub fn describe(spec: &ConvSpec, loads: &[XLoad], out: &mut String) {
    let merged = loads.iter().filter(|l| l.parts.len() > 1).count();
    let _ = writeln!(
        out,
        "aie-stage cross-row: {merged} register(s) hold two filter rows, {} x register(s)",
        loads.len()
    );
    crate::reuse::describe_loads(spec, loads, out);
}
