import { expect } from 'chai';
import type { FastifyBaseLogger } from 'fastify';
import { SessionNotices } from '../core/mcp/session-notices.js';
import type { PostgresMessageBus } from '../core/transport/message-bus.js';
import { bootKernel, type TestKernel } from './helpers/boot.js';

/** A bus that hands each message back to its listener only when the test says so, as a slow listener would. */
function heldBus() {
  let listener: (key: string, body: string) => void = () => undefined;
  const published: { key: string; body: string }[] = [];
  const bus = {
    start: async (heard: typeof listener) => void (listener = heard),
    stop: async () => undefined,
    publish: async (key: string, body: string) => void published.push({ key, body }),
  } as unknown as PostgresMessageBus;
  return { bus, published, deliver: () => published.splice(0).forEach(({ key, body }) => listener(key, body)) };
}

describe("resource subscriptions: a shop's first subscription", () => {
  let k: TestKernel;
  before(async () => {
    k = await bootKernel({ groups: ['general'] });
  });
  after(() => k?.close());

  it('answers once its own process has heard the news that the shop is watched, not at the publish', async () => {
    const { shopId } = await k.newShop('Watched shop');
    const { bus, published, deliver } = heldBus();
    const notices = new SessionNotices(k.orm, bus, k.app.log as FastifyBaseLogger);
    await notices.start();
    let answered = false;
    const subscribing = notices
      .subscribe(shopId, 'session-1', 'resource:shop://tickets/1')
      .then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(published).to.deep.equal([{ key: 'watch', body: String(shopId) }]);
    expect(answered).to.equal(false);
    deliver();
    await subscribing;
    // The shop is watched now: a second subscription publishes nothing and waits for nothing.
    await notices.subscribe(shopId, 'session-2', 'resource:shop://tickets/1');
    expect(published).to.deep.equal([]);
    await notices.stop();
  });
});
