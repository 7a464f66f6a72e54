//! SVG plots of chosen games: the per-move evaluation-call ratio A/B (the
//! paper's Fig. 5), both engines' evaluation calls per move on a log scale
//! (Fig. 6), and each engine's score through the game.

use super::game::GameRecord;
use super::report::eval_ratios;
use plotters::prelude::*;
use std::path::{Path, PathBuf};

type PlotResult = Result<(), Box<dyn std::error::Error>>;

/// Writes the three plots of `game` into `dir`; returns the files written.
pub fn plot_game(dir: &Path, game: &GameRecord) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    let n = game.game;
    let ratio = dir.join(format!("ratio-game-{n:04}.svg"));
    plot_ratio(&ratio, game).map_err(|e| format!("{}: {e}", ratio.display()))?;
    files.push(ratio);
    let evals = dir.join(format!("evals-game-{n:04}.svg"));
    plot_evals(&evals, game).map_err(|e| format!("{}: {e}", evals.display()))?;
    files.push(evals);
    let score = dir.join(format!("score-game-{n:04}.svg"));
    plot_score(&score, game).map_err(|e| format!("{}: {e}", score.display()))?;
    files.push(score);
    Ok(files)
}

/// The names of A and B in `game`.
fn names(game: &GameRecord) -> (&str, &str) {
    if game.a_is_red {
        (&game.red, &game.black)
    } else {
        (&game.black, &game.red)
    }
}

/// A tick label for a value on a log axis: no trailing zeros, no
/// exponent (`0.01`, `0.5`, `1`, `20`, `3000`).
fn log_label(v: &f64) -> String {
    let v = *v;
    if v >= 10.0 {
        format!("{v:.0}")
    } else {
        let t = format!("{v:.3}");
        t.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Smallest ratio drawn: a move on which A made no evaluation call would
/// otherwise fall off the log axis.
const RATIO_FLOOR: f64 = 1e-4;

fn plot_ratio(path: &Path, game: &GameRecord) -> PlotResult {
    let (a_name, b_name) = names(game);
    let pts: Vec<(u32, f64)> = eval_ratios(game)
        .into_iter()
        .map(|(k, r)| (k as u32, r.max(RATIO_FLOOR)))
        .collect();
    let xmax = pts.iter().map(|p| p.0).max().unwrap_or(1) + 1;
    // the axis always shows the line at 1 with room on both sides, and
    // room at the top for the legend
    let ymin = pts.iter().map(|p| p.1).fold(1.0, f64::min) / 2.0;
    let ymax = pts.iter().map(|p| p.1).fold(1.0, f64::max) * 8.0;
    let root = SVGBackend::new(path, (900, 500)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "Game {}: evaluation calls per move, A / B (log scale)",
                game.game
            ),
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0..xmax, (ymin..ymax).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("A's move number")
        .y_desc("A evals / B evals")
        .y_label_formatter(&log_label)
        .light_line_style(TRANSPARENT)
        .draw()?;
    chart
        .draw_series(LineSeries::new(
            [(0, 1.0), (xmax, 1.0)],
            BLACK.stroke_width(2),
        ))?
        .label("ratio 1: equal calls")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLACK.stroke_width(2)));
    chart
        .draw_series(LineSeries::new(pts.iter().copied(), &BLUE))?
        .label(format!("A = {a_name}, B = {b_name}"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLUE));
    chart.draw_series(pts.iter().map(|&p| Circle::new(p, 2, BLUE.filled())))?;
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

fn evals_of(game: &GameRecord, player: &str) -> Vec<(u32, f64)> {
    game.moves
        .iter()
        .filter(|m| m.player == player)
        .enumerate()
        .filter_map(|(k, m)| m.evals.map(|e| ((k + 1) as u32, (e.max(1)) as f64)))
        .collect()
}

fn plot_evals(path: &Path, game: &GameRecord) -> PlotResult {
    let a = evals_of(game, "A");
    let b = evals_of(game, "B");
    let (a_name, b_name) = names(game);
    let shadow: Vec<(u32, f64)> = game
        .moves
        .iter()
        .filter(|m| m.player == "A")
        .enumerate()
        .filter_map(|(k, m)| m.shadow_evals.map(|e| ((k + 1) as u32, e.max(1) as f64)))
        .collect();
    let all = a.iter().chain(&b).chain(&shadow);
    let xmax = all.clone().map(|p| p.0).max().unwrap_or(1) + 1;
    let ymax = all.map(|p| p.1).fold(10.0, f64::max) * 2.0;
    let root = SVGBackend::new(path, (900, 500)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("Game {}: evaluation calls per move (log scale)", game.game),
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0..xmax, (1.0..ymax).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("move number")
        .y_desc("evaluation calls")
        .y_label_formatter(&log_label)
        .light_line_style(TRANSPARENT)
        .draw()?;
    chart
        .draw_series(LineSeries::new(a.iter().copied(), &BLUE))?
        .label(format!("A: {a_name}"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLUE));
    chart
        .draw_series(LineSeries::new(b.iter().copied(), &RED))?
        .label(format!("B: {b_name}"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED));
    if !shadow.is_empty() {
        chart
            .draw_series(LineSeries::new(shadow.iter().copied(), &GREEN))?
            .label(format!("B on A's positions (shadow): {b_name}"))
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], GREEN));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

fn plot_score(path: &Path, game: &GameRecord) -> PlotResult {
    // scores from Red's view by ply, clamped for readability
    let (a_name, b_name) = names(game);
    let series = |player: &str| -> Vec<(u32, f64)> {
        game.moves
            .iter()
            .filter(|m| m.player == player)
            .filter_map(|m| {
                let s = m.score? as f64;
                let s = if m.side == "red" { s } else { -s };
                Some((m.ply as u32, s.clamp(-2000.0, 2000.0)))
            })
            .collect()
    };
    let a = series("A");
    let b = series("B");
    let xmax = a.iter().chain(&b).map(|p| p.0).max().unwrap_or(1) + 1;
    let ymax = a.iter().chain(&b).map(|p| p.1.abs()).fold(50.0, f64::max) * 1.1;
    let root = SVGBackend::new(path, (900, 500)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("Game {}: score (Red's view, clamped to ±2000)", game.game),
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0..xmax, -ymax..ymax)?;
    chart
        .configure_mesh()
        .x_desc("ply")
        .y_desc("score")
        .y_label_formatter(&|v| format!("{v:.0}"))
        .draw()?;
    chart
        .draw_series(LineSeries::new(a.iter().copied(), &BLUE))?
        .label(format!("A: {a_name}"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLUE));
    chart
        .draw_series(LineSeries::new(b.iter().copied(), &RED))?
        .label(format!("B: {b_name}"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
