import { type ToolError, type Services } from '../../../core/index.js';
import type { SendRequest } from '../../whatsapp_ops/surface.js';
import { Followup } from '../entities/followup.entity.js';
import { FollowupSend } from '../entities/followup-send.entity.js';
import type { FollowupType, SkipReason } from '../entities/values.js';
import type { TypeSettings } from './settings-service.js';
import { render } from './templates.js';
import { allowed } from './timing.js';

/** Refusals that pass (a line back, credits bought): the attempt is tried again later. */
const WAIT_CODES = new Set(['session_not_connected', 'session_not_found', 'insufficient_credits']);
const RETRY_AFTER_MS = 15 * 60_000;
const SLOT_MS = 30 * 60_000;

export interface SendReport {
  sent: number;
  stopped: number;
  waiting: number;
  failed: number;
}

/** Ends each follow-up that has a stop reason: a reply is `replied`, any other reason `skipped`. */
function applyStops(followups: Followup[], stops: Map<number, SkipReason>, now: Date): number {
  for (const f of followups) {
    const reason = stops.get(f.id);
    if (!reason) continue;
    f.status = reason === 'replied' ? 'replied' : 'skipped';
    f.skipReason = reason;
    f.stoppedAt = now;
  }
  return stops.size;
}

/** The send key of an attempt: the send path makes one message per key, whatever happens around it. */
export const sendKey = (followupId: number, attempt: number) => `smart-followup-${followupId}-attempt-${attempt}`;

/**
 * Sends the shop's due follow-ups, one batch per call, in the caller's transaction: the rows are
 * locked (SKIP LOCKED: another process takes others), every stop condition is checked again with
 * the rows locked (a reply or conversion that committed first wins; one that comes later waits for
 * this transaction and finds the attempt sent), and the attempts go through the one send path with
 * their keys, billing source `followup`.
 */
export class FollowupSenderService {
  constructor(private readonly deps: Services) {}

  /**
   * Stops scheduled follow-ups (due or not) of customers who wrote, were written to by a person, or
   * opted out in the last minutes: those a listener skipped because a sender held them.
   */
  async sweep(): Promise<number> {
    const rows = await this.deps.em.execute<{ id: number }[]>(
      `select f.id from smart_followups f where f.shop_id = ? and f.status = 'scheduled' and (f.phone in (
         select m.phone from chatapp_messages_view m where m.shop_id = ? and m.created_at > now() - interval '10 minutes'
           and (m.direction = 'inbound' or not m.automatic))
         or f.phone in (select o.phone from chatapp_optouts_view o where o.shop_id = ?))
       for update of f skip locked`,
      [this.deps.shop.id, this.deps.shop.id, this.deps.shop.id],
    );
    if (rows.length === 0) return 0;
    const followups = await this.deps.em.find(Followup, { id: { $in: rows.map((r) => r.id) } });
    const stops = await this.deps.followupActivityReader.stops(followups);
    applyStops(followups, stops, new Date());
    await this.deps.em.flush();
    return stops.size;
  }

  async sendDue(limit: number): Promise<SendReport> {
    const report: SendReport = { sent: 0, stopped: 0, waiting: 0, failed: 0 };
    const ids = (
      await this.deps.em.execute<{ id: number }[]>(
        `select id from smart_followups where shop_id = ? and status = 'scheduled' and due_at <= now()
         order by due_at, id limit ? for update skip locked`,
        [this.deps.shop.id, limit],
      )
    ).map((r) => r.id);
    if (ids.length === 0) return report;
    const rows = await this.deps.em.find(Followup, { id: { $in: ids } }, { orderBy: { dueAt: 'asc', id: 'asc' } });
    const stops = await this.deps.followupActivityReader.stops(rows);
    const now = new Date();
    report.stopped += applyStops(rows, stops, now);
    const due = rows.filter((f) => !stops.has(f.id));
    const settings = new Map<FollowupType, TypeSettings>();
    for (const f of due)
      if (!settings.has(f.type)) settings.set(f.type, await this.deps.followupSettingsService.of(f.type));
    const names = await this.deps.followupActivityReader.customerNames(due.map((f) => f.phone));
    const texts = due.map((f) =>
      render(f.message ?? settings.get(f.type)!.template, {
        name: names.get(f.phone) ?? null,
        shop: this.deps.shop.name,
        link: f.reference?.url ?? null,
      }),
    );
    const requests: SendRequest[] = due.map((f, i) => ({
      phone: f.phone,
      text: texts[i]!,
      ...(f.sessionId ? { sessionId: f.sessionId } : { senderRole: settings.get(f.type)!.senderRole }),
      automatic: true,
      billingSource: 'followup',
      idempotencyKey: sendKey(f.id, f.attempt),
    }));
    const answers = await this.deps.chatappMessagingService.sendMany(requests);
    const openHours = await this.deps.followupsService.openHours();
    for (const [i, f] of due.entries()) {
      const answer = answers[i]!;
      if ('message' in answer) {
        this.deps.em.create(FollowupSend, {
          shopId: this.deps.shop.id,
          followupId: f.id,
          attempt: f.attempt,
          messageId: answer.message.id,
          text: texts[i]!,
          credits: answer.message.credits_charged ?? 0,
          sentAt: now,
        } as FollowupSend);
        report.sent++;
        if (f.attempt < f.maxAttempts) this.next(f, settings.get(f.type)!, openHours, now);
        else f.status = 'sent';
        f.lastError = null;
        continue;
      }
      this.refused(f, answer.error, now, report);
    }
    await this.deps.em.flush();
    return report;
  }

  /** The next attempt: the gap after this one, moved to the first time outside quiet hours (and inside opening hours). */
  private next(
    f: Followup,
    settings: TypeSettings,
    openHours: Awaited<ReturnType<Services['followupsService']['openHours']>>,
    now: Date,
  ) {
    const earliest = now.getTime() + f.minGapHours * 3_600_000;
    const window = {
      timezone: this.deps.shop.timezone,
      quiet: settings.quietHours,
      openHours: settings.respectBusinessHours ? openHours : null,
    };
    let at = Math.ceil(earliest / SLOT_MS) * SLOT_MS;
    for (let i = 0; i < 8 * 48 && !allowed(new Date(at), window); i++) at += SLOT_MS;
    f.attempt++;
    f.dueAt = new Date(at);
    f.timing = {
      method: 'fixed_delay',
      chosen_at: f.dueAt.toISOString(),
      reason: `${f.minGapHours} h after attempt ${f.attempt - 1}, at the first allowed time`,
      histogram_samples: 0,
    };
    if (f.dueAt >= f.expiresAt) {
      f.status = 'sent';
      f.attempt--;
    }
  }

  private refused(f: Followup, error: ToolError, now: Date, report: SendReport): void {
    f.lastError = error.message.slice(0, 500);
    if (error.code === 'outside_contact_window' || error.code === 'opted_out') {
      f.status = 'skipped';
      f.skipReason = error.code;
      f.stoppedAt = now;
      report.stopped++;
    } else if (WAIT_CODES.has(error.code)) {
      f.dueAt = new Date(now.getTime() + RETRY_AFTER_MS);
      f.failureCode = error.code;
      report.waiting++;
    } else {
      f.status = 'failed';
      f.failureCode = error.code;
      f.stoppedAt = now;
      report.failed++;
    }
  }
}
