import type { SupportConfig } from '../config.js';
import { KERNEL_VERSION, SERVER_VERSION, type ServiceDeps } from '../../../core/index.js';

/**
 * What a support ticket may carry about the shop's installation, built from an allow-list: each
 * field below is named here, so nothing reaches the operator by accident — no tool arguments, no
 * messages, no customers' phones, no tokens, keys or secrets (the lines' API keys, provider keys
 * and webhook secrets are never read). The shop sees exactly this with get_support_diagnostics
 * before it sends a ticket, and the ticket stores the snapshot it was sent with.
 */
export class SupportDiagnosticsService {
  constructor(private readonly deps: ServiceDeps<SupportConfig>) {}

  async collect(): Promise<Record<string, unknown>> {
    const groups = this.deps.kernelCatalog.groups();
    const enabled = new Set(groups.map((g) => g.name));
    const shop = await this.deps.shopProfile.get();
    return {
      generated_at: new Date().toISOString(),
      server: { version: SERVER_VERSION, kernel: KERNEL_VERSION, node: process.version },
      shop: {
        id: shop.id,
        timezone: shop.timezone,
        locale: shop.locale,
        currency: shop.currency,
        max_agents: shop.maxAgents,
        credits_balance: shop.creditsBalance,
      },
      groups: groups.map((g) => ({ name: g.name, version: g.version })),
      lines: enabled.has('whatsapp_ops') ? await this.lines() : null,
      recent_failures: enabled.has('activity') ? await this.failures() : null,
    };
  }

  private async lines() {
    const { sessions } = await this.deps.chatappSessionsService.list(undefined, { limit: 100, offset: 0 });
    return sessions.map((s) => ({
      session_id: s.id,
      status: s.status,
      adapter: s.adapter,
      sandbox: s.sandbox,
      routing_roles: s.routing_roles,
      connected_at: s.connected_at,
      disconnected_at: s.disconnected_at,
    }));
  }

  /** The last failed tool calls, by tool, error code and request id: what the operator looks up in the logs. */
  private async failures() {
    const limit = this.deps.config.diagnosticsFailedCalls;
    if (limit === 0) return [];
    const { entries } = await this.deps.activityLogService.list(
      { kind: 'call', outcome: 'failure' },
      { limit, offset: 0 },
    );
    return entries.map((e) => ({ at: e.at, tool: e.tool, error_code: e.error_code, request_id: e.request_id }));
  }
}
