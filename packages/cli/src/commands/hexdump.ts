import { parseProjectBinary } from "@gdvariant/files";
import { countOf, layerLimitOf, maxBytesOf, parseCommand, READ_OPTIONS, readChoice } from "../args.js";
import { runBatch } from "../batch.js";
import type { DialectEntry } from "../dialects.js";
import { UsageError } from "../errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { type HexSegment, hexLines, hexSegments } from "../hexdump.js";
import { type CliIO, displayPath, expandInputs, readInput, write } from "../io.js";
import { writePieces } from "../json-stream.js";
import { describeLayers, openInput } from "../open-input.js";
import { PartialReadError } from "../records.js";
import { resolveInput } from "../resolve.js";
import { describeValue } from "../tree.js";
import { SECRET_OPTIONS, secretFrom } from "./file-layers.js";

/** project.binary's bytes by setting: the key, its value's length word, the value. */
function settingSegments(bytes: Uint8Array, entry: DialectEntry): HexSegment[] {
  const out: HexSegment[] = [{ start: 0, end: 8, depth: 0, label: "ECFG magic, setting count" }];
  for (const s of parseProjectBinary(bytes)) {
    const keyStart = s.offset - 8 - new TextEncoder().encode(s.key).length;
    out.push({ start: keyStart, end: s.offset - 4, depth: 0, label: `setting ${s.key}` });
    out.push({ start: s.offset - 4, end: s.offset, depth: 1, label: `value length ${s.length}` });
    const value = resolveInput(bytes.subarray(s.offset, s.offset + s.length), {
      dialect: entry.id,
      framing: "raw",
      allowObjects: true,
      bigEndian: false,
    }).framed.records[0]!.value;
    out.push({
      start: s.offset,
      end: s.offset + s.length,
      depth: 1,
      label: describeValue(value, { toText: entry.toText, maxText: 48 }),
    });
  }
  return out;
}

/** `gdvariant hexdump`: the bytes in hex, every range labelled with its path and kind. */
export async function hexdumpCommand(argv: string[], io: CliIO): Promise<ExitCode | "help"> {
  const { values, positionals } = parseCommand("hexdump", argv, {
    ...READ_OPTIONS,
    ...SECRET_OPTIONS,
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
    const name = displayPath(f.path);
    const raw = await readInput(f.path, io, maxBytesOf("hexdump", values));
    const opened = await openInput(raw, choice, secretFrom("hexdump", values), {
      spans: true,
      ...layerLimitOf("hexdump", values),
    });
    const bytes = opened.plaintext;
    const content = opened.content;
    const inside = opened.layers.length > 0 ? `, inside ${describeLayers(opened.layers)}` : "";
    // Written as it is made, in writes of about 64 KB: memory stays flat, and a closed pipe
    // stops the dump at the next write.
    const dump = async (head: string, of: Uint8Array, segments: Iterable<HexSegment>) => {
      progress.clearFor(io.stdout);
      await write(io.stdout, head);
      await writePieces(hexLines(of, segments, width), (s) => write(io.stdout, s));
    };
    if (content.kind !== "variant") {
      const what =
        content.kind === "empty"
          ? "empty (no records)"
          : content.kind === "config-file"
            ? `ConfigFile text (${content.dialect} syntax)`
            : `project.binary, values read as ${content.entry.id}`;
      const segments =
        content.kind === "project-binary"
          ? settingSegments(bytes, content.entry)
          : [{ start: 0, end: bytes.length, depth: 0, label: what }];
      await dump(`${gap()}== ${name}: ${what}${inside}, ${bytes.length} bytes\n`, bytes, segments);
      return EXIT.ok;
    }
    const reading = content.reading;
    try {
      if ("failure" in reading) throw reading.failure;
      const r = reading.resolved;
      const head = `${gap()}== ${name}: ${r.entry.name} (${r.entry.id}), ${r.framed.framing}${
        r.framed.framing === "base64" ? " (offsets are in the decoded bytes)" : ""
      }${inside}, ${r.framed.bytes.length} bytes\n`;
      await dump(head, r.framed.bytes, hexSegments(r.framed, opened.spans, r.entry.toText));
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
