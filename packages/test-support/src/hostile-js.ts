// Hostile plain JS values for fromJS and the writers (issue 36: fromJS let getters' and Proxies'
// exceptions escape raw, and never returned on a sparse array of length 2^32 - 1). Each comes
// with what must be refused and where: the project's error with this code, at this path (or
// below it). Made fresh by each call: a revoked Proxy or a used iterator is not reusable.

/** One hostile value and the refusal expected for it. */
export interface HostileJS {
  readonly name: string;
  readonly value: unknown;
  /** The error code expected. */
  readonly code: "invalid-value" | "limit-exceeded" | "depth-exceeded";
  /** The path expected, as `pathString`; the error may point below it (a Map's `{key #0}`). */
  readonly path: string;
  /** `maxCollectionLength` to pass (a small limit stands for the default one), if any. */
  readonly maxCollectionLength?: number;
}

function throwing(thrown: () => unknown): object {
  return {
    a: 1,
    get b(): unknown {
      throw thrown();
    },
  };
}

/** The hostile values, made anew. */
export function hostileJSValues(): HostileJS[] {
  const indexGetter = [1, 2];
  Object.defineProperty(indexGetter, 1, {
    get() {
      throw new Error("index getter");
    },
  });
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  const badIterator = new Map<unknown, unknown>([[1, 2]]);
  badIterator[Symbol.iterator] = () => {
    throw new Error("iterator");
  };
  const sparse: unknown[] = [];
  sparse.length = 2 ** 32 - 1;
  const cycle: unknown[] = [1];
  cycle.push(cycle);
  return [
    {
      name: "a getter that throws an Error",
      value: throwing(() => new Error("getter")),
      code: "invalid-value",
      path: '["b"]',
    },
    { name: "a getter that throws a number", value: throwing(() => 5), code: "invalid-value", path: '["b"]' },
    {
      name: "a getter that throws a Symbol",
      value: throwing(() => Symbol("s")),
      code: "invalid-value",
      path: '["b"]',
    },
    {
      name: "a getter that throws an object whose toString throws",
      value: [
        throwing(() => ({
          toString: () => {
            throw new Error("again");
          },
        })),
      ],
      code: "invalid-value",
      path: '[0]["b"]',
    },
    {
      name: "an index getter that throws",
      value: { list: indexGetter },
      code: "invalid-value",
      path: '["list"][1]',
    },
    {
      name: "a Proxy whose getPrototypeOf throws",
      value: [
        0,
        new Proxy(
          {},
          {
            getPrototypeOf: () => {
              throw new Error("prototype");
            },
          },
        ),
      ],
      code: "invalid-value",
      path: "[1]",
    },
    {
      name: "a Proxy whose ownKeys throws",
      value: [
        0,
        1,
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error("keys");
            },
          },
        ),
      ],
      code: "invalid-value",
      path: "[2]",
    },
    {
      name: "a Proxy array whose length throws",
      value: {
        x: new Proxy([], {
          get: (t, k) => {
            if (k === "length") throw new Error("length");
            return Reflect.get(t, k);
          },
        }),
      },
      code: "invalid-value",
      path: '["x"]',
    },
    { name: "a revoked Proxy inside an array", value: [revocable.proxy], code: "invalid-value", path: "[0]" },
    { name: "a Map whose iterator throws", value: [badIterator], code: "invalid-value", path: "[0]" },
    { name: "a sparse array of length 2^32 - 1", value: [1, sparse], code: "limit-exceeded", path: "[1]" },
    {
      name: "a Proxy array claiming 2^32 - 1 elements",
      value: [new Proxy([], { get: (t, k) => (k === "length" ? 2 ** 32 - 1 : Reflect.get(t, k)) })],
      code: "limit-exceeded",
      path: "[0]",
    },
    {
      name: "an array over maxCollectionLength",
      value: { a: Array.from({ length: 11 }, () => 0) },
      code: "limit-exceeded",
      path: '["a"]',
      maxCollectionLength: 10,
    },
    {
      name: "a Map over maxCollectionLength",
      value: [new Map(Array.from({ length: 11 }, (_, i) => [i, i]))],
      code: "limit-exceeded",
      path: "[0]",
      maxCollectionLength: 10,
    },
    {
      name: "an object over maxCollectionLength",
      value: [Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i]))],
      code: "limit-exceeded",
      path: "[0]",
      maxCollectionLength: 10,
    },
    { name: "an array that contains itself", value: cycle, code: "depth-exceeded", path: "" },
  ];
}

/**
 * A value of `levels + 1` arrays, each holding the one below twice: 2^levels leaves in a few
 * objects (issue 36: 41 arrays made toText, toJS and toJSON run for minutes and run out of
 * memory). Each array's `items` is a getter that counts its reads in `reads.count` and throws
 * past `reads.limit`, so a test can tell how far a walk went without a clock, and a walk that
 * would not end fails instead of hanging.
 */
export function sharedSubtrees(
  levels: number,
  reads: { count: number; limit: number },
  plainJS = false,
): unknown {
  let v: unknown = plainJS ? 1 : { kind: "int", value: 1 };
  for (let i = 0; i < levels; i++) {
    const items = [v, v];
    const read = (): unknown[] => {
      if (++reads.count > reads.limit) throw new Error(`walked past ${reads.limit} reads`);
      return items;
    };
    // A plain JS array cannot count its reads: a Proxy of it does (encode and fromJS).
    v = plainJS
      ? new Proxy(items, {
          get: (t, k) => {
            if (k === "length") read();
            return Reflect.get(t, k);
          },
        })
      : {
          kind: "array",
          get items() {
            return read();
          },
        };
  }
  return v;
}
