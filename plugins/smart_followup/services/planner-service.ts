import type { Services } from '../../../core/index.js';
import { Followup } from '../entities/followup.entity.js';

export interface Unanswered {
  phone: string;
  session_id: number;
  last_shop_message_id: number;
  last_shop_message_at: string;
  followup_id: number | null;
}

/**
 * Unanswered conversations: the shop's person wrote last (automatic messages do not count) and
 * the customer, who wrote before, has not answered. The planner job turns each such shop message
 * into one conversation follow-up, once, when the shop turned the type on.
 */
export class FollowupPlannerService {
  constructor(private readonly deps: Services) {}

  async unanswered(hours: number, limit: number): Promise<Unanswered[]> {
    const rows = await this.deps.em.execute<
      { phone: string; session_id: number; id: number; created_at: Date; followup_id: number | null }[]
    >(
      `select c.phone, c.session_id, last.id, last.created_at, f.id as followup_id
       from conversations_view c
       cross join lateral (select m.id, m.direction, m.automatic, m.created_at from chatapp_messages_view m
         where m.shop_id = c.shop_id and m.phone = c.phone and m.session_id = c.session_id and not (m.direction = 'outbound' and m.automatic)
         order by m.created_at desc, m.id desc limit 1) last
       left join smart_followups f on f.shop_id = c.shop_id and f.source_message_id = last.id
       where c.shop_id = ? and last.direction = 'outbound' and last.created_at > now() - make_interval(hours => ?::int)
         and exists (select 1 from chatapp_messages_view i where i.shop_id = c.shop_id and i.phone = c.phone and i.session_id = c.session_id and i.direction = 'inbound')
       order by last.created_at desc limit ?`,
      [this.deps.shop.id, hours, limit],
    );
    return rows.map((r) => ({
      phone: r.phone,
      session_id: r.session_id,
      last_shop_message_id: Number(r.id),
      last_shop_message_at: new Date(r.created_at).toISOString(),
      followup_id: r.followup_id,
    }));
  }

  /** scan_unanswered_conversations: each with whether it is planned, its eligibility and a proposed time. */
  async scan(hours: number, limit: number) {
    const settings = await this.deps.followupSettingsService.of('conversation');
    const found = await this.unanswered(hours, limit);
    const conversations = [];
    for (const c of found) {
      const earliest = new Date(
        Math.max(Date.now(), new Date(c.last_shop_message_at).getTime() + settings.firstDelayMinutes * 60_000),
      );
      const { at, timing } = await this.deps.followupsService.plan(c.phone, settings, earliest);
      const opted = await this.deps.chatappOptoutsService.isOptedOut(c.phone);
      conversations.push({ ...c, opted_out: opted, proposed_due_at: at.toISOString(), timing });
    }
    return { conversations, count: conversations.length, hours, limit, planner_enabled: settings.enabled };
  }

  /** The job's pass: a follow-up for each unanswered shop message not planned yet (opted-out customers left out). */
  async plan(limit: number): Promise<number> {
    const settings = await this.deps.followupSettingsService.of('conversation');
    if (!settings.enabled) return 0;
    let planned = 0;
    for (const c of await this.unanswered(settings.maxAgeDays * 24, limit)) {
      if (c.followup_id !== null || (await this.deps.chatappOptoutsService.isOptedOut(c.phone))) continue;
      if (await this.deps.em.count(Followup, { sourceMessageId: c.last_shop_message_id })) continue;
      await this.deps.followupsService.create(
        { phone: c.phone, type: 'conversation', sessionId: c.session_id },
        { messageId: c.last_shop_message_id, at: new Date(c.last_shop_message_at) },
      );
      planned++;
    }
    return planned;
  }
}
