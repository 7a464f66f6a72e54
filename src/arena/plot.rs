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

fn plot_ratio(path: &Path, game: &GameRecord) -> PlotResult {
    let pts: Vec<(f64, f64)> = eval_ratios(game)
        .into_iter()
        .map(|(k, r)| (k as f64, r))
        .collect();
    let xmax = pts.iter().map(|p| p.0).fold(1.0, f64::max) + 1.0;
    let ymax = pts.iter().map(|p| p.1).fold(1.0, f64::max) * 1.1;
    let root = SVGBackend::new(path, (900, 500)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("Game {}: evaluation calls A/B per move", game.game),
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..xmax, 0.0..ymax)?;
    chart
        .configure_mesh()
        .x_desc("A's move number")
        .y_desc("A evals / B evals")
        .draw()?;
    chart.draw_series(LineSeries::new(pts.iter().copied(), &BLUE))?;
    chart.draw_series(pts.iter().map(|&p| Circle::new(p, 2, BLUE.filled())))?;
    root.present()?;
    Ok(())
}

fn evals_of(game: &GameRecord, player: &str) -> Vec<(f64, f64)> {
    game.moves
        .iter()
        .filter(|m| m.player == player)
        .enumerate()
        .filter_map(|(k, m)| m.evals.map(|e| ((k + 1) as f64, (e.max(1)) as f64)))
        .collect()
}

fn plot_evals(path: &Path, game: &GameRecord) -> PlotResult {
    let a = evals_of(game, "A");
    let b = evals_of(game, "B");
    let shadow: Vec<(f64, f64)> = game
        .moves
        .iter()
        .filter(|m| m.player == "A")
        .enumerate()
        .filter_map(|(k, m)| m.shadow_evals.map(|e| ((k + 1) as f64, e.max(1) as f64)))
        .collect();
    let all = a.iter().chain(&b).chain(&shadow);
    let xmax = all.clone().map(|p| p.0).fold(1.0, f64::max) + 1.0;
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
        .build_cartesian_2d(0.0..xmax, (1.0..ymax).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("move number")
        .y_desc("evaluation calls")
        .draw()?;
    chart
        .draw_series(LineSeries::new(a.iter().copied(), &BLUE))?
        .label("A")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLUE));
    chart
        .draw_series(LineSeries::new(b.iter().copied(), &RED))?
        .label("B")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED));
    if !shadow.is_empty() {
        chart
            .draw_series(LineSeries::new(shadow.iter().copied(), &GREEN))?
            .label("B on A's positions (shadow)")
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
    let series = |player: &str| -> Vec<(f64, f64)> {
        game.moves
            .iter()
            .filter(|m| m.player == player)
            .filter_map(|m| {
                let s = m.score? as f64;
                let s = if m.side == "red" { s } else { -s };
                Some((m.ply as f64, s.clamp(-2000.0, 2000.0)))
            })
            .collect()
    };
    let a = series("A");
    let b = series("B");
    let xmax = a.iter().chain(&b).map(|p| p.0).fold(1.0, f64::max) + 1.0;
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
        .build_cartesian_2d(0.0..xmax, -ymax..ymax)?;
    chart
        .configure_mesh()
        .x_desc("ply")
        .y_desc("score")
        .draw()?;
    chart
        .draw_series(LineSeries::new(a.iter().copied(), &BLUE))?
        .label("A")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLUE));
    chart
        .draw_series(LineSeries::new(b.iter().copied(), &RED))?
        .label("B")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
