/**
 * Group sets for a client's common jobs, each mounted as one /g/<groups>/ URL. `general`
 * (ping, server time, the enabled groups) is in each; the groups a job's tools depend on need
 * not be: a tool calls its dependencies' services whatever the URL shows.
 */
export const TOOL_PROFILES: Readonly<Record<string, readonly string[]>> = {
  inbox: ['general', 'conversations', 'whatsapp_ops', 'customers', 'tickets', 'smart_followup'],
  marketing: ['general', 'mass_marketing', 'customers', 'crm', 'referrals'],
  booking: ['general', 'calendar', 'customers', 'tasks', 'notifications'],
  commerce: ['general', 'products', 'integrations', 'customers', 'crm'],
  admin: ['general', 'account', 'agents', 'activity', 'advanced', 'storage', 'support'],
};
