import type { IntegrationsConfig } from '../config.js';
import type { ServiceDeps } from '../../../core/index.js';
import { StoreError } from './connectors/store-error.js';
import type { PlatformType } from './connectors/types.js';

/** test_ecommerce_connection and get_ecommerce_sync_status: what the store and the feed look like now. */
export class EcommerceDiagnosticsService {
  constructor(private readonly deps: ServiceDeps<IntegrationsConfig>) {}

  async test(platform?: PlatformType) {
    const { ecommerceConnections, ecommerceStoreLanes } = this.deps;
    const connection = await ecommerceConnections.require(platform);
    const connector = ecommerceConnections.connector(connection, this.deps.config.probeTimeoutMs);
    const lane = ecommerceStoreLanes.of(ecommerceConnections.credentialsOf(connection));
    const started = performance.now();
    let storeName: string | null = null;
    let missing: string[] = [];
    let error: { reason: string; message: string; status: number | null } | null = null;
    try {
      storeName = (await connector.probe()).name;
      missing = await connector.missingPermissions();
    } catch (err) {
      if (!(err instanceof StoreError)) throw err;
      error = { reason: err.kind, message: err.message, status: err.status };
    }
    return {
      ok: error === null && missing.length === 0,
      platform_type: connection.platformType,
      latency_ms: Math.round(performance.now() - started),
      store_name: storeName,
      missing_permissions: missing,
      error,
      rate_limit: {
        throttle_waits: lane.throttleWaits,
        throttle_wait_ms: Math.round(lane.throttleWaitMs),
        cost_available: lane.bucket?.available ?? null,
        cost_restore_rate: lane.bucket?.restoreRate ?? null,
      },
    };
  }

  async syncStatus(platform?: PlatformType) {
    const { ecommerceConnections, ecommerceStoreLanes, config, ecommerceFeed } = this.deps;
    const connection = await ecommerceConnections.require(platform);
    const lane = ecommerceStoreLanes.of(ecommerceConnections.credentialsOf(connection));
    return {
      platform_type: connection.platformType,
      feed_mode: connection.feedMode,
      webhooks: connection.hooks,
      webhooks_note: connection.hooksError ?? null,
      poll: {
        cursor: connection.pollCursor?.toISOString() ?? null,
        last_poll_at: connection.lastPollAt?.toISOString() ?? null,
        error: connection.pollError ?? null,
        interval_seconds: config.pollIntervalSeconds,
        overlap_seconds: config.pollOverlapSeconds,
      },
      inbound_24h: await ecommerceFeed.stats24h(connection.platformType),
      throttle: { waits: lane.throttleWaits, wait_ms: Math.round(lane.throttleWaitMs) },
    };
  }
}
