//! The option table against what the protocol advertises: every entry with
//! a name in a dialect is advertised there exactly once, with the table's
//! type, range and default, and nothing is advertised that the table does
//! not hold. Names never collide, and `--set` refuses what the table does.

mod common;
use chuhe::engine::options::EngineOptions;
use chuhe::engine::table::{lookup, normalize, Kind, TABLE};
use chuhe::protocol::{Dialect, Printer};
use chuhe::search::SearchOptions;
use common::Sink;
use std::collections::HashMap;

/// The handshake's option lines in `dialect`, as (name, rest of the line).
fn advertised(dialect: Dialect) -> Vec<(String, String)> {
    let sink = Sink::default();
    let mut p = Printer::new(Box::new(sink.clone()));
    p.dialect = dialect;
    p.handshake(&EngineOptions::specs());
    let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("option "))
        .map(|l| {
            let l = l.strip_prefix("name ").unwrap_or(l);
            let at = l.find(" type ").expect("a type");
            (l[..at].to_string(), l[at + 1..].to_string())
        })
        .collect()
}

/// The value after the keyword `word` in an option line (a combo's
/// choice after `var` is a value, not a keyword).
fn field<'a>(rest: &'a str, word: &str) -> Option<&'a str> {
    let words: Vec<&str> = rest.split(' ').collect();
    (0..words.len().saturating_sub(1))
        .find(|&i| words[i] == word && (i == 0 || words[i - 1] != "var"))
        .map(|i| words[i + 1])
}

#[test]
fn every_entry_is_advertised_once_and_nothing_else() {
    let defaults = EngineOptions::default();
    for dialect in [Dialect::Ucci, Dialect::Uci] {
        let uci = dialect == Dialect::Uci;
        let lines = advertised(dialect);
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (name, rest) in &lines {
            let def = lookup(name).unwrap_or_else(|| panic!("{name} is not in the table"));
            assert_eq!(def.dialect_name(uci), Some(name.as_str()), "{name}");
            *seen.entry(def.key).or_default() += 1;
            let default = def.value(&defaults);
            match def.kind {
                Kind::Check { .. } | Kind::Switch(_) => {
                    assert_eq!(field(rest, "type"), Some("check"), "{name}");
                    assert_eq!(field(rest, "default"), default.as_deref(), "{name}");
                }
                Kind::Spin { .. } | Kind::Tunable(_) => {
                    let (min, max) = def.range().expect("a range");
                    assert_eq!(field(rest, "type"), Some("spin"), "{name}");
                    assert_eq!(field(rest, "min"), Some(min.to_string().as_str()), "{name}");
                    assert_eq!(field(rest, "max"), Some(max.to_string().as_str()), "{name}");
                    assert_eq!(field(rest, "default"), default.as_deref(), "{name}");
                }
                Kind::Combo { vars, .. } => {
                    assert_eq!(field(rest, "type"), Some("combo"), "{name}");
                    assert_eq!(field(rest, "default"), default.as_deref(), "{name}");
                    let listed = rest.split(' ').filter(|w| *w == "var").count();
                    assert_eq!(listed, vars.len(), "{name}");
                }
                Kind::Text { .. } => assert_eq!(field(rest, "type"), Some("string")),
                Kind::NewGame => assert_eq!(field(rest, "type"), Some("button")),
                Kind::Ignored => panic!("{name}: an ignored option is advertised"),
            }
        }
        for def in TABLE.iter() {
            let times = seen.get(def.key).copied().unwrap_or(0);
            let expected = usize::from(def.dialect_name(uci).is_some());
            assert_eq!(times, expected, "{} in {dialect:?}", def.key);
        }
    }
}

#[test]
fn no_two_entries_share_a_name() {
    let mut owner: HashMap<String, &str> = HashMap::new();
    for def in TABLE.iter() {
        for n in def.names() {
            if let Some(other) = owner.insert(normalize(n), def.key) {
                assert_eq!(other, def.key, "'{n}' names both {other} and {}", def.key);
            }
        }
    }
}

#[test]
fn numbers_outside_the_range_are_refused_not_clamped() {
    for def in TABLE.iter() {
        let Some((min, max)) = def.range() else {
            continue;
        };
        let mut o = EngineOptions::default();
        let before = o.clone();
        for bad in [min - 1, max + 1] {
            let e = def.apply(&mut o, &bad.to_string()).unwrap_err();
            assert!(
                e.to_string().contains(&format!("from {min} to {max}")),
                "{e}"
            );
            assert_eq!(o, before, "{} changed by a refused value", def.key);
        }
        for good in [min, max] {
            def.apply(&mut o, &good.to_string()).unwrap();
            assert_eq!(def.value(&o), Some(good.to_string()), "{}", def.key);
        }
    }
}

#[test]
fn keep_all_children_reads_back_as_zero() {
    let mut o = SearchOptions::default();
    o.set("n", "0").unwrap();
    assert_eq!(o.tune.ipc_keep(), chuhe::search::KeepChildren::All);
    let e = EngineOptions {
        search: o,
        ..EngineOptions::default()
    };
    assert_eq!(lookup("n").unwrap().value(&e).as_deref(), Some("0"));
    assert!(SearchOptions::default().set("nonsense", "1").is_err());
}
