import { EncodeError, GdVariantError } from "../errors.js";
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

/** A work-list entry that ends the cycle watch of the container it names. @internal */
export type ExitMarker = { readonly done: object };

/**
 * Runs a depth-first work list: each task's container is watched for cycles from when it is
 * filled until everything `fill` queued for it is done (an exit marker below those tasks).
 * @internal
 */
export function drainWork<T extends object>(
  work: (T | ExitMarker)[],
  guard: CycleGuard,
  subject: (task: T) => object,
  fill: (task: T) => void,
): void {
  while (work.length > 0) {
    const task = work.pop()!;
    if ("done" in task) {
      guard.leave(task.done);
      continue;
    }
    const s = subject(task);
    guard.enter(s);
    work.push({ done: s });
    fill(task);
  }
}

/** The kinds whose values hold other values. @internal */
export function isContainer(v: Value): boolean {
  return v.kind === "array" || v.kind === "dictionary" || (v.kind === "object" && v.form === "full");
}

function childrenOf(v: Value): readonly Value[] {
  if (v.kind === "array") return v.items;
  if (v.kind === "dictionary") return v.entries.flat();
  if (v.kind === "object" && v.form === "full") return v.properties.map((p) => p[1]);
  return [];
}

/**
 * Refuses a value that contains itself (an in-memory cycle, which no bytes or text can hold),
 * visiting each container once: linear in the distinct containers, whatever the depth or the
 * sharing. For writers that would otherwise loop or branch without end on such a value.
 * @param what - who asks, for the message (`"toText"`).
 * @throws {EncodeError} `depth-exceeded` naming the cycle.
 */
export function assertAcyclic(value: Value, what: string): void {
  if (!isContainer(value)) return;
  const done = new Set<object>();
  const guard = new CycleGuard(what);
  // [container, its children, next child]
  const stack: [Value, readonly Value[], number][] = [[value, childrenOf(value), 0]];
  guard.enter(value);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top[2] < top[1].length) {
      const c = top[1][top[2]++]!;
      if (isContainer(c) && !done.has(c)) {
        guard.enter(c);
        stack.push([c, childrenOf(c), 0]);
      }
      continue;
    }
    stack.pop();
    guard.leave(top[0]);
    done.add(top[0]);
  }
}

/**
 * What a function over values throws for an error it caught: the project's errors as they are
 * (an `EncodeError` tagged with `dialect`), a `RangeError` of a stack that ran out as
 * `depth-exceeded` and of a string or array larger than JS allows as `limit-exceeded`, anything
 * else (a malformed value: a missing field, a getter that throws) as `invalid-value`. For writers and walkers documented to throw only the project's errors.
 * @param what - who failed, for the message (`"toJSON"`, `"cannot write text"`).
 */
export function asProjectError(e: unknown, what: string, dialect?: string): GdVariantError {
  if (EncodeError.is(e)) return dialect === undefined ? e : e.withDialect(dialect);
  if (GdVariantError.is(e)) return e;
  const code = rangeErrorCode(e) ?? "invalid-value";
  const why =
    code === "depth-exceeded"
      ? "nesting too deep for the JS stack"
      : code === "limit-exceeded"
        ? `the result is larger than JavaScript allows (${shown(e)})`
        : `not a well-formed value (${shown(e)})`;
  return new EncodeError(`${what}: ${why}`, { code, dialect, cause: e });
}

/**
 * What a RangeError of the JS engine means: the stack running out is `depth-exceeded`; a string,
 * array or buffer larger than the engine allows (a text over V8's 2^29 - 24 characters) is
 * `limit-exceeded`. Undefined for anything else.
 * @internal
 */
export function rangeErrorCode(e: unknown): "depth-exceeded" | "limit-exceeded" | undefined {
  if (!(e instanceof RangeError)) return undefined;
  if (/call stack/i.test(e.message)) return "depth-exceeded";
  if (/invalid (string|array|typed array) length|allocation failed|out of memory/i.test(e.message))
    return "limit-exceeded";
  return undefined;
}

// What was thrown, as text; whatever it is (a Symbol, an object whose toString throws).
function shown(e: unknown): string {
  try {
    return String(e);
  } catch {
    return "an exception that cannot be shown";
  }
}
