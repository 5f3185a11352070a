import type { Observer } from "./builder.js";
import type { Dialect } from "./contract.js";
import { LayoutWalker, PART_NAMES, type PartCode, type PartName, type PartSink } from "./layout.js";

/**
 * One part of a value's bytes, as the reader reports it (`onPart`): what it is, where, and the
 * number the layout gives it (see {@link PartSink}). Parts of one value never overlap; a
 * container's own parts (header, type words, count) leave its elements' bytes to their values.
 */
export interface Part {
  readonly kind: PartName;
  readonly start: number;
  readonly end: number;
  /** The word's value (header, count, length, word, type id), an element's size, or the bytes wanted (padding). */
  readonly value: number;
  /** The layout's name for the field (`"width"`, `"element"`...), or "". */
  readonly name: string;
  /** The wire type id of the value the part belongs to. */
  readonly wireId: number;
}

/**
 * The observer behind `onPart`: for each value the reader read, the parts of its codec's
 * declared layout (`Codec.layout`). Parts arrive as values complete: a container's own parts
 * after its elements'.
 */
export class PartsObserver implements Observer, PartSink {
  private readonly walker = new LayoutWalker();
  private wireId = 0;

  constructor(
    private readonly dialect: Dialect,
    private readonly bytes: Uint8Array,
    private readonly onPart: (part: Part) => void,
  ) {}

  observe(_value: unknown, header: number, start: number, end: number): void {
    const id = (header & this.dialect.typeMask) >>> 0;
    const codec = this.dialect.codecs[id];
    if (codec === undefined) return;
    this.wireId = id;
    this.walker.walk(codec.layout ?? [], codec.flagMask, this.bytes, header, start, end, this);
  }

  part(code: PartCode, start: number, end: number, value: number, name: string): void {
    this.onPart({ kind: PART_NAMES[code] as PartName, start, end, value, name, wireId: this.wireId });
  }
}

/** Tells two observers of every value (facts and parts in one reading). */
export function bothObservers(a: Observer, b: Observer): Observer {
  return {
    observe(value, header, start, end) {
      a.observe(value, header, start, end);
      b.observe(value, header, start, end);
    },
  };
}
