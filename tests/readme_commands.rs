//! The `chuhe …` commands of README.md (and of any "Quick start" section of
//! a page in docs/) parse as written: each runs with `--help` appended, so
//! clap checks every subcommand, flag and value before it prints the help
//! (issue 75: README's `net train … --resume CKPT` failed with "unexpected
//! argument"). Subcommands named in the README's inline code (the command
//! table) must exist too.

use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The lines of the fenced code blocks of `text`, continuation lines
/// (ending in `\`) joined.
fn code_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    let mut pending = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            inside = !inside;
            continue;
        }
        if !inside {
            continue;
        }
        let line = line.trim();
        if let Some(head) = line.strip_suffix('\\') {
            pending.push_str(head);
            pending.push(' ');
            continue;
        }
        pending.push_str(line);
        out.push(std::mem::take(&mut pending));
    }
    out
}

/// A line split into words as a POSIX shell would (quotes, no expansion),
/// up to a `#` comment, an `&&` or a `|`.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                in_word = true;
                for q in chars.by_ref() {
                    if q == c {
                        break;
                    }
                    word.push(q);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '#' if !in_word => break,
            '|' | '&' | ';' if !in_word => break,
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The arguments after `chuhe` of every command line in `lines` (leading
/// `VAR=value` assignments skipped).
fn chuhe_commands(lines: &[String]) -> Vec<Vec<String>> {
    lines
        .iter()
        .map(|l| shell_words(l))
        .filter_map(|words| {
            let start = words.iter().position(|w| !w.contains('='))?;
            (words[start] == "chuhe").then(|| words[start + 1..].to_vec())
        })
        .collect()
}

/// The text of the `## Quick start` section of a page, if it has one.
fn quick_start(text: &str) -> Option<&str> {
    let start = text.find("\n## Quick start")?;
    let rest = &text[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    Some(&rest[..end])
}

fn parses(args: &[String]) -> Result<(), String> {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(args)
        .arg("--help")
        .output()
        .expect("chuhe");
    if out.status.success() && !out.stdout.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "`chuhe {}` does not parse: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

#[test]
fn every_chuhe_command_line_of_the_readme_and_the_quick_starts_parses() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let mut commands = chuhe_commands(&code_lines(&readme));
    assert!(
        commands.len() >= 5,
        "README.md should show its commands: {commands:?}"
    );
    for entry in std::fs::read_dir(Path::new(ROOT).join("docs"))
        .unwrap()
        .flatten()
    {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "md") {
            let text = std::fs::read_to_string(&path).unwrap();
            if let Some(section) = quick_start(&text) {
                commands.extend(chuhe_commands(&code_lines(section)));
            }
        }
    }
    let failures: Vec<String> = commands.iter().filter_map(|c| parses(c).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_subcommand_the_readme_names_exists() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let mut checked = 0;
    for span in readme.split('`').skip(1).step_by(2) {
        let Some(rest) = span.strip_prefix("chuhe ") else {
            continue;
        };
        // the subcommand path: the leading plain words
        let path: Vec<String> = rest
            .split_whitespace()
            .take_while(|w| {
                w.chars().all(|c| c.is_ascii_lowercase() || c == '-') && !w.starts_with('-')
            })
            .map(str::to_string)
            .collect();
        if path.is_empty() {
            continue;
        }
        parses(&path).unwrap();
        checked += 1;
    }
    assert!(
        checked >= 8,
        "only {checked} subcommands named in README.md"
    );
}

#[test]
fn the_extraction_sees_quotes_comments_and_continuations() {
    let text = "```sh\nFOO=1 chuhe arena --a \"chuhe:tc=1+0.1\" \\\n  --games 2   # two\ncargo test\n```\n";
    assert_eq!(
        chuhe_commands(&code_lines(text)),
        vec![vec!["arena", "--a", "chuhe:tc=1+0.1", "--games", "2"]]
    );
    // a bad flag is caught
    assert!(parses(&[
        "net".into(),
        "train".into(),
        "--resume".into(),
        "CKPT".into()
    ])
    .is_err());
}
