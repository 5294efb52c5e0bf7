import type { MikroORM } from '@mikro-orm/postgresql';
import type { Metrics } from '../metrics/metrics.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { ShopScope } from '../tools/shop-scope.js';

const BATCH = 1_000;
const JOB = { actor: 'job', token: null } as const;

export interface ExpiryParts {
  orm: MikroORM;
  scope: ShopScope;
  registry: ToolRegistry;
  audit: AuditTrail;
  metrics: Metrics;
}

/**
 * Marks confirmations that lapsed unused as expired, shop by shop, each shop's rows and their
 * audit records in one transaction, so the page, the audit and the metrics tell "nobody answered"
 * from "rejected". Validity never depends on this: every use checks expires_at.
 */
export async function expireConfirmations({ orm, scope, registry, audit, metrics }: ExpiryParts): Promise<number> {
  let total = 0;
  for (;;) {
    const lapsed = await orm.em
      .getConnection()
      .execute<{ id: number; shop_id: number }[]>(
        `select "id", "shop_id" from "pending_confirmations" where "status" = 'pending' and "expires_at" <= now() order by "id" limit ?`,
        [BATCH],
      );
    if (lapsed.length === 0) return total;
    const byShop = new Map<number, number[]>();
    for (const { id, shop_id } of lapsed) byShop.set(shop_id, [...(byShop.get(shop_id) ?? []), Number(id)]);
    for (const [shopId, ids] of byShop) {
      const shop = await scope.loadShop(shopId);
      if (!shop) continue;
      const expired = await scope.run(
        shop,
        async (ctx) => {
          const rows = await ctx.em.execute<{ tool: string; policy: string }[]>(
            `update "pending_confirmations" set "status" = 'expired', "resolved_at" = "expires_at"
              where "id" in (?) and "shop_id" = ? and "status" = 'pending' returning "tool", "policy"`,
            [ids, shopId],
          );
          for (const row of rows) {
            const tool = registry.get(row.tool);
            if (tool) await audit.confirmation(tool, {}, JOB, 'job', ctx, 'expired');
          }
          return rows;
        },
        { transactional: true },
      );
      for (const policy of ['agent', 'user'])
        metrics.confirmation(policy, 'expired', expired.filter((row) => row.policy === policy).length);
      total += expired.length;
    }
    if (lapsed.length < BATCH) return total;
  }
}
