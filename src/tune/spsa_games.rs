//! `chuhe spsa`'s games: each SPSA iteration is one colour-swapped game
//! pair between θ + c·Δ and θ − c·Δ, in process, from one opening; rayon
//! plays a batch of iterations at once (each with its own Δ, drawn from
//! the θ at the batch's start, as Fishtest's asynchronous workers do).
//! The state is written after every batch, so a killed run resumes where
//! it stopped; a trajectory plot (SVG) is redrawn with it.

use super::spsa::{Perturbation, SpsaParam, SpsaState};
use crate::arena::game::{play_game, GameConfig, GameSetup, ScoreAdjudication};
use crate::arena::player::PlayerSpec;
use crate::arena::schedule::{Opening, SplitMix};
use crate::board::rules::RuleConfig;
use crate::search::{find_tunable, TUNABLES};
use indicatif::{ProgressBar, ProgressStyle};
use plotters::prelude::*;
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Everything a run needs besides its state.
pub struct SpsaRun {
    /// The in-process player both sides start from, e.g.
    /// `iprobcut:nodes=20000` (a node budget or a clock, any options).
    pub base_spec: String,
    pub openings: Vec<Opening>,
    pub config: GameConfig,
    /// Iterations (game pairs) played at once.
    pub concurrency: usize,
    /// The output directory: `state.json`, `trajectory.svg`.
    pub out: PathBuf,
    /// Record θ for the plot every this many iterations.
    pub record_every: u64,
}

/// The game rules of a tuning game: arena defaults with score
/// adjudication on (a decided or dead-drawn game need not be played out
/// to learn its result, and it keeps iterations short).
pub fn tuning_game_config() -> GameConfig {
    GameConfig {
        max_plies: 300,
        shadow: false,
        adjudication: ScoreAdjudication {
            resign_score: Some(600),
            resign_moves: 3,
            draw_score: Some(8),
            draw_moves: 8,
            draw_after: 80,
        },
        rules: RuleConfig {
            move_limit_plies: 120,
            repetition_count: 3,
        },
    }
}

/// The parameters of a run: `names` (comma-separated tunables, or `all`)
/// at their current values in `base` options, with their table ranges and
/// SPSA steps (times `c_scale`) as `c_end`.
pub fn params_from_names(
    names: &str,
    base: &crate::search::SearchOptions,
    c_scale: f64,
    r_end: f64,
) -> Result<Vec<SpsaParam>, String> {
    let list: Vec<&str> = if names.trim() == "all" {
        TUNABLES.iter().map(|t| t.name).collect()
    } else {
        names
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect()
    };
    if list.is_empty() {
        return Err("no parameters to tune".into());
    }
    list.iter()
        .map(|name| {
            let t = find_tunable(name).ok_or_else(|| format!("'{name}' is not a tunable"))?;
            let mut p = SpsaParam::new(
                t.name,
                base.tune.get(t.name).unwrap_or(t.default).into(),
                t.min.into(),
                t.max.into(),
                t.step * c_scale,
            );
            p.r_end = r_end;
            Ok(p)
        })
        .collect()
}

impl SpsaRun {
    /// The state file of the run.
    pub fn state_path(&self) -> PathBuf {
        self.out.join("state.json")
    }

    /// A player spec for one side: the base with the parameters rounded.
    fn spec(&self, state: &SpsaState, values: &[f64], label: &str) -> Result<PlayerSpec, String> {
        let mut text = self.base_spec.clone();
        if !text.contains(':') {
            text.push(':');
        }
        for (p, v) in state.params.iter().zip(values) {
            text.push_str(&format!(",{}={}", p.name, v.round() as i64));
        }
        text.push_str(&format!(",name={label}"));
        text.parse()
    }

    /// Plays iteration `p`'s game pair: the plus side's points minus the
    /// minus side's (−2..2).
    fn play_pair(&self, state: &SpsaState, p: &Perturbation) -> Result<f64, String> {
        let plus = self.spec(state, &p.plus, "plus")?;
        let minus = self.spec(state, &p.minus, "minus")?;
        let mut rng =
            SplitMix::new(state.seed ^ 0x5bd1_e995 ^ p.k.wrapping_mul(0x2545_f491_4f6c_dd1d));
        let opening = &self.openings[(rng.next_u64() % self.openings.len() as u64) as usize];
        let mut result = 0.0;
        for a_is_red in [true, false] {
            let setup = GameSetup {
                game: (2 * p.k + u64::from(!a_is_red) + 1) as usize,
                opening: opening.name.clone(),
                fen: opening.fen.clone(),
                moves: opening.moves.clone(),
                a_is_red,
            };
            let record = play_game(&setup, &plus, &minus, &self.config);
            if let Some(f) = &record.failure {
                return Err(format!("player {} failed: {:?}", f.player, f.error));
            }
            result += 2.0 * record.a_points() - 1.0;
        }
        Ok(result)
    }

    /// Runs (or resumes) `state` up to iteration `stop_at` (at most its
    /// planned iterations), saving it after every batch; returns it.
    pub fn run(&self, mut state: SpsaState, stop_at: u64) -> Result<SpsaState, String> {
        let stop_at = stop_at.min(state.iterations);
        std::fs::create_dir_all(&self.out).map_err(|e| format!("{}: {e}", self.out.display()))?;
        let bar = ProgressBar::new(state.iterations);
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} pairs {msg}")
                .map_err(|e| e.to_string())?,
        );
        bar.set_position(state.k);
        while state.k < stop_at {
            let batch = (self.concurrency as u64).min(stop_at - state.k);
            let perturbations: Vec<Perturbation> = (state.k..state.k + batch)
                .map(|k| state.perturbation(k))
                .collect();
            let results: Vec<Result<f64, String>> = perturbations
                .par_iter()
                .map(|p| self.play_pair(&state, p))
                .collect();
            for (p, r) in perturbations.iter().zip(results) {
                state.update(p, r?);
                if state.k.is_multiple_of(self.record_every.max(1)) || state.k == state.iterations {
                    state.record();
                }
            }
            save_state(&self.state_path(), &state)?;
            plot_trajectory(&self.out.join("trajectory.svg"), &state)
                .map_err(|e| format!("trajectory.svg: {e}"))?;
            bar.set_position(state.k);
            bar.set_message(format!("result sum {:+}", state.result_sum));
            // no terminal, no bar: a log line now and then instead
            if bar.is_hidden()
                && (state.k.is_multiple_of(self.record_every.max(1)) || state.k == stop_at)
            {
                eprintln!(
                    "spsa: {}/{} pairs, result sum {:+}, θ {}",
                    state.k,
                    state.iterations,
                    state.result_sum,
                    state
                        .params
                        .iter()
                        .map(|p| format!("{}={:.2}", p.name, p.theta))
                        .collect::<Vec<_>>()
                        .join(" ")
                );
            }
        }
        bar.finish();
        Ok(state)
    }
}

/// Writes `state` atomically (a temporary file renamed over the old one),
/// so a run killed while writing still leaves a readable state.
pub fn save_state(path: &Path, state: &SpsaState) -> Result<(), String> {
    let text = serde_json::to_string_pretty(state).map_err(|e| e.to_string())?;
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a state written by [`save_state`].
pub fn load_state(path: &Path) -> Result<SpsaState, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

type PlotResult = Result<(), Box<dyn std::error::Error>>;

/// Each parameter's θ over the iterations, as its distance from the start
/// in units of its `c_end` (so parameters of any scale share one axis).
pub fn plot_trajectory(path: &Path, state: &SpsaState) -> PlotResult {
    let root = SVGBackend::new(path, (900, 500)).into_drawing_area();
    root.fill(&WHITE)?;
    let series: Vec<Vec<(f64, f64)>> = state
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            state
                .trajectory
                .iter()
                .map(|(k, theta)| (*k as f64, (theta[i] - p.start) / p.c_end.max(1e-9)))
                .collect()
        })
        .collect();
    let y_max = series
        .iter()
        .flatten()
        .map(|(_, y)| y.abs())
        .fold(1.0f64, f64::max);
    let x_max = (state.k.max(1)) as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption("SPSA: (θ − start) / c_end", ("sans-serif", 20))
        .margin(10)
        .x_label_area_size(35)
        .y_label_area_size(45)
        .right_y_label_area_size(0)
        .build_cartesian_2d(0.0..x_max, -y_max..y_max)?;
    chart
        .configure_mesh()
        .x_desc("iterations (game pairs)")
        .draw()?;
    for (i, (p, points)) in state.params.iter().zip(series).enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        chart
            .draw_series(LineSeries::new(points, colour.stroke_width(2)))?
            .label(p.name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 15, y)], colour));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
