#!/usr/bin/env python3
"""Regenerate src/link/hot-text.ld: the functions short runs execute,
grouped at the front of the binary's code.

Usage, from the repository's root:
  python3 src/link/hot_text.py            build the release and bench
                                          profiles, profile both, write
                                          the script, then measure what
                                          it buys (below)
  python3 src/link/hot_text.py BINARY...  profile these builds (and write
                                          the script; nothing measured)
  python3 src/link/hot_text.py --measure  measure only

What it buys, measured at each regeneration: the release binary built
with the script and the same code linked without it (the linker called
through a wrapper that drops the script), run in turns, start-up
(`-q -e 0`) and the 3x20 count, each process's CPU time (user + system)
and minor page faults, medians. Record the figures in
docs/benchmarks.md; when the layout no longer pays (under 2% on both),
drop it (build.rs, this folder, tests/layout.rs). tests/layout.rs fails
once fewer than 80% of the script's names are functions in the built
binary's `.text.hot`: that is when to run this again.

Why: the binary holds about 10 MB of code, and the functions one command
runs (start-up, a pentomino count, a Sudoku solve) were scattered across
it. A process pays a page fault for each 64 KiB window of code it first
touches (the kernel maps the window's pages at once), and on a virtual
machine a fault costs several microseconds: `puzzlelab -q -e 0` touched 63
windows of our binary and a 3x20 count 7 more. Grouped, they touch
20-24 and none to two more (docs/benchmarks.md, "After the fifteenth
round"). The layout changes no result, only where the code lies.

How: each run in RUNS executes under `valgrind --tool=callgrind` (exact,
unlike sampling); every function it reaches that the binary defines goes
into the list, in the order of the runs, as a pattern on its section
name: rustc emits one section per function, `.text.<symbol>`, or
`.text.unlikely.<symbol>` for one LLVM deems cold. A Rust (legacy)
symbol ends in a hash that moves with the compiler, the profile and the
dependencies (and, for a local function ThinLTO promotes, a `.llvm.<n>`
suffix that moves with any change to its crate), so the pattern drops
them: `_ZN9puzzlelab4repl11new_session17h*`.
The copies of a generic function share that name; where the pattern
would pull in much more code than the copies the runs reached (the
search's tables built for the four board sizes, when the runs build
two), the reached copies are named whole,
hash and all, from every build profiled (so the release and bench
profiles both find theirs, and `cargo install --locked` the release
one's; a build by another compiler, or with other dependencies than
Cargo.lock's, as a `cargo install` without `--locked` can pick, just
leaves them out). A name that matches nothing is ignored: the script never fails a
link, it only goes stale. Regenerate it after large changes; the outside
bench's 3x20 row is the one that shows it.

Needs valgrind and nm (binutils).
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "hot-text.ld")

# Short processes a user runs: start-up alone, a small pentomino count
# (3x20: its set-up outweighs its search), a Sudoku solved, a canonical
# form, a function's help. (Start-up comes first: every run shares it.)
RUNS = [
    ["-q", "-e", "0"],
    ["-q", "-e", 'count_polyomino(rect(3, 20), "pentominoes", #{threads: 1})'],
    ["-q", "-e", "solve(grid(\"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\"))"],
    ["-q", "-e", "canon(grid(\"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\"))"],
    ["-q", "-e", "help(\"free\")"],
]

# A pattern gives way to whole names when the code it matches is more than
# BLOAT times the code of the copies the runs reached, and SPARE bytes more.
BLOAT = 2
SPARE = 4 * 1024

# A legacy symbol: the path, then `17h` and the hash, then `E`; ThinLTO
# adds `.llvm.<digits>` to a local function it promotes (those digits
# move with any change to the function's crate).
LEGACY = re.compile(r"^(_ZN.*)17h[0-9a-f]{16}E(?:\.llvm\.\d+)?$")


def pattern(symbol):
    m = LEGACY.match(symbol)
    return m.group(1) + "17h*" if m else symbol


def reached(binary, args):
    """Symbols of the functions one run executes, in callgrind's order."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}", binary, *args],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        names = []
        with open(out) as f:
            for line in f:
                m = re.match(r"^c?fn=\(\d+\) (.+)$", line)
                if m:
                    names.append(m.group(1))
        return names


def defined(binary):
    """The binary's functions: symbol -> size."""
    nm = subprocess.run(["nm", "-S", binary], check=True, capture_output=True, text=True).stdout
    size = {}
    for line in nm.splitlines():
        p = line.split()
        if len(p) == 4 and p[2] in "tTW":
            size[p[3]] = int(p[1], 16)
    return size


def release_binary():
    """target/release/puzzlelab, wherever cargo keeps its target folder."""
    meta = subprocess.run(["cargo", "metadata", "--format-version", "1", "--no-deps"],
                          check=True, capture_output=True, text=True).stdout
    return os.path.join(json.loads(meta)["target_directory"], "release", "puzzlelab")


def built():
    """Build the release and bench profiles; copies of their binaries."""
    keep = tempfile.mkdtemp(prefix="hot-text-")
    copies = []
    for profile, command in [
        ("release", ["cargo", "build", "--release", "--bin", "puzzlelab"]),
        ("bench", ["cargo", "bench", "--no-run", "--bench", "outside"]),
    ]:
        subprocess.run(command, check=True)
        copy = os.path.join(keep, f"puzzlelab-{profile}")
        shutil.copy2(release_binary(), copy)
        copies.append(copy)
    return copies


def run_once(binary, args):
    """CPU seconds (user + system) and minor page faults of one run."""
    with open(os.devnull, "w") as null:
        p = subprocess.Popen([binary, *args], stdout=null)
        _, status, usage = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"{binary} {' '.join(args)}: exit status {status}")
    return usage.ru_utime + usage.ru_stime, usage.ru_minflt


# What the layout is for: start-up, and a short count (its set-up outweighs
# its search).
MEASURED = [("start-up", RUNS[0]), ("3x20 count", RUNS[1])]
ROUNDS = 21


def measure():
    """Release built with the script and linked without it, compared."""
    keep = tempfile.mkdtemp(prefix="hot-text-measure-")
    wrapper = os.path.join(keep, "cc-plain")
    with open(wrapper, "w") as f:
        f.write('#!/bin/sh\n# cc without the hot-text script\nfor a do shift\n'
                '  case "$a" in -Wl,-T,*hot-text.ld) ;; *) set -- "$@" "$a" ;; esac\ndone\n'
                'exec cc "$@"\n')
    os.chmod(wrapper, 0o755)
    plain = os.path.join(keep, "puzzlelab-plain")
    hot = os.path.join(keep, "puzzlelab-hot")
    # The plain link first: the build left in target/ is the usual one.
    subprocess.run(["cargo", "rustc", "--release", "--bin", "puzzlelab", "--", "-C", f"linker={wrapper}"],
                   check=True)
    shutil.copy2(release_binary(), plain)
    subprocess.run(["cargo", "build", "--release", "--bin", "puzzlelab"], check=True)
    shutil.copy2(release_binary(), hot)
    got = {}
    for _ in range(ROUNDS):
        for name, args in MEASURED:
            for label, binary in (("with", hot), ("without", plain)):
                got.setdefault((name, label), []).append(run_once(binary, args))
    print(f"what the layout buys ({ROUNDS} rounds in turns, medians, load {os.getloadavg()[0]:.1f}):")
    for name, _ in MEASURED:
        with_, without = got[(name, "with")], got[(name, "without")]
        cw, fw = (statistics.median(r[i] for r in with_) for i in (0, 1))
        cp, fp = (statistics.median(r[i] for r in without) for i in (0, 1))
        print(f"  {name}: CPU {1000 * cw:.2f} ms with, {1000 * cp:.2f} ms without "
              f"(the layout saves {100 * (cp - cw) / cp:.1f}%); "
              f"minor page faults {fw:.0f} with, {fp:.0f} without")
    shutil.rmtree(keep)


def main():
    if sys.argv[1:] == ["--measure"]:
        measure()
        return
    binaries = sys.argv[1:] or built()
    order, reach, sizes = [], [], []
    for binary in binaries:
        size = defined(binary)
        hot = {}
        for args in RUNS:
            for sym in reached(binary, args):
                if sym in size:
                    pat = pattern(sym)
                    if pat not in hot:
                        hot[pat] = set()
                        if pat not in order:
                            order.append(pat)
                    hot[pat].add(sym)
        reach.append(hot)
        sizes.append(size)
    # A pattern whose copies the runs mostly reached, in every binary,
    # stands for them by name; else the copies reached are named whole
    # (hash and all: exact for this compiler and profile only).
    by_pattern = []
    for size in sizes:
        groups = {}
        for sym, n in size.items():
            groups.setdefault(pattern(sym), []).append(n)
        by_pattern.append(groups)
    lines, exact = [], 0
    for pat in order:
        broad = False
        for hot, size, groups in zip(reach, sizes, by_pattern):
            used = sum(size[s] for s in hot.get(pat, ()))
            matched = sum(groups.get(pat, ()))
            broad |= matched > BLOAT * used and matched - used > SPARE
        if not broad:
            lines.append(pat)
            continue
        for hot in reach:
            for sym in sorted(hot.get(pat, ())):
                if sym not in lines:
                    lines.append(sym)
                    exact += 1
    with open(OUT, "w") as f:
        f.write("/* Generated by src/link/hot_text.py: the functions short runs execute,\n")
        f.write(f"   first in the code ({len(lines)} section names, {exact} of them whole).\n")
        f.write("   build.rs hands it to the linker; see hot_text.py for why. */\n")
        f.write("SECTIONS {\n  .text.hot : {\n")
        for p in lines:
            f.write(f"    *(.text.{p} .text.unlikely.{p})\n")
        f.write("  }\n}\nINSERT BEFORE .text;\n")
    print(f"{OUT}: {len(lines)} section names, {exact} of them whole")
    if not sys.argv[1:]:
        measure()


main()
