import { EncodeError } from "../errors.js";
import type { Value } from "./types.js";

/**
 * Ancestor tracking for the iterative walks over in-memory values (toJSON, toJS, equals, value
 * ids): a container met again while it is still being walked is a cycle, which the model cannot
 * express and which would otherwise loop forever. A value shared twice side by side (a DAG) is
 * not a cycle and is walked twice, as it was before.
 * @internal
 */
export class CycleGuard {
  private readonly active = new Set<object>();

  /** @param what - who walks, for the message; `fail` - throws the caller's error instead. */
  constructor(
    private readonly what: string,
    private readonly fail?: (message: string) => never,
  ) {}

  /** Marks `v` as being walked. @throws {EncodeError} `depth-exceeded` when it already is. */
  enter(v: object): void {
    if (this.active.has(v)) {
      const message = `${this.what}: the value contains itself (a cycle)`;
      if (this.fail) this.fail(message);
      throw new EncodeError(message, { code: "depth-exceeded" });
    }
    this.active.add(v);
  }

  leave(v: object): void {
    this.active.delete(v);
  }
}

/** The kinds whose values hold other values. @internal */
export function isContainer(v: Value): boolean {
  return v.kind === "array" || v.kind === "dictionary" || (v.kind === "object" && v.form === "full");
}
