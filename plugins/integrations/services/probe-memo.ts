import type { PlatformType, StoreInfo } from './connectors/types.js';

/**
 * What connect_ecommerce's precheck found, for the summary the kernel asks for right after it: the
 * summary sees the arguments with their secrets redacted, so it cannot probe the store itself.
 * Kept for a few seconds only.
 */
export class ProbeMemo {
  private readonly found = new Map<string, { info: StoreInfo; at: number }>();

  keep(shopId: number, platform: PlatformType, info: StoreInfo): void {
    const now = Date.now();
    for (const [key, value] of this.found) if (now - value.at > 30_000) this.found.delete(key);
    this.found.set(`${shopId} ${platform}`, { info, at: now });
  }

  take(shopId: number, platform: PlatformType): StoreInfo | null {
    const key = `${shopId} ${platform}`;
    const hit = this.found.get(key);
    this.found.delete(key);
    return hit && Date.now() - hit.at <= 30_000 ? hit.info : null;
  }
}
