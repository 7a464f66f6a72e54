//! `chuhe ipc-quality`: how well iProbcut's steps choose, against a
//! full-width search of the same depth (docs/iprobcut-quality.md).

use super::build_options;
use chuhe::board::Position;
use chuhe::search::quality::{measure, Plan, QualityReport};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `chuhe ipc-quality`.
#[derive(Args)]
pub struct QualityArgs {
    /// Positions: one FEN (or EPD: FEN fields, then `;`-separated
    /// operations, ignored) a line; `#` starts a comment.
    #[arg(long, default_value = "tests/data/quality-positions.epd")]
    epd: String,
    /// Depths measured: `A..B` (inclusive) or a comma list.
    #[arg(long, default_value = "6..9")]
    depths: String,
    /// Nodes of each step sampled on the way per position (0: none), from
    /// the last iteration of a search to `--node-depth`.
    #[arg(long, default_value_t = 2)]
    nodes_per_step: usize,
    /// The depth of the search the nodes are sampled in.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(i32).range(2..=60))]
    node_depth: i32,
    /// Only every K-th position of the file (from the first).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    every: u64,
    /// At most this many positions (after `--every`).
    #[arg(long)]
    limit: Option<usize>,
    /// Any search option as key=value (the iProbcut options under test;
    /// the truth searches with the same and `algorithm=alphabeta`). The
    /// hash table is 16 MB unless set.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
    /// Print the report (rows and every sample) as JSON instead.
    #[arg(long)]
    json: bool,
    /// Also write the JSON report to this file.
    #[arg(long, value_name = "PATH")]
    json_out: Option<String>,
}

/// Reads `A..B` or `a,b,c` (each from 2 to 60).
fn parse_depths(s: &str) -> Result<Vec<i32>, String> {
    let bad = || format!("'{s}' is not a depth range (A..B) or list (a,b,c)");
    let depths: Vec<i32> = if let Some((a, b)) = s.split_once("..") {
        let a: i32 = a.trim().parse().map_err(|_| bad())?;
        let b: i32 = b.trim().parse().map_err(|_| bad())?;
        (a..=b).collect()
    } else {
        s.split(',')
            .map(|d| d.trim().parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?
    };
    if depths.is_empty() || depths.iter().any(|d| !(2..=60).contains(d)) {
        return Err(format!("depths must be from 2 to 60: '{s}'"));
    }
    Ok(depths)
}

/// The positions of an EPD/FEN text (bad lines are reported and skipped).
pub fn read_positions(text: &str) -> Vec<Position> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        let fen = line.split(';').next().unwrap_or("").trim();
        if fen.is_empty() {
            continue;
        }
        // an EPD line has four FEN fields and operations after them
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let parsed = Position::from_fen(fen).or_else(|e| {
            if fields.len() >= 2 {
                Position::from_fen(&format!("{} {} - - 0 1", fields[0], fields[1]))
            } else {
                Err(e)
            }
        });
        match parsed {
            Ok(p) => out.push(p),
            Err(e) => eprintln!("line {}: skipped: {e}", n + 1),
        }
    }
    out
}

/// Runs `chuhe ipc-quality`.
pub fn run(args: QualityArgs) -> ExitCode {
    let depths = match parse_depths(&args.depths) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut set = vec!["hash=16".to_string()];
    set.extend(args.set.iter().cloned());
    let options = match build_options(Some("iprobcut"), false, &set, true) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let text = match std::fs::read_to_string(&args.epd) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {}: {e}", args.epd);
            return ExitCode::FAILURE;
        }
    };
    let positions: Vec<Position> = read_positions(&text)
        .into_iter()
        .step_by(args.every as usize)
        .take(args.limit.unwrap_or(usize::MAX))
        .collect();
    if positions.is_empty() {
        eprintln!("error: no positions in {}", args.epd);
        return ExitCode::FAILURE;
    }
    let started = std::time::Instant::now();
    let plan = Plan {
        depths: depths.clone(),
        node_depth: args.node_depth,
        nodes_per_step: args.nodes_per_step,
    };
    let (samples, nodes) = measure(&options, &positions, &plan, &mut |done, total| {
        if done % 100 == 0 || done == total {
            eprintln!(
                "{done}/{total} steps, {:.0} s",
                started.elapsed().as_secs_f64()
            );
        }
    });
    let label = if args.set.is_empty() {
        "defaults".to_string()
    } else {
        args.set.join(",")
    };
    let report = QualityReport::new(label, depths, positions.len(), samples, nodes);
    let json = match serde_json::to_string_pretty(&report) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(path) = &args.json_out {
        if let Err(e) = std::fs::write(path, format!("{json}\n")) {
            eprintln!("error: {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    if args.json {
        println!("{json}");
    } else {
        print!("{}", report.table());
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_ranges_and_lists() {
        assert_eq!(parse_depths("5..8").unwrap(), vec![5, 6, 7, 8]);
        assert_eq!(parse_depths("7, 9").unwrap(), vec![7, 9]);
        assert!(parse_depths("8..5").is_err());
        assert!(parse_depths("1..3").is_err());
        assert!(parse_depths("x").is_err());
    }

    #[test]
    fn epd_lines_and_comments() {
        let text = "# comment\n\
            rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\
            rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - ; id \"start\"\n\
            not a fen\n";
        assert_eq!(read_positions(text).len(), 2);
    }
}
