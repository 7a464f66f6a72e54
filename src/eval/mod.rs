//! The static evaluator: five weighted parts, after the paper's
//! `E(s) = Σ w_k · e_k(s)` (see `IPROBCUT.md`):
//!
//! 1. [`material`] (子力),
//! 2. [`position`] (棋子位置, piece-square tables for all seven kinds),
//! 3. [`mobility`] (灵活度),
//! 4. [`coordination`] (棋子配合),
//! 5. [`threat`] (威胁与保护).
//!
//! Each part `e_k` is scored from Red's view (Red's value minus Black's);
//! the weights `w_k` are integers in percent ([`EvalWeights`]) and
//! `E = Σ w_k · e_k / 100` (one integer division of the whole sum), turned
//! to the side to move's view by [`Evaluator::evaluate`].
//!
//! Two [`Profile`]s: `paper` uses the paper's Table 1 material and Table 2
//! rook table, the rest of our design on the same scale; `default` is our
//! evaluator for play, in centipawns where a horse is 100.
//!
//! **Mate and stalemate are the search's business, not the evaluator's**:
//! the evaluator never asks whether the side to move has a legal move, and
//! scores a mated or stalemated position like any other. (In xiangqi a
//! stalemated side loses, just as a mated one; the search must detect both
//! and return its mate scores.) Likewise repetition and the move-count
//! rules are not looked at here.
//!
//! **Incremental sums.** Material and position are never rescanned: they are
//! read from the position's incremental piece-square sums, using one set of
//! tables shared by both profiles (lane 0 paper material, 1 paper position,
//! 2 default material, 3 default position; see [`psq`]).
//! [`Evaluator::install`] puts these tables into a position; search and the
//! CLI call it once when they set up a position (make/unmake keep the sums
//! from then on). If a position without them is evaluated, the evaluator
//! notices (pointer comparison) and sums the tables from scratch instead:
//! correct, only slower. The attack pass likewise reads each side's
//! occupied squares and each piece's squares from the position's square
//! sets, which make/unmake keep ([`crate::board::Position::piece_set`]).
//!
//! **The network.** An evaluator built [`Evaluator::with_net`] (the
//! `eval=net` setting) scores with the learned network of [`nnue`]
//! instead of the five parts; the `paper` profile always uses the five
//! parts. [`Evaluator::breakdown`] shows the five parts either way.
//!
//! **Counting.** [`Evaluator::evaluate`] adds exactly one to
//! [`EvalCounter::calls`], the paper's efficiency measure; the counter
//! belongs to the caller's search context. [`Evaluator::breakdown`] is not
//! counted.

pub mod attacks;
pub mod coordination;
pub mod drawish;
pub mod features;
pub mod hand;
pub mod layout;
pub mod material;
pub mod mobility;
pub mod nnue;
pub mod params;
pub mod position;
pub mod psq;
pub mod step_sets;
pub mod taper;
pub mod threat;
pub mod trace;
pub mod wdl;

use crate::board::Position;
use attacks::AttackInfo;
use features::Counts;
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, LazyLock};
use taper::{taper, PackedSum};

/// Number of keys of [`MATERIAL_TABLE`]: the rook, horse and cannon
/// fields of both sides in the count lane (12 bits).
const MATERIAL_KEYS: usize = 1 << 12;

/// Where the key of [`MATERIAL_TABLE`] starts in the count lane (see
/// [`psq::count_shift`]).
const MATERIAL_KEY_SHIFT: u32 = 4;

/// Per rook/horse/cannon count key: the packed imbalance terms and the
/// game phase, so the evaluator looks them up instead of computing them.
static MATERIAL_TABLE: LazyLock<Box<[[i32; 2]; MATERIAL_KEYS]>> = LazyLock::new(|| {
    let mut t = Box::new([[0; 2]; MATERIAL_KEYS]);
    for (key, e) in t.iter_mut().enumerate() {
        let n = Counts::from_code((key as i32) << MATERIAL_KEY_SHIFT);
        let mut imbalance = PackedSum::default();
        features::imbalance(&n, &mut imbalance);
        *e = [imbalance.0, n.phase()];
    }
    t
});

/// Number of keys of [`KING_TABLE`]: a side's advisor and elephant fields
/// and the enemy's rook, horse and cannon fields (10 bits).
const KING_KEYS: usize = 1 << 10;

/// Per defender, where the key of its [`KING_TABLE`] starts in the count
/// lane (see [`psq::count_shift`]).
const KING_KEY_SHIFT: [u32; 2] = [0, 10];

/// Per defender and key: the packed king-safety terms that depend on the
/// piece counts alone ([`features::king_material`]), and the packed
/// open-file term ([`features::open_file`]), added when the king's file
/// is open.
static KING_TABLE: LazyLock<Box<[[[i32; 2]; KING_KEYS]; 2]>> = LazyLock::new(|| {
    let mut t = Box::new([[[0; 2]; KING_KEYS]; 2]);
    for (c, side) in t.iter_mut().enumerate() {
        for (key, e) in side.iter_mut().enumerate() {
            let n = Counts::from_code((key as i32) << KING_KEY_SHIFT[c]);
            let mut material = PackedSum::default();
            features::king_material(&n, c, &mut material);
            let mut open = PackedSum::default();
            features::open_file(&n, c, &mut open);
            *e = [material.0, open.0];
        }
    }
    t
});

/// Which set of values the evaluator uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// The paper's Table 1 material and Table 2 rook positions.
    Paper,
    /// Our evaluator for play, in centipawns (horse = 100).
    Default,
}

impl FromStr for Profile {
    type Err = String;

    /// `paper` or `default` (case-insensitive).
    fn from_str(s: &str) -> Result<Profile, String> {
        match s.to_ascii_lowercase().as_str() {
            "paper" => Ok(Profile::Paper),
            "default" => Ok(Profile::Default),
            _ => Err(format!(
                "unknown evaluation profile '{s}' (expected 'paper' or 'default')"
            )),
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Profile::Paper => "paper",
            Profile::Default => "default",
        })
    }
}

/// The names of the five parts, in order.
pub const PART_NAMES: [&str; 5] = ["material", "position", "mobility", "coordination", "threat"];

/// The weight of each part in percent (100 = as scored).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Material (子力).
    pub material: i32,
    /// Piece position (棋子位置).
    pub position: i32,
    /// Mobility (灵活度).
    pub mobility: i32,
    /// Coordination (棋子配合).
    pub coordination: i32,
    /// Threat and protection (威胁与保护).
    pub threat: i32,
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights {
            material: 100,
            position: 100,
            mobility: 100,
            coordination: 100,
            threat: 100,
        }
    }
}

impl EvalWeights {
    /// The weights in part order ([`PART_NAMES`]).
    pub fn as_array(&self) -> [i32; 5] {
        [
            self.material,
            self.position,
            self.mobility,
            self.coordination,
            self.threat,
        ]
    }

    /// The weight of the part called `part`, if there is one.
    pub fn get(&self, part: &str) -> Option<i32> {
        PART_NAMES
            .iter()
            .position(|&n| n == part)
            .map(|i| self.as_array()[i])
    }
}

/// Counts evaluation calls; owned by the caller's search context.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct EvalCounter {
    /// Number of [`Evaluator::evaluate`] calls.
    pub calls: u64,
}

/// One part's line of an [`EvalBreakdown`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PartScore {
    /// The part's name (see [`PART_NAMES`]).
    pub name: &'static str,
    /// The unweighted score, Red's view.
    pub raw: i32,
    /// The weight in percent.
    pub weight: i32,
    /// `raw * weight / 100`, Red's view.
    pub weighted: i32,
}

/// The five parts of one evaluation and the total.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EvalBreakdown {
    /// The parts in order (material, position, mobility, coordination, threat).
    pub parts: [PartScore; 5],
    /// `Σ weight · raw / 100`, from the side to move's view (exactly what
    /// [`Evaluator::evaluate`] returns; the per-part `weighted` values are
    /// rounded separately and may not add up to it exactly).
    pub total: i32,
}

impl fmt::Display for EvalBreakdown {
    /// A table of the parts (Red's view) and, as the last line,
    /// `total <v>` from the side to move's view.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<13}{:>8}{:>8}{:>10}",
            "part", "raw", "weight", "weighted"
        )?;
        for p in &self.parts {
            writeln!(
                f,
                "{:<13}{:>8}{:>8}{:>10}",
                p.name, p.raw, p.weight, p.weighted
            )?;
        }
        write!(f, "total {}", self.total)
    }
}

/// The static evaluator: a profile, five weights, whether drawish
/// material scales the `default` profile's score ([`drawish`]), and the
/// network that replaces the five parts when one is set.
#[derive(Clone, Debug)]
pub struct Evaluator {
    profile: Profile,
    weights: EvalWeights,
    drawish: bool,
    net: Option<Arc<nnue::Network>>,
}

/// Mobility, coordination and threat of `pos` (raw, Red's view): the parts
/// built on the attack maps. Their bit sets are counted a lot, so on x86-64
/// they run compiled with the popcnt instruction when the CPU has it
/// (without it every count of a 128-bit set costs a few dozen
/// instructions), and with AVX2 and BMI as well when it has those (wider
/// stores to clear the attack record, three-operand shifts and and-not:
/// 4 % faster per call in a release-build timing loop); the values are the
/// same either way.
#[inline]
fn attack_parts(pos: &Position, profile: Profile, count_code: i32, phase: i32) -> [i32; 3] {
    #[cfg(target_arch = "x86_64")]
    {
        use std::is_x86_feature_detected as has;
        if has!("popcnt") && has!("avx2") && has!("bmi1") && has!("bmi2") {
            // SAFETY: the CPU has these features (just checked).
            return unsafe { attack_parts_with_avx2(pos, profile, count_code, phase) };
        }
        if has!("popcnt") {
            // SAFETY: the CPU has the popcnt instruction (just checked).
            return unsafe { attack_parts_with_popcnt(pos, profile, count_code, phase) };
        }
    }
    attack_parts_portable(pos, profile, count_code, phase)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,avx2,bmi1,bmi2")]
fn attack_parts_with_avx2(
    pos: &Position,
    profile: Profile,
    count_code: i32,
    phase: i32,
) -> [i32; 3] {
    attack_parts_portable(pos, profile, count_code, phase)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn attack_parts_with_popcnt(
    pos: &Position,
    profile: Profile,
    count_code: i32,
    phase: i32,
) -> [i32; 3] {
    attack_parts_portable(pos, profile, count_code, phase)
}

/// The attack parts; for the `default` profile tapered by `phase`
/// (`count_code` is the count lane, which keys the king-safety table).
#[inline(always)]
fn attack_parts_portable(
    pos: &Position,
    profile: Profile,
    count_code: i32,
    phase: i32,
) -> [i32; 3] {
    let mut a = AttackInfo::default();
    if profile == Profile::Paper {
        a.fill(pos, false);
        return [
            mobility::score(&a, profile),
            coordination::score(pos, &a, profile),
            threat::score(pos, &a, profile),
        ];
    }
    a.fill(pos, true);
    let mut mob = PackedSum::default();
    features::mobility(&a, &mut mob);
    let mut coord = PackedSum::default();
    features::coordination(pos, &a, &mut coord);
    let mut thr = PackedSum::default();
    let king = &*KING_TABLE;
    features::threat(pos, &a, &mut thr, |c, file_open, sum| {
        let key = (count_code >> KING_KEY_SHIFT[c]) as usize & (KING_KEYS - 1);
        let [material, open] = king[c][key];
        sum.0 += material + open * file_open as i32;
    });
    [
        taper(mob.0, phase),
        taper(coord.0, phase),
        taper(thr.0, phase),
    ]
}

impl Evaluator {
    /// An evaluator of `profile` with all weights 100.
    pub fn new(profile: Profile) -> Evaluator {
        Evaluator::with_weights(profile, EvalWeights::default())
    }

    /// An evaluator of `profile` with the given weights.
    pub fn with_weights(profile: Profile, weights: EvalWeights) -> Evaluator {
        Evaluator {
            profile,
            weights,
            drawish: drawish::DEFAULT_ON,
            net: None,
        }
    }

    /// The evaluator a search's settings choose: `profile` and `weights`
    /// for the five parts, the drawish-material scaling when `drawish`,
    /// and the network of `net` when `kind` is the net (never for the
    /// `paper` profile).
    pub fn chosen(
        profile: Profile,
        weights: EvalWeights,
        drawish: bool,
        kind: nnue::EvalKind,
        net: &nnue::NetChoice,
    ) -> Evaluator {
        let net = (kind == nnue::EvalKind::Net).then(|| net.network());
        Evaluator::with_weights(profile, weights)
            .with_drawish(drawish)
            .with_net(net)
    }

    /// This evaluator scoring with `net` instead of the five parts (`None`:
    /// the five parts). The `paper` profile keeps the five parts whatever
    /// `net` is.
    pub fn with_net(mut self, net: Option<Arc<nnue::Network>>) -> Evaluator {
        self.net = net.filter(|_| self.profile != Profile::Paper);
        self
    }

    /// The network this evaluator scores with, if any.
    pub fn net(&self) -> Option<&Arc<nnue::Network>> {
        self.net.as_ref()
    }

    /// This evaluator with the drawish-material scaling ([`drawish`]) on
    /// or off; the `paper` profile never scales.
    pub fn with_drawish(mut self, on: bool) -> Evaluator {
        self.drawish = on;
        self
    }

    /// `red_view` scaled for drawish material when that is on.
    #[inline(always)]
    fn scaled(&self, pos: &Position, red_view: i32) -> i32 {
        if self.drawish && self.profile == Profile::Default {
            drawish::apply(pos, red_view)
        } else {
            red_view
        }
    }

    /// The profile.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// The weights.
    pub fn weights(&self) -> EvalWeights {
        self.weights
    }

    /// Sets the weight (percent) of one part, by name: `material`,
    /// `position`, `mobility`, `coordination` or `threat`.
    pub fn set_weight(&mut self, part: &str, value: i32) -> Result<(), String> {
        let w = &mut self.weights;
        let slot = match part {
            "material" => &mut w.material,
            "position" => &mut w.position,
            "mobility" => &mut w.mobility,
            "coordination" => &mut w.coordination,
            "threat" => &mut w.threat,
            _ => {
                return Err(format!(
                    "unknown evaluation part '{part}' (expected one of: {})",
                    PART_NAMES.join(", ")
                ))
            }
        };
        *slot = value;
        Ok(())
    }

    /// Installs the piece-square tables this evaluator reads into `pos`
    /// (the same tables for both profiles), so that material and position
    /// are kept incrementally by make/unmake.
    pub fn install(&self, pos: &mut Position) {
        let t = psq::tables();
        if !std::ptr::eq(pos.psq_tables(), t) {
            pos.set_psq_tables(t);
        }
    }

    /// The five raw parts, Red's view.
    /// With `skip_unweighted`, parts weighted 0 that need the attack pass
    /// are left at 0 when none of them is weighted.
    #[inline]
    fn raw_parts(&self, pos: &Position, skip_unweighted: bool) -> [i32; 5] {
        let w = &self.weights;
        let skip = skip_unweighted && w.mobility == 0 && w.coordination == 0 && w.threat == 0;
        if self.profile == Profile::Paper {
            let [material, position] = psq::sums(pos, self.profile);
            if skip {
                return [material, position, 0, 0, 0];
            }
            let [mobility, coordination, threat] = attack_parts(pos, self.profile, 0, 0);
            return [material, position, mobility, coordination, threat];
        }
        let lanes = psq::lanes(pos);
        let (material, position, phase) = Self::tapered_psq(&lanes);
        if skip {
            return [material, position, 0, 0, 0];
        }
        let [mobility, coordination, threat] =
            attack_parts(pos, self.profile, lanes[psq::COUNT_LANE], phase);
        [material, position, mobility, coordination, threat]
    }

    /// Default profile: material (with the imbalance terms) and position,
    /// tapered, Red's view, and the phase, from the piece-square lanes.
    #[inline(always)]
    fn tapered_psq(lanes: &[i32; crate::board::PSQ_LANES]) -> (i32, i32, i32) {
        let key = (lanes[psq::COUNT_LANE] >> MATERIAL_KEY_SHIFT) as usize & (MATERIAL_KEYS - 1);
        let [imbalance, phase] = MATERIAL_TABLE[key];
        let m = psq::material_lane(Profile::Default);
        let p = psq::position_lane(Profile::Default);
        (
            taper(lanes[m] + imbalance, phase),
            taper(lanes[p], phase),
            phase,
        )
    }

    /// The material and position parts only (kept incrementally by
    /// make/unmake), weighted as in [`Evaluator::evaluate`], from the side
    /// to move's view; not counted. Cheap: no attack pass. Meant for lazy
    /// evaluation in the search.
    ///
    /// With a network this is the network's full score: it has no cheaper
    /// part, and an exact score makes the lazy tests decide as the full
    /// evaluation would. The network's cache remembers it, so the full
    /// evaluation that may follow costs only a comparison.
    #[inline]
    pub fn cheap_score(&self, pos: &Position) -> i32 {
        if let Some(net) = &self.net {
            return nnue::evaluate(net, pos);
        }
        let [material, position] = if self.profile == Profile::Paper {
            psq::sums(pos, self.profile)
        } else {
            let (material, position, _) = Self::tapered_psq(&psq::lanes(pos));
            [material, position]
        };
        let w = &self.weights;
        let red_view = (material * w.material + position * w.position) / 100;
        self.scaled(pos, red_view) * pos.side_to_move().sign()
    }

    /// The game phase of `pos`: 2 per rook, 1 per horse and cannon on the
    /// board, from 0 to [`features::MAX_PHASE`] (16, the start position).
    /// The `default` profile blends its middlegame and endgame values by
    /// it, and [`wdl::wdl_permille`] takes it.
    pub fn phase(pos: &Position) -> i32 {
        Counts::of(pos).phase()
    }

    #[inline]
    fn combine(&self, raw: &[i32; 5], pos: &Position) -> i32 {
        let w = self.weights.as_array();
        let sum: i32 = raw.iter().zip(w).map(|(r, w)| r * w).sum();
        self.scaled(pos, sum / 100) * pos.side_to_move().sign()
    }

    /// The evaluation of `pos` from the side to move's view. Adds exactly one
    /// to `counter.calls`. Not aware of mate, stalemate or repetition.
    #[inline]
    pub fn evaluate(&self, pos: &Position, counter: &mut EvalCounter) -> i32 {
        counter.calls += 1;
        if let Some(net) = &self.net {
            return nnue::evaluate(net, pos);
        }
        let raw = self.raw_parts(pos, true);
        self.combine(&raw, pos)
    }

    /// The five parts of the evaluation of `pos` (not counted); with a
    /// network, still the five parts, and their total is not what
    /// [`Evaluator::evaluate`] returns.
    pub fn breakdown(&self, pos: &Position) -> EvalBreakdown {
        let raw = self.raw_parts(pos, false);
        let w = self.weights.as_array();
        let parts = std::array::from_fn(|i| PartScore {
            name: PART_NAMES[i],
            raw: raw[i],
            weight: w[i],
            weighted: raw[i] * w[i] / 100,
        });
        EvalBreakdown {
            parts,
            total: self.combine(&raw, pos),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The attack parts compiled for the CPU's features (AVX2/BMI or
    /// popcnt on x86-64) and the portable build give the same values: the
    /// test machine runs the fastest variant only, so the others are
    /// compared with it here.
    #[test]
    fn every_compiled_variant_gives_the_same_attack_parts() {
        let data = include_str!("../../tests/data/movegen-oracle.tsv");
        let mut compared = 0;
        for line in data.lines().step_by(7) {
            let fen = line.split('\t').next().unwrap();
            let mut pos = Position::from_fen(fen).unwrap();
            for profile in [Profile::Default, Profile::Paper] {
                Evaluator::new(profile).install(&mut pos);
                let code = psq::lanes(&pos)[psq::COUNT_LANE];
                let phase = Evaluator::phase(&pos);
                let dispatched = attack_parts(&pos, profile, code, phase);
                assert_eq!(
                    attack_parts_portable(&pos, profile, code, phase),
                    dispatched,
                    "portable, {profile}, {fen}"
                );
                #[cfg(target_arch = "x86_64")]
                if std::is_x86_feature_detected!("popcnt") {
                    // SAFETY: the CPU has the popcnt instruction.
                    let with_popcnt =
                        unsafe { attack_parts_with_popcnt(&pos, profile, code, phase) };
                    assert_eq!(with_popcnt, dispatched, "popcnt, {profile}, {fen}");
                }
                compared += 1;
            }
        }
        assert!(compared > 500);
    }
}
