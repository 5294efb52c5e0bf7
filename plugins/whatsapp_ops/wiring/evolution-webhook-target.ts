import { sql, type SetupContext } from '../../../core/index.js';
import type { EvolutionAdapter } from '../channel/evolution/evolution-adapter.js';
import type { EvolutionWebhookTarget } from '../channel/evolution/evolution-webhook-route.js';
import type { WhatsappOpsConfig } from '../config.js';

type Setup = Pick<SetupContext<WhatsappOpsConfig>, 'rootEm' | 'withShop'>;

/**
 * The Evolution API provider behind a webhook or QR URL: its lines by instance name, each with the
 * instance's key (opened from the line's sealed API key), and its adapter. The key lookup is
 * unfiltered (it is what establishes the shop); everything after runs in that shop's scope.
 */
export function evolutionWebhookTarget(setup: Setup): (key: string) => Promise<EvolutionWebhookTarget | null> {
  return async (key) => {
    const [row] = await sql<{ id: number; shop_id: number }>(
      setup.rootEm.fork(),
      `select id, shop_id from chatapp_providers where key = $1 and kind = 'evolution'`,
      [key],
    );
    if (!row) return null;
    const shopId = row.shop_id;
    const port = await setup.withShop(
      shopId,
      async ({ services }) => (await services.chatappChannels.forProvider(row.id)) as EvolutionAdapter,
    );
    return {
      line: (name) =>
        setup.withShop(shopId, async ({ em, services }) => {
          const [line] = await sql<{ session_key: string; api_key_sealed: string | null }>(
            em,
            `select session_key, api_key_sealed from chatapp_sessions where shop_id = $1 and provider_id = $2 and external_id = $3`,
            [shopId, row.id, name],
          );
          return line?.api_key_sealed
            ? { sessionKey: line.session_key, instanceKey: services.secrets.open(line.api_key_sealed) }
            : null;
        }),
      deliver: (events) => port.deliver(events),
      qrAccess: (name) => port.qrAccess(name),
      qrImage: (name) => port.qrImage(name),
    };
  };
}
