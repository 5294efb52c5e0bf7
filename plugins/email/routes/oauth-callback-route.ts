import { ToolError, type SetupContext, escapeHtml } from '../../../core/index.js';
import type { EmailConfig } from '../config.js';
import { CALLBACK_PATH, EmailOauthService } from '../services/accounts/oauth-service.js';

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;

/**
 * `GET /email/oauth/callback`: where the provider sends the user back after signing in. The
 * state (sealed by start_email_oauth) names the shop and account; the code is exchanged for
 * tokens with the PKCE verifier it carries. Answers a small page for the person in the browser.
 */
export function oauthCallbackRoute({ app, resolve, withShop }: SetupContext<EmailConfig>): void {
  const secrets = resolve('secrets');
  app.get<{ Querystring: Record<string, string> }>(CALLBACK_PATH, async (request, reply) => {
    const send = (status: number, title: string, text: string) =>
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(title, text));
    const { code, state: raw, error, error_description } = request.query;
    const state = raw ? EmailOauthService.readState(secrets, raw) : null;
    if (!state)
      return send(
        400,
        'This sign-in link is not valid',
        'It has expired or was not made by this server. Start again from your assistant.',
      );
    if (error || !code)
      return send(
        400,
        'The mailbox was not connected',
        `The provider said: ${error_description ?? error ?? 'no code was given'}.`,
      );
    try {
      const account = await withShop(state.shop, (ctx) => ctx.services.emailOauthService.finish(state, code), {
        transactional: true,
      });
      return send(200, 'Mailbox connected', `${account.emailAddress} is connected. You can close this window.`);
    } catch (err) {
      if (err instanceof ToolError) return send(400, 'The mailbox was not connected', err.message);
      throw err;
    }
  });
}
