//! The interpreter's memory: an arena of buffers addressed by handle.
//! Memref values are views (offset, sizes, strides) into a buffer, so
//! subviews and reinterpret casts alias their source, as in MLIR. Elements
//! start uninitialised (`None`): reading one is an error, which catches
//! reads of `memref.alloc`'d memory before any store.

use crate::value::{contiguous_strides, MemRefView, Scalar, ScalarType};

pub struct Buffer {
    pub data: Vec<Option<Scalar>>,
    pub elem: ScalarType,
    pub live: bool,
}

#[derive(Default)]
pub struct Memory {
    pub buffers: Vec<Buffer>,
    /// Elements of the live buffers, for the interpreter's memory limit.
    live_elements: usize,
    /// The buffers of `memref.global`s, made on first `memref.get_global`.
    pub globals: rustc_hash::FxHashMap<String, MemRefView>,
}

/// Why a memory access failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MemoryError {
    OutOfBounds { indices: Vec<i64>, sizes: Vec<i64> },
    Uninitialized { indices: Vec<i64> },
    Freed,
}

impl std::fmt::Display for MemoryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MemoryError::OutOfBounds { indices, sizes } => {
                write!(
                    f,
                    "out-of-bounds access at {indices:?} of a memref of shape {sizes:?}"
                )
            }
            MemoryError::Uninitialized { indices } => {
                write!(f, "read of uninitialized memory at {indices:?}")
            }
            MemoryError::Freed => f.write_str("access to deallocated memory"),
        }
    }
}

impl Memory {
    /// A new buffer of `len` uninitialised elements.
    /// The caller checks `len` against the memory limit
    /// ([`crate::Interpreter::elements_for`]).
    pub fn allocate(&mut self, len: usize, elem: ScalarType) -> usize {
        self.live_elements += len;
        self.buffers.push(Buffer {
            data: vec![None; len],
            elem,
            live: true,
        });
        self.buffers.len() - 1
    }

    /// A new contiguous memref of `shape`, optionally filled with `init`.
    pub fn allocate_view(
        &mut self,
        shape: &[i64],
        elem: ScalarType,
        init: Option<&[Scalar]>,
    ) -> MemRefView {
        let len = crate::value::element_count(shape).unwrap_or(0);
        let buffer = self.allocate(len, elem);
        if let Some(init) = init {
            for (slot, v) in self.buffers[buffer].data.iter_mut().zip(init) {
                *slot = Some(*v);
            }
        }
        MemRefView {
            buffer,
            offset: 0,
            sizes: shape.to_vec(),
            strides: contiguous_strides(shape),
            elem,
        }
    }

    pub fn free(&mut self, buffer: usize) -> Result<(), MemoryError> {
        let b = self.buffers.get_mut(buffer).ok_or(MemoryError::Freed)?;
        if !b.live {
            return Err(MemoryError::Freed);
        }
        b.live = false;
        self.live_elements -= b.data.len();
        b.data = Vec::new();
        Ok(())
    }

    /// Bytes of the live buffers.
    pub fn live_bytes(&self) -> u64 {
        (self.live_elements as u64).saturating_mul(crate::value::ELEMENT_BYTES)
    }

    fn slot(&self, view: &MemRefView, indices: &[i64]) -> Result<usize, MemoryError> {
        let buffer = &self.buffers[view.buffer];
        if !buffer.live {
            return Err(MemoryError::Freed);
        }
        view.position(indices)
            .filter(|&p| p < buffer.data.len())
            .ok_or_else(|| MemoryError::OutOfBounds {
                indices: indices.to_vec(),
                sizes: view.sizes.clone(),
            })
    }

    pub fn load(&self, view: &MemRefView, indices: &[i64]) -> Result<Scalar, MemoryError> {
        let pos = self.slot(view, indices)?;
        self.buffers[view.buffer].data[pos].ok_or_else(|| MemoryError::Uninitialized {
            indices: indices.to_vec(),
        })
    }

    pub fn store(
        &mut self,
        view: &MemRefView,
        indices: &[i64],
        value: Scalar,
    ) -> Result<(), MemoryError> {
        let pos = self.slot(view, indices)?;
        self.buffers[view.buffer].data[pos] = Some(value);
        Ok(())
    }

    /// Every element of `view` in row-major order.
    pub fn read_all(&self, view: &MemRefView) -> Result<Vec<Scalar>, MemoryError> {
        let mut out = Vec::with_capacity(view.num_elements());
        for_each_index(&view.sizes, |idx| {
            out.push(self.load(view, idx));
        });
        out.into_iter().collect()
    }
}

/// Calls `f` on every index of `shape` in row-major order.
pub fn for_each_index(shape: &[i64], mut f: impl FnMut(&[i64])) {
    if shape.iter().any(|&d| d <= 0) {
        return;
    }
    let mut idx = vec![0i64; shape.len()];
    loop {
        f(&idx);
        let mut d = shape.len();
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}
