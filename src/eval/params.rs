//! The `default` profile's parameters (bootstrap: the hand-set values;
//! `chuhe tune` overwrites this file).

use super::layout::N_PARAMS;

/// Middlegame values, indexed as in [`super::layout`].
pub const MG: [i16; N_PARAMS] = super::hand::HAND;
/// Endgame values, indexed as in [`super::layout`].
pub const EG: [i16; N_PARAMS] = super::hand::HAND;
/// The win/draw/loss model (see [`super::wdl`]): `[a0, a1, b0, b1]`.
pub const WDL: [f64; 4] = [150.0, 0.0, 80.0, 0.0];
