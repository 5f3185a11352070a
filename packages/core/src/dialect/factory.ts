import { DecodeError, EncodeError } from "../errors.js";
import type { Dialect } from "./contract.js";

/** What {@link dialectFactory} takes. */
export interface DialectFactorySpec<O extends object, R> {
  /**
   * The option names that select a dialect instance. A call whose options set none of them (the
   * common case: `decode(bytes)`, `encode(value, { maxDepth })`) gets the default dialect
   * without resolving anything.
   */
  readonly names: readonly (keyof O)[];
  /** Fills in the defaults and checks the values. @throws what the dialect package throws. */
  resolve(options: O): R;
  /** A string that names resolved options: equal keys give the same dialect object. */
  key(resolved: R): string;
  /** Builds the dialect of resolved options (once per key). */
  build(resolved: R): Dialect;
}

/**
 * The options-to-dialect function of a dialect package: one frozen dialect per option set,
 * built on first use and kept (the cache holds only immutable dialects, so two option sets,
 * or two dialects, coexist in one program). Written once here for every dialect package.
 */
export function dialectFactory<O extends object, R>(
  spec: DialectFactorySpec<O, R>,
): (options?: O) => Dialect {
  const cache = new Map<string, Dialect>();
  const get = (options: O): Dialect => {
    const resolved = spec.resolve(options);
    const key = spec.key(resolved);
    let d = cache.get(key);
    if (d === undefined) {
      d = spec.build(resolved);
      cache.set(key, d);
    }
    return d;
  };
  const names = spec.names;
  let fallback: Dialect | undefined;
  return (options) => {
    // Null from an untyped caller is no options, as undefined is.
    if (options !== undefined && options !== null) {
      for (let i = 0; i < names.length; i++) {
        if (options[names[i]!] !== undefined) return get(options);
      }
    }
    if (fallback === undefined) fallback = get({} as O);
    return fallback;
  };
}

/**
 * One choice option of a dialect package (`version`, `precision`, `flag64`...): `fallback` when
 * unset, the value when it is one of `choices`. Every dialect package refuses a bad value this
 * way, so no unknown value builds (and caches) a dialect of its own.
 * @throws {EncodeError} `invalid-value`, naming the option, the value and the choices.
 */
export function choiceOption<T extends string>(
  dialect: string,
  what: string,
  value: unknown,
  choices: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if ((choices as readonly unknown[]).includes(value)) return value as T;
  const expected = choices.map((c) => JSON.stringify(c)).join(", ");
  throw new EncodeError(`unknown ${what} ${JSON.stringify(value)} (expected one of ${expected})`, {
    code: "invalid-value",
    dialect,
  });
}

/**
 * `get()`, which picks a dialect from a call's options, for a decode call: an option refusal
 * ({@link choiceOption}) becomes the DecodeError `invalid-data` at offset 0 that decoding throws.
 */
export function forDecode<T>(dialect: string, get: () => T): T {
  try {
    return get();
  } catch (e) {
    if (!EncodeError.is(e)) throw e;
    throw new DecodeError(e.detail, { code: "invalid-data", offset: 0, dialect });
  }
}
