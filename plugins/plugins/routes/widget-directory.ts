import type { EntityManager } from '../../../core/index.js';
import type { WidgetTarget } from '../services/visitors/widget-view.js';

const KEY = /^pk_[A-Za-z0-9_-]{24}$/;

/**
 * The widget an embed's public key names, in any shop: the one lookup made before a request knows
 * its shop. An unknown (or rotated) key is null, answered 404 like a disabled widget.
 */
export async function widgetOfKey(
  rootEm: EntityManager,
  key: string,
): Promise<(WidgetTarget & { shopId: number }) | null> {
  if (!KEY.test(key)) return null;
  const [row] = await rootEm
    .fork()
    .execute<{ shop_id: number; kind: 'chat' | 'product-qa' | 'docqa'; assistant_id: number | null }[]>(
      `select shop_id, kind, null::int as assistant_id from widget_configs where public_key = ?
     union all
     select shop_id, 'docqa', id from widget_docqa_assistants where public_key = ?`,
      [key, key],
    );
  return row ? { shopId: row.shop_id, kind: row.kind, assistantId: row.assistant_id } : null;
}
