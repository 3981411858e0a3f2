//! Host-side packing between the function's tensors and the DRAM buffers
//! of the lowered program (TVM's layouts).
//!
//! Packing is done on the host (by `strata-run --target vta`), not in the
//! IR: the lowered module records, on each `vta.dram_buffer` that stands
//! for a function argument or result, which one it is (`vta.arg = i` or
//! `vta.result = i`), the tensor's logical shape (`vta.logical`) and how it
//! is packed (`vta.pack`):
//!
//! - one dimension `[d]`: *activation* packing. Dimension `d` is split into
//!   blocks of 16 (zero-padded), the block index stays in place and the lane
//!   becomes the innermost dimension: NCHW with `d = 1` is TVM's
//!   NCHW1n16c `(N, C/16, H, W, 1, 16)`; a (M, K) matmul operand becomes
//!   `(M, K/16, 1, 16)`; a bias (C) becomes `(C/16, 16)`.
//! - two dimensions `[o, i]`: *weight* packing. Both are split into blocks
//!   of 16; the layout is `(o/16, i/16, <other dims in order>, 16o, 16i)`:
//!   OIHW with `[0, 1]` is TVM's OIHW16o16i; a (K, N) matmul operand with
//!   `[1, 0]` is `(N/16, K/16, 16n, 16k)`, the transposed weight VTA wants.
//!
//! - `vta.subsample = array<i64: s0, s1, ...>` (optional, per logical
//!   dimension): only the elements whose index in dimension `d` is a
//!   multiple of `s_d` are packed, as the tensor `x[::s0, ::s1, ...]`.
//!   A layout chosen for its consumer: a 1x1 convolution of stride 2
//!   reads only the even rows and columns of its input, so the host packs
//!   just those and the DMA moves only needed bytes, in long contiguous
//!   rows (the lowering then sees a stride-1 convolution). Unpacking a
//!   subsampled buffer yields zeros for the elements left out.
//!
//! Elements are plain integers (`i64`, already sign-extended); the packed
//! bytes are little-endian of the buffer's element width.

/// How one tensor is laid out in its DRAM buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    pub logical: Vec<i64>,
    /// `[d]` (activation) or `[o, i]` (weight).
    pub dims: Vec<usize>,
    /// Bytes per element in DRAM (1 for int8, 4 for int32).
    pub elem_bytes: usize,
    /// Per logical dimension, keep every `s`-th index (empty: all).
    pub subsample: Vec<i64>,
}

pub const BLOCK: i64 = 16;

impl Packing {
    fn step(&self, d: usize) -> i64 {
        self.subsample.get(d).copied().unwrap_or(1).max(1)
    }

    /// The logical shape after subsampling.
    pub fn sampled(&self) -> Vec<i64> {
        let s: Vec<i64> = self
            .logical
            .iter()
            .enumerate()
            .map(|(d, &n)| (n + self.step(d) - 1) / self.step(d))
            .collect();
        s
    }

    /// The packed shape (blocks then lanes).
    pub fn packed_shape(&self) -> Vec<i64> {
        let blocks = |n: i64| (n + BLOCK - 1) / BLOCK;
        let logical = self.sampled();
        match self.dims.as_slice() {
            [d] => {
                let mut s = logical.clone();
                s[*d] = blocks(s[*d]);
                s.push(BLOCK);
                s
            }
            [o, i] => {
                let mut s = vec![blocks(logical[*o]), blocks(logical[*i])];
                for (k, &n) in logical.iter().enumerate() {
                    if k != *o && k != *i {
                        s.push(n);
                    }
                }
                s.push(BLOCK);
                s.push(BLOCK);
                s
            }
            _ => logical,
        }
    }

    pub fn packed_len(&self) -> usize {
        self.packed_shape().iter().product::<i64>() as usize
    }

    /// For every logical element (row-major), its position in the packed
    /// array (`None`: left out by the subsampling).
    fn positions(&self) -> Vec<Option<usize>> {
        let packed = self.packed_shape();
        let pstrides = strides(&packed);
        let n: i64 = self.logical.iter().product();
        let lstrides = strides(&self.logical);
        let rank = self.logical.len();
        let mut out = Vec::with_capacity(n as usize);
        let mut index = vec![0i64; rank];
        for k in 0..n {
            let mut rest = k;
            let mut kept = true;
            for d in 0..rank {
                let i = rest / lstrides[d];
                rest %= lstrides[d];
                kept &= i % self.step(d) == 0;
                index[d] = i / self.step(d);
            }
            if !kept {
                out.push(None);
                continue;
            }
            let pos: i64 = match self.dims.as_slice() {
                [d] => {
                    let mut p = 0;
                    for (k2, &i) in index.iter().enumerate() {
                        let v = if k2 == *d { i / BLOCK } else { i };
                        p += v * pstrides[k2];
                    }
                    p + index[*d] % BLOCK
                }
                [o, i] => {
                    let mut p =
                        (index[*o] / BLOCK) * pstrides[0] + (index[*i] / BLOCK) * pstrides[1];
                    let mut slot = 2;
                    for (k2, &v) in index.iter().enumerate() {
                        if k2 != *o && k2 != *i {
                            p += v * pstrides[slot];
                            slot += 1;
                        }
                    }
                    p + (index[*o] % BLOCK) * BLOCK + index[*i] % BLOCK
                }
                _ => k,
            };
            out.push(Some(pos as usize));
        }
        out
    }

    /// Packs row-major logical `values` into little-endian bytes (zero
    /// padding where the blocks overhang).
    pub fn pack(&self, values: &[i64]) -> Vec<u8> {
        let mut packed = vec![0i64; self.packed_len()];
        for (v, p) in values.iter().zip(self.positions()) {
            if let Some(p) = p {
                packed[p] = *v;
            }
        }
        let mut bytes = Vec::with_capacity(packed.len() * self.elem_bytes);
        for v in packed {
            bytes.extend_from_slice(&v.to_le_bytes()[..self.elem_bytes]);
        }
        bytes
    }

    /// Unpacks little-endian signed bytes back into row-major logical values.
    pub fn unpack(&self, bytes: &[u8]) -> Vec<i64> {
        let e = self.elem_bytes;
        let read = |p: usize| -> i64 {
            let chunk = &bytes[p * e..p * e + e];
            let mut buf = [0u8; 8];
            buf[..e].copy_from_slice(chunk);
            let raw = i64::from_le_bytes(buf);
            let shift = 64 - 8 * e as u32;
            (raw << shift) >> shift
        };
        self.positions()
            .into_iter()
            .map(|p| p.map_or(0, read))
            .collect()
    }
}

pub fn strides(shape: &[i64]) -> Vec<i64> {
    let mut s = vec![1i64; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1] * shape[d + 1];
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nchw_round_trip_with_channel_padding() {
        let p = Packing {
            logical: vec![1, 3, 2, 2],
            dims: vec![1],
            elem_bytes: 1,
            subsample: vec![],
        };
        assert_eq!(p.packed_shape(), vec![1, 1, 2, 2, 16]);
        let values: Vec<i64> = (0..12).map(|v| v - 6).collect();
        let bytes = p.pack(&values);
        assert_eq!(bytes.len(), 64);
        // channel 1 of pixel (0, 1) is lane 1 of packed pixel 1.
        assert_eq!(bytes[16 + 1] as i8 as i64, values[4 + 1]);
        assert_eq!(p.unpack(&bytes), values);
    }

    #[test]
    fn weights_are_out_channel_major() {
        let p = Packing {
            logical: vec![2, 3],
            dims: vec![1, 0], // (K=2, N=3) -> (N/16, K/16, 16n, 16k)
            elem_bytes: 1,
            subsample: vec![],
        };
        let values: Vec<i64> = (1..=6).collect();
        let bytes = p.pack(&values);
        // B[k=1][n=2] = 6 sits at n*16 + k.
        assert_eq!(bytes[2 * 16 + 1], 6);
        assert_eq!(p.unpack(&bytes), values);
    }

    #[test]
    fn subsampled_activation_keeps_every_other_pixel() {
        // (1, 2, 3, 4) NCHW, keep rows 0, 2 and columns 0, 2.
        let p = Packing {
            logical: vec![1, 2, 3, 4],
            dims: vec![1],
            elem_bytes: 1,
            subsample: vec![1, 1, 2, 2],
        };
        assert_eq!(p.packed_shape(), vec![1, 1, 2, 2, 16]);
        let values: Vec<i64> = (0..24).collect();
        let bytes = p.pack(&values);
        assert_eq!(bytes.len(), 64);
        // packed pixel (1, 1) = logical (2, 2); channel 1 = lane 1.
        let at = |c: i64, h: i64, w: i64| values[(c * 12 + h * 4 + w) as usize];
        assert_eq!(bytes[3 * 16] as i64, at(0, 2, 2));
        assert_eq!(bytes[3 * 16 + 1] as i64, at(1, 2, 2));
        assert_eq!(bytes[16] as i64, at(0, 0, 2));
        let back = p.unpack(&bytes);
        assert_eq!(back[(12 + 2 * 4 + 2) as usize], at(1, 2, 2));
        assert_eq!(back[1], 0, "left-out pixels unpack as zero");
    }
}
