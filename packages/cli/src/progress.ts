/**
 * A one-line progress bar on a terminal's stderr for batches (`[#####-----] 12/40 name`).
 * Silent when stderr is not a terminal, so logs and pipes stay clean. It redraws at most every
 * {@link Progress.interval} ms (a 3,000-file batch would otherwise write an escape sequence per
 * file), and clears its line before anything else is printed.
 */
export class Progress {
  /** Least time between two redraws, in ms: at most ten a second. */
  static readonly interval = 100;
  private done = 0;
  private readonly enabled: boolean;
  private shown = false;
  private last: number;
  /** Redraws so far (for tests). */
  draws = 0;

  constructor(
    private readonly total: number,
    private readonly stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number },
    enabled: boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.enabled = enabled && stream.isTTY === true && total > 1;
    // The first bar waits one interval too: a quick batch never draws one.
    this.last = now();
  }

  /** Shows that `name` is being worked on (redrawn only when the last draw is old enough). */
  start(name: string): void {
    if (!this.enabled) return;
    const t = this.now();
    if (t - this.last < Progress.interval) return;
    this.last = t;
    const width = 24;
    const filled = Math.round((this.done / this.total) * width);
    const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${this.done}/${this.total} `;
    const room = Math.max(10, (this.stream.columns || 80) - bar.length - 1);
    const label = name.length > room ? `…${name.slice(name.length - room + 1)}` : name;
    this.stream.write(`\r\x1b[2K${bar}${label}`);
    this.shown = true;
    this.draws++;
  }

  /** Counts one input as finished. */
  tick(): void {
    this.done++;
  }

  /** Clears the bar before output to `stream`, when that output would land on the terminal. */
  clearFor(stream: { isTTY?: boolean }): void {
    if (stream === this.stream || stream.isTTY === true) this.clear();
  }

  /** Clears the bar's line, if it is shown, before other output is printed. */
  clear(): void {
    if (!this.shown) return;
    this.stream.write("\r\x1b[2K");
    this.shown = false;
  }
}
