//! The arena: matches between two players (in-process chuhe searches or
//! external UCCI / UCI engines) with evaluation-call accounting, PGN and
//! JSON output, a Table-3-style report, Elo / LOS / SPRT and SVG plots.
//! See `docs/arena.md`.

pub mod endings;
pub mod eval_calls;
pub mod external;
pub mod game;
pub mod outdir;
pub mod pairs;
pub mod player;
pub mod plot;
pub mod preflight;
pub mod report;
pub mod resume;
pub mod schedule;
pub mod stats;

use game::{play_game, GameConfig, GameRecord, ScoreAdjudication};
use player::PlayerSpec;
use schedule::{Opening, Shard};
use stats::Sprt;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// `chuhe arena` arguments.
#[derive(clap::Args, Debug, Clone)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ArenaArgs {
    /// Combine outputs (`arena merge DIR... --out DIR`).
    #[command(subcommand)]
    pub action: Option<ArenaAction>,
    /// Player A, e.g. `iprobcut:paper,depth=8,pre=2` or `ucci:/path/engine,tc=10+0.1`.
    #[arg(long)]
    pub a: Option<String>,
    /// Player B, e.g. `alphabeta:paper,depth=6`.
    #[arg(long)]
    pub b: Option<String>,
    /// Number of games of the whole schedule (before sharding); at least 1.
    #[arg(long, default_value_t = 20, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub games: usize,
    /// Opening file: `name<TAB>fen<TAB>moves`, FEN or EPD lines (detected per
    /// line); default: the built-in book.
    #[arg(long, conflicts_with_all = ["no_book", "random_plies"])]
    pub openings: Option<PathBuf>,
    /// Start every game from the start position (the paper's setup).
    #[arg(long, conflicts_with = "random_plies")]
    pub no_book: bool,
    /// Openings of N random legal plies from the start position (see --seed).
    #[arg(long, value_name = "N")]
    pub random_plies: Option<usize>,
    /// Seed of --random-plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A game reaching this many plies from its start position is drawn (0 = no limit).
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    /// Plies without a capture that draw (chuhe's natural move limit; 0 = off).
    #[arg(long, value_name = "PLIES", default_value_t = 120)]
    pub move_limit: u32,
    /// A drawn repetition ends the game when the position occurs for the
    /// N-th time (forbidden perpetual check or chase loses at once).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(2..))]
    pub repetition: u32,
    /// Resign adjudication: loser's score <= -CP and winner's >= CP ...
    #[arg(long, value_name = "CP")]
    pub resign_score: Option<i32>,
    /// ... for K consecutive moves of each side.
    #[arg(long, value_name = "K", default_value_t = 3)]
    pub resign_moves: usize,
    /// Draw adjudication: both engines' |score| <= CP ...
    #[arg(long, value_name = "CP")]
    pub draw_score: Option<i32>,
    /// ... for K consecutive moves of each side ...
    #[arg(long, value_name = "K", default_value_t = 5)]
    pub draw_moves: usize,
    /// ... after this many engine plies.
    #[arg(long, value_name = "PLY", default_value_t = 60)]
    pub draw_after: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Output directory: must be new or empty (see --force).
    #[arg(long, default_value = "arena-out")]
    pub out: PathBuf,
    /// Delete a previous run's files from --out first (other files are kept).
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Continue a killed run: keep the games already in --out (same
    /// players, same schedule) and play only the rest.
    #[arg(long)]
    pub resume: bool,
    /// Print a line with the running W/D/L and Elo ± error on stderr every N games.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub report_every: usize,
    /// B also searches every position where A moved (ratio on identical positions).
    #[arg(long)]
    pub shadow: bool,
    /// Games to plot, e.g. `1,2`; `all` or `none`.
    #[arg(long, default_value = "1,2")]
    pub plot_games: String,
    /// Sequential probability ratio test `elo0,elo1[,alpha,beta]`: stop when decided.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Play only games whose 0-based index ≡ i (mod N), e.g. `0/4`.
    #[arg(long, value_name = "i/N")]
    pub shard: Option<String>,
    /// Do not print the table.
    #[arg(long)]
    pub quiet: bool,
}

/// `chuhe arena` subcommands.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum ArenaAction {
    /// Combine the output directories of shards (games renumbered, summary recomputed).
    Merge {
        /// Directories written by `chuhe arena --shard`.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Where to write the combined output (new or empty, see --force).
        #[arg(long)]
        out: PathBuf,
        /// Delete a previous run's files from --out first.
        #[arg(long)]
        force: bool,
        /// Games to plot, e.g. `1,2`; `all` or `none`.
        #[arg(long, default_value = "1,2")]
        plot_games: String,
        /// SPRT to report on the combined result.
        #[arg(long)]
        sprt: Option<String>,
        /// Do not print the table.
        #[arg(long)]
        quiet: bool,
    },
}

/// Everything a match needs, parsed and checked.
#[derive(Clone, Debug)]
pub struct MatchPlan {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// The games to play (after sharding).
    pub games: Vec<game::GameSetup>,
    /// Game settings.
    pub config: GameConfig,
    /// Games at once.
    pub concurrency: usize,
    /// SPRT, if any.
    pub sprt: Option<Sprt>,
}

impl MatchPlan {
    /// Builds the plan from the command line.
    pub fn from_args(args: &ArenaArgs) -> Result<MatchPlan, String> {
        let a: PlayerSpec = args.a.as_deref().ok_or("--a is required")?.parse()?;
        let b: PlayerSpec = args.b.as_deref().ok_or("--b is required")?.parse()?;
        let openings: Vec<Opening> = if args.no_book {
            schedule::no_book()
        } else if let Some(n) = args.random_plies {
            schedule::random_openings(args.games.div_ceil(2).max(1), n, args.seed)
        } else if let Some(path) = &args.openings {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            schedule::parse_openings(&text)?
        } else {
            schedule::parse_openings(schedule::DEFAULT_OPENINGS)?
        };
        let mut games = schedule::schedule(&openings, args.games);
        if let Some(s) = &args.shard {
            let shard: Shard = s.parse()?;
            games = shard.select(games);
        }
        let sprt = args.sprt.as_deref().map(str::parse).transpose()?;
        Ok(MatchPlan {
            a,
            b,
            games,
            config: GameConfig {
                max_plies: args.max_plies,
                shadow: args.shadow,
                adjudication: ScoreAdjudication {
                    resign_score: args.resign_score,
                    resign_moves: args.resign_moves.max(1),
                    draw_score: args.draw_score,
                    draw_moves: args.draw_moves.max(1),
                    draw_after: args.draw_after,
                },
                rules: crate::board::rules::RuleConfig {
                    move_limit_plies: args.move_limit,
                    repetition_count: args.repetition,
                },
            },
            concurrency: args.concurrency.max(1),
            sprt,
        })
    }
}

/// Plays the plan's games (`concurrency` at once), calling `on_done` after
/// each; stops starting new games once an SPRT bound is crossed (in a
/// schedule of colour-swapped pairs, judged on complete pairs only).
/// Returns the finished games sorted by number, or an error when a player
/// failed before ever making a move (it cannot start, or dies before its
/// first move): such a match would only score the failure.
pub fn play_match(
    plan: &MatchPlan,
    on_done: &(dyn Fn(&[GameRecord]) + Sync),
) -> Result<Vec<GameRecord>, String> {
    play_rest(plan, Vec::new(), on_done)
}

/// The games not `played` yet, in plan order, except that the partners of
/// played games come first: a run killed in the middle of a pair leaves
/// it open, and the SPRT stops only when every pair is complete, so a
/// resumed run that reached that partner late could pass its bound and
/// play on (it did: n4 against n3, 2026-11-29).
fn resume_order<'a>(
    games: &'a [game::GameSetup],
    played: &std::collections::HashSet<usize>,
) -> Vec<&'a game::GameSetup> {
    let partner = |n: usize| if n % 2 == 1 { n + 1 } else { n - 1 };
    let (first, rest): (Vec<_>, Vec<_>) = games
        .iter()
        .filter(|g| !played.contains(&g.game))
        .partition(|g| played.contains(&partner(g.game)));
    first.into_iter().chain(rest).collect()
}

/// [`play_match`] after `previous` games of the plan were played (a
/// resumed run): they count from the start, and only the plan's other
/// games are played (partners of played games first, [`resume_order`]).
pub fn play_rest(
    plan: &MatchPlan,
    previous: Vec<GameRecord>,
    on_done: &(dyn Fn(&[GameRecord]) + Sync),
) -> Result<Vec<GameRecord>, String> {
    let played: std::collections::HashSet<usize> = previous.iter().map(|g| g.game).collect();
    let todo = resume_order(&plan.games, &played);
    let done: Mutex<Vec<GameRecord>> = Mutex::new(previous);
    let stop = AtomicBool::new(false);
    let abort: Mutex<Option<String>> = Mutex::new(None);
    let paired = schedule::is_paired(&plan.games);
    let run_one = |setup: &&game::GameSetup| {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let rec = play_game(setup, &plan.a, &plan.b, &plan.config);
        let mut d = done.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(f) = rec.failure.as_ref().filter(|f| f.moves_played == 0) {
            let moved_before = d
                .iter()
                .any(|g| g.moves.iter().any(|m| m.player == f.player));
            if !moved_before {
                let spec = if f.player == "A" { &plan.a } else { &plan.b };
                *abort.lock().unwrap_or_else(|e| e.into_inner()) = Some(format!(
                    "player {} ({}) failed before its first move in game {}: {}; \
                     the match is abandoned, no results written",
                    f.player, spec.text, rec.game, f.error
                ));
                stop.store(true, Ordering::Relaxed);
                return;
            }
        }
        d.push(rec);
        if let Some(sprt) = &plan.sprt {
            let judge = !paired || report::pairs_complete(&d);
            if judge && report::sprt_state(sprt, &d).verdict != "continue" {
                stop.store(true, Ordering::Relaxed);
            }
        }
        on_done(&d);
    };
    if let Some(sprt) = &plan.sprt {
        let d = done.lock().unwrap_or_else(|e| e.into_inner());
        if !d.is_empty() && report::sprt_state(sprt, &d).verdict != "continue" {
            stop.store(true, Ordering::Relaxed);
        }
    }
    if plan.concurrency <= 1 {
        todo.iter().for_each(run_one);
    } else {
        use rayon::prelude::*;
        match rayon::ThreadPoolBuilder::new()
            .num_threads(plan.concurrency)
            .build()
        {
            Ok(pool) => pool.install(|| todo.par_iter().with_max_len(1).for_each(run_one)),
            Err(e) => {
                log::warn!("thread pool: {e}; playing one game at a time");
                todo.iter().for_each(run_one);
            }
        }
    }
    if let Some(e) = abort.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let mut games = done.into_inner().unwrap_or_else(|e| e.into_inner());
    games.sort_by_key(|g| g.game);
    Ok(games)
}

fn plot_selection(spec: &str, games: &[GameRecord]) -> Vec<usize> {
    match spec.trim() {
        "none" | "" => Vec::new(),
        "all" => games.iter().map(|g| g.game).collect(),
        s => s
            .split(',')
            .filter_map(|x| x.trim().parse().ok())
            .filter(|n| games.iter().any(|g| g.game == *n))
            .collect(),
    }
}

fn finish(
    out: &Path,
    a: &str,
    b: &str,
    games: &[GameRecord],
    sprt: Option<&Sprt>,
    plot_games: &str,
    quiet: bool,
) -> Result<(), String> {
    let summary = report::write_outputs(out, a, b, games, sprt)
        .map_err(|e| format!("{}: {e}", out.display()))?;
    for n in plot_selection(plot_games, games) {
        if let Some(g) = games.iter().find(|g| g.game == n) {
            if let Err(e) = plot::plot_game(out, g) {
                eprintln!("warning: plot of game {n}: {e}");
            }
        }
    }
    if !quiet {
        print!("{}", report::format_table(&summary));
    }
    eprintln!("output written to {}", out.display());
    Ok(())
}

/// The running line printed every `--report-every` games (stderr): games,
/// W/D/L, score, Elo ± its 95% error (over the complete pairs once there is
/// one, else over single games) and the SPRT's LLR.
pub fn progress_line(games: &[GameRecord], sprt: Option<&Sprt>) -> String {
    let wdl = report::wdl_of(games);
    let (e, model) = report::match_elo(games);
    let elo = report::EloReport::new(&e, wdl.games());
    let mut line = format!(
        "{} games: A +{} ={} -{}  score {:.1}%  Elo {} ({model})",
        games.len(),
        wdl.wins,
        wdl.draws,
        wdl.losses,
        100.0 * wdl.score(),
        elo.short()
    );
    if let Some(s) = sprt {
        let st = report::sprt_state(s, games);
        line.push_str(&format!(
            "  LLR {:.2} [{:.2}, {:.2}] {}",
            st.llr, st.lower, st.upper, st.verdict
        ));
    }
    line
}

/// Runs `chuhe arena ...`.
pub fn run(args: &ArenaArgs) -> Result<(), String> {
    if let Some(ArenaAction::Merge {
        dirs,
        out,
        force,
        plot_games,
        sprt,
        quiet,
    }) = &args.action
    {
        let sprt: Option<Sprt> = sprt.as_deref().map(str::parse).transpose()?;
        if dirs.iter().any(|d| d == out) {
            return Err(format!(
                "--out {} is one of the merged directories",
                out.display()
            ));
        }
        let (a, b, games) = report::merge_dirs(dirs)?;
        outdir::clear(&outdir::check(out, *force)?)?;
        return finish(out, &a, &b, &games, sprt.as_ref(), plot_games, *quiet);
    }
    let plan = MatchPlan::from_args(args)?;
    let (stale, previous) = if args.resume {
        (Vec::new(), resume::previous_games(&args.out, &plan)?)
    } else {
        (outdir::check(&args.out, args.force)?, Vec::new())
    };
    if !previous.is_empty() {
        eprintln!(
            "resuming {}: {} of {} games already played",
            args.out.display(),
            previous.len(),
            plan.games.len()
        );
    }
    for (label, spec) in [("A", &plan.a), ("B", &plan.b)] {
        preflight::check_start(label, spec)?;
        if let Some(w) = preflight::iprobcut_depth_warning(label, spec) {
            eprintln!("{w}");
        }
    }
    // the games are written as they end: an --out that cannot be made
    // fails the run now, not after the match
    std::fs::create_dir_all(&args.out).map_err(|e| format!("--out {}: {e}", args.out.display()))?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let timed = plan.a.limit.is_timed() || plan.b.limit.is_timed();
    if timed && plan.concurrency > cores {
        eprintln!(
            "warning: {} clocked games at once on {cores} cores: engines will be starved of time",
            plan.concurrency
        );
    }
    let tty = std::io::stderr().is_terminal();
    let bar = if tty {
        indicatif::ProgressBar::new(plan.games.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {elapsed} {msg}")
    {
        bar.set_style(style);
    }
    // Each game is written as it ends (so a killed run keeps its games);
    // the previous run's files go when the first game is in, so a match
    // that fails to start leaves them alone.
    let stale = Mutex::new(Some(stale));
    let write_error: Mutex<Option<String>> = Mutex::new(None);
    let record = |done: &[GameRecord]| -> Result<(), String> {
        if let Some(files) = stale.lock().unwrap_or_else(|e| e.into_inner()).take() {
            outdir::clear(&files)?;
        }
        let out_err = |e: std::io::Error| format!("{}: {e}", args.out.display());
        if let Some(g) = done.last() {
            report::append_game(&args.out, &plan.a.text, &plan.b.text, g).map_err(out_err)?;
        }
        let mut sorted = done.to_vec();
        sorted.sort_by_key(|g| g.game);
        report::write_summary(
            &args.out,
            &plan.a.text,
            &plan.b.text,
            &sorted,
            plan.sprt.as_ref(),
        )
        .map_err(out_err)?;
        Ok(())
    };
    let resumed = !previous.is_empty();
    let games = play_rest(&plan, previous, &|done| {
        if let Err(e) = record(done) {
            let mut w = write_error.lock().unwrap_or_else(|e| e.into_inner());
            if w.is_none() {
                eprintln!("warning: {e}; the results are written at the end");
                *w = Some(e);
            }
        }
        let wdl = report::wdl_of(done);
        if !tty && !args.quiet {
            // no bar: one line per finished game
            if let Some(g) = done.last() {
                eprintln!(
                    "game {} {} ({}), {} plies; A +{} ={} -{}",
                    g.game,
                    g.outcome.pgn(),
                    g.termination,
                    g.plies,
                    wdl.wins,
                    wdl.draws,
                    wdl.losses
                );
            }
        }
        if args.report_every > 0 && done.len().is_multiple_of(args.report_every) {
            let line = progress_line(done, plan.sprt.as_ref());
            if tty {
                bar.println(line);
            } else {
                eprintln!("{line}");
            }
        }
        let e = report::EloReport::new(&stats::elo_estimate(&wdl), wdl.games());
        bar.set_position(done.len() as u64);
        bar.set_message(format!(
            "A +{} ={} -{}  {:.1}%  Elo {}",
            wdl.wins,
            wdl.draws,
            wdl.losses,
            100.0 * wdl.score(),
            e.elo
        ));
    });
    bar.finish_and_clear();
    let stale = stale.into_inner().unwrap_or_else(|e| e.into_inner());
    let games = match games {
        Ok(games) => games,
        Err(e) => {
            if stale.is_none() && !resumed {
                // games of this run were written as they ended: an
                // abandoned match takes them back
                outdir::clear(&outdir::check(&args.out, true)?)?;
            }
            return Err(e);
        }
    };
    for (label, spec) in [("A", &plan.a), ("B", &plan.b)] {
        if let Some(w) = preflight::iprobcut_reached_warning(label, spec, &games) {
            eprintln!("{w}");
        }
    }
    if let Some(files) = stale {
        outdir::clear(&files)?;
    }
    finish(
        &args.out,
        &plan.a.text,
        &plan.b.text,
        &games,
        plan.sprt.as_ref(),
        &args.plot_games,
        args.quiet,
    )
}

#[cfg(test)]
mod resume_tests {
    use super::*;

    fn setup(game: usize) -> game::GameSetup {
        game::GameSetup {
            game,
            opening: String::new(),
            fen: String::new(),
            moves: Vec::new(),
            a_is_red: game % 2 == 1,
        }
    }

    #[test]
    fn a_resumed_run_first_completes_the_pairs_it_left_open() {
        let games: Vec<_> = [1, 2, 3, 4, 5, 6, 7, 8].into_iter().map(setup).collect();
        // killed with games 1, 2 and 6 done: 5 closes an open pair
        let played = [1, 2, 6].into_iter().collect();
        let order: Vec<usize> = resume_order(&games, &played)
            .iter()
            .map(|g| g.game)
            .collect();
        assert_eq!(order, [5, 3, 4, 7, 8]);
        let fresh: Vec<usize> = resume_order(&games, &Default::default())
            .iter()
            .map(|g| g.game)
            .collect();
        assert_eq!(fresh, [1, 2, 3, 4, 5, 6, 7, 8]);
    }
}
