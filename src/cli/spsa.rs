//! `chuhe spsa`: tunes search tunables by SPSA self-play (see
//! docs/spsa.md and `chuhe::tune::spsa`).

use super::numbers;
use chuhe::arena::player::PlayerSpec;
use chuhe::arena::schedule::parse_openings;
use chuhe::tune::spsa::{SpsaState, R_END};
use chuhe::tune::spsa_games::{load_state, params_from_names, tuning_game_config, SpsaRun};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `chuhe spsa`.
#[derive(Args)]
pub struct SpsaArgs {
    /// Tunables to tune, comma-separated (`chuhe search --list-tunables`),
    /// or `all`.
    #[arg(long)]
    params: Option<String>,
    /// Per-parameter override `name:key=value[,key=value]`, keys `start`,
    /// `c_end`, `r_end`, `min`, `max` (repeatable; only when a run starts).
    #[arg(long = "override", value_name = "NAME:KEY=V,...")]
    overrides: Vec<String>,
    /// The in-process player both sides start from: `alphabeta:nodes=20000`
    /// (fixed nodes a move) or `alphabeta:tc=10+0.1` (a clock), with any
    /// options; its values of the tuned parameters are the start. Default
    /// `alphabeta:nodes=20000` (the engine's default algorithm), or on
    /// resuming the engine the state was played with.
    #[arg(long)]
    engine: Option<String>,
    /// Fixed nodes a move (replaces the engine's limit).
    #[arg(long, conflicts_with = "tc")]
    nodes: Option<u64>,
    /// A clock, `SECONDS[+INC]` (replaces the engine's limit).
    #[arg(long)]
    tc: Option<String>,
    /// Resume the run saved in this state file (default: `state.json` in
    /// `--out`, if there is one); it is saved to `--out`, by default the
    /// state file's own directory.
    #[arg(long, value_name = "STATE")]
    resume: Option<PathBuf>,
    /// Iterations (colour-swapped game pairs) of the whole run (default
    /// 2000; on resuming, the state's plan unless given).
    #[arg(long)]
    iterations: Option<u64>,
    /// Game pairs played at once (one thread each).
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Openings (`name<TAB>fen<TAB>moves`, FEN or EPD lines); default the
    /// arena's built-in set.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Multiplies every parameter's SPSA step (its `c_end`).
    #[arg(long, default_value_t = 1.0, value_parser = numbers::positive::<f64>, allow_negative_numbers = true)]
    c_scale: f64,
    /// The learning rate at the last iteration, relative to `c_end²`.
    #[arg(long, default_value_t = R_END, value_parser = numbers::positive::<f64>, allow_negative_numbers = true)]
    r_end: f64,
    /// Seed of the perturbations and opening choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output directory (`state.json`, `trajectory.svg`); a run finding a
    /// state there resumes it (the other arguments but `--iterations` and
    /// `--concurrency` are then taken from the state and `--engine`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Play at most this many iterations in this invocation, then save and
    /// stop (the run resumes with the same command): a way to spread a long
    /// run over sessions.
    #[arg(long)]
    stop_after: Option<u64>,
    /// Record θ for the plot every N iterations (default 10, or on
    /// resuming the state's).
    #[arg(long)]
    record_every: Option<u64>,
}

/// Runs `chuhe spsa`.
pub fn run(args: SpsaArgs) -> ExitCode {
    match run_inner(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The engine spec of a run: `--engine`, else the resumed state's, else
/// the default; then `--nodes` / `--tc` (a later limit replaces an
/// earlier one in a spec).
fn engine_spec(args: &SpsaArgs, resumed: Option<&SpsaState>) -> String {
    let mut spec = args
        .engine
        .clone()
        .or_else(|| resumed.and_then(|s| s.engine.clone()))
        .unwrap_or_else(|| "alphabeta:nodes=20000".to_string());
    let limit = match (&args.nodes, &args.tc) {
        (Some(n), _) => Some(format!("nodes={n}")),
        (None, Some(tc)) => Some(format!("tc={tc}")),
        (None, None) => None,
    };
    if let Some(limit) = limit {
        spec.push(if spec.contains(':') { ',' } else { ':' });
        spec.push_str(&limit);
    }
    spec
}

fn run_inner(args: &SpsaArgs) -> Result<(), String> {
    let out = args.out.clone().unwrap_or_else(|| match &args.resume {
        Some(file) => file
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .map_or_else(|| PathBuf::from("."), PathBuf::from),
        None => PathBuf::from("spsa-out"),
    });
    let state_path = out.join("state.json");
    let resume_from = match &args.resume {
        Some(file) => Some(file.clone()),
        None => state_path.exists().then(|| state_path.clone()),
    };
    let resumed = resume_from.as_deref().map(load_state).transpose()?;
    let engine = engine_spec(args, resumed.as_ref());
    let spec: PlayerSpec = engine.parse()?;
    let base = match &spec.kind {
        chuhe::arena::player::EngineKind::InProcess(options) => (**options).clone(),
        _ => return Err("--engine must be an in-process player (iprobcut:…, alphabeta:…)".into()),
    };
    let openings = match &args.openings {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            parse_openings(&text)?
        }
        None => parse_openings(chuhe::arena::schedule::DEFAULT_OPENINGS)?,
    };
    if openings.is_empty() {
        return Err("no openings".into());
    }
    let mut state = if let (Some(mut s), Some(from)) = (resumed, &resume_from) {
        if let Some(names) = &args.params {
            let wanted: Vec<&str> = names.split(',').map(str::trim).collect();
            let have: Vec<&str> = s.params.iter().map(|p| p.name.as_str()).collect();
            if names.trim() != "all" && wanted != have {
                return Err(format!(
                    "{} tunes {} — not --params {names}; choose another --out",
                    from.display(),
                    have.join(",")
                ));
            }
        }
        if !args.overrides.is_empty() {
            return Err("--override applies when a run starts, not on resuming".into());
        }
        eprintln!(
            "resuming {} at iteration {} of {}",
            from.display(),
            s.k,
            s.iterations
        );
        // more iterations extend the run (the gains are those of the new N)
        if let Some(n) = args.iterations {
            s.iterations = n.max(s.k);
        }
        s
    } else {
        let names = args
            .params
            .as_deref()
            .ok_or("--params is needed to start a run")?;
        let mut params = params_from_names(names, &base, args.c_scale, args.r_end)?;
        for o in &args.overrides {
            SpsaState::apply_override(&mut params, o)?;
        }
        SpsaState::new(params, args.iterations.unwrap_or(2000), args.seed)
    };
    state.engine = Some(engine.clone());
    if let Some(n) = args.record_every {
        state.record_every = n.max(1);
    } else if state.record_every == 0 {
        state.record_every = 10;
    }
    let run = SpsaRun {
        base_spec: engine,
        openings,
        config: tuning_game_config(),
        concurrency: args.concurrency.max(1),
        out,
        record_every: state.record_every,
    };
    eprintln!(
        "spsa: {} on {}, state in {}",
        state
            .params
            .iter()
            .map(|p| p.name.as_str())
            .collect::<Vec<_>>()
            .join(","),
        run.base_spec,
        run.state_path().display()
    );
    let stop_at = args
        .stop_after
        .map_or(state.iterations, |n| (state.k + n).min(state.iterations));
    let state = run.run(state, stop_at)?;
    println!(
        "iterations {} of {} result sum {:+}",
        state.k, state.iterations, state.result_sum
    );
    for p in &state.params {
        println!(
            "{:<24} start {:>8.2}  now {:>8.2}  ({:+.2})",
            p.name,
            p.start,
            p.theta,
            p.theta - p.start
        );
    }
    println!("{}", state.set_arguments());
    Ok(())
}
