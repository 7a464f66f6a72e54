//! `chuhe spsa`: tunes search tunables by SPSA self-play (see
//! docs/spsa.md and `chuhe::tune::spsa`).

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
    /// The in-process player both sides start from: `iprobcut:nodes=20000`
    /// (fixed nodes a move) or `alphabeta:tc=10+0.1` (a clock), with any
    /// options; its values of the tuned parameters are the start.
    #[arg(long, default_value = "iprobcut:nodes=20000")]
    engine: String,
    /// Iterations (colour-swapped game pairs) of the whole run.
    #[arg(long, default_value_t = 2000)]
    iterations: u64,
    /// Game pairs played at once (one thread each).
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Openings (`name<TAB>fen<TAB>moves`, FEN or EPD lines); default the
    /// arena's built-in set.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Multiplies every parameter's SPSA step (its `c_end`).
    #[arg(long, default_value_t = 1.0)]
    c_scale: f64,
    /// The learning rate at the last iteration, relative to `c_end²`.
    #[arg(long, default_value_t = R_END)]
    r_end: f64,
    /// Seed of the perturbations and opening choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output directory (`state.json`, `trajectory.svg`); a run finding a
    /// state there resumes it (the other arguments but `--iterations` and
    /// `--concurrency` are then taken from the state and `--engine`).
    #[arg(long, default_value = "spsa-out")]
    out: PathBuf,
    /// Play at most this many iterations in this invocation, then save and
    /// stop (the run resumes with the same command): a way to spread a long
    /// run over sessions.
    #[arg(long)]
    stop_after: Option<u64>,
    /// Record θ for the plot every N iterations.
    #[arg(long, default_value_t = 10)]
    record_every: u64,
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

fn run_inner(args: &SpsaArgs) -> Result<(), String> {
    let spec: PlayerSpec = args.engine.parse()?;
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
    let run = SpsaRun {
        base_spec: args.engine.clone(),
        openings,
        config: tuning_game_config(),
        concurrency: args.concurrency.max(1),
        out: args.out.clone(),
        record_every: args.record_every,
    };
    let state_path = run.state_path();
    let state = if state_path.exists() {
        let mut s = load_state(&state_path)?;
        if let Some(names) = &args.params {
            let wanted: Vec<&str> = names.split(',').map(str::trim).collect();
            let have: Vec<&str> = s.params.iter().map(|p| p.name.as_str()).collect();
            if names.trim() != "all" && wanted != have {
                return Err(format!(
                    "{} tunes {} — not --params {names}; choose another --out",
                    state_path.display(),
                    have.join(",")
                ));
            }
        }
        eprintln!(
            "resuming {} at iteration {} of {}",
            state_path.display(),
            s.k,
            s.iterations
        );
        // more iterations extend the run (the gains are those of the new N)
        s.iterations = args.iterations.max(s.k);
        s
    } else {
        let names = args
            .params
            .as_deref()
            .ok_or("--params is needed to start a run")?;
        let params = params_from_names(names, &base, args.c_scale, args.r_end)?;
        SpsaState::new(params, args.iterations, args.seed)
    };
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
