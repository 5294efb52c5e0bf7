import { randomBytes } from 'node:crypto';
import { invalidArguments, notFound, phoneE164OrNull, ToolError, type Services } from '../../../../core/index.js';
import { VoiceNumber } from '../../entities/voice-number.entity.js';

export const NUMBERS_MAX = 20;

/**
 * The shop's numbers the assistant answers. Each has a key of its own in the webhook URLs the
 * shop pastes at its provider, so an inbound call finds its shop; a number belongs to one shop.
 */
export class VoiceNumbersService {
  constructor(private readonly deps: Services) {}

  async list() {
    const rows = await this.deps.em.find(VoiceNumber, {}, { orderBy: { id: 'asc' } });
    return { numbers: rows.map((n) => this.payload(n)), count: rows.length };
  }

  async assign(rawPhone: string, label: string | undefined) {
    const { em } = this.deps;
    const phone = phoneE164OrNull(rawPhone);
    if (!phone)
      throw invalidArguments('phone_number is not a phone number with its international prefix.', [
        { path: 'phone_number', message: 'not a phone' },
      ]);
    const count = await em.count(VoiceNumber, {});
    if (count >= NUMBERS_MAX)
      throw new ToolError('voice_number_limit_reached', `The shop has ${count} numbers, the most it may have.`, {
        current_count: count,
        max_allowed: NUMBERS_MAX,
      });
    const [taken] = await em.execute<{ shop_id: number }[]>(
      'select shop_id from voice_numbers where phone_number = ?',
      [phone],
    );
    if (taken)
      throw new ToolError(
        'conflict',
        `${phone} is already answered here${taken.shop_id === this.deps.shop.id ? '' : ' for another account'}.`,
        {
          phone_number: phone,
        },
      );
    const number = em.create(VoiceNumber, {
      phoneNumber: phone,
      label: label?.trim() || null,
      numberKey: `vn_${randomBytes(15).toString('base64url')}`,
    } as VoiceNumber);
    await em.flush();
    return { number: this.payload(number) };
  }

  async release(numberId: number) {
    const number = await this.deps.em.findOne(VoiceNumber, { id: numberId });
    if (!number) throw notFound('number', numberId);
    await this.deps.em.removeAndFlush(number);
    return { released: true, number_id: numberId };
  }

  private payload(n: VoiceNumber) {
    const base = `${this.deps.baseUrl()}/voice/twilio/${n.numberKey}`;
    return {
      number_id: n.id,
      phone_number: n.phoneNumber,
      label: n.label,
      webhooks: { voice_url: `${base}/incoming`, status_callback_url: `${base}/status` },
      created_at: n.createdAt.toISOString(),
    };
  }
}
