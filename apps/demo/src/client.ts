// The page's side of the worker: requests with promises, progress by callback. A new file while
// one is still being read stops that work (the worker is replaced), so a slow dump never queues.
import type { Answer, Request, WorkerMessage } from "./model.js";

/** Progress of a request: the phase and, when known, how far. */
export type OnProgress = (phase: string, fraction: number | undefined) => void;

/** Requests to the page's worker, each answered by a promise. */
export class WorkerClient {
  private worker: Worker;
  private next = 1;
  private pending = new Map<
    number,
    { resolve: (a: Answer) => void; progress: OnProgress | undefined; open: boolean }
  >();

  constructor(private readonly make: () => Worker) {
    this.worker = this.start();
  }

  private start(): Worker {
    const w = this.make();
    w.addEventListener("message", (e: MessageEvent<WorkerMessage>) => {
      const m = e.data;
      const p = this.pending.get(m.id);
      if (!p) return;
      if ("progress" in m) p.progress?.(m.progress.phase, m.progress.fraction);
      else {
        this.pending.delete(m.id);
        p.resolve(m.answer);
      }
    });
    return w;
  }

  /** Sends a request; an `open` while another is running restarts the worker first. */
  request(req: Request, progress?: OnProgress, transfer: Transferable[] = []): Promise<Answer> {
    if (req.type === "open" && [...this.pending.values()].some((p) => p.open)) {
      this.worker.terminate();
      for (const p of this.pending.values())
        p.resolve({ type: "failed", message: "stopped: another file was opened" });
      this.pending.clear();
      this.worker = this.start();
    }
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, progress, open: req.type === "open" });
      this.worker.postMessage({ id, req }, transfer);
    });
  }
}
