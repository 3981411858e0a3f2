//! What the shuffle network selects: for a multiply, the x (data) and z
//! (coefficient) register element each multiplier of lane `i`, column `c`
//! reads, as a function of the intrinsic's parameters; and the inverse,
//! the legality solver, which finds parameters producing a wanted selection
//! or reports that none exist.
//!
//! The semantics (also implemented by `strata_aie.h`, and checked against
//! it by the target's tests):
//!
//! - offsets are 4-bit nibbles, lane `i`'s at bits `4i..4i+3` of `offsets`
//!   (lanes 0..7) or of `offsets_hi` (lanes 8..15);
//! - `Word` modes (32-bit): x index `xstart + xoff[i]`;
//! - `Pair` modes (16-bit): lanes pair up as `(2k, 2k+1)`; offsets count
//!   32-bit words, so the even lane starts at `e = xstart + 2*xoff[2k]` and
//!   the odd lane at `o = e + 2*(xoff[2k+1] + 1)`; column group `g = c / 2`
//!   adds `g*xstep` to both; `xsquare`'s nibbles pick, within
//!   `[e, e+1, o, o+1]`, the even lane's column 0 and 1 (nibbles 0, 1) and
//!   the odd lane's (nibbles 2, 3);
//! - z index `zstart + zoff[i] + c*zstep` in every mode;
//! - every index wraps modulo the register's element count.

use crate::datapath::{Datapath, Scheme};

/// The selection parameters of a `mul`/`mac`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params {
    pub xstart: u32,
    pub xoffsets: u32,
    pub xoffsets_hi: u32,
    pub xsquare: u32,
    pub xstep: u32,
    pub zstart: u32,
    pub zoffsets: u32,
    pub zoffsets_hi: u32,
    pub zstep: u32,
}

/// `xsquare` that keeps the 2x2 block in order.
pub const IDENTITY_SQUARE: u32 = 0x3210;

fn nibble(lo: u32, hi: u32, lane: u32) -> u32 {
    let word = if lane < 8 { lo } else { hi };
    (word >> (4 * (lane % 8))) & 0xf
}

/// The x register element lane `lane`, column `col` reads.
pub fn x_index(dp: &Datapath, p: &Params, xlen: u32, lane: u32, col: u32) -> u32 {
    let off = |l| nibble(p.xoffsets, p.xoffsets_hi, l);
    let index = match dp.scheme {
        Scheme::Word => p.xstart + off(lane) + col * p.xstep,
        Scheme::Pair => {
            let even = lane & !1;
            let e = p.xstart + 2 * off(even) + (col / 2) * p.xstep;
            let o = e + 2 * (off(even + 1) + 1);
            let digit = (p.xsquare >> (4 * (2 * (lane & 1) + col % 2))) & 3;
            [e, e + 1, o, o + 1][digit as usize]
        }
    };
    index % xlen
}

/// The z register element lane `lane`, column `col` reads.
pub fn z_index(p: &Params, zlen: u32, lane: u32, col: u32) -> u32 {
    (p.zstart + nibble(p.zoffsets, p.zoffsets_hi, lane) + col * p.zstep) % zlen
}

/// A wanted selection: `want[lane][col]`, `None` where any element does
/// (a column multiplied by a padding zero).
pub type Want = Vec<Vec<Option<u32>>>;

fn set_nibble(lo: &mut u32, hi: &mut u32, lane: u32, value: u32) {
    let word = if lane < 8 { lo } else { hi };
    *word |= value << (4 * (lane % 8));
}

/// Start candidates, the first wanted element first (rounded down to
/// even where starts select words), so that plain selections get plain
/// parameters.
fn preferred_starts(want: &Want, len: u32, even: bool) -> impl Iterator<Item = u32> {
    let first = want.iter().flatten().flatten().next().copied().unwrap_or(0);
    let first = if even { first & !1 } else { first };
    (first..len).chain(0..first)
}

/// x parameters (`xstart`, `xoffsets[_hi]`, `xsquare`, `xstep`) selecting
/// `want` from an `xlen`-element register, or `None` when the shuffle
/// network cannot.
pub fn solve_x(dp: &Datapath, xlen: u32, want: &Want) -> Option<Params> {
    let steps: Vec<u32> = if dp.has_xstep {
        (0..xlen).collect()
    } else {
        vec![0]
    };
    let squares: Vec<u32> = match dp.scheme {
        Scheme::Word => vec![0],
        // Every square, the identity first so that plain selections print plainly.
        Scheme::Pair => [IDENTITY_SQUARE, 0x2110]
            .into_iter()
            .chain(
                (0..256u32)
                    .map(|s| (s & 3) | (s >> 2 & 3) << 4 | (s >> 4 & 3) << 8 | (s >> 6 & 3) << 12),
            )
            .collect(),
    };
    for xstart in preferred_starts(want, xlen, dp.scheme == Scheme::Pair) {
        for &xsquare in &squares {
            for &xstep in &steps {
                if let Some(p) = try_x(dp, xlen, want, xstart, xsquare, xstep) {
                    return Some(p);
                }
            }
        }
    }
    None
}

fn try_x(
    dp: &Datapath,
    xlen: u32,
    want: &Want,
    xstart: u32,
    xsquare: u32,
    xstep: u32,
) -> Option<Params> {
    let mut p = Params {
        xstart,
        xsquare,
        xstep,
        ..Params::default()
    };
    let fits = |v: i64| -> Option<u32> {
        let v = v.rem_euclid(xlen as i64) as u32;
        (v <= 15).then_some(v)
    };
    match dp.scheme {
        Scheme::Word => {
            for (lane, cols) in want.iter().enumerate() {
                let off = match cols[0] {
                    Some(w) => fits(w as i64 - xstart as i64)?,
                    None => 0,
                };
                set_nibble(&mut p.xoffsets, &mut p.xoffsets_hi, lane as u32, off);
            }
        }
        Scheme::Pair => {
            for pair in 0..want.len() / 2 {
                // Derive the pair's starts e and o (modulo xlen) from the
                // square's choice for each wanted element.
                let (mut e, mut o): (Option<i64>, Option<i64>) = (None, None);
                for side in 0..2 {
                    for (col, w) in want[2 * pair + side].iter().enumerate() {
                        let Some(w) = *w else { continue };
                        let digit = (xsquare >> (4 * (2 * side + col % 2))) & 3;
                        let base =
                            w as i64 - (digit & 1) as i64 - ((col / 2) as u32 * xstep) as i64;
                        let slot = if digit < 2 { &mut e } else { &mut o };
                        match *slot {
                            Some(b) if (b - base).rem_euclid(xlen as i64) != 0 => return None,
                            _ => *slot = Some(base),
                        }
                    }
                }
                // Offsets count words and are 4-bit: the even start lies
                // 0..=30 elements after xstart, the odd one 2..=32 after
                // the even one, both modulo the register (indices wrap).
                let len = xlen as i64;
                let e = e.unwrap_or(xstart as i64);
                let o = o.unwrap_or(e + 2);
                let even = (e - xstart as i64).rem_euclid(len);
                let gap = (o - e - 2).rem_euclid(len) + 2;
                if even % 2 != 0 || even > 30 || gap % 2 != 0 || gap > 32 {
                    return None;
                }
                let (even, odd) = ((even / 2) as u32, (gap / 2 - 1) as u32);
                set_nibble(&mut p.xoffsets, &mut p.xoffsets_hi, 2 * pair as u32, even);
                set_nibble(
                    &mut p.xoffsets,
                    &mut p.xoffsets_hi,
                    2 * pair as u32 + 1,
                    odd,
                );
            }
        }
    }
    // Check by running the semantics forward: the solver and x_index
    // must agree on every wanted element.
    let ok = want.iter().enumerate().all(|(lane, cols)| {
        cols.iter()
            .enumerate()
            .all(|(col, w)| w.is_none_or(|w| x_index(dp, &p, xlen, lane as u32, col as u32) == w))
    });
    ok.then_some(p)
}

/// z parameters (`zstart`, `zoffsets[_hi]`, `zstep`) selecting `want` from
/// a `zlen`-element register, or `None`.
pub fn solve_z(zlen: u32, want: &Want) -> Option<Params> {
    let cols = want.first().map_or(1, |c| c.len());
    let steps: Vec<u32> = if cols > 1 {
        (0..zlen).collect()
    } else {
        vec![1]
    };
    for zstart in preferred_starts(want, zlen, false) {
        'step: for &zstep in &steps {
            let mut p = Params {
                zstart,
                zstep,
                ..Params::default()
            };
            for (lane, cs) in want.iter().enumerate() {
                // The lane's offset is fixed by its first wanted column.
                let mut off = None;
                for (col, w) in cs.iter().enumerate() {
                    let Some(w) = *w else { continue };
                    let o = (w as i64 - zstart as i64 - (col as u32 * zstep) as i64)
                        .rem_euclid(zlen as i64) as u32;
                    match off {
                        Some(prev) if prev != o => continue 'step,
                        _ => off = Some(o),
                    }
                }
                let off = off.unwrap_or(0);
                if off > 15 {
                    continue 'step;
                }
                set_nibble(&mut p.zoffsets, &mut p.zoffsets_hi, lane as u32, off);
            }
            return Some(p);
        }
    }
    None
}
