import { defineEntity, p, type InferEntity } from '../../../../core/index.js';

/**
 * One signal key of a session (`pre-key`, `session`, `sender-key`, `sender-key-memory`,
 * `app-state-sync-key`, `app-state-sync-version`, `lid-mapping`, `device-list`, `tctoken`, …):
 * the value serialised with BufferJSON and sealed. A key set to null by the library is deleted.
 */
export const BaileysAuthKey = defineEntity({
  name: 'BaileysAuthKey',
  tableName: 'baileys_auth_keys',
  properties: {
    sessionKey: p.string().length(64).primary(),
    type: p.string().length(40).primary(),
    keyId: p.string().length(255).primary(),
    valueSealed: p.text(),
  },
});

export type BaileysAuthKey = InferEntity<typeof BaileysAuthKey>;
