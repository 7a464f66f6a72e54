//! Value parsers for the commands' real-number arguments. Rust reads
//! `nan` and `inf` as numbers, so without these a NaN learning rate
//! trained a net of NaNs and wrote it; clap now refuses such values, with
//! the argument's name, before any data is read.

use std::str::FromStr;

/// Reads a finite number for which `fits` holds, or says why it is not
/// one (`wanted` completes "… is not", e.g. "greater than 0").
fn finite_where<T: FromStr + Into<f64> + Copy>(
    text: &str,
    fits: impl Fn(f64) -> bool,
    wanted: &str,
) -> Result<T, String> {
    let value: T = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    match value.into() {
        v if !v.is_finite() => Err(format!("{text} is not a finite number")),
        v if !fits(v) => Err(format!("{text} is not {wanted}")),
        _ => Ok(value),
    }
}

/// A finite number greater than zero (learning rates, scales).
pub fn positive<T: FromStr + Into<f64> + Copy>(text: &str) -> Result<T, String> {
    finite_where(text, |v| v > 0.0, "greater than 0")
}

/// A finite number of zero or more (regularisation strengths).
pub fn non_negative<T: FromStr + Into<f64> + Copy>(text: &str) -> Result<T, String> {
    finite_where(text, |v| v >= 0.0, "0 or more")
}

/// A finite number from 0 to 1 (blend weights, fractions).
pub fn fraction<T: FromStr + Into<f64> + Copy>(text: &str) -> Result<T, String> {
    finite_where(text, |v| (0.0..=1.0).contains(&v), "from 0 to 1")
}

/// A finite number from 0 to 100 (shares in percent).
pub fn percent<T: FromStr + Into<f64> + Copy>(text: &str) -> Result<T, String> {
    finite_where(text, |v| (0.0..=100.0).contains(&v), "from 0 to 100")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_that_are_not_finite_or_out_of_range_are_refused() {
        for bad in ["nan", "NaN", "inf", "-inf", "1e39", "abc", ""] {
            assert!(positive::<f32>(bad).is_err(), "{bad}");
        }
        assert!(positive::<f64>("1e39").is_ok(), "f64 holds 1e39");
        assert!(positive::<f64>("0").is_err());
        assert_eq!(positive::<f64>("2e-3"), Ok(2e-3));
        assert_eq!(non_negative::<f64>("0"), Ok(0.0));
        assert!(non_negative::<f64>("-0.5").is_err());
        assert_eq!(fraction::<f32>("1"), Ok(1.0));
        assert!(fraction::<f32>("1.01").is_err());
        assert!(fraction::<f32>("-0.01").is_err());
        assert_eq!(percent::<f64>("100"), Ok(100.0));
        assert!(percent::<f64>("100.5").is_err());
    }
}
