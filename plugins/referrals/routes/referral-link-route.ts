import type { FastifyReply } from 'fastify';
import type { SetupContext } from '../../../core/index.js';
import type { ReferralsConfig } from '../config.js';
import { resolveTarget } from '../services/resolve-target.js';

const page = (reply: FastifyReply, status: number, text: string) =>
  reply.code(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);

/**
 * `GET /r/:slug` — a shop's referral code or one of its links. Counts the click once per visitor
 * and day (an HMAC of the address and the day; no address is kept), then sends the visitor to the
 * platform's sign-up page with the code, or, with no sign-up page configured, shows the code.
 */
export function referralLinkRoute({ app, config, resolve, rootEm, withShop }: SetupContext<ReferralsConfig>): void {
  const secrets = resolve('secrets');
  app.get<{ Params: { slug: string } }>('/r/:slug', async (request, reply) => {
    const target = await resolveTarget(rootEm.fork(), request.params.slug);
    if (!target) return page(reply, 404, 'This referral link is not valid.');
    const day = new Date().toISOString().slice(0, 10);
    const visitor = secrets.mac(`referral-visitor:${day}:${request.ip}`).slice(0, 22);
    await withShop(
      target.shopId,
      async ({ em }) => {
        await em
          .getConnection()
          .execute(
            `insert into referral_clicks (shop_id, link_id, day, visitor) values (?, ?, ?, ?) on conflict do nothing`,
            [target.shopId, target.linkId, day, visitor],
            'run',
            em.getTransactionContext(),
          );
      },
      { transactional: true },
    );
    const slug = request.params.slug.trim().toUpperCase();
    if (!config.signupUrl)
      return page(
        reply,
        200,
        `Referral code ${target.code}: give it when your shop is created to get the welcome credits.`,
      );
    const url = new URL(config.signupUrl);
    url.searchParams.set('ref', slug);
    return reply.code(302).header('location', url.href).header('cache-control', 'no-store').send();
  });
}
