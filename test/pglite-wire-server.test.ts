import { expect } from 'chai';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import type * as Pg from 'pg';
import { PgliteWireServer } from '../core/db/pglite-wire-server.js';
import { NotificationScanner } from '../core/db/notification-scanner.js';
import { initialisedPgdata } from './helpers/database-templates.js';

const require = createRequire(import.meta.url);
const { Client } = require('pg') as typeof Pg;

/** A frontend message: type byte, length, body. */
const message = (type: string, body: Buffer) => {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0);
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
};
const startupPacket = () => {
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
  const out = Buffer.alloc(8 + params.length);
  out.writeInt32BE(8 + params.length, 0);
  out.writeInt32BE(196608, 4);
  params.copy(out, 8);
  return out;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the embedded engine’s wire server: one PGlite session shared by many clients', function () {
  this.timeout(60_000);

  let db: PGlite;
  let server: PgliteWireServer;
  let url: string;
  let main: InstanceType<typeof Client>;
  const cleanups: (() => Promise<unknown>)[] = [];

  before(async () => {
    // A copy of an initialised data folder: this file's subject is the wire, not initdb.
    const dir = await mkdtemp(join(tmpdir(), 'sb-test-wire-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await cp(await initialisedPgdata(), join(dir, 'pgdata'), { recursive: true });
    db = await PGlite.create(join(dir, 'pgdata'));
    server = new PgliteWireServer(db, 32);
    url = `postgresql://postgres@127.0.0.1:${await server.listen()}/postgres`;
    main = new Client({ connectionString: url });
    await main.connect();
    await main.query('create table notes (id serial primary key, body text not null)');
  });
  after(async () => {
    await main?.end();
    await server?.close();
    await db?.close();
    for (const cleanup of cleanups) await cleanup();
  });

  const client = async () => {
    const c = new Client({ connectionString: url });
    c.on('error', () => {});
    await c.connect();
    return c;
  };

  it('eight clients interleaving parameterised queries and transactions each get their own answers', async () => {
    const clients = await Promise.all(Array.from({ length: 8 }, client));
    const wrong: string[] = [];
    await Promise.all(
      clients.map(async (c, i) => {
        for (let j = 0; j < 150; j++) {
          const body = `client ${i} note ${j}`;
          const { rows } = await c.query('insert into notes (body) values ($1) returning id, body', [body]);
          if (rows[0].body !== body) wrong.push(`insert ${body} → ${rows[0].body}`);
          const read = await c.query('select body from notes where id = $1', [rows[0].id]);
          if (read.rows[0]?.body !== body) wrong.push(`read ${body} → ${read.rows[0]?.body}`);
          if (j % 25 === 0) {
            await c.query('begin');
            await c.query('insert into notes (body) values ($1)', [`tx ${i} ${j}`]);
            await c.query('commit');
          }
        }
      }),
    );
    for (const c of clients) await c.end();
    expect(wrong).to.deep.equal([]);
    const { rows } = await main.query(`select count(*)::int as n from notes where body like 'client %'`);
    expect(rows[0].n).to.equal(8 * 150);
  });

  it('a client that dies inside a transaction leaves nothing of it, and the others go on', async () => {
    const dying = await client();
    await dying.query('begin');
    await dying.query(`insert into notes (body) values ('never committed')`);
    (dying as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
    await pause(100);
    const { rows } = await main.query('select count(*)::int as n from notes where body = $1', ['never committed']);
    expect(rows[0].n).to.equal(0);
    expect((await main.query('select 1 as one')).rows[0].one).to.equal(1);
  });

  it('a client that dies in the middle of an extended-protocol sequence leaves the session usable', async () => {
    const raw = connect(Number(new URL(url).port), '127.0.0.1');
    await new Promise((resolve) => raw.once('connect', resolve));
    raw.write(startupPacket());
    await pause(100);
    // Parse an unnamed statement and flush, without the Sync that would end the sequence.
    raw.write(
      Buffer.concat([
        message('P', Buffer.concat([Buffer.from('\0select 42\0'), Buffer.from([0, 0])])),
        message('H', Buffer.alloc(0)),
      ]),
    );
    await pause(100);
    raw.destroy();
    await pause(100);
    expect((await main.query('select $1::int as x', [7])).rows[0].x).to.equal(7);
  });

  it('a unit never completed by a client that went away is never run', async () => {
    const raw = connect(Number(new URL(url).port), '127.0.0.1');
    await new Promise((resolve) => raw.once('connect', resolve));
    raw.write(startupPacket());
    await pause(100);
    const insert = `insert into notes (body) values ('half sent')`;
    raw.write(message('P', Buffer.concat([Buffer.from(`\0${insert}\0`), Buffer.from([0, 0])])));
    raw.write(message('B', Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0])));
    raw.write(message('E', Buffer.from([0, 0, 0, 0, 0])));
    raw.destroy();
    await pause(100);
    const { rows } = await main.query('select count(*)::int as n from notes where body = $1', ['half sent']);
    expect(rows[0].n).to.equal(0);
  });

  it('refuses a client past the limit as PostgreSQL does (53300, sorry, too many clients already), and takes one again once another left', async () => {
    // A second server on the same engine, with room for two.
    const server = new PgliteWireServer(db, 2);
    const url = `postgresql://postgres@127.0.0.1:${await server.listen()}/postgres`;
    const open: InstanceType<typeof Client>[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const client = new Client({ connectionString: url });
        await client.connect();
        open.push(client);
      }
      const third = new Client({ connectionString: url });
      const refused = await third.connect().then(
        () => undefined,
        (err: { code?: string; message: string }) => err,
      );
      expect(refused, 'the third connection is refused').to.include({
        code: '53300',
        message: 'sorry, too many clients already',
      });
      await open.shift()!.end();
      const again = new Client({ connectionString: url });
      await again.connect();
      open.push(again);
      expect((await again.query('select 1 as one')).rows).to.deep.equal([{ one: 1 }]);
    } finally {
      for (const client of open) await client.end();
      await server.close();
    }
  });

  it('a client that LISTENs hears every NOTIFY committed by any other client, as from PostgreSQL', async () => {
    const heard: [string, string][] = [];
    const hear = (n: { channel: string; payload?: string }) => heard.push([n.channel, n.payload ?? '']);
    main.on('notification', hear);
    try {
      await main.query('listen shop_changed');
      const [a, b] = await Promise.all([client(), client()]);
      await a.query(`select pg_notify('shop_changed', '17')`);
      await b.query('begin');
      await b.query(`select pg_notify('shop_changed', 'ünïcode 🙂')`);
      await b.query(`select pg_notify('not_listened', 'x')`);
      await pause(50);
      expect(heard, 'nothing before the commit').to.deep.equal([['shop_changed', '17']]);
      await b.query('commit');
      await b.query('begin');
      await b.query(`select pg_notify('shop_changed', 'rolled back')`);
      await b.query('rollback');
      await Promise.all([a.end(), b.end()]);
      await pause(50);
      expect(heard).to.deep.equal([
        ['shop_changed', '17'],
        ['shop_changed', 'ünïcode 🙂'],
      ]);
    } finally {
      main.off('notification', hear);
      await main.query('unlisten shop_changed');
    }
  });
});

describe('NotificationScanner: notifications out of a backend byte stream cut anywhere', () => {
  /** Type and length (5 bytes), the sender's process id (4), then channel and payload, each ended by a zero byte. */
  const decode = (m: Uint8Array) => {
    const [channel, payload] = Buffer.from(m.subarray(9)).toString('utf8').split('\0');
    return { channel: channel!, payload: payload! };
  };
  const backend = (type: string, body: Buffer) => message(type, body);
  const notification = (channel: string, payload: string) =>
    backend('A', Buffer.concat([Buffer.from([0, 0, 0, 7]), Buffer.from(`${channel}\0${payload}\0`)]));

  it('finds each notification among other messages, whatever the chunk boundaries', () => {
    const stream = Buffer.concat([
      backend('1', Buffer.alloc(0)),
      backend('D', Buffer.alloc(300, 65)),
      notification('ch', 'first'),
      backend('C', Buffer.from('SELECT 1\0')),
      notification('ch', 'x'.repeat(1000)),
      backend('Z', Buffer.from('I')),
    ]);
    for (const size of [1, 2, 3, 5, 7, 64, stream.length]) {
      const heard: string[] = [];
      const scanner = new NotificationScanner((m) => {
        const { channel, payload } = decode(m);
        heard.push(`${channel}:${payload.slice(0, 5)}`);
      });
      for (let at = 0; at < stream.length; at += size) scanner.push(stream.subarray(at, at + size));
      expect(heard, `chunks of ${size}`).to.deep.equal(['ch:first', 'ch:xxxxx']);
    }
  });
});
