import { mkdir, open, readdir, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { DEFAULT_MAX_TOTAL_BYTES } from "@gdvariant/core";
import { InputError, IoError, UsageError } from "./errors.js";
import { writePieces } from "./json-stream.js";

/** Where the command reads and writes: the process by default, streams of a test otherwise. */
export interface CliIO {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** One input of a batch: its path as given or found, and its path under the folder it came from. */
export interface InputFile {
  /** Path to read, or `-` for stdin. */
  readonly path: string;
  /** Path relative to the folder argument it was found in (the file name for file arguments). */
  readonly rel: string;
}

function ioError(what: string, path: string, e: unknown): IoError {
  const code = (e as { code?: string }).code;
  const reason =
    code === "ENOENT"
      ? "no such file or folder"
      : code === "EACCES"
        ? "permission denied"
        : code === "EISDIR"
          ? "is a folder"
          : code === "ENOTDIR"
            ? "not a folder"
            : (e as Error).message;
  return new IoError(`cannot ${what} ${path}: ${reason}`, { cause: e });
}

// C0 and C1 controls (newline, ESC, CSI...), DEL, and the line and paragraph separators.
function isControl(c: number): boolean {
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029;
}

/**
 * A path as it may be printed: as it is when it holds no control characters, otherwise as a
 * JSON string (quoted, `\n`, `\u001b`...), so a file name can neither start a new record in the
 * output nor send escape sequences to a terminal. `-` is `stdin`.
 */
export function displayPath(path: string): string {
  if (path === "-") return "stdin";
  let plain = true;
  for (let i = 0; plain && i < path.length; i++) plain = !isControl(path.charCodeAt(i));
  if (plain) return path;
  // JSON.stringify escapes C0; DEL, C1 and the separators are escaped here too.
  let out = "";
  for (const ch of JSON.stringify(path)) {
    const c = ch.charCodeAt(0);
    out += isControl(c) ? `\\u${c.toString(16).padStart(4, "0")}` : ch;
  }
  return out;
}

async function walk(root: string, dir: string, out: InputFile[], skipped: string[]): Promise<void> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    throw ioError("read folder", dir, e);
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    if (e.name.startsWith(".")) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) await walk(root, p, out, skipped);
    else if (e.isFile()) out.push({ path: p, rel: relative(root, p) });
    else if (e.isSymbolicLink()) {
      // A link to a file is read like the file; links to folders are not followed (they can
      // loop), and say so rather than vanish.
      let target: import("node:fs").Stats | undefined;
      try {
        target = await stat(p);
      } catch {
        target = undefined;
      }
      if (target?.isFile()) out.push({ path: p, rel: relative(root, p) });
      else
        skipped.push(
          `${displayPath(p)}: ${target === undefined ? "broken link" : "link to a folder or device, not followed"}`,
        );
    } else skipped.push(`${displayPath(p)}: not a regular file`);
  }
}

/**
 * The files named on the command line, folders expanded (recursively, sorted, hidden files
 * skipped; links to files read, links to folders and other entries skipped with a note on
 * `io.stderr` when `io` is given). `-` stands for stdin and may appear once.
 * @throws {IoError} for a path that does not exist; {@link UsageError} for `-` twice.
 */
export async function expandInputs(
  args: readonly string[],
  io?: CliIO,
): Promise<{ files: InputFile[]; folders: boolean }> {
  const skipped: string[] = [];
  const files: InputFile[] = [];
  let folders = false;
  let stdin = false;
  for (const a of args) {
    if (a === "-") {
      if (stdin) throw new UsageError("'-' (stdin) can be given once");
      stdin = true;
      files.push({ path: "-", rel: "stdin" });
      continue;
    }
    let s: import("node:fs").Stats;
    try {
      s = await stat(a);
    } catch (e) {
      throw ioError("read", a, e);
    }
    if (s.isDirectory()) {
      folders = true;
      await walk(a, a, files, skipped);
    } else files.push({ path: a, rel: a.split(/[\\/]/).pop() ?? a });
  }
  if (io !== undefined) for (const note of skipped) await write(io.stderr, `gdvariant: ${note}: skipped\n`);
  return { files, folders };
}

/**
 * The bytes of a file, or of stdin for `-`, at most `maxBytes` of them. The cap is checked
 * before each chunk is kept, and a regular file's size before anything is read, so
 * `/dev/zero`, a FIFO or a huge file is refused after at most `maxBytes` plus one chunk.
 * @param maxBytes - default 1 GiB, the library's `maxTotalBytes`.
 * @throws {IoError} when the input cannot be read; {@link InputError} when it passes `maxBytes`.
 */
export async function readInput(
  path: string,
  io: CliIO,
  maxBytes: number = DEFAULT_MAX_TOTAL_BYTES,
): Promise<Uint8Array> {
  const tooBig = () =>
    new InputError(`larger than ${maxBytes} bytes (the input limit; raise it with --max-bytes)`);
  if (path === "-") return readCapped(io.stdin as AsyncIterable<Uint8Array | string>, maxBytes, tooBig);
  let handle: import("node:fs/promises").FileHandle;
  try {
    handle = await open(path, "r");
  } catch (e) {
    throw ioError("read", path, e);
  }
  try {
    const s = await handle.stat();
    if (s.isFile() && s.size > maxBytes) throw tooBig();
    const stream = handle.createReadStream({ autoClose: false, highWaterMark: 1 << 16 });
    try {
      return await readCapped(stream, maxBytes, tooBig);
    } finally {
      stream.destroy();
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw ioError("read", path, e);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

async function readCapped(
  source: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
  tooBig: () => InputError,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const c of source) {
    const bytes = typeof c === "string" ? new TextEncoder().encode(c) : c;
    total += bytes.length;
    if (total > maxBytes) throw tooBig();
    chunks.push(bytes);
  }
  if (chunks.length === 1) {
    const only = chunks[0]!;
    return new Uint8Array(only.buffer, only.byteOffset, only.byteLength);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Writes a file, creating its folder. `data` may be a list of parts made on demand, each a run
 * of pieces written as they come (so a large output is never held whole).
 * @throws {IoError}
 */
export async function writeOutput(
  path: string,
  data: Uint8Array | string | readonly (() => Iterable<string>)[],
): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    if (typeof data === "string" || data instanceof Uint8Array) {
      await writeFile(path, data);
      return;
    }
    const handle = await open(path, "w");
    try {
      for (const part of data) await writePieces(part(), (s) => handle.write(s).then(() => undefined));
    } finally {
      await handle.close();
    }
  } catch (e) {
    if (!(e instanceof Error) || !("code" in e)) throw e;
    throw ioError("write", path, e);
  }
}

/** True when `path` is an existing folder. */
export async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Writes to a stream and waits until it is flushed (so exit codes never cut output short). */
export function write(stream: NodeJS.WritableStream, data: Uint8Array | string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(data, (e) => (e ? reject(e) : resolve()));
  });
}
