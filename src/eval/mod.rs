//! TEMPORARY material-only evaluator with the agreed API; replaced by the
//! five-part evaluator (eval branch) at merge.

use crate::board::{Colour, PieceKind, Position};

/// Evaluation profile.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Profile {
    /// The paper's scale.
    Paper,
    /// Play scale.
    Default,
}

impl std::str::FromStr for Profile {
    type Err = String;
    fn from_str(s: &str) -> Result<Profile, String> {
        match s.to_ascii_lowercase().as_str() {
            "paper" => Ok(Profile::Paper),
            "default" => Ok(Profile::Default),
            _ => Err(format!("unknown profile '{s}'")),
        }
    }
}

impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Profile::Paper => "paper",
            Profile::Default => "default",
        })
    }
}

/// Weights in percent.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// material
    pub material: i32,
    /// position
    pub position: i32,
    /// mobility
    pub mobility: i32,
    /// coordination
    pub coordination: i32,
    /// threat
    pub threat: i32,
}

impl Default for EvalWeights {
    fn default() -> Self {
        EvalWeights {
            material: 100,
            position: 100,
            mobility: 100,
            coordination: 100,
            threat: 100,
        }
    }
}

/// Counts evaluation calls.
#[derive(Copy, Clone, Debug, Default)]
pub struct EvalCounter {
    /// calls
    pub calls: u64,
}

/// The evaluator.
#[derive(Clone, Debug)]
pub struct Evaluator {
    profile: Profile,
    weights: EvalWeights,
}

impl Evaluator {
    /// New.
    pub fn new(profile: Profile) -> Evaluator {
        Evaluator {
            profile,
            weights: EvalWeights::default(),
        }
    }
    /// With weights.
    pub fn with_weights(profile: Profile, weights: EvalWeights) -> Evaluator {
        Evaluator { profile, weights }
    }
    /// Profile.
    pub fn profile(&self) -> Profile {
        self.profile
    }
    /// Weights.
    pub fn weights(&self) -> EvalWeights {
        self.weights
    }
    /// Set a weight.
    pub fn set_weight(&mut self, part: &str, value: i32) -> Result<(), String> {
        let w = &mut self.weights;
        let slot = match part {
            "material" => &mut w.material,
            "position" => &mut w.position,
            "mobility" => &mut w.mobility,
            "coordination" => &mut w.coordination,
            "threat" => &mut w.threat,
            _ => return Err(format!("unknown part {part}")),
        };
        *slot = value;
        Ok(())
    }
    /// Install tables.
    pub fn install(&self, _pos: &mut Position) {}
    /// Evaluate.
    pub fn evaluate(&self, pos: &Position, counter: &mut EvalCounter) -> i32 {
        counter.calls += 1;
        let v = |k| match k {
            PieceKind::King => 0,
            PieceKind::Advisor | PieceKind::Bishop => 20,
            PieceKind::Knight | PieceKind::Cannon => 100,
            PieceKind::Rook => 220,
            PieceKind::Pawn => 10,
        };
        let mut s = 0;
        for c in Colour::ALL {
            for (_, p) in pos.pieces_of(c) {
                s += c.sign() * v(p.kind());
            }
        }
        s * self.weights.material / 100 * pos.side_to_move().sign()
    }
}
