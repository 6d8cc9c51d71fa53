/**
 * The operations a store has started and not yet seen settle, so that `close()` can let them finish before it
 * closes the connection (as the embedded store's queue does), instead of cutting off a write already sent.
 */
export class InFlight {
  readonly #pending = new Set<Promise<void>>();

  /** Counts `promise` until it settles, and returns it unchanged. */
  track<R>(promise: Promise<R>): Promise<R> {
    const settled = promise.then(
      () => undefined,
      () => undefined,
    );
    this.#pending.add(settled);
    void settled.then(() => this.#pending.delete(settled));
    return promise;
  }

  /** Resolves once everything tracked so far (and anything tracked meanwhile) has settled. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }
}
