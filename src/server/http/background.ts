/**
 * Work done after the answer is sent (forgot-password's token and mail, so the answer time does not
 * depend on whether the account exists). Tracked so that shutdown and tests can wait for it.
 */
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundTasks {
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `work` on the next turn of the event loop; failures are logged, never thrown. */
  run(name: string, work: () => Promise<void>): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.#running.delete(task));
    this.#running.add(task);
  }

  /** Resolves when every task started so far (and any they started) has finished. */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }
}
