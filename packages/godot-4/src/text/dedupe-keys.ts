import { type DictionaryEntry, type Value, VECTOR_FIELDS } from "@gdvariant/core";
import { isNullObject } from "./key-order.js";

// Equal keys as the engine's Dictionary sees them (hash_compare, and String == StringName): when
// bytes hold one key twice, the later value replaces the earlier in the first key's slot.
// hash_compare treats NaN as equal to NaN and 0.0 as equal to -0.0, component by component.
function real(x: number): string {
  return Number.isNaN(x) ? "NaN" : String(x === 0 ? 0 : x);
}

function keyIdentity(k: Value): string | undefined {
  switch (k.kind) {
    case "nil":
      return "n";
    case "bool":
      return k.value ? "t" : "f";
    case "int":
      return `i${String(k.value)}`;
    case "float":
      return `d${real(k.value)}`;
    case "string":
    case "stringName":
      return `s${k.value}`;
    case "object":
      return isNullObject(k) ? "n" : undefined;
    case "nodePath":
      return `p${JSON.stringify([k.absolute, k.names, k.subnames, k.property ?? null])}`;
    case "rid":
      return `r${String(k.id)}`;
    default: {
      if (k.kind in VECTOR_FIELDS) {
        const rec = k as unknown as Record<string, number>;
        return `${k.kind}:${VECTOR_FIELDS[k.kind as keyof typeof VECTOR_FIELDS].map((f) => real(rec[f]!)).join(",")}`;
      }
      if ("values" in k && Array.isArray(k.values)) return `${k.kind}:${k.values.map(real).join(",")}`;
      return undefined;
    }
  }
}

/**
 * The entries the engine's Dictionary keeps after inserting `entries` in order: a key equal to an
 * earlier one (String == StringName, NaN == NaN, 0.0 == -0.0) replaces that entry's value in
 * place. Used by `var_to_str` and the JSON forms alike.
 */
export function dedupeEntries(entries: readonly DictionaryEntry[]): DictionaryEntry[] {
  const out: DictionaryEntry[] = [];
  const seen = new Map<string, number>();
  for (const e of entries) {
    const pk = keyIdentity(e[0]);
    if (pk === undefined) {
      out.push(e);
      continue;
    }
    const at = seen.get(pk);
    if (at === undefined) {
      seen.set(pk, out.length);
      out.push(e);
    } else out[at] = [out[at]![0], e[1]];
  }
  return out;
}
