#!/usr/bin/env python3
"""The summary of infra/model-check.sh: each measured Java JVM modelled from its own code, against the C anchor
measured in the same pair.

  infra/model-summary.py RUNS.tsv C:ANCHOR C_MODEL_CYCLES [--mcpu sapphirerapids]

Per run: MH/s, the clock measured just before it, measured cycles per hash (GHz * 1000 / MH/s), the model's cycles per
hash for that JVM's code (infra/arm64-loops.py: the kernel's code plus its calling loop, llvm-mca), and per pair the
measured Java/C ratio against the predicted one (C model / Java model). Then the medians and the spread (min-max).
"""
import argparse
import json
import statistics
import subprocess
from collections import defaultdict


def model(log, mcpu):
    """(path cycles per hash, kernel-only cycles per hash, spills per hash) of the one kernel in a JVM's log."""
    run = subprocess.run(["python3", "infra/arm64-loops.py", "--arch", "x86-64", log, "--mca", "llvm-mca-19",
                          "--mcpu", mcpu, "--json"], capture_output=True, text=True)
    rows = json.loads(run.stdout or "[]")
    rows = [r for r in rows if "cycles per hash" in r]
    if not rows:
        return None, None, None
    r = max(rows, key=lambda r: r["instructions per hash"])
    spills = r["per hash"].get("spill load", 0) + r["per hash"].get("spill store", 0)
    return r.get("path cycles per hash"), r["cycles per hash"], spills


def spread(values):
    return f"{min(values):.2f}-{max(values):.2f}" if values else "-"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("runs")
    p.add_argument("anchor")
    p.add_argument("c_model", type=float)
    p.add_argument("--mcpu", default="sapphirerapids")
    a = p.parse_args()
    lines = [line.rstrip("\n").split("\t") for line in open(a.runs)][1:]
    c = {}
    java = defaultdict(list)
    for pair, what, rate, ghz, steal, log in lines:
        if not rate:
            print(f"pair {pair} {what}: no rate (the run failed)")
            continue
        rate, ghz = float(rate), float(ghz)
        if what == a.anchor:
            c[pair] = (rate, ghz, int(steal))
        else:
            path, own, spills = model(log, a.mcpu)
            java[what].append((pair, rate, ghz, int(steal), path, own, spills))
    c_cycles = [ghz * 1000 / rate for rate, ghz, _ in c.values()]
    print(f"{a.anchor}: MH/s median {statistics.median(r for r, _, _ in c.values()):.2f} "
          f"({spread([r for r, _, _ in c.values()])}), measured cycles/hash median {statistics.median(c_cycles):.1f} "
          f"({spread(c_cycles)}), model {a.c_model}")
    for kernel, runs in java.items():
        print(f"\n{kernel}: pair, MH/s, GHz, steal ticks, measured cycles/hash, model path (kernel only) cycles/hash, "
              f"spills/hash, Java/C measured, predicted")
        measured, predicted, error = [], [], []
        for pair, rate, ghz, steal, path, own, spills in runs:
            cycles = ghz * 1000 / rate
            ratio = rate / c[pair][0] if pair in c else None
            pred = a.c_model / path if path else None
            if ratio:
                measured.append(ratio)
            if pred:
                predicted.append(pred)
            if ratio and pred:
                error.append(pred / ratio - 1)
            print(f"  {pair}  {rate:6.2f}  {ghz:.3f}  {steal:4d}  {cycles:6.1f}  {path} ({own})  {spills}  "
                  f"{ratio and round(ratio, 3)}  {pred and round(pred, 3)}")
        rates = [r[1] for r in runs]
        cycles = [r[2] * 1000 / r[1] for r in runs]
        paths = [r[4] for r in runs if r[4]]
        print(f"  median MH/s {statistics.median(rates):.2f} ({spread(rates)}); measured cycles/hash "
              f"{statistics.median(cycles):.1f} ({spread(cycles)}); model {statistics.median(paths) if paths else '-'} "
              f"({spread(paths)})")
        if measured and predicted:
            print(f"  Java/C measured: median {statistics.median(measured):.3f} ({spread(measured)}), "
                  f"{len(measured)} pairs; predicted: median {statistics.median(predicted):.3f} ({spread(predicted)}); "
                  f"prediction / measurement - 1: median {statistics.median(error):+.1%} "
                  f"({min(error):+.1%} to {max(error):+.1%})")


if __name__ == "__main__":
    main()
