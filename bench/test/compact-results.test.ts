// bench/results.json keeps each row's summary and the ratios, not the per-sample times; and the
// committed file stays under the 50 KB that a machine-written file may take in the repository.
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without types
import { compactResults, resultsJson } from "../src/compact-results.mjs";

const resultsPath = join(dirname(fileURLToPath(import.meta.url)), "..", "results.json");

const row = (subject: string, ms: number) => ({
  subject,
  op: "decode",
  status: "ok",
  msPerOp: ms,
  mbps: 1 / ms,
  batch: 1610,
  samples: 3,
  minMs: ms * 0.9,
  maxMs: ms * 1.25,
  perSampleMs: [ms * 0.9, ms, ms * 1.25],
});
const run = () => ({
  meta: { commit: "abc1234", timing: { warmupMs: 300, sampleMs: 60, samples: 15 } },
  workloads: [
    {
      format: "godot-4",
      name: "float32-array",
      bytes: 1048584,
      rows: [row("gdvariant", 0.0007823789367691347), row("memcpy", 0.044507138042970865)],
      ratios: { decodeVsMemcpy: 56.9328509590931, decodeBestPeer: "@gd-com/utils" },
    },
  ],
  targets: [
    {
      target: "decode ≥ 10× fastest peer",
      workload: "godot-4/float32-array",
      value: 47968.99148694564,
      goal: 10,
      met: true,
    },
  ],
});

/** Every number in `v` with its path. */
function numbers(v: unknown, path = ""): [string, number][] {
  if (typeof v === "number") return [[path, v]];
  if (v === null || typeof v !== "object") return [];
  return Object.entries(v).flatMap(([k, x]) => numbers(x, `${path}/${k}`));
}

describe("compactResults", () => {
  // Dropped from a timed row: the per-sample times, MB/s (the workload's bytes over the median),
  // the batch size and the note (a fixed description of the subject); a failing row keeps its note.
  const DROPPED = ["perSampleMs", "mbps", "batch", "note", "processes"];

  it("drops the per-sample times and what a timed row repeats, and keeps its figures", () => {
    const out = compactResults(run());
    const [a, b] = out.workloads[0].rows;
    expect(a).not.toHaveProperty("perSampleMs");
    expect(Object.keys(a)).toEqual(Object.keys(row("x", 1)).filter((k) => !DROPPED.includes(k)));
    const failing = { subject: "peer", op: "decode", status: "fails", note: "throws" };
    expect(compactResults({ ...run(), workloads: [{ rows: [failing] }] }).workloads[0].rows[0]).toEqual(
      failing,
    );
    expect(b.subject).toBe("memcpy");
    expect(out.workloads[0].ratios.decodeBestPeer).toBe("@gd-com/utils");
    expect(out.targets[0].met).toBe(true);
  });

  it("keeps integers and every other number to within 5e-4 of itself (4 significant digits)", () => {
    const input = run();
    const before = new Map(
      numbers(input).filter(([p]) => !DROPPED.some((k) => p.endsWith(`/${k}`) || p.includes(`/${k}/`))),
    );
    const after = numbers(compactResults(input));
    expect(after.map(([p]) => p)).toEqual([...before.keys()]);
    for (const [p, x] of after) {
      const was = before.get(p)!;
      if (Number.isInteger(was)) expect(x, p).toBe(was);
      else expect(Math.abs(x - was) / Math.abs(was), p).toBeLessThanOrEqual(5e-4);
    }
    expect(compactResults(input).workloads[0].rows[0].msPerOp).toBe(0.0007824);
  });

  it("leaves its input as it was", () => {
    const input = run();
    compactResults(input);
    expect(input).toEqual(run());
  });
});

describe("resultsJson", () => {
  it("is the JSON of compactResults, one row per line", () => {
    const text: string = resultsJson(run());
    expect(JSON.parse(text)).toEqual(compactResults(run()));
    const rowLines = text.split("\n").filter((l) => l.includes('"subject"'));
    expect(rowLines).toHaveLength(2);
    for (const l of rowLines) expect(JSON.parse(l.trim().replace(/,$/, "")).op).toBe("decode");
  });

  it("wrote the committed bench/results.json: no per-sample times, under 50 KB", () => {
    const text = readFileSync(resultsPath, "utf8");
    expect(resultsJson(JSON.parse(text))).toBe(text);
    expect(text).not.toContain("perSampleMs");
    expect(statSync(resultsPath).size).toBeLessThan(50 * 1024);
  });
});
