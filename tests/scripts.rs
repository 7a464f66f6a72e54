//! Scripts that never surprise (issue 75): every script in scripts/ run
//! with no arguments prints its usage and exits non-zero (or, for the
//! few read-only reports in [`BARE_REPORTS`], prints its report and exits
//! 0), and with
//! `-h`/`--help` prints it and exits 0, each within a hang guard, and none
//! writes into the tree. (`bash scripts/paper-experiment.sh` once built
//! and started a 5-hour run into ./paper-out.)

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant, SystemTime};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// Only a guard against a script that hangs or starts real work: a usage
/// answer takes milliseconds on any machine.
const HANG_GUARD: Duration = Duration::from_secs(60);
/// Scripts whose bare run is a quick read-only report (the snapshot below
/// checks that they write nothing): they must succeed and print it.
const BARE_REPORTS: &[&str] = &["search-imports.py"];

/// Every file of the tree outside target/ and .git/ with its length and
/// modification time.
fn snapshot(dir: &Path, out: &mut BTreeMap<PathBuf, (u64, Option<SystemTime>)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if dir == Path::new(ROOT) && (name == "target" || name == ".git") {
            continue;
        }
        let Ok(meta) = entry.metadata() else { continue };
        if meta.is_dir() {
            snapshot(&path, out);
        } else {
            out.insert(path, (meta.len(), meta.modified().ok()));
        }
    }
}

/// The scripts: every file of scripts/ ending in `.sh` or `.py`.
fn scripts() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("scripts"))
        .expect("scripts/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sh" || e == "py"))
        .collect();
    v.sort();
    v
}

fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs `script` with `args` from the repository root, killed after the
/// hang guard (then the test fails).
fn run(script: &Path, args: &[&str]) -> Output {
    let interpreter = if script.extension().is_some_and(|e| e == "py") {
        "python3"
    } else {
        "bash"
    };
    let mut child = Command::new(interpreter)
        .arg(script)
        .args(args)
        .current_dir(ROOT)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect(interpreter);
    let started = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{} {args:?} still ran after {HANG_GUARD:?}",
                script.display()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn every_script_answers_help_and_no_arguments_with_its_usage_and_writes_nothing() {
    let scripts = scripts();
    assert!(scripts.len() >= 20, "{scripts:?}");
    let python = have("python3");
    if !python {
        eprintln!("python3 not found: the .py scripts are not checked");
    }
    let mut before = BTreeMap::new();
    snapshot(Path::new(ROOT), &mut before);
    for script in &scripts {
        if script.extension().is_some_and(|e| e == "py") && !python {
            continue;
        }
        let name = script.display();
        let bare = run(script, &[]);
        let report = script
            .file_name()
            .is_some_and(|f| BARE_REPORTS.iter().any(|r| f == *r));
        if report {
            assert!(
                bare.status.success() && !bare.stdout.is_empty(),
                "{name} with no arguments must print its report and exit 0: {}",
                String::from_utf8_lossy(&bare.stderr)
            );
        } else {
            assert!(
                !bare.status.success(),
                "{name} with no arguments must print its usage and exit non-zero"
            );
            assert!(!bare.stderr.is_empty(), "{name}: no usage on stderr");
        }
        for flag in ["-h", "--help"] {
            let help = run(script, &[flag]);
            assert!(
                help.status.success(),
                "{name} {flag}: {}",
                String::from_utf8_lossy(&help.stderr)
            );
            assert!(
                String::from_utf8_lossy(&help.stdout).trim().len() > 40,
                "{name} {flag}: no usage on stdout"
            );
        }
    }
    let mut after = BTreeMap::new();
    snapshot(Path::new(ROOT), &mut after);
    let changed: Vec<&PathBuf> = after
        .iter()
        .filter(|(p, m)| before.get(*p) != Some(m))
        .map(|(p, _)| p)
        .chain(before.keys().filter(|p| !after.contains_key(*p)))
        .filter(|p| !p.components().any(|c| c.as_os_str() == "__pycache__"))
        .collect();
    assert!(
        changed.is_empty(),
        "the scripts changed the tree: {changed:?}"
    );
}
