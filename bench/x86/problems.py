"""The benchmark's problems: DeepBench inference GEMMs and ResNet-50 convolutions.

Both come from ../shared/data (DeepBench's gemm_problems.h and
conv_problems.h as CSV). Layouts follow DeepBench's memory layout in
row-major terms: a GEMM row (m, n, k) with a_t = b_t = false is
Y[n, m] = X[n, k] . W[k, m], X the activations (n = batch x time), W the
weights; a convolution is NCHW input, FCHW (OIHW) weights.

Named subsets keep the run time reasonable (`--gemm-set`, `--conv-set`):
the "quick" GEMM set is a documented cross-section of the 88 inference rows
(skinny, GEMV-like, square-ish, deep and shallow K), "device" and "server"
are DeepBench's own sets, "all" both (the biggest rows take minutes each on
Strata's scalar path).
"""

import csv
import os
from dataclasses import dataclass, field

DATA = os.environ.get(
    "STRATA_SHARED_DATA",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../shared/data"),
)


@dataclass
class Gemm:
    m: int
    n: int
    k: int
    source: str
    kind: str = "gemm"

    @property
    def name(self):
        return f"gemm {self.m}x{self.n}x{self.k}"

    @property
    def ops(self):
        return 2 * self.m * self.n * self.k


@dataclass
class Conv:
    c: int
    h: int
    w: int
    k: int
    r: int
    s: int
    pad: int
    stride: int
    source: str
    n: int = 1
    kind: str = "conv"
    label: str = field(default="")

    @property
    def oh(self):
        return (self.h + 2 * self.pad - self.r) // self.stride + 1

    @property
    def ow(self):
        return (self.w + 2 * self.pad - self.s) // self.stride + 1

    @property
    def name(self):
        st = f" s{self.stride}" if self.stride != 1 else ""
        return f"conv {self.n}x{self.c}x{self.h}x{self.w} {self.r}x{self.s}->{self.k} p{self.pad}{st}"

    @property
    def ops(self):
        return 2 * self.n * self.k * self.oh * self.ow * self.c * self.r * self.s


def _rows(path):
    with open(path) as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines))


def inference_gemms():
    """Every inference row of deepbench_gemm.csv (m, n, k unique, first set named)."""
    seen = {}
    for row in _rows(os.path.join(DATA, "deepbench_gemm.csv")):
        if not row["set"].startswith("inference"):
            continue
        assert row["a_t"] == "false" and row["b_t"] == "false", row
        key = (int(row["m"]), int(row["n"]), int(row["k"]))
        seen.setdefault(key, []).append(f"{row['set']}#{row['index']}")
    return [Gemm(m, n, k, ",".join(src)) for (m, n, k), src in seen.items()]


# A cross-section of the inference GEMMs, about 8 GFLOP in all: GEMV-like
# (n = 1, 4), skinny m, shallow and deep k, and mid-size square-ish rows.
QUICK_GEMMS = [
    (35, 700, 2048),
    (3072, 1, 1024),
    (3072, 4, 1024),
    (64, 1, 1216),
    (128, 1500, 1280),
    (3072, 1500, 128),
    (176, 1500, 1408),
    (4224, 1500, 176),
    (1024, 700, 512),
    (512, 1500, 1536),
]


def gemms(subset):
    rows = inference_gemms()
    if subset == "all":
        return rows
    if subset in ("device", "server"):
        return [g for g in rows if f"inference_{subset}_set" in g.source]
    if subset == "quick":
        by_key = {(g.m, g.n, g.k): g for g in rows}
        return [by_key[key] for key in QUICK_GEMMS]
    raise SystemExit(f"unknown GEMM set '{subset}' (quick, device, server, all)")


def resnet50_convs(batch=1):
    """ResNet-50's 3x3 and 1x1 layers among the DeepBench inference rows (batch 1)."""
    out, seen = [], set()
    for row in _rows(os.path.join(DATA, "deepbench_conv.csv")):
        if not row["set"].startswith("inference_server"):
            continue
        w, h, c, n, k = (int(row[x]) for x in ("w", "h", "c", "n", "k"))
        s, r = int(row["s"]), int(row["r"])
        pad, stride = int(row["pad_h"]), int(row["stride_h"])
        assert row["pad_w"] == row["pad_h"] and row["stride_w"] == row["stride_h"]
        # DeepBench's ResNet-50 rows are inference_server_set #41-#58 and
        # #75-#98; keep its 3x3 (pad 1) and 1x1 (pad 0) layers.
        index = int(row["index"])
        if n != batch or not (41 <= index <= 58 or 75 <= index <= 98):
            continue
        if (r, s, pad) not in ((3, 3, 1), (1, 1, 0)):
            continue
        key = (c, h, w, k, r, s, pad, stride)
        if key in seen:
            continue
        seen.add(key)
        out.append(Conv(c, h, w, k, r, s, pad, stride, f"{row['set']}#{row['index']}", n=n))
    return out


# The three reference layers first, then one layer per remaining
# stage and kind.
CORE_CONVS = [
    (64, 56, 56, 64, 3, 1),  # c, h, w, k, r, stride
    (256, 14, 14, 256, 3, 1),
    (256, 14, 14, 1024, 1, 1),
    (128, 28, 28, 128, 3, 1),
    (512, 7, 7, 512, 3, 1),
    (64, 56, 56, 256, 1, 1),
    (512, 28, 28, 128, 1, 1),
    (2048, 7, 7, 512, 1, 1),
]


def convs(subset):
    rows = resnet50_convs()
    if subset == "all":
        return rows
    if subset == "quick":
        by_key = {(cv.c, cv.h, cv.w, cv.k, cv.r, cv.stride): cv for cv in rows}
        return [by_key[key] for key in CORE_CONVS]
    raise SystemExit(f"unknown conv set '{subset}' (quick, all)")
