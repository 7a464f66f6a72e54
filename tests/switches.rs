//! The switch table (`src/search/switches.rs`) against what is generated
//! from it: docs/search.md holds exactly `chuhe search --list-switches`,
//! every switch is an on/off entry of `--list-options` answering to its
//! aliases, and the presets are the table's columns.

use chuhe::search::{Mate, SearchOptions, Switches, SWITCHES};
use std::process::Command;

fn chuhe(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(args)
        .output()
        .expect("chuhe runs");
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn docs_search_md_holds_the_generated_table() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/search.md"))
        .expect("docs/search.md");
    let table = Switches::markdown_table();
    assert!(
        page.contains(&table),
        "docs/search.md is stale: paste `chuhe search --list-switches`"
    );
    assert_eq!(chuhe(&["search", "--list-switches"]), table);
}

#[test]
fn every_switch_is_an_option_with_its_aliases() {
    let list = chuhe(&["search", "--list-options"]);
    for sw in SWITCHES {
        let line = list
            .lines()
            .find(|l| l.split_whitespace().next() == Some(sw.name))
            .unwrap_or_else(|| panic!("{} not in --list-options", sw.name));
        assert!(line.contains("on/off"), "{line}");
        assert!(
            line.contains(&format!("(default {})", sw.default)),
            "{line}"
        );
        for name in std::iter::once(&sw.name).chain(sw.aliases) {
            let mut o = SearchOptions::default();
            o.set(name, if sw.default { "off" } else { "on" }).unwrap();
            assert_eq!(sw.get(&o.switches), !sw.default, "{name}");
        }
    }
}

#[test]
fn the_presets_are_the_table_columns() {
    let play = SearchOptions::default();
    let mate = play.mate_options();
    for sw in SWITCHES {
        assert_eq!(sw.get(&play.switches), sw.default, "{}", sw.name);
        let sound = match sw.mate {
            Mate::Keep => sw.default,
            Mate::Off => false,
        };
        assert_eq!(sw.get(&mate.switches), sound, "{}", sw.name);
        for paper in [
            SearchOptions::paper_alphabeta(),
            SearchOptions::paper_iprobcut(),
        ] {
            assert_eq!(sw.get(&paper.switches), sw.paper, "{}", sw.name);
        }
    }
}
