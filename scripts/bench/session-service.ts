/**
 * Session service benchmark with the Baileys engine (not a test): --sessions WhatsApp Web sessions
 * on a scripted socket (plugins/whatsapp_ops/test/helpers/scripted-whatsapp.ts: the library's event
 * shapes, no network), created through POST /sessions and paired (account, 515, reconnect, open).
 * Prints the service's RSS per session (after a GC, against the booted service with none), and the
 * latency of inbound messages from the socket's `messages.upsert` to the row and its event committed
 * in PostgreSQL (p50/p99), at --rate messages/s spread over the sessions for --seconds; and to the
 * main server's webhook (a local receiver answering 204).
 *
 * The scripted socket holds no WebSocket, Noise state or signal caches: that RSS figure is the
 * engine's own cost per session. The library's socket is then measured on its own: --sessions real
 * sockets (makeWASocket, fresh credentials, the signal key cache) connected to a local WebSocket
 * server that accepts and stays silent, so each waits in its handshake as a live one would.
 *
 *   npm run bench:session-service [-- --sessions 200 --rate 400 --seconds 10]
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { parseArgs } from 'node:util';
import { percentile } from './bench-kernel.js';
import { TestDatabase } from '../../test/helpers/test-database.js';
import { buildSessionService } from '../../plugins/whatsapp_ops/session-service/build-session-service.js';
import { loadSessionServiceConfig } from '../../plugins/whatsapp_ops/session-service/service-config.js';
import type { BaileysEngine } from '../../plugins/whatsapp_ops/session-service/baileys/baileys-engine.js';
import { signRequest } from '../../plugins/whatsapp_ops/channel/webhook-signature.js';
import { ScriptedWhatsApp } from '../../plugins/whatsapp_ops/test/helpers/scripted-whatsapp.js';
import {
  Browsers,
  initAuthCreds,
  makeCacheableSignalKeyStore,
  makeWASocket,
  type ILogger,
  type SignalKeyStore,
} from '../../plugins/whatsapp_ops/session-service/baileys/library.js';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '200' },
    rate: { type: 'string', default: '400' },
    seconds: { type: 'string', default: '10' },
  },
});
const SESSIONS = Number(values.sessions);
const RATE = Number(values.rate);
const TOTAL = RATE * Number(values.seconds);
const SECRET = 'session-service-bench-secret-0123456789';
const gc = (globalThis as { gc?: () => void }).gc;
/** RSS, and what the heap holds (JS objects and buffers) after a collection: RSS does not shrink when memory is freed, the heap does. */
const settledMemory = async () => {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heap: heapUsed + external };
};
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const perSession = (before: { rss: number; heap: number }, after: { rss: number; heap: number }) =>
  `RSS ${mb(before.rss)} → ${mb(after.rss)} MB (${((after.rss - before.rss) / SESSIONS / 1024).toFixed(0)} KB each), ` +
  `heap + buffers ${mb(before.heap)} → ${mb(after.heap)} MB (${((after.heap - before.heap) / SESSIONS / 1024).toFixed(0)} KB each)` +
  (gc ? '' : ' (no --expose-gc: noisy)');

const delivered = new Map<string, number>();
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    type Event = { type: string; data: { provider_message_id?: string } };
    const parsed = JSON.parse(body) as Event | { events: Event[] };
    const at = performance.now();
    for (const event of 'events' in parsed ? parsed.events : [parsed])
      if (event.type === 'message.received') delivered.set(event.data.provider_message_id!, at);
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const db = process.env.DATABASE_URL ? undefined : await TestDatabase.create();
const network = new ScriptedWhatsApp();
const service = await buildSessionService(
  loadSessionServiceConfig(
    {},
    {
      port: 0,
      engine: 'baileys',
      database: { url: process.env.DATABASE_URL ?? db!.url, poolMax: 8 },
      sharedSecret: SECRET,
      webhook: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/` },
      logLevel: 'warn',
      rateLimit: { requestsPerWindow: 1_000_000, anonymousPerWindow: 1_000_000 },
      baileys: { authSecret: SECRET, resumeStaggerMs: 0, qrWaitMs: 5000, logLevel: 'warn' },
    },
  ),
  { logger: false, socketFactory: network.factory },
);
const url = await service.listen();
const engine = service.engine as BaileysEngine;

const stored = new Map<string, number>();
const storeInbound = engine.records.storeInbound.bind(engine.records);
engine.records.storeInbound = async (messages) => {
  const ids = await storeInbound(messages);
  const at = performance.now();
  for (const m of messages) stored.set(m.messageId, at);
  return ids;
};

const memoryBefore = await settledMemory();
const keys: string[] = [];
const started = performance.now();
for (let i = 0; i < SESSIONS; i++) {
  const body = JSON.stringify({ shop_id: 1, label: `bench ${i}` });
  const res = await fetch(`${url}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signRequest(SECRET, body) },
    body,
  });
  if (res.status !== 201) throw new Error(`POST /sessions answered ${res.status}: ${await res.text()}`);
  const key = ((await res.json()) as { session_key: string }).session_key;
  network.socketOf(key).scanned(`346${String(10_000_000 + i).padStart(8, '0')}`);
  keys.push(key);
}
for (const key of keys) {
  while ((await engine.status(key)).status !== 'connected') await new Promise((resolve) => setTimeout(resolve, 20));
}
const pairedIn = performance.now() - started;
const memoryAfter = await settledMemory();

const sentAt = new Map<string, number>();
const interval = 1000 / RATE;
const t0 = performance.now();
for (let i = 0; i < TOTAL; i++) {
  const due = t0 + i * interval;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  const key = keys[i % keys.length]!;
  const id = `BENCH${i}`;
  sentAt.set(id, performance.now());
  network
    .socketOf(key)
    .receive({ id, remoteJid: `34611${String(i % 1000).padStart(6, '0')}@s.whatsapp.net`, text: `m${i}` });
}
const deadline = Date.now() + 60_000;
while ((stored.size < TOTAL || delivered.size < TOTAL) && Date.now() < deadline)
  await new Promise((resolve) => setTimeout(resolve, 50));
const elapsed = (performance.now() - t0) / 1000;
const latencies = (arrivals: Map<string, number>) =>
  [...sentAt]
    .filter(([id]) => arrivals.has(id))
    .map(([id, at]) => arrivals.get(id)! - at)
    .sort((a, b) => a - b);
const toStore = latencies(stored);
const toWebhook = latencies(delivered);

console.log(`sessions: ${SESSIONS} created and paired in ${(pairedIn / 1000).toFixed(1)} s`);
console.log(`service, ${SESSIONS} sessions against none: ${perSession(memoryBefore, memoryAfter)}`);
console.log(`inbound: ${TOTAL} messages at ${RATE}/s, all handled in ${elapsed.toFixed(1)} s`);
console.log(
  `  upsert → stored (row + event committed): ${toStore.length}/${TOTAL}, p50 ${percentile(toStore, 50).toFixed(1)} ms, p99 ${percentile(toStore, 99).toFixed(1)} ms`,
);
console.log(
  `  upsert → webhook received:               ${toWebhook.length}/${TOTAL}, p50 ${percentile(toWebhook, 50).toFixed(1)} ms, p99 ${percentile(toWebhook, 99).toFixed(1)} ms`,
);

await service.close();
await new Promise((resolve) => receiver.close(resolve));
await db?.drop();

// The library's own socket, SESSIONS of them, each connected to a silent local WebSocket server.
const upgrades: Duplex[] = [];
const silent = createServer().on('upgrade', (request, socket: Duplex) => {
  const accept = createHash('sha1')
    .update(`${request.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
    .digest('base64');
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  upgrades.push(socket);
});
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const quiet: ILogger = {
  level: 'silent',
  child: () => quiet,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
const inMemoryKeys = (): SignalKeyStore => {
  const data = new Map<string, unknown>();
  return {
    get: async (type, ids) =>
      Object.fromEntries(
        ids.filter((id) => data.has(`${type}.${id}`)).map((id) => [id, data.get(`${type}.${id}`)]),
      ) as never,
    set: async (changes) => {
      for (const [type, entries] of Object.entries(changes))
        for (const [id, value] of Object.entries(entries ?? {})) data.set(`${type}.${id}`, value);
    },
  };
};
const socketsBefore = await settledMemory();
const librarySockets = Array.from({ length: SESSIONS }, () =>
  makeWASocket({
    auth: { creds: initAuthCreds(), keys: makeCacheableSignalKeyStore(inMemoryKeys(), quiet) },
    waWebSocketUrl: `ws://127.0.0.1:${(silent.address() as AddressInfo).port}/ws/chat`,
    connectTimeoutMs: 600_000,
    logger: quiet,
    browser: Browsers.ubuntu('Bench'),
    markOnlineOnConnect: false,
  }),
);
while (upgrades.length < SESSIONS) await new Promise((resolve) => setTimeout(resolve, 50));
const socketsAfter = await settledMemory();
console.log(`library sockets, ${SESSIONS} in their handshake: ${perSession(socketsBefore, socketsAfter)}`);
for (const socket of librarySockets) void socket.end(undefined);
for (const socket of upgrades) socket.destroy();
await new Promise((resolve) => silent.close(resolve));
