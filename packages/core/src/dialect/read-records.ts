import { ByteReader } from "../bytes/reader.js";
import { DecodeError } from "../errors.js";
import { type RecordChain, recordOffset } from "../framing/record-chain.js";
import { type Builder, MODEL, type Observer } from "./builder.js";
import type { Dialect } from "./contract.js";
import { Decoder, readWith } from "./decoder.js";
import { DEFAULT_MAX_TOTAL_BYTES, type DecodeOptions } from "./options.js";

/** Told of each record read: its index, value, and where its Variant ended. */
export type OnRecord = (index: number, value: unknown, valueEnd: number) => void;

/**
 * Reads the Variant of each record of `chain` in `input` with one reader (one decoder for the
 * whole input, however many records: a file of a million tiny records costs no object per
 * record here), making values with `builder`, telling `observer` of every value (offsets in
 * `input`), and `onRecord` of each record. Stops at the first record that fails: returns its
 * index and the reader's error (offsets absolute; `truncated` means the Variant runs past its
 * record), or, when `probe` is set, its index and no error (nothing is made for a failure).
 * `options.offset` is ignored; `onSpan` and `onPart` report absolute offsets.
 * @returns the records read, and the failure where one stopped the reading
 */
export function readRecordsWith(
  dialect: Dialect,
  input: Uint8Array,
  chain: RecordChain,
  options: DecodeOptions,
  builder: Builder,
  observer: Observer | undefined,
  onRecord: OnRecord,
  probe = false,
): { read: number; error: DecodeError | undefined } {
  const reader = new ByteReader(input, 0, 0);
  reader.dialect = dialect.id;
  reader.probe = probe;
  const decoder = new Decoder(reader, dialect, options, builder, observer);
  const maxTotal = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
  for (let i = 0; i < chain.count; i++) {
    const start = recordOffset(chain, i) + 4;
    const end = chain.ends[i]!;
    reader.pos = start;
    reader.end = end;
    try {
      if (end - start > maxTotal) {
        throw new DecodeError(`record of ${end - start} bytes is over maxTotalBytes ${maxTotal}`, {
          code: "limit-exceeded",
          offset: start,
          dialect: dialect.id,
        });
      }
      const value = decoder.decodeValue();
      if (options.exact && reader.pos !== end)
        throw decoder.error("trailing-bytes", `${end - reader.pos} bytes follow the value in its record`);
      onRecord(i, value, reader.pos);
    } catch (e) {
      if (probe) return { read: i, error: undefined };
      return { read: i, error: recordError(e, dialect, input, options, builder, decoder, start, end) };
    }
  }
  return { read: chain.count, error: undefined };
}

// The error of a failed record, with its path (read again with the model when another builder
// made the keys: the reader is deterministic).
function recordError(
  e: unknown,
  dialect: Dialect,
  input: Uint8Array,
  options: DecodeOptions,
  builder: Builder,
  decoder: Decoder,
  start: number,
  end: number,
): DecodeError {
  let error = e;
  if (DecodeError.is(e)) decoder.unwinding.apply(e);
  if (builder !== MODEL || !DecodeError.is(e)) {
    try {
      const { onSpan: _s, onPart: _p, ...quiet } = options;
      readWith(dialect, input.subarray(0, end), { ...quiet, offset: start }, MODEL);
    } catch (again) {
      error = again;
    }
  }
  if (DecodeError.is(error)) return error.withDialect(dialect.id);
  return new DecodeError(`unexpected failure: ${String(error)}`, {
    code: "invalid-data",
    offset: start,
    dialect: dialect.id,
    cause: error,
  });
}
