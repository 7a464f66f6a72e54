//! `chuhe datagen` and the games format end to end: replayed positions are
//! the ones played, a file does not depend on the thread count, a resumed
//! run appends exactly the missing games (after cutting off a truncated
//! last game), both formats read back alike, also xz-compressed, and
//! `--stats` reports bytes a position.

use chuhe::board::Position;
use chuhe::search::Searcher;
use chuhe::tune::data::{read_any, short_fen};
use chuhe::tune::datagen::{play_full_game, play_full_game_with, DatagenConfig};
use chuhe::tune::games::{for_each_sample, summarize, GameReader};
use std::path::{Path, PathBuf};
use std::process::Command;

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("chuhe-datagen-test-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let p = d.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// Runs `chuhe datagen` with small, fast games; returns stdout.
fn datagen(out: &Path, extra: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .arg("datagen")
        .arg("--out")
        .arg(out)
        .args([
            "--nodes",
            "300",
            "--max-plies",
            "50",
            "--seed",
            "11",
            "--random-plies",
            "2-4",
            "--quiet",
        ])
        .args(extra)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

fn cfg() -> DatagenConfig {
    DatagenConfig {
        seed: 11,
        nodes: 300,
        max_plies: 50,
        random_plies: (2, 4),
        ..DatagenConfig::default()
    }
}

#[test]
fn replayed_games_give_the_positions_played() {
    let cfg = cfg();
    let mut kept_total = 0;
    for game in 0..4 {
        let played = play_full_game(&cfg, game);
        let bytes = played.record.to_bytes().unwrap();
        let file = [chuhe::tune::games::segment_header("t"), bytes].concat();
        let mut r = GameReader::new(file.as_slice());
        let back = r.next_game().unwrap().unwrap();
        assert_eq!(back, played.record, "game {game} reads back equal");
        let mut replayed = Vec::new();
        back.for_each_kept(|pos, s| replayed.push((short_fen(pos), Some(s))))
            .unwrap();
        assert_eq!(replayed, played.kept.positions, "game {game}");
        assert_eq!(back.result, played.kept.result);
        kept_total += replayed.len();
        // every scored move of a finished game is a searched one
        let scored = back.moves.iter().filter(|m| m.score.is_some()).count();
        assert!(scored >= replayed.len());
    }
    assert!(kept_total > 20, "only {kept_total} kept positions");
}

#[test]
fn resume_appends_exactly_the_missing_games_and_threads_do_not_matter() {
    let whole = temp("whole.games");
    datagen(&whole, &["--games", "6", "--threads", "2"]);
    let part = temp("part.games");
    datagen(&part, &["--games", "3", "--threads", "1"]);
    // a run killed while writing game 3: its first bytes only
    let full = std::fs::read(&whole).unwrap();
    let three = std::fs::read(&part).unwrap();
    assert!(
        full.starts_with(&three),
        "the first games do not depend on the thread count"
    );
    let mut cut = three.clone();
    cut.extend(&full[three.len()..three.len() + 9]);
    std::fs::write(&part, &cut).unwrap();
    let s = summarize(cut.as_slice()).unwrap();
    assert!(s.truncated && s.games == 3 && s.last_game == Some(2));
    datagen(&part, &["--games", "3", "--threads", "2"]);
    assert_eq!(
        std::fs::read(&part).unwrap(),
        full,
        "resumed file equals one run"
    );
    let s = summarize(full.as_slice()).unwrap();
    assert_eq!((s.games, s.last_game, s.truncated), (6, Some(5), false));
    assert!(s
        .provenance
        .unwrap()
        .starts_with("chuhe datagen --seed 11 --nodes 300"));
}

#[test]
fn both_formats_read_back_alike_also_compressed() {
    let games = temp("alike.games");
    let text = temp("alike.txt");
    datagen(&games, &["--games", "3"]);
    datagen(&text, &["--games", "3", "--format", "text"]);
    let a = read_any(&games).unwrap();
    let b = read_any(&text).unwrap();
    assert!(!a.samples.is_empty());
    assert_eq!(a.samples, b.samples, "the same games in either format");
    assert_eq!(a.provenance, b.provenance);
    // the position path gives the same positions without FENs
    let mut seen = Vec::new();
    let n = for_each_sample(&games, |pos: &Position, s, r, g| {
        seen.push((short_fen(pos), s, r, g))
    })
    .unwrap();
    assert_eq!(n as usize, a.samples.len());
    let expected: Vec<_> = a
        .samples
        .iter()
        .map(|s| (s.fen.clone(), s.score.unwrap(), s.result, s.game))
        .collect();
    assert_eq!(seen, expected);
    // a text file takes the same path
    let mut from_text = Vec::new();
    for_each_sample(&text, |pos, s, r, g| {
        from_text.push((short_fen(pos), s, r, g))
    })
    .unwrap();
    assert_eq!(from_text, expected);
    // xz-compressed copies read the same, and --stats counts them
    let st = Command::new("xz").args(["-k", "-f"]).arg(&games).status();
    if st.map(|s| s.success()).unwrap_or(false) {
        let xz = PathBuf::from(format!("{}.xz", games.display()));
        assert_eq!(read_any(&xz).unwrap().samples, a.samples);
        let stats = datagen(&games, &["--stats", xz.to_str().unwrap()]);
        assert!(
            stats.contains(&format!("{} positions", a.samples.len())),
            "{stats}"
        );
        assert!(stats.contains("a position"), "{stats}");
        // a corrupt archive is an error, not a short read
        let mut bytes = std::fs::read(&xz).unwrap();
        let mid = bytes.len() / 2;
        bytes.truncate(mid);
        std::fs::write(&xz, &bytes).unwrap();
        assert!(read_any(&xz).is_err());
    }
    // extending a file in the other format is refused
    let o = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(["datagen", "--games", "1", "--format", "games", "--out"])
        .arg(&text)
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("Text format"));
}

#[test]
fn corrupt_games_are_refused_with_a_message() {
    let p = temp("corrupt.games");
    datagen(&p, &["--games", "2"]);
    let mut bytes = std::fs::read(&p).unwrap();
    let header = chuhe::tune::games::segment_header(
        &summarize(bytes.as_slice()).unwrap().provenance.unwrap(),
    )
    .len();
    // the first game's first move replaced by its second, Black's: illegal
    let count_at = header + 1 + 1 + 1 + 1; // tag, game 0, result, empty FEN
    let first_move = count_at + 1 + usize::from(bytes[count_at] >= 0x80);
    bytes.copy_within(first_move + 2..first_move + 4, first_move);
    std::fs::write(&p, &bytes).unwrap();
    let e = read_any(&p).unwrap_err().to_string();
    assert!(e.contains("corrupt.games") && e.contains("game 0"), "{e}");
}

/// `scripts/data-chunks.py` packs a growing games file into chunks that
/// each read alone and together give the file's samples (skipped without
/// python3).
#[test]
fn chunks_of_a_games_file_hold_each_game_once() {
    let python = |args: &[&str]| {
        Command::new("python3")
            .arg(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/scripts/data-chunks.py"
            ))
            .args(args)
            .output()
    };
    if python(&["--help"])
        .map(|o| !o.status.success())
        .unwrap_or(true)
    {
        eprintln!("python3 not found: skipped");
        return;
    }
    let file = temp("grow.games");
    let dir = temp("chunks");
    let _ = std::fs::remove_dir_all(&dir);
    datagen(&file, &["--games", "4"]);
    let full = std::fs::read(&file).unwrap();
    let all = read_any(&file).unwrap().samples;
    // packed while the third game was half written
    assert_eq!(summarize(full.as_slice()).unwrap().games, 4);
    let mut r = GameReader::new(full.as_slice());
    r.next_game().unwrap();
    r.next_game().unwrap();
    let cut = r.complete_bytes() as usize + 7;
    std::fs::write(&file, &full[..cut]).unwrap();
    let (d, f) = (dir.to_str().unwrap(), file.to_str().unwrap());
    for _ in 0..2 {
        let o = python(&["pack", d, f]).unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    std::fs::write(&file, &full).unwrap();
    assert!(python(&["pack", d, f]).unwrap().status.success());
    let chunks: Vec<PathBuf> = (0..2)
        .map(|i| dir.join(format!("grow.{i:03}.games.xz")))
        .collect();
    assert!(
        !dir.join("grow.002.games.xz").exists(),
        "nothing new: no chunk"
    );
    let mut from_chunks = Vec::new();
    for c in &chunks {
        from_chunks.extend(read_any(c).unwrap().samples);
    }
    assert_eq!(from_chunks, all);
    // unpacked, the chunks are one file that reads the same and resumes
    std::fs::remove_file(&file).unwrap();
    assert!(python(&["unpack", d, f]).unwrap().status.success());
    assert_eq!(read_any(&file).unwrap().samples, all);
    assert_eq!(
        summarize(std::fs::read(&file).unwrap().as_slice())
            .unwrap()
            .last_game,
        Some(3)
    );
}

#[test]
fn stats_reads_text_as_the_trainer_does_and_refuses_other_files() {
    let text = temp("stats.txt");
    datagen(&text, &["--games", "2", "--format", "text"]);
    let stats = datagen(&text, &["--stats", text.to_str().unwrap()]);
    let n = read_any(&text).unwrap().samples.len();
    assert!(n > 0);
    assert!(
        stats.contains(&format!("2 games, {n} positions")),
        "{stats}"
    );
    for (name, content, why) in [
        (
            "passwd.txt",
            "root:x:0:0:root:/root:/bin/bash\n",
            "line 1: no FEN",
        ),
        (
            "score.txt",
            "# made by hand\n#g 0 1\nnot a score\n",
            "line 3: bad score",
        ),
        (
            "nogame.txt",
            "9/9/9/9/9/9/9/9/9/9 w 12\n",
            "line 1: position before any '#g' line",
        ),
        ("result.txt", "#g 0 0.7\n", "line 1: bad game line"),
    ] {
        let p = temp(name);
        std::fs::write(&p, content).unwrap();
        let err = refused(&["datagen", "--stats", p.to_str().unwrap()]);
        assert!(err.contains("not a chuhe data file"), "{name}: {err}");
        assert!(err.contains(why), "{name}: {err}");
    }
}

/// Runs chuhe with `args`, checks that it fails without printing on
/// stdout, and returns its stderr.
fn refused(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!o.status.success(), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?}: nothing printed on stdout");
    err
}

#[test]
fn tune_refuses_data_without_positions() {
    for (name, content) in [("empty.txt", ""), ("games-only.txt", "#g 0 1\n#g 1 0.5\n")] {
        let data = temp(name);
        std::fs::write(&data, content).unwrap();
        let out = temp(&format!("{name}.params.rs"));
        let _ = std::fs::remove_file(&out);
        let err = refused(&[
            "tune",
            "--threads",
            "1",
            "--data",
            data.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(err.contains("no training positions"), "{name}: {err}");
        assert!(!out.exists(), "{name}: no parameters written");
    }
}

/// `--stats` on a games file still being written (or ending in a game cut
/// off by a killed run) counts and compresses its complete games only, and
/// an xz file counts as its own size.
#[test]
fn stats_of_a_growing_file_compresses_its_complete_games() {
    let whole = temp("growing-whole.games");
    // eleven games, not three: a few hundred bytes of games may not shrink
    // under xz's header (three games of n5 made 415 bytes, 416 packed)
    datagen(&whole, &["--games", "12"]);
    let full = std::fs::read(&whole).unwrap();
    let done = temp("growing-done.games");
    datagen(&done, &["--games", "11"]);
    let three = std::fs::read(&done).unwrap();
    let growing = temp("growing.games");
    std::fs::write(&growing, &full[..three.len() + 9]).unwrap();
    // "…; R bytes (…), xz -9 C bytes (…)" without the file's name
    let figures = |p: &Path| {
        let s = datagen(p, &["--stats", p.to_str().unwrap()]);
        let line = s.lines().next().unwrap().to_string();
        line[line.find(": ").unwrap()..].to_string()
    };
    let (complete, cut) = (figures(&done), figures(&growing));
    assert_eq!(
        complete, cut,
        "a cut-off game is neither counted nor compressed"
    );
    let xz = temp("growing-done.games.xz");
    let status = Command::new("xz")
        .args(["-9", "-k", "-c"])
        .arg(&done)
        .stdout(std::fs::File::create(&xz).unwrap())
        .status()
        .unwrap();
    assert!(status.success());
    let xz_bytes = std::fs::metadata(&xz).unwrap().len();
    let packed = figures(&xz);
    assert!(
        packed.contains(&format!("xz -9 {xz_bytes} bytes")),
        "{packed}"
    );
    assert!(xz_bytes < three.len() as u64);
}

/// The generator keeps one searcher a thread and clears it between games:
/// a searcher that has played other games plays each game as a new one
/// (so `clear` forgets everything a search depends on).
#[test]
fn a_reused_searcher_plays_the_games_of_a_new_one() {
    let cfg = cfg();
    let mut searcher = Searcher::new(cfg.options.clone());
    for game in [3, 0, 7, 3] {
        let reused = play_full_game_with(&cfg, game, &mut searcher);
        assert!(reused.record.moves.len() > 8, "game {game} is played");
        assert_eq!(reused, play_full_game(&cfg, game), "game {game}");
    }
}

/// `--import` of a file that cannot be read fails before the output is
/// opened, so no empty data file is left behind for a later run to resume.
#[test]
fn an_import_that_cannot_be_read_leaves_no_output() {
    let out = temp("import-never.txt");
    let missing = temp("import-missing.pgn");
    let err = refused(&[
        "datagen",
        "--out",
        out.to_str().unwrap(),
        "--import",
        missing.to_str().unwrap(),
    ]);
    assert!(err.contains(missing.to_str().unwrap()), "{err}");
    assert!(!out.exists(), "no output file");
}
