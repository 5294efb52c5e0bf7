import { sql, type EntityManager } from '../../../../core/index.js';
import type { SecretBox } from '../../../../core/app-kit.js';
import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalKeyStore,
} from './library.js';

export interface StoredAuthState {
  state: AuthenticationState;
  /** Writes the credentials as they are now; saves are applied in call order. */
  saveCreds(): Promise<void>;
}

const seal = (box: SecretBox, value: unknown) => box.seal(JSON.stringify(value, BufferJSON.replacer));
const unseal = <T>(box: SecretBox, sealed: string): T => JSON.parse(box.open(sealed), BufferJSON.reviver) as T;

/** Fresh credentials for a new session, sealed as the sessions table stores them. */
export const sealedNewCreds = (box: SecretBox) => seal(box, initAuthCreds());

/**
 * The library's auth state in PostgreSQL instead of files: the credentials in the session's row,
 * every signal key in a row of its own, each value serialised with BufferJSON and sealed. The
 * library commits a transaction's keys in one set() call; set() writes them in one database
 * transaction, so a crash never leaves half of a key change.
 */
export async function loadAuthState(
  rootEm: EntityManager,
  box: SecretBox,
  sessionKey: string,
): Promise<StoredAuthState> {
  const [row] = await sql<{ creds_sealed: string | null }>(
    rootEm,
    'select creds_sealed from baileys_sessions where session_key = $1',
    [sessionKey],
  );
  const creds: AuthenticationCreds = row?.creds_sealed ? unseal(box, row.creds_sealed) : initAuthCreds();

  const keys: SignalKeyStore = {
    async get(type, ids) {
      const found: Record<string, never> = {};
      if (ids.length === 0) return found;
      const rows = await sql<{ key_id: string; value_sealed: string }>(
        rootEm,
        'select key_id, value_sealed from baileys_auth_keys where session_key = $1 and type = $2 and key_id = any($3::text[])',
        [sessionKey, type, ids],
      );
      for (const r of rows) {
        const value = unseal<object>(box, r.value_sealed);
        // The library reads this type as a protobuf object, not as plain JSON.
        found[r.key_id] = (
          type === 'app-state-sync-key' ? proto.Message.AppStateSyncKeyData.fromObject(value) : value
        ) as never;
      }
      return found;
    },
    async set(data: SignalDataSet) {
      const upserts: { type: string; id: string; value: string }[] = [];
      const deletes: { type: string; id: string }[] = [];
      for (const [type, entries] of Object.entries(data)) {
        for (const [id, value] of Object.entries(entries ?? {})) {
          if (value === null || value === undefined) deletes.push({ type, id });
          else upserts.push({ type, id, value: seal(box, value) });
        }
      }
      if (upserts.length === 0 && deletes.length === 0) return;
      await rootEm.fork().transactional(async (em) => {
        if (deletes.length > 0)
          await sql(
            em,
            `delete from baileys_auth_keys k using json_to_recordset($2::json) as d(type text, id text)
             where k.session_key = $1 and k.type = d.type and k.key_id = d.id`,
            [sessionKey, JSON.stringify(deletes)],
          );
        if (upserts.length > 0)
          await sql(
            em,
            `insert into baileys_auth_keys (session_key, type, key_id, value_sealed)
             select $1, u.type, u.id, u.value from json_to_recordset($2::json) as u(type text, id text, value text)
             on conflict (session_key, type, key_id) do update set value_sealed = excluded.value_sealed`,
            [sessionKey, JSON.stringify(upserts)],
          );
      });
    },
    async clear() {
      await sql(rootEm, 'delete from baileys_auth_keys where session_key = $1', [sessionKey]);
    },
  };

  // The library mutates `creds` in place and saves after each change: each save writes the
  // latest state, one after the other, so an older state can never land after a newer one.
  let saving: Promise<unknown> = Promise.resolve();
  const saveCreds = () => {
    const write = saving.then(() =>
      sql(rootEm, 'update baileys_sessions set creds_sealed = $2, updated_at = $3 where session_key = $1', [
        sessionKey,
        seal(box, creds),
        new Date(),
      ]),
    );
    saving = write.catch(() => undefined);
    return write.then(() => undefined);
  };

  return { state: { creds, keys }, saveCreds };
}
