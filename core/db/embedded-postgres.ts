import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PgliteWireServer } from './pglite-wire-server.js';
import { initdbApart, isInitialised } from './pglite-initdb.js';
import { acquireDataDirLock, isPidAlive, removeQuietly } from './data-dir-lock.js';
import { EMBEDDED_SHARED_BUFFERS_MB } from '../config/config-schema.js';

export interface EmbeddedPostgres {
  /** postgresql://postgres@127.0.0.1:PORT/postgres, for the ordinary `pg` driver / MikroORM. */
  url: string;
  /** Stops the socket server, closes PGlite, removes server.json and releases the lock. */
  close(): Promise<void>;
}

interface ServerInfo {
  pid: number;
  url: string;
}

const serverInfoPath = (dataDir: string) => join(dataDir, 'server.json');

/** Server mode: owns the folder until close(). */
export async function startEmbeddedPostgres(
  dataDir: string,
  opts: { maxConnections?: number; sharedBuffersMb?: number } = {},
): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(dataDir);
  const infoPath = serverInfoPath(dataDir);
  // process.exit() or an uncaught error skips close(); the lock and server.json must not outlive
  // the process, or the next start would rely on pid liveness alone (and pids get reused).
  // A kill by signal fires no 'exit': that case is the stale-lock takeover.
  const onExit = () => {
    removeQuietly(infoPath);
    releaseLock();
  };
  process.on('exit', onExit);

  let db: PGlite | undefined;
  let server: PgliteWireServer | undefined;
  try {
    const pgdata = join(dataDir, 'pgdata');
    if (!isInitialised(pgdata)) await initdbApart(pgdata);
    // The extensions the kernel's migrations create; PostgreSQL proper ships them in contrib.
    db = await PGlite.create(pgdata, {
      extensions: { pg_trgm, unaccent, btree_gin },
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        `shared_buffers=${opts.sharedBuffersMb ?? EMBEDDED_SHARED_BUFFERS_MB}MB`,
      ],
    });
    server = new PgliteWireServer(db, opts.maxConnections ?? 16);
    const port = await server.listen();
    const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    writeServerInfo(infoPath, { pid: process.pid, url });

    let closing: Promise<void> | undefined;
    const [openDb, openServer] = [db, server];
    const close = async () => {
      await openServer.close();
      await openDb.close();
      process.off('exit', onExit);
      onExit();
    };
    return { url, close: () => (closing ??= close()) };
  } catch (err) {
    await server?.close().catch(() => {});
    await db?.close().catch(() => {});
    process.off('exit', onExit);
    onExit();
    throw err;
  }
}

/**
 * CLI mode: reuse the database of a live server that owns dataDir (close() is then a no-op),
 * otherwise open the folder ourselves exactly like startEmbeddedPostgres.
 */
export async function connectToDataDir(dataDir: string): Promise<EmbeddedPostgres & { shared: boolean }> {
  const info = readServerInfo(serverInfoPath(dataDir));
  if (info && isPidAlive(info.pid) && (await canConnect(info.url))) {
    return { url: info.url, close: async () => {}, shared: true };
  }
  return { ...(await startEmbeddedPostgres(dataDir)), shared: false };
}

function writeServerInfo(path: string, info: ServerInfo): void {
  // Write-then-rename so a concurrent reader never sees half a file.
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(info));
  renameSync(tmp, path);
}

function readServerInfo(path: string): ServerInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as Partial<ServerInfo>;
    return typeof info.pid === 'number' && typeof info.url === 'string' ? (info as ServerInfo) : undefined;
  } catch {
    return undefined;
  }
}

/** A pid alone can be reused by an unrelated process; a listening port confirms the server is there. */
function canConnect(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.setTimeout(2000);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}
