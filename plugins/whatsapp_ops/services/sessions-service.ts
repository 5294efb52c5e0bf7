import { invalidState, notFound, pageOf, sql, ToolError, type Paging } from '../../../core/index.js';
import type { PairingInfo, SessionInfo, SessionRef } from '../channel/channel-port.js';
import { ChannelError } from '../channel/channel-error.js';
import { ChatappSession } from '../entities/chatapp-session.entity.js';
import { ChatappMessage } from '../entities/chatapp-message.entity.js';
import { ROUTING_ROLES, type RoutingRole, type SessionStatus } from '../entities/values.js';
import type { ChatappCradle } from './cradle.js';
import { channelLabel } from './channel-label.js';
import { viaChannel } from './channel-failure.js';
import { sessionPayload, type SessionPayload } from './payloads.js';

/** A line as the send path needs it: its id, how the port reaches it, and what the contact window reads. */
export type SendLine = Pick<ChatappSession, 'id' | 'sessionKey' | 'apiKeySealed' | 'status' | 'phone' | 'label'>;

export interface ConnectRequest {
  label?: string;
  forceNew: boolean;
  routingRoles?: RoutingRole[];
}

const pairingPayload = (p: PairingInfo) => ({
  status: p.status,
  pairing_url: p.pairingUrl,
  qr_image_url: p.qrImageUrl,
  qr_data_url: p.qrDataUrl,
});

const livePayload = (info: SessionInfo) => ({
  status: info.status,
  phone: info.phone,
  connected_at: info.connectedAt ? info.connectedAt.toISOString() : null,
  disconnected_at: info.disconnectedAt ? info.disconnectedAt.toISOString() : null,
  engine: info.engine,
  sandbox: info.sandbox,
  notice: info.notice,
});

/** The session states a line can be disconnected from. */
const DISCONNECTABLE: SessionStatus[] = ['awaiting_pairing', 'connected'];

/**
 * The shop's lines: pairing through the channel port, routing roles, mass-marketing use, and the
 * choice of the line a message goes out on.
 */
export class ChatappSessionsService {
  constructor(private readonly deps: ChatappCradle) {}

  private get em() {
    return this.deps.em;
  }

  private get port() {
    return this.deps.chatappChannel;
  }

  /**
   * A line waiting to be paired. Without force_new an unused line of the shop is paired again
   * (the most recently disconnected one, else one still awaiting pairing) instead of creating
   * another. Routing roles default to all three for the shop's first line, operations after.
   */
  async connect(request: ConnectRequest) {
    const reusable = request.forceNew ? null : await this.reusable();
    if (reusable) {
      const pairing = await viaChannel(() => this.port.connect(this.ref(reusable)));
      if (request.label !== undefined) reusable.label = request.label;
      if (request.routingRoles) reusable.routingRoles = unique(request.routingRoles);
      if (pairing.status === 'awaiting_pairing') reusable.status = 'awaiting_pairing';
      await this.em.flush();
      return this.connectPayload(reusable, pairing, true);
    }
    const first = (await this.em.count(ChatappSession, {})) === 0;
    const created = await viaChannel(() =>
      this.port.createSession({ shopId: this.deps.shop.id, label: request.label }),
    );
    const session = this.em.create(ChatappSession, {
      label: request.label ?? null,
      sessionKey: created.sessionKey,
      apiKeySealed: created.apiKey ? this.deps.secrets.seal(created.apiKey) : null,
      adapter: this.port.kind,
      sandbox: created.pairing.sandbox,
      routingRoles: request.routingRoles ? unique(request.routingRoles) : first ? [...ROUTING_ROLES] : ['operations'],
      status: 'awaiting_pairing',
    } as ChatappSession);
    await this.em.flush();
    return this.connectPayload(session, created.pairing, false);
  }

  async get(id: number): Promise<ChatappSession> {
    const session = await this.em.findOne(ChatappSession, { id });
    if (!session) throw notFound('session', id);
    return session;
  }

  /** One line with what its engine reports live, or every line of the shop. */
  async status(id: number | undefined) {
    if (id !== undefined) {
      const session = await this.get(id);
      return {
        session: { ...sessionPayload(session), live: await this.live(session) },
        ...channelLabel(this.port, [session]),
      };
    }
    const sessions = await this.em.find(ChatappSession, {}, { orderBy: { id: 'asc' } });
    const withLive = [];
    for (const session of sessions) withLive.push({ ...sessionPayload(session), live: await this.live(session) });
    return {
      sessions: withLive,
      count: sessions.length,
      connected_count: sessions.filter((s) => s.status === 'connected').length,
      ...channelLabel(this.port, sessions),
    };
  }

  async list(status: SessionStatus | undefined, paging: Paging) {
    const [items, count] = await this.em.findAndCount(ChatappSession, status ? { status } : {}, {
      orderBy: { id: 'asc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return { ...pageOf('sessions', items.map(sessionPayload), count, paging), ...channelLabel(this.port, items) };
  }

  async disconnect(id: number) {
    const session = await this.get(id);
    if (!DISCONNECTABLE.includes(session.status)) {
      throw invalidState(`Session ${id} is ${session.status}.`, {
        current_status: session.status,
        allowed: DISCONNECTABLE,
      });
    }
    const info = await viaChannel(() => this.port.logout(this.ref(session)));
    session.status = 'disconnected';
    session.disconnectedAt = info.disconnectedAt ?? new Date();
    await this.em.flush();
    return { session: sessionPayload(session), ...channelLabel(this.port, [session]) };
  }

  async updateRoutingRoles(id: number, roles: RoutingRole[]) {
    const session = await this.get(id);
    session.routingRoles = unique(roles);
    await this.em.flush();
    return { session: sessionPayload(session) };
  }

  /** For mass_marketing's assign_marketing_session. */
  async setMassMarketing(sessionId: number, enabled: boolean): Promise<SessionPayload> {
    const session = await this.get(sessionId);
    session.massMarketingEnabled = enabled;
    await this.em.flush();
    return sessionPayload(session);
  }

  /** Connected lines, oldest connection first; optionally only those with a routing role or mass marketing on. */
  async listConnected(filter: { role?: RoutingRole; massMarketing?: boolean } = {}): Promise<SessionPayload[]> {
    return (await this.connected(filter.role))
      .filter((s) => filter.massMarketing === undefined || s.massMarketingEnabled === filter.massMarketing)
      .map(sessionPayload);
  }

  /**
   * The line a message to `phone` goes out on by default: among the connected lines (with `role`,
   * when given), the one that last exchanged a message with this phone, else the first connected.
   */
  async chooseFor(phone: string, role?: RoutingRole): Promise<ChatappSession | null> {
    const candidates = await this.connected(role);
    if (candidates.length === 0) return null;
    const [last] = await this.em.find(
      ChatappMessage,
      { phone, session: { $in: candidates.map((c) => c.id) } },
      { orderBy: { id: 'desc' }, limit: 1 },
    );
    return candidates.find((c) => c.id === last?.session.id) ?? candidates[0]!;
  }

  /**
   * The line of each send: the one named (which must be connected) or the default for the role.
   * Named lines are read in one query; each answer is the line or its refusal.
   */
  async forSends(sends: { phone: string; sessionId?: number; role: RoutingRole }[]): Promise<(SendLine | ToolError)[]> {
    const ids = [...new Set(sends.flatMap((s) => (s.sessionId === undefined ? [] : [s.sessionId])))];
    const named = await this.namedLines(ids);
    const lines: (SendLine | ToolError)[] = [];
    for (const { phone, sessionId, role } of sends) {
      if (sessionId !== undefined) {
        const session = named.get(sessionId);
        if (!session) lines.push(notFound('session', sessionId));
        else if (session.status !== 'connected') {
          lines.push(
            new ToolError(
              'session_not_connected',
              `Session ${sessionId} is ${session.status}; pair it with connect_chatapp first.`,
              { session_id: sessionId, current_status: session.status },
            ),
          );
        } else lines.push(session);
        continue;
      }
      const session = await this.chooseFor(phone, role);
      lines.push(
        session ??
          new ToolError(
            'session_not_connected',
            `No connected session has the routing role "${role}": connect one with connect_chatapp, give a line that role, or name session_id.`,
            {
              sender_role: role,
            },
          ),
      );
    }
    return lines;
  }

  /**
   * The lines sends name, as plain rows: a campaign batch names a line per message, and hydrating
   * hundreds of session entities per batch was a tenth of the engine's CPU.
   */
  private async namedLines(ids: number[]): Promise<Map<number, SendLine>> {
    if (ids.length === 0) return new Map();
    const rows = await sql<SendLine>(
      this.em,
      `select id, session_key "sessionKey", api_key_sealed "apiKeySealed", status, phone, label from chatapp_sessions
       where shop_id = $1 and id = any(array(select json_array_elements_text($2::json)::int))`,
      [this.deps.shop.id, JSON.stringify(ids)],
    );
    return new Map(rows.map((line) => [line.id, line]));
  }

  /** How the port addresses the line; the API key is opened only here, for the call. */
  ref(session: Pick<ChatappSession, 'sessionKey' | 'apiKeySealed'>): SessionRef {
    return {
      sessionKey: session.sessionKey,
      ...(session.apiKeySealed && { apiKey: this.deps.secrets.open(session.apiKeySealed) }),
    };
  }

  private async connected(role?: RoutingRole): Promise<ChatappSession[]> {
    const sessions = await this.em.find(
      ChatappSession,
      { status: 'connected' },
      { orderBy: { connectedAt: 'asc', id: 'asc' } },
    );
    return role ? sessions.filter((s) => s.routingRoles.includes(role)) : sessions;
  }

  private async reusable(): Promise<ChatappSession | null> {
    const [disconnected] = await this.em.find(
      ChatappSession,
      { status: 'disconnected', adapter: this.port.kind },
      { orderBy: { disconnectedAt: 'desc', id: 'desc' }, limit: 1 },
    );
    if (disconnected) return disconnected;
    const [awaiting] = await this.em.find(
      ChatappSession,
      { status: 'awaiting_pairing', adapter: this.port.kind },
      { orderBy: { id: 'desc' }, limit: 1 },
    );
    return awaiting ?? null;
  }

  /** The engine's own view; a line it cannot answer for shows the error instead of failing the whole status. */
  private async live(session: ChatappSession) {
    if (session.adapter !== this.port.kind)
      return {
        error: 'adapter_changed',
        message: `This line was created with the ${session.adapter} adapter; the server now runs ${this.port.kind}.`,
      };
    try {
      return livePayload(await this.port.status(this.ref(session)));
    } catch (err) {
      if (!(err instanceof ChannelError)) throw err;
      return { error: err.code, message: err.message };
    }
  }

  private connectPayload(session: ChatappSession, pairing: PairingInfo, reused: boolean) {
    return {
      session: sessionPayload(session),
      pairing: pairingPayload(pairing),
      reused,
      instructions:
        pairing.status === 'connected'
          ? 'This line is already paired.'
          : 'Open pairing_url on the phone that owns the number (or scan the QR code at qr_image_url / qr_data_url); the session becomes connected once paired.',
      ...channelLabel(this.port, [session]),
    };
  }
}

const unique = <T>(items: T[]): T[] => [...new Set(items)];
