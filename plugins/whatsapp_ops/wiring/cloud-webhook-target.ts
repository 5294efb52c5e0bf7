import { sql, ToolError, type SetupContext } from '../../../core/index.js';
import type { ChannelEvent, EventOwner, InboundMedia } from '../channel/channel-port.js';
import { ChannelError } from '../channel/channel-error.js';
import type { CloudApiAdapter } from '../channel/cloud-api/cloud-api-adapter.js';
import type { CloudWebhookTarget } from '../channel/cloud-api/cloud-webhook-route.js';
import type { WhatsappOpsConfig } from '../config.js';
import { batchedRead } from './batched-read.js';

type Setup = Pick<SetupContext<WhatsappOpsConfig>, 'rootEm' | 'withShop' | 'config'>;

/** A provider as its webhook needs it, kept between notifications while its row is unchanged. */
interface KnownProvider {
  /** The row's updated_at as read: any change of the provider (its secrets included) changes it. */
  version: string;
  id: number;
  shopId: number;
  verifyToken: string;
  appSecret: string;
  port: CloudApiAdapter;
  /**
   * phone_number_id → its line's session key; numbers with no line yet are looked up again. A
   * number keeps its line for good (connect_chatapp reuses it), so a line found stays right.
   */
  lines: Map<string, string>;
  /** The lines' session key → session id. */
  sessionIds: Map<string, number>;
}

/**
 * The provider behind a Cloud API webhook URL: its verify token and app secret, its lines, and
 * where the verified events go. The key lookup is unfiltered (it is what establishes the shop);
 * everything after runs in that shop's scope.
 *
 * Meta posts a notification per few statuses, so what one costs is the webhook's throughput: the
 * provider (its opened secrets and adapter) and its lines are kept in the process, and each
 * notification reads only the provider's version by its key — a read started after it arrived,
 * shared by the notifications that arrived meanwhile (one statement for a burst), which also sees
 * a provider removed or changed (a new secret) by another process. The events then go to the shop
 * with their session ids, so the router and the ingestion look nothing up again, through `ingest`
 * (the group commit), which settles once they are stored.
 */
export function cloudWebhookTarget(
  setup: Setup,
  ingest: (events: ChannelEvent[], owner: EventOwner) => Promise<void>,
): (key: string) => Promise<CloudWebhookTarget | null> {
  const known = new Map<string, KnownProvider>();
  const versionOf = batchedRead(async (keys: string[]) => {
    const rows = await sql<{ key: string; id: number; shop_id: number; version: string }>(
      setup.rootEm,
      `select key, id, shop_id, updated_at::text as version from chatapp_providers where key = any($1::text[]) and kind = 'cloud_api'`,
      [keys],
    );
    return new Map(rows.map((row) => [row.key, row]));
  });
  return async (key) => {
    const row = await versionOf(key);
    if (!row) {
      known.delete(key);
      return null;
    }
    let provider = known.get(key);
    if (provider?.version !== row.version || provider.id !== row.id) {
      provider = await load(setup, row);
      known.set(key, provider);
    }
    return targetOf(setup, provider, ingest);
  };
}

async function load(setup: Setup, row: { id: number; shop_id: number; version: string }): Promise<KnownProvider> {
  const { record, port } = await setup.withShop(row.shop_id, async ({ services }) => {
    const record = (await services.chatappProvidersService.record(row.id))!;
    return { record, port: (await services.chatappChannels.forProvider(row.id)) as CloudApiAdapter };
  });
  return {
    version: row.version,
    id: row.id,
    shopId: row.shop_id,
    verifyToken: record.credentials.verify_token!,
    appSecret: record.credentials.app_secret!,
    port,
    lines: new Map(),
    sessionIds: new Map(),
  };
}

function targetOf(
  setup: Setup,
  provider: KnownProvider,
  ingest: (events: ChannelEvent[], owner: EventOwner) => Promise<void>,
): CloudWebhookTarget {
  const { shopId, port } = provider;
  return {
    verifyToken: provider.verifyToken,
    appSecret: provider.appSecret,
    lines: async (ids) => {
      const missing = ids.filter((id) => !provider.lines.has(id));
      if (missing.length > 0) {
        const found = await sql<{ external_id: string; session_key: string; id: number }>(
          setup.rootEm,
          `select external_id, session_key, id from chatapp_sessions where shop_id = $1 and provider_id = $2 and external_id = any($3::text[])`,
          [shopId, provider.id, missing],
        );
        for (const line of found) {
          provider.lines.set(line.external_id, line.session_key);
          provider.sessionIds.set(line.session_key, line.id);
        }
      }
      const lines = new Map<string, string>();
      for (const id of ids) {
        const sessionKey = provider.lines.get(id);
        if (sessionKey !== undefined) lines.set(id, sessionKey);
      }
      return lines;
    },
    deliver: async (events) => {
      await keepMedia(setup, shopId, port, events);
      await ingest(events, { shopId, sessionIds: provider.sessionIds });
    },
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
