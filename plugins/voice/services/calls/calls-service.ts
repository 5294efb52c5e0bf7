import {
  invalidArguments,
  notFound,
  parseShopDay,
  phoneE164OrNull,
  type Paging,
  type Services,
} from '../../../../core/index.js';
import { VoiceCall } from '../../entities/voice-call.entity.js';
import { VoiceTurn } from '../../entities/voice-turn.entity.js';
import type { CallOutcome, CallStatus } from '../../entities/values.js';
import { callPayload } from './call-payload.js';

export interface CallFilters {
  status?: CallStatus;
  outcome?: CallOutcome;
  phone?: string;
  date_from?: string;
  date_to?: string;
}

/** Calls as the shop reads them: lists, one call with its transcript, deleting what it said, figures. */
export class VoiceCallsService {
  constructor(private readonly deps: Services) {}

  async list(filters: CallFilters, paging: Paging) {
    const where: Record<string, unknown> = {};
    if (filters.status) where.status = filters.status;
    if (filters.outcome) where.outcome = filters.outcome;
    if (filters.phone) {
      const phone = phoneE164OrNull(filters.phone);
      if (!phone)
        throw invalidArguments('phone is not a phone number with its international prefix.', [
          { path: 'phone', message: 'not a phone' },
        ]);
      where.fromPhone = phone;
    }
    const range: Record<string, Date> = {};
    const zone = this.deps.shop.timezone;
    if (filters.date_from) range.$gte = parseShopDay(filters.date_from, zone, 'date_from', 'start');
    if (filters.date_to) range.$lte = parseShopDay(filters.date_to, zone, 'date_to', 'end');
    if (Object.keys(range).length) where.startedAt = range;
    const [rows, count] = await this.deps.em.findAndCount(VoiceCall, where, {
      orderBy: { startedAt: 'desc', id: 'desc' },
      ...paging,
    });
    return { calls: rows.map(callPayload), count };
  }

  async get(callId: number) {
    const call = await this.find(callId);
    const turns = await this.deps.em.find(VoiceTurn, { callId }, { orderBy: { id: 'asc' } });
    return {
      call: callPayload(call),
      transcript: turns.map((t) => ({ speaker: t.speaker, text: t.text, at: t.createdAt.toISOString() })),
    };
  }

  /** The transcript (and the summary built from it) go; the call's row and hand-over record stay. */
  async deleteData(callId: number) {
    const call = await this.find(callId);
    const deleted = await this.deps.em.nativeDelete(VoiceTurn, { callId });
    call.summary = null;
    call.openQuestion = null;
    call.transcriptDeletedAt = new Date();
    await this.deps.em.flush();
    return { call: callPayload(call), turns_deleted: deleted };
  }

  async stats(days: number) {
    const [row] = await this.deps.em.execute<
      {
        calls: number;
        seconds: number | null;
        resolved: number;
        handoff: number;
        abandoned: number;
        failed: number;
        sent: number;
      }[]
    >(
      `select count(*)::int as calls, sum(duration_seconds)::int as seconds,
         count(*) filter (where outcome = 'resolved')::int as resolved,
         count(*) filter (where outcome = 'handoff')::int as handoff,
         count(*) filter (where outcome = 'abandoned')::int as abandoned,
         count(*) filter (where outcome = 'failed')::int as failed,
         count(*) filter (where handoff_status = 'sent')::int as sent
       from voice_calls where shop_id = ? and started_at > now() - make_interval(days => ?)`,
      [this.deps.shop.id, days],
    );
    const r = row!;
    return {
      days,
      calls: r.calls,
      minutes: Math.round((r.seconds ?? 0) / 6) / 10,
      resolved: r.resolved,
      handed_off: r.handoff,
      abandoned: r.abandoned,
      failed: r.failed,
      handoff_messages_sent: r.sent,
      resolved_percent: r.calls === 0 ? null : Math.round((1000 * r.resolved) / r.calls) / 10,
      average_seconds: r.calls === 0 ? null : Math.round((r.seconds ?? 0) / r.calls),
    };
  }

  async find(callId: number): Promise<VoiceCall> {
    const call = await this.deps.em.findOne(VoiceCall, { id: callId });
    if (!call) throw notFound('call', callId);
    return call;
  }
}
