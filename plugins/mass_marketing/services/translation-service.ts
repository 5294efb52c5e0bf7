import { createHash } from 'node:crypto';
import { languageOfPhone, type Services } from '../../../core/index.js';
import { languageOfLocale, type Language } from './languages.js';

/**
 * The translator port the AI groups implement: a service registered under the DI name
 * `translatorPort`. It must keep `{placeholders}` as they are (checked here all the same). It is
 * a model call, so it is never called inside a transaction: translations are made before a send
 * (`prepare`) and the send only reads them.
 */
export interface TranslatorPort {
  translate(request: {
    text: string;
    targetLanguage: string;
    sourceLanguage: string | null;
  }): Promise<{ text: string }>;
  /** False when the provider cannot translate now (the built-in engine): the log then says no provider is configured. */
  available?(): Promise<boolean>;
}

export const TRANSLATOR_PORT = 'translatorPort';

/** A failed attempt is tried again after this long; until then the text goes out in the original. */
const RETRY_FAILED_AFTER_MS = 10 * 60_000;

export interface Translated {
  text: string;
  language: Language | null;
  /** What the recipient's log says about the translation. */
  note: string;
}

interface Stored {
  text: string | null;
  failure: string | null;
  failed_at: Date | string | null;
}

/** Translations being made in this process, by shop, text and language (another process may still make its own; the first stored wins). */
const translating = new Map<string, Promise<void>>();

const hashOf = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The `{placeholders}` of a text, sorted: a translation must give back the same ones. */
const placeholdersOf = (text: string) => (text.match(/\{[A-Za-z_][A-Za-z0-9_]*\}/g) ?? []).sort().join(' ');

/**
 * translate_by_prefix and the translated auto-reply: the recipient's language comes from the phone
 * prefix; each text is translated once per language, before the send that needs it, and stored.
 */
export class MarketingTranslationService {
  /** Stored translations read in this unit of work: a send batch reads each one once. */
  private readonly read = new Map<string, Stored | null>();
  private portState?: Promise<TranslatorPort | null>;

  constructor(private readonly deps: Services) {}

  private get source(): Language | null {
    return languageOfLocale(this.deps.shop.locale);
  }

  /** The port when one is registered and can translate now. */
  private port(): Promise<TranslatorPort | null> {
    return (this.portState ??= (async () => {
      if (!this.deps.marketingTranslatorAvailable) return null;
      const port = this.deps.translatorPort!;
      return !port.available || (await port.available()) ? port : null;
    })());
  }

  /**
   * Before sending to these recipients, outside any transaction: stores, for each language among
   * their phones, their campaign's text (translate_by_prefix) and the auto-reply (when it is
   * translated) in that language, calling the port for those not stored yet.
   */
  async prepare(recipientIds: number[]): Promise<void> {
    if (recipientIds.length === 0 || !(await this.port())) return;
    const rows = (await this.deps.em.execute(
      `select distinct r.phone, case when c.translate_by_prefix then c.message_text end as message_text
       from marketing_campaign_recipients r join marketing_campaigns c on c.id = r.campaign_id and c.shop_id = r.shop_id
       where r.shop_id = ? and r.id = any(array(select json_array_elements_text(?::json)::bigint))`,
      [this.deps.shop.id, JSON.stringify(recipientIds)],
    )) as { phone: string; message_text: string | null }[];
    const settings = await this.deps.marketingSettingsService.current();
    const autoReply =
      settings.autoReplyEnabled && settings.autoReplyTranslate && settings.autoReplyText
        ? settings.autoReplyText
        : null;
    const wanted = new Map<string, { text: string; language: Language }>();
    for (const row of rows) {
      const language = languageOfPhone(row.phone);
      if (!language || language === this.source) continue;
      for (const text of [row.message_text, autoReply])
        if (text) wanted.set(`${hashOf(text)} ${language}`, { text, language });
    }
    for (const { text, language } of wanted.values()) {
      const stored = await this.stored(text, language);
      if (stored?.text != null) continue;
      if (stored?.failed_at && Date.now() - new Date(stored.failed_at).getTime() < RETRY_FAILED_AFTER_MS) continue;
      // The engine's passes run concurrently: a second batch of the same text waits for the first's call.
      const key = `${this.deps.shop.id} ${hashOf(text)} ${language}`;
      let call = translating.get(key);
      if (!call) {
        call = this.translate(text, language).finally(() => translating.delete(key));
        translating.set(key, call);
      }
      await call;
      this.read.delete(`${hashOf(text)} ${language}`);
    }
  }

  private async translate(text: string, language: Language): Promise<void> {
    let translated: string | null = null;
    let failure: string | null = null;
    try {
      const port = (await this.port())!;
      translated = (await port.translate({ text, targetLanguage: language, sourceLanguage: this.source })).text;
      if (!translated.trim()) failure = 'the translation came back empty';
      else if (placeholdersOf(translated) !== placeholdersOf(text))
        failure = `the translation changed the placeholders (${placeholdersOf(text) || 'none'} → ${placeholdersOf(translated) || 'none'})`;
    } catch (err) {
      failure = `the translation provider failed (${(err as Error).message.slice(0, 150)})`;
    }
    // One statement each, so no transaction is held; a success replaces an earlier failure, never another success.
    if (failure === null)
      await this.deps.em.execute(
        `insert into marketing_translations (shop_id, source_hash, language, text, created_at) values (?, ?, ?, ?, now())
         on conflict (shop_id, source_hash, language) do update set text = excluded.text, failure = null, failed_at = null
         where marketing_translations.text is null`,
        [this.deps.shop.id, hashOf(text), language, translated],
      );
    else
      await this.deps.em.execute(
        `insert into marketing_translations (shop_id, source_hash, language, failure, failed_at, created_at) values (?, ?, ?, ?, now(), now())
         on conflict (shop_id, source_hash, language) do update set failure = excluded.failure, failed_at = excluded.failed_at
         where marketing_translations.text is null`,
        [this.deps.shop.id, hashOf(text), language, failure],
      );
    this.read.delete(`${hashOf(text)} ${language}`);
  }

  private async stored(text: string, language: Language): Promise<Stored | null> {
    const key = `${hashOf(text)} ${language}`;
    if (!this.read.has(key)) {
      const [row] = (await this.deps.em.execute(
        'select text, failure, failed_at from marketing_translations where shop_id = ? and source_hash = ? and language = ?',
        [this.deps.shop.id, hashOf(text), language],
      )) as Stored[];
      this.read.set(key, row ?? null);
    }
    return this.read.get(key)!;
  }

  /** A campaign's text for this recipient, from what `prepare` stored; never calls the port. */
  async forRecipient(text: string, phone: string): Promise<Translated> {
    const language = languageOfPhone(phone);
    if (!language)
      return {
        text,
        language,
        note: 'skipped: the phone prefix does not tell a supported language; sent in the original text',
      };
    if (language === this.source) return { text, language, note: `not needed: ${language} is the shop's language` };
    const stored = await this.stored(text, language);
    if (stored?.text != null) return { text: stored.text, language, note: `translated to ${language}` };
    if (stored?.failure) return { text, language, note: `skipped: ${stored.failure}; sent in the original text` };
    if (!(await this.port()))
      return {
        text,
        language,
        note: `skipped: no translation provider is configured; sent in the original text instead of ${language}`,
      };
    return { text, language, note: 'skipped: the translation was not ready; sent in the original text' };
  }

  /** A one-off text (the auto-reply) in the phone's language when `prepare` stored it, else the original. */
  async textFor(text: string, phone: string): Promise<string> {
    const language = languageOfPhone(phone);
    if (!language || language === this.source) return text;
    return (await this.stored(text, language))?.text ?? text;
  }
}
