//! Weighted choice among book moves, flattened by the UCCI `randomness`
//! option.

use crate::board::Move;
use std::fmt;
use std::str::FromStr;

/// How far the choice strays from the most popular move (UCCI option
/// `randomness`: none, tiny, small, medium, large, huge).
///
/// Move `i` is drawn with probability proportional to `weight_i^(1/t)`:
/// `none` always plays the heaviest move, `medium` (t = 1) follows the
/// weights exactly, smaller values favour the popular moves more and larger
/// ones flatten the distribution towards a uniform choice.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Randomness {
    /// Always the heaviest move (ties broken by move text): deterministic.
    #[default]
    None,
    /// t = 0.4.
    Tiny,
    /// t = 0.7.
    Small,
    /// t = 1: probabilities proportional to the weights.
    Medium,
    /// t = 1.6.
    Large,
    /// t = 3.
    Huge,
}

impl Randomness {
    /// All values, from none to huge.
    pub const ALL: [Randomness; 6] = [
        Randomness::None,
        Randomness::Tiny,
        Randomness::Small,
        Randomness::Medium,
        Randomness::Large,
        Randomness::Huge,
    ];

    /// The temperature `t` (`None` for deterministic choice).
    pub fn temperature(self) -> Option<f64> {
        match self {
            Randomness::None => None,
            Randomness::Tiny => Some(0.4),
            Randomness::Small => Some(0.7),
            Randomness::Medium => Some(1.0),
            Randomness::Large => Some(1.6),
            Randomness::Huge => Some(3.0),
        }
    }

    /// The UCCI name.
    pub fn name(self) -> &'static str {
        match self {
            Randomness::None => "none",
            Randomness::Tiny => "tiny",
            Randomness::Small => "small",
            Randomness::Medium => "medium",
            Randomness::Large => "large",
            Randomness::Huge => "huge",
        }
    }

    /// The probability of each candidate under this randomness, in order.
    pub fn probabilities(self, weights: &[u32]) -> Vec<f64> {
        if weights.is_empty() {
            return Vec::new();
        }
        match self.temperature() {
            None => {
                let best = (0..weights.len())
                    .max_by(|&a, &b| weights[a].cmp(&weights[b]).then(b.cmp(&a)))
                    .unwrap_or(0);
                (0..weights.len())
                    .map(|i| if i == best { 1.0 } else { 0.0 })
                    .collect()
            }
            Some(t) => {
                let f: Vec<f64> = weights
                    .iter()
                    .map(|&w| (w.max(1) as f64).powf(1.0 / t))
                    .collect();
                let total: f64 = f.iter().sum();
                f.iter().map(|x| x / total).collect()
            }
        }
    }
}

impl fmt::Display for Randomness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Randomness {
    type Err = String;

    /// Reads a UCCI name, case-insensitively.
    fn from_str(s: &str) -> Result<Randomness, String> {
        let s = s.trim();
        Randomness::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!("unknown randomness '{s}' (none, tiny, small, medium, large, huge)")
            })
    }
}

/// Picks one of `candidates` (move, weight). With [`Randomness::None`] the
/// heaviest move, ties going to the smallest move text, without touching
/// `rng`; otherwise a draw with probability `weight^(1/t)` / total.
pub fn choose_move<R: rand::Rng + ?Sized>(
    candidates: &[(Move, u32)],
    randomness: Randomness,
    rng: &mut R,
) -> Option<Move> {
    if candidates.is_empty() {
        return None;
    }
    if randomness == Randomness::None {
        return candidates
            .iter()
            .max_by(|a, b| {
                a.1.cmp(&b.1)
                    .then_with(|| b.0.to_string().cmp(&a.0.to_string()))
            })
            .map(|c| c.0);
    }
    let weights: Vec<u32> = candidates.iter().map(|c| c.1).collect();
    let probs = randomness.probabilities(&weights);
    let mut x: f64 = rng.gen::<f64>();
    for (c, p) in candidates.iter().zip(&probs) {
        if x < *p {
            return Some(c.0);
        }
        x -= p;
    }
    candidates.last().map(|c| c.0)
}
