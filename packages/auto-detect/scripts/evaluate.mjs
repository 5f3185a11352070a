#!/usr/bin/env node
// Evaluation of @gdvariant/auto-detect (built dist) on
//  - every engine fixture of the three generations copied into ../fixtures (Godot 2.1.4, 3.2.3,
//    4.6.3: hand-picked vectors, 1000 random cases each, store_var/StreamPeer/base64 framing
//    fixtures, the engine-made files of fixtures/engine-files and the 300-record store_var saves
//    of fixtures/engine-saves), and
//  - values generated at random and written by each dialect's own encoder (raw, store_var, base64).
// Prints a confusion matrix, top-1 accuracy on unambiguous dumps, the ambiguous share and the
// count of confident wrong answers (confidence > 0.9 and wrong).
//
//   node scripts/evaluate.mjs [--markdown] [--fill=random|zero] [--encoded=300]
//
// 2.1.4 fixtures mark bytes the engine left uninitialised as `??`: they are filled with seeded
// random bytes (what an engine buffer holds) or zeros (--fill=zero).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { base64Encode, encodeWith, writeStoreVarFile } from "@gdvariant/core";
import { defaultDialects, detect } from "../dist/index.js";
import { randomValue, rng } from "./random-values.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, "..", "fixtures");
export const DIALECTS = ["godot-4", "godot-3", "legacy-2"];
const GEN = { "godot-4": 4, "godot-3": 3, "legacy-2": 2 };

function unhex(h, fill) {
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) {
    const pair = h.slice(i * 2, i * 2 + 2);
    out[i] = pair === "??" ? fill() : Number.parseInt(pair, 16);
  }
  return out;
}

function framingOf(label) {
  if (/^base64_/.test(label)) return "base64";
  if (/_be$/.test(label)) return "length-prefixed";
  if (/^(filestore|streampeer)/.test(label) && !/_get_var$/.test(label)) return "length-prefixed";
  if (/^save_/.test(label)) return "length-prefixed";
  return "raw";
}

/** Every engine-made dump in ../fixtures: { source, truth, framing, input, label }. */
export function engineCases(fillMode = "random") {
  const r = rng(7);
  const fill = fillMode === "zero" ? () => 0 : () => r.int(0, 255);
  const cases = [];
  const folders = { "godot-2.1.4": "legacy-2", "godot-3.2.3": "godot-3", "godot-4.6.3": "godot-4" };
  for (const [folder, truth] of Object.entries(folders)) {
    const vectors = join(fixtures, folder, "vectors.txt");
    if (existsSync(vectors)) {
      for (const line of readFileSync(vectors, "utf8").split("\n")) {
        if (!line || line.startsWith("#")) continue;
        const [label, h] = line.split(" ");
        cases.push({
          source: `${folder}/vectors`,
          truth,
          framing: framingOf(label),
          input: unhex(h, fill),
          label,
        });
      }
    }
    const tsv = readFileSync(join(fixtures, folder, "random-cases.tsv"), "utf8").split("\n");
    tsv.forEach((line, i) => {
      if (!line) return;
      const [, h, text] = line.split("\t");
      cases.push({
        source: `${folder}/random`,
        truth,
        framing: "raw",
        input: unhex(h, fill),
        label: `#${i} ${text.slice(0, 60)}`,
      });
    });
  }
  for (const [file, truth] of [
    ["godot-3.2.3.txt", "godot-3"],
    ["godot-4.6.3.txt", "godot-4"],
  ]) {
    for (const line of readFileSync(join(fixtures, "framing", file), "utf8").split("\n")) {
      if (!line || line.startsWith("#")) continue;
      const [label, data] = line.split(" ");
      const framing = framingOf(label);
      const input = framing === "base64" ? data : unhex(data, fill);
      cases.push({ source: `framing/${file}`, truth, framing, input, label });
    }
  }
  for (const extra of [join(fixtures, "engine-dumps"), join(fixtures, "engine-saves")]) {
    if (!existsSync(extra)) continue;
    for (const file of readdirSync(extra).filter((f) => f.endsWith(".txt"))) {
      const truth = file.startsWith("godot-4")
        ? "godot-4"
        : file.startsWith("godot-3")
          ? "godot-3"
          : "legacy-2";
      for (const line of readFileSync(join(extra, file), "utf8").split("\n")) {
        if (!line || line.startsWith("#")) continue;
        const [label, data] = line.split(" ");
        const framing = framingOf(label);
        cases.push({
          source: `${extra.split(/[\\/]/).pop()}/${file}`,
          truth,
          framing,
          input: framing === "base64" ? data : unhex(data, fill),
          label,
        });
      }
    }
  }
  return cases;
}

/** Values from each dialect's own encoder: raw, plus store_var files and base64 for some. */
export function encodedCases(count = 300) {
  const dialects = defaultDialects();
  const cases = [];
  for (const id of DIALECTS) {
    const d = dialects[id];
    const r = rng(1000 + GEN[id]);
    for (let i = 0; i < count; i++) {
      const v = randomValue(r, d, GEN[id]);
      let bytes;
      try {
        bytes = encodeWith(d, v);
      } catch (e) {
        throw new Error(`${id} cannot encode generated value #${i} (${v.kind}): ${e.message}`);
      }
      cases.push({
        source: `encoder/${id}`,
        truth: id,
        framing: "raw",
        input: bytes,
        label: `#${i} ${v.kind}`,
      });
      if (i % 10 === 0) {
        const w = randomValue(r, d, GEN[id]);
        cases.push({
          source: `encoder/${id}`,
          truth: id,
          framing: "length-prefixed",
          input: writeStoreVarFile(d, [v, w]),
          label: `#${i} store_var ${v.kind}, ${w.kind}`,
        });
        cases.push({
          source: `encoder/${id}`,
          truth: id,
          framing: "base64",
          input: base64Encode(bytes),
          label: `#${i} base64 ${v.kind}`,
        });
      }
    }
  }
  return cases;
}

/** Runs detect over `cases` and tallies the outcome of each. */
export function score(cases) {
  const matrix = Object.fromEntries(
    DIALECTS.map((t) => [t, Object.fromEntries([...DIALECTS, "ambiguous", "none"].map((c) => [c, 0]))]),
  );
  const m = {
    total: cases.length,
    unambiguous: 0,
    top1Correct: 0,
    ambiguous: 0,
    ambiguousSameValue: 0,
    ambiguousWithoutTruth: 0,
    none: 0,
    confidentWrong: 0,
    framingChecked: 0,
    framingCorrect: 0,
    failures: [],
    matrix,
  };
  for (const c of cases) {
    const r = detect(c.input, { allowObjects: true });
    const best = r.best;
    if (best === undefined) {
      m.none++;
      matrix[c.truth].none++;
      m.failures.push(`${c.source} ${c.label}: no answer: ${r.summary}`);
      continue;
    }
    const wrong = best.dialect !== c.truth;
    if (best.confidence > 0.9 && wrong) {
      m.confidentWrong++;
      m.failures.push(
        `${c.source} ${c.label}: CONFIDENT WRONG ${best.dialect} ${best.confidence}: ${r.summary}`,
      );
    }
    if (r.ambiguous) {
      m.ambiguous++;
      matrix[c.truth].ambiguous++;
      if (r.ambiguity === "same-value") m.ambiguousSameValue++;
      if (!r.candidates.slice(0, r.leading).some((x) => x.dialect === c.truth)) {
        m.ambiguousWithoutTruth++;
        m.failures.push(`${c.source} ${c.label}: ambiguous without the truth: ${r.summary}`);
      }
      continue;
    }
    m.unambiguous++;
    matrix[c.truth][best.dialect]++;
    if (!wrong) m.top1Correct++;
    else m.failures.push(`${c.source} ${c.label}: WRONG ${best.dialect} (${best.confidence}): ${r.summary}`);
    m.framingChecked++;
    const got = best.framing.kind;
    if (got === c.framing) m.framingCorrect++;
    else m.failures.push(`${c.source} ${c.label}: framing ${got}, expected ${c.framing}: ${r.summary}`);
  }
  return m;
}

function pct(a, b) {
  return b === 0 ? "n/a" : `${((100 * a) / b).toFixed(1)}%`;
}

/** The tables as text (Markdown when `markdown`). */
export function report(title, m, markdown) {
  const cols = [...DIALECTS, "ambiguous", "none"];
  const lines = [];
  if (markdown) {
    lines.push(
      `**${title}**: ${m.total} dumps`,
      "",
      `| written by \\ top-1 | ${cols.join(" | ")} |`,
      `|---|${cols.map(() => "---:").join("|")}|`,
    );
    for (const t of DIALECTS) lines.push(`| ${t} | ${cols.map((c) => m.matrix[t][c]).join(" | ")} |`);
  } else {
    lines.push(
      `${title}: ${m.total} dumps`,
      `  ${"written by \\ top-1".padEnd(20)}${cols.map((c) => c.padStart(11)).join("")}`,
    );
    for (const t of DIALECTS)
      lines.push(`  ${t.padEnd(20)}${cols.map((c) => String(m.matrix[t][c]).padStart(11)).join("")}`);
  }
  const facts = [
    `top-1 accuracy on unambiguous dumps: ${m.top1Correct}/${m.unambiguous} = ${pct(m.top1Correct, m.unambiguous)}`,
    `framing right on unambiguous dumps: ${m.framingCorrect}/${m.framingChecked} = ${pct(m.framingCorrect, m.framingChecked)}`,
    `ambiguous: ${m.ambiguous}/${m.total} = ${pct(m.ambiguous, m.total)} (same value in every leading reading: ${m.ambiguousSameValue}; truth missing from the leading group: ${m.ambiguousWithoutTruth})`,
    `no answer: ${m.none}`,
    `confident wrong answers (confidence > 0.9 and wrong): ${m.confidentWrong}`,
  ];
  if (markdown) lines.push("", ...facts.map((f) => `- ${f}`));
  else lines.push(...facts.map((f) => `  ${f}`));
  return lines.join("\n");
}

/** Both evaluations, as the test runs them. */
export function evaluate(options = {}) {
  const engine = score(engineCases(options.fill ?? "random"));
  const encoder = score(encodedCases(options.encoded ?? 300));
  return { engine, encoder };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(
    process.argv
      .slice(2)
      .map((a) => a.replace(/^--/, "").split("="))
      .map(([k, v]) => [k, v ?? true]),
  );
  const markdown = args.markdown === true;
  const t0 = performance.now();
  const { engine, encoder } = evaluate({ fill: args.fill ?? "random", encoded: Number(args.encoded ?? 300) });
  console.log(
    report(
      `Engine dumps (Godot 2.1.4, 3.2.3, 4.6.3; ?? filled with ${args.fill ?? "random"} bytes)`,
      engine,
      markdown,
    ),
  );
  console.log();
  console.log(report("Dumps from each dialect's encoder (seeded random values)", encoder, markdown));
  console.log(`\n${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const bad = [...engine.failures, ...encoder.failures];
  if (args.verbose) for (const f of bad) console.log(`  ${f}`);
  else if (bad.length > 0) console.log(`${bad.length} failures (run with --verbose to list them)`);
}
