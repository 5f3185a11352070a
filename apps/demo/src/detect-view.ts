import type { Candidate, Framing } from "@gdvariant/auto-detect";
import type { Analysis } from "./analyze.js";

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

function candidateRow(c: Candidate, best: boolean): HTMLTableRowElement {
  const tr = el("tr");
  if (best) tr.className = "best";
  const pct = `${(c.confidence * 100).toFixed(c.confidence > 0.999 ? 2 : 1)}%`;
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
export function renderDetection(host: HTMLElement, name: string, size: number, a: Analysis): void {
  host.replaceChildren();
  const head = el("p", `${name}: ${size} bytes`, "file");
  host.append(head);
  const d = a.detection;
  const taken = el("p", "", "taken");
  taken.id = "taken";
  if (a.entry) {
    taken.dataset.dialect = a.entry.id;
    taken.textContent = `Read as ${a.entry.name} (${a.entry.id}), ${a.framing}${d?.best?.dialect === a.entry.id ? "" : " (chosen by hand)"}.`;
  } else taken.textContent = "No engine reads these bytes.";
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
    for (const c of d.candidates) tbody.append(candidateRow(c, c === d.best));
    table.append(el("caption", "Candidates"), thead, tbody);
    host.append(table);
  }
  const best = d.best;
  if (best && best.evidence.length > 0) {
    const details = el("details");
    details.open = true;
    details.append(el("summary", `Evidence for ${best.dialect}`));
    const ul = el("ul", undefined, "evidence");
    for (const e of best.evidence) {
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
  host.append(el("p", d.summary, "muted"));
}
