import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A session service's side of its webhook (WAHA, Evolution API): POSTs each event as JSON, one at a
 * time in the order queued, with the headers the service adds for those exact bytes, retried with
 * backoff while the receiver answers anything but 2xx — except the statuses the service gives up on
 * at once (Evolution API: 400, 401, 403, 404, 422).
 */
export class HttpWebhookEmitter {
  /** Every request made: the URL, the body and the HTTP status answered (0: unreachable). */
  readonly attempts: { url: string; body: string; status: number }[] = [];
  /** Events given up on. */
  readonly abandoned: string[] = [];
  retryDelaysMs = [30, 60, 120, 240, 480, 960];
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly nonRetryable: readonly number[] = []) {}

  /** Queues one event; resolves once the receiver took it, or the retries ran out. */
  emit(url: string, body: object, headers: (raw: string) => Record<string, string>): Promise<void> {
    const raw = JSON.stringify(body);
    const run = this.queue.then(() => this.deliver(url, raw, headers(raw)));
    this.queue = run;
    return run;
  }

  /** Waits until everything queued so far was delivered or given up on. */
  idle(): Promise<void> {
    return this.queue;
  }

  private async deliver(url: string, raw: string, headers: Record<string, string>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const status = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: raw,
      }).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status;
        },
        () => 0,
      );
      this.attempts.push({ url, body: raw, status });
      if (status >= 200 && status < 300) return;
      const wait = this.retryDelaysMs[attempt];
      if (wait === undefined || this.nonRetryable.includes(status)) {
        this.abandoned.push(raw);
        return;
      }
      await sleep(wait);
    }
  }
}
