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
