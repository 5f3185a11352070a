import type { Span } from "@gdvariant/core";
import { countOf, maxBytesOf, parseCommand, READ_OPTIONS, readChoice } from "../args.js";
import { runBatch } from "../batch.js";
import { UsageError } from "../errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { hexLines, hexSegments } from "../hexdump.js";
import { type CliIO, displayPath, expandInputs, readInput, write } from "../io.js";
import { writePieces } from "../json-stream.js";
import { PartialReadError } from "../records.js";
import { resolveInput } from "../resolve.js";

/** `gdvariant hexdump`: the bytes in hex, every range labelled with its path and kind. */
export async function hexdumpCommand(argv: string[], io: CliIO): Promise<ExitCode | "help"> {
  const { values, positionals } = parseCommand("hexdump", argv, {
    ...READ_OPTIONS,
    width: { type: "string" },
  });
  if (values.help) return "help";
  if (positionals.length === 0) throw new UsageError("hexdump needs at least one FILE", "hexdump");
  const choice = readChoice("hexdump", values);
  const width = countOf("hexdump", "width", values.width, 16, { max: 1024 });
  const { files } = await expandInputs(positionals, io);
  let printed = false;
  // A blank line between two files' dumps (not before the first one printed).
  const gap = () => {
    const g = printed ? "\n" : "";
    printed = true;
    return g;
  };
  return runBatch(io, files, { verb: "dumped", args: positionals }, async (f, _i, progress) => {
    const bytes = await readInput(f.path, io, maxBytesOf("hexdump", values));
    const spans = new Map<number, Span[]>();
    const onSpan = (s: Span, record: number) => {
      const list = spans.get(record);
      if (list) list.push(s);
      else spans.set(record, [s]);
    };
    const name = displayPath(f.path);
    try {
      const r = resolveInput(bytes, choice, onSpan);
      const head = `${gap()}== ${name}: ${r.entry.name} (${r.entry.id}), ${r.framed.framing}${
        r.framed.framing === "base64" ? " (offsets are in the decoded bytes)" : ""
      }, ${r.framed.bytes.length} bytes\n`;
      progress.clearFor(io.stdout);
      // Written as it is made, in writes of about 64 KB: memory stays flat, and a closed pipe
      // stops the dump at the next write.
      await write(io.stdout, head);
      const segments = hexSegments(r.framed, spans, r.entry.toText);
      await writePieces(hexLines(r.framed.bytes, segments, width), (s) => write(io.stdout, s));
      return EXIT.ok;
    } catch (e) {
      if (!(e instanceof PartialReadError)) throw e;
      // Show the bytes up to and around the failure, so the offset in the error can be found.
      const cause = e.cause as { offset?: number };
      const at = typeof cause.offset === "number" ? cause.offset : 0;
      const from = Math.max(0, at - 32) & ~15;
      const to = Math.min(bytes.length, at + 32);
      const seg = [{ start: from, end: to, depth: 0, label: `bytes around the failure at byte ${at}` }];
      progress.clearFor(io.stdout);
      const around = [...hexLines(e.partial.bytes.length ? e.partial.bytes : bytes, seg, width)].join("");
      await write(io.stdout, `${gap()}== ${name}: not readable\n${around}`);
      throw e;
    }
  });
}
