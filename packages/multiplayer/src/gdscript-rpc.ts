import type { RpcMethod } from "./rpc-config.js";

/** What one GDScript file says about RPCs: its own `@rpc` methods and what it extends. */
export interface ScriptRpc {
  /** The script's own top-level `@rpc` functions (inner classes are not the script's). */
  readonly methods: Readonly<Record<string, RpcMethod>>;
  /** `extends "res://base.gd"` (a path) or `extends BaseActor` (a class name or engine class). */
  readonly extends?: { readonly path: string } | { readonly className: string };
  /** `class_name X`. */
  readonly className?: string;
}

interface Token {
  readonly kind: "ident" | "string" | "number" | "punct" | "annotation";
  readonly value: string;
  /** Indentation of the line the token is on (top level: 0). */
  readonly indent: number;
}

/**
 * Reads the `@rpc` annotations of a GDScript 2 source as the engine's parser does: annotations
 * with their arguments in any order (`"any_peer"`/`"authority"`, `"call_local"`/`"call_remote"`,
 * a transfer mode, a channel), on the function's line or the lines above it (comments and other
 * annotations between), strings and comments skipped, inner classes left out. No code runs.
 *
 * @example
 * ```ts
 * parseGdscriptRpc('@rpc("any_peer")\nfunc chat(text):\n\tpass\n').methods; // { chat: { mode: "any_peer" } }
 * ```
 */
export function parseGdscriptRpc(source: string): ScriptRpc {
  const tokens = tokenize(source);
  const methods: Record<string, RpcMethod> = {};
  let ext: ScriptRpc["extends"];
  let className: string | undefined;
  let pending: RpcMethod | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.indent !== 0) continue;
    if (t.kind === "annotation" && t.value === "rpc") {
      const m: { -readonly [K in keyof RpcMethod]: RpcMethod[K] } = {};
      if (tokens[i + 1]?.value === "(" && tokens[i + 1]?.kind === "punct") {
        let j = i + 2;
        for (; j < tokens.length && !(tokens[j]!.kind === "punct" && tokens[j]!.value === ")"); j++) {
          const a = tokens[j]!;
          if (a.kind === "number") m.channel = Number(a.value);
          else if (a.kind === "string") {
            if (a.value === "any_peer" || a.value === "authority") m.mode = a.value;
            else if (a.value === "call_local" || a.value === "call_remote")
              m.callLocal = a.value === "call_local";
            else if (a.value === "reliable" || a.value === "unreliable" || a.value === "unreliable_ordered")
              m.transferMode = a.value;
          }
        }
        i = j;
      }
      pending = m;
    } else if (t.kind === "ident" && t.value === "func") {
      const name = tokens[i + 1];
      if (pending !== undefined && name?.kind === "ident") methods[name.value] = pending;
      pending = undefined;
    } else if (t.kind === "ident" && t.value === "extends") {
      const b = tokens[i + 1];
      if (b?.kind === "string") ext = { path: b.value };
      else if (b?.kind === "ident") ext = { className: b.value };
    } else if (t.kind === "ident" && t.value === "class_name") {
      const n = tokens[i + 1];
      if (n?.kind === "ident") className = n.value;
    } else if (
      t.kind === "ident" &&
      (t.value === "var" || t.value === "const" || t.value === "class" || t.value === "signal")
    ) {
      pending = undefined;
    }
  }
  return {
    methods,
    ...(ext === undefined ? {} : { extends: ext }),
    ...(className === undefined ? {} : { className }),
  };
}

const IDENT_START = /[\p{L}_]/u;
const IDENT_PART = /[\p{L}\p{N}_]/u;

/** GDScript tokens, enough for declarations: strings and comments are skipped or kept whole. */
function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let depth = 0; // inside (), [] or {}: newlines do not end the statement
  let indent = 0;
  let atLineStart = true;
  while (i < src.length) {
    const c = src[i]!;
    if (c === "\n") {
      i++;
      if (depth === 0) atLineStart = true;
      continue;
    }
    if (atLineStart) {
      // The indentation of a new logical line (blank and comment-only lines have none that counts).
      let j = i;
      let n = 0;
      while (src[j] === " " || src[j] === "\t") {
        n++;
        j++;
      }
      if (src[j] === "\n" || src[j] === "#" || src[j] === "\r" || j >= src.length) {
        i = j;
        if (src[j] === "#") while (i < src.length && src[i] !== "\n") i++;
        continue;
      }
      indent = n;
      atLineStart = false;
      i = j;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    if (c === "\\" && src[i + 1] === "\n") {
      i += 2; // line continuation
      continue;
    }
    if (c === "#") {
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    // Strings, with the prefixes r (raw), & (StringName) and ^ (NodePath).
    let q = i;
    if ((c === "r" || c === "&" || c === "^") && (src[i + 1] === '"' || src[i + 1] === "'")) q = i + 1;
    if (src[q] === '"' || src[q] === "'") {
      const raw = c === "r" && q === i + 1;
      const quote = src[q]!;
      const triple = src.startsWith(quote.repeat(3), q);
      const close = triple ? quote.repeat(3) : quote;
      let j = q + close.length;
      let value = "";
      while (j < src.length && !src.startsWith(close, j)) {
        if (src[j] === "\\" && !raw) {
          value += src[j + 1] ?? "";
          j += 2;
        } else {
          value += src[j];
          j++;
        }
      }
      out.push({ kind: "string", value, indent });
      i = j + close.length;
      continue;
    }
    if (c === "@") {
      let j = i + 1;
      while (j < src.length && IDENT_PART.test(src[j]!)) j++;
      out.push({ kind: "annotation", value: src.slice(i + 1, j), indent });
      i = j;
      continue;
    }
    if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < src.length && IDENT_PART.test(src[j]!)) j++;
      out.push({ kind: "ident", value: src.slice(i, j), indent });
      i = j;
      continue;
    }
    if (c >= "0" && c <= "9") {
      let j = i + 1;
      while (j < src.length && /[0-9a-fA-FxXbB_.]/.test(src[j]!)) j++;
      out.push({ kind: "number", value: src.slice(i, j).replaceAll("_", ""), indent });
      i = j;
      continue;
    }
    if (c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === "]" || c === "}") && depth > 0) depth--;
    out.push({ kind: "punct", value: c, indent });
    i++;
  }
  return out;
}
