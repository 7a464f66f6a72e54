#!/usr/bin/env python3
"""The import graph among the modules of src/search and its circles.

A module is a top-level file of src/search (`context.rs` is `context`) or
a directory module (`quality/`, every file under it counts as `quality`).
Module A depends on module B when a file of A names B by a path:

- a `use` item (`use super::b::X;`, `use super::{b::X, c};`,
  `use crate::search::b::X;`, `use super::super::b::X;` from a
  directory module's file), or
- a path in the code (`super::b::f(..)`, `crate::search::b::X`).

An item of the root (`mod.rs`) that the root re-exports (`pub use
b::{X, Y}`) counts as a dependency on `b`; the root's own items
(`Searcher`, `SearchControl`, ...) count as the root, and the root is left
out of the graph by default (every module may name its parent: Rust's
module tree is not an import circle). Comments and `#[cfg(test)]` modules
are left out by default: test code may reach anywhere.

Dependencies hidden behind `self` are not paths: a method of `Context`
defined in another file is called as `self.method()`. So the modules
that hold an `impl Context` block are taken to depend on each other (one
circle: the recursion of the node functions), unless --no-self is given;
that is why `impl Context` belongs only in the files of the recursion.

The script prints every strongly connected component of more than one
module (an import circle), largest first, and with --edges the edges.
It reads only, and writes nothing.
"""

import argparse
import os
import re
import sys


def strip_comments(text):
    """The text without // and /* */ comments (string literals kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def strip_test_modules(text):
    """The text without `#[cfg(test)]` items (a `mod x { ... }` or `mod x;`)."""
    out, i = [], 0
    pattern = re.compile(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*([;{])")
    while True:
        m = pattern.search(text, i)
        if not m:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i : m.start()])
        if m.group(3) == ";":
            i = m.end()
            continue
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j


def split_top(s):
    """`a, b::{c, d}, e` split at the commas outside braces."""
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]


def expand_use(tree, prefix=""):
    """Every path a use tree names: `a::{b, c::d}` gives `a::b`, `a::c::d`."""
    tree = tree.strip()
    m = re.match(r"^(.*?)\{(.*)\}$", tree, re.S)
    if m:
        head = prefix + m.group(1)
        paths = []
        for part in split_top(m.group(2)):
            paths += expand_use(part, head)
        return paths
    tree = re.sub(r"\s+as\s+\w+$", "", tree)
    return [prefix + tree]


def module_of(path):
    """The module a file under src/search belongs to, and its depth below
    the search root (0 for a top-level file or a directory's mod.rs)."""
    parts = path.split(os.sep)
    if len(parts) == 1:
        name = parts[0][:-3]
        return ("(root)" if name == "mod" else name), 0
    sub = parts[0]
    return sub, (0 if parts[-1] == "mod.rs" else 1)


def resolve(path, depth, modules, reexports):
    """The search module a path names (None: outside src/search, or
    inside the file's own module)."""
    segs = [s for s in re.split(r"\s*::\s*", path) if s]
    if segs[:2] == ["crate", "search"]:
        rest = segs[2:]
    elif segs and segs[0] == "super":
        ups = 0
        while ups < len(segs) and segs[ups] == "super":
            ups += 1
        # a top-level file's `super` is the root; a directory module's
        # inner file needs one more
        if ups != depth + 1:
            return None
        rest = segs[ups:]
    elif segs and segs[0] == "self" and depth == -1:
        rest = segs[1:]
    else:
        return None
    if not rest or rest[0] in ("*", "self"):
        return "(root)"
    head = rest[0]
    if head in modules:
        return head
    return reexports.get(head, "(root)")


def test_files(root, files):
    """The files declared `#[cfg(test)] mod x;` (`x.rs` beside a mod.rs,
    `a/x.rs` for `a.rs`)."""
    out = set()
    for f in files:
        text = open(os.path.join(root, f), encoding="utf-8").read()
        for name in re.findall(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", text):
            base = os.path.dirname(f) if f.endswith("mod.rs") else f[:-3]
            out.add(os.path.join(base, name + ".rs"))
            out.add(os.path.join(base, name, "mod.rs"))
    return out


def read_graph(root, with_tests, with_self=True):
    files = []
    for dirpath, _, names in os.walk(root):
        for name in names:
            if name.endswith(".rs"):
                full = os.path.join(dirpath, name)
                files.append(os.path.relpath(full, root))
    if not with_tests:
        files = [f for f in files if f not in test_files(root, files)]
    modules = {module_of(f)[0] for f in files}
    # re-exports of the root: item -> module
    reexports = {}
    mod_text = strip_comments(open(os.path.join(root, "mod.rs"), encoding="utf-8").read())
    for m in re.finditer(r"pub(\([^)]*\))?\s+use\s+([^;]+);", mod_text):
        for p in expand_use(m.group(2)):
            segs = [s for s in re.split(r"\s*::\s*", p) if s]
            if segs and segs[0] in modules:
                alias = re.search(r"\bas\s+(\w+)", p)
                reexports[alias.group(1) if alias else segs[-1]] = segs[0]
    for m in re.finditer(r"pub(\([^)]*\))?\s+use\s+([^;]+);", open(os.path.join(root, "mod.rs"), encoding="utf-8").read()):
        for item in re.findall(r"(\w+)\s+as\s+(\w+)", m.group(2)):
            src = re.search(r"(\w+)\s*::\s*\{[^}]*\b" + item[0], m.group(2))
            if src and src.group(1) in modules:
                reexports[item[1]] = src.group(1)
    edges = {m: set() for m in modules}
    impl_context = set()
    for f in files:
        mod, depth = module_of(f)
        text = strip_comments(open(os.path.join(root, f), encoding="utf-8").read())
        if not with_tests:
            text = strip_test_modules(text)
        if re.search(r"\bimpl\s*(<[^>]*>)?\s*Context\s*(<[^>]*>)?\s*\{", text):
            impl_context.add(mod)
        paths = []
        for m in re.finditer(r"\buse\s+([^;]+);", text):
            paths += expand_use(m.group(1))
        code = re.sub(r"\buse\s+[^;]+;", "", text)
        code = re.sub(r"pub\(\s*in\s+[^)]*\)", "", code)
        paths += re.findall(r"\b(?:crate::search|(?:super::)+super|super)::\w+", code)
        for p in paths:
            target = resolve(p, -1 if mod == "(root)" else depth, modules, reexports)
            if target and target != mod:
                edges[mod].add(target)
    if with_self:
        for m in impl_context:
            edges[m] |= impl_context - {m}
    return edges, impl_context


def sccs(edges):
    """Tarjan's strongly connected components."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument(
        "--root",
        default=os.path.join(here, "..", "src", "search"),
        help="the search's source directory (default: src/search of this checkout)",
    )
    parser.add_argument("--with-root", action="store_true", help="keep mod.rs (the root) in the graph")
    parser.add_argument("--with-tests", action="store_true", help="count #[cfg(test)] modules too")
    parser.add_argument("--edges", action="store_true", help="print every edge as well")
    parser.add_argument(
        "--no-self",
        action="store_true",
        help="leave out the edges among the modules that hold `impl Context`",
    )
    args = parser.parse_args()
    edges, impl_context = read_graph(
        os.path.normpath(args.root), args.with_tests, not args.no_self
    )
    if not args.with_root:
        edges.pop("(root)", None)
        for targets in edges.values():
            targets.discard("(root)")
    if args.edges:
        for m in sorted(edges):
            print(f"{m} -> {' '.join(sorted(edges[m]))}")
    circles = sorted((c for c in sccs(edges) if len(c) > 1), key=lambda c: (-len(c), c))
    print(f"{len(edges)} modules, {sum(len(t) for t in edges.values())} edges")
    print(f"impl Context in {len(impl_context)}: {' '.join(sorted(impl_context))}")
    if not circles:
        print("no import circle")
    for c in circles:
        print(f"circle of {len(c)}: {' '.join(c)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
