/**
 * A background loop for work that lives in the database and is shared by every server process
 * (campaign sends, imports): run a pass; when it found work run the next at once, otherwise wait
 * pollMs or until woken. stop() lets the pass in progress finish.
 */
export class PollingLoop {
  private active = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** Woken while a pass ran: the next pass runs without waiting, since the pass may have missed the work. */
  private woken = false;

  constructor(
    /** One pass; true when it did work (the next pass then runs without waiting). */
    private readonly pass: () => Promise<boolean>,
    private readonly pollMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  get running(): boolean {
    return this.active;
  }

  /** Whether start() was ever called: a worker never started may still be driven by hand. */
  get started(): boolean {
    return this.loop !== undefined;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    if (!this.active) return;
    this.active = false;
    this.wakeUp?.();
    await this.loop;
  }

  /** Runs the next pass now instead of after the poll interval (new work was committed). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.active) {
      this.woken = false;
      try {
        if (await this.pass()) continue;
      } catch (err) {
        if (this.active) this.onError(err);
      }
      if (this.woken || !this.active) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wakeUp = () => {
          this.wakeUp = undefined;
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }
}
