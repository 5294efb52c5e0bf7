import { sql, ToolError, type SetupContext } from '../../../core/index.js';
import type { ChannelEvent, InboundMedia } from '../channel/channel-port.js';
import { ChannelError } from '../channel/channel-error.js';
import type { CloudApiAdapter } from '../channel/cloud-api/cloud-api-adapter.js';
import type { CloudWebhookTarget } from '../channel/cloud-api/cloud-webhook-route.js';
import type { WhatsappOpsConfig } from '../config.js';

type Setup = Pick<SetupContext<WhatsappOpsConfig>, 'rootEm' | 'withShop' | 'config'>;

/**
 * The provider behind a Cloud API webhook URL: its verify token and app secret, its lines, and
 * where the verified events go. The key lookup is unfiltered (it is what establishes the shop);
 * everything after runs in that shop's scope.
 */
export function cloudWebhookTarget(setup: Setup): (key: string) => Promise<CloudWebhookTarget | null> {
  return async (key) => {
    const [row] = await sql<{ id: number; shop_id: number }>(
      setup.rootEm.fork(),
      `select id, shop_id from chatapp_providers where key = $1 and kind = 'cloud_api'`,
      [key],
    );
    if (!row) return null;
    const shopId = row.shop_id;
    const { record, port } = await setup.withShop(shopId, async ({ services }) => {
      const record = (await services.chatappProvidersService.record(row.id))!;
      return { record, port: (await services.chatappChannels.forProvider(row.id)) as CloudApiAdapter };
    });
    return {
      verifyToken: record.credentials.verify_token!,
      appSecret: record.credentials.app_secret!,
      lines: async (ids) => {
        const lines = await setup.withShop(shopId, ({ em }) =>
          sql<{ external_id: string; session_key: string }>(
            em,
            `select external_id, session_key from chatapp_sessions where shop_id = $1 and provider_id = $2 and external_id = any($3::text[])`,
            [shopId, row.id, ids],
          ),
        );
        return new Map(lines.map((l) => [l.external_id, l.session_key]));
      },
      deliver: async (events) => {
        await keepMedia(setup, shopId, port, events);
        await port.deliver(events);
      },
    };
  };
}

/**
 * The webhook's inbound media, fetched with the token while its URL lives (minutes) and kept in
 * the shop's storage, before the events are stored. Only messages not stored yet are fetched; what
 * cannot be kept (no storage group, a failed download, a type or size storage refuses) records why,
 * so the message is never lost for its media.
 */
async function keepMedia(setup: Setup, shopId: number, port: CloudApiAdapter, events: ChannelEvent[]) {
  const byLine = new Map<string, { providerMessageId: string; media: InboundMedia & { providerMediaId: string } }[]>();
  for (const e of events)
    if (e.type === 'message.received' && e.message.media?.providerMediaId) {
      const list = byLine.get(e.sessionKey) ?? [];
      if (list.length === 0) byLine.set(e.sessionKey, list);
      list.push({
        providerMessageId: e.message.providerMessageId,
        media: e.message.media as InboundMedia & { providerMediaId: string },
      });
    }
  if (byLine.size === 0) return;
  for (const [sessionKey, items] of byLine) {
    const { pending, canKeep } = await setup.withShop(shopId, async ({ services }) => ({
      pending: await services.chatappMediaService.notStored(
        sessionKey,
        items.map((i) => i.providerMessageId),
      ),
      canKeep: services.chatappMediaService.canKeep,
    }));
    for (const { providerMessageId, media } of items) {
      if (!pending.has(providerMessageId)) continue;
      if (!canKeep) {
        media.notKept = 'not kept: the storage group is not enabled, so only the network’s media id is recorded';
        continue;
      }
      let fetched: { bytes: Buffer; mimeType: string };
      try {
        fetched = await port.fetchMedia(media.providerMediaId, setup.config.cloudApi.mediaMaxBytes);
      } catch (err) {
        if (!(err instanceof ChannelError)) throw err;
        media.notKept = `not kept: downloading it from the network failed (${err.message})`;
        continue;
      }
      try {
        media.fileId = await setup.withShop(
          shopId,
          ({ services }) =>
            services.chatappMediaService.keep({
              bytes: fetched.bytes,
              mimeType: fetched.mimeType,
              filename: media.filename,
              providerMediaId: media.providerMediaId,
            }),
          { transactional: true },
        );
      } catch (err) {
        if (!(err instanceof ToolError)) throw err;
        media.notKept = `not kept: storage refused it (${err.code}: ${err.message})`;
      }
    }
  }
}
