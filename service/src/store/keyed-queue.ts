/**
 * Runs tasks one at a time per key, in call order. The embedded store uses it per collection so that
 * "find the first match, then change it" cannot interleave with another write in this process; the file blob
 * store uses it per key so that a data file and its sidecar always belong to the same write.
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    // Tails never reject (see below), so the next task starts whatever the previous one did.
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    // Forget idle keys so the map does not grow with every key ever used.
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /** Resolves once every task queued so far (and any queued meanwhile) has settled. */
  async idle(): Promise<void> {
    while (this.#tails.size > 0) await Promise.all(this.#tails.values());
  }
}
