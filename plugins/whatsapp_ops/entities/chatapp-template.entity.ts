import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import type { NetworkTemplateComponent } from '../channel/channel-port.js';

/**
 * A message template of a provider's account (the WABA), as the last sync read it: its approval
 * status, category and components. Templates are made and approved at Meta; sync_chatapp_templates
 * brings them here, and a template send is checked against this copy before it leaves.
 */
export const ChatappTemplate = defineEntity({
  name: 'ChatappTemplate',
  tableName: 'chatapp_templates',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    providerId: p.integer(),
    /** The network's id of the template. */
    templateId: p.string().length(64),
    name: p.string().length(512),
    language: p.string().length(20),
    category: p.string().length(30),
    status: p.string().length(30),
    /** positional ({{1}}) or named ({{first_name}}). */
    parameterFormat: p.string().length(20),
    components: p.json<NetworkTemplateComponent[]>(),
    rejectedReason: p.text().nullable(),
    syncedAt: p.datetime(),
  },
  uniques: [{ properties: ['shopId', 'providerId', 'name', 'language'] }],
});

export type ChatappTemplate = InferEntity<typeof ChatappTemplate>;
