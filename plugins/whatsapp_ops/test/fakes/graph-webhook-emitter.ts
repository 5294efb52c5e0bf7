import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** Where one app's notifications go: the callback URL and the app secret that signs them. */
export interface Subscription {
  url: string;
  appSecret: string;
}

export type SignatureMode = 'valid' | 'invalid' | 'none';

export const signBody = (appSecret: string, body: string) =>
  `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;

/**
 * Meta's side of the webhook: POSTs `object: whatsapp_business_account` notifications signed with
 * X-Hub-Signature-256 over the exact bytes, one at a time in the order queued, each retried with
 * backoff while the receiver answers anything but 2xx (Meta retries for days; here a few times).
 */
export class GraphWebhookEmitter {
  /** Every request made: the body, and the HTTP status the receiver answered (0: unreachable). */
  readonly attempts: { body: string; status: number }[] = [];
  /** Notifications given up on after the last retry. */
  readonly abandoned: string[] = [];
  retryDelaysMs = [30, 60, 120, 240, 480, 960, 1920];
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly subscription: () => Subscription | undefined) {}

  /** Queues a notification; resolves once the receiver took it, or the retries ran out (abandoned). */
  emit(body: object, delayMs = 0): Promise<void> {
    const raw = JSON.stringify(body);
    const run = this.queue.then(async () => {
      if (delayMs > 0) await sleep(delayMs);
      await this.deliver(raw);
    });
    this.queue = run;
    return run;
  }

  /** Waits until everything queued so far was delivered. */
  idle(): Promise<void> {
    return this.queue;
  }

  /** One request exactly as given, no retry: for the receiver's refusals (bad or missing signature). */
  async post(raw: string, signature: SignatureMode): Promise<{ status: number; text: string }> {
    const sub = this.subscription();
    if (!sub) throw new Error('no webhook subscribed for this account');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature === 'valid') headers['x-hub-signature-256'] = signBody(sub.appSecret, raw);
    if (signature === 'invalid') headers['x-hub-signature-256'] = signBody(`${sub.appSecret}-not`, raw);
    const res = await fetch(sub.url, { method: 'POST', headers, body: raw });
    return { status: res.status, text: await res.text() };
  }

  private async deliver(raw: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const sub = this.subscription();
      if (!sub) return;
      // 0: the receiver could not be reached at all.
      const status = await this.post(raw, 'valid').then(
        (res) => res.status,
        () => 0,
      );
      this.attempts.push({ body: raw, status });
      if (status >= 200 && status < 300) return;
      const wait = this.retryDelaysMs[attempt];
      if (wait === undefined) {
        this.abandoned.push(raw);
        return;
      }
      await sleep(wait);
    }
  }
}
