#!/usr/bin/env python3
"""What C2 wrote for each kernel: reads -XX:+PrintAssembly output (no hsdis: the code as hex words), decodes the
aarch64 code with binutils' objdump, counts the hot code per hash by class and, given an llvm-mca, estimates the
cycles per hash on a core's model.

  infra/arm64-loops.py PRINTASSEMBLY.txt [--mca llvm-mca-19 --mcpu neoverse-n1] [--json]
  infra/arm64-loops.py --function BINARY:FUNCTION:NONCES [--mca ...]   the same for a C function's hottest loop
                                                                        (the C NEON anchor: search, 2 nonces a pass)
  --arch x86-64 [--mcpu sapphirerapids]   the same method on this machine's x86 code (the model's cross-check,
                                          infra/model-check.sh): GNU objdump's x86-64 decoder, AT&T syntax

Per compiled kernel method (class::rounds, or a step kernel's step methods and hash): the loop kernels' hot code is
the rounds 1-10 loop (the backward branch whose body holds the most vector work) run 10 times, plus the straight
code from the entry to the first ret (round 0, round 11); a step kernel's is each method's code up to its first
ret. Slow paths (uncommon traps) usually sit after the ret; a call into C2's UncommonTrapBlob (PrintAssembly's note at
the call names it) counts as "trap" wherever C2 laid it out, since the block layout follows the profile: a deopt exit,
taken never or once, not work. "calls" and "allocations" count the other bl/blr and prfm (C2's TLAB allocation
prefetch) in the hot code that every block runs (on every path from the entry to the return): a kernel whose vectors
are boxed has them there, and the failure names each call's callee. One on a branch that a block without a hit does
not take (the values written for a hit) counts as "side call" or "side allocation".

When the log also holds C2's code for the caller, BlockKernel$1::search (infra/kernel-path.sh prints it: one JVM per
kernel, so the call site has one receiver and C2 inlines hash), each kernel's row also gets the calling loop (the walk
over the range, one pass a block, up to and around the call into rounds or the step methods): its instructions per
hash by class, its llvm-mca cycles per block, and the whole path per hash ("path instructions per hash", "path cycles
per hash"), the figure held against a C loop that holds everything.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict

WRITER = re.compile(r"^<writer thread='(\d+)'/>")
HEADER = re.compile(r"^Compiled method \(c2\)\s+\d+\s+\d+\s+\d+\s+(\S+)::(\S+)")
CODE = re.compile(r"^\s+0x([0-9a-f]+):\s+([0-9a-f]{4} [0-9a-f]{4}(?: \| [0-9a-f]{4} [0-9a-f]{4})*)\s*$")
VREG = re.compile(r"\b[vzq]\d+(\.\d*[bhsdq])?\b")
BRANCH = re.compile(r"^(b(\.\w+)?|cbn?z|tbn?z)$")
# x86-64 (--arch x86-64): AT&T operands, vector registers %xmm/%ymm/%zmm, the conditional and plain jumps.
X86_VREG = re.compile(r"%[xyz]mm\d+")
X86_BRANCH = re.compile(r"^j[a-z]+$")
ARCH = "aarch64"
# Addresses of the calls into C2's UncommonTrapBlob (filled from PrintAssembly's notes by main).
TRAPS = set()


def branch(mnemonic):
    return (X86_BRANCH if ARCH == "x86-64" else BRANCH).match(mnemonic)


def objdump(*args):
    """binutils' objdump for the architecture: the cross one for aarch64, this machine's for x86-64."""
    if ARCH == "x86-64":
        return ["objdump", "--no-show-raw-insn", *args]
    return ["aarch64-linux-gnu-objdump", *args]


def decoded(line):
    """(address, mnemonic, operands) of one objdump line, or None; comments (// on aarch64, # on x86) dropped."""
    if ARCH == "x86-64":
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        return (int(m.group(1), 16), m.group(2), m.group(3).split("#")[0].strip()) if m else None
    m = re.match(r"^\s*([0-9a-f]+):\s+[0-9a-f]{8}\s+(\S+)\s*(.*)$", line)
    return (int(m.group(1), 16), m.group(2), m.group(3).split("//")[0].strip()) if m else None


NOTE = re.compile(r"^\s+0x([0-9a-f]+):\s+;(.*)$")
NOTE_MORE = re.compile(r"^\s+;(.*)$")


def methods(text, notes=None):
    """{(class, method): [(address, word bytes)]} of each C2 method's main code. In a -XX:LogFile the compiler threads'
    output interleaves, each stretch after a <writer thread='N'/> line: each thread is followed on its own.
    notes, a dict, gets {(class, method): [(address, text)]}: PrintAssembly's comments, where a call names its callee
    ("- dev.nanowork.kernel.vector.Vector512x2::hash@7")."""
    out, state, thread = {}, {}, None
    notes = {} if notes is None else notes
    for line in text.splitlines():
        w = WRITER.match(line)
        if w:
            thread = w.group(1)
            continue
        current, in_code = state.get(thread, (None, False))
        if line.startswith("Compiled method ("):
            h = HEADER.match(line)
            current = (h.group(1), h.group(2)) if h else None  # C1 code is not counted
            if current and current[1] == "search" and current in out:
                # a JVM that ran several kernels compiles a search per receiver profile: keep each
                current = (current[0], f"search#{sum(1 for c, _ in out if c == current[0])}")
            if current:
                out[current] = []
                notes[current] = []
            state[thread] = (current, False)
            continue
        if current is None:
            continue
        if line.startswith("[Verified Entry Point]") or line.startswith("[Entry Point]"):
            in_code = True
        elif line.startswith("[Exception Handler]") or line.startswith("[Stub Code]") or line.startswith("[/MachCode]"):
            in_code = False
        elif in_code:
            n = NOTE.match(line)
            if n:
                notes[current].append([int(n.group(1), 16), n.group(2).strip()])
                continue
            n = NOTE_MORE.match(line)
            if n and notes[current]:
                notes[current][-1][1] += " " + n.group(1).strip()
                continue
            m = CODE.match(line)
            if m:
                address = int(m.group(1), 16)
                for i, word in enumerate(m.group(2).split(" | ")):
                    out[current].append((address + 4 * i, bytes.fromhex(word.replace(" ", ""))))
        state[thread] = (current, in_code)
    return {k: v for k, v in out.items() if v}


def disassemble(words):
    """[(address, mnemonic, operands)] from objdump, in address order."""
    base = words[0][0]
    blob = bytearray()
    for address, word in words:
        blob[address - base : address - base + 4] = word
    with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as f:
        f.write(blob)
    try:
        machine = "-mi386:x86-64" if ARCH == "x86-64" else "-maarch64"
        text = subprocess.run(
            objdump("-D", "-b", "binary", machine, f"--adjust-vma={base:#x}", f.name),
            capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(f.name)
    return [d for d in map(decoded, text.splitlines()) if d]


def function(binary, name):
    """[(address, mnemonic, operands)] of one function of an aarch64 ELF binary."""
    text = subprocess.run(objdump("-d", "--no-show-raw-insn", binary), capture_output=True, text=True, check=True).stdout
    out, inside = [], False
    for line in text.splitlines():
        if re.match(r"^[0-9a-f]+ <", line):
            inside = line.endswith(f"<{name}>:")
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if inside and m:
            out.append((int(m.group(1), 16), m.group(2), m.group(3).split("//")[0].strip()))
    return out


def x86_kind(mnemonic, operands):
    """The class an x86-64 instruction counts in (the same classes as on aarch64; a rotate counts as a shift)."""
    memory = "(" in operands
    if mnemonic.startswith("call"):
        return "call"
    if mnemonic.startswith("prefetch"):
        return "allocation"  # C2's TLAB allocation prefetch (AllocatePrefetchInstr)
    if mnemonic.startswith(("mov", "vmov")) and memory:
        # AT&T: the destination is the last operand
        store = "(" in operands.split(",")[-1]
        spill = "(%rsp" in operands
        return ("spill " if spill else "") + ("store" if store else "load")
    if not X86_VREG.search(operands):
        return "scalar"
    if mnemonic.startswith("vpadd"):
        return "vector add"
    if mnemonic.startswith(("vpxor", "vpternlog")):
        return "vector xor"
    if mnemonic.startswith(("vpror", "vprol", "vpsrl", "vpsll", "vpsra")):
        return "vector shift"
    if mnemonic.startswith(("vpshuf", "vperm", "vpalignr", "vpunpck", "vshuf", "valign")):
        return "vector permute"
    if mnemonic.startswith(("vpor",)):
        return "vector or"
    if mnemonic.startswith(("vmov", "vpbroadcast", "vbroadcast")):
        return "vector move"
    return "vector other"


def kind_at(address, mnemonic, operands):
    """The class of the instruction at address: "trap" for a call into the uncommon-trap blob, else kind()."""
    return "trap" if address in TRAPS and is_call(mnemonic) else kind(mnemonic, operands)


def kind(mnemonic, operands):
    """The class an instruction counts in."""
    if ARCH == "x86-64":
        return x86_kind(mnemonic, operands)
    vector = bool(VREG.search(operands)) or mnemonic.startswith(("ld1", "st1"))
    if mnemonic in ("bl", "blr"):
        return "call"
    if mnemonic == "prfm":
        return "allocation"
    if mnemonic.startswith(("ldr", "ldp", "ldur", "ld1")):
        return "spill load" if "[sp" in operands else "load"
    if mnemonic.startswith(("str", "stp", "stur", "st1")):
        return "spill store" if "[sp" in operands else "store"
    if not vector:
        return "scalar"
    if mnemonic in ("add",):
        return "vector add"
    if mnemonic in ("eor", "eor3", "bcax"):
        return "vector xor"
    if mnemonic in ("ushr", "shl", "sli", "sri", "usra", "ssra", "lsr", "lsl", "xar", "sshr", "asr"):
        return "vector shift"
    if mnemonic in ("tbl", "rev64", "rev32", "rev16", "revb", "revh", "revw", "ext", "zip1", "zip2", "uzp1", "uzp2",
                    "trn1", "trn2"):
        return "vector permute"
    if mnemonic in ("orr", "mov", "movprfx", "dup") and (mnemonic != "orr" or len(set(operands.split(", ")[1:])) == 1):
        return "vector move"
    if mnemonic == "orr":
        return "vector or"
    return "vector other"


def callee(method_notes, address, mnemonic, operands):
    """What a counted call or allocation in the hot code is: the instruction and PrintAssembly's note at it (the
    callee, the bytecode it stands for)."""
    text = " ".join(t for a, t in method_notes if a == address)
    return f"{address:#x} {mnemonic} {operands} {text[:300]}".strip()


def branch_target(operands):
    """The address a branch goes to, or None (an indirect branch)."""
    target = re.search(r"0x([0-9a-f]+)|^([0-9a-f]+)\b", operands.split(", ")[-1])
    return int(target.group(1) or target.group(2), 16) if target else None


def backward_branches(instructions):
    """(index of the loop head, index of the branch) of each branch back to an earlier instruction."""
    index = {a: i for i, (a, _, _) in enumerate(instructions)}
    for i, (address, mnemonic, operands) in enumerate(instructions):
        if branch(mnemonic):
            t = branch_target(operands)
            if t is not None and t < address and t in index:
                yield index[t], i


def first_ret(instructions):
    """The index of the method's first return (the last instruction if it has none): where its hot code ends."""
    return next((i for i, (_, m, _) in enumerate(instructions) if m in ("ret", "retq")), len(instructions) - 1)


def hot_code(instructions):
    """(loop, straight): the rounds loop's instructions (or []) and the rest of the code up to the first ret."""
    ret = first_ret(instructions)
    best = (0, None)
    for head, i in backward_branches(instructions[: ret + 1]):
        work = sum(1 for _, m, o in instructions[head : i + 1] if kind(m, o).startswith("vector"))
        if work > best[0]:
            best = (work, (head, i))
    if best[1] is None:
        return [], instructions[: ret + 1]
    lo, hi = best[1]
    return instructions[lo : hi + 1], instructions[:lo] + instructions[hi + 1 : ret + 1]


def successors(span):
    """Per instruction of span, the indices control can go to next within span (a branch out of it goes nowhere)."""
    at = {a: i for i, (a, _, _) in enumerate(span)}
    succ = []
    for i, (_, m, o) in enumerate(span):
        nxt = [] if m in ("ret", "retq", "br") or i == len(span) - 1 else [i + 1]
        if branch(m):
            t = at.get(branch_target(o))
            nxt = ([] if m in ("b", "jmp", "jmpq") else nxt) + ([t] if t is not None else [])
        succ.append(nxt)
    return succ


def on_every_path(span):
    """The indices of span that every path from its first instruction to its last runs: what a block always pays.
    A call on a side path (the hit branch, which writes the values once per found work; a slow path C2 laid out
    before the return) is not there."""
    succ = successors(span)
    end = len(span) - 1

    def reaches_end(skip):
        seen, todo = {0}, [0]
        while todo:
            i = todo.pop()
            if i == end:
                return True
            for j in succ[i]:
                if j != skip and j not in seen:
                    seen.add(j)
                    todo.append(j)
        return False

    return {0, end} | {i for i in range(1, end) if not reaches_end(i)}


def loop_path(span):
    """The instructions of span (a loop head to its backward branch) on the shortest path from the head through a
    call to that branch: the pass a block takes when it has no hit. C2 may place other code between them (the
    caller's array allocation, jumped over; the hit scan, a detour taken only when rounds reports a hit)."""
    succ = successors(span)

    def shortest(a, b):
        parent, todo = {a: None}, [a]
        while todo and b not in parent:
            following = []
            for i in todo:
                for j in succ[i]:
                    if j not in parent:
                        parent[j] = i
                        following.append(j)
            todo = following
        if b not in parent:
            return None
        path = [b]
        while parent[path[-1]] is not None:
            path.append(parent[path[-1]])
        return path[::-1]

    best = []
    for call in (i for i, (_, m, _) in enumerate(span) if is_call(m)):
        to_call, to_end = shortest(0, call), shortest(call, len(span) - 1)
        if to_call and to_end:
            path = sorted(set(to_call) | set(to_end))
            if not best or len(path) < len(best):
                best = path
    return [span[i] for i in best]


CALLER_OF = re.compile(r"- dev\.nanowork\.kernel\.(?:vector\.)?(\w+)::hash@")


def is_call(mnemonic):
    return mnemonic in ("bl", "blr", "call", "callq")


def calling_loop(instructions, notes):
    """(kernel class, loop) of a compiled BlockKernel$1::search: the innermost loop around a call into a kernel's
    block hash (C2 inlines the one-line hash when the call site has one receiver, and calls rounds or the step
    methods from there), the walk over the range one block a pass: base + i, the loads of k, state and values, the
    receiver's class check, the call and what the call convention saves, the hit test, the safepoint poll. None when
    no such loop is found (hash not inlined: a call site that saw several kernels)."""
    best = None
    for head, i in backward_branches(instructions):
        body = loop_path(instructions[head : i + 1])
        if not any(is_call(m) for _, m, _ in body):
            continue
        lo, hi = instructions[head][0], instructions[i][0]
        named = {c for a, text in notes if lo <= a <= hi + 8 for c in CALLER_OF.findall(text)}
        if len(named) == 1 and (best is None or len(body) < len(best[1])):
            best = (named.pop(), body)
    return best


def mca_cycles(instructions, mca, mcpu):
    """Cycles per pass of the block from llvm-mca (branches left out: they only close the loop)."""
    if not instructions:
        return 0.0
    asm = "\n".join(f"{m} {o}" for _, m, o in instructions if not branch(m) and not is_call(m) and m not in ("ret", "retq"))
    triple = "x86_64" if ARCH == "x86-64" else "aarch64"
    run = subprocess.run(
        [mca, f"-mtriple={triple}", f"-mcpu={mcpu}", "-iterations=100", "-skip-unsupported-instructions=parse-failure"],
        input=asm, capture_output=True, text=True)
    m = re.search(r"Total Cycles:\s+(\d+)", run.stdout)
    if not m:
        sys.exit(f"llvm-mca failed: {run.stderr[:2000]}")
    return int(m.group(1)) / 100


def main():
    p = argparse.ArgumentParser()
    p.add_argument("assembly", nargs="?")
    p.add_argument("--function")
    p.add_argument("--mca")
    p.add_argument("--mcpu", default="neoverse-n1")
    p.add_argument("--json", action="store_true")
    p.add_argument("--arch", choices=("aarch64", "x86-64"), default="aarch64")
    a = p.parse_args()
    global ARCH
    ARCH = a.arch
    if a.function:
        binary, name, nonces = a.function.rsplit(":", 2)
        loop, _ = hot_code(function(binary, name))
        row = {"kernel": name, "nonces per pass": int(nonces),
               "per hash": {k: round(v / int(nonces), 1) for k, v in sorted(Counter(kind_at(a, m, o) for a, m, o in loop).items())},
               "instructions per hash": round(len(loop) / int(nonces), 1)}
        if a.mca:
            row["cycles per hash"] = round(mca_cycles(loop, a.mca, a.mcpu) / int(nonces), 1)
            row["mcpu"] = a.mcpu
        print(json.dumps(row, indent=1) if a.json else row)
        return
    per_class = defaultdict(lambda: {"counts": Counter(), "cycles": 0.0, "nonces": None, "methods": [], "calls": set()})
    notes = {}
    compiled = methods(open(a.assembly, errors="replace").read(), notes)
    TRAPS.update(address for n in notes.values() for address, text in n if "UncommonTrapBlob" in text)
    callers = {}
    for (cls, method), words in compiled.items():
        if cls == "dev.nanowork.kernel.BlockKernel$1" and method.split("#")[0] == "search":
            found = calling_loop(disassemble(words), notes[(cls, method)])
            if found:
                callers[found[0]] = found[1]  # per kernel, the last compiled version, as the JVM ended with it
    for (cls, method), words in compiled.items():
        simple = cls.split(".")[-1]
        if method not in ("rounds", "hash") and not method.startswith("step"):
            continue
        if method == "hash" and simple in callers:
            continue  # inlined into the calling loop, which is counted whole
        instructions = disassemble(words)
        loop, straight = hot_code(instructions)
        always = {instructions[i][0] for i in on_every_path(instructions[: first_ret(instructions) + 1])}
        entry = per_class[simple]
        if method == "rounds" or method.startswith("step"):
            entry["methods"].append(method)
        passes = ((loop, 10), (straight, 1))
        for block, times in passes:
            for address, m, o in block:
                k = kind_at(address, m, o)
                if k in ("call", "allocation") and address not in always:
                    k = "side " + k  # on a branch a block without a hit does not take
                entry["counts"][k] += times
                if k in ("call", "allocation"):
                    entry["calls"].add(callee(notes[(cls, method)], address, m, o))
            if a.mca:
                entry["cycles"] += times * mca_cycles(block, a.mca, a.mcpu)
        if loop:
            entry["loop per round"] = Counter(kind_at(a, m, o) for a, m, o in loop)
    rows = []
    for simple, e in sorted(per_class.items()):
        m = re.search(r"(\d+)x(\d)", simple.lower())
        nonces = (int(m.group(1)) // 64) * int(m.group(2)) if m else (2 if "X2" in simple else 1)
        row = {"kernel": simple, "nonces per call": nonces, "methods": sorted(e["methods"]),
               "per hash": {k: round(v / nonces, 1) for k, v in sorted(e["counts"].items())},
               "instructions per hash": round(sum(e["counts"].values()) / nonces, 1)}
        if "loop per round" in e:
            row["loop per round"] = dict(sorted(e["loop per round"].items()))
        if a.mca:
            row["cycles per hash"] = round(e["cycles"] / nonces, 1)
            row["mcpu"] = a.mcpu
        if simple in callers:
            # The whole per-hash path: the kernel's code (above) plus its share of the calling loop, one pass a block.
            loop = callers[simple]
            row["calling loop per hash"] = {
                k: round(v / nonces, 2) for k, v in sorted(Counter(kind_at(a, m, o) for a, m, o in loop).items())}
            row["path instructions per hash"] = round(row["instructions per hash"] + len(loop) / nonces, 1)
            if a.mca:
                row["calling loop cycles per block"] = round(mca_cycles(loop, a.mca, a.mcpu), 1)
                row["path cycles per hash"] = round(
                    (e["cycles"] + row["calling loop cycles per block"]) / nonces, 1)
        rows.append(row)
    if a.json:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            print(r)
    bad = [r["kernel"] for r in rows if r["per hash"].get("call", 0) or r["per hash"].get("allocation", 0)]
    if bad:
        print("calls or allocations in the hot code of: " + ", ".join(bad), file=sys.stderr)
        for k in bad:
            for c in sorted(per_class[k]["calls"]):
                print(f"  {k}: {c}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
