//! Large tables allocated without aborting: a transposition table or a solver's table asks
//! for memory the system may not give, and the caller is told so ([`TableAllocError`])
//! instead of the process dying; on Linux the memory is offered to huge pages. And a
//! bucket of such a table loaded into the cache ahead of its read (`prefetch`).

/// A table that could not be allocated: the memory asked for is more than the system gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a {mib} MiB table: the system has not that much memory to give")]
pub struct TableAllocError {
    /// The size asked for, in MiB.
    pub mib: usize,
}

/// `count` values of `make` in a vector allocated without aborting when memory runs out.
/// On Linux the memory is first offered to transparent huge pages (see
/// [`advise_huge_pages`]).
pub(crate) fn try_filled_with<T>(
    count: usize,
    make: impl FnMut() -> T,
    mib: usize,
) -> Result<Vec<T>, TableAllocError> {
    let mut v: Vec<T> = Vec::new();
    v.try_reserve_exact(count)
        .map_err(|_| TableAllocError { mib })?;
    advise_huge_pages(v.as_mut_ptr().cast(), count.saturating_mul(size_of::<T>()));
    v.resize_with(count, make);
    Ok(v)
}

/// Starts loading `item`'s cache line (a table's bucket) for a read soon after: a hint that
/// reads nothing and cannot fault (no instruction off x86-64).
#[inline(always)]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch only hints the cache; it reads nothing and cannot fault, and the
    // address is that of a live value anyway. SSE is part of every x86-64 target.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(item).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// Bytes in a huge page (x86-64 and most aarch64 Linux kernels).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
const HUGE_PAGE: usize = 2 << 20;

/// The whole huge pages inside `bytes` bytes from `addr`: `(start, length)`, or `None` when
/// not one fits.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn huge_page_span(addr: usize, bytes: usize) -> Option<(usize, usize)> {
    let start = addr.checked_next_multiple_of(HUGE_PAGE)?;
    let end = addr.checked_add(bytes)? / HUGE_PAGE * HUGE_PAGE;
    (end > start).then(|| (start, end - start))
}

/// Asks Linux to back the table at `base` (not yet written) with 2 MiB pages where it
/// can: a probe lands on a random bucket, and with 4 KiB pages nearly every probe of a large
/// table also misses the TLB (one entry then covers 2 MiB instead of 4 KiB). Where
/// transparent huge pages are set to `madvise` (the default of Debian and Ubuntu) this
/// makes the solver's table nodes cheaper; it is only advice, changes no value, and its
/// failure (huge pages off) is harmless. Elsewhere it does nothing.
fn advise_huge_pages(base: *mut u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    if let Some((start, len)) = huge_page_span(base.addr(), bytes) {
        let first = base.wrapping_add(start - base.addr());
        // SAFETY: the range lies inside the vector's own allocation (whole pages, rounded
        // inwards), and MADV_HUGEPAGE changes how it is backed, never what it holds.
        unsafe {
            libc::madvise(first.cast(), len, libc::MADV_HUGEPAGE);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (base, bytes);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_pages_are_advised_only_whole_and_inside_the_table() {
        const MIB: usize = 1 << 20;
        // Already aligned: the whole table.
        assert_eq!(huge_page_span(2 * MIB, 4 * MIB), Some((2 * MIB, 4 * MIB)));
        // A mapping that starts one 4 KiB page after a boundary: rounded in at both ends.
        assert_eq!(
            huge_page_span(2 * MIB + 4096, 64 * MIB),
            Some((4 * MIB, 62 * MIB))
        );
        // Smaller than a huge page, or straddling a boundary without holding a whole one.
        assert_eq!(huge_page_span(4096, MIB), None);
        assert_eq!(huge_page_span(3 * MIB, 2 * MIB), None);
        // No overflow at the top of the address space.
        assert_eq!(huge_page_span(usize::MAX - 4095, 4 * MIB), None);
    }
}
