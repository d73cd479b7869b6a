#!/usr/bin/env python3
"""Measures a running endpoint, or starts one and measures it (the figures of docs/endpoint.md).

  measure.py startup  CMD...      start CMD (the packaged app), time process start -> first receive answer
  measure.py validate URL [N]     work_validate latency over one keep-alive connection: p50, p99, max
  measure.py generate URL N       N work_generate at send difficulty, with a benchmark before and after
  measure.py precache URL N [D]   N sends without a precache, then N with one: each send's wait for its work, at
                                  difficulty D (default send), a precache polled until ready before each send

Bodies come from samples/requests/, so the figures use the same requests as the tests and the README.
"""
import http.client
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.parse

SAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "requests")


def sample(name):
    with open(os.path.join(SAMPLES, name + ".json")) as f:
        return json.load(f)


class Client:
    def __init__(self, url):
        u = urllib.parse.urlsplit(url)
        self.path = u.path or "/"
        self.conn = http.client.HTTPConnection(u.hostname, u.port, timeout=600)

    def post(self, body):
        self.conn.request("POST", self.path, json.dumps(body), {"Content-Type": "application/json"})
        r = self.conn.getresponse()
        return r.status, json.loads(r.read())


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def startup(cmd):
    port = int(os.environ.get("QUARKUS_HTTP_PORT", "7076"))
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                status, a = Client(f"http://127.0.0.1:{port}/").post(sample("work_generate"))
                break
            except (ConnectionRefusedError, ConnectionResetError, http.client.RemoteDisconnected):
                time.sleep(0.005)
        took = time.monotonic() - t0
        assert status == 200 and "work" in a, a
        t = time.monotonic()
        second = Client(f"http://127.0.0.1:{port}/").post(sample("work_generate"))[1]
        print(json.dumps({"start_to_first_receive_answer_s": round(took, 3),
                          "second_receive_answer_s": round(time.monotonic() - t, 3), "answer": a, "second": second}))
    finally:
        proc.terminate()
        proc.wait()


def validate(url, n):
    c = Client(url)
    body = sample("work_validate")
    for _ in range(500):  # warm-up: JIT, connection
        c.post(body)
    ms = []
    for _ in range(n):
        t = time.perf_counter()
        status, a = c.post(body)
        ms.append((time.perf_counter() - t) * 1e3)
        assert status == 200 and a["valid_receive"] == "1", a
    print(json.dumps({"requests": n, "p50_ms": round(pct(ms, 50), 3), "p99_ms": round(pct(ms, 99), 3),
                      "max_ms": round(max(ms), 3), "mean_ms": round(statistics.mean(ms), 3)}))


def generate(url, n):
    c = Client(url)
    bench = lambda: c.post({"action": "benchmark", "duration": "3"})[1]
    before = bench()
    body = dict(sample("work_generate"))
    del body["difficulty"]  # the default: send difficulty, fffffff800000000
    seconds = []
    for i in range(n):
        body["hash"] = os.urandom(32).hex().upper()
        t = time.perf_counter()
        status, a = c.post(body)
        seconds.append(time.perf_counter() - t)
        assert status == 200 and "work" in a, a
        print(f"  {i + 1}/{n}: {seconds[-1]:.2f} s", file=sys.stderr)
    after = bench()
    rate = (float(before["mhs"]) + float(after["mhs"])) / 2 * 1e6
    expected = 2 ** 29 / rate
    mean = statistics.mean(seconds)
    print(json.dumps({"requests": n, "mean_s": round(mean, 2), "median_s": round(statistics.median(seconds), 2),
                      "bench_mhs_before": before["mhs"], "bench_mhs_after": after["mhs"], "kernel": before["kernel"],
                      "threads": before["threads"], "expected_s": round(expected, 2), "ratio": round(mean / expected, 3),
                      "standard_error_of_ratio": round(statistics.stdev(seconds) / n ** 0.5 / expected, 3)}))


def summary(ms):
    return {"p50_ms": round(pct(ms, 50), 1), "p99_ms": round(pct(ms, 99), 1), "max_ms": round(max(ms), 1),
            "mean_ms": round(statistics.mean(ms), 1)}


def precache(url, n, difficulty):
    """A wallet's sends without and with work_precache (after each publish, the next root precached, as a wallet
    does): what each send waits for its work. Random roots, so that nothing is answered from an earlier run."""
    c = Client(url)
    generate = dict(sample("work_generate"), difficulty=difficulty)
    ask = {"action": "work_precache", "difficulty": difficulty}  # the sample sends a block; here its hash, random
    without, with_, ready, answered = [], [], [], []
    for i in range(2 * n):
        generate["hash"] = ask["hash"] = os.urandom(32).hex().upper()
        precached = i >= n
        if precached:
            t = time.perf_counter()
            status, a = c.post(ask)
            answered.append((time.perf_counter() - t) * 1e3)
            while a.get("precache") != "ready":
                assert status == 200 and "precache" in a, a
                time.sleep(0.02)
                status, a = c.post(ask)
            ready.append((time.perf_counter() - t) * 1e3)
        t = time.perf_counter()
        status, a = c.post(generate)
        (with_ if precached else without).append((time.perf_counter() - t) * 1e3)
        assert status == 200 and "work" in a, a
        print(f"  {i + 1}/{2 * n}: {'with' if precached else 'without'} precache {(with_ or without)[-1]:.1f} ms",
              file=sys.stderr)
    print(json.dumps({"sends": n, "difficulty": difficulty, "without_precache": summary(without),
                      "with_precache": summary(with_), "precache_answered": summary(answered),
                      "precache_ready_after": summary(ready),
                      "p50_ratio": round(pct(without, 50) / pct(with_, 50), 1)}))


if __name__ == "__main__":
    what = sys.argv[1]
    if what == "startup":
        startup(sys.argv[2:])
    elif what == "validate":
        validate(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 5000)
    elif what == "generate":
        generate(sys.argv[2], int(sys.argv[3]))
    elif what == "precache":
        precache(sys.argv[2], int(sys.argv[3]), sys.argv[4] if len(sys.argv) > 4 else "fffffff800000000")
    else:
        sys.exit(__doc__)
