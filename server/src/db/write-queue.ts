/**
 * Runs async jobs one at a time, in arrival order.
 *
 * A local libSQL file rejects a second concurrent write transaction in the same process with
 * SQLITE_BUSY at once (a busy timeout would block the event loop), so every write goes through
 * one queue per database.
 */
export class WriteQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;

  get pending(): number {
    return this.#pending;
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    this.#pending++;
    const result = this.#tail.then(job, job);
    // The chain must continue whether this job fails or not.
    this.#tail = result.then(
      () => this.#pending--,
      () => this.#pending--,
    );
    return result;
  }
}
