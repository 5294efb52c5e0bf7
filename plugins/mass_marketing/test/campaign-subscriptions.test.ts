import { expect } from 'chai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { customerWrites } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { resourceSubscriber, type HeardUpdate } from '../../../test/helpers/resource-subscriber.js';
import { caller } from './helpers.js';
import { bootCampaigns, freshPhones, listWith, marketingLine, untilStatus, type Caller } from './campaign-helpers.js';

/** The campaign resource's pacing window (campaign-template.ts). */
const WINDOW_MS = 5_000;

/**
 * shop://campaigns/{id} with the official SDK client: the counts move with every send, receipt and
 * reply, and a subscriber hears of them at most once per window, the last change at its end.
 */
describe('campaign subscriptions', function () {
  this.timeout(90_000);

  let k: TestKernel;
  let c: Caller;
  let token: string;
  let line: any;
  const clients: Client[] = [];

  before(async () => {
    k = await bootCampaigns();
    await k.listen();
    ({ token } = await k.shops.create({ name: 'Subscribed campaigns shop', credits: 1_000_000 }));
    c = caller(k, token);
    line = await marketingLine(k, token);
  });
  after(async () => {
    for (const client of clients) await client.close();
    await k?.close();
  });

  /** Until nothing was heard for longer than a window since `since`: every window is closed. */
  const quiet = (heard: HeardUpdate[], since = Date.now()) =>
    waitFor(
      'no window left open',
      () => Date.now() - Math.max(heard.at(-1)?.at ?? 0, since) > WINDOW_MS + 500,
      4 * WINDOW_MS,
    );

  it('replies move the counts: the first is announced at once, the rest once at the window’s end', async () => {
    const phones = freshPhones(5);
    const { campaign } = await c.ok('create_campaign', {
      action: 'create',
      name: 'Watched',
      message_text: 'Oferta para {nombre}',
      list_id: await listWith(c, phones),
    });
    const uri = `shop://campaigns/${campaign.id}`;
    const { client, heard } = await resourceSubscriber(k, token, clients);
    await client.subscribeResource({ uri });
    await c.ok('start_campaign', { campaign_id: campaign.id });
    await untilStatus(c, campaign.id, 'completed');
    await waitFor('the campaign announced while it ran', () => heard.length > 0);
    await quiet(heard);
    heard.length = 0;

    // Each reply is its own transaction, and moves the counts.
    const firstReplySent = Date.now();
    for (const phone of phones) {
      const res = await customerWrites(k, token, line.session_key, phone, 'Me interesa');
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
    }
    await waitFor(
      'every reply counted',
      async () => (await c.ok('get_campaign', { campaign_id: campaign.id })).stats.replied_total === phones.length,
    );
    await waitFor('the window’s end announced', () => heard.length >= 2, 2 * WINDOW_MS);
    await quiet(heard);

    expect(heard.map((h) => h.uri)).to.deep.equal([uri, uri]);
    // Measured where it is heard: the first notice left the server after the first reply was sent,
    // so it took at most heard[0].at - firstReplySent to arrive, which is all the second one's gap
    // may fall short of the window by.
    expect(heard[1]!.at - heard[0]!.at).to.be.at.least(WINDOW_MS - (heard[0]!.at - firstReplySent));
  });
});
