//! The two kernels of the inference, each in a portable ("scalar") form
//! and an AVX2 form chosen at run time ([`avx2_available`]):
//!
//! - [`update`]: add feature columns to an accumulator and subtract others;
//! - [`output_sum`]: the output layer's sum `Σ v·v·w` over both
//!   perspectives, `v = clamp(acc, 0, QA)`.
//!
//! Both forms compute exactly the same integers. Accumulator lanes are
//! `i16` with wrapping addition (a trained net keeps them far from the
//! limits; wrapping makes any order of additions give the same lanes, so
//! incremental and from-scratch accumulators agree even then); the output
//! sum is `i32` with wrapping addition, each product `v²·w` fitting an
//! `i32` exactly (`255² · 32768 < 2³¹`). The AVX2 output layer multiplies
//! `v·w` in 16 bits when the net allows it ([`super::network::Network::narrow_output`]),
//! else it widens to 32-bit lanes.

use super::arch::{HIDDEN, QA};
use super::network::{Column, Network, OutLayer};

/// Whether this CPU runs the AVX2 kernels (checked once by the standard
/// library, then a load).
#[inline(always)]
pub fn avx2_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `acc = from + Σ weights[a] − Σ weights[s]` for `a` in `adds`, `s` in
/// `subs` (feature indices), where `from` is `src`, or `acc` itself when
/// `src` is `None` (copy and update in one pass); with the AVX2 kernel
/// when `simd` (which the caller must only ask for when
/// [`avx2_available`]).
#[inline(always)]
pub fn update(
    simd: bool,
    acc: &mut Column,
    src: Option<&Column>,
    weights: &[Column],
    adds: &[u16],
    subs: &[u16],
) {
    #[cfg(target_arch = "x86_64")]
    if simd {
        debug_assert!(avx2_available());
        // SAFETY: `simd` is only set when the CPU has AVX2.
        unsafe { avx2::update(acc, src, weights, adds, subs) };
        return;
    }
    let _ = simd;
    update_scalar(acc, src, weights, adds, subs);
}

/// The sum of `net`'s output layer `layer` (the position's bucket's)
/// over the side to move's accumulator `us` and the other's `them`, with
/// the AVX2 kernel when `simd`.
#[inline(always)]
pub fn output_sum(simd: bool, us: &Column, them: &Column, net: &Network, layer: &OutLayer) -> i32 {
    let out = &layer.w;
    #[cfg(target_arch = "x86_64")]
    if simd {
        debug_assert!(avx2_available());
        // SAFETY: `simd` is only set when the CPU has AVX2.
        return unsafe {
            if net.narrow {
                avx2::output_sum_narrow(us, them, out)
            } else {
                avx2::output_sum_wide(us, them, out)
            }
        };
    }
    let _ = simd;
    output_sum_scalar(us, them, out)
}

/// The portable [`update`].
pub fn update_scalar(
    acc: &mut Column,
    src: Option<&Column>,
    weights: &[Column],
    adds: &[u16],
    subs: &[u16],
) {
    if let Some(src) = src {
        *acc = *src;
    }
    for &f in adds {
        for (a, w) in acc.0.iter_mut().zip(&weights[f as usize].0) {
            *a = a.wrapping_add(*w);
        }
    }
    for &f in subs {
        for (a, w) in acc.0.iter_mut().zip(&weights[f as usize].0) {
            *a = a.wrapping_sub(*w);
        }
    }
}

/// The portable [`output_sum`].
pub fn output_sum_scalar(us: &Column, them: &Column, out: &[Column; 2]) -> i32 {
    let mut sum = 0i32;
    for (acc, w) in [(us, &out[0]), (them, &out[1])] {
        for (&a, &w) in acc.0.iter().zip(&w.0) {
            let v = i32::from(a).clamp(0, QA);
            sum = sum.wrapping_add(v * v * i32::from(w));
        }
    }
    sum
}

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2 {
    //! The AVX2 kernels (only called when the CPU has AVX2).
    use super::{Column, HIDDEN, QA};
    use std::arch::x86_64::*;

    /// 16-lane vectors per column.
    const VECTORS: usize = HIDDEN / 16;
    /// Vectors kept in registers per pass of [`update`] (8 of the 16 ymm
    /// registers, leaving room for the loads).
    const BLOCK: usize = 8;

    #[inline(always)]
    fn vectors(c: &Column) -> *const __m256i {
        c.0.as_ptr().cast()
    }

    /// See [`super::update`].
    #[target_feature(enable = "avx2")]
    pub unsafe fn update(
        acc: &mut Column,
        src: Option<&Column>,
        weights: &[Column],
        adds: &[u16],
        subs: &[u16],
    ) {
        let dst: *mut __m256i = acc.0.as_mut_ptr().cast();
        let from = src.map_or(dst.cast_const(), vectors);
        for block in (0..VECTORS).step_by(BLOCK) {
            // SAFETY (all loads and stores): columns are 64-byte aligned
            // and hold VECTORS vectors; block + k < VECTORS. `from` may be
            // `dst`: each vector is read before it is written.
            let mut r: [__m256i; BLOCK] =
                std::array::from_fn(|k| unsafe { _mm256_load_si256(from.add(block + k)) });
            for &f in adds {
                let p = vectors(&weights[f as usize]);
                for (k, r) in r.iter_mut().enumerate() {
                    *r = _mm256_add_epi16(*r, unsafe { _mm256_load_si256(p.add(block + k)) });
                }
            }
            for &f in subs {
                let p = vectors(&weights[f as usize]);
                for (k, r) in r.iter_mut().enumerate() {
                    *r = _mm256_sub_epi16(*r, unsafe { _mm256_load_si256(p.add(block + k)) });
                }
            }
            for (k, r) in r.iter().enumerate() {
                unsafe { _mm256_store_si256(dst.add(block + k), *r) };
            }
        }
    }

    /// The eight `i32` lanes of `v` summed (wrapping).
    #[inline(always)]
    unsafe fn hsum(v: __m256i) -> i32 {
        let s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b01_00_11_10));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b10_11_00_01));
        _mm_cvtsi128_si32(s)
    }

    /// See [`super::output_sum`], for output weights within
    /// ±`NARROW_OUTPUT_MAX`: `v·w` fits an `i16`, and `madd` takes
    /// `(v·w)·v` to 32 bits (two lanes at a time, exact).
    #[target_feature(enable = "avx2")]
    pub unsafe fn output_sum_narrow(us: &Column, them: &Column, out: &[Column; 2]) -> i32 {
        let zero = _mm256_setzero_si256();
        let qa = _mm256_set1_epi16(QA as i16);
        let mut sum = _mm256_setzero_si256();
        for (acc, w) in [(us, &out[0]), (them, &out[1])] {
            let (a, w) = (vectors(acc), vectors(w));
            for i in 0..VECTORS {
                // SAFETY: aligned columns of VECTORS vectors.
                let (a, w) = unsafe { (_mm256_load_si256(a.add(i)), _mm256_load_si256(w.add(i))) };
                let v = _mm256_min_epi16(_mm256_max_epi16(a, zero), qa);
                let vw = _mm256_mullo_epi16(v, w);
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
            }
        }
        hsum(sum)
    }

    /// See [`super::output_sum`], for any output weights: each `v²·w` in
    /// a 32-bit lane.
    #[target_feature(enable = "avx2")]
    pub unsafe fn output_sum_wide(us: &Column, them: &Column, out: &[Column; 2]) -> i32 {
        let zero = _mm256_setzero_si256();
        let qa = _mm256_set1_epi16(QA as i16);
        let mut sum = _mm256_setzero_si256();
        for (acc, w) in [(us, &out[0]), (them, &out[1])] {
            let (a, w) = (vectors(acc), vectors(w));
            for i in 0..VECTORS {
                // SAFETY: aligned columns of VECTORS vectors.
                let (a, w) = unsafe { (_mm256_load_si256(a.add(i)), _mm256_load_si256(w.add(i))) };
                let v = _mm256_min_epi16(_mm256_max_epi16(a, zero), qa);
                for (v, w) in [
                    (_mm256_castsi256_si128(v), _mm256_castsi256_si128(w)),
                    (
                        _mm256_extracti128_si256(v, 1),
                        _mm256_extracti128_si256(w, 1),
                    ),
                ] {
                    let v = _mm256_cvtepi16_epi32(v);
                    let w = _mm256_cvtepi16_epi32(w);
                    let p = _mm256_mullo_epi32(_mm256_mullo_epi32(v, v), w);
                    sum = _mm256_add_epi32(sum, p);
                }
            }
        }
        hsum(sum)
    }
}
