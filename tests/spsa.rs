//! `chuhe spsa` end to end on a tiny budget: a run stopped part way and
//! resumed ends exactly where an unbroken run of the same plan ends
//! (fixed-node games are deterministic), and the parameters move.

use std::path::Path;
use std::process::Command;

fn spsa(out: &Path, extra: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args([
            "spsa",
            "--params",
            "rfpmargin,futilitymargin",
            "--engine",
            "alphabeta:nodes=800",
            "--iterations",
            "8",
            "--concurrency",
            "2",
            "--r-end",
            "0.5",
            "--record-every",
            "1",
            "--out",
        ])
        .arg(out)
        .args(extra)
        .output()
        .expect("run chuhe spsa");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

fn state(out: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(out.join("state.json")).expect("state.json");
    serde_json::from_str(&text).unwrap()
}

#[test]
fn a_stopped_run_resumes_where_it_stopped_and_ends_as_an_unbroken_one() {
    let dir = std::env::temp_dir().join(format!("chuhe-spsa-test-{}", std::process::id()));
    let (whole, split) = (dir.join("whole"), dir.join("split"));
    let _ = std::fs::remove_dir_all(&dir);

    let last = spsa(&whole, &[]);
    assert!(last.contains("--set rfpmargin="), "{last}");
    let unbroken = state(&whole);
    assert_eq!(unbroken["k"], 8);

    spsa(&split, &["--stop-after", "4"]);
    let half = state(&split);
    assert_eq!(half["k"], 4, "stopped after 4 iterations");
    assert!(split.join("trajectory.svg").exists());
    let resumed = spsa(&split, &[]);
    assert!(resumed.contains("iterations 8 of 8"), "{resumed}");
    let end = state(&split);
    assert_eq!(
        end["params"], unbroken["params"],
        "resumed run ended elsewhere"
    );
    assert_eq!(end["trajectory"], unbroken["trajectory"]);

    // with a learning rate this high the parameters must have moved
    let moved = end["params"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["theta"] != p["start"]);
    assert!(moved, "no parameter moved: {}", end["params"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--resume FILE` (no other arguments) plays on from the saved state with
/// the saved engine and plan: k and θ continue from where the first run
/// left them, and `--iterations` extends the plan.
#[test]
fn resume_from_a_state_file_continues_k_and_theta() {
    let dir = std::env::temp_dir().join(format!("chuhe-spsa-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .arg("spsa")
            .args(args)
            .output()
            .expect("run chuhe spsa");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let out = dir.to_str().unwrap();
    run(&[
        "--params",
        "rfpmargin,lmr_divisor",
        "--engine",
        "alphabeta",
        "--nodes",
        "600",
        "--override",
        "rfpmargin:start=40,r_end=0.5",
        "--override",
        "lmr_divisor:r_end=0.5",
        "--iterations",
        "3",
        "--record-every",
        "1",
        "--out",
        out,
    ]);
    let first = state(&dir);
    assert_eq!(first["k"], 3);
    assert_eq!(first["engine"], "alphabeta:nodes=600");
    assert_eq!(first["params"][0]["start"], 40.0);

    let file = dir.join("state.json");
    let text = run(&["--resume", file.to_str().unwrap()]);
    assert!(
        text.contains("iterations 3 of 3"),
        "a bare resume keeps the plan: {text}"
    );
    let more = run(&["--resume", file.to_str().unwrap(), "--iterations", "5"]);
    assert!(more.contains("iterations 5 of 5"), "{more}");
    let end = state(&dir);
    assert_eq!(end["k"], 5);
    // the trajectory of the first run is kept and continued from its last θ
    let traj = end["trajectory"].as_array().unwrap();
    assert_eq!(traj.len(), 6, "points at k = 0..5: {traj:?}");
    assert_eq!(traj[..4], first["trajectory"].as_array().unwrap()[..]);
    assert_eq!(
        traj[3][1],
        serde_json::json!([first["params"][0]["theta"], first["params"][1]["theta"]])
    );
    assert_eq!(end["params"][0]["start"], 40.0);
    let _ = std::fs::remove_dir_all(&dir);
}
