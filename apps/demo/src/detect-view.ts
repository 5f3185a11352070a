import type { Framing } from "@gdvariant/auto-detect";
import { type CandidateView, evidenceOrder, type ViewModel } from "./model.js";

function framingText(f: Framing): string {
  if (f.kind === "raw") return "raw (var_to_bytes)";
  if (f.kind === "length-prefixed")
    return `store_var / put_var, ${f.records} record${f.records === 1 ? "" : "s"}${f.bigEndian ? ", big-endian" : ""}`;
  return `base64 of ${framingText(f.inner)}`;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  cls?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

/** A confidence as the page prints it everywhere: `99.8%`. */
export function percent(c: number): string {
  return `${(c * 100).toFixed(c > 0.999 ? 2 : 1)}%`;
}

function candidateRow(c: CandidateView, best: boolean): HTMLTableRowElement {
  const tr = el("tr");
  if (best) tr.className = "best";
  const pct = percent(c.confidence);
  const meter = el("meter");
  meter.min = 0;
  meter.max = 1;
  meter.value = c.confidence;
  meter.setAttribute("aria-label", `confidence ${pct}`);
  const conf = el("td");
  conf.append(meter, el("span", ` ${pct}`));
  tr.append(
    el("td", c.dialect, "dialect"),
    el("td", c.versions.text),
    el("td", framingText(c.framing)),
    el("td", c.precision),
    conf,
  );
  return tr;
}

/** The detector's findings: candidates with confidence, and the evidence of the one taken. */
export function renderDetection(host: HTMLElement, m: ViewModel): void {
  host.replaceChildren();
  const head = el("p", `${m.name}: ${m.size} bytes${m.layers ? `, inside ${m.layers}` : ""}`, "file");
  host.append(head);
  const d = m.detection;
  const taken = el("p", "", "taken");
  taken.id = "taken";
  if (m.dialect) {
    taken.dataset.dialect = m.dialect;
    taken.textContent = `Read as ${m.dialectName} (${m.dialect}), ${m.framing}${d?.best?.dialect === m.dialect ? "" : " (chosen by hand)"}.`;
  } else if (m.content === "config-file" || m.content === "project-binary")
    taken.textContent = `Read as ${m.framing}: sections of values.`;
  else if (m.content === "empty")
    taken.textContent = "An empty save: no records (the engine reads zero records).";
  else taken.textContent = "No engine reads these bytes.";
  host.append(taken);
  if (!d) return;
  if (d.ambiguous) {
    host.append(
      el(
        "p",
        d.ambiguity === "same-value"
          ? "Several engines read the same value from these bytes: any is right."
          : "Several engines read different values: choose the dialect by hand.",
        "warn",
      ),
    );
  }
  if (d.candidates.length > 0) {
    const table = el("table");
    table.id = "candidates";
    const thead = el("thead");
    const hr = el("tr");
    for (const h of ["dialect", "engine", "framing", "precision", "confidence"]) hr.append(el("th", h));
    thead.append(hr);
    const tbody = el("tbody");
    d.candidates.forEach((c, i) => {
      tbody.append(candidateRow(c, i === d.bestIndex));
    });
    table.append(el("caption", "Candidates"), thead, tbody);
    host.append(table);
  }
  const best = d.best;
  if (best && best.evidence.length > 0) {
    const details = el("details");
    details.open = true;
    details.append(el("summary", `Evidence for ${best.dialect}`));
    const ul = el("ul", undefined, "evidence");
    // Strongest support first: a negative item never opens the list beside a high confidence.
    for (const e of evidenceOrder(best.evidence)) {
      const li = el("li");
      li.append(
        el("span", `${e.weight >= 0 ? "+" : ""}${e.weight.toFixed(1)}`, e.weight >= 0 ? "for" : "against"),
        el("span", ` ${e.text}${e.offset !== undefined ? ` (byte ${e.offset})` : ""}`),
      );
      ul.append(li);
    }
    details.append(ul);
    host.append(details);
  }
  if (d.file) host.append(el("p", `This is not a Variant dump: ${d.file.description}`, "warn"));
  // The summary's confidence in the table's form (it rounds 0.998 to 1.00).
  const summary = best
    ? d.summary.replace(/\bconfidence \d+(?:\.\d+)?(?!%)/g, `confidence ${percent(best.confidence)}`)
    : d.summary;
  host.append(el("p", summary, "muted"));
}
