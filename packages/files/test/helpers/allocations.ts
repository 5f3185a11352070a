import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** One file to open in the counting child: `call` (default decompressFileAsync) with `options`. */
export interface AllocationCase {
  readonly bytes: Uint8Array;
  readonly call?: "decompressFileAsync" | "openFileAsync" | "decompressFile";
  readonly options?: Record<string, unknown>;
}

/** What the child saw: typed-array bytes allocated during the call, and "ok N" or the error code. */
export interface Allocation {
  readonly bytes: number;
  readonly result: string;
}

const HELPER = fileURLToPath(new URL("./count-allocations.mjs", import.meta.url));

/** Opens every case in one fresh Node process that counts what the library allocates. */
export function allocations(cases: readonly AllocationCase[]): Allocation[] {
  const dir = mkdtempSync(join(tmpdir(), "gdvariant-alloc-"));
  try {
    const list = cases.map((c, i) => {
      const file = join(dir, `${i}.bin`);
      writeFileSync(file, c.bytes);
      return { file, call: c.call, options: c.options };
    });
    const json = join(dir, "cases.json");
    writeFileSync(json, JSON.stringify(list));
    const r = spawnSync(process.execPath, [HELPER, json], { encoding: "utf8", timeout: 120_000 });
    if (r.status !== 0) throw new Error(`count-allocations failed: ${r.error ?? r.stderr}`);
    return JSON.parse(r.stdout.trim().split("\n").pop()!) as Allocation[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
