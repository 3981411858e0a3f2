//! Dependence tokens from buffer conflicts.
//!
//! VTA's three modules run their queues independently; the only ordering
//! between them is the four token FIFOs. An instruction that touches SRAM
//! another module touched earlier (a GEMM reading inputs a LOAD wrote, a
//! LOAD overwriting inputs a GEMM read, a STORE reading results, a GEMM
//! overwriting results a STORE still reads) must pop a token that the
//! earlier instruction pushed.
//!
//! [`insert_tokens`] derives the flags from the instructions' SRAM ranges
//! rather than from a fixed protocol. For each instruction and each
//! neighbouring module it finds the latest conflicting instruction there;
//! that instruction pushes, this one pops. Because a module is in order,
//! waiting for the latest conflict covers the earlier ones, and a
//! requirement already covered by an earlier pop of the same module is
//! dropped, so pushes and pops pair up one to one, in order, on every queue
//! (the k-th pop consumes exactly the k-th push). Every push happens before
//! its pop in stream order, so executing the stream in order is always a
//! valid schedule: the result never deadlocks, and any legal schedule
//! computes what stream order computes.
//!
//! Double buffering falls out of this when the SRAM allocator gives
//! consecutive tiles disjoint regions: the load module only waits for the
//! compute that last read the region it overwrites, two tiles back, which
//! is what TVM's two interleaved virtual threads achieve with a fixed
//! per-thread token protocol.

use strata_vta::{Buffer, DepFlag, DepFlags, Module, TokenQueue};

/// A range of elements of one on-chip buffer read or written by an
/// instruction. The output buffer shares the accumulator's indices, so
/// [`Buffer::Out`] is the same storage as [`Buffer::Acc`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub buffer: Buffer,
    pub first: u64,
    pub end: u64,
    pub write: bool,
}

impl Access {
    pub fn read(buffer: Buffer, first: u64, end: u64) -> Self {
        Access {
            buffer,
            first,
            end,
            write: false,
        }
    }
    pub fn write(buffer: Buffer, first: u64, end: u64) -> Self {
        Access {
            buffer,
            first,
            end,
            write: true,
        }
    }

    fn storage(self) -> Buffer {
        match self.buffer {
            Buffer::Out => Buffer::Acc,
            b => b,
        }
    }

    fn conflicts(self, other: Access) -> bool {
        (self.write || other.write)
            && self.storage() == other.storage()
            && self.first < other.end
            && other.first < self.end
    }
}

/// What the token pass needs to know about one instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InsnAccesses {
    pub module: Module,
    pub accesses: Vec<Access>,
}

impl InsnAccesses {
    /// FINISH must wait until every other module is done: it behaves as a
    /// write of every buffer a load or store touches.
    pub fn finish() -> Self {
        let all = |b| Access::write(b, 0, u64::MAX);
        InsnAccesses {
            module: Module::Compute,
            accesses: vec![all(Buffer::Inp), all(Buffer::Wgt), all(Buffer::Acc)],
        }
    }
}

/// The dependence flags that order every cross-module conflict of `insns`
/// (in stream order); see the module documentation.
pub fn insert_tokens(insns: &[InsnAccesses]) -> Vec<DepFlags> {
    let mut flags = vec![DepFlags::NONE; insns.len()];
    // covered[queue]: the latest producer a consumer module already waited for.
    let mut covered: [Option<usize>; 4] = [None; 4];
    for (j, consumer) in insns.iter().enumerate() {
        let b = consumer.module;
        for a in [b.prev(), b.next()].into_iter().flatten() {
            let Some(queue) = TokenQueue::between(a, b) else {
                continue;
            };
            let floor = covered[queue as usize].map_or(0, |c| c + 1);
            let producer = (floor..j).rev().find(|&i| {
                insns[i].module == a
                    && insns[i]
                        .accesses
                        .iter()
                        .any(|x| consumer.accesses.iter().any(|y| x.conflicts(*y)))
            });
            let Some(i) = producer else {
                continue;
            };
            covered[queue as usize] = Some(i);
            set(&mut flags[i], push_flag(a, b));
            set(&mut flags[j], pop_flag(b, a));
        }
    }
    flags
}

/// The flag with which `module` pushes a token to `to`.
fn push_flag(module: Module, to: Module) -> DepFlag {
    if module.next() == Some(to) {
        DepFlag::PushNext
    } else {
        DepFlag::PushPrev
    }
}

/// The flag with which `module` pops a token from `from`.
fn pop_flag(module: Module, from: Module) -> DepFlag {
    if module.prev() == Some(from) {
        DepFlag::PopPrev
    } else {
        DepFlag::PopNext
    }
}

fn set(flags: &mut DepFlags, flag: DepFlag) {
    match flag {
        DepFlag::PopPrev => flags.pop_prev = true,
        DepFlag::PopNext => flags.pop_next = true,
        DepFlag::PushPrev => flags.push_prev = true,
        DepFlag::PushNext => flags.push_next = true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(first: u64) -> InsnAccesses {
        InsnAccesses {
            module: Module::Load,
            accesses: vec![Access::write(Buffer::Inp, first, first + 4)],
        }
    }
    fn gemm(inp: u64, acc: u64) -> InsnAccesses {
        InsnAccesses {
            module: Module::Compute,
            accesses: vec![
                Access::read(Buffer::Inp, inp, inp + 4),
                Access::write(Buffer::Acc, acc, acc + 1),
            ],
        }
    }
    fn store(acc: u64) -> InsnAccesses {
        InsnAccesses {
            module: Module::Store,
            accesses: vec![Access::read(Buffer::Out, acc, acc + 1)],
        }
    }

    #[test]
    fn double_buffered_stream() {
        // Two buffers, three tiles: the third load overwrites the first
        // tile's inputs, so it waits for the first GEMM only.
        let insns = vec![
            load(0),
            gemm(0, 0),
            store(0),
            load(4),
            gemm(4, 1),
            store(1),
            load(0),
            gemm(0, 0),
            store(0),
            InsnAccesses::finish(),
        ];
        let f = insert_tokens(&insns);
        assert!(f[0].push_next && f[1].pop_prev);
        assert!(f[1].push_next && f[2].pop_prev);
        assert!(!f[3].pop_next, "second load needs no wait");
        assert!(
            f[1].push_prev && f[6].pop_next,
            "third load waits for the first gemm"
        );
        assert!(
            f[2].push_prev && f[7].pop_next,
            "third gemm waits for the first store"
        );
        assert!(
            f[8].push_prev && f[9].pop_next,
            "finish waits for the last store"
        );
        let pushes_l2g = f
            .iter()
            .take(9)
            .enumerate()
            .filter(|(i, d)| insns[*i].module == Module::Load && d.push_next)
            .count();
        let pops_l2g = f
            .iter()
            .enumerate()
            .filter(|(i, d)| insns[*i].module == Module::Compute && d.pop_prev)
            .count();
        assert_eq!(pushes_l2g, pops_l2g);
    }
}
