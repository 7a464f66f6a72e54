//! The search tunables seen from outside: `--list-options` marks them,
//! `--set` and `setoption` reach them, and docs/tunables.md holds exactly
//! the table's rendering (so the page cannot drift from the code).

use chuhe::engine::options::{EngineOptions, SetOutcome};
use chuhe::engine::table::lookup;
use chuhe::search::{SearchOptions, Tunables, TUNABLES};
use std::process::Command;

fn chuhe(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(args)
        .output()
        .expect("run chuhe");
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn list_options_marks_every_tunable_with_its_range() {
    let listed = chuhe(&["search", "--list-options"]);
    for t in TUNABLES {
        let line = listed
            .lines()
            .find(|l| l.split_whitespace().next() == Some(t.name))
            .unwrap_or_else(|| panic!("{} not listed", t.name));
        assert!(
            line.contains(&format!("{}..{} [tunable]", t.min, t.max)),
            "{line}"
        );
        assert!(line.contains(&format!("(default {})", t.default)), "{line}");
    }
}

#[test]
fn the_docs_page_holds_the_table() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/tunables.md"))
        .expect("docs/tunables.md");
    let (begin, end) = ("<!-- tunables:begin -->\n", "<!-- tunables:end -->");
    let from = page.find(begin).expect("begin marker") + begin.len();
    let to = page.find(end).expect("end marker");
    assert_eq!(
        &page[from..to],
        Tunables::markdown_table(),
        "docs/tunables.md is stale: paste `chuhe search --list-tunables --markdown`"
    );
    assert_eq!(
        chuhe(&["search", "--list-tunables", "--markdown"]),
        Tunables::markdown_table()
    );
}

#[test]
fn set_and_setoption_reach_the_tunables_and_refuse_out_of_range() {
    for t in TUNABLES {
        let mut o = SearchOptions::default();
        let v = if t.default < t.max {
            t.default + 1
        } else {
            t.min
        };
        o.set(t.name, &v.to_string()).unwrap();
        assert_eq!(o.tune.get(t.name), Some(v));
        assert!(o.set(t.name, &(i64::from(t.max) + 1).to_string()).is_err());
        assert_eq!(o.tune.get(t.name), Some(v), "{} moved on refusal", t.name);

        let mut e = EngineOptions::default();
        assert_eq!(
            e.set(t.name, Some(&v.to_string())),
            SetOutcome::SearchChanged
        );
        assert_eq!(t.get(&e.search.tune), v);
        assert!(matches!(
            e.set(t.name, Some(&(i64::from(t.min) - 1).to_string())),
            SetOutcome::Bad(_)
        ));
        assert_eq!(
            lookup(t.name).and_then(|d| d.value(&e)),
            Some(v.to_string())
        );
    }
}

#[test]
fn the_old_option_names_set_the_same_numbers() {
    let mut o = SearchOptions::default();
    for (key, value) in [
        ("rfpmargin", 31),
        ("futilitymargin", 33),
        ("aspirationwindow", 17),
        ("lazymargin", 90),
        ("pre", 3),
        ("threshold", 5),
        ("n", 0),
        ("k_open", 120),
        ("k_end", 210),
        ("sigma", 12),
    ] {
        o.set(key, &value.to_string()).unwrap();
        assert_eq!(o.tune.get(key), Some(value), "{key}");
    }
    let t = &o.tune;
    assert_eq!(
        (
            t.rfp_margin,
            t.futility_margin,
            t.aspiration_window,
            t.lazy_margin
        ),
        (31, 33, 17, 90)
    );
    assert_eq!((t.ipc_pre, t.ipc_threshold, t.ipc_n), (3, 5, 0));
    assert_eq!((t.ipc_k_open, t.ipc_k_end, t.ipc_sigma), (120, 210, 12));
    // `k` sets both ends
    o.set("k", "150").unwrap();
    assert_eq!((o.tune.ipc_k_open, o.tune.ipc_k_end), (150, 150));
}

#[test]
fn the_paper_preset_keeps_its_iprobcut_numbers() {
    let p = SearchOptions::paper_iprobcut().tune;
    assert_eq!(
        (
            p.ipc_pre,
            p.ipc_threshold,
            p.ipc_n,
            p.ipc_k_open,
            p.ipc_k_end,
            p.ipc_sigma
        ),
        (2, 4, 3, 0, 234, 18)
    );
    // everything else is the playing default
    let d = Tunables::default();
    for t in TUNABLES.iter().filter(|t| !t.field.starts_with("ipc_")) {
        assert_eq!(t.get(&p), t.get(&d), "{}", t.name);
    }
}

#[test]
fn arena_specs_set_tunables_over_their_preset() {
    use chuhe::arena::player::{EngineKind, PlayerSpec};
    let spec: PlayerSpec = "iprobcut:paper,lmp_3=14,sigma=20,depth=2".parse().unwrap();
    let EngineKind::InProcess(o) = spec.kind else {
        panic!("in process");
    };
    assert_eq!(o.tune.lmp_3, 14);
    assert_eq!(o.tune.ipc_sigma, 20);
    // the paper preset's own numbers stay
    assert_eq!(o.tune.ipc_threshold, 4);
    let refused = "iprobcut:lmp_3=201".parse::<PlayerSpec>();
    assert!(refused.unwrap_err().contains("out of range"));
}
