import {
  invalidArguments,
  invalidState,
  LockMode,
  normalizePhone,
  notFound,
  pageOf,
  parseShopTime,
  ToolError,
  type Paging,
  type Services,
  parseShopDay,
} from '../../../core/index.js';
import { Followup } from '../entities/followup.entity.js';
import { FollowupSend } from '../entities/followup-send.entity.js';
import type { FollowupReference, FollowupStatus, FollowupType, Timing } from '../entities/values.js';
import { followupPayload, sendPayload } from './payloads.js';
import { checkTemplate, type TypeSettings } from './settings-service.js';
import { render } from './templates.js';
import { chooseTime, type DayRange } from './timing.js';

export interface CreateRequest {
  phone: string;
  type: FollowupType;
  reference?: FollowupReference;
  dueAt?: string;
  message?: string;
  sessionId?: number;
}

export interface ListFilters {
  status?: FollowupStatus;
  type?: FollowupType;
  phone?: string;
  date_from?: string;
  date_to?: string;
}

/** How long a reply's transaction waits for a sender holding the follow-up (below the deadlock check). */
const REPLY_LOCK_WAIT = '200ms';

const WEEKDAY_NUMBERS: Record<string, number> = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
};

/**
 * Follow-ups: created by the planner (unanswered conversations) or registered (quotes, carts, any
 * customer), timed, listed, rescheduled, cancelled and marked converted. Sending is the sender's.
 */
export class FollowupsService {
  constructor(private readonly deps: Services) {}

  /** `source`: the unanswered shop message a conversation follow-up is planned from (the delay runs from it). */
  async create(request: CreateRequest, source?: { messageId: number; at: Date }) {
    const phone = normalizePhone(request.phone);
    checkReference(request.type, request.reference);
    if (request.message !== undefined) checkTemplate(request.message, 'message');
    const settings = await this.deps.followupSettingsService.of(request.type);
    if (!settings.enabled)
      throw invalidState(`Follow-ups of type ${request.type} are switched off (update_followup_settings).`, {
        current_status: 'disabled',
        allowed: ['enabled'],
      });
    if (request.sessionId !== undefined) await this.checkSession(request.sessionId);
    if (await this.deps.chatappOptoutsService.isOptedOut(phone))
      throw new ToolError('recipient_opted_out', `${phone} opted out of automatic messages; no follow-up is planned.`, {
        phone,
      });
    const now = new Date();
    const expiresAt = new Date(now.getTime() + settings.maxAgeDays * 86_400_000);
    const { at, timing } =
      request.dueAt !== undefined
        ? this.given(request.dueAt, expiresAt)
        : await this.plan(
            phone,
            settings,
            new Date(Math.max(now.getTime(), (source?.at ?? now).getTime() + settings.firstDelayMinutes * 60_000)),
          );
    const followup = this.deps.em.create(Followup, {
      shopId: this.deps.shop.id,
      phone,
      sessionId: request.sessionId ?? null,
      type: request.type,
      reference: request.reference ?? null,
      status: 'scheduled',
      attempt: 1,
      maxAttempts: settings.maxAttempts,
      minGapHours: settings.minGapHours,
      dueAt: at,
      expiresAt,
      message: request.message ?? null,
      timing,
      sourceMessageId: source?.messageId ?? null,
    } as Followup);
    await this.deps.em.flush();
    return { followup: followupPayload(followup) };
  }

  async list(filters: ListFilters, paging: Paging) {
    const where: Record<string, unknown> = {};
    if (filters.status) where.status = filters.status;
    if (filters.type) where.type = filters.type;
    if (filters.phone) where.phone = normalizePhone(filters.phone);
    const tz = this.deps.shop.timezone;
    const from = filters.date_from ? parseShopDay(filters.date_from, tz, 'date_from', 'start') : null;
    const to = filters.date_to ? parseShopDay(filters.date_to, tz, 'date_to', 'end') : null;
    if (from && to && to < from)
      throw invalidArguments('date_to is before date_from.', [{ path: 'date_to', message: 'is before date_from' }]);
    if (from || to) where.dueAt = { ...(from && { $gte: from }), ...(to && { $lte: to }) };
    const [rows, count] = await this.deps.em.findAndCount(Followup, where, {
      orderBy: { dueAt: 'desc', id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf('followups', rows.map(followupPayload), count, paging);
  }

  async get(id: number) {
    const followup = await this.find(id);
    const sends = await this.deps.em.find(FollowupSend, { followupId: id }, { orderBy: { attempt: 'asc' } });
    const settings = await this.deps.followupSettingsService.of(followup.type);
    const { eligibility } = await this.deps.chatappEligibilityService.check(
      followup.phone,
      'followup',
      settings.senderRole,
    );
    return { followup: followupPayload(followup), sends: sends.map(sendPayload), eligibility };
  }

  /** The message the next attempt would send, when, and whether it could go now. Sends nothing. */
  async preview(id?: number, phone?: string, type?: FollowupType) {
    if ((id === undefined) === (phone === undefined || type === undefined))
      throw invalidArguments('Give followup_id, or phone and type.', [
        { path: 'followup_id', message: 'or phone and type' },
      ]);
    const existing = id !== undefined ? await this.find(id) : null;
    const customer = existing?.phone ?? normalizePhone(phone!);
    const settings = await this.deps.followupSettingsService.of(existing?.type ?? type!);
    const text = await this.text(existing ?? { phone: customer, message: null, reference: null }, settings);
    const planned = existing
      ? { at: existing.dueAt, timing: existing.timing }
      : await this.plan(customer, settings, new Date(Date.now() + settings.firstDelayMinutes * 60_000));
    const { eligibility } = await this.deps.chatappEligibilityService.check(customer, 'followup', settings.senderRole);
    return {
      phone: customer,
      type: settings.type,
      message: text,
      due_at: planned.at.toISOString(),
      timing: planned.timing,
      eligibility,
    };
  }

  async reschedule(id: number, dueAt?: string, smart?: boolean) {
    if ((dueAt === undefined) === (smart !== true))
      throw invalidArguments('Give due_at, or smart: true.', [{ path: 'due_at', message: 'or smart: true' }]);
    const followup = await this.lockScheduled(id);
    const settings = await this.deps.followupSettingsService.of(followup.type);
    const { at, timing } =
      dueAt !== undefined
        ? this.given(dueAt, followup.expiresAt)
        : await this.plan(followup.phone, settings, new Date());
    followup.dueAt = at;
    followup.timing = timing;
    await this.deps.em.flush();
    return { followup: followupPayload(followup) };
  }

  async cancel(id: number, reason?: string) {
    const followup = await this.lockScheduled(id);
    this.stop(followup, 'cancelled', { cancelReason: reason ?? null });
    await this.deps.em.flush();
    return { followup: followupPayload(followup) };
  }

  /** Cancels the scheduled follow-ups matching one selector; the others are reported, not touched. */
  async bulkCancel(selector: { phone?: string; type?: FollowupType; ids?: number[] }, reason?: string) {
    const given = [selector.phone, selector.type, selector.ids].filter((v) => v !== undefined).length;
    if (given !== 1)
      throw invalidArguments('Give exactly one of phone, type and followup_ids.', [
        { path: 'phone', message: 'give exactly one selector' },
      ]);
    const where: Record<string, unknown> = { status: 'scheduled' };
    if (selector.phone) where.phone = normalizePhone(selector.phone);
    if (selector.type) where.type = selector.type;
    if (selector.ids) where.id = { $in: selector.ids };
    const rows = await this.deps.em.find(Followup, where, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
      orderBy: { id: 'asc' },
    });
    for (const f of rows) this.stop(f, 'cancelled', { cancelReason: reason ?? null });
    await this.deps.em.flush();
    const notCancelled = selector.ids ? selector.ids.filter((id) => !rows.some((r) => r.id === id)) : [];
    return { cancelled: rows.map((r) => r.id), count: rows.length, not_cancelled: notCancelled };
  }

  /** The customer bought or accepted: the sequence stops, counted as a conversion. */
  async convert(id?: number, reference?: { kind: 'quote' | 'cart'; id: string }) {
    if ((id === undefined) === (reference === undefined))
      throw invalidArguments('Give followup_id or reference.', [{ path: 'followup_id', message: 'or reference' }]);
    let rows: Followup[];
    if (id !== undefined) rows = [await this.find(id, true)];
    else {
      rows = await this.deps.em.find(Followup, { type: reference!.kind, reference: { id: reference!.id } } as never, {
        lockMode: LockMode.PESSIMISTIC_WRITE,
      });
      if (rows.length === 0) throw notFound('follow-up', `${reference!.kind} ${reference!.id}`);
    }
    const open = rows.filter((f) => ['scheduled', 'sent'].includes(f.status));
    if (open.length === 0)
      throw invalidState(`The follow-up is ${rows[0]!.status}; only scheduled or sent ones convert.`, {
        current_status: rows[0]!.status,
        allowed: ['scheduled', 'sent'],
      });
    for (const f of open) this.stop(f, 'converted', {});
    await this.deps.em.flush();
    return { followups: open.map(followupPayload), count: open.length };
  }

  /**
   * Customers' replies (an inbound batch): one read finds who has follow-ups scheduled (most
   * customers have none); theirs stop as stopFor says.
   */
  async stopForReplies(phones: string[]): Promise<void> {
    const open = await this.deps.em.execute<{ phone: string }[]>(
      `select distinct phone from smart_followups
       where shop_id = ? and phone in (select json_array_elements_text(?::json)) and status = 'scheduled' order by phone`,
      [this.deps.shop.id, JSON.stringify([...new Set(phones)])],
    );
    for (const { phone } of open) await this.stopFor(phone, 'replied');
  }

  /**
   * Stops the customer's scheduled follow-ups at once (the listeners), so that a stop never
   * commits before a send it raced: a send is then never decided on a snapshot that misses a
   * committed stop.
   * - A reply waits for a sender holding the row, at most 200 ms (under PostgreSQL's 1 s deadlock
   *   check): the message's transaction holds its conversation, which the sender's send needs next.
   *   Past that, the message's transaction gives up and the session service delivers it again.
   * - An opt-out (add_chatapp_optout: its transaction holds nothing a sender needs, so no deadlock
   *   is possible) waits for the sender as long as it holds the row: the sender's transaction is
   *   bounded by its sends' deadlines, and an opt-out that stopped waiting would commit while the
   *   attempt it raced is still going out.
   * - A person at the shop writing never waits (their message must not fail); the sweep stops it.
   */
  async stopFor(phone: string, reason: 'replied' | 'opted_out' | 'agent_replied'): Promise<number> {
    const update = (skipLocked: boolean) =>
      this.deps.em.execute(
        `update smart_followups set status = ?, skip_reason = ?, stopped_at = now(), updated_at = now()
         where id in (select id from smart_followups where shop_id = ? and phone = ? and status = 'scheduled'
           for update${skipLocked ? ' skip locked' : ''})
         returning id`,
        [reason === 'replied' ? 'replied' : 'skipped', reason, this.deps.shop.id, phone],
      );
    if (reason === 'agent_replied') return (await update(true)).length;
    if (reason === 'opted_out') return (await update(false)).length;
    const em = this.deps.em;
    // Most messages come from customers with nothing scheduled: one indexed read, no lock settings.
    const [open] = await em.execute(
      `select 1 from smart_followups where shop_id = ? and phone = ? and status = 'scheduled' limit 1`,
      [this.deps.shop.id, phone],
    );
    if (!open) return 0;
    const [{ previous }] = await em.execute<{ previous: string }[]>(
      `select current_setting('lock_timeout') as previous, set_config('lock_timeout', ?, true)`,
      [REPLY_LOCK_WAIT],
    );
    try {
      return (await update(false)).length;
    } finally {
      await em.execute(`select set_config('lock_timeout', ?, true)`, [previous]).catch(() => undefined);
    }
  }

  /** The text the next attempt sends: the follow-up's own message or the type's template, filled in. */
  async text(f: Pick<Followup, 'phone' | 'message' | 'reference'>, settings: TypeSettings): Promise<string> {
    return render(f.message ?? settings.template, {
      name: await this.deps.followupActivityReader.customerName(f.phone),
      shop: this.deps.shop.name,
      link: f.reference?.url ?? null,
    });
  }

  /** The send time from `earliest` on, by the type's timing mode, quiet hours and the shop's hours. */
  async plan(phone: string, settings: TypeSettings, earliest: Date): Promise<{ at: Date; timing: Timing }> {
    const reader = this.deps.followupActivityReader;
    const { eligibility } = await this.deps.chatappEligibilityService.check(phone, 'followup', settings.senderRole);
    return chooseTime({
      earliest,
      timezone: this.deps.shop.timezone,
      quiet: settings.quietHours,
      openHours: settings.respectBusinessHours ? await this.openHours() : null,
      mode: settings.timingMode,
      customer: settings.timingMode === 'smart' ? await reader.histogram(phone) : { histogram: [], samples: 0 },
      shop: settings.timingMode === 'smart' ? await reader.histogram(null) : { histogram: [], samples: 0 },
      contactWindowEnd: eligibility.window_expires_at ? new Date(eligibility.window_expires_at) : null,
    });
  }

  /** The shop's opening hours by ISO weekday, when the account group knows them. */
  async openHours(): Promise<Record<number, DayRange[]> | null> {
    if (!this.deps.kernelCatalog.names().includes('account')) return null;
    const hours = await this.deps.accountService.businessHours();
    if (!hours) return null;
    return Object.fromEntries(Object.entries(hours).map(([day, ranges]) => [WEEKDAY_NUMBERS[day]!, ranges]));
  }

  /** A time the caller gave: in the future, before the follow-up expires, and an allowed time. */
  private given(raw: string, expiresAt: Date): { at: Date; timing: Timing } {
    const at = parseShopTime(raw, this.deps.shop.timezone, 'due_at');
    if (at.getTime() <= Date.now())
      throw invalidArguments('due_at is in the past.', [{ path: 'due_at', message: 'is in the past' }]);
    if (at >= expiresAt)
      throw invalidArguments(`due_at is after the follow-up expires (${expiresAt.toISOString()}, max_age_days).`, [
        { path: 'due_at', message: 'is after the follow-up expires' },
      ]);
    return {
      at,
      timing: { method: 'given', chosen_at: at.toISOString(), reason: 'the time given', histogram_samples: 0 },
    };
  }

  private stop(f: Followup, status: FollowupStatus, extra: Partial<Followup>): void {
    Object.assign(f, extra);
    f.status = status;
    f.stoppedAt = new Date();
  }

  private async find(id: number, lock = false): Promise<Followup> {
    const f = await this.deps.em.findOne(Followup, { id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!f) throw notFound('follow-up', id);
    return f;
  }

  private async lockScheduled(id: number): Promise<Followup> {
    const f = await this.find(id, true);
    if (f.status !== 'scheduled')
      throw invalidState(`Follow-up ${id} is ${f.status}; only scheduled follow-ups change.`, {
        current_status: f.status,
        allowed: ['scheduled'],
      });
    return f;
  }

  private async checkSession(sessionId: number): Promise<void> {
    const [line] = await this.deps.em.execute('select 1 from chatapp_sessions_view where shop_id = ? and id = ?', [
      this.deps.shop.id,
      sessionId,
    ]);
    if (!line) throw notFound('session', sessionId);
  }
}

function checkReference(type: FollowupType, reference: FollowupReference | undefined): void {
  if (type === 'conversation' && reference)
    throw invalidArguments('A conversation follow-up takes no reference.', [
      { path: 'reference', message: 'only for quote and cart' },
    ]);
  if (type !== 'conversation' && !reference)
    throw invalidArguments(`A ${type} follow-up needs its reference ({ kind, id, url, total, currency }).`, [
      { path: 'reference', message: 'is required' },
    ]);
  if (reference && reference.kind !== type)
    throw invalidArguments(`reference.kind ${reference.kind} does not match type ${type}.`, [
      { path: 'reference.kind', message: 'must equal type' },
    ]);
}
