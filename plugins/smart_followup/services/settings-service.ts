import { invalidArguments, type Services } from '../../../core/index.js';
import type { RoutingRole } from '../../whatsapp_ops/surface.js';
import { FollowupSettings } from '../entities/followup-settings.entity.js';
import { FOLLOWUP_TYPES, type FollowupType } from '../entities/values.js';
import { defaultTemplate } from './templates.js';

export interface TypeSettings {
  type: FollowupType;
  enabled: boolean;
  firstDelayMinutes: number;
  maxAttempts: number;
  minGapHours: number;
  maxAgeDays: number;
  quietHours: { from: string; to: string };
  respectBusinessHours: boolean;
  timingMode: 'smart' | 'fixed';
  template: string;
  senderRole: RoutingRole;
}

export interface TypeSettingsChanges {
  enabled?: boolean;
  first_delay_minutes?: number;
  max_attempts?: number;
  min_gap_hours?: number;
  max_age_days?: number;
  quiet_hours?: { from: string; to: string };
  respect_business_hours?: boolean;
  timing_mode?: 'smart' | 'fixed';
  template?: string;
  sender_role?: RoutingRole;
}

/** A conversation is followed up by itself only when the shop turns it on; quotes and carts are registered. */
const DEFAULT_DELAY: Record<FollowupType, number> = { conversation: 240, quote: 1440, cart: 60 };

export const PLACEHOLDERS = ['{nombre}', '{tienda}', '{enlace}'] as const;

export const payload = (s: TypeSettings) => ({
  type: s.type,
  enabled: s.enabled,
  first_delay_minutes: s.firstDelayMinutes,
  max_attempts: s.maxAttempts,
  min_gap_hours: s.minGapHours,
  max_age_days: s.maxAgeDays,
  quiet_hours: s.quietHours,
  respect_business_hours: s.respectBusinessHours,
  timing_mode: s.timingMode,
  template: s.template,
  sender_role: s.senderRole,
});

/** Each follow-up type's rules: delays, attempts, gaps, quiet hours, template, composition. */
export class FollowupSettingsService {
  constructor(private readonly deps: Services) {}

  defaults(type: FollowupType): TypeSettings {
    return {
      type,
      enabled: type !== 'conversation',
      firstDelayMinutes: DEFAULT_DELAY[type],
      maxAttempts: 2,
      minGapHours: 24,
      maxAgeDays: 7,
      quietHours: { from: '21:00', to: '09:00' },
      respectBusinessHours: true,
      timingMode: 'smart',
      template: defaultTemplate(type, this.deps.shop.locale),
      senderRole: 'general',
    };
  }

  async of(type: FollowupType): Promise<TypeSettings> {
    const row = await this.deps.em.findOne(FollowupSettings, { type });
    return row ? this.fromRow(row) : this.defaults(type);
  }

  async all() {
    const rows = await this.deps.em.find(FollowupSettings, {});
    return {
      settings: FOLLOWUP_TYPES.map((type) => {
        const row = rows.find((r) => r.type === type);
        return payload(row ? this.fromRow(row) : this.defaults(type));
      }),
    };
  }

  async update(type: FollowupType, changes: TypeSettingsChanges) {
    if (Object.values(changes).every((v) => v === undefined))
      throw invalidArguments('Nothing to change: give at least one setting besides type.', []);
    if (changes.template !== undefined) checkTemplate(changes.template, 'template');
    if (changes.quiet_hours && changes.quiet_hours.from === changes.quiet_hours.to)
      throw invalidArguments('quiet_hours from and to are the same time: leave quiet hours out or give a range.', [
        { path: 'quiet_hours.to', message: 'equals from' },
      ]);
    const current = await this.of(type);
    const row =
      (await this.deps.em.findOne(FollowupSettings, { type })) ??
      this.deps.em.create(FollowupSettings, {
        shopId: this.deps.shop.id,
        type,
        enabled: current.enabled,
        firstDelayMinutes: current.firstDelayMinutes,
        maxAttempts: current.maxAttempts,
        minGapHours: current.minGapHours,
        maxAgeDays: current.maxAgeDays,
        quietFrom: current.quietHours.from,
        quietTo: current.quietHours.to,
        respectBusinessHours: current.respectBusinessHours,
        timingMode: current.timingMode,
        template: current.template,
        senderRole: current.senderRole,
      } as FollowupSettings);
    if (changes.enabled !== undefined) row.enabled = changes.enabled;
    if (changes.first_delay_minutes !== undefined) row.firstDelayMinutes = changes.first_delay_minutes;
    if (changes.max_attempts !== undefined) row.maxAttempts = changes.max_attempts;
    if (changes.min_gap_hours !== undefined) row.minGapHours = changes.min_gap_hours;
    if (changes.max_age_days !== undefined) row.maxAgeDays = changes.max_age_days;
    if (changes.quiet_hours !== undefined)
      [row.quietFrom, row.quietTo] = [changes.quiet_hours.from, changes.quiet_hours.to];
    if (changes.respect_business_hours !== undefined) row.respectBusinessHours = changes.respect_business_hours;
    if (changes.timing_mode !== undefined) row.timingMode = changes.timing_mode;
    if (changes.template !== undefined) row.template = changes.template;
    if (changes.sender_role !== undefined) row.senderRole = changes.sender_role;
    await this.deps.em.flush();
    return { settings: payload(this.fromRow(row)) };
  }

  private fromRow(row: FollowupSettings): TypeSettings {
    return {
      type: row.type,
      enabled: row.enabled,
      firstDelayMinutes: row.firstDelayMinutes,
      maxAttempts: row.maxAttempts,
      minGapHours: row.minGapHours,
      maxAgeDays: row.maxAgeDays,
      quietHours: { from: row.quietFrom, to: row.quietTo },
      respectBusinessHours: row.respectBusinessHours,
      timingMode: row.timingMode as 'smart' | 'fixed',
      template: row.template,
      senderRole: row.senderRole as RoutingRole,
    };
  }
}

/** A template or message may use only the known placeholders. */
export function checkTemplate(text: string, field: string): void {
  const unknown = (text.match(/\{[^{}]*\}/g) ?? []).filter((p) => !(PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown.length > 0)
    throw invalidArguments(
      `${field} uses unknown placeholders ${unknown.join(', ')}; known: ${PLACEHOLDERS.join(', ')}.`,
      [{ path: field, message: `unknown placeholder ${unknown[0]}` }],
    );
}
