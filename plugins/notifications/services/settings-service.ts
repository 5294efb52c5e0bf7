import {
  groupNotEnabled,
  invalidArguments,
  normalizePhone,
  notFound,
  type EntityManager,
  type Services,
} from '../../../core/index.js';
import { NotificationSettings } from '../entities/notification-settings.entity.js';
import {
  DEFAULT_TYPE_SETTING,
  NOTIFICATION_TYPES,
  OWNER,
  toRecipient,
  type NotificationType,
  type QuietHours,
  type TypeSetting,
} from '../entities/values.js';
import type { SettingsPayload } from '../tools/outputs.js';

/** A recipient's settings with the defaults filled in and the phone resolved. */
export interface ResolvedSettings {
  agentId: number;
  types: Record<NotificationType, TypeSetting>;
  mutedSessionIds: number[];
  quietHours: QuietHours | null;
  phone: string | null;
  stored: boolean;
}

export interface SettingsChanges {
  types?: Partial<Record<NotificationType, Partial<TypeSetting>>>;
  muted_session_ids?: number[];
  quiet_hours?: QuietHours | null;
  phone?: string | null;
}

/** Each recipient's choices: which types, which also to the phone, muted lines, quiet hours. */
export class NotificationSettingsService {
  constructor(private readonly deps: Services) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  /** Refuses agent ids that are not agents of the shop (the owner, 0, always exists). */
  async assertRecipients(agentIds: number[]): Promise<void> {
    const wanted = [...new Set(agentIds.filter((id) => id !== OWNER))];
    const found = new Set((await this.deps.agentsService.findByIds(wanted)).map((a) => a.id));
    const missing = wanted.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound('agent', missing);
  }

  async get(agentId: number): Promise<SettingsPayload> {
    await this.assertRecipients([agentId]);
    return this.payload((await this.resolve([agentId])).get(agentId)!);
  }

  async update(agentId: number, changes: SettingsChanges): Promise<SettingsPayload> {
    if (Object.keys(changes).length === 0)
      throw invalidArguments('Nothing to change: give types, muted_session_ids, quiet_hours or phone.');
    await this.assertRecipients([agentId]);
    const row =
      (await this.em.findOne(NotificationSettings, { agentId })) ??
      this.em.create(NotificationSettings, {
        agentId,
        types: {},
        mutedSessionIds: [],
      } as unknown as NotificationSettings);
    if (changes.types) {
      const types = { ...row.types };
      for (const [type, change] of Object.entries(changes.types) as [NotificationType, Partial<TypeSetting>][])
        types[type] = { ...DEFAULT_TYPE_SETTING, ...types[type], ...change };
      row.types = types;
    }
    if (changes.muted_session_ids) row.mutedSessionIds = await this.checkedSessions(changes.muted_session_ids);
    if (changes.quiet_hours !== undefined) {
      if (changes.quiet_hours && changes.quiet_hours.start === changes.quiet_hours.end)
        throw invalidArguments('quiet_hours start and end are the same time.', [
          { path: 'quiet_hours', message: 'start and end must differ' },
        ]);
      row.quietHours = changes.quiet_hours;
    }
    if (changes.phone !== undefined) row.phone = changes.phone === null ? null : normalizePhone(changes.phone, 'phone');
    const resolved = await this.resolveRow(agentId, row);
    if (Object.values(resolved.types).some((t) => t.enabled && t.chatapp)) {
      if (!this.deps.kernelCatalog.names().includes('whatsapp_ops'))
        throw groupNotEnabled(
          'whatsapp_ops',
          'Phone delivery (chatapp) needs the whatsapp_ops group, not enabled here.',
        );
      if (!resolved.phone)
        throw invalidArguments('Phone delivery needs a phone: set phone (the agent has none).', [
          { path: 'phone', message: 'required for chatapp delivery' },
        ]);
    }
    await this.em.flush();
    return this.payload(resolved);
  }

  /** Settings of these recipients, defaults for those without a row. */
  async resolve(agentIds: number[]): Promise<Map<number, ResolvedSettings>> {
    const ids = [...new Set(agentIds)];
    const rows = new Map(
      (await this.em.find(NotificationSettings, { agentId: { $in: ids } })).map((r) => [r.agentId, r]),
    );
    const agentPhones = new Map(
      (await this.deps.agentsService.findByIds(ids.filter((id) => id !== OWNER))).map((a) => [a.id, a.phone ?? null]),
    );
    return new Map(ids.map((id) => [id, this.resolved(id, rows.get(id), agentPhones.get(id) ?? null)]));
  }

  /** The agent's notifications and settings go with the agent. */
  async agentDeleted(agentId: number): Promise<void> {
    await this.em.nativeDelete(NotificationSettings, { agentId });
  }

  private async resolveRow(agentId: number, row: NotificationSettings): Promise<ResolvedSettings> {
    const [agent] = agentId === OWNER ? [] : await this.deps.agentsService.findByIds([agentId]);
    return this.resolved(agentId, row, agent?.phone ?? null);
  }

  private resolved(
    agentId: number,
    row: NotificationSettings | undefined,
    agentPhone: string | null,
  ): ResolvedSettings {
    const types = Object.fromEntries(
      NOTIFICATION_TYPES.map((t) => [t, { ...DEFAULT_TYPE_SETTING, ...row?.types[t] }]),
    ) as Record<NotificationType, TypeSetting>;
    return {
      agentId,
      types,
      mutedSessionIds: row?.mutedSessionIds ?? [],
      quietHours: row?.quietHours ?? null,
      phone: row?.phone ?? agentPhone,
      stored: row !== undefined,
    };
  }

  private async checkedSessions(ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    if (!this.deps.kernelCatalog.names().includes('whatsapp_ops'))
      throw groupNotEnabled('whatsapp_ops', 'Muting lines needs the whatsapp_ops group, not enabled here.');
    for (const id of unique) await this.deps.chatappSessionsService.get(id);
    return unique;
  }

  private payload(s: ResolvedSettings): SettingsPayload {
    return {
      recipient: toRecipient(s.agentId),
      types: s.types,
      muted_session_ids: s.mutedSessionIds,
      quiet_hours: s.quietHours,
      phone: s.phone,
      default: !s.stored,
    };
  }
}
