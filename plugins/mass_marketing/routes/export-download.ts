import { PassThrough } from 'node:stream';
import type { SecretBox, SetupContext } from '../../../core/index.js';
import type { MassMarketingConfig } from '../config.js';
import { CSV_HEADER } from '../services/campaigns/campaign-csv.js';
import { EXPORT_ROUTE, type ExportGrant } from '../services/campaigns/campaign-logs-service.js';

function readGrant(secrets: SecretBox, token: string): ExportGrant | null {
  try {
    const grant = JSON.parse(secrets.open(token)) as ExportGrant;
    return typeof grant.shop === 'number' && typeof grant.campaign === 'number' && typeof grant.expires === 'number'
      ? grant
      : null;
  } catch {
    return null;
  }
}

/**
 * GET of an export_campaign_csv download link (`?token=`: longer than a path parameter may be). The token is the grant itself, sealed with the
 * server's secret (authenticated encryption: it cannot be forged, widened or extended) and valid
 * until its expiry. The CSV streams page by page from the shop's unit of work.
 */
export function exportDownload({ app, resolve, withShop, log }: SetupContext<MassMarketingConfig>): void {
  const secrets = resolve('secrets');
  app.get<{ Querystring: { token?: string } }>(EXPORT_ROUTE, async (request, reply) => {
    const grant = typeof request.query.token === 'string' ? readGrant(secrets, request.query.token) : null;
    if (!grant) return reply.code(404).send({ error: 'not_found', message: 'This download link is not valid.' });
    if (grant.expires < Date.now())
      return reply.code(410).send({
        error: 'link_expired',
        message: 'This download link has expired: call export_campaign_csv again for a new one.',
      });
    const body = new PassThrough();
    const write = (chunk: string) =>
      body.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => body.once('drain', resolve));
    void withShop(grant.shop, async (ctx) => {
      await write(CSV_HEADER);
      const filter = {
        runId: grant.run ?? undefined,
        status: grant.status ?? undefined,
        phone: grant.phone ?? undefined,
      };
      for await (const chunk of ctx.services.marketingCampaignLogsService.csvChunks(grant.campaign, filter))
        await write(chunk);
    }).then(
      () => body.end(),
      (err) => {
        log.error({ err }, 'mass_marketing: campaign CSV export failed while streaming');
        body.destroy(err as Error);
      },
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="campaign-${grant.campaign}-logs.csv"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
