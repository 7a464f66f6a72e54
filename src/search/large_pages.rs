//! Zeroed buffers for the search's big tables (the transposition table and
//! the continuation histories), on transparent huge pages where Linux
//! offers them.
//!
//! Why: every node probes the transposition table and the continuation
//! histories at places no cache holds. With 4 KB pages a 16 MB table spans
//! 4 096 pages, more than the TLB keeps, so most probes first walk the
//! page tables; with 2 MB pages it spans eight. Most Linux systems give
//! huge pages only to memory that asks for them (`madvise`, the default
//! `transparent_hugepage=madvise`). With them, issue 56's data generator
//! (5 000-node searches, 16 MB table) ran 2–10 % faster (docs/search.md, "Big tables").
//!
//! A buffer of at least 2 MB is aligned to 2 MB and its size rounded up to
//! whole huge pages; it is advised before its first write (zeroing), so the
//! kernel backs it with huge pages from the start rather than collapsing
//! small ones later. Elsewhere (other systems, small buffers, huge pages
//! refused) it is an ordinary zeroed allocation: the advice is a hint and
//! its result is not checked.

use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// The huge page size of x86-64 and arm64 Linux.
const HUGE_PAGE: usize = 2 << 20;

/// Types whose all-zero bytes are a valid value (the buffer starts zeroed).
///
/// # Safety
/// An implementor must be valid when every byte of it is zero.
pub(crate) unsafe trait Zeroable {}

// SAFETY: integers are valid for any bytes, zero included.
unsafe impl Zeroable for i16 {}
// SAFETY: as above.
unsafe impl Zeroable for i32 {}

/// A fixed-length, zero-initialised slice of `T` (see the module docs).
pub(crate) struct LargeBuffer<T: Zeroable> {
    ptr: NonNull<T>,
    len: usize,
}

// SAFETY: the buffer owns its elements as a `Box<[T]>` would.
unsafe impl<T: Zeroable + Send> Send for LargeBuffer<T> {}
// SAFETY: shared access only hands out `&[T]`.
unsafe impl<T: Zeroable + Sync> Sync for LargeBuffer<T> {}

impl<T: Zeroable> LargeBuffer<T> {
    /// A buffer of no elements (allocates nothing).
    pub(crate) const fn empty() -> Self {
        LargeBuffer {
            ptr: NonNull::dangling(),
            len: 0,
        }
    }

    /// `len` zeroed elements.
    pub(crate) fn zeroed(len: usize) -> Self {
        let Some(layout) = Self::layout(len) else {
            return LargeBuffer {
                ptr: NonNull::dangling(),
                len,
            };
        };
        // SAFETY: the layout has a non-zero size; the pointer is checked
        // for null, advised and zeroed over the whole layout before any
        // `T` is read from it, and `T: Zeroable` makes zero bytes valid.
        unsafe {
            let p = alloc(layout);
            if p.is_null() {
                handle_alloc_error(layout);
            }
            advise_huge_pages(p, layout);
            std::ptr::write_bytes(p, 0, layout.size());
            LargeBuffer {
                ptr: NonNull::new_unchecked(p.cast::<T>()),
                len,
            }
        }
    }

    /// Sets every element to zero bytes, in one `memset` (a loop storing
    /// empty values element by element is not always compiled to one).
    pub(crate) fn zero_all(&mut self) {
        // SAFETY: `len` elements live at `ptr`, `&mut self` is exclusive,
        // and `T: Zeroable` makes zero bytes a valid value.
        unsafe { std::ptr::write_bytes(self.ptr.as_ptr(), 0, self.len) };
    }

    /// The allocation for `len` elements (`None`: nothing to allocate).
    fn layout(len: usize) -> Option<Layout> {
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .expect("buffer size overflows");
        if bytes == 0 {
            return None;
        }
        let (size, align) = if bytes >= HUGE_PAGE {
            (bytes.div_ceil(HUGE_PAGE) * HUGE_PAGE, HUGE_PAGE)
        } else {
            (bytes, 1)
        };
        let align = align.max(std::mem::align_of::<T>());
        Some(Layout::from_size_align(size, align).expect("a valid layout"))
    }

    /// Whether the buffer starts on a huge-page boundary (for tests).
    #[cfg(test)]
    fn huge_aligned(&self) -> bool {
        (self.ptr.as_ptr() as usize).is_multiple_of(HUGE_PAGE)
    }
}

/// Asks Linux to back `layout`'s memory at `p` with huge pages.
#[cfg(target_os = "linux")]
fn advise_huge_pages(p: *mut u8, layout: Layout) {
    if layout.align() == HUGE_PAGE {
        // SAFETY: the range is one live allocation of ours; the advice
        // changes no contents. Its failure (no THP support) is harmless.
        unsafe {
            libc::madvise(p.cast(), layout.size(), libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_p: *mut u8, _layout: Layout) {}

impl<T: Zeroable> Drop for LargeBuffer<T> {
    fn drop(&mut self) {
        if let Some(layout) = Self::layout(self.len) {
            // SAFETY: allocated in `zeroed` with this same layout.
            unsafe { dealloc(self.ptr.as_ptr().cast(), layout) };
        }
    }
}

impl<T: Zeroable> Deref for LargeBuffer<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: `len` initialised elements live at `ptr` (or `len` is
        // zero-sized and `ptr` dangling, which slices allow).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> DerefMut for LargeBuffer<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` is exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_start_zeroed_and_hold_what_is_written() {
        for len in [
            0,
            1,
            1000,
            HUGE_PAGE / 2 - 1,
            HUGE_PAGE / 2,
            3 * HUGE_PAGE / 2 + 7,
        ] {
            let mut b = LargeBuffer::<i16>::zeroed(len);
            assert_eq!(b.len(), len);
            assert!(b.iter().all(|&v| v == 0), "len {len}");
            for (i, v) in b.iter_mut().enumerate() {
                *v = i as i16;
            }
            assert!(b.iter().enumerate().all(|(i, &v)| v == i as i16));
            b.zero_all();
            assert!(b.iter().all(|&v| v == 0), "len {len} zeroed again");
            // two bytes an element: from a megabyte of them on, the
            // buffer is at least a huge page and starts on one
            if len * 2 >= HUGE_PAGE {
                assert!(b.huge_aligned(), "len {len}");
            }
        }
        assert!(LargeBuffer::<i32>::empty().is_empty());
    }
}
