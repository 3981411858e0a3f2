//! Stage 4, 2D fusion: the 1D logical multiplications of a group that read
//! the same x and z registers are fused, `cols` at a time, into one
//! multiply on the 2D datapath; the shuffle-legality solver
//! (`strata_dialect_aievec::select`) computes the intrinsic's parameters
//! for the selection each lane and column needs, or rejects the variant.
//! A row with fewer taps than a multiple of `cols` uses the zero column of
//! the padded weights.

use crate::conv::ConvSpec;
use crate::reuse::{Weights, XLoad};
use std::fmt::Write;
use strata_dialect_aievec::select::{solve_x, solve_z, Params, Want};

/// One fused multiply: x register `x` (an index into the loads), z
/// register `chunk`, the filter taps per column (`None`: padding).
#[derive(Debug)]
pub struct Fused {
    pub x: usize,
    pub chunk: i64,
    pub taps: Vec<Option<(i64, i64)>>,
    pub params: Params,
}

/// Fuses the taps of each x register.
pub fn fuse(spec: &ConvSpec, loads: &[XLoad], w: &Weights) -> Result<Vec<Fused>, String> {
    let cols = spec.dp.cols as i64;
    let lanes = spec.dp.lanes as usize;
    let mut out = Vec::new();
    for (x, load) in loads.iter().enumerate() {
        let mut taps = load.members.clone();
        taps.sort();
        let r = load.row;
        let mut s0 = taps[0];
        while s0 <= *taps.last().unwrap() {
            let group: Vec<Option<(i64, i64)>> = (0..cols)
                .map(|c| taps.contains(&(s0 + c)).then_some((r, s0 + c)))
                .collect();
            let first = w.flat(r, s0);
            let chunk = first / w.zlen as i64;
            let mut want_x: Want = vec![vec![None; cols as usize]; lanes];
            let mut want_z: Want = vec![vec![None; cols as usize]; lanes];
            for lane in 0..lanes {
                for (c, tap) in group.iter().enumerate() {
                    let flat = first + c as i64;
                    if flat / w.zlen as i64 != chunk {
                        return Err(format!(
                            "filter taps ({r}, {s0}) and ({r}, {}) straddle two z registers",
                            s0 + c as i64
                        ));
                    }
                    // Padding multiplies the zero weight with any element.
                    want_z[lane][c] = Some((flat % w.zlen as i64) as u32);
                    if let Some((_, s)) = tap {
                        want_x[lane][c] = Some((lane as i64 + s - load.base) as u32);
                    }
                }
            }
            let px = solve_x(spec.dp, load.len, &want_x).ok_or_else(|| {
                format!("the shuffle network cannot select filter row {r}, columns {s0}..{} from one register", s0 + cols - 1)
            })?;
            let pz = solve_z(w.zlen, &want_z).ok_or_else(|| {
                format!("the shuffle network cannot broadcast weights ({r}, {s0}..)")
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
                chunk,
                taps: group,
                params,
            });
            s0 += cols;
        }
    }
    Ok(out)
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
            .map(|t| t.map_or("pad".to_string(), |(r, s)| format!("W({s},{r})")))
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
