#!/usr/bin/env python3
"""Round 8 (docs/kernels.md): the op mix of C2's x86 code for the kernels, per hash, by class, beside a C anchor's loop.

  experiments/round8/x86-ops.py ASM...                  ASM: a JVM's -XX:CompileCommand=print output (no hsdis: raw
                                                        bytes), from experiments/round8/opmix-runs.sh
  experiments/round8/x86-ops.py --c BINARY:FUNCTION:NONCES   a C function's hottest loop (objdump), NONCES per pass

The approach of infra/arm64-loops.py (read, not imported: another stream owns it), for x86 and with llvm-mc-19 as the
decoder: each C2 method's code from its entry to its first ret (slow paths sit after it). A loop kernel's `rounds` is
the rounds 1-10 loop (the backward branch whose body holds the most vector work) run 10 times plus the rest once; a
step kernel's is every step method and `hash` once. Counts are divided by the nonces one call hashes (lanes x states).
"""
import re
import subprocess
import sys
from collections import Counter

HEADER = re.compile(r"^Compiled method \(c2\)\s+\d+\s+\d+\s+\d+\s+(\S+)::(\S+)")
CODE = re.compile(r"^\s+0x([0-9a-f]+):\s+((?:[0-9a-f]{2,8}\s*\|?\s*)+)$")
VREG = re.compile(r"%[xyz]mm\d+")


def methods(text):
    """{(class, method): bytes} of each C2 method's code, from [Verified Entry Point] or [Entry Point] on."""
    out, current, in_code = {}, None, False
    for line in text.splitlines():
        if line.startswith("Compiled method ("):
            h = HEADER.match(line)
            current = (h.group(1), h.group(2)) if h else None
            in_code = False
            if current:
                out[current] = bytearray()
            continue
        if current is None:
            continue
        if line.startswith("[Entry Point]") or line.startswith("[Verified Entry Point]"):
            in_code = True
        elif line.startswith(("[Exception Handler]", "[Stub Code]", "[/MachCode]", "[Deopt Handler")):
            in_code = False
        elif in_code:
            m = CODE.match(line)
            if m:
                out[current] += bytes.fromhex(re.sub(r"[\s|]", "", m.group(2)))
    return {k: bytes(v) for k, v in out.items() if v}


def disassemble(code):
    """[(offset, mnemonic, operands, target or None)] decoded by llvm-mc-19."""
    text = subprocess.run(
        ["llvm-mc-19", "--disassemble", "-triple=x86_64", "--show-encoding"],
        input=" ".join(f"0x{b:02x}" for b in code), capture_output=True, text=True).stdout
    out, offset = [], 0
    for line in text.splitlines():
        m = re.match(r"^\s+(\S+)\s*(.*?)\s*# encoding: \[(.*)\]", line)
        if not m:
            continue
        mnemonic, operands, enc = m.group(1), m.group(2), m.group(3)
        length = len(enc.split(","))
        target = None
        if mnemonic.startswith("j") and re.fullmatch(r"-?\d+", operands):
            target = offset + length + int(operands)
        out.append((offset, mnemonic, operands, target))
        offset += length
    return out


def kind(mnemonic, operands):
    memory = "(" in operands
    if mnemonic.startswith("call"):
        return "call"
    if memory and mnemonic.startswith(("vmov", "mov")):
        store = "(" in operands.split(",")[-1]
        return ("spill " if "(%rsp" in operands else "") + ("store" if store else "load")
    if not VREG.search(operands):
        return "scalar"
    if mnemonic.startswith("vpaddq"):
        return "vpaddq"
    if mnemonic.startswith(("vpxor", "vpternlog")):
        return "vpxor"
    if mnemonic.startswith(("vpsrlq", "vpsllq", "vprorq", "vprolq", "vpsraq")):
        return "shift"
    if mnemonic.startswith(("vpshufb", "vpermd", "vpermq", "vpshufd", "vperm", "vpalignr")):
        return "vpshufb/vpermd/vpshufd"
    if mnemonic.startswith("vpor"):
        return "vpor"
    return "vector other (" + mnemonic + ")" if memory is False else "vector op with a memory operand"


def hot(instructions):
    """(loop, straight) of one method: the backward branch with the most vector work, and the rest up to ret."""
    ret = next((i for i, ins in enumerate(instructions) if ins[1].startswith("ret")), len(instructions) - 1)
    index = {ins[0]: i for i, ins in enumerate(instructions)}
    best = (0, None)
    for i, (offset, mnemonic, operands, target) in enumerate(instructions[: ret + 1]):
        if target is not None and target < offset and target in index:
            body = instructions[index[target] : i + 1]
            work = sum(1 for b in body if VREG.search(b[2]))
            if work > best[0]:
                best = (work, (index[target], i))
    if best[1] is None:
        return [], instructions[: ret + 1]
    lo, hi = best[1]
    return instructions[lo : hi + 1], instructions[:lo] + instructions[hi + 1 : ret + 1]


def row(name, counts, nonces):
    per = {k: round(v / nonces, 1) for k, v in sorted(counts.items())}
    print(f"{name}: {round(sum(counts.values()) / nonces, 1)} instructions per hash; {per}")


def c_function(spec):
    binary, name, nonces = spec.rsplit(":", 2)
    text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary], capture_output=True, text=True).stdout
    ins, inside = [], False
    for line in text.splitlines():
        if re.match(r"^[0-9a-f]+ <", line):
            inside = line.endswith(f"<{name}>:")
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if inside and m:
            operands = m.group(3).split("#")[0].strip()
            t = re.match(r"^([0-9a-f]+) <", operands)
            ins.append((int(m.group(1), 16), m.group(2), operands, int(t.group(1), 16) if t else None))
    loop, _ = hot(ins)
    row(name, Counter(kind(m, o) for _, m, o, _ in loop), int(nonces))


def main():
    if sys.argv[1] == "--c":
        c_function(sys.argv[2])
        return
    for path in sys.argv[1:]:
        per_class = {}
        for (cls, method), code in methods(open(path, errors="replace").read()).items():
            if method != "hash" and method != "rounds" and not method.startswith("step"):
                continue
            loop, straight = hot(disassemble(code)) if method == "rounds" else ([], disassemble(code))
            if method != "rounds":
                ret = next((i for i, ins in enumerate(straight) if ins[1].startswith("ret")), len(straight))
                straight = straight[: ret + 1]
            c = per_class.setdefault(cls.split(".")[-1], Counter())
            for _, m, o, _ in loop:
                c[kind(m, o)] += 10
            for _, m, o, _ in straight:
                c[kind(m, o)] += 1
        for simple, counts in sorted(per_class.items()):
            m = re.search(r"(\d+)x(\d)", simple.lower())
            row(simple, counts, (int(m.group(1)) // 64) * int(m.group(2)))


if __name__ == "__main__":
    main()
