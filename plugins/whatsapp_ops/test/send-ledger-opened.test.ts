import { expect } from 'chai';
import { ChannelError } from '../channel/channel-error.js';
import type { SendInput } from '../channel/channel-port.js';
import type { OpenedSend } from '../channel/send-ledger.js';
import { ledgerBed, ledgerInput as input, posted, whole } from './helpers/ledger-bed.js';

describe('send ledger: requests opened before their key is claimed', () => {
  const bed = ledgerBed('Opened sends shop');

  /** What happened to each request, in order: opened, completed, answered, abandoned. */
  const journal = () => {
    const steps: string[] = [];
    const open = async (i: SendInput): Promise<OpenedSend> => {
      steps.push(`open ${i.idempotencyKey}`);
      return {
        complete: () => void steps.push(`complete ${i.idempotencyKey}`),
        answer: async () => {
          steps.push(`answer ${i.idempotencyKey}`);
          return posted(`wamid.${i.idempotencyKey}`);
        },
        abandon: () => void steps.push(`abandon ${i.idempotencyKey}`),
      };
    };
    return { steps, open };
  };

  it('each request is opened with no key on record, then completed once its key is claimed, every one before any answer is read', async () => {
    const { steps, open } = journal();
    const rowsAtOpen: unknown[][] = [];
    const answers = await bed.ledger.sendMany(
      bed.shopId,
      [input('order', 0), input('order', 1)],
      async (i) => {
        rowsAtOpen.push(await bed.attempts('order'));
        return open(i);
      },
      4,
    );
    expect(rowsAtOpen).to.deep.equal([[], []]);
    expect(steps).to.deep.equal([
      'open order-0',
      'open order-1',
      'complete order-0',
      'complete order-1',
      'answer order-0',
      'answer order-1',
    ]);
    expect(answers.map((a) => (a as { providerMessageId: string }).providerMessageId)).to.deep.equal([
      'wamid.order-0',
      'wamid.order-1',
    ]);
    expect(await bed.attempts('order')).to.deep.equal([
      { idempotency_key: 'order-0', status: 'sent', provider_message_id: 'wamid.order-0' },
      { idempotency_key: 'order-1', status: 'sent', provider_message_id: 'wamid.order-1' },
    ]);
  });

  it('a request that does not open is answered without a claim; the others of its wave go on', async () => {
    const { steps, open } = journal();
    const unreachable = new ChannelError('channel_unavailable', 'the Graph API cannot be reached (ECONNREFUSED)', {
      reason: 'network',
      outcome: 'not_sent',
    });
    const answers = await bed.ledger.sendMany(
      bed.shopId,
      [input('closed', 0), input('closed', 1), input('closed', 2)],
      async (i) => {
        if (i.idempotencyKey === 'closed-1') throw unreachable;
        if (i.idempotencyKey === 'closed-2') throw new Error('socket hang up');
        return open(i);
      },
      4,
    );
    expect(steps).to.deep.equal(['open closed-0', 'complete closed-0', 'answer closed-0']);
    expect(answers[1]).to.equal(unreachable);
    expect((answers[2] as ChannelError).details).to.include({ reason: 'server_error', outcome: 'not_sent' });
    expect(await bed.attempts('closed')).to.deep.equal([
      { idempotency_key: 'closed-0', status: 'sent', provider_message_id: 'wamid.closed-0' },
    ]);
  });

  it('a request whose key another attempt holds is abandoned, never completed, and answers that attempt', async () => {
    await bed.ledger.sendMany(
      bed.shopId,
      [input('held')],
      whole(async () => posted('wamid.first')),
      1,
    );
    const { steps, open } = journal();
    const [answer] = await bed.ledger.sendMany(bed.shopId, [input('held')], open, 4);
    expect(steps).to.deep.equal(['open held-0', 'abandon held-0']);
    expect(answer).to.deep.include({ providerMessageId: 'wamid.first', duplicate: true });
  });

  it('a claim the database refuses abandons every opened request and sends none', async () => {
    const { steps, open } = journal();
    const tooLong = { ...input('refused'), idempotencyKey: 'x'.repeat(10_000) };
    const answers = await bed.ledger.sendMany(bed.shopId, [input('refused'), tooLong], open, 4);
    expect(steps).to.deep.equal([
      `open refused-0`,
      `open ${tooLong.idempotencyKey}`,
      'abandon refused-0',
      `abandon ${tooLong.idempotencyKey}`,
    ]);
    for (const answer of answers) expect((answer as ChannelError).details).to.include({ outcome: 'not_sent' });
    expect(await bed.attempts('refused')).to.deep.equal([]);
  });
});
