//! Convolution problems as terms: DeepBench rows and the ResNet-18 layers
//! of the VTA benchmark, for the tables, tests and the bench.

use crate::analysis::{window_out, TensorAnalysis};
use crate::lang::{DType, TNode, TermBuilder};
use egg::RecExpr;

/// One 2-D convolution layer (NCHW, FCHW weights, symmetric zero padding).
#[derive(Debug, Clone, PartialEq)]
pub struct ConvLayer {
    pub name: String,
    pub n: i64,
    pub c: i64,
    pub h: i64,
    pub w: i64,
    pub f: i64,
    pub kh: i64,
    pub kw: i64,
    pub pad: [i64; 2],
    pub stride: [i64; 2],
    pub dil: [i64; 2],
}

impl ConvLayer {
    pub fn out_hw(&self) -> (i64, i64) {
        let oh = window_out(
            self.h + 2 * self.pad[0],
            self.kh,
            self.stride[0],
            self.dil[0],
        )
        .unwrap_or(0);
        let ow = window_out(
            self.w + 2 * self.pad[1],
            self.kw,
            self.stride[1],
            self.dil[1],
        )
        .unwrap_or(0);
        (oh, ow)
    }
    /// MACs of the layer itself (no padding waste).
    pub fn macs(&self) -> i64 {
        let (oh, ow) = self.out_hw();
        self.n * self.f * oh * ow * self.c * self.kh * self.kw
    }
    /// The term `conv2d(pad(x), w)` with `x: i8` and constant `w: i8`.
    pub fn term(&self) -> (RecExpr<TNode>, TensorAnalysis) {
        let analysis = TensorAnalysis::new()
            .with_input("x", &[self.n, self.c, self.h, self.w], DType::I8, false)
            .with_input("w", &[self.f, self.c, self.kh, self.kw], DType::I8, true);
        let mut b = TermBuilder::new();
        let mut x = b.input("x");
        let w = b.input("w");
        if self.pad != [0, 0] {
            let p = [0, 0, self.pad[0], self.pad[1]];
            x = b.pad(x, &p, &p);
        }
        b.conv2d(x, w, self.stride, self.dil);
        (b.build(), analysis)
    }
}

/// The DeepBench convolution list: `$STRATA_SHARED_DATA/deepbench_conv.csv`,
/// by default in `../shared/data` beside the repository.
pub fn deepbench_csv_path() -> std::path::PathBuf {
    std::env::var_os("STRATA_SHARED_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
        })
        .join("deepbench_conv.csv")
}

/// Parses the DeepBench CSV (`set,index,w,h,c,n,k,s,r,pad_w,pad_h,stride_w,stride_h`)
/// keeping the rows of `set` (e.g. `inference_server`).
pub fn deepbench(csv: &str, set: &str) -> Vec<ConvLayer> {
    csv.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("set,"))
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            if f.len() != 13 || f[0] != set {
                return None;
            }
            let v: Vec<i64> = f[2..]
                .iter()
                .map(|s| s.trim().parse().ok())
                .collect::<Option<_>>()?;
            Some(ConvLayer {
                name: format!("{}#{}", f[0], f[1]),
                w: v[0],
                h: v[1],
                c: v[2],
                n: v[3],
                f: v[4],
                kw: v[5],
                kh: v[6],
                pad: [v[8], v[7]],
                stride: [v[10], v[9]],
                dil: [1, 1],
            })
        })
        .collect()
}

/// The conv layers of ResNet-18 in TVM's VTA benchmark (specs/vta-isa.md §8).
pub fn resnet18() -> Vec<ConvLayer> {
    let rows: [(&str, i64, i64, i64, i64, i64, i64); 10] = [
        ("C2", 56, 64, 64, 3, 1, 1),
        ("C3", 56, 64, 128, 3, 1, 2),
        ("C4", 56, 64, 128, 1, 0, 2),
        ("C5", 28, 128, 128, 3, 1, 1),
        ("C6", 28, 128, 256, 3, 1, 2),
        ("C7", 28, 128, 256, 1, 0, 2),
        ("C8", 14, 256, 256, 3, 1, 1),
        ("C9", 14, 256, 512, 3, 1, 2),
        ("C10", 14, 256, 512, 1, 0, 2),
        ("C11", 7, 512, 512, 3, 1, 1),
    ];
    rows.iter()
        .map(|&(name, hw, c, f, k, p, s)| ConvLayer {
            name: name.into(),
            n: 1,
            c,
            h: hw,
            w: hw,
            f,
            kh: k,
            kw: k,
            pad: [p, p],
            stride: [s, s],
            dil: [1, 1],
        })
        .collect()
}
