/**
 * A minimal typed event emitter (browsers have no `node:events`). A listener that throws does
 * not stop the others; its error goes to the `listenerError` callback of the owner.
 */
export class Emitter<Events extends Record<string, (...args: any[]) => void>> {
  private readonly listeners = new Map<keyof Events, Set<Events[keyof Events]>>();

  constructor(private readonly listenerError: (error: unknown) => void) {}

  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof Events>(event: K, listener: Events[K]): () => void {
    let set = this.listeners.get(event);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** @internal */
  emit<K extends keyof Events>(event: K, ...args: Parameters<Events[K]>): void {
    const set = this.listeners.get(event);
    if (set === undefined) return;
    for (const l of set) {
      try {
        l(...args);
      } catch (e) {
        this.listenerError(e);
      }
    }
  }
}
