import { invalidArguments, normalizePhone, ToolError } from '../../../core/index.js';
import { ChatappSettings } from '../entities/chatapp-settings.entity.js';
import { ChatappContactWindow } from '../entities/chatapp-contact-window.entity.js';
import type { ChatappSession } from '../entities/chatapp-session.entity.js';
import { BILLING_SOURCES, type BillingSource, type RoutingRole } from '../entities/values.js';
import type { ChatappCradle } from './cradle.js';
import type { SendLine } from './sessions-service.js';

export interface SettingsChanges {
  /** null returns to the deployment's default. */
  windowHours?: number | null;
  filters?: Partial<Record<BillingSource, boolean>>;
}

const HOUR_MS = 3_600_000;

/** The network's own rule (the Cloud API): free-form messages only within this long of the customer's last message. */
export const SERVICE_WINDOW_HOURS = 24;

const isBillingSource = (value: string): value is BillingSource => (BILLING_SOURCES as string[]).includes(value);

/**
 * The contact window: whether a customer wrote to a physical line recently enough for an automatic
 * message of a billing source to go out on it. The window (hours) and a filter per billing source
 * are shop settings; with a source's filter on, the send path refuses its automatic messages to
 * customers outside the window on the line chosen.
 */
export class ChatappEligibilityService {
  constructor(private readonly deps: ChatappCradle) {}

  private get em() {
    return this.deps.em;
  }

  async settings() {
    const row = await this.em.findOne(ChatappSettings, {});
    return { settings: this.settingsPayload(row) };
  }

  async updateSettings(changes: SettingsChanges) {
    if (
      changes.windowHours === undefined &&
      (changes.filters === undefined || Object.keys(changes.filters).length === 0)
    ) {
      throw invalidArguments('Nothing to change: give window_hours and/or filters.', [
        { path: 'window_hours', message: 'or filters is required' },
      ]);
    }
    await this.em.execute(
      'insert into chatapp_settings (shop_id, window_hours, filters, updated_at) values (?, null, ?, now()) on conflict (shop_id) do nothing',
      [this.deps.shop.id, JSON.stringify({})],
    );
    const row = (await this.em.findOne(ChatappSettings, {}))!;
    if (changes.windowHours !== undefined) row.windowHours = changes.windowHours;
    if (changes.filters) row.filters = { ...row.filters, ...changes.filters };
    await this.em.flush();
    return { settings: this.settingsPayload(row) };
  }

  /** Sends nothing: what an automatic message of this source to this phone would meet on the line chosen for the role. */
  async check(rawPhone: string, billingSource: BillingSource, senderRole: RoutingRole) {
    const phone = normalizePhone(rawPhone);
    const { window_hours: windowHours, filters } = this.settingsPayload(await this.em.findOne(ChatappSettings, {}));
    const optedOut = await this.deps.chatappOptoutsService.isOptedOut(phone);
    const line = await this.deps.chatappSessionsService.chooseFor(phone, senderRole);
    const lastInboundAt = line ? await this.lastInbound(line, phone) : null;
    const within = lastInboundAt !== null && lastInboundAt.getTime() > Date.now() - windowHours * HOUR_MS;
    const filterEnabled = filters[billingSource];
    const reason = !line
      ? 'session_not_connected'
      : optedOut
        ? 'opted_out'
        : filterEnabled && !within
          ? 'outside_window'
          : null;
    return {
      eligibility: {
        phone,
        billing_source: billingSource,
        sender_role: senderRole,
        eligible: reason === null,
        reason,
        within_window: within,
        last_inbound_at: lastInboundAt ? lastInboundAt.toISOString() : null,
        window_expires_at: lastInboundAt
          ? new Date(lastInboundAt.getTime() + windowHours * HOUR_MS).toISOString()
          : null,
        window_hours: windowHours,
        filter_enabled: filterEnabled,
        opted_out: optedOut,
        line: line && { session_id: line.id, phone: line.phone ?? null, label: line.label ?? null },
      },
    };
  }

  /**
   * For the send path, a batch of automatic sends: refuses those whose source is filtered when the
   * customer is outside the window. The settings once, the windows in one query; null where the send may go.
   */
  async refusals(sends: { line: SendLine; phone: string; billingSource: string }[]): Promise<(ToolError | null)[]> {
    const answers: (ToolError | null)[] = sends.map(() => null);
    if (!sends.some((s) => isBillingSource(s.billingSource))) return answers;
    const { window_hours: windowHours, filters } = this.settingsPayload(await this.em.findOne(ChatappSettings, {}));
    const filtered = sends.flatMap((s, i) =>
      isBillingSource(s.billingSource) && filters[s.billingSource] ? [{ ...s, i }] : [],
    );
    if (filtered.length === 0) return answers;
    const windows = await this.em.find(ChatappContactWindow, {
      linePhone: { $in: [...new Set(filtered.flatMap((s) => (s.line.phone ? [s.line.phone] : [])))] },
      customerPhone: { $in: [...new Set(filtered.map((s) => s.phone))] },
    });
    const lastInbound = new Map(windows.map((w) => [`${w.linePhone} ${w.customerPhone}`, w.lastInboundAt]));
    for (const { line, phone, billingSource, i } of filtered) {
      const lastInboundAt = (line.phone && lastInbound.get(`${line.phone} ${phone}`)) || null;
      if (lastInboundAt && lastInboundAt.getTime() > Date.now() - windowHours * HOUR_MS) continue;
      answers[i] = new ToolError(
        'outside_contact_window',
        `${phone} has not written to line ${line.phone ?? line.id} in the last ${windowHours} h and the "${billingSource}" filter is on; nothing was sent or charged.`,
        {
          phone,
          billing_source: billingSource,
          window_hours: windowHours,
          last_inbound_at: lastInboundAt ? lastInboundAt.toISOString() : null,
          session_id: line.id,
        },
      );
    }
    return answers;
  }

  /**
   * For the send path, free-form messages on lines whose network keeps a customer-service window:
   * refused (before anything is sent or charged, whoever sends) when the customer has not written
   * to that line in the last 24 h, naming the template route. One query for the batch.
   */
  async serviceWindowRefusals(sends: { line: SendLine; phone: string }[]): Promise<(ToolError | null)[]> {
    if (sends.length === 0) return [];
    const windows = await this.em.find(ChatappContactWindow, {
      linePhone: { $in: [...new Set(sends.flatMap((s) => (s.line.phone ? [s.line.phone] : [])))] },
      customerPhone: { $in: [...new Set(sends.map((s) => s.phone))] },
    });
    const lastInbound = new Map(windows.map((w) => [`${w.linePhone} ${w.customerPhone}`, w.lastInboundAt]));
    return sends.map(({ line, phone }) => {
      const last = (line.phone && lastInbound.get(`${line.phone} ${phone}`)) || null;
      if (last && last.getTime() > Date.now() - SERVICE_WINDOW_HOURS * HOUR_MS) return null;
      return new ToolError(
        'outside_customer_service_window',
        `${phone} ${last ? `last wrote to line ${line.phone} at ${last.toISOString()}` : `has not written to line ${line.phone ?? line.id}`}: its network takes free-form messages only within ${SERVICE_WINDOW_HOURS} h of the customer's last message. Send an approved template with send_chatapp_template (list_chatapp_templates shows them); nothing was sent or charged.`,
        {
          phone,
          session_id: line.id,
          last_inbound_at: last ? last.toISOString() : null,
          window_hours: SERVICE_WINDOW_HOURS,
          template_tool: 'send_chatapp_template',
        },
      );
    });
  }

  /**
   * Called for every inbound batch: the window of each (line, customer) moves to its latest
   * message, and only forward. One statement, at most one row per window (ON CONFLICT touches a
   * row once per statement), in key order so concurrent batches lock windows in the same order.
   */
  async recordInbounds(inbounds: { line: ChatappSession; customerPhone: string; at: Date }[]): Promise<void> {
    const latest = new Map<string, { line_phone: string; customer_phone: string; at: Date; session_id: number }>();
    for (const { line, customerPhone, at } of inbounds) {
      if (!line.phone) continue;
      const key = `${line.phone}\n${customerPhone}`;
      const seen = latest.get(key);
      if (!seen || at > seen.at)
        latest.set(key, { line_phone: line.phone, customer_phone: customerPhone, at, session_id: line.id });
    }
    if (latest.size === 0) return;
    const rows = [...latest].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
    await this.em.execute(
      `insert into chatapp_contact_windows (shop_id, line_phone, customer_phone, last_inbound_at, last_session_id)
       select ?, v.line_phone, v.customer_phone, v.at, v.session_id
       from json_to_recordset(?::json) as v(line_phone text, customer_phone text, at timestamptz, session_id int)
       on conflict (shop_id, line_phone, customer_phone) do update
         set last_session_id = excluded.last_session_id, last_inbound_at = excluded.last_inbound_at
         where chatapp_contact_windows.last_inbound_at < excluded.last_inbound_at`,
      [this.deps.shop.id, JSON.stringify(rows)],
    );
  }

  private async lastInbound(line: ChatappSession, customerPhone: string): Promise<Date | null> {
    if (!line.phone) return null;
    const window = await this.em.findOne(ChatappContactWindow, { linePhone: line.phone, customerPhone });
    return window?.lastInboundAt ?? null;
  }

  private settingsPayload(row: ChatappSettings | null) {
    const filters = Object.fromEntries(
      BILLING_SOURCES.map((source) => [source, row?.filters[source] === true]),
    ) as Record<BillingSource, boolean>;
    return {
      window_hours: row?.windowHours ?? this.deps.config.eligibilityWindowHours,
      window_hours_source: row?.windowHours != null ? ('shop' as const) : ('default' as const),
      filters,
      updated_at: row ? row.updatedAt.toISOString() : null,
    };
  }
}
