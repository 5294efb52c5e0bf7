import { cloudApiKind } from '../cloud-api/cloud-api-kind.js';
import { wahaKind } from '../waha/waha-kind.js';
import { evolutionKind } from '../evolution/evolution-kind.js';
import type { ProviderKind } from './provider-kind.js';

/**
 * The provider kinds a shop can configure, by name: an open list. A new kind (WAHA, Evolution
 * API: a base URL, an API key and a webhook secret per shop) is one ProviderKind entry here, its
 * adapter class and, when the network calls back, its webhook route (wiring/channel-setup.ts).
 */
export const PROVIDER_KINDS: ReadonlyMap<string, ProviderKind> = new Map([
  [cloudApiKind.name, cloudApiKind],
  [wahaKind.name, wahaKind],
  [evolutionKind.name, evolutionKind],
]);
