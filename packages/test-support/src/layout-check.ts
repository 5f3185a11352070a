// The proof that a dialect's declared layouts (Codec.layout) and its reader agree: decoding with
// `onSpan` and `onPart`, the parts of each value must tile its bytes with the spans of its
// nested values: no gap, no overlap, nothing past the value, and the header first. A layout
// that forgets a field, or a reader that reads one more, leaves a gap or runs over.

// The shapes of core's Part and Span that the check reads (this package does not import core).
interface Part {
  readonly kind: string;
  readonly start: number;
  readonly end: number;
  readonly name: string;
}
interface Span {
  readonly start: number;
  readonly end: number;
  readonly kind: string;
  readonly depth: number;
  readonly path: string;
}

/** Decodes the bytes under test with both listeners set (and `allowObjects`). */
export type ReadWithParts = (listeners: {
  onPart: (part: Part) => void;
  onSpan: (span: Span) => void;
}) => void;

/** What {@link checkLayouts} found: values checked, and the first disagreement (or undefined). */
export interface LayoutCheck {
  readonly values: number;
  readonly parts: number;
  readonly problem: string | undefined;
}

/**
 * Decodes (with `read`: it must decode) and checks every value's parts against its
 * span and its children's spans. Object properties are nested values whose names the layout
 * leaves inside the object's "values": bytes of an object after its count are not checked.
 */
export function checkLayouts(read: ReadWithParts): LayoutCheck {
  const groups: { span: Span; parts: Part[] }[] = [];
  let pending: Part[] = [];
  let parts = 0;
  read({
    onPart: (p) => {
      pending.push(p);
      parts++;
    },
    onSpan: (span) => {
      groups.push({ span, parts: pending });
      pending = [];
    },
  });
  if (pending.length > 0) return { values: groups.length, parts, problem: "parts after the last value" };
  for (const { span, parts: own } of groups) {
    const children = groups
      .map((g) => g.span)
      .filter((c) => c.depth === span.depth + 1 && c.start >= span.start && c.end <= span.end && c !== span);
    const pieces = [
      ...own.map((p) => ({ start: p.start, end: p.end, what: `${p.kind}${p.name ? ` ${p.name}` : ""}` })),
      ...children.map((c) => ({ start: c.start, end: c.end, what: `value ${c.kind}` })),
    ].sort((a, b) => a.start - b.start || a.end - b.end);
    const where = `${span.kind} at ${span.start}-${span.end} (${span.path || "root"})`;
    if (own[0]?.kind !== "header" || own[0].start !== span.start)
      return { values: groups.length, parts, problem: `${where}: no header part first` };
    let at = span.start;
    for (const piece of pieces) {
      if (piece.end > span.end)
        return {
          values: groups.length,
          parts,
          problem: `${where}: ${piece.what} ends past the value at ${piece.end}`,
        };
      if (piece.start < at)
        return {
          values: groups.length,
          parts,
          problem: `${where}: ${piece.what} at ${piece.start} overlaps`,
        };
      if (piece.start > at && span.kind !== "object")
        return {
          values: groups.length,
          parts,
          problem: `${where}: bytes ${at}-${piece.start} are in no part`,
        };
      at = Math.max(at, piece.end);
    }
    if (at !== span.end && span.kind !== "object")
      return { values: groups.length, parts, problem: `${where}: bytes ${at}-${span.end} are in no part` };
  }
  return { values: groups.length, parts, problem: undefined };
}
