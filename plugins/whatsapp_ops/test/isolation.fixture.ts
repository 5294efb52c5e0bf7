import type { CallAs, IsolationFixture, SeedHttp } from '../../../test/harness/isolation.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { GraphApiFake } from './fakes/graph-api-fake.js';
import { APP_SECRET, NUMBER, TEMPLATES, TOKEN, VERIFY_TOKEN, WABA } from './helpers/cloud-kernel.js';

const LINE = '+34711999001';
const CUSTOMER = '+34600123456';
const OPTED_OUT = '+34600123457';

/** Polls a tool of shop A until `done` holds for its payload. */
const until = (callAsA: CallAs, tool: string, args: Record<string, unknown>, done: (payload: any) => boolean) =>
  waitFor(`${tool} to reach the expected state`, async () => {
    const payload = await callAsA(tool, args);
    return done(payload) && payload;
  });

/**
 * Shop A owns a paired line with a customer's inbound message (so a contact window), an opt-out, a
 * scheduled message, an archived chat, its own contact-window settings, and a Cloud API provider
 * (against a local Graph API) with its number as a line and its templates synced. Shop B aims at
 * all of it: every id answers not_found, every phone shows B's own (empty) state.
 */
const fixture: IsolationFixture = {
  groups: ['whatsapp_ops'],
  groupConfig: async () => {
    const graph = await new GraphApiFake().start();
    graph.addAccount({ wabaId: WABA, token: TOKEN, numbers: [NUMBER], templates: TEMPLATES });
    return { whatsapp_ops: { cloudApi: { baseUrl: graph.url } } };
  },
  seed: async (callAsA, http: SeedHttp) => {
    const { session, pairing } = await callAsA('connect_chatapp', { label: 'Shop A line' });
    await http.inject({
      method: 'GET',
      url: `${new URL(pairing.pairing_url).pathname}?phone=${encodeURIComponent(LINE)}`,
      headers: { accept: 'application/json' },
    });
    await until(callAsA, 'get_chatapp_status', { session_id: session.id }, (p) => p.session?.status === 'connected');
    await http.inject({
      method: 'POST',
      url: `/sandbox/sessions/${session.session_key}/inbound`,
      headers: { authorization: `Bearer ${http.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ from: CUSTOMER, text: 'Shop A customer writes' }),
    });
    await until(callAsA, 'list_chatapp_messages', { phone: CUSTOMER }, (p) => p.count === 1);
    await callAsA('add_chatapp_optout', { action: 'add', phone: OPTED_OUT, reason: 'Shop A reason' });
    const sendAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const { scheduled_message } = await callAsA('schedule_chatapp_message', {
      phone: CUSTOMER,
      message: 'Shop A reminder',
      send_at: sendAt,
      session_id: session.id,
    });
    await callAsA('archive_chatapp_chat', { action: 'archive', phone: CUSTOMER, session_id: session.id });
    await callAsA('update_chatapp_eligibility_settings', { window_hours: 12, filters: { campaign: true } });
    const { provider } = await callAsA('configure_chatapp_provider', {
      cloud_api: { waba_id: WABA, access_token: TOKEN, app_secret: APP_SECRET, verify_token: VERIFY_TOKEN },
    });
    const cloud = await callAsA('connect_chatapp', { provider_id: provider.id, phone_number_id: NUMBER.id });
    await callAsA('sync_chatapp_templates', { provider_id: provider.id });
    return {
      sessionId: session.id as number,
      scheduledId: scheduled_message.id as number,
      sendAt,
      providerId: provider.id as number,
      cloudSessionId: cloud.session.id as number,
    };
  },
  probes: (seed) => [
    { tool: 'get_chatapp_status', args: { session_id: seed.sessionId }, expect: 'not_found' },
    { tool: 'disconnect_chatapp', args: { session_id: seed.sessionId }, expect: 'not_found' },
    {
      tool: 'update_chatapp_routing_roles',
      args: { session_id: seed.sessionId, routing_roles: ['marketing'] },
      expect: 'not_found',
    },
    {
      tool: 'send_chatapp_message',
      args: { phone: CUSTOMER, message: 'B writes on A line', session_id: seed.sessionId },
      expect: 'not_found',
    },
    { tool: 'list_chatapp_messages', args: { session_id: seed.sessionId }, expect: 'not_found' },
    {
      tool: 'list_chatapp_messages',
      args: { phone: CUSTOMER },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.messages.length === 0,
    },
    { tool: 'list_chatapp_sessions', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    {
      tool: 'check_chatapp_optout',
      args: { action: 'check', phone: OPTED_OUT },
      expect: 'empty',
      isEmpty: (p) => p.opted_out === false && p.optout === null,
    },
    { tool: 'remove_chatapp_optout', args: { phone: OPTED_OUT }, expect: 'not_found' },
    {
      tool: 'check_chatapp_contact_eligibility',
      args: { action: 'check', phone: CUSTOMER, billing_source: 'campaign' },
      expect: 'empty',
      isEmpty: (p) =>
        p.eligibility.line === null &&
        p.eligibility.last_inbound_at === null &&
        p.eligibility.filter_enabled === false &&
        p.eligibility.window_hours === 24,
    },
    {
      tool: 'get_chatapp_eligibility_settings',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.settings.window_hours_source === 'default' && p.settings.filters.campaign === false,
    },
    {
      tool: 'archive_chatapp_chat',
      args: { action: 'archive', phone: CUSTOMER, session_id: seed.sessionId },
      expect: 'not_found',
    },
    {
      tool: 'schedule_chatapp_message',
      args: { phone: CUSTOMER, message: 'B schedules on A line', send_at: seed.sendAt, session_id: seed.sessionId },
      expect: 'not_found',
    },
    { tool: 'list_scheduled_messages', args: { phone: CUSTOMER }, expect: 'empty', isEmpty: (p) => p.count === 0 },
    {
      tool: 'cancel_scheduled_message',
      args: { action: 'cancel', id: seed.scheduledId, agent_id: 1 },
      expect: 'not_found',
    },
    { tool: 'configure_chatapp_provider', args: { provider_id: seed.providerId, label: 'B' }, expect: 'not_found' },
    { tool: 'remove_chatapp_provider', args: { provider_id: seed.providerId }, expect: 'not_found' },
    {
      tool: 'connect_chatapp',
      args: { provider_id: seed.providerId, phone_number_id: NUMBER.id },
      expect: 'not_found',
    },
    { tool: 'sync_chatapp_templates', args: { provider_id: seed.providerId }, expect: 'not_found' },
    {
      tool: 'list_chatapp_templates',
      args: { provider_id: seed.providerId },
      expect: 'empty',
      isEmpty: (p) => p.count === 0,
    },
    {
      tool: 'send_chatapp_template',
      args: {
        phone: CUSTOMER,
        template_name: 'order_update',
        body_parameters: ['B', '1'],
        session_id: seed.cloudSessionId,
      },
      expect: 'not_found',
    },
    { tool: 'upload_chatapp_media', args: { session_id: seed.cloudSessionId, file_id: 1 }, expect: 'not_found' },
    // A number shop A opted out is B's to opt out too: B gets a record of its own.
    {
      tool: 'add_chatapp_optout',
      args: { action: 'add', phone: OPTED_OUT, reason: 'Shop B reason' },
      expect: 'empty',
      isEmpty: (p) => p.created === true && p.optout.reason === 'Shop B reason',
    },
  ],
  snapshot: async (callAsA, seed) => {
    const { session } = await callAsA('get_chatapp_status', { session_id: seed.sessionId });
    return {
      session: { ...session, live: { status: session.live.status, phone: session.live.phone } },
      messages: (await callAsA('list_chatapp_messages', {})).messages,
      optouts: (await callAsA('list_chatapp_optouts', {})).optouts,
      scheduled: (await callAsA('list_scheduled_messages', {})).scheduled_messages,
      settings: (await callAsA('get_chatapp_eligibility_settings', {})).settings,
      providers: (await callAsA('list_chatapp_providers', {})).providers,
      templates: (await callAsA('list_chatapp_templates', {})).templates,
      eligibility: (
        await callAsA('check_chatapp_contact_eligibility', {
          action: 'check',
          phone: CUSTOMER,
          billing_source: 'campaign',
        })
      ).eligibility,
    };
  },
  exempt: {},
};

export default fixture;
