//! The bench signature README quotes is the one `chuhe bench` prints (as
//! Pikafish's tests/signature.sh and Reckless's check_bench do): a change
//! of search behaviour has to update README's figure in the same commit.
//! Only the node count is compared, never the speed.

use std::process::Command;

/// The node count in README's "bench signature" row: the first
/// `` `<n> nodes` `` on that line.
fn readme_signature() -> u64 {
    let readme = include_str!("../README.md");
    let row = readme
        .lines()
        .find(|l| l.starts_with("| bench signature |"))
        .expect("README.md has a '| bench signature |' row");
    let start = row.find('`').expect("the figure is in backquotes") + 1;
    let figure = &row[start..];
    let figure = &figure[..figure.find('`').expect("closing backquote")];
    figure
        .strip_suffix(" nodes")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("README's figure '{figure}' is not '<n> nodes'"))
}

#[test]
fn bench_node_count_matches_readme() {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .arg("bench")
        .output()
        .expect("chuhe runs");
    assert!(out.status.success(), "chuhe bench failed: {out:?}");
    let stdout = String::from_utf8(out.stdout).expect("utf-8 output");
    let last = stdout.lines().last().expect("bench prints a last line");
    let nodes: u64 = last
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("last line '{last}' is not '<nodes> nodes <nps> nps'"));
    assert_eq!(
        nodes,
        readme_signature(),
        "`chuhe bench` searched {nodes} nodes but README.md quotes {}: \
         a change of search behaviour updates README's bench signature too",
        readme_signature()
    );
}

#[test]
fn readme_signature_is_read() {
    // the parser finds a plausible figure (not 0, not a stray number)
    assert!(readme_signature() > 1000);
}
