import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { ChannelError } from '../channel/channel-error.js';
import { SendLedger } from '../channel/send-ledger.js';
import { ledgerBed, ledgerInput as input, posted, whole } from './helpers/ledger-bed.js';

describe('send ledger: no key is on record for a request that has not left', () => {
  const bed = ledgerBed('Departures shop');

  const throttled = () =>
    new ChannelError('rate_limited', "the number's message throughput was exceeded", { scope: 'number' });

  it('a send waiting for its departure holds no claim; it is claimed as it leaves', async () => {
    const at = Date.now() + 400;
    const leftAt: number[] = [];
    const sending = bed.ledger.sendMany(
      bed.shopId,
      [input('slot')],
      whole(async (i) => {
        leftAt.push(Date.now());
        return posted(`wamid.${i.idempotencyKey}`);
      }),
      4,
      { at: () => at },
    );
    await sleep(150);
    expect(await bed.attempts('slot')).to.deep.equal([]);
    const [answer] = await sending;
    expect(leftAt).to.have.length(1);
    expect(leftAt[0]).to.be.at.least(at);
    expect(answer).to.deep.include({ providerMessageId: 'wamid.slot-0', duplicate: false });
    expect(await bed.attempts('slot')).to.deep.equal([
      { idempotency_key: 'slot-0', status: 'sent', provider_message_id: 'wamid.slot-0' },
    ]);
  });

  it('a throughput refusal frees its key for the backoff; the retry is claimed again and sent once', async () => {
    let tries = 0;
    const asked: number[] = [];
    const sending = bed.ledger.sendMany(
      bed.shopId,
      [input('backoff')],
      whole(async (i) => {
        if (++tries === 1) throw throttled();
        return posted(`wamid.${i.idempotencyKey}`);
      }),
      4,
      {
        retryAt: async (_i, refusal, n) => {
          expect(refusal.code).to.equal('rate_limited');
          asked.push(n);
          return Date.now() + 400;
        },
      },
    );
    await sleep(200);
    expect(tries).to.equal(1);
    expect(await bed.attempts('backoff')).to.deep.equal([]);
    const [answer] = await sending;
    expect(tries).to.equal(2);
    expect(asked).to.deep.equal([0]);
    expect(answer).to.deep.include({ providerMessageId: 'wamid.backoff-0', duplicate: false });
    expect(await bed.attempts('backoff')).to.deep.equal([
      { idempotency_key: 'backoff-0', status: 'sent', provider_message_id: 'wamid.backoff-0' },
    ]);
  });

  it('a key another process sent during the backoff: the retry answers that message and posts nothing', async () => {
    let tries = 0;
    const sending = bed.ledger.sendMany(
      bed.shopId,
      [input('taken')],
      whole(async () => {
        tries++;
        throw throttled();
      }),
      4,
      { retryAt: async () => Date.now() + 400 },
    );
    await sleep(150);
    // Another process (its own ledger) sends the key while this one waits.
    const [other] = await new SendLedger(bed.k.ownStatements).sendMany(
      bed.shopId,
      [input('taken')],
      whole(async () => posted('wamid.other')),
      4,
    );
    expect(other).to.deep.include({ providerMessageId: 'wamid.other', duplicate: false });
    const [answer] = await sending;
    expect(tries).to.equal(1);
    expect(answer).to.deep.include({ providerMessageId: 'wamid.other', duplicate: true });
  });

  it('a refusal past its retries is the answer, its key free; a retry that cannot be paced answers why', async () => {
    const [given] = await bed.ledger.sendMany(
      bed.shopId,
      [input('given', 0)],
      whole(async () => {
        throw throttled();
      }),
      4,
      { retryAt: async (_i, _r, n) => (n < 2 ? Date.now() : null) },
    );
    expect((given as ChannelError).code).to.equal('rate_limited');
    expect(await bed.attempts('given')).to.deep.equal([]);

    const unpaced = new ChannelError('channel_unavailable', 'the retry after a throughput refusal could not be paced', {
      reason: 'server_error',
      outcome: 'not_sent',
    });
    const [answer] = await bed.ledger.sendMany(
      bed.shopId,
      [input('unpaced', 0)],
      whole(async () => {
        throw throttled();
      }),
      4,
      {
        retryAt: async () => {
          throw unpaced;
        },
      },
    );
    expect(answer).to.equal(unpaced);
    expect(await bed.attempts('unpaced')).to.deep.equal([]);
  });

  it('a batch leaves in waves of at most its concurrency, each in slot order', async () => {
    let inFlight = 0;
    let most = 0;
    const order: string[] = [];
    const batch = [0, 1, 2, 3, 4].map((i) => input('waves', i));
    const now = Date.now();
    const answers = await bed.ledger.sendMany(
      bed.shopId,
      batch,
      whole(async (i) => {
        order.push(i.idempotencyKey);
        most = Math.max(most, ++inFlight);
        await sleep(20);
        inFlight--;
        return posted(`wamid.${i.idempotencyKey}`);
      }),
      2,
      { at: (i) => now + 50 * (4 - Number(i.idempotencyKey.slice(-1))) },
    );
    expect(most).to.be.at.most(2);
    expect(order).to.deep.equal(['waves-4', 'waves-3', 'waves-2', 'waves-1', 'waves-0']);
    expect(answers.map((a) => (a as { providerMessageId: string }).providerMessageId)).to.deep.equal(
      batch.map((i) => `wamid.${i.idempotencyKey}`),
    );
  });
});
