import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps } from '../../../test/helpers/ops-kernel.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import type { GraphApiFake } from './fakes/graph-api-fake.js';
import { cloudKernel, NUMBER } from './helpers/cloud-kernel.js';

/** The number's throughput in this file: low, so that two senders at it each would overrun it twice over. */
const PER_SECOND = 10;
const EACH = 15;

describe('whatsapp_ops Cloud API: two servers sending on one number keep its throughput together', () => {
  let a: TestKernel;
  let b: TestKernel;
  let fake: GraphApiFake;
  let shopId: number;
  let line: any;
  const phone = (server: string, i: number) => `+346007${server === 'a' ? 1 : 2}${String(i).padStart(4, '0')}`;

  before(async function () {
    // The number's pace is a row both servers update; the embedded engine serves one process.
    if (process.env.TEST_DATABASE === 'pglite') this.skip();
    const cloudApi = { messagesPerSecond: PER_SECOND, throttleRetries: 0 };
    ({
      k: a,
      fake,
      shopId,
      line,
    } = await cloudKernel({
      fake: { numberRatePerSecond: PER_SECOND },
      ops: { config: { cloudApi } },
    }));
    // A second server on the same database: the same shop, provider and line, its own pacer and pool.
    b = await bootOps({
      probe: true,
      config: { cloudApi: { baseUrl: fake.url, timeoutMs: 3000, pairIntervalMs: 0, ...cloudApi } },
      kernel: { jobs: { enabled: false } },
    });
    // Free text goes to customers within the 24-hour window.
    for (const server of ['a', 'b'])
      for (let i = 0; i < EACH; i++) await fake.customerWrites(NUMBER.id, phone(server, i), { text: 'Hola' }).delivered;
  });
  after(async () => {
    await fake?.close();
    await a?.close();
    await b?.close();
  });

  it('both at once: every message sent once, the number never past its rate, none refused for throughput', async () => {
    const send = (k: TestKernel, server: string) =>
      inShop(k, shopId, ({ services }) =>
        services.chatappMessagingService.sendMany(
          Array.from({ length: EACH }, (_, i) => ({
            phone: phone(server, i),
            text: `oferta ${i}`,
            sessionId: line.id,
            automatic: false,
            idempotencyKey: `pace-${server}-${i}`,
          })) as any,
        ),
      );
    const refusedBefore = fake.requests.filter((r) => r.status === 429).length;
    const [fromA, fromB] = await Promise.all([send(a, 'a'), send(b, 'b')]);
    for (const answer of [...fromA, ...fromB] as any[]) expect(answer.message.status).to.equal('sent');
    expect(fake.requests.filter((r) => r.status === 429).length, 'refused for throughput').to.equal(refusedBefore);

    const taken = fake.sent
      .filter((m) => m.phoneNumberId === NUMBER.id && m.bizOpaque?.startsWith('pace-'))
      .map((m) => m.at.getTime())
      .sort((x, y) => x - y);
    expect(taken).to.have.length(2 * EACH);
    for (const server of ['a', 'b'])
      for (let i = 0; i < EACH; i++)
        expect(
          fake.sent.filter((m) => m.bizOpaque === `pace-${server}-${i}`),
          `pace-${server}-${i}`,
        ).to.have.length(1);
    // The fake's bucket is Meta's measure (none refused above). Thirty slots of 100 ms take about
    // three seconds, as one sender alone would; two senders each at the rate would take half.
    // (Arrival times are not checked per second: a starved event loop fires late timers together.)
    expect(taken.at(-1)! - taken[0]!).to.be.at.least(((2 * EACH - 1) * 1000) / PER_SECOND - 250);
  });
});
