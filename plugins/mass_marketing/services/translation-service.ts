import type { EntityManager, ShopContext } from '../../../core/index.js';
import { CampaignTranslation } from '../entities/campaign-translation.entity.js';
import type { Campaign } from '../entities/campaign.entity.js';
import { languageOfLocale, languageOfPhone, type Language } from './languages.js';

/**
 * The translator port the AI groups implement: a service registered under the DI name
 * `translatorPort`. It must keep `{placeholders}` as they are. Until a group provides one,
 * campaigns send the original text and say so in each recipient's log.
 */
export interface TranslatorPort {
  translate(request: {
    text: string;
    targetLanguage: string;
    sourceLanguage: string | null;
  }): Promise<{ text: string }>;
}

export const TRANSLATOR_PORT = 'translatorPort';

interface Deps {
  em: EntityManager;
  shop: ShopContext;
  /** Registered by the manifest's setup: whether some group registered `translatorPort`. */
  marketingTranslatorAvailable: boolean;
  translatorPort?: TranslatorPort;
}

export interface Translated {
  text: string;
  language: Language | null;
  /** What the recipient's log says about the translation. */
  note: string;
}

/**
 * translate_by_prefix: the recipient's language comes from the phone prefix; the campaign's text
 * is translated once per language and stored (the first stored translation wins), so every
 * recipient with that language, and any resend, gets the same text.
 */
export class MarketingTranslationService {
  /** Stored translations read in this call ("campaign language"): a send batch reads each one once. First stored wins, so they never change. */
  private readonly stored = new Map<string, string>();

  constructor(private readonly deps: Deps) {}

  private port(): TranslatorPort | null {
    if (!this.deps.marketingTranslatorAvailable) return null;
    return this.deps.translatorPort!;
  }

  async forRecipient(campaign: Campaign, text: string, phone: string): Promise<Translated> {
    const language = languageOfPhone(phone);
    if (!language)
      return {
        text,
        language,
        note: 'skipped: the phone prefix does not tell a supported language; sent in the original text',
      };
    const source = languageOfLocale(this.deps.shop.locale);
    if (language === source) return { text, language, note: `not needed: ${language} is the shop's language` };
    const key = `${campaign.id} ${language}`;
    const known =
      this.stored.get(key) ??
      (await this.deps.em.findOne(CampaignTranslation, { campaign: campaign.id, language }))?.text;
    if (known !== undefined) {
      this.stored.set(key, known);
      return { text: known, language, note: `translated to ${language}` };
    }
    const port = this.port();
    if (!port)
      return {
        text,
        language,
        note: `skipped: no translation provider is configured; sent in the original text instead of ${language}`,
      };
    let translated: string;
    try {
      translated = (await port.translate({ text, targetLanguage: language, sourceLanguage: source })).text;
    } catch (err) {
      return {
        text,
        language,
        note: `skipped: the translation provider failed (${(err as Error).message.slice(0, 150)}); sent in the original text`,
      };
    }
    await this.deps.em.execute(
      `insert into marketing_campaign_translations (shop_id, campaign_id, language, text, created_at) values (?, ?, ?, ?, now()) on conflict (campaign_id, language) do nothing`,
      [this.deps.shop.id, campaign.id, language, translated],
    );
    const kept = await this.deps.em.findOneOrFail(
      CampaignTranslation,
      { campaign: campaign.id, language },
      { refresh: true },
    );
    this.stored.set(key, kept.text);
    return { text: kept.text, language, note: `translated to ${language}` };
  }

  /** A one-off text (an auto-reply) in the phone's language, or the original when it cannot be. */
  async textFor(text: string, phone: string): Promise<string> {
    const language = languageOfPhone(phone);
    const port = this.port();
    if (!language || !port || language === languageOfLocale(this.deps.shop.locale)) return text;
    try {
      return (
        await port.translate({
          text,
          targetLanguage: language,
          sourceLanguage: languageOfLocale(this.deps.shop.locale),
        })
      ).text;
    } catch {
      return text;
    }
  }
}
