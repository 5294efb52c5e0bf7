import { expect } from 'chai';
import { ChannelError } from '../channel/channel-error.js';
import type { SendInput } from '../channel/channel-port.js';
import { ledgerBed, posted, whole } from './helpers/ledger-bed.js';

describe('send ledger: a batch in which something fails on our side', () => {
  const bed = ledgerBed('Ledger shop');

  const inputs = (prefix: string): SendInput[] =>
    ['+34600000001', '+34600000002', '+34600000003'].map((to, i) => ({
      sessionKey: `${prefix}-line`,
      idempotencyKey: `${prefix}-${i}`,
      to,
      text: `Hola ${i}`,
    }));

  it('settles the rest of the batch, and keeps the send that failed unknown rather than pending or free', async () => {
    const batch = inputs('plain');
    const calls: string[] = [];
    const answers = await bed.ledger.sendMany(
      bed.shopId,
      batch,
      whole(async (input) => {
        calls.push(input.idempotencyKey);
        // Thrown after the request may have left (a bug, a lost connection): not the network's answer.
        if (input.idempotencyKey === 'plain-1') throw new Error('Timeout acquiring a connection');
        return posted(`wamid.${input.idempotencyKey}`);
      }),
      1,
    );
    expect(calls).to.deep.equal(['plain-0', 'plain-1', 'plain-2']);
    expect(answers[0]).to.deep.include({ providerMessageId: 'wamid.plain-0', duplicate: false });
    expect(answers[2]).to.deep.include({ providerMessageId: 'wamid.plain-2', duplicate: false });
    const failed = answers[1] as ChannelError;
    expect(failed).to.be.instanceOf(ChannelError);
    expect(failed.code).to.equal('channel_unavailable');
    expect(failed.details).to.include({ reason: 'server_error', outcome: 'unknown' });
    expect(failed.message).to.contain('Timeout acquiring a connection');
    expect(await bed.attempts('plain')).to.deep.equal([
      { idempotency_key: 'plain-0', status: 'sent', provider_message_id: 'wamid.plain-0' },
      { idempotency_key: 'plain-1', status: 'unknown', provider_message_id: null },
      { idempotency_key: 'plain-2', status: 'sent', provider_message_id: 'wamid.plain-2' },
    ]);

    // Sent again: the two answer their first message, the unknown one is not sent blindly.
    const again = await bed.ledger.sendMany(
      bed.shopId,
      batch,
      whole(async () => expect.fail('nothing is posted again')),
      1,
    );
    expect(again[0]).to.deep.include({ providerMessageId: 'wamid.plain-0', duplicate: true });
    expect((again[1] as ChannelError).details).to.include({ reason: 'outcome_unknown', outcome: 'unknown' });
    expect(again[2]).to.deep.include({ providerMessageId: 'wamid.plain-2', duplicate: true });
  });

  it('frees the key of a send the network refused, so a later send of it goes out', async () => {
    const [input] = inputs('refused');
    const [refused] = await bed.ledger.sendMany(
      bed.shopId,
      [input!],
      whole(async () => {
        throw new ChannelError('channel_unavailable', 'the retry could not be paced', {
          reason: 'server_error',
          outcome: 'not_sent',
        });
      }),
      1,
    );
    expect((refused as ChannelError).details).to.include({ outcome: 'not_sent' });
    expect(await bed.attempts('refused')).to.deep.equal([]);
    const [sent] = await bed.ledger.sendMany(
      bed.shopId,
      [input!],
      whole(async () => posted('wamid.later')),
      1,
    );
    expect(sent).to.deep.include({ providerMessageId: 'wamid.later', duplicate: false });
    expect(await bed.attempts('refused')).to.deep.equal([
      { idempotency_key: 'refused-0', status: 'sent', provider_message_id: 'wamid.later' },
    ]);
  });
});
