import { expect } from 'chai';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SecretBox } from '../../../core/app-kit.js';
import { createOrm } from '../../../test/helpers/kernel-internals.js';
import { sharedDatabaseUrl } from '../../../test/helpers/global-database.js';
import { uniqueEngineName } from '../../../test/helpers/session-service-instance.js';
import { sandboxEntities, sandboxMigrationsFullNames } from '../sandbox/sandbox-schema.js';
import { BaileysAuthKey } from '../session-service/entities/baileys-auth-key.entity.js';
import { BaileysMessage } from '../session-service/entities/baileys-message.entity.js';
import { BaileysSession } from '../session-service/entities/baileys-session.entity.js';
import { SessionServiceBaileysEngine } from '../session-service/migrations/0002-baileys-engine.js';
import { BaileysRecords } from '../session-service/baileys/baileys-records.js';
import { BAILEYS_LABEL } from '../session-service/baileys/baileys-label.js';
import { loadAuthState, sealedNewCreds } from '../session-service/baileys/pg-auth-state.js';
import { BufferJSON, initAuthCreds, proto } from '../session-service/baileys/library.js';

/** The auth state against PostgreSQL with the library's own initAuthCreds and BufferJSON. */
describe('session service, Baileys engine: auth state in PostgreSQL', () => {
  let orm: MikroORM;
  let records: BaileysRecords;
  const box = new SecretBox('auth-state-test-secret-0123456789');
  let n = 0;

  before(async () => {
    orm = await createOrm({
      url: await sharedDatabaseUrl(),
      entities: [...sandboxEntities, BaileysSession, BaileysAuthKey, BaileysMessage],
      migrations: [
        ...sandboxMigrationsFullNames,
        { name: 'session_service/0002-baileys-engine', class: SessionServiceBaileysEngine },
      ],
      poolMax: 4,
    });
    await orm.getMigrator().up();
    records = new BaileysRecords(orm.em, uniqueEngineName('auth'), BAILEYS_LABEL);
  });
  after(() => orm?.close());

  it('the migration creates exactly what the entities declare', async () => {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: true, dropTables: false });
    expect(diff.split('\n').filter((line) => line.includes('baileys_'))).to.deep.equal([]);
  });

  const newSession = async () => {
    const key = `ses_auth_${process.pid}_${++n}`;
    await records.insertSession(orm.em.fork(), key, sealedNewCreds(box));
    return key;
  };
  const rawRow = async (sql: string, params: unknown[]) => orm.em.getConnection().execute(sql, params);

  it('credentials survive a reload byte for byte, and are sealed at rest', async () => {
    const key = await newSession();
    const first = await loadAuthState(orm.em, box, key);
    const creds = first.state.creds;
    Object.assign(creds, { registered: true, me: { id: '34600111222:3@s.whatsapp.net', name: 'Shop' } });
    await first.saveCreds();

    const again = await loadAuthState(orm.em, box, key);
    expect(Buffer.from(again.state.creds.noiseKey.private).equals(Buffer.from(creds.noiseKey.private))).to.equal(true);
    expect(Buffer.from(again.state.creds.signedIdentityKey.public)).to.deep.equal(
      Buffer.from(creds.signedIdentityKey.public),
    );
    expect(again.state.creds.registered).to.equal(true);
    expect(again.state.creds.me?.id).to.equal('34600111222:3@s.whatsapp.net');

    const [row] = await rawRow('select creds_sealed from baileys_sessions where session_key = ?', [key]);
    expect(row.creds_sealed).to.match(/^v1\./);
    const plain = JSON.stringify(creds, BufferJSON.replacer);
    expect(row.creds_sealed).not.to.include(Buffer.from(creds.noiseKey.private).toString('base64'));
    expect(box.open(row.creds_sealed)).to.equal(plain);
  });

  it('saves land in call order: the last state wins even when saves overlap', async () => {
    const key = await newSession();
    const { state, saveCreds } = await loadAuthState(orm.em, box, key);
    const saves: Promise<void>[] = [];
    for (let i = 1; i <= 20; i++) {
      state.creds.nextPreKeyId = i;
      saves.push(saveCreds());
    }
    await Promise.all(saves);
    expect((await loadAuthState(orm.em, box, key)).state.creds.nextPreKeyId).to.equal(20);
  });

  it('every signal key type round-trips; null deletes; app-state-sync-key comes back as a protobuf', async () => {
    const key = await newSession();
    const { state } = await loadAuthState(orm.em, box, key);
    const fresh = initAuthCreds();
    const bytes = Buffer.from('0102030405', 'hex');
    await state.keys.set({
      'pre-key': { '1': fresh.signedIdentityKey, '2': fresh.noiseKey },
      session: { '34600111222.0': bytes },
      'sender-key': { 'group@g.us::34600111222::0': bytes },
      'sender-key-memory': { 'group@g.us': { '34600111222@s.whatsapp.net': true } },
      'app-state-sync-key': { AAAA: { keyData: bytes, timestamp: 1700000000 } },
      'app-state-sync-version': { regular: { version: 3, hash: Buffer.alloc(128, 1), indexValueMap: {} } },
      'lid-mapping': { '34600111222': '123456789', '123456789_reverse': '34600111222' },
      'device-list': { '34600111222': ['0', '3'] },
      tctoken: { '34600111222@s.whatsapp.net': { token: bytes, timestamp: '1700000000' } },
    });
    const preKeys = await state.keys.get('pre-key', ['1', '2', '3']);
    expect(Object.keys(preKeys)).to.have.members(['1', '2']);
    expect(Buffer.from(preKeys['1']!.private).equals(Buffer.from(fresh.signedIdentityKey.private))).to.equal(true);
    expect(Buffer.from((await state.keys.get('session', ['34600111222.0']))['34600111222.0']!)).to.deep.equal(bytes);
    expect(await state.keys.get('sender-key-memory', ['group@g.us'])).to.deep.equal({
      'group@g.us': { '34600111222@s.whatsapp.net': true },
    });
    const syncKey = (await state.keys.get('app-state-sync-key', ['AAAA'])).AAAA!;
    expect(syncKey).to.be.instanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(syncKey.keyData!)).to.deep.equal(bytes);
    const version = (await state.keys.get('app-state-sync-version', ['regular'])).regular!;
    expect(version.version).to.equal(3);
    expect(Buffer.isBuffer(version.hash)).to.equal(true);
    expect(await state.keys.get('lid-mapping', ['34600111222'])).to.deep.equal({ '34600111222': '123456789' });
    expect(await state.keys.get('device-list', ['34600111222'])).to.deep.equal({ '34600111222': ['0', '3'] });
    const token = (await state.keys.get('tctoken', ['34600111222@s.whatsapp.net']))['34600111222@s.whatsapp.net']!;
    expect(Buffer.from(token.token)).to.deep.equal(bytes);

    await state.keys.set({ 'pre-key': { '1': null }, session: { '34600111222.0': null } });
    expect(Object.keys(await state.keys.get('pre-key', ['1', '2']))).to.deep.equal(['2']);
    expect(await state.keys.get('session', ['34600111222.0'])).to.deep.equal({});

    const stored = await rawRow('select type, value_sealed from baileys_auth_keys where session_key = ?', [key]);
    expect(stored.every((r: any) => r.value_sealed.startsWith('v1.'))).to.equal(true);
    expect(JSON.stringify(stored)).not.to.include(bytes.toString('base64'));
  });

  it('a key change is written whole or not at all', async () => {
    const key = await newSession();
    const { state } = await loadAuthState(orm.em, box, key);
    await state.keys.set({ session: { kept: Buffer.from('aa', 'hex') } });
    // An id longer than the column fails the insert: the deletion in the same change must not stay.
    const failed = await Promise.resolve(
      state.keys.set({ session: { kept: null, ['x'.repeat(300)]: Buffer.from('bb', 'hex') } }),
    ).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failed).to.be.instanceOf(Error);
    expect(Object.keys(await state.keys.get('session', ['kept']))).to.deep.equal(['kept']);
  });

  it('another session never reads these keys; clear() empties only its own', async () => {
    const a = await newSession();
    const b = await newSession();
    const stateA = (await loadAuthState(orm.em, box, a)).state;
    const stateB = (await loadAuthState(orm.em, box, b)).state;
    await stateA.keys.set({ session: { shared: Buffer.from('01', 'hex') } });
    await stateB.keys.set({ session: { shared: Buffer.from('02', 'hex') } });
    expect(Buffer.from((await stateB.keys.get('session', ['shared'])).shared!)).to.deep.equal(Buffer.from('02', 'hex'));
    await stateA.keys.clear!();
    expect(await stateA.keys.get('session', ['shared'])).to.deep.equal({});
    expect(Object.keys(await stateB.keys.get('session', ['shared']))).to.deep.equal(['shared']);
  });

  it('a box with another secret cannot open the credentials', async () => {
    const key = await newSession();
    const other = new SecretBox('a-different-secret-0123456789');
    const failed = await loadAuthState(orm.em, other, key).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failed).to.be.instanceOf(Error);
  });
});
