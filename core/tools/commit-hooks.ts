/**
 * Work a unit of work runs last, just before its transaction commits (services resolve it as
 * `commit`). For a write on a row every call of a shop updates (the credits balance): its row lock
 * is then held for the commit only, not for the rest of the transaction, so the shop's concurrent
 * calls stop queueing behind each other.
 */
export interface CommitHooks {
  /** The transaction the hooks belong to; work on another (a nested one) must not defer to them. */
  readonly transaction: unknown;
  /** Runs `task` before the commit, after every earlier one; false (and nothing runs) without a transaction. */
  beforeCommit(task: () => Promise<void>): boolean;
  /** Runs the tasks, in order; one that throws rolls the whole unit of work back. */
  settle(): Promise<void>;
}

export class BeforeCommit implements CommitHooks {
  private readonly tasks: (() => Promise<void>)[] = [];

  constructor(readonly transaction: unknown) {}

  beforeCommit(task: () => Promise<void>): boolean {
    this.tasks.push(task);
    return true;
  }

  async settle(): Promise<void> {
    // A task may defer more work (a listener it triggers), which runs in this same pass.
    for (let i = 0; i < this.tasks.length; i++) await this.tasks[i]!();
    this.tasks.length = 0;
  }
}

/** A unit of work without a transaction of its own: nothing can be deferred to its commit. */
export const NO_COMMIT: CommitHooks = {
  transaction: undefined,
  beforeCommit: () => false,
  settle: async () => {},
};
