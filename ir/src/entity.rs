//! Typed `u32` indices into arenas: the storage discipline of the whole IR.
//!
//! Operations, blocks, regions and values refer to each other constantly, in
//! both directions (an operand names its value, a value lists its uses, an op
//! knows its block and the block its ops). Expressing that with references
//! would need `Rc<RefCell<_>>` everywhere; expressing it with indices keeps the
//! data in a few dense vectors, makes every handle `Copy` and 4 bytes, and
//! lets mutation go through one `&mut` to the arena (the Cranelift approach).
//!
//! Handles are `NonZeroU32` inside so that `Option<Handle>` is still 4 bytes:
//! the IR is full of optional links (previous op, parent block, next use).

use std::marker::PhantomData;
use std::num::NonZeroU32;

/// A typed index into a [`PrimaryMap`].
pub trait EntityRef: Copy + Eq + std::hash::Hash + std::fmt::Debug {
    fn new(index: usize) -> Self;
    fn index(self) -> usize;
}

/// Declares a `u32` entity handle with a one-letter-ish display prefix.
#[macro_export]
macro_rules! entity_handle {
    ($(#[$meta:meta])* $vis:vis struct $name:ident, $prefix:literal;) => {
        $(#[$meta])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis struct $name(::std::num::NonZeroU32);

        impl $crate::entity::EntityRef for $name {
            #[inline]
            fn new(index: usize) -> Self {
                let raw = u32::try_from(index + 1).expect("entity arena overflow: more than u32::MAX - 1 entities");
                $name(::std::num::NonZeroU32::new(raw).unwrap())
            }
            #[inline]
            fn index(self) -> usize {
                (self.0.get() - 1) as usize
            }
        }

        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}{}", $prefix, $crate::entity::EntityRef::index(*self))
            }
        }
    };
}

/// A dense arena that owns its entries and hands out typed indices.
#[derive(Clone)]
pub struct PrimaryMap<K: EntityRef, V> {
    items: Vec<V>,
    _key: PhantomData<K>,
}

impl<K: EntityRef, V> Default for PrimaryMap<K, V> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            _key: PhantomData,
        }
    }
}

impl<K: EntityRef, V> PrimaryMap<K, V> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            items: Vec::with_capacity(capacity),
            _key: PhantomData,
        }
    }

    /// Appends `value` and returns its handle.
    #[inline]
    pub fn push(&mut self, value: V) -> K {
        let key = K::new(self.items.len());
        self.items.push(value);
        key
    }

    /// The handle the next `push` will return.
    pub fn next_key(&self) -> K {
        K::new(self.items.len())
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn get(&self, key: K) -> Option<&V> {
        self.items.get(key.index())
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = K> + ExactSizeIterator {
        (0..self.items.len()).map(K::new)
    }

    pub fn iter(&self) -> impl Iterator<Item = (K, &V)> {
        self.items.iter().enumerate().map(|(i, v)| (K::new(i), v))
    }

    pub fn values(&self) -> std::slice::Iter<'_, V> {
        self.items.iter()
    }

    pub fn reserve(&mut self, additional: usize) {
        self.items.reserve(additional);
    }

    /// Two distinct entries mutably at once.
    pub fn pair_mut(&mut self, a: K, b: K) -> (&mut V, &mut V) {
        let (ia, ib) = (a.index(), b.index());
        assert_ne!(ia, ib, "pair_mut needs two distinct entities");
        if ia < ib {
            let (lo, hi) = self.items.split_at_mut(ib);
            (&mut lo[ia], &mut hi[0])
        } else {
            let (lo, hi) = self.items.split_at_mut(ia);
            (&mut hi[0], &mut lo[ib])
        }
    }
}

impl<K: EntityRef, V> std::ops::Index<K> for PrimaryMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, key: K) -> &V {
        &self.items[key.index()]
    }
}

impl<K: EntityRef, V> std::ops::IndexMut<K> for PrimaryMap<K, V> {
    #[inline]
    fn index_mut(&mut self, key: K) -> &mut V {
        &mut self.items[key.index()]
    }
}

/// Side data keyed by the handles of some [`PrimaryMap`], with a default for
/// entries never written (analyses, printer numbering, ...).
#[derive(Clone)]
pub struct SecondaryMap<K: EntityRef, V: Clone> {
    items: Vec<V>,
    default: V,
    _key: PhantomData<K>,
}

impl<K: EntityRef, V: Clone> SecondaryMap<K, V> {
    pub fn with_default(default: V) -> Self {
        Self {
            items: Vec::new(),
            default,
            _key: PhantomData,
        }
    }

    #[inline]
    pub fn get(&self, key: K) -> &V {
        self.items.get(key.index()).unwrap_or(&self.default)
    }

    #[inline]
    pub fn set(&mut self, key: K, value: V) {
        let index = key.index();
        if index >= self.items.len() {
            self.items.resize(index + 1, self.default.clone());
        }
        self.items[index] = value;
    }

    pub fn clear(&mut self) {
        self.items.clear();
    }
}

impl<K: EntityRef, V: Clone + Default> Default for SecondaryMap<K, V> {
    fn default() -> Self {
        Self::with_default(V::default())
    }
}

/// Helper for handles built from a raw non-zero value (used by interners).
#[inline]
pub(crate) fn nonzero_from_index(index: usize) -> NonZeroU32 {
    NonZeroU32::new(u32::try_from(index + 1).expect("interner overflow")).unwrap()
}
