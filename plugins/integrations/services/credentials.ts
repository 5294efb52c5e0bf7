import { invalidArguments } from '../../../core/index.js';
import type { IntegrationsConfig } from '../config.js';
import { PLATFORM_TYPES, type PlatformType } from './connectors/types.js';

/** The secret fields of each platform, sealed together. */
export interface StoreSecrets {
  token?: string;
  consumerKey?: string;
  consumerSecret?: string;
  apiKey?: string;
  appKey?: string;
  appToken?: string;
  /** Shopify's app client secret, which signs its webhooks (optional; without it the feed is polled). */
  appSecret?: string;
}

export interface StoreCredentials {
  platform: PlatformType;
  storeUrl: string;
  accountName: string | null;
  secrets: StoreSecrets;
}

/** Each platform's connect_ecommerce fields: required ones, and the optional store URL of ecomD. */
export const PLATFORM_FIELDS: Record<PlatformType, { required: string[]; optional: string[] }> = {
  ecomA: { required: ['ecomA_url', 'ecomA_token'], optional: [] },
  ecomB: { required: ['ecomB_store_url', 'ecomB_consumer_key', 'ecomB_consumer_secret'], optional: [] },
  ecomC: { required: ['ecomC_store_url', 'ecomC_api_key'], optional: [] },
  ecomD: { required: ['ecomD_account_name', 'ecomD_app_key', 'ecomD_app_token'], optional: ['ecomD_store_url'] },
};
const LOCALE_FIELDS = [
  'ecomA_locale_mode',
  'ecomA_fixed_locale',
  'ecomA_content_locale_mode',
  'ecomA_content_fixed_locale',
  'ecomA_fallback_locale',
];

/** The last 4 characters, the way a secret is shown. */
export const hint = (secret: string) => `…${secret.slice(-4)}`;

/**
 * A store URL as stored: HTTPS (WooCommerce's Basic auth is only safe over it, and every platform
 * serves it), no credentials, query or fragment; a path is kept (WordPress in a sub-folder).
 */
export function storeUrlOf(field: string, raw: string): string {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw.trim()) ? raw.trim() : `https://${raw.trim()}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidArguments(`${field} is not a URL.`, [{ path: `${field}`, message: 'not a URL' }]);
  }
  if (url.protocol !== 'https:')
    throw invalidArguments(`${field} must be an HTTPS URL.`, [{ path: `${field}`, message: 'must use https' }]);
  if (url.username || url.password)
    throw invalidArguments(`${field} must not carry credentials.`, [
      { path: `${field}`, message: 'credentials in the URL' },
    ]);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The credentials connect_ecommerce was given for `platform`: its required fields present,
 * another platform's absent (a mix-up is refused rather than half-used).
 */
export function credentialsFrom(args: Record<string, unknown>, config: IntegrationsConfig): StoreCredentials {
  const platform = args.platform_type as PlatformType;
  const own = PLATFORM_FIELDS[platform];
  const missing = own.required.filter((f) => typeof args[f] !== 'string' || (args[f] as string).trim() === '');
  const foreign = PLATFORM_TYPES.filter((p) => p !== platform)
    .flatMap((p) => [
      ...PLATFORM_FIELDS[p].required,
      ...PLATFORM_FIELDS[p].optional,
      ...(p === 'ecomA' ? LOCALE_FIELDS : []),
    ])
    .filter((f) => args[f] !== undefined);
  if (missing.length > 0 || foreign.length > 0)
    throw invalidArguments(
      [
        missing.length > 0 && `${platform} needs ${missing.join(', ')}.`,
        foreign.length > 0 && `${foreign.join(', ')} belong to another platform: send only ${platform}’s fields.`,
      ]
        .filter(Boolean)
        .join(' '),
      [
        ...missing.map((f) => ({ path: `${f}`, message: 'required for this platform' })),
        ...foreign.map((f) => ({ path: `${f}`, message: 'belongs to another platform' })),
      ],
    );
  const text = (f: string) => (args[f] as string).trim();
  switch (platform) {
    case 'ecomA': {
      const raw = text('ecomA_url');
      // A bare shop handle is the usual way people name their store.
      const url = /^[a-z0-9][a-z0-9-]*$/i.test(raw) ? `https://${raw}.myshopify.com` : raw;
      return {
        platform,
        storeUrl: storeUrlOf('ecomA_url', url),
        accountName: null,
        secrets: { token: text('ecomA_token') },
      };
    }
    case 'ecomB':
      return {
        platform,
        storeUrl: storeUrlOf('ecomB_store_url', text('ecomB_store_url')),
        accountName: null,
        secrets: { consumerKey: text('ecomB_consumer_key'), consumerSecret: text('ecomB_consumer_secret') },
      };
    case 'ecomC':
      return {
        platform,
        storeUrl: storeUrlOf('ecomC_store_url', text('ecomC_store_url')),
        accountName: null,
        secrets: { apiKey: text('ecomC_api_key') },
      };
    case 'ecomD': {
      const account = text('ecomD_account_name').toLowerCase();
      if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(account))
        throw invalidArguments('ecomD_account_name is a VTEX account name: letters, digits and hyphens.', [
          { path: 'ecomD_account_name', message: 'not an account name' },
        ]);
      const given = typeof args.ecomD_store_url === 'string' && args.ecomD_store_url.trim() !== '';
      return {
        platform,
        storeUrl: given
          ? storeUrlOf('ecomD_store_url', text('ecomD_store_url'))
          : vtexUrl(config.vtexStoreUrl, account, config.vtexEnvironment),
        accountName: account,
        secrets: { appKey: text('ecomD_app_key'), appToken: text('ecomD_app_token') },
      };
    }
  }
}

export const vtexUrl = (template: string, account: string, environment: string) =>
  template.replaceAll('{account}', account).replaceAll('{environment}', environment).replace(/\/+$/, '');

/** What the shop sees of its credentials: the last 4 characters of each. */
export function hintsOf(secrets: StoreSecrets): Record<string, string> {
  const names: Record<keyof StoreSecrets, string> = {
    token: 'ecomA_token',
    appSecret: 'ecomA_webhook_secret',
    consumerKey: 'ecomB_consumer_key',
    consumerSecret: 'ecomB_consumer_secret',
    apiKey: 'ecomC_api_key',
    appKey: 'ecomD_app_key',
    appToken: 'ecomD_app_token',
  };
  return Object.fromEntries(
    (Object.entries(secrets) as [keyof StoreSecrets, string | undefined][])
      .filter(([, v]) => v)
      .map(([k, v]) => [names[k], hint(v!)]),
  );
}
