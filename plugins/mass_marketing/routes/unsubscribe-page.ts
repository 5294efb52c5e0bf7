import { escapeHtml, type SetupContext } from '../../../core/index.js';
import type { MassMarketingConfig } from '../config.js';
import { readUnsubscribeToken, UNSUBSCRIBE_ROUTE } from '../services/audience/unsubscribe-link.js';

const PAGE_TEXT = {
  title: 'Unsubscribe / Darse de baja',
  ask: 'Do you want to stop receiving campaign messages from this shop? / ¿Quieres dejar de recibir campañas de esta tienda?',
  button: 'Unsubscribe / Darme de baja',
  done: 'You are unsubscribed: you will not receive more campaign messages from this shop. / Te has dado de baja: no recibirás más campañas de esta tienda.',
  invalid: 'This unsubscribe link is not valid (any more). / Este enlace de baja no es válido.',
};

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
  `<title>${escapeHtml(PAGE_TEXT.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font-size:1rem;padding:.6rem 1.2rem}</style></head>` +
  `<body><h1>${escapeHtml(PAGE_TEXT.title)}</h1>${body}</body></html>`;

/**
 * The public page the unsubscribe link of a campaign message opens. GET only asks (link previews
 * and scanners open links without the person meaning to unsubscribe); the button POSTs, which
 * records the unsubscribe (source `link`) for the recipient's phone in the shop named by the
 * signed token. No authentication: the token is the proof, and it names one recipient only.
 */
export function unsubscribePage({ app, resolve, withShop }: SetupContext<MassMarketingConfig>): void {
  const secrets = resolve('secrets');
  app.get<{ Params: { token: string } }>(`${UNSUBSCRIBE_ROUTE}/:token`, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!readUnsubscribeToken(secrets, request.params.token))
      return reply.code(404).send(page(`<p>${escapeHtml(PAGE_TEXT.invalid)}</p>`));
    return page(
      `<p>${escapeHtml(PAGE_TEXT.ask)}</p><form method="post"><button type="submit">${escapeHtml(PAGE_TEXT.button)}</button></form>`,
    );
  });
  app.post<{ Params: { token: string } }>(`${UNSUBSCRIBE_ROUTE}/:token`, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const target = readUnsubscribeToken(secrets, request.params.token);
    const phone =
      target &&
      (await withShop(
        target.shopId,
        (ctx) => ctx.services.marketingCampaignRepliesService.unsubscribeByLink(target.recipientId),
        { transactional: true },
      ));
    if (!phone) return reply.code(404).send(page(`<p>${escapeHtml(PAGE_TEXT.invalid)}</p>`));
    return page(`<p>${escapeHtml(PAGE_TEXT.done)}</p>`);
  });
}
