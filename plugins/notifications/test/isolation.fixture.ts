import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop B aims at shop A's notifications, agents (as recipients) and lines: not found, or nothing of A's. */
const fixture: IsolationFixture = {
  groups: ['notifications', 'agents', 'whatsapp_ops'],
  seed: async (callAsA) => {
    const { agent } = await callAsA('create_agent', {
      action: 'create',
      nickname: 'iso',
      full_name: 'Iso Agent',
      email: 'iso@example.com',
    });
    const { notifications } = await callAsA('send_notification', {
      recipients: ['owner', agent.id],
      title: 'Secret plan',
    });
    const { session } = await callAsA('connect_chatapp', {});
    return { agentId: agent.id, notificationId: notifications[0].id, sessionId: session.id };
  },
  probes: (seed) => [
    { tool: 'mark_notification_read', args: { notification_id: seed.notificationId }, expect: 'not_found' },
    {
      tool: 'mark_notification_read',
      args: { notification_id: seed.notificationId, read: false },
      expect: 'not_found',
    },
    {
      tool: 'snooze_notification',
      args: { notification_id: seed.notificationId, until: new Date(Date.now() + 3_600_000).toISOString() },
      expect: 'not_found',
    },
    { tool: 'delete_notification', args: { notification_id: seed.notificationId }, expect: 'not_found' },
    { tool: 'list_notifications', args: { recipient: seed.agentId }, expect: 'not_found' },
    { tool: 'list_notifications', args: { recipient: 'owner' }, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'mark_all_notifications_read', args: { recipient: seed.agentId }, expect: 'not_found' },
    { tool: 'clear_notifications', args: { recipient: seed.agentId, read_only: false }, expect: 'not_found' },
    { tool: 'get_notification_settings', args: { recipient: seed.agentId }, expect: 'not_found' },
    {
      tool: 'update_notification_settings',
      args: { recipient: seed.agentId, quiet_hours: { start: '22:00', end: '07:00' } },
      expect: 'not_found',
    },
    {
      tool: 'update_notification_settings',
      args: { recipient: 'owner', muted_session_ids: [seed.sessionId] },
      expect: 'not_found',
    },
    { tool: 'send_notification', args: { recipients: [seed.agentId], title: 'Hi' }, expect: 'not_found' },
  ],
  snapshot: async (callAsA, seed) => [
    (await callAsA('list_notifications', { recipient: 'owner', include_snoozed: true })).notifications,
    (await callAsA('list_notifications', { recipient: seed.agentId, include_snoozed: true })).notifications,
    (await callAsA('get_notification_settings', { recipient: seed.agentId })).settings,
  ],
  exempt: {},
};

export default fixture;
