//! A node's move list on the stack, left uninitialised: a table node's list has room for 64
//! moves and seldom holds more than a dozen, and the zeros written to all 64 places first
//! were a visible share of a table node's time in the solver's profile (issue 76).

use std::mem::MaybeUninit;

/// At most `N` values of `T`, pushed one by one; only the pushed ones are ever read.
pub(crate) struct MoveList<T: Copy, const N: usize> {
    items: [MaybeUninit<T>; N],
    len: usize,
}

impl<T: Copy, const N: usize> MoveList<T, N> {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> Self {
        MoveList {
            items: [const { MaybeUninit::uninit() }; N],
            len: 0,
        }
    }

    /// Appends `item`.
    ///
    /// # Panics
    /// When the list already holds `N` values.
    #[inline(always)]
    pub fn push(&mut self, item: T) {
        self.items[self.len].write(item);
        self.len += 1;
    }

    /// Keeps only the values for which `keep` is true, in their order.
    #[inline]
    pub fn retain(&mut self, keep: impl Fn(&T) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let item = self.as_slice()[i];
            if keep(&item) {
                self.items[kept].write(item);
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// The values pushed, in order.
    #[inline(always)]
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: the first `len` places were written by `push` or `retain` (and `T` is
        // `Copy`, so no value is ever moved out or dropped); `MaybeUninit<T>` has `T`'s
        // layout.
        unsafe { std::slice::from_raw_parts(self.items.as_ptr().cast::<T>(), self.len) }
    }

    /// The values pushed, in order, to reorder or change.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in `as_slice`; the borrow of `self` is exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.items.as_mut_ptr().cast::<T>(), self.len) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_pushed_in_order() {
        let mut list = MoveList::<(u8, u64), 4>::new();
        assert_eq!(list.as_slice(), &[]);
        list.push((3, 30));
        list.push((1, 10));
        list.push((2, 20));
        assert_eq!(list.as_slice().len(), 3);
        assert_eq!(list.as_slice(), &[(3, 30), (1, 10), (2, 20)]);
        list.as_mut_slice().sort_unstable();
        list.as_mut_slice()[2].1 = 99;
        assert_eq!(list.as_slice(), &[(1, 10), (2, 20), (3, 99)]);
        list.push((0, 0));
        assert_eq!(list.as_slice().len(), 4);
        list.retain(|&(k, _)| k != 2);
        assert_eq!(list.as_slice(), &[(1, 10), (3, 99), (0, 0)]);
        list.retain(|_| false);
        assert_eq!(list.as_slice(), &[]);
    }

    #[test]
    #[should_panic(expected = "index out of bounds")]
    fn a_push_past_its_room_panics() {
        let mut list = MoveList::<u8, 2>::new();
        for i in 0..3 {
            list.push(i);
        }
    }
}
