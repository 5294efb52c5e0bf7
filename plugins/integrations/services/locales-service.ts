import type { Services } from '../../../core/index.js';
import type { EcommerceConnection } from '../entities/ecommerce-connection.entity.js';
import { checkedLocales, resolveLocales, type LocaleSettings, type ResolvedLocales } from './locale-rules.js';

/** The ecomA locale settings: configure_ecommerce_locales, and the locale a conversation uses. */
export class EcommerceLocalesService {
  constructor(private readonly deps: Services) {}

  async configure(args: LocaleSettings): Promise<{ connection: EcommerceConnection; changed: string[] }> {
    const connection = await this.deps.ecommerceConnections.require('ecomA');
    const next = checkedLocales(args, connection, connection.locales);
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => (connection[k] ?? null) !== next[k]);
    Object.assign(connection, next);
    await this.deps.em.flush();
    const names: Record<string, string> = {
      localeMode: 'ecomA_locale_mode',
      fixedLocale: 'ecomA_fixed_locale',
      contentLocaleMode: 'ecomA_content_locale_mode',
      contentFixedLocale: 'ecomA_content_fixed_locale',
      fallbackLocale: 'ecomA_fallback_locale',
    };
    return { connection, changed: changed.map((k) => names[k]!) };
  }

  /** The languages for one conversation, given the language detected in it (null: detection failed). */
  resolve(connection: EcommerceConnection, detected: string | null): ResolvedLocales {
    return resolveLocales(connection, connection.locales, detected);
  }
}
