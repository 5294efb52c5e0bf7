import type { EntityManager } from '../../../../core/index.js';

/**
 * Wakes this process's worker once a transaction that queued or woke a run commits (a run queued
 * in a transaction is invisible to the worker before). Other processes find it on their next poll.
 */
export class RunWakeup {
  private readonly pending = new WeakSet<object>();
  private wake: () => void = () => {};

  constructor(rootEm: EntityManager) {
    rootEm.getEventManager().registerSubscriber({
      afterTransactionCommit: async ({ em }) => {
        if (this.pending.has(em)) this.wake();
      },
    });
  }

  /** The worker's wake-up, once it exists. */
  connect(wake: () => void): void {
    this.wake = wake;
  }

  afterCommit(em: EntityManager): void {
    if (em.isInTransaction()) this.pending.add(em);
    else this.wake();
  }
}
