//! Stage 4, 2D fusion: the 1D logical multiplications that read the same
//! x register are fused, `cols` at a time, into one multiply on the 2D
//! datapath: consecutive taps of a row first, then the taps left over in
//! each row of a two-row register together (cross-row fusion), and a
//! tap still alone with a zero weight (the padding of odd filters). The
//! shuffle-legality solver (`strata_dialect_aievec::select`) computes the
//! intrinsic's parameters for the selection each lane and column needs,
//! or rejects the variant. The weights are laid out in the order the
//! fused multiplies read them, so each reads `cols` consecutive weights.

use crate::conv::ConvSpec;
use crate::reuse::XLoad;
use std::fmt::Write;
use strata_dialect_aievec::select::{solve_x, solve_z, Params, Want};

/// One fused multiply: x register `x` (an index into the loads), the
/// filter taps per column (`None`: padding), the first of its weight
/// slots and the z register holding them.
#[derive(Debug)]
pub struct Fused {
    pub x: usize,
    /// (channel, row, column) of each column's tap.
    pub taps: Vec<Option<(i64, i64, i64)>>,
    pub slot: i64,
    pub chunk: i64,
    pub params: Params,
}

/// Groups of `cols` taps per register, as (part, tap column) pairs.
fn partition(load: &XLoad, cols: usize) -> Vec<Vec<Option<(usize, i64)>>> {
    let mut groups = Vec::new();
    let mut leftovers = Vec::new();
    for (k, part) in load.parts.iter().enumerate() {
        let mut taps = part.members.clone();
        taps.sort();
        let whole = taps.len() / cols * cols;
        for chunk in taps[..whole].chunks(cols) {
            groups.push(chunk.iter().map(|&s| Some((k, s))).collect());
        }
        leftovers.extend(taps[whole..].iter().map(|&s| Some((k, s))));
    }
    for chunk in leftovers.chunks(cols) {
        let mut g: Vec<Option<(usize, i64)>> = chunk.to_vec();
        g.resize(cols, None);
        groups.push(g);
    }
    groups
}

/// Fuses the taps of each x register; returns the multiplies and the
/// number of weight slots they read.
pub fn fuse(spec: &ConvSpec, loads: &[XLoad]) -> Result<(Vec<Fused>, i64), String> {
    let cols = spec.dp.cols as usize;
    let lanes = spec.dp.lanes as usize;
    let zlen = spec.dp.z_lengths[0] as i64;
    let mut out = Vec::new();
    let mut slot = 0;
    for (x, load) in loads.iter().enumerate() {
        for group in partition(load, cols) {
            let mut want_x: Want = vec![vec![None; cols]; lanes];
            let mut want_z: Want = vec![vec![None; cols]; lanes];
            for (lane, (wx, wz)) in want_x.iter_mut().zip(want_z.iter_mut()).enumerate() {
                for (c, tap) in group.iter().enumerate() {
                    wz[c] = Some(((slot + c as i64) % zlen) as u32);
                    if let Some((k, s)) = tap {
                        let part = &load.parts[*k];
                        wx[c] = Some((part.at + lane as i64 + s - part.base) as u32);
                    }
                }
            }
            let taps: Vec<Option<(i64, i64, i64)>> = group
                .iter()
                .map(|t| t.map(|(k, s)| (load.parts[k].channel, load.parts[k].row, s)))
                .collect();
            let px = solve_x(spec.dp, load.len, &want_x).ok_or_else(|| {
                format!(
                    "the shuffle network cannot select taps {taps:?} from one {}-element register",
                    load.len
                )
            })?;
            let pz = solve_z(zlen as u32, &want_z).ok_or_else(|| {
                format!("the shuffle network cannot broadcast the weights of taps {taps:?}")
            })?;
            let params = Params {
                zstart: pz.zstart,
                zoffsets: pz.zoffsets,
                zoffsets_hi: pz.zoffsets_hi,
                zstep: pz.zstep,
                ..px
            };
            out.push(Fused {
                x,
                taps,
                slot,
                chunk: slot / zlen,
                params,
            });
            slot += cols as i64;
        }
    }
    Ok((out, slot))
}

pub fn describe(spec: &ConvSpec, fused: &[Fused], out: &mut String) {
    let logical = fused
        .iter()
        .map(|f| f.taps.iter().flatten().count())
        .sum::<usize>();
    let padded = fused
        .iter()
        .map(|f| f.taps.iter().filter(|t| t.is_none()).count())
        .sum::<usize>();
    let _ = writeln!(
        out,
        "aie-stage fusion: {} fused {} op(s) ({} {}) for {} logical multiplications, {} zero-padded column(s)",
        fused.len(),
        spec.dp.name,
        spec.dp.mul,
        spec.dp.mac,
        logical,
        padded
    );
    for f in fused {
        let p = &f.params;
        let taps: Vec<String> = f
            .taps
            .iter()
            .map(|t| {
                t.map_or("pad".to_string(), |(c, r, s)| {
                    format!(
                        "W({s},{r}{})",
                        crate::triplets::channel(spec, c).replace(' ', "")
                    )
                })
            })
            .collect();
        let _ = writeln!(
            out,
            "  x{} z{} [{}] xstart={} xoffsets=0x{:08x} xoffsets_hi=0x{:08x} xsquare=0x{:04x} zstart={} zoffsets=0x{:08x} zstep={}",
            f.x,
            f.chunk,
            taps.join(", "),
            p.xstart,
            p.xoffsets,
            p.xoffsets_hi,
            p.xsquare,
            p.zstart,
            p.zoffsets,
            p.zstep
        );
    }
}
