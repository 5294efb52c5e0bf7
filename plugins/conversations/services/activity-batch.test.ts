import { expect } from 'chai';
import { lastStatuses, sentActivities } from './activity-batch.js';
import type { MessageSent } from './message-events.js';

const sent = (
  message_id: number,
  session_id: number,
  phone: string,
  sent_at: string,
  automatic: boolean,
): MessageSent => ({
  message_id,
  session_id,
  phone,
  text: `m${message_id}`,
  media: null,
  automatic,
  billing_source: null,
  sent_at,
});

describe('conversations: activity batches', () => {
  it('reduces sends to one activity per conversation, ordered by conversation', () => {
    const activities = sentActivities([
      sent(3, 2, '+34600000002', '2031-01-01T10:00:00.000Z', true),
      sent(1, 1, '+34600000001', '2031-01-01T10:02:00.000Z', true),
      sent(2, 1, '+34600000001', '2031-01-01T10:01:00.000Z', false),
      sent(4, 1, '+34600000000', '2031-01-01T10:00:00.000Z', false),
    ]);
    expect(activities.map((a) => [a.sessionId, a.phone, a.messageId, a.readAt?.toISOString() ?? null])).to.deep.equal([
      [1, '+34600000000', 4, '2031-01-01T10:00:00.000Z'],
      [1, '+34600000001', 1, '2031-01-01T10:01:00.000Z'],
      [2, '+34600000002', 3, null],
    ]);
    expect(activities.every((a) => a.unread === 0 && a.direction === 'outbound' && a.status === 'sent')).to.equal(true);
  });

  it('of two sends at one time the later in the batch is the last message; the latest person’s send is when it was read', () => {
    const [activity] = sentActivities([
      sent(1, 1, '+34600000001', '2031-01-01T10:00:00.000Z', false),
      sent(2, 1, '+34600000001', '2031-01-01T10:00:00.000Z', true),
      sent(3, 1, '+34600000001', '2031-01-01T09:00:00.000Z', false),
    ]);
    expect(activity).to.include({ messageId: 2, preview: 'm2' });
    expect(activity!.readAt!.toISOString()).to.equal('2031-01-01T10:00:00.000Z');
  });

  it('keeps the last status of each message', () => {
    const statuses = lastStatuses([
      { message_id: 1, session_id: 1, phone: '+34600000001', status: 'delivered' },
      { message_id: 2, session_id: 1, phone: '+34600000002', status: 'delivered' },
      { message_id: 1, session_id: 1, phone: '+34600000001', status: 'read' },
    ]);
    expect(statuses.map((s) => [s.message_id, s.status])).to.deep.equal([
      [1, 'read'],
      [2, 'delivered'],
    ]);
  });
});
