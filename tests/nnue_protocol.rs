//! `evalfile` (UCCI) / `EvalFile` (UCI) against the built binary: a
//! missing, truncated, foreign, other-architecture or damaged file is
//! refused with an `info string` and the net in use is kept (the same
//! `bench` node count with `eval net` before and after); a good file loads
//! (another node count) and an empty value goes back to the embedded net.
//! The engine's stderr is read too: nothing panics. Every read has a
//! timeout; nothing here measures speed.

mod engine_process;
use chuhe::eval::nnue::arch::{fnv1a64, FILE_BYTES};
use chuhe::eval::nnue::file::QuantizedNet;
use engine_process::EngineProcess as Engine;
use std::path::PathBuf;
use std::time::Duration;

/// A net file of one output layer (n5), the template of the bad files.
const ONE_BUCKET: &[u8] = include_bytes!("../nets/chuhe-n5.nnue");
/// Only catches hangs.
const QUICK: Duration = Duration::from_secs(60);
/// Depth of the `bench` whose node count tells the nets apart (small:
/// a few tens of thousands of nodes).
const BENCH: &str = "bench 4";

/// The node count of a `bench` (deterministic: one thread, its own
/// hash table, cleared per position).
fn bench_nodes(e: &mut Engine) -> u64 {
    let lines = e.answer(BENCH);
    let last = lines.last().expect("a bench line");
    let nodes = last
        .strip_suffix(" nps")
        .and_then(|l| l.split(" nodes ").next());
    nodes
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("not a bench line: {lines:?}"))
}

/// The net files of these tests, written once per test under the target
/// directory's temporary folder.
struct Files {
    missing: PathBuf,
    truncated: PathBuf,
    garbage: PathBuf,
    wider: PathBuf,
    damaged: PathBuf,
    zero: PathBuf,
}

impl Files {
    fn write(tag: &str) -> Files {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("nnue_protocol_{tag}"));
        std::fs::create_dir_all(&dir).unwrap();
        let at = |name: &str| dir.join(name);
        let missing = at("no-such.nnue");
        let _ = std::fs::remove_file(&missing);
        assert_eq!(ONE_BUCKET.len(), FILE_BYTES);
        std::fs::write(at("truncated.nnue"), &ONE_BUCKET[..FILE_BYTES / 2]).unwrap();
        std::fs::write(at("garbage.nnue"), b"this is not a net\n".repeat(1000)).unwrap();
        // a well-formed file of another architecture: 512 hidden units,
        // its own checksum right
        let mut wider = ONE_BUCKET[..FILE_BYTES - 8].to_vec();
        wider[12..16].copy_from_slice(&512u32.to_le_bytes());
        let sum = fnv1a64(&wider);
        wider.extend_from_slice(&sum.to_le_bytes());
        std::fs::write(at("wider.nnue"), &wider).unwrap();
        let mut damaged = ONE_BUCKET.to_vec();
        damaged[FILE_BYTES / 3] ^= 0x10;
        std::fs::write(at("damaged.nnue"), &damaged).unwrap();
        std::fs::write(at("zero.nnue"), QuantizedNet::zeros().to_bytes()).unwrap();
        Files {
            missing,
            truncated: at("truncated.nnue"),
            garbage: at("garbage.nnue"),
            wider: at("wider.nnue"),
            damaged: at("damaged.nnue"),
            zero: at("zero.nnue"),
        }
    }

    /// Each bad file with a word its refusal must contain.
    fn bad(&self) -> [(&PathBuf, &'static str); 5] {
        [
            (&self.missing, "cannot read net file"),
            (&self.truncated, "truncated"),
            (&self.garbage, "not a chuhe net file"),
            (&self.wider, "512 hidden"),
            (&self.damaged, "checksum"),
        ]
    }
}

/// The one `info string` `lines` hold, which must say the option is
/// unchanged and why.
fn refusal(lines: &[String], path: &PathBuf, why: &str) {
    assert_eq!(lines.len(), 1, "{path:?}: {lines:?}");
    let l = &lines[0];
    assert!(l.starts_with("info string "), "{l}");
    assert!(l.to_lowercase().contains("evalfile unchanged"), "{l}");
    assert!(
        !l.contains("unchanged: evalfile:"),
        "the option named twice: {l}"
    );
    assert!(l.contains(&*path.to_string_lossy()), "{l}");
    assert!(l.contains(why), "{path:?}: {l}");
}

#[test]
fn ucci_evalfile_refuses_bad_files_and_keeps_the_net() {
    let files = Files::write("ucci");
    let mut e = Engine::handshake(QUICK, "ucci", "ucciok");
    assert!(e.answer("setoption eval classic").is_empty());
    let classic = bench_nodes(&mut e);
    assert!(e.answer("setoption eval net").is_empty());
    let embedded = bench_nodes(&mut e);
    assert_ne!(classic, embedded, "eval net searched like classic");
    e.send("position startpos");
    let eval_before = e.answer("eval");
    assert!(
        eval_before.last().unwrap().starts_with("net "),
        "{eval_before:?}"
    );
    for (path, why) in files.bad() {
        let lines = e.answer(&format!("setoption evalfile {}", path.display()));
        refusal(&lines, path, why);
        assert_eq!(bench_nodes(&mut e), embedded, "after {path:?}");
    }
    assert_eq!(e.answer("eval"), eval_before);
    // a good file loads and plays; a bad one now keeps that one
    let zero = files.zero.display().to_string();
    assert!(e.answer(&format!("setoption evalfile {zero}")).is_empty());
    let with_zero = bench_nodes(&mut e);
    assert_ne!(
        with_zero, embedded,
        "the zero net searched like the embedded"
    );
    let eval_zero = e.answer("eval");
    assert!(
        eval_zero.last().unwrap().starts_with("net 0 "),
        "{eval_zero:?}"
    );
    let lines = e.answer(&format!("setoption evalfile {}", files.truncated.display()));
    refusal(&lines, &files.truncated, "truncated");
    assert_eq!(bench_nodes(&mut e), with_zero);
    // empty: the embedded net again
    assert!(e.answer("setoption evalfile <empty>").is_empty());
    assert_eq!(bench_nodes(&mut e), embedded);
    assert!(e.answer("setoption eval classic").is_empty());
    assert_eq!(bench_nodes(&mut e), classic);
    let stderr = e.finish();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn uci_evalfile_refuses_bad_files_and_keeps_the_net() {
    let files = Files::write("uci");
    let mut e = Engine::handshake(QUICK, "uci", "uciok");
    assert!(e.answer("setoption name eval value net").is_empty());
    let embedded = bench_nodes(&mut e);
    for (path, why) in files.bad() {
        let lines = e.answer(&format!("setoption name EvalFile value {}", path.display()));
        refusal(&lines, path, why);
        assert_eq!(bench_nodes(&mut e), embedded, "after {path:?}");
    }
    let zero = files.zero.display().to_string();
    assert!(e
        .answer(&format!("setoption name EvalFile value {zero}"))
        .is_empty());
    let with_zero = bench_nodes(&mut e);
    assert_ne!(with_zero, embedded);
    // a search still answers under the loaded net (the book off, so the
    // net is asked)
    assert!(e.answer("setoption name UseBook value false").is_empty());
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3")),
        "{lines:?}"
    );
    assert!(e.answer("setoption name EvalFile value <empty>").is_empty());
    assert_eq!(bench_nodes(&mut e), embedded);
    let stderr = e.finish();
    assert!(!stderr.contains("panicked"), "{stderr}");
}
