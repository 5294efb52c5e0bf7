import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { NotificationScanner } from './notification-scanner.js';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

/** Frontend messages after which the client waits for answers: the end of a unit of work on the wire. */
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const FLUSH = 0x48; // 'H'
const COPY_DONE = 0x63; // 'c'
const COPY_FAIL = 0x66; // 'f'
const TERMINATE = 0x58; // 'X'

interface Unit {
  client: WireClient;
  bytes: Uint8Array;
  /** Ended with Flush: the client goes on with the same extended-protocol sequence. */
  open: boolean;
}

/**
 * PostgreSQL's wire protocol over TCP for one PGlite instance, which has one session. Clients take
 * turns at whole units: the messages up to a Sync or a simple Query (or the startup packet) run
 * together, so one client's Parse/Bind/Execute never interleave with another's (two clients'
 * unnamed statements in one session would clobber each other: "unnamed prepared statement does
 * not exist"). While a client is inside a transaction, or has flushed mid-sequence, only it is
 * served. A client that goes away leaves nothing half done: its incomplete unit is dropped
 * unsent, an open sequence is closed with a Sync and an open transaction rolled back.
 *
 * Written for this server instead of @electric-sql/pglite-socket, whose queue runs each message
 * on its own and keeps a client's turn only inside a transaction.
 */
export class PgliteWireServer {
  private readonly server: Server;
  private readonly clients = new Set<WireClient>();
  private readonly queue: Unit[] = [];
  /** The client whose turn it is until it syncs or ends its transaction. */
  private owner: WireClient | null = null;
  /** The pass serving the queue, while one runs: one at a time, since PGlite is one session. */
  private draining: Promise<void> | null = null;

  constructor(
    readonly db: PGlite,
    private readonly maxConnections: number,
  ) {
    this.server = createServer((socket) => this.accept(socket));
  }

  /** Listens on 127.0.0.1; returns the port. */
  listen(port = 0): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve((this.server.address() as { port: number }).port);
      });
    });
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.draining;
  }

  private accept(socket: Socket): void {
    socket.setNoDelay(true);
    socket.on('error', () => socket.destroy());
    // As PostgreSQL past max_connections: the client is told why at its startup, not just dropped
    // (a dropped socket reads as ECONNRESET, which says nothing of the cause).
    if (this.clients.size >= this.maxConnections) {
      new WireClient(
        socket,
        () => {},
        () => {},
        TOO_MANY_CLIENTS,
      );
      return;
    }
    const client = new WireClient(
      socket,
      (unit) => {
        this.queue.push(unit);
        void this.drain();
      },
      (message) => this.notifyOthers(client, message),
    );
    this.clients.add(client);
    socket.on('close', () => {
      this.clients.delete(client);
      for (let i = this.queue.length - 1; i >= 0; i--) if (this.queue[i]!.client === client) this.queue.splice(i, 1);
      void this.drain();
    });
  }

  private drain(): Promise<void> {
    // serve() starts on the next microtask: run at once it could finish before the assignment.
    return (this.draining ??= Promise.resolve().then(() => this.serve()));
  }

  /**
   * Serves units until none can run now. Ends without an await between the last check and the
   * reset of `draining`, so a unit queued meanwhile is always seen by this pass or starts the next.
   */
  private async serve(): Promise<void> {
    try {
      for (;;) {
        if (this.owner && !this.clients.has(this.owner)) {
          await this.release();
          continue;
        }
        const at = this.owner ? this.queue.findIndex((u) => u.client === this.owner) : 0;
        if (at === -1 || this.queue.length === 0) break;
        const [unit] = this.queue.splice(at, 1);
        await this.run(unit!);
      }
    } finally {
      this.draining = null;
    }
  }

  private async run(unit: Unit): Promise<void> {
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(unit.bytes, {
          onRawData: (data) => {
            unit.client.write(data);
            unit.client.scanner.push(data);
          },
        }),
      );
      unit.client.connected = true;
      this.owner = unit.open || this.db.isInTransaction() ? unit.client : null;
    } catch {
      // The engine could not take the unit, so the client cannot get its answer: it goes, and its
      // turn is released like any departed client's.
      this.owner = unit.client;
      unit.client.socket.destroy();
      this.clients.delete(unit.client);
    }
  }

  /**
   * PGlite is one session, so a NOTIFY it delivers lands in the answer of the client whose unit
   * committed it. Every client is that session, as PostgreSQL would tell each listening backend: the
   * others get the message too, between their own answers (they are idle while this unit runs).
   * Clients ignore notifications they did not ask for; only channels the session LISTENs to make one.
   */
  private notifyOthers(from: WireClient, message: Uint8Array): void {
    for (const client of this.clients) if (client !== from && client.connected) client.write(message);
  }

  /** A client gone mid-turn must not leave the session in its sequence or its transaction. */
  private async release(): Promise<void> {
    this.owner = null;
    await this.db.runExclusive(() => this.db.execProtocolRawStream(syncMessage(), { onRawData: () => {} }));
    // exec() takes the instance's lock itself.
    if (this.db.isInTransaction()) await this.db.exec('rollback');
  }
}

/** One connection: splits its bytes into protocol messages and hands them over in whole units. */
class WireClient {
  readonly scanner: NotificationScanner;
  /** Its startup has been answered: from then on it may be sent a notification. */
  connected = false;
  /** Bytes received and not yet taken, as they came: a 6 MB insert arrives in a hundred chunks. */
  private chunks: Buffer[] = [];
  private size = 0;
  private pending: Buffer[] = [];
  private started = false;

  constructor(
    readonly socket: Socket,
    private readonly submit: (unit: Unit) => void,
    notified: (message: Uint8Array) => void,
    /** Answered to its startup instead of running it: the connection is refused. */
    private readonly refusal?: Uint8Array,
  ) {
    this.scanner = new NotificationScanner(notified);
    socket.on('data', (chunk) => this.receive(chunk));
  }

  write(data: Uint8Array): void {
    if (data.length > 0 && this.socket.writable) this.socket.write(data);
  }

  private receive(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    for (;;) {
      if (!this.started) {
        if (this.size < 8) return;
        const length = this.head(8).readInt32BE(0);
        if (this.size < length) return;
        const code = this.head(8).readInt32BE(4);
        const packet = this.take(length);
        if (code === SSL_REQUEST) this.write(Buffer.from('N'));
        else if (code === CANCEL_REQUEST) this.socket.end();
        else if (code === PROTOCOL_3 && this.refusal) {
          this.socket.end(this.refusal);
          return;
        } else if (code === PROTOCOL_3) {
          this.started = true;
          this.submit({ client: this, bytes: packet, open: false });
        } else this.socket.destroy();
        continue;
      }
      if (this.size < 5) return;
      const length = 1 + this.head(5).readInt32BE(1);
      if (this.size < length) return;
      const type = this.head(5)[0]!;
      const message = this.take(length);
      if (type === TERMINATE) {
        this.socket.end();
        return;
      }
      this.pending.push(message);
      if (type === SYNC || type === QUERY || type === FLUSH || type === COPY_DONE || type === COPY_FAIL) {
        const bytes = Buffer.concat(this.pending);
        this.pending = [];
        this.submit({ client: this, bytes, open: type === FLUSH });
      }
    }
  }

  /**
   * The first chunk, joined with those after it until it holds `length` bytes. Joining only when a
   * whole message is there copies each byte once; joining on every chunk made a large statement
   * quadratic (a tenth of a mail sync's CPU went to Buffer.concat).
   */
  private head(length: number): Buffer {
    if (this.chunks[0]!.length < length) this.chunks = [Buffer.concat(this.chunks, this.size)];
    return this.chunks[0]!;
  }

  private take(length: number): Buffer {
    const first = this.head(length);
    const message = first.subarray(0, length);
    if (first.length === length) this.chunks.shift();
    else this.chunks[0] = first.subarray(length);
    this.size -= length;
    return message;
  }
}

const syncMessage = () => Uint8Array.from([SYNC, 0, 0, 0, 4]);

/** A backend ErrorResponse: severity, SQLSTATE and message fields, as PostgreSQL sends them. */
function errorResponse(severity: string, code: string, text: string): Uint8Array {
  const body = Buffer.from(`S${severity}\0V${severity}\0C${code}\0M${text}\0\0`);
  const out = Buffer.alloc(5 + body.length);
  out.write('E', 0);
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

const TOO_MANY_CLIENTS = errorResponse('FATAL', '53300', 'sorry, too many clients already');
