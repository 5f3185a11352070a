import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { IoError, UsageError } from "./errors.js";

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

async function walk(root: string, dir: string, out: InputFile[]): Promise<void> {
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
    if (e.isDirectory()) await walk(root, p, out);
    else if (e.isFile()) out.push({ path: p, rel: relative(root, p) });
  }
}

/**
 * The files named on the command line, folders expanded (recursively, sorted, hidden files
 * skipped). `-` stands for stdin and may appear once.
 * @throws {IoError} for a path that does not exist; {@link UsageError} for `-` twice.
 */
export async function expandInputs(
  args: readonly string[],
): Promise<{ files: InputFile[]; folders: boolean }> {
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
      await walk(a, a, files);
    } else files.push({ path: a, rel: a.split(/[\\/]/).pop() ?? a });
  }
  return { files, folders };
}

/** The bytes of a file, or of stdin for `-`. @throws {IoError} */
export async function readInput(path: string, io: CliIO): Promise<Uint8Array> {
  if (path === "-") {
    const chunks: Uint8Array[] = [];
    for await (const c of io.stdin as AsyncIterable<Uint8Array | string>) {
      chunks.push(typeof c === "string" ? new TextEncoder().encode(c) : c);
    }
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
  try {
    const b = await readFile(path);
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  } catch (e) {
    throw ioError("read", path, e);
  }
}

/** Writes a file, creating its folder. @throws {IoError} */
export async function writeOutput(path: string, data: Uint8Array | string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
  } catch (e) {
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
