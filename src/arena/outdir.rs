//! The output directory of a run: it must be new or empty, so that one
//! directory never mixes two runs; `--force` deletes a previous run's files
//! (and only those) first.

use std::path::{Path, PathBuf};

/// Whether `name` is a file the arena writes (`game-0001.pgn`,
/// `games.jsonl`, `moves.jsonl`, `summary.json`, `table.txt`, the
/// `ratio-`/`evals-`/`score-game-NNNN.svg` plots).
pub fn is_run_file(name: &str) -> bool {
    let numbered = |prefix: &str, ext: &str| {
        name.strip_prefix(prefix)
            .and_then(|r| r.strip_suffix(ext))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    matches!(
        name,
        "games.jsonl"
            | "moves.jsonl"
            | "summary.json"
            | "table.txt"
            | ".summary.json.tmp"
            | ".table.txt.tmp"
    ) || numbered("game-", ".pgn")
        || numbered("ratio-game-", ".svg")
        || numbered("evals-game-", ".svg")
        || numbered("score-game-", ".svg")
}

/// The previous run's files to delete before writing into `out`: none when
/// `out` does not exist or is empty. An error when `out` holds anything
/// and `force` is off, or is not a directory. Nothing is deleted here (see
/// [`clear`]), so a run that fails to start leaves the old files alone.
pub fn check(out: &Path, force: bool) -> Result<Vec<PathBuf>, String> {
    let entries = match std::fs::read_dir(out) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("--out {}: {e}", out.display())),
    };
    let mut ours = Vec::new();
    let mut others = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("--out {}: {e}", out.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if is_file && is_run_file(&name) {
            ours.push(entry.path());
        } else {
            others.push(name);
        }
    }
    if ours.is_empty() && others.is_empty() {
        return Ok(Vec::new());
    }
    if !force {
        let mut names: Vec<String> = ours
            .iter()
            .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .chain(others.iter().cloned())
            .collect();
        names.sort();
        let shown = names.iter().take(3).cloned().collect::<Vec<_>>().join(", ");
        return Err(format!(
            "--out {} is not empty ({} entries: {shown}{}); choose a new directory, \
             or add --force to delete the previous run's files",
            out.display(),
            names.len(),
            if names.len() > 3 { ", ..." } else { "" }
        ));
    }
    if !others.is_empty() {
        eprintln!(
            "note: --force keeps {} entries of {} that the arena did not write",
            others.len(),
            out.display()
        );
    }
    ours.sort();
    Ok(ours)
}

/// Deletes the files [`check`] returned.
pub fn clear(files: &[PathBuf]) -> Result<(), String> {
    for f in files {
        std::fs::remove_file(f).map_err(|e| format!("{}: {e}", f.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_files_are_recognized() {
        for n in [
            "game-0003.pgn",
            "games.jsonl",
            "moves.jsonl",
            "summary.json",
            "table.txt",
            "ratio-game-0001.svg",
            "evals-game-12.svg",
            "score-game-0002.svg",
        ] {
            assert!(is_run_file(n), "{n}");
        }
        for n in [
            "notes.txt",
            "game-.pgn",
            "game-x1.pgn",
            "ratio-game-0001.png",
        ] {
            assert!(!is_run_file(n), "{n}");
        }
    }
}
