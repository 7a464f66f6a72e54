//! The bench signature README quotes is the one `chuhe bench` prints (as
//! Pikafish's tests/signature.sh and Reckless's check_bench do): a change
//! of search behaviour has to update README's figure in the same commit.
//! Only the node count is compared, never the speed.

use std::process::Command;

/// The node count README quotes as the bench signature: its one
/// backquoted `` `<n> nodes` `` (README says "`chuhe bench` prints the
/// bench signature, `316084 nodes` today").
fn readme_signature() -> u64 {
    let readme = include_str!("../README.md");
    let figures: Vec<u64> = readme
        .split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|span| span.strip_suffix(" nodes")?.parse().ok())
        .collect();
    assert!(
        !figures.is_empty() && figures.iter().all(|&f| f == figures[0]),
        "README.md should quote one bench signature as `<n> nodes`, found {figures:?}"
    );
    assert!(
        readme.lines().any(
            |l| l.contains("bench signature") && l.contains(&format!("`{} nodes`", figures[0]))
        ),
        "README.md names the figure 'bench signature' on its line"
    );
    figures[0]
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
