/**
 * A one-line progress bar on a terminal's stderr for batches (`[#####-----] 12/40 name`).
 * Silent when stderr is not a terminal, so logs and pipes stay clean.
 */
export class Progress {
  private done = 0;
  private readonly enabled: boolean;

  constructor(
    private readonly total: number,
    private readonly stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number },
    enabled: boolean,
  ) {
    this.enabled = enabled && stream.isTTY === true && total > 1;
  }

  /** Shows that `name` is being worked on. */
  start(name: string): void {
    if (!this.enabled) return;
    const width = 24;
    const filled = Math.round((this.done / this.total) * width);
    const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${this.done}/${this.total} `;
    const room = Math.max(10, (this.stream.columns || 80) - bar.length - 1);
    const label = name.length > room ? `…${name.slice(name.length - room + 1)}` : name;
    this.stream.write(`\r\x1b[2K${bar}${label}`);
  }

  /** Counts one input as finished. */
  tick(): void {
    this.done++;
  }

  /** Clears the line before other output is printed. */
  clear(): void {
    if (this.enabled) this.stream.write("\r\x1b[2K");
  }
}
