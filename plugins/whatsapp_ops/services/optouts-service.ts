import { normalizePhone, notFound, pageOf, type Paging } from '../../../core/index.js';
import { ChatappOptout } from '../entities/chatapp-optout.entity.js';
import type { ChatappCradle } from './cradle.js';
import { optoutPayload } from './payloads.js';

/**
 * Numbers that receive no automatic message. The send path asks isOptedOut for every automatic
 * send, so no group has to remember to.
 */
export class ChatappOptoutsService {
  constructor(private readonly deps: ChatappCradle) {}

  private get em() {
    return this.deps.em;
  }

  async isOptedOut(phone: string): Promise<boolean> {
    return (await this.optedOutAmong([normalizePhone(phone)])).size > 0;
  }

  /** Which of these (normalised) phones have opted out, in one query. */
  async optedOutAmong(phones: string[]): Promise<Set<string>> {
    if (phones.length === 0) return new Set();
    return new Set(
      (await this.em.find(ChatappOptout, { phone: { $in: [...new Set(phones)] } }, { fields: ['phone'] })).map(
        (o) => o.phone,
      ),
    );
  }

  /**
   * Opts the number out; adding it again keeps the first record and only replaces the reason when
   * one is given. Emits `whatsapp_ops.opted_out` when the number is new.
   */
  async add(rawPhone: string, reason?: string | null) {
    const phone = normalizePhone(rawPhone);
    const text = reason?.trim() ? reason.trim() : null;
    const inserted = await this.em.execute(
      'insert into chatapp_optouts (shop_id, phone, reason, created_at) values (?, ?, ?, now()) on conflict (shop_id, phone) do nothing returning id',
      [this.deps.shop.id, phone, text],
    );
    const optout = (await this.em.findOne(ChatappOptout, { phone }))!;
    const created = inserted.length === 1;
    if (!created && text) {
      optout.reason = text;
      await this.em.flush();
    }
    if (created) await this.deps.events.emit('whatsapp_ops.opted_out', { phone, reason: text });
    return { optout: optoutPayload(optout), created };
  }

  async remove(rawPhone: string) {
    const phone = normalizePhone(rawPhone);
    const removed = await this.em.nativeDelete(ChatappOptout, { phone });
    if (removed === 0) throw notFound('opt-out', phone);
    return { removed: true, phone };
  }

  async check(rawPhone: string) {
    const phone = normalizePhone(rawPhone);
    const optout = await this.em.findOne(ChatappOptout, { phone });
    return { phone, opted_out: optout !== null, optout: optout && optoutPayload(optout) };
  }

  async list(paging: Paging) {
    const [items, count] = await this.em.findAndCount(
      ChatappOptout,
      {},
      { orderBy: { id: 'desc' }, limit: paging.limit, offset: paging.offset },
    );
    return pageOf('optouts', items.map(optoutPayload), count, paging);
  }
}
