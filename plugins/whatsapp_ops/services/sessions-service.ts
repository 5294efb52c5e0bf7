import { invalidArguments, invalidState, notFound, pageOf, sql, ToolError, type Paging } from '../../../core/index.js';
import type { ChannelPort, LineOutcome, PairingInfo, SessionInfo } from '../channel/channel-port.js';
import { ChannelError } from '../channel/channel-error.js';
import type { LineStop } from '../channel/providers/provider-kind.js';
import { ChatappSession } from '../entities/chatapp-session.entity.js';
import { ChatappMessage } from '../entities/chatapp-message.entity.js';
import { ROUTING_ROLES, type RoutingRole, type SessionStatus } from '../entities/values.js';
import type { ChatappCradle } from './cradle.js';
import { channelLabel, listLabel } from './channel-label.js';
import { viaChannel } from './channel-failure.js';
import { sessionPayload, type SessionPayload } from './payloads.js';

/** A line as the send path needs it: its id, how its adapter is found and reaches it, and what the contact window reads. */
export type SendLine = Pick<
  ChatappSession,
  'id' | 'sessionKey' | 'apiKeySealed' | 'status' | 'phone' | 'label' | 'adapter' | 'providerId' | 'externalId'
>;

export interface ConnectRequest {
  label?: string;
  forceNew: boolean;
  routingRoles?: RoutingRole[];
  /** A provider of the shop's own (configure_chatapp_provider); default the installation's adapter. */
  providerId?: number;
  /** The number to register, for providers without pairing (the Cloud API's phone_number_id). */
  phoneNumberId?: string;
}

/** What the owner does to bring back a line the network stopped. */
const REMEDIES: Record<LineOutcome, string> = {
  token_expired:
    "Give the provider a new access token with configure_chatapp_provider, then connect_chatapp with the line's provider_id and phone_number_id.",
  blocked:
    'The network blocked the number for policy reasons; once the block ends (see the account in Meta Business Suite), connect_chatapp with its provider_id and phone_number_id.',
};

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

  private get channels() {
    return this.deps.chatappChannels;
  }

  private get installation() {
    return this.deps.chatappChannels.installation;
  }

  /**
   * A line of the installation's adapter, or of one of the shop's providers (provider_id). Lines
   * that pair: without force_new an unused line of the same adapter is paired again (the most
   * recently disconnected one, else one still awaiting pairing) instead of creating another. A
   * registered number (phone_number_id) is one line: connecting it again brings that line back.
   * Routing roles default to all three for the shop's first line, operations after.
   */
  async connect(request: ConnectRequest) {
    let port = this.installation;
    let providerId: number | null = null;
    if (request.providerId !== undefined) {
      providerId = (await this.deps.chatappProvidersService.get(request.providerId)).id;
      port = await this.channels.forProvider(providerId);
    }
    if (!port.capabilities.pairing) return this.register(port, providerId!, request);
    if (request.phoneNumberId !== undefined)
      throw invalidArguments(
        `phone_number_id is for providers whose numbers are registered, not paired (${port.kind} pairs).`,
        [{ path: 'phone_number_id', message: 'not taken by this adapter' }],
      );
    const reusable = request.forceNew ? null : await this.reusable(port, providerId);
    if (reusable) {
      const pairing = await viaChannel(() => port.connect(this.channels.ref(reusable)));
      this.applyRequest(reusable, request);
      if (pairing.status === 'awaiting_pairing') reusable.status = 'awaiting_pairing';
      await this.em.flush();
      return this.connectPayload(reusable, pairing, true);
    }
    const created = await viaChannel(() => port.createSession({ shopId: this.deps.shop.id, label: request.label }));
    const session = this.em.create(ChatappSession, {
      label: request.label ?? null,
      sessionKey: created.sessionKey,
      apiKeySealed: created.apiKey ? this.deps.secrets.seal(created.apiKey) : null,
      adapter: port.kind,
      providerId,
      // A provider's own name for the line (a WAHA session, an Evolution API instance).
      externalId: created.externalId ?? null,
      sandbox: created.pairing.sandbox,
      routingRoles: await this.defaultRoles(request),
      status: 'awaiting_pairing',
    } as ChatappSession);
    await this.em.flush();
    return this.connectPayload(session, created.pairing, false);
  }

  /** A provider's registered number as a line, connected once the network answers for it. */
  private async register(port: ChannelPort, providerId: number, request: ConnectRequest) {
    const externalId = request.phoneNumberId;
    if (externalId === undefined)
      throw invalidArguments(
        `A ${port.kind} line is a registered number: give phone_number_id (configure_chatapp_provider lists the account's numbers).`,
        [{ path: 'phone_number_id', message: 'is required with this provider' }],
      );
    const existing = await this.em.findOne(ChatappSession, { providerId, externalId });
    if (existing) {
      const pairing = await viaChannel(() => port.connect(this.channels.ref(existing)));
      this.applyRequest(existing, request);
      Object.assign(existing, {
        status: 'connected',
        connectedAt: new Date(),
        disconnectedAt: null,
        statusReason: null,
      });
      await this.em.flush();
      return this.connectPayload(existing, pairing, true);
    }
    const created = await viaChannel(() =>
      port.createSession({ shopId: this.deps.shop.id, label: request.label, externalId }),
    );
    const session = this.em.create(ChatappSession, {
      label: request.label ?? null,
      sessionKey: created.sessionKey,
      apiKeySealed: null,
      adapter: port.kind,
      providerId,
      externalId,
      sandbox: created.pairing.sandbox,
      routingRoles: await this.defaultRoles(request),
      status: 'connected',
      phone: created.phone ?? null,
      connectedAt: new Date(),
    } as ChatappSession);
    await this.em.flush();
    return this.connectPayload(session, created.pairing, false);
  }

  private applyRequest(session: ChatappSession, request: ConnectRequest) {
    if (request.label !== undefined) session.label = request.label;
    if (request.routingRoles) session.routingRoles = unique(request.routingRoles);
  }

  private async defaultRoles(request: ConnectRequest): Promise<RoutingRole[]> {
    if (request.routingRoles) return unique(request.routingRoles);
    return (await this.em.count(ChatappSession, {})) === 0 ? [...ROUTING_ROLES] : ['operations'];
  }

  /**
   * The network stopped lines of a provider (an expired token: all of them; a blocked number: that
   * one): each connected one is disconnected with the reason, and the owner is told through
   * whatsapp_ops.line_disconnected with what to do. Lines already stopped change nothing.
   */
  async stopLines(stop: Omit<LineStop, 'shopId'>): Promise<number> {
    const lines = await this.em.find(ChatappSession, {
      providerId: stop.providerId,
      status: 'connected',
      ...(stop.externalId !== null && { externalId: stop.externalId }),
    });
    const at = new Date();
    for (const line of lines)
      Object.assign(line, {
        status: 'disconnected',
        disconnectedAt: at,
        statusReason: `${stop.outcome}: ${stop.reason}`,
      });
    await this.em.flush();
    await this.deps.events.emitMany(
      'whatsapp_ops.line_disconnected',
      lines.map((line) => ({
        session_id: line.id,
        label: line.label ?? null,
        phone: line.phone ?? null,
        reason: stop.outcome,
        remedy: REMEDIES[stop.outcome],
        disconnected_at: at.toISOString(),
      })),
    );
    return lines.length;
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
        ...channelLabel([session]),
      };
    }
    const sessions = await this.em.find(ChatappSession, {}, { orderBy: { id: 'asc' } });
    const withLive = [];
    for (const session of sessions) withLive.push({ ...sessionPayload(session), live: await this.live(session) });
    return {
      sessions: withLive,
      count: sessions.length,
      connected_count: sessions.filter((s) => s.status === 'connected').length,
      ...(await listLabel(this.installation, sessions)),
    };
  }

  async list(status: SessionStatus | undefined, paging: Paging) {
    const [items, count] = await this.em.findAndCount(ChatappSession, status ? { status } : {}, {
      orderBy: { id: 'asc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return {
      ...pageOf('sessions', items.map(sessionPayload), count, paging),
      ...(await listLabel(this.installation, items)),
    };
  }

  async disconnect(id: number) {
    const session = await this.get(id);
    if (!DISCONNECTABLE.includes(session.status)) {
      throw invalidState(`Session ${id} is ${session.status}.`, {
        current_status: session.status,
        allowed: DISCONNECTABLE,
      });
    }
    const port = await viaChannel(() => this.channels.forLine(session));
    const info = await viaChannel(() => port.logout(this.channels.ref(session)));
    session.status = 'disconnected';
    session.disconnectedAt = info.disconnectedAt ?? new Date();
    await this.em.flush();
    return { session: sessionPayload(session), ...channelLabel([session]) };
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
   * when given, and `usable` for the message), the one that last exchanged a message with this
   * phone, else the first connected.
   */
  async chooseFor(
    phone: string,
    role?: RoutingRole,
    usable: (line: ChatappSession) => Promise<boolean> = async () => true,
  ): Promise<ChatappSession | null> {
    const candidates: ChatappSession[] = [];
    for (const line of await this.connected(role)) if (await usable(line)) candidates.push(line);
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
      `select id, session_key "sessionKey", api_key_sealed "apiKeySealed", status, phone, label, adapter,
              provider_id "providerId", external_id "externalId" from chatapp_sessions
       where shop_id = $1 and id = any(array(select json_array_elements_text($2::json)::int))`,
      [this.deps.shop.id, JSON.stringify(ids)],
    );
    return new Map(rows.map((line) => [line.id, line]));
  }

  private async connected(role?: RoutingRole): Promise<ChatappSession[]> {
    const sessions = await this.em.find(
      ChatappSession,
      { status: 'connected' },
      { orderBy: { connectedAt: 'asc', id: 'asc' } },
    );
    return role ? sessions.filter((s) => s.routingRoles.includes(role)) : sessions;
  }

  private async reusable(port: ChannelPort, providerId: number | null): Promise<ChatappSession | null> {
    const same = { adapter: port.kind, providerId };
    const [disconnected] = await this.em.find(
      ChatappSession,
      { status: 'disconnected', ...same },
      { orderBy: { disconnectedAt: 'desc', id: 'desc' }, limit: 1 },
    );
    if (disconnected) return disconnected;
    const [awaiting] = await this.em.find(
      ChatappSession,
      { status: 'awaiting_pairing', ...same },
      { orderBy: { id: 'desc' }, limit: 1 },
    );
    return awaiting ?? null;
  }

  /** The engine's own view; a line it cannot answer for shows the error instead of failing the whole status. */
  private async live(session: ChatappSession) {
    try {
      const port = await this.channels.forLine(session);
      return livePayload(await port.status(this.channels.ref(session)));
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
        pairing.status !== 'connected'
          ? 'Open pairing_url on the phone that owns the number (or scan the QR code at qr_image_url / qr_data_url); the session becomes connected once paired.'
          : session.externalId
            ? 'This number is connected through its provider: it sends and receives now (point the app webhook at the provider webhook_url that list_chatapp_providers shows).'
            : 'This line is already paired.',
      ...channelLabel([session]),
    };
  }
}

const unique = <T>(items: T[]): T[] => [...new Set(items)];
