import type { IsolationFixture } from '../../../test/harness/isolation.js';

/**
 * Shop A owns a list with two members, an import, a blacklist entry, a line enabled for
 * marketing (not paired: A's running campaign waits), a scheduled campaign and an approved
 * running one with its run. Shop B aims every id and phone of A's at the tools: reads and writes
 * answer not_found, lists and counts are empty, and adding A's blacklisted phone gives B an entry
 * of its own.
 */
const fixture: IsolationFixture = {
  groups: ['customers', 'whatsapp_ops', 'mass_marketing'],
  seed: async (callAsA) => {
    const phone = '+34600700001';
    const blacklisted = '+34600700009';
    const { list } = await callAsA('create_contact_list', { action: 'create', name: 'Shop A list' });
    await callAsA('add_contacts_to_list', {
      action: 'add',
      list_id: list.id,
      contacts: [
        { phone, name: 'Alice A' },
        { phone: '+34600700002', name: 'Bob A' },
      ],
    });
    const imported = await callAsA('import_contacts_manual', { list_id: list.id, numbers: '+34600700003' });
    await callAsA('add_to_blacklist', { action: 'add', phone: blacklisted, reason: 'Shop A reason' });
    await callAsA('save_mass_marketing_config', { require_approval: true, approval_threshold: 100 });
    const { session } = await callAsA('connect_chatapp', {});
    await callAsA('assign_marketing_session', {
      action: 'assign',
      session_id: session.id,
      enable_mass_marketing: true,
    });
    const scheduled = await callAsA('create_campaign', {
      action: 'create',
      name: 'A scheduled',
      message_text: 'Hi',
      list_id: list.id,
      scheduled_at: '2035-01-01 10:00:00',
    });
    const running = await callAsA('create_campaign', {
      action: 'create',
      name: 'A running',
      message_text: 'Hi {nombre}',
      list_id: list.id,
      session_ids: [session.id],
    });
    await callAsA('start_campaign', { campaign_id: running.campaign.id });
    const approved = await callAsA('approve_campaign', { action: 'approve', campaign_id: running.campaign.id });
    return {
      listId: list.id,
      importId: imported.import.id,
      phone,
      blacklisted,
      sessionId: session.id,
      scheduledId: scheduled.campaign.id,
      runningId: running.campaign.id,
      runId: approved.run.id,
    };
  },
  probes: (seed) => [
    { tool: 'get_contact_list_detail', args: { list_id: seed.listId }, expect: 'not_found' },
    {
      tool: 'count_filtered_contacts',
      args: { action: 'count_filtered', list_id: seed.listId, segment_filters: {} },
      expect: 'not_found',
    },
    {
      tool: 'add_contacts_to_list',
      args: { action: 'add', list_id: seed.listId, contacts: [{ phone: '+34600700050', name: 'B' }] },
      expect: 'not_found',
    },
    { tool: 'remove_contact_from_list', args: { list_id: seed.listId, phone: seed.phone }, expect: 'not_found' },
    { tool: 'remove_contacts_bulk', args: { list_id: seed.listId, phones: [seed.phone] }, expect: 'not_found' },
    { tool: 'import_contacts_manual', args: { list_id: seed.listId, numbers: '+34600700051' }, expect: 'not_found' },
    {
      tool: 'import_marketing_contacts',
      args: { list_id: seed.listId, csv_text: '+34600700052,B' },
      expect: 'not_found',
    },
    { tool: 'import_marketing_contacts', args: { list_id: seed.listId, source: 'customers' }, expect: 'not_found' },
    { tool: 'import_contacts_from_conversations', args: { list_id: seed.listId }, expect: 'not_found' },
    { tool: 'delete_contact_list', args: { list_id: seed.listId }, expect: 'not_found' },
    { tool: 'get_import_status', args: { import_id: seed.importId }, expect: 'not_found' },
    { tool: 'remove_from_blacklist', args: { phone: seed.blacklisted }, expect: 'not_found' },
    {
      tool: 'assign_marketing_session',
      args: { action: 'assign', session_id: seed.sessionId, enable_mass_marketing: false },
      expect: 'not_found',
    },
    {
      tool: 'create_campaign',
      args: { action: 'create', name: 'B', message_text: 'x', list_id: seed.listId, session_ids: [seed.sessionId] },
      expect: 'not_found',
    },
    {
      tool: 'update_campaign',
      args: { campaign_id: seed.scheduledId, name: 'Taken over', list_id: seed.listId, session_ids: [seed.sessionId] },
      expect: 'not_found',
    },
    { tool: 'get_campaign', args: { campaign_id: seed.runningId }, expect: 'not_found' },
    { tool: 'approve_campaign', args: { action: 'approve', campaign_id: seed.scheduledId }, expect: 'not_found' },
    { tool: 'start_campaign', args: { campaign_id: seed.scheduledId }, expect: 'not_found' },
    { tool: 'pause_campaign', args: { campaign_id: seed.runningId }, expect: 'not_found' },
    { tool: 'resume_campaign', args: { campaign_id: seed.runningId }, expect: 'not_found' },
    { tool: 'cancel_campaign', args: { action: 'cancel', campaign_id: seed.runningId }, expect: 'not_found' },
    {
      tool: 'cancel_campaign_schedule',
      args: { action: 'cancel_schedule', campaign_id: seed.scheduledId },
      expect: 'not_found',
    },
    { tool: 'archive_campaign', args: { action: 'archive', campaign_id: seed.runningId }, expect: 'not_found' },
    { tool: 'unarchive_campaign', args: { campaign_id: seed.runningId }, expect: 'not_found' },
    { tool: 'duplicate_campaign', args: { campaign_id: seed.runningId }, expect: 'not_found' },
    { tool: 'delete_campaign', args: { campaign_id: seed.scheduledId }, expect: 'not_found' },
    {
      tool: 'get_campaign_logs',
      args: { campaign_id: seed.runningId, run_id: seed.runId, phone: seed.phone },
      expect: 'not_found',
    },
    {
      tool: 'export_campaign_csv',
      args: { campaign_id: seed.runningId, run_id: seed.runId, phone: seed.phone },
      expect: 'not_found',
    },
    { tool: 'get_mass_marketing_stats', args: { campaign_id: seed.runningId }, expect: 'not_found' },
    {
      tool: 'get_mass_marketing_stats',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.overall.recipients_total === 0,
    },
    { tool: 'list_campaigns', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'list_contact_lists', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'list_blacklist', args: { query: '700009' }, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'get_marketing_sessions', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'get_mass_marketing_config', args: {}, expect: 'empty', isEmpty: (p) => p.config.updated_at === null },
    // B blacklisting A's number makes an entry of B's own: created, without A's reason.
    {
      tool: 'add_to_blacklist',
      args: { action: 'add', phone: seed.blacklisted },
      expect: 'empty',
      isEmpty: (p) => p.created === true && p.entry.reason === null,
    },
  ],
  snapshot: async (callAsA, seed) => ({
    list: (await callAsA('get_contact_list_detail', { list_id: seed.listId })).members,
    count: (
      await callAsA('count_filtered_contacts', { action: 'count_filtered', list_id: seed.listId, segment_filters: {} })
    ).count,
    importStatus: (await callAsA('get_import_status', { import_id: seed.importId })).import,
    blacklist: (await callAsA('list_blacklist', {})).entries,
    sessions: (await callAsA('get_marketing_sessions', {})).marketing_session_ids,
    config: (await callAsA('get_mass_marketing_config', {})).config,
    campaigns: (await callAsA('list_campaigns', {})).campaigns.map((c: any) => [
      c.id,
      c.name,
      c.status,
      c.message_text,
      c.session_ids,
      c.scheduled_at,
    ]),
    logs: (await callAsA('get_campaign_logs', { campaign_id: seed.runningId })).logs.map((l: any) => [
      l.phone,
      l.status,
      l.run_id,
    ]),
  }),
  exempt: {},
};

export default fixture;
