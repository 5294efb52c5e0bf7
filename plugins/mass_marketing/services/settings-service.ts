import { invalidArguments, type EntityManager } from '../../../core/index.js';
import { MarketingSettings } from '../entities/marketing-settings.entity.js';
import { settingsPayload } from './payloads.js';

export const AUTO_REPLY_TEXT_MAX = 1000;

/** The settings a shop has before its first save. */
export const DEFAULT_SETTINGS = {
  autoReplyEnabled: false,
  autoReplyText: null,
  autoReplyTranslate: false,
  autoReplyUnsubscribe: true,
  requireApproval: false,
  approvalThreshold: null,
};

export interface SettingsChanges {
  auto_reply_enabled?: boolean;
  auto_reply_text?: string | null;
  auto_reply_translate?: boolean;
  auto_reply_unsubscribe?: boolean;
  require_approval?: boolean;
  approval_threshold?: number | null;
}

/** get/save_mass_marketing_config. Saving changes only the keys given; null clears the text or the threshold. */
export class MarketingSettingsService {
  constructor(private readonly deps: { em: EntityManager }) {}

  async current() {
    const row = await this.deps.em.findOne(MarketingSettings, {});
    return row ?? { ...DEFAULT_SETTINGS, updatedAt: null };
  }

  async get() {
    return { config: settingsPayload(await this.current()) };
  }

  async save(changes: SettingsChanges) {
    if (Object.values(changes).every((v) => v === undefined)) {
      throw invalidArguments('Give at least one setting to change.', [
        { path: '(root)', message: 'needs at least one setting' },
      ]);
    }
    const em = this.deps.em;
    const row =
      (await em.findOne(MarketingSettings, {})) ??
      em.create(MarketingSettings, { ...DEFAULT_SETTINGS } as MarketingSettings);
    if (changes.auto_reply_enabled !== undefined) row.autoReplyEnabled = changes.auto_reply_enabled;
    if (changes.auto_reply_text !== undefined) row.autoReplyText = changes.auto_reply_text?.trim() || null;
    if (changes.auto_reply_translate !== undefined) row.autoReplyTranslate = changes.auto_reply_translate;
    if (changes.auto_reply_unsubscribe !== undefined) row.autoReplyUnsubscribe = changes.auto_reply_unsubscribe;
    if (changes.require_approval !== undefined) row.requireApproval = changes.require_approval;
    if (changes.approval_threshold !== undefined) row.approvalThreshold = changes.approval_threshold;
    if (row.autoReplyEnabled && !row.autoReplyText) {
      throw invalidArguments('An enabled auto-reply needs auto_reply_text.', [
        { path: 'auto_reply_text', message: 'is required when auto_reply_enabled is true' },
      ]);
    }
    await em.flush();
    return { config: settingsPayload(row) };
  }
}
