import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * A messaging provider the shop configured itself (its Cloud API account; WAHA or Evolution API
 * next), beside the installation's adapter. `kind` names its entry in channel/providers (an open
 * list: no check constraint). `settings` are what may be shown (the WABA id, a base URL);
 * `credentials_sealed` is the sealed JSON of the secret fields, opened only to reach the network.
 * `key` names the provider in its webhook URL: public, and not guessable.
 */
export const ChatappProvider = defineEntity({
  name: 'ChatappProvider',
  tableName: 'chatapp_providers',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    key: p.string().length(40).unique(),
    kind: p.string().length(30),
    label: p.string().length(50).nullable(),
    settings: p.json<Record<string, string>>(),
    credentialsSealed: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type ChatappProvider = InferEntity<typeof ChatappProvider>;
