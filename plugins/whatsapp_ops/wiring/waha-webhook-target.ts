import { sql, type SetupContext } from '../../../core/index.js';
import type { WahaAdapter } from '../channel/waha/waha-adapter.js';
import type { WahaWebhookTarget } from '../channel/waha/waha-webhook-route.js';
import type { WhatsappOpsConfig } from '../config.js';

type Setup = Pick<SetupContext<WhatsappOpsConfig>, 'rootEm' | 'withShop'>;

/**
 * The WAHA provider behind a webhook or QR URL: its webhook secret, its lines by WAHA session name,
 * and its adapter. The key lookup is unfiltered (it is what establishes the shop); everything after
 * runs in that shop's scope, so a session name of another shop's provider is never a line here.
 */
export function wahaWebhookTarget(setup: Setup): (key: string) => Promise<WahaWebhookTarget | null> {
  return async (key) => {
    const [row] = await sql<{ id: number; shop_id: number }>(
      setup.rootEm.fork(),
      `select id, shop_id from chatapp_providers where key = $1 and kind = 'waha'`,
      [key],
    );
    if (!row) return null;
    const shopId = row.shop_id;
    const { secret, port } = await setup.withShop(shopId, async ({ services }) => ({
      secret: (await services.chatappProvidersService.record(row.id))!.credentials.webhook_secret!,
      port: (await services.chatappChannels.forProvider(row.id)) as WahaAdapter,
    }));
    return {
      webhookSecret: secret,
      line: async (name) => {
        const [line] = await setup.withShop(shopId, ({ em }) =>
          sql<{ session_key: string }>(
            em,
            `select session_key from chatapp_sessions where shop_id = $1 and provider_id = $2 and external_id = $3`,
            [shopId, row.id, name],
          ),
        );
        return line?.session_key ?? null;
      },
      deliver: (events) => port.deliver(events),
      qrAccess: (name) => port.qrAccess(name),
      qrImage: (name) => port.qrImage(name),
    };
  };
}
